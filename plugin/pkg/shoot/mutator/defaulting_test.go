// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package mutator

import (
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// expirableVersions builds versions from "1.2.3 tag, ..." classified relative to now; tags: p
// preview, d deprecated, x expired, u supported from an hour after now (unavailable at now).
func expirableVersions(now time.Time, spec string) []gardencorev1beta1.ExpirableVersion {
	var out []gardencorev1beta1.ExpirableVersion
	for _, item := range strings.Split(spec, ",") {
		fields := strings.Fields(item)
		v := gardencorev1beta1.ExpirableVersion{Version: fields[0]}
		if len(fields) > 1 {
			switch fields[1] {
			case "p":
				v.Classification = ptr.To(gardencorev1beta1.ClassificationPreview)
			case "d":
				v.Classification = ptr.To(gardencorev1beta1.ClassificationDeprecated)
			case "x":
				v.ExpirationDate = &metav1.Time{Time: now.Add(-time.Hour)}
			case "u":
				v.Lifecycle = []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported, StartTime: &metav1.Time{Time: now.Add(time.Hour)}}}
			default:
				panic("unknown tag " + fields[1])
			}
		}
		out = append(out, v)
	}
	return out
}

var _ = Describe("CloudProfile defaulting for Shoots", func() {
	now := time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
	fldPath := field.NewPath("spec", "kubernetes", "version")
	// 1.35.6 supported is the highest supported; 1.36.1 deprecated and 1.37.0 preview are higher.
	kubernetes := expirableVersions(now, "1.34.9 x,1.35.4,1.35.6,1.35.10 d,1.36.0,1.36.1 d,1.37.0 p,1.38.0 u")

	// defaultKubernetes runs mutationContext.defaultKubernetes on a Shoot requesting requested,
	// stored with current ("": a create), and returns the resulting version.
	defaultKubernetes := func(requested, current string) (string, field.ErrorList) {
		c := &mutationContext{
			cloudProfileSpec: &gardencorev1beta1.CloudProfileSpec{Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: kubernetes}},
			shoot:            &core.Shoot{},
			now:              now,
		}
		c.shoot.Spec.Kubernetes.Version = requested
		if current != "" {
			c.oldShoot = &core.Shoot{}
			c.oldShoot.Spec.Kubernetes.Version = current
		}
		errs := c.defaultKubernetes()
		return c.shoot.Spec.Kubernetes.Version, errs
	}

	DescribeTable("defaultKubernetes",
		func(requested, current, expected string) {
			resolved, errs := defaultKubernetes(requested, current)
			Expect(errs).To(BeEmpty())
			Expect(resolved).To(Equal(expected))
		},
		Entry("empty: the highest supported version", "", "", "1.36.0"),
		Entry("major: the highest supported of that major", "1", "", "1.36.0"),
		Entry("major.minor: the highest supported patch, not the deprecated one", "1.35", "", "1.35.6"),
		Entry("a leading v is accepted", "v1.35", "", "1.35.6"),
		Entry("full versions are kept for the validator", "1.37.0", "", "1.37.0"),
		Entry("full versions not in the profile too", "9.9.9", "", "9.9.9"),
		Entry("a partial version matching the current one keeps it", "1.35", "1.35.4", "1.35.4"),
		Entry("no version on update keeps the current one", "", "1.35.4", "1.35.4"),
		Entry("a partial version of another minor resolves", "1.36", "1.35.4", "1.36.0"),
	)

	It("rejects a request without a supported match", func() {
		_, errs := defaultKubernetes("1.37", "")
		Expect(errs).To(ConsistOf(PointTo(MatchFields(IgnoreExtras, Fields{"Type": Equal(field.ErrorTypeInvalid), "Field": Equal("spec.kubernetes.version")}))))
		Expect(errs[0].Detail).To(ContainSubstring(`couldn't find a suitable version for "1.37"`))
		Expect(errs[0].Detail).To(ContainSubstring("1.37.0 (preview)"))
		_, errs = defaultKubernetes("1.3", "1.35.4")
		Expect(errs).NotTo(BeEmpty())
	})

	It("rejects malformed versions", func() {
		_, errs := defaultKubernetes("abc", "")
		Expect(errs).To(ConsistOf(PointTo(MatchFields(IgnoreExtras, Fields{"Type": Equal(field.ErrorTypeInvalid), "Detail": Equal("must be a semantic version")}))))
		_, errs = defaultKubernetes("1.x", "")
		Expect(errs).NotTo(BeEmpty())
	})

	It("resolves with upstream's signatures at time.Now", func() {
		// Without dates or lifecycles the classifications do not depend on the time.
		versions := expirableVersions(now, "1.35.4,1.35.6,1.36.0 p,2.0.0")
		resolved, errs := defaultKubernetesVersion(versions, "1.35", fldPath)
		Expect(errs).To(BeEmpty())
		Expect(resolved).To(PointTo(Equal("1.35.6")))
		resolved, errs = defaultKubernetesVersion(versions, "1.36.0", fldPath)
		Expect(errs).To(BeEmpty())
		Expect(resolved).To(BeNil())
		Expect(findLatestSupportedVersion(versions, ptr.To[uint64](1), nil).String()).To(Equal("1.35.6"))
		Expect(findLatestSupportedVersion(versions, nil, nil).String()).To(Equal("2.0.0"))
		Expect(findLatestSupportedVersion(versions, ptr.To[uint64](1), ptr.To[uint64](36))).To(BeNil())
	})

	Describe("getDefaultMachineImageAt", func() {
		imagePath := field.NewPath("spec", "provider", "workers").Index(0).Child("machine", "image")
		version := func(v string, archs ...string) gardencorev1beta1.MachineImageVersion {
			return gardencorev1beta1.MachineImageVersion{ExpirableVersion: expirableVersions(now, v)[0], Architectures: archs}
		}
		images := []gardencorev1beta1.MachineImage{
			{Name: "arm-only", Versions: []gardencorev1beta1.MachineImageVersion{version("1.0.0", "arm64")}},
			{Name: "gardenlinux", Versions: []gardencorev1beta1.MachineImageVersion{
				version("1877.5.0 d", "amd64"), version("1877.8.0", "amd64"), version("1877.9.0 p", "amd64"),
				version("1877.10.0 x", "amd64"), version("1877.11.0 u", "amd64"), version("1878.0.0", "arm64"),
			}},
			{Name: "ubuntu", Versions: []gardencorev1beta1.MachineImageVersion{version("22.4.1 d"), version("24.4.1 p")}},
		}
		request := func(name, version string) *core.ShootMachineImage {
			return &core.ShootMachineImage{Name: name, Version: version}
		}

		DescribeTable("defaults",
			func(name, requested, arch, wantName, wantVersion string) {
				image, err := getDefaultMachineImageAt(images, request(name, requested), ptr.To(arch), imagePath, now)
				Expect(err).To(BeNil())
				Expect(image.Name).To(Equal(wantName))
				Expect(image.Version).To(Equal(wantVersion))
			},
			Entry("no image: the first image for the architecture, its highest supported version", "", "", "amd64", "gardenlinux", "1877.8.0"),
			Entry("arm64 picks the first arm64 image", "", "", "arm64", "arm-only", "1.0.0"),
			Entry("named image, no version", "gardenlinux", "", "arm64", "gardenlinux", "1878.0.0"),
			Entry("partial version", "gardenlinux", "1877", "amd64", "gardenlinux", "1877.8.0"),
			Entry("leading v", "gardenlinux", "v1877", "amd64", "gardenlinux", "1877.8.0"),
			Entry("full version kept", "gardenlinux", "1877.9.0", "amd64", "gardenlinux", "1877.9.0"),
			Entry("deprecated when nothing supported matches", "ubuntu", "", "amd64", "ubuntu", "22.4.1"),
			Entry("versions without architectures are amd64", "ubuntu", "22", "amd64", "ubuntu", "22.4.1"),
		)

		DescribeTable("errors",
			func(images []gardencorev1beta1.MachineImage, name, requested, arch, path string) {
				_, err := getDefaultMachineImageAt(images, request(name, requested), ptr.To(arch), imagePath, now)
				Expect(err).To(PointTo(MatchFields(IgnoreExtras, Fields{"Type": Equal(field.ErrorTypeInvalid), "Field": Equal(path)})))
			},
			Entry("no images", nil, "", "", "amd64", "spec.provider.workers[0].machine.image"),
			Entry("unknown image", images, "suse", "", "amd64", "spec.provider.workers[0].machine.image.name"),
			Entry("no image for the architecture", images[2:], "", "", "arm64", "spec.provider.workers[0].machine.image"),
			Entry("only preview matches", images, "ubuntu", "24", "amd64", "spec.provider.workers[0].machine.image.version"),
			Entry("malformed version", images, "gardenlinux", "18x", "amd64", "spec.provider.workers[0].machine.image.version"),
		)
	})
})
