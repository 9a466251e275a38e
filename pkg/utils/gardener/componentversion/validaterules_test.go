// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("forced host changes", func() {
	expired := []gardencorev1beta1.LifecycleStage{stage(supported, nil), stage(gardencorev1beta1.ClassificationExpired, at(-1))}
	cloudProfile := &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{
		Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{
			{Version: "1.35.1", Lifecycle: expired}, {Version: "1.35.2"}, {Version: "1.36.0"},
		}},
		MachineImages: []gardencorev1beta1.MachineImage{{Name: "gardenlinux", Versions: []gardencorev1beta1.MachineImageVersion{
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0", Lifecycle: expired}, Architectures: []string{"amd64"}},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.1"}, Architectures: []string{"amd64"}},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.1.0"}, Architectures: []string{"amd64"}},
		}}},
	}}
	pool := func(name, kubernetes, image, imageVersion string) gardencorev1beta1.Worker {
		w := gardencorev1beta1.Worker{Name: name, Machine: gardencorev1beta1.Machine{Image: &gardencorev1beta1.ShootMachineImage{Name: image, Version: ptr.To(imageVersion)}}}
		if kubernetes != "" {
			w.Kubernetes = &gardencorev1beta1.WorkerKubernetes{Version: ptr.To(kubernetes)}
		}
		return w
	}
	shoot := func(kubernetes string, workers ...gardencorev1beta1.Worker) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes: gardencorev1beta1.Kubernetes{Version: kubernetes},
			Provider:   gardencorev1beta1.Provider{Workers: workers},
		}}
	}

	DescribeTable("#forcedHostChanges decides as maintenance does",
		func(old, current *gardencorev1beta1.Shoot, expected []string) {
			var got []string
			for _, f := range forcedHostChanges(old, current, cloudProfile, now) {
				got = append(got, f.String())
			}
			Expect(got).To(Equal(expected))
		},
		Entry("nothing changed", shoot("1.35.1", pool("a", "", "gardenlinux", "1.0.0")), shoot("1.35.1", pool("a", "", "gardenlinux", "1.0.0")), nil),
		Entry("an expired control plane version", shoot("1.35.1"), shoot("1.36.0"),
			[]string{"Kubernetes version 1.35.1 to 1.36.0 (Kubernetes version expired - force update required)"}),
		Entry("an unlisted control plane version", shoot("1.34.0"), shoot("1.35.2"),
			[]string{"Kubernetes version 1.34.0 to 1.35.2 (Version does not exist in CloudProfile)"}),
		Entry("a voluntary control plane update", shoot("1.35.2"), shoot("1.36.0"), nil),
		Entry("an expired pool Kubernetes version", shoot("1.36.0", pool("a", "1.35.1", "gardenlinux", "1.0.1")), shoot("1.36.0", pool("a", "1.36.0", "gardenlinux", "1.0.1")),
			[]string{"Kubernetes version of worker pool a 1.35.1 to 1.36.0 (Kubernetes version expired - force update required)"}),
		Entry("an expired machine image version", shoot("1.36.0", pool("a", "", "gardenlinux", "1.0.0")), shoot("1.36.0", pool("a", "", "gardenlinux", "1.1.0")),
			[]string{"machine image of worker pool a 1.0.0 to 1.1.0 (Machine image version expired - force update required (image update strategy: major))"}),
		Entry("a voluntary machine image update", shoot("1.36.0", pool("a", "", "gardenlinux", "1.0.1")), shoot("1.36.0", pool("a", "", "gardenlinux", "1.1.0")), nil),
		Entry("another image is no update", shoot("1.36.0", pool("a", "", "gardenlinux", "1.0.0")), shoot("1.36.0", pool("a", "", "ubuntu", "1.1.0")), nil),
		Entry("an image the CloudProfile does not list", shoot("1.36.0", pool("a", "", "ubuntu", "1.0.0")), shoot("1.36.0", pool("a", "", "ubuntu", "1.1.0")), nil),
		Entry("a new pool is no update", shoot("1.36.0"), shoot("1.36.0", pool("b", "1.35.1", "gardenlinux", "1.0.0")), nil),
		Entry("control plane, then each pool's Kubernetes and image",
			shoot("1.35.1", pool("a", "1.35.1", "gardenlinux", "1.0.0"), pool("b", "", "gardenlinux", "1.0.0")),
			shoot("1.36.0", pool("a", "1.36.0", "gardenlinux", "1.0.1"), pool("b", "", "gardenlinux", "1.1.0")),
			[]string{
				"Kubernetes version 1.35.1 to 1.36.0 (Kubernetes version expired - force update required)",
				"Kubernetes version of worker pool a 1.35.1 to 1.36.0 (Kubernetes version expired - force update required)",
				"machine image of worker pool a 1.0.0 to 1.0.1 (Machine image version expired - force update required (image update strategy: major))",
				"machine image of worker pool b 1.0.0 to 1.1.0 (Machine image version expired - force update required (image update strategy: major))",
			}),
	)

	It("#forcedHostChanges forces nothing without CloudProfile", func() {
		Expect(forcedHostChanges(shoot("1.35.1"), shoot("1.36.0"), nil, now)).To(BeEmpty())
	})

	It("#withForcedOnly applies the forced changes to the old Shoot and nothing else", func() {
		old := shoot("1.35.1", pool("a", "1.35.1", "gardenlinux", "1.0.0"), pool("b", "", "gardenlinux", "1.0.1"))
		current := shoot("1.36.0", pool("a", "1.36.0", "gardenlinux", "1.0.1"), pool("b", "", "gardenlinux", "1.1.0"))
		current.Spec.Purpose = ptr.To(gardencorev1beta1.ShootPurposeProduction)
		forced := forcedHostChanges(old, current, cloudProfile, now)
		Expect(forced).To(HaveLen(3), "pool b's image update is voluntary")

		out := withForcedOnly(old, current, forced)
		Expect(out.Spec.Kubernetes.Version).To(Equal("1.36.0"))
		Expect(out.Spec.Provider.Workers[0].Kubernetes.Version).To(HaveValue(Equal("1.36.0")))
		Expect(out.Spec.Provider.Workers[0].Machine.Image.Version).To(HaveValue(Equal("1.0.1")))
		Expect(out.Spec.Provider.Workers[1].Machine.Image.Version).To(HaveValue(Equal("1.0.1")))
		Expect(out.Spec.Purpose).To(BeNil())
		Expect(old.Spec.Kubernetes.Version).To(Equal("1.35.1"), "old is not modified")
	})
})
