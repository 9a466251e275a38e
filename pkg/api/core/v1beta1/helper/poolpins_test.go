// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("Pool component pins", func() {
	component := func(name string, version *string) gardencorev1beta1.ExtensionComponent {
		return gardencorev1beta1.ExtensionComponent{Name: name, Version: version}
	}
	spec := gardencorev1beta1.ShootSpec{
		Extensions: []gardencorev1beta1.Extension{
			{Type: "gpu-driver", Components: []gardencorev1beta1.ExtensionComponent{component("driver", ptr.To("535")), component("toolkit", nil)}},
		},
		Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{
			{Name: "plain"},
			{Name: "gpu-new", Extensions: []gardencorev1beta1.WorkerExtension{
				{Type: "gpu-driver", Components: []gardencorev1beta1.ExtensionComponent{component("driver", ptr.To("570")), component("toolkit", nil)}},
			}},
			{Name: "sandbox", CRI: &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{
				{Type: "kata"},
				{Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{component("runsc", ptr.To("20260101"))}},
			}}, Extensions: []gardencorev1beta1.WorkerExtension{
				{Type: "gpu-driver", Components: []gardencorev1beta1.ExtensionComponent{component("toolkit", ptr.To("1.17"))}},
			}},
		}},
	}
	pin := func(kind gardencorev1beta1.ExtensionKind, worker int, pool, entryType, profile string, entry, index int, name, version string) PoolComponentPin {
		return PoolComponentPin{
			ComponentPin: ComponentPin{ExtensionIndex: entry, ComponentIndex: index, ExtensionType: profile, Component: name, Version: version},
			Kind:         kind, WorkerIndex: worker, Pool: pool, Type: entryType,
		}
	}
	override := func(worker int, pool string, entry, index int, name, version string) PoolComponentPin {
		return pin(gardencorev1beta1.ExtensionKindExtension, worker, pool, "gpu-driver", "gpu-driver", entry, index, name, version)
	}
	runsc := pin(gardencorev1beta1.ExtensionKindContainerRuntime, 2, "sandbox", "gvisor", "containerruntime-gvisor", 1, 0, "runsc", "20260101")

	DescribeTable("#ContainerRuntimeTypeFromProfileName",
		func(name, runtimeType string, ok, prefixed bool) {
			got, found := ContainerRuntimeTypeFromProfileName(name)
			Expect(got).To(Equal(runtimeType))
			Expect(found).To(Equal(ok))
			Expect(IsContainerRuntimeProfileName(name)).To(Equal(prefixed))
			if ok {
				Expect(ContainerRuntimeProfileName(got)).To(Equal(name))
			}
		},
		Entry("a runtime's profile", "containerruntime-gvisor", "gvisor", true, true),
		Entry("a runtime type with a dash", "containerruntime-kata-qemu", "kata-qemu", true, true),
		Entry("the prefix alone", "containerruntime-", "", false, true),
		Entry("an Extension's profile", "shoot-falco-service", "", false, false),
		Entry("the prefix in the middle", "my-containerruntime-gvisor", "", false, false),
	)

	It("#PoolComponentPins returns every entry of every pool, runtimes before overrides, in spec order", func() {
		Expect(PoolComponentPins(spec.Extensions, spec.Provider.Workers)).To(Equal([]PoolComponentPin{
			override(1, "gpu-new", 0, 0, "driver", "570"),
			override(1, "gpu-new", 0, 1, "toolkit", ""),
			runsc,
			override(2, "sandbox", 0, 0, "toolkit", "1.17"),
		}))
		Expect(PoolComponentPins(nil, nil)).To(BeEmpty())
	})

	DescribeTable("#ActivePoolComponentPins keeps the entries that set a version, an override's only while the Shoot enables its extension",
		func(disabled *bool, want ...PoolComponentPin) {
			extensions := []gardencorev1beta1.Extension{{Type: "gpu-driver", Disabled: disabled}}
			Expect(ActivePoolComponentPins(extensions, spec.Provider.Workers)).To(Equal(want))
			pins := PoolComponentPins(extensions, spec.Provider.Workers)
			Expect(pins[0].Disabled).To(Equal(ptr.Deref(disabled, false)), "the Shoot's entry of its type decides")
			Expect(pins[2].Disabled).To(BeFalse(), "a runtime's entry is never disabled")
		},
		Entry("enabled", nil, override(1, "gpu-new", 0, 0, "driver", "570"), runsc, override(2, "sandbox", 0, 0, "toolkit", "1.17")),
		Entry("disabled: only the runtime's entry", ptr.To(true), runsc),
	)

	DescribeTable("#ActiveProfileNames names the profiles of the Active pins once each, the Shoot's before the pools'",
		func(disabled *bool, want ...string) {
			extensions := []gardencorev1beta1.Extension{
				{Type: "gpu-driver", Disabled: disabled, Components: []gardencorev1beta1.ExtensionComponent{{Name: "driver", Version: ptr.To("535")}}},
				{Type: "shoot-falco-service"},
			}
			Expect(ActiveProfileNames(extensions, spec.Provider.Workers)).To(Equal(want))
		},
		Entry("enabled: the overrides add no second gpu-driver", nil, "gpu-driver", "containerruntime-gvisor"),
		Entry("disabled: only the runtime's profile", ptr.To(true), "containerruntime-gvisor"),
	)

	DescribeTable("#PoolComponentPin.Path",
		func(p PoolComponentPin, path string) {
			Expect(p.Path().String()).To(Equal(path))
		},
		Entry("a runtime's entry", runsc, "spec.provider.workers[2].cri.containerRuntimes[1].components[0]"),
		Entry("an override's entry", override(1, "gpu-new", 0, 1, "toolkit", ""), "spec.provider.workers[1].extensions[0].components[1]"),
	)

	DescribeTable("#EffectiveComponentVersion",
		func(pool, extensionType, name, version string, fromPool bool) {
			got, gotFromPool := EffectiveComponentVersion(spec, pool, extensionType, name)
			Expect(got).To(Equal(version))
			Expect(gotFromPool).To(Equal(fromPool))
		},
		Entry("a pool's override", "gpu-new", "gpu-driver", "driver", "570", true),
		Entry("a pool without an entry takes the Shoot's", "plain", "gpu-driver", "driver", "535", false),
		Entry("a pool overriding another component takes the Shoot's", "sandbox", "gpu-driver", "driver", "535", false),
		Entry("an override without a version takes the Shoot's", "gpu-new", "gpu-driver", "toolkit", "", false),
		Entry("an override the Shoot does not pin", "sandbox", "gpu-driver", "toolkit", "1.17", true),
		Entry("a pool that does not exist takes the Shoot's", "gone", "gpu-driver", "driver", "535", false),
		Entry("a type nobody pins", "gpu-new", "shoot-falco-service", "falco", "", false),
	)
})
