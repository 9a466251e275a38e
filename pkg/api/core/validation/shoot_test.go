// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	gomegatypes "github.com/onsi/gomega/types"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/features"
)

// validShoot is the shape of the example Shoot falco-traefik-eval: two pinned extensions, one
// extension without pins, two worker pools.
func validShoot() *core.Shoot {
	return &core.Shoot{
		ObjectMeta: metav1.ObjectMeta{Name: "falco-traefik-eval", Namespace: "garden-dev", ResourceVersion: "1"},
		Spec: core.ShootSpec{
			CloudProfile: &core.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
			Region:       "local",
			Kubernetes:   core.Kubernetes{Version: "1.35.6"},
			Provider: core.Provider{Type: "local", Workers: []core.Worker{
				{Name: "gl", Machine: core.Machine{Type: "local", Image: &core.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1877.8.0")}}},
				{Name: "ub", Machine: core.Machine{Type: "local", Image: &core.ShootMachineImage{Name: "ubuntu", Version: ptr.To("24.4.20260915")}}},
			}},
			Extensions: []core.Extension{
				{
					Type:       "shoot-falco-service",
					AutoUpdate: &core.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(core.UpdateStrategyMinor)},
					Components: []core.ExtensionComponent{{Name: "falco", Version: ptr.To("0.44.1")}},
				},
				{
					Type: "shoot-traefik",
					Components: []core.ExtensionComponent{{
						Name: "traefik", Version: ptr.To("3.6.13"),
						AutoUpdate: &core.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(core.UpdateStrategyMinor)},
					}},
				},
				{Type: "shoot-cert-service"},
			},
		},
	}
}

func withoutComponentVersions(s *core.Shoot) *core.Shoot {
	for i := range s.Spec.Extensions {
		s.Spec.Extensions[i].AutoUpdate = nil
		s.Spec.Extensions[i].Components = nil
	}
	return s
}

var _ = Describe("Shoot validation", func() {
	Context("with the ExtensionComponentVersions feature gate on", func() {
		BeforeEach(func() {
			featuregatetesting.SetFeatureGateDuringTest(GinkgoT(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		})

		DescribeTable("ValidateShoot",
			func(mutate func(*core.Shoot), matchers ...gomegatypes.GomegaMatcher) {
				shoot := validShoot()
				mutate(shoot)
				errs := ValidateShoot(shoot)
				if len(matchers) == 0 {
					Expect(errs).To(BeEmpty())
					return
				}
				Expect(errs).To(ConsistOf(matchers))
			},
			Entry("a valid Shoot", func(*core.Shoot) {}),
			Entry("missing namespace", func(s *core.Shoot) { s.Namespace = "" },
				fieldErr(field.ErrorTypeRequired, "metadata.namespace")),
			Entry("name that is no DNS label", func(s *core.Shoot) { s.Name = "Falco.Traefik" },
				fieldErr(field.ErrorTypeInvalid, "metadata.name")),
			Entry("missing region, provider type and Kubernetes version", func(s *core.Shoot) {
				s.Spec.Region, s.Spec.Provider.Type, s.Spec.Kubernetes.Version = "", "", ""
			},
				fieldErr(field.ErrorTypeRequired, "spec.region"),
				fieldErr(field.ErrorTypeRequired, "spec.provider.type"),
				fieldErr(field.ErrorTypeRequired, "spec.kubernetes.version")),
			Entry("worker without name", func(s *core.Shoot) { s.Spec.Provider.Workers[1].Name = "" },
				fieldErr(field.ErrorTypeRequired, "spec.provider.workers[1].name")),
			Entry("worker name that is no DNS label", func(s *core.Shoot) { s.Spec.Provider.Workers[1].Name = "Ub_1" },
				fieldErr(field.ErrorTypeInvalid, "spec.provider.workers[1].name")),
			Entry("duplicate worker names", func(s *core.Shoot) { s.Spec.Provider.Workers[1].Name = "gl" },
				fieldErr(field.ErrorTypeDuplicate, "spec.provider.workers[1].name")),
			Entry("extension without type", func(s *core.Shoot) { s.Spec.Extensions[2].Type = "" },
				fieldErr(field.ErrorTypeRequired, "spec.extensions[2].type")),
			Entry("duplicate extension types", func(s *core.Shoot) { s.Spec.Extensions[2].Type = "shoot-traefik" },
				fieldErr(field.ErrorTypeDuplicate, "spec.extensions[2].type")),
			Entry("component without name", func(s *core.Shoot) { s.Spec.Extensions[1].Components[0].Name = "" },
				fieldErr(field.ErrorTypeRequired, "spec.extensions[1].components[0].name")),
			Entry("duplicate component names within an extension", func(s *core.Shoot) {
				s.Spec.Extensions[1].Components = append(s.Spec.Extensions[1].Components, core.ExtensionComponent{Name: "traefik"})
			}, fieldErr(field.ErrorTypeDuplicate, "spec.extensions[1].components[1].name")),
			Entry("the same component name in two extensions", func(s *core.Shoot) { s.Spec.Extensions[1].Components[0].Name = "falco" }),
			Entry("component without version (defaulted by admission)", func(s *core.Shoot) { s.Spec.Extensions[1].Components[0].Version = nil }),
			Entry("partial version (resolved by admission)", func(s *core.Shoot) { s.Spec.Extensions[1].Components[0].Version = ptr.To("3.6") }),
			Entry("empty pinned version", func(s *core.Shoot) { s.Spec.Extensions[1].Components[0].Version = ptr.To("") },
				fieldErr(field.ErrorTypeRequired, "spec.extensions[1].components[0].version")),
			Entry("unknown extension-level strategy", func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate.UpdateStrategy = ptr.To[core.MachineImageUpdateStrategy]("weekly")
			}, fieldErr(field.ErrorTypeNotSupported, "spec.extensions[0].autoUpdate.updateStrategy")),
			Entry("unknown component-level strategy", func(s *core.Shoot) {
				s.Spec.Extensions[1].Components[0].AutoUpdate.UpdateStrategy = ptr.To[core.MachineImageUpdateStrategy]("freeze")
			}, fieldErr(field.ErrorTypeNotSupported, "spec.extensions[1].components[0].autoUpdate.updateStrategy")),
			Entry("autoUpdate without strategy", func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate = &core.ExtensionAutoUpdate{Enabled: ptr.To(false)}
			}),
		)

		It("validates updates with the same rules and forbids renaming", func() {
			oldShoot := validShoot()
			newShoot := validShoot()
			newShoot.Name = "renamed"
			newShoot.Spec.Extensions[2].Type = "shoot-falco-service"
			Expect(ValidateShootUpdate(newShoot, oldShoot)).To(ConsistOf(
				fieldErr(field.ErrorTypeInvalid, "metadata.name"),
				fieldErr(field.ErrorTypeDuplicate, "spec.extensions[2].type"),
			))
		})
	})

	Context("with the ExtensionComponentVersions feature gate off", func() {
		BeforeEach(func() {
			featuregatetesting.SetFeatureGateDuringTest(GinkgoT(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
		})

		It("forbids autoUpdate and components on create", func() {
			Expect(ValidateShoot(validShoot())).To(ConsistOf(
				fieldErrDetail(field.ErrorTypeForbidden, "spec.extensions[0].autoUpdate", "requires the ExtensionComponentVersions feature gate"),
				fieldErrDetail(field.ErrorTypeForbidden, "spec.extensions[0].components", "requires the ExtensionComponentVersions feature gate"),
				fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].components"),
			))
		})

		It("accepts Shoots that do not use the GEP-78 fields", func() {
			Expect(ValidateShoot(withoutComponentVersions(validShoot()))).To(BeEmpty())
		})

		It("forbids adding the fields on update", func() {
			Expect(ValidateShootUpdate(validShoot(), withoutComponentVersions(validShoot()))).To(ConsistOf(
				fieldErr(field.ErrorTypeForbidden, "spec.extensions[0].autoUpdate"),
				fieldErr(field.ErrorTypeForbidden, "spec.extensions[0].components"),
				fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].components"),
			))
		})

		It("keeps Shoots updatable that already use the fields", func() {
			newShoot := validShoot()
			newShoot.Spec.Kubernetes.Version = "1.36.3"
			newShoot.Spec.Extensions[1].Components[0].Version = ptr.To("3.6.12")
			Expect(ValidateShootUpdate(newShoot, validShoot())).To(BeEmpty())
		})

		It("keeps each field allowed on its own: components in use do not allow a new autoUpdate", func() {
			oldShoot := validShoot()
			oldShoot.Spec.Extensions[0].AutoUpdate = nil
			Expect(ValidateShootUpdate(validShoot(), oldShoot)).To(ConsistOf(
				fieldErr(field.ErrorTypeForbidden, "spec.extensions[0].autoUpdate"),
			))
		})
	})

	Describe("ValidateShootStatusUpdate", func() {
		It("forbids changing immutable metadata", func() {
			oldShoot := validShoot()
			newShoot := validShoot()
			newShoot.Namespace = "garden-other"
			Expect(ValidateShootStatusUpdate(newShoot, oldShoot)).To(ContainElement(fieldErr(field.ErrorTypeInvalid, "metadata.namespace")))
		})
	})
})
