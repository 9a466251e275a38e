// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

// poolShoot is validShoot whose second pool runs gVisor at a pinned runsc version and overrides
// the falco version of the Shoot.
func poolShoot() *core.Shoot {
	s := validShoot()
	s.Spec.Provider.Workers[1].CRI = &core.CRI{Name: core.CRINameContainerD, ContainerRuntimes: []core.ContainerRuntime{
		{Type: "kata"},
		{Type: "gvisor", Components: []core.ExtensionComponent{{Name: "runsc", Version: ptr.To("20260101.0")}}},
	}}
	s.Spec.Provider.Workers[1].Extensions = []core.WorkerExtension{
		{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falco", Version: ptr.To("0.43.0")}}},
	}
	return s
}

var _ = Describe("Shoot per-pool component versions", func() {
	Context("with the ExtensionComponentVersions feature gate on", func() {
		componentVersionsGate(true)

		DescribeTable("ValidateShoot",
			validateMutated(poolShoot),
			Entry("a runtime pin and a pool override", noChange),
			Entry("a runtime and an override with a channel and no version", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Components[0] = core.ExtensionComponent{Name: "runsc", Channel: ptr.To(core.ReleaseChannelStable)}
				s.Spec.Provider.Workers[1].Extensions[0].Components[0].Version = nil
			}),
			Entry("a runtime component without a name", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Components[0].Name = ""
			}, fieldErrDetail(field.ErrorTypeRequired, "spec.provider.workers[1].cri.containerRuntimes[1].components[0].name", "container runtime's ExtensionProfile")),
			Entry("a runtime component twice", func(s *core.Shoot) {
				rt := &s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1]
				rt.Components = append(rt.Components, core.ExtensionComponent{Name: "runsc"})
			}, fieldErr(field.ErrorTypeDuplicate, "spec.provider.workers[1].cri.containerRuntimes[1].components[1].name")),
			Entry("an empty runtime component version", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Components[0].Version = ptr.To("")
			}, fieldErr(field.ErrorTypeRequired, "spec.provider.workers[1].cri.containerRuntimes[1].components[0].version")),
			Entry("a runtime component version over the length limit", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Components[0].Version = ptr.To(string(make([]byte, MaxVersionLength+1)))
			}, fieldErr(field.ErrorTypeTooLong, "spec.provider.workers[1].cri.containerRuntimes[1].components[0].version")),
			Entry("a runtime component with an unknown update strategy", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Components[0].AutoUpdate = &core.ExtensionAutoUpdate{UpdateStrategy: ptr.To[core.MachineImageUpdateStrategy]("all")}
			}, fieldErr(field.ErrorTypeNotSupported, "spec.provider.workers[1].cri.containerRuntimes[1].components[0].autoUpdate.updateStrategy")),
			Entry("a runtime component with a channel and an autoUpdate", func(s *core.Shoot) {
				c := &s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Components[0]
				c.Channel, c.AutoUpdate = ptr.To(core.ReleaseChannelRapid), &core.ExtensionAutoUpdate{Enabled: ptr.To(false)}
			}, fieldErr(field.ErrorTypeForbidden, "spec.provider.workers[1].cri.containerRuntimes[1].components[0].autoUpdate")),
			Entry("a runtime without a type", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0].Type = ""
			}, fieldErr(field.ErrorTypeRequired, "spec.provider.workers[1].cri.containerRuntimes[0].type")),
			Entry("a runtime type twice", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0].Type = "gvisor"
			}, fieldErr(field.ErrorTypeDuplicate, "spec.provider.workers[1].cri.containerRuntimes[1].type")),
			Entry("an override without a type", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].Extensions[0].Type = ""
			}, fieldErr(field.ErrorTypeRequired, "spec.provider.workers[1].extensions[0].type")),
			Entry("an override of an extension the Shoot does not list", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].Extensions[0].Type = "shoot-dns-service"
			}, fieldErrDetail(field.ErrorTypeInvalid, "spec.provider.workers[1].extensions[0].type", "does not enable an extension")),
			Entry("an override of a disabled extension", func(s *core.Shoot) {
				s.Spec.Extensions[0].Disabled = ptr.To(true)
			}, fieldErr(field.ErrorTypeInvalid, "spec.provider.workers[1].extensions[0].type")),
			Entry("an override of one type twice", func(s *core.Shoot) {
				w := &s.Spec.Provider.Workers[1]
				w.Extensions = append(w.Extensions, core.WorkerExtension{Type: "shoot-falco-service"})
			}, fieldErr(field.ErrorTypeDuplicate, "spec.provider.workers[1].extensions[1].type")),
			Entry("an override component without a name", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].Extensions[0].Components[0].Name = ""
			}, fieldErrDetail(field.ErrorTypeRequired, "spec.provider.workers[1].extensions[0].components[0].name", "extension's ExtensionProfile")),
			Entry("an override component with an unknown channel", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].Extensions[0].Components[0].Channel = ptr.To[core.ReleaseChannel]("beta")
			}, fieldErr(field.ErrorTypeNotSupported, "spec.provider.workers[1].extensions[0].components[0].channel")),
		)
	})

	Context("with the ExtensionComponentVersions feature gate off", func() {
		componentVersionsGate(false)

		It("refuses runtime pins and overrides on a new Shoot, and accepts runtimes without them", func() {
			s := poolShoot()
			s.Spec.Extensions[0].AutoUpdate, s.Spec.Extensions[0].Components = nil, nil
			s.Spec.Extensions[1].Components = nil
			Expect(ValidateShoot(s)).To(ConsistOf(
				fieldErrDetail(field.ErrorTypeForbidden, "spec.provider.workers[1].cri.containerRuntimes[1].components", "requires the ExtensionComponentVersions feature gate"),
				fieldErrDetail(field.ErrorTypeForbidden, "spec.provider.workers[1].extensions", "requires the ExtensionComponentVersions feature gate"),
			))

			s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Components = nil
			s.Spec.Provider.Workers[1].Extensions = nil
			Expect(ValidateShoot(s)).To(BeEmpty())
		})

		DescribeTable("ValidateShootUpdate keeps stored per-pool pins frozen",
			validateMutatedUpdate(poolShoot),
			Entry("unchanged pins, other fields changed", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].Maximum = 3
			}),
			Entry("pins dropped", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Components = nil
				s.Spec.Provider.Workers[1].Extensions = nil
			}),
			Entry("pools reordered", func(s *core.Shoot) {
				w := s.Spec.Provider.Workers
				w[0], w[1] = w[1], w[0]
			}),
			Entry("runtimes reordered", func(s *core.Shoot) {
				rt := s.Spec.Provider.Workers[1].CRI.ContainerRuntimes
				rt[0], rt[1] = rt[1], rt[0]
			}),
			Entry("a runtime version changed", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Components[0].Version = ptr.To("20260201.0")
			}, fieldErr(field.ErrorTypeForbidden, "spec.provider.workers[1].cri.containerRuntimes[1].components")),
			Entry("a runtime pin added", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0].Components = []core.ExtensionComponent{{Name: "kata"}}
			}, fieldErr(field.ErrorTypeForbidden, "spec.provider.workers[1].cri.containerRuntimes[0].components")),
			Entry("an override changed", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].Extensions[0].Components[0].Version = ptr.To("0.44.1")
			}, fieldErr(field.ErrorTypeForbidden, "spec.provider.workers[1].extensions")),
			Entry("the pins moved to a renamed pool", func(s *core.Shoot) {
				s.Spec.Provider.Workers[1].Name = "ub2"
			},
				fieldErr(field.ErrorTypeForbidden, "spec.provider.workers[1].cri.containerRuntimes[1].components"),
				fieldErr(field.ErrorTypeForbidden, "spec.provider.workers[1].extensions")),
		)
	})
})
