// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

func kubernetesVersion(version string, stages ...gardencorev1beta1.LifecycleStage) gardencorev1beta1.ExpirableVersion {
	return gardencorev1beta1.ExpirableVersion{Version: version, Lifecycle: stages}
}

func imageVersion(version string, stages ...gardencorev1beta1.LifecycleStage) gardencorev1beta1.MachineImageVersion {
	return gardencorev1beta1.MachineImageVersion{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: version, Lifecycle: stages}}
}

func expiresIn(v gardencorev1beta1.ExpirableVersion, d time.Duration) gardencorev1beta1.ExpirableVersion {
	v.ExpirationDate = &metav1.Time{Time: now.Add(d)}
	return v
}

func cloudProfileSpec(kubernetes []gardencorev1beta1.ExpirableVersion, images ...gardencorev1beta1.MachineImage) gardencorev1beta1.CloudProfileSpec {
	return gardencorev1beta1.CloudProfileSpec{Type: "local", Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: kubernetes}, MachineImages: images}
}

func versionStatus(version string, c gardencorev1beta1.VersionClassification) gardencorev1beta1.ExpirableVersionStatus {
	return gardencorev1beta1.ExpirableVersionStatus{Version: version, Classification: c}
}

func componentVersionStatus(version string, c gardencorev1beta1.VersionClassification, next *gardencorev1beta1.VersionTransition) gardencorev1beta1.ExtensionComponentVersionStatus {
	return gardencorev1beta1.ExtensionComponentVersionStatus{Version: version, Classification: c, NextTransition: next}
}

var _ = Describe("Profiles", func() {
	// R01–R09: "0 (none)" means there is no future transition, so the controller requeues on
	// events only.
	DescribeTable("#DurationUntilNextTransition over #CloudProfileLifecycles",
		func(spec gardencorev1beta1.CloudProfileSpec, expectedRequeue time.Duration, expectedFound bool, expectedKubernetes []gardencorev1beta1.ExpirableVersionStatus) {
			d, found := DurationUntilNextTransition(now, CloudProfileLifecycles(spec)...)
			Expect(found).To(Equal(expectedFound))
			Expect(d).To(Equal(expectedRequeue))

			status := CloudProfileStatusAt(spec, now)
			Expect(status.Kubernetes).NotTo(BeNil())
			Expect(status.Kubernetes.Versions).To(Equal(expectedKubernetes))
		},
		Entry("R01: lifecycle starts +2h, +5h win over expirationDate +1h",
			cloudProfileSpec([]gardencorev1beta1.ExpirableVersion{
				expiresIn(kubernetesVersion("1.30.0", at(preview, 2*time.Hour), at(supported, 5*time.Hour)), time.Hour),
			}),
			2*time.Hour, true, []gardencorev1beta1.ExpirableVersionStatus{versionStatus("1.30.0", unavailable)}),
		Entry("R02: expirationDate +1h only",
			cloudProfileSpec([]gardencorev1beta1.ExpirableVersion{expiresIn(kubernetesVersion("1.30.0"), time.Hour)}),
			time.Hour, true, []gardencorev1beta1.ExpirableVersionStatus{versionStatus("1.30.0", supported)}),
		Entry("R03: unordered starts +3h, +1h give the earliest",
			cloudProfileSpec([]gardencorev1beta1.ExpirableVersion{kubernetesVersion("1.30.0", at(preview, 3*time.Hour), at(supported, time.Hour))}),
			time.Hour, true, []gardencorev1beta1.ExpirableVersionStatus{versionStatus("1.30.0", unavailable)}),
		Entry("R04: starts +3h, -1h ignore the past start",
			cloudProfileSpec([]gardencorev1beta1.ExpirableVersion{kubernetesVersion("1.30.0", at(supported, 3*time.Hour), at(deprecated, -time.Hour))}),
			3*time.Hour, true, []gardencorev1beta1.ExpirableVersionStatus{versionStatus("1.30.0", deprecated)}),
		Entry("R05: Kubernetes starts +1h, +2h and image starts +3h, +4h give the minimum over both",
			cloudProfileSpec(
				[]gardencorev1beta1.ExpirableVersion{kubernetesVersion("1.30.0", at(preview, time.Hour), at(supported, 2*time.Hour))},
				gardencorev1beta1.MachineImage{Name: "gardenlinux", Versions: []gardencorev1beta1.MachineImageVersion{imageVersion("1877.0.0", at(preview, 3*time.Hour), at(supported, 4*time.Hour))}},
			),
			time.Hour, true, []gardencorev1beta1.ExpirableVersionStatus{versionStatus("1.30.0", unavailable)}),
		Entry("R05 variant: an earlier machine image start wins over Kubernetes starts",
			cloudProfileSpec(
				[]gardencorev1beta1.ExpirableVersion{kubernetesVersion("1.30.0", at(preview, time.Hour), at(supported, 2*time.Hour))},
				gardencorev1beta1.MachineImage{Name: "gardenlinux", Versions: []gardencorev1beta1.MachineImageVersion{imageVersion("1877.0.0", at(preview, 30*time.Minute))}},
			),
			30*time.Minute, true, []gardencorev1beta1.ExpirableVersionStatus{versionStatus("1.30.0", unavailable)}),
		Entry("R06: [supported@past] has no transition",
			cloudProfileSpec([]gardencorev1beta1.ExpirableVersion{kubernetesVersion("1.30.0", at(supported, -time.Hour))}),
			time.Duration(0), false, []gardencorev1beta1.ExpirableVersionStatus{versionStatus("1.30.0", supported)}),
		Entry("R07: [preview] without startTime has no transition",
			cloudProfileSpec([]gardencorev1beta1.ExpirableVersion{kubernetesVersion("1.30.0", always(preview))}),
			time.Duration(0), false, []gardencorev1beta1.ExpirableVersionStatus{versionStatus("1.30.0", preview)}),
		Entry("R08: [preview, supported@+24h, preview@+48h] requeues at the first future start",
			cloudProfileSpec([]gardencorev1beta1.ExpirableVersion{kubernetesVersion("1.30.0", always(preview), at(supported, 24*time.Hour), at(preview, 48*time.Hour))}),
			24*time.Hour, true, []gardencorev1beta1.ExpirableVersionStatus{versionStatus("1.30.0", preview)}),
		Entry("R09: legacy supported versions expiring -24h and +24h",
			cloudProfileSpec([]gardencorev1beta1.ExpirableVersion{
				{Version: "1.28.2", Classification: ptr.To(supported), ExpirationDate: &metav1.Time{Time: now.Add(-24 * time.Hour)}},
				{Version: "1.30.2", Classification: ptr.To(supported), ExpirationDate: &metav1.Time{Time: now.Add(24 * time.Hour)}},
			}),
			24*time.Hour, true, []gardencorev1beta1.ExpirableVersionStatus{versionStatus("1.28.2", expired), versionStatus("1.30.2", supported)}),
	)

	DescribeTable("#DurationUntilNextTransition",
		func(lifecycles [][]gardencorev1beta1.LifecycleStage, expected time.Duration, expectedFound bool) {
			d, found := DurationUntilNextTransition(now, lifecycles...)
			Expect(found).To(Equal(expectedFound))
			Expect(d).To(Equal(expected))
		},
		Entry("no lifecycles", nil, time.Duration(0), false),
		Entry("empty lifecycles", [][]gardencorev1beta1.LifecycleStage{nil, {}}, time.Duration(0), false),
		Entry("minimum across lifecycles",
			[][]gardencorev1beta1.LifecycleStage{{at(preview, 5*time.Hour)}, {always(supported), at(deprecated, 2*time.Hour)}, {at(supported, -time.Hour)}},
			2*time.Hour, true),
	)

	Describe("#CloudProfileStatusAt", func() {
		It("should leave sections without versions empty", func() {
			Expect(CloudProfileStatusAt(gardencorev1beta1.CloudProfileSpec{}, now)).To(Equal(gardencorev1beta1.CloudProfileStatus{}))
		})

		It("should list every image and version in spec order, legacy fields included", func() {
			spec := cloudProfileSpec(
				[]gardencorev1beta1.ExpirableVersion{kubernetesVersion("1.31.0"), kubernetesVersion("1.30.0", always(supported), at(deprecated, -time.Hour))},
				gardencorev1beta1.MachineImage{Name: "ubuntu", Versions: []gardencorev1beta1.MachineImageVersion{
					imageVersion("24.4.0", at(preview, time.Hour)),
					{ExpirableVersion: expiresIn(kubernetesVersion("22.4.0"), -time.Hour)},
				}},
				gardencorev1beta1.MachineImage{Name: "gardenlinux"},
			)
			Expect(CloudProfileStatusAt(spec, now)).To(Equal(gardencorev1beta1.CloudProfileStatus{
				Kubernetes: &gardencorev1beta1.KubernetesStatus{Versions: []gardencorev1beta1.ExpirableVersionStatus{
					versionStatus("1.31.0", supported), versionStatus("1.30.0", deprecated),
				}},
				MachineImages: []gardencorev1beta1.MachineImageStatus{
					{Name: "ubuntu", Versions: []gardencorev1beta1.ExpirableVersionStatus{versionStatus("24.4.0", unavailable), versionStatus("22.4.0", expired)}},
					{Name: "gardenlinux"},
				},
			}))
		})
	})

	Describe("ExtensionProfile", func() {
		spec := gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
			{Name: "proxy", Versions: []gardencorev1beta1.ExtensionComponentVersion{
				{Version: "2.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{at(preview, 4*time.Hour)}},
				{Version: "1.1.0"},
				{Version: "1.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{always(supported), at(deprecated, -time.Hour), at(expired, 3*time.Hour)}},
			}},
			{Name: "empty"},
			{Name: "agent", Versions: []gardencorev1beta1.ExtensionComponentVersion{
				{Version: "0.1.0", Lifecycle: []gardencorev1beta1.LifecycleStage{always(supported), at(expired, -time.Hour)}},
			}},
		}}

		It("#ExtensionProfileStatusAt should classify every component version in spec order", func() {
			Expect(ExtensionProfileStatusAt(spec, now)).To(Equal(gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{
				{Name: "proxy", Versions: []gardencorev1beta1.ExtensionComponentVersionStatus{
					componentVersionStatus("2.0.0", unavailable, &gardencorev1beta1.VersionTransition{Classification: preview, Time: metav1.NewTime(now.Add(4 * time.Hour))}),
					componentVersionStatus("1.1.0", supported, nil),
					componentVersionStatus("1.0.0", deprecated, &gardencorev1beta1.VersionTransition{Classification: expired, Time: metav1.NewTime(now.Add(3 * time.Hour))}),
				}},
				{Name: "empty"},
				{Name: "agent", Versions: []gardencorev1beta1.ExtensionComponentVersionStatus{componentVersionStatus("0.1.0", expired, nil)}},
			}}))
		})

		It("#ExtensionProfileStatusAt should be empty for a profile without components", func() {
			Expect(ExtensionProfileStatusAt(gardencorev1beta1.ExtensionProfileSpec{}, now)).To(Equal(gardencorev1beta1.ExtensionProfileStatus{}))
		})

		It("#ExtensionProfileLifecycles should feed the earliest future start to the requeue", func() {
			Expect(ExtensionProfileLifecycles(spec)).To(HaveLen(4))
			d, found := DurationUntilNextTransition(now, ExtensionProfileLifecycles(spec)...)
			Expect(found).To(BeTrue())
			Expect(d).To(Equal(3 * time.Hour))
		})

		DescribeTable("#FindExtensionComponent and #FindComponentVersion",
			func(component, version string, componentFound, versionFound bool) {
				c := FindExtensionComponent(spec, component)
				Expect(c != nil).To(Equal(componentFound))
				if componentFound {
					Expect(c.Name).To(Equal(component))
				}
				v := FindComponentVersion(c, version)
				Expect(v != nil).To(Equal(versionFound))
				if versionFound {
					Expect(v.Version).To(Equal(version))
				}
			},
			Entry("known component and version", "proxy", "1.1.0", true, true),
			Entry("known component, unknown version", "proxy", "1.2.0", true, false),
			Entry("unknown component", "sidecar", "1.1.0", false, false),
		)
	})
})
