// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"github.com/Masterminds/semver/v3"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("machine image versions of a worker pool", func() {
	imageVersion := func(version string, modify func(*gardencorev1beta1.MachineImageVersion)) gardencorev1beta1.MachineImageVersion {
		v := gardencorev1beta1.MachineImageVersion{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: version}}
		if modify != nil {
			modify(&v)
		}
		return v
	}
	inPlace := func(minVersion *string) func(*gardencorev1beta1.MachineImageVersion) {
		return func(v *gardencorev1beta1.MachineImageVersion) {
			v.InPlaceUpdates = &gardencorev1beta1.InPlaceUpdates{Supported: true, MinVersionForUpdate: minVersion}
		}
	}
	image := &gardencorev1beta1.MachineImage{
		Name:           "gardenlinux",
		UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor),
		Versions: []gardencorev1beta1.MachineImageVersion{
			imageVersion("1.0.0", nil),
			imageVersion("1.1.0", func(v *gardencorev1beta1.MachineImageVersion) { v.Architectures = []string{"arm64"} }),
			imageVersion("1.2.0", func(v *gardencorev1beta1.MachineImageVersion) {
				v.CRI = []gardencorev1beta1.CRI{{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor"}}}}
			}),
			imageVersion("1.3.0", func(v *gardencorev1beta1.MachineImageVersion) { v.KubeletVersionConstraint = ptr.To(">= 1.34") }),
			imageVersion("1.4.0", inPlace(ptr.To("1.0.0"))),
			imageVersion("1.5.0", inPlace(ptr.To("1.4.5"))),
			imageVersion("1.6.0", func(v *gardencorev1beta1.MachineImageVersion) { v.CRI = []gardencorev1beta1.CRI{{Name: "other"}} }),
			imageVersion("1.7.0", func(v *gardencorev1beta1.MachineImageVersion) {
				v.KubeletVersionConstraint = ptr.To("not a constraint")
			}),
			imageVersion("1.8.0", func(v *gardencorev1beta1.MachineImageVersion) {
				v.Architectures = []string{"amd64", "arm64"}
				inPlace(nil)(v)
			}),
		},
	}
	worker := func(modify func(*gardencorev1beta1.Worker)) gardencorev1beta1.Worker {
		w := gardencorev1beta1.Worker{Name: "pool", Machine: gardencorev1beta1.Machine{Type: "m5.large"}}
		if modify != nil {
			modify(&w)
		}
		return w
	}
	inPlaceFrom := func(current *string) func(*gardencorev1beta1.Worker) {
		return func(w *gardencorev1beta1.Worker) {
			w.UpdateStrategy = ptr.To(gardencorev1beta1.AutoInPlaceUpdate)
			if current != nil {
				w.Machine.Image = &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: current}
			}
		}
	}
	versions := func(image *gardencorev1beta1.MachineImage) []string {
		out := []string{}
		for _, v := range image.Versions {
			out = append(out, v.Version)
		}
		return out
	}

	DescribeTable("#MachineImageVersionsForWorker keeps the versions the pool can run, in profile order",
		func(w gardencorev1beta1.Worker, kubelet string, want []string) {
			var kubeletVersion *semver.Version
			if kubelet != "" {
				kubeletVersion = semver.MustParse(kubelet)
			}
			got := MachineImageVersionsForWorker(image, w, kubeletVersion)
			Expect(got.Name).To(Equal("gardenlinux"))
			Expect(got.UpdateStrategy).To(Equal(image.UpdateStrategy))
			Expect(versions(got)).To(Equal(want))
		},
		Entry("a defaulted pool: amd64 (also where none is listed), containerd, any kubelet", worker(nil), "",
			[]string{"1.0.0", "1.2.0", "1.3.0", "1.4.0", "1.5.0", "1.7.0", "1.8.0"}),
		Entry("an empty architecture is amd64", worker(func(w *gardencorev1beta1.Worker) { w.Machine.Architecture = ptr.To("") }), "",
			[]string{"1.0.0", "1.2.0", "1.3.0", "1.4.0", "1.5.0", "1.7.0", "1.8.0"}),
		Entry("arm64: only where listed", worker(func(w *gardencorev1beta1.Worker) { w.Machine.Architecture = ptr.To("arm64") }), "",
			[]string{"1.1.0", "1.8.0"}),
		Entry("a container runtime: only versions offering it",
			worker(func(w *gardencorev1beta1.Worker) {
				w.CRI = &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor"}}}
			}), "", []string{"1.2.0"}),
		Entry("another CRI: only versions offering it", worker(func(w *gardencorev1beta1.Worker) { w.CRI = &gardencorev1beta1.CRI{Name: "other"} }), "",
			[]string{"1.6.0"}),
		Entry("a kubelet below a constraint, and a constraint that does not parse", worker(nil), "1.33.2",
			[]string{"1.0.0", "1.2.0", "1.4.0", "1.5.0", "1.8.0"}),
		Entry("a kubelet within the constraint", worker(nil), "1.34.1",
			[]string{"1.0.0", "1.2.0", "1.3.0", "1.4.0", "1.5.0", "1.8.0"}),
		Entry("in place from 1.4.0: the current version, not above a higher minimum", worker(inPlaceFrom(ptr.To("1.4.0"))), "",
			[]string{"1.4.0"}),
		Entry("in place from 1.5.0: versions whose minimum it reaches", worker(inPlaceFrom(ptr.To("1.5.0"))), "",
			[]string{"1.4.0", "1.5.0"}),
		Entry("in place without a current version: none", worker(inPlaceFrom(nil)), "", []string{}),
		Entry("manual in place is in place", worker(func(w *gardencorev1beta1.Worker) {
			inPlaceFrom(ptr.To("1.5.0"))(w)
			w.UpdateStrategy = ptr.To(gardencorev1beta1.ManualInPlaceUpdate)
		}), "", []string{"1.4.0", "1.5.0"}),
	)

	Describe("#MachineImageVersionsForWorkerAndType", func() {
		definitions := []gardencorev1beta1.CapabilityDefinition{
			{Name: "architecture", Values: []string{"amd64", "arm64"}},
			{Name: "storage", Values: []string{"ssd", "hdd"}},
		}
		flavored := &gardencorev1beta1.MachineImage{Name: "gardenlinux", Versions: []gardencorev1beta1.MachineImageVersion{
			imageVersion("1.0.0", func(v *gardencorev1beta1.MachineImageVersion) {
				v.CapabilityFlavors = []gardencorev1beta1.MachineImageFlavor{{Capabilities: gardencorev1beta1.Capabilities{"architecture": {"amd64"}, "storage": {"ssd"}}}}
			}),
			imageVersion("1.1.0", func(v *gardencorev1beta1.MachineImageVersion) {
				v.CapabilityFlavors = []gardencorev1beta1.MachineImageFlavor{{Capabilities: gardencorev1beta1.Capabilities{"architecture": {"arm64"}}}}
			}),
			imageVersion("1.2.0", nil),
			imageVersion("1.3.0", func(v *gardencorev1beta1.MachineImageVersion) {
				v.CapabilityFlavors = []gardencorev1beta1.MachineImageFlavor{{Capabilities: gardencorev1beta1.Capabilities{"architecture": {"amd64"}, "storage": {"hdd"}}}}
			}),
		}}

		DescribeTable("filters by the architecture as Gardener reads it and by the machine type's capabilities",
			func(image *gardencorev1beta1.MachineImage, machineType *gardencorev1beta1.MachineType, defs []gardencorev1beta1.CapabilityDefinition, want []string) {
				Expect(versions(MachineImageVersionsForWorkerAndType(image, worker(nil), nil, machineType, defs))).To(Equal(want))
			},
			Entry("a machine type with ssd storage", flavored, &gardencorev1beta1.MachineType{Capabilities: gardencorev1beta1.Capabilities{"storage": {"ssd"}}},
				definitions, []string{"1.0.0", "1.2.0"}),
			Entry("no machine type: every amd64 flavor", flavored, nil, definitions, []string{"1.0.0", "1.2.0", "1.3.0"}),
			Entry("no capability definitions: no architecture listed is none (unlike MachineImageVersionsForWorker)", image, nil, nil,
				[]string{"1.8.0"}),
		)
	})
})
