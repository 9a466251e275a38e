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
				{Name: "gl", Machine: core.Machine{Type: "local", Image: &core.ShootMachineImage{Name: "gardenlinux", Version: "1877.8.0"}}},
				{Name: "ub", Machine: core.Machine{Type: "local", Image: &core.ShootMachineImage{Name: "ubuntu", Version: "24.4.20260915"}}},
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

func noChange(*core.Shoot) {}

func withoutComponentVersions(s *core.Shoot) *core.Shoot {
	for i := range s.Spec.Extensions {
		s.Spec.Extensions[i].AutoUpdate = nil
		s.Spec.Extensions[i].Channel = nil
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
			Entry("auto-update into preview", func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate.Classifications = []core.VersionClassification{core.ClassificationPreview, core.ClassificationSupported}
				s.Spec.Extensions[1].Components[0].AutoUpdate.Classifications = []core.VersionClassification{core.ClassificationSupported, core.ClassificationPreview}
			}),
			Entry("the explicit default", func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate.Classifications = []core.VersionClassification{core.ClassificationSupported}
			}),
			Entry("deprecated", func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate.Classifications = []core.VersionClassification{core.ClassificationSupported, core.ClassificationDeprecated}
			}, fieldErrDetail(field.ErrorTypeInvalid, "spec.extensions[0].autoUpdate.classifications[1]", "only for a pin that is itself deprecated")),
			Entry("an unknown component-level classification", func(s *core.Shoot) {
				s.Spec.Extensions[1].Components[0].AutoUpdate.Classifications = []core.VersionClassification{core.ClassificationSupported, "expired"}
			}, fieldErr(field.ErrorTypeNotSupported, "spec.extensions[1].components[0].autoUpdate.classifications[1]")),
			Entry("a duplicate classification", func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate.Classifications = []core.VersionClassification{core.ClassificationPreview, core.ClassificationSupported, core.ClassificationPreview}
			}, fieldErr(field.ErrorTypeDuplicate, "spec.extensions[0].autoUpdate.classifications[2]")),
			Entry("preview without supported", func(s *core.Shoot) {
				s.Spec.Extensions[1].Components[0].AutoUpdate.Classifications = []core.VersionClassification{core.ClassificationPreview}
			}, fieldErrDetail(field.ErrorTypeRequired, "spec.extensions[1].components[0].autoUpdate.classifications", "must contain supported")),
			Entry("every classification error at once, with the strategy's", func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate.UpdateStrategy = ptr.To[core.MachineImageUpdateStrategy]("weekly")
				s.Spec.Extensions[0].AutoUpdate.Classifications = []core.VersionClassification{"", core.ClassificationPreview, core.ClassificationPreview}
			},
				fieldErr(field.ErrorTypeNotSupported, "spec.extensions[0].autoUpdate.updateStrategy"),
				fieldErr(field.ErrorTypeNotSupported, "spec.extensions[0].autoUpdate.classifications[0]"),
				fieldErr(field.ErrorTypeDuplicate, "spec.extensions[0].autoUpdate.classifications[2]"),
				fieldErr(field.ErrorTypeRequired, "spec.extensions[0].autoUpdate.classifications")),
		)

		It("allows changing and adding pins on update", func() {
			oldShoot := validShoot()
			newShoot := validShoot()
			newShoot.Spec.Extensions[0].AutoUpdate.Enabled = ptr.To(false)
			newShoot.Spec.Extensions[1].Components[0].Version = ptr.To("3.6.12")
			newShoot.Spec.Extensions[2].Components = []core.ExtensionComponent{{Name: "cert-management", Version: ptr.To("0.17.0")}}
			Expect(ValidateShootUpdate(newShoot, oldShoot)).To(BeEmpty())
		})

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
			Expect(ValidateShootUpdate(newShoot, validShoot())).To(BeEmpty())
		})

		// With the gate off the ShootExtensionProfile admission plugin does not run, so the
		// fields stored while the gate was on may be kept or dropped, but not changed: each
		// extension entry (matched by type) must carry exactly the old entry's values.
		DescribeTable("ValidateShootUpdate keeps stored pins frozen",
			func(mutateOld, mutateNew func(*core.Shoot), matchers ...gomegatypes.GomegaMatcher) {
				oldShoot, newShoot := validShoot(), validShoot()
				mutateOld(oldShoot)
				mutateNew(newShoot)
				errs := ValidateShootUpdate(newShoot, oldShoot)
				if len(matchers) == 0 {
					Expect(errs).To(BeEmpty())
					return
				}
				Expect(errs).To(ConsistOf(matchers))
			},
			Entry("unchanged pins, other fields changed", noChange, func(s *core.Shoot) {
				s.Spec.Kubernetes.Version = "1.36.3"
				s.Spec.Provider.Workers[1].Machine.Image.Version = "24.4.20261001"
			}),
			Entry("unchanged pins in reordered extensions (matched by type)", noChange, func(s *core.Shoot) {
				e := s.Spec.Extensions
				s.Spec.Extensions = []core.Extension{e[2], e[1], e[0]}
			}),
			Entry("changed component version", noChange, func(s *core.Shoot) {
				s.Spec.Extensions[1].Components[0].Version = ptr.To("3.6.12")
			}, fieldErrDetail(field.ErrorTypeForbidden, "spec.extensions[1].components", "requires the ExtensionComponentVersions feature gate")),
			Entry("changed component autoUpdate", noChange, func(s *core.Shoot) {
				s.Spec.Extensions[1].Components[0].AutoUpdate.UpdateStrategy = ptr.To(core.UpdateStrategyMajor)
			}, fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].components")),
			Entry("added component on an extension that already pins one", noChange, func(s *core.Shoot) {
				s.Spec.Extensions[1].Components = append(s.Spec.Extensions[1].Components, core.ExtensionComponent{Name: "proxy", Version: ptr.To("1.0.0")})
			}, fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].components")),
			Entry("dropped one of several components (a change, not a removal)", func(s *core.Shoot) {
				s.Spec.Extensions[1].Components = append(s.Spec.Extensions[1].Components, core.ExtensionComponent{Name: "proxy", Version: ptr.To("1.0.0")})
			}, noChange, fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].components")),
			Entry("changed extension autoUpdate", noChange, func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate.Enabled = ptr.To(false)
			}, fieldErrDetail(field.ErrorTypeForbidden, "spec.extensions[0].autoUpdate", "requires the ExtensionComponentVersions feature gate")),
			Entry("extension autoUpdate opted into preview", noChange, func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate.Classifications = []core.VersionClassification{core.ClassificationPreview, core.ClassificationSupported}
			}, fieldErrDetail(field.ErrorTypeForbidden, "spec.extensions[0].autoUpdate", "requires the ExtensionComponentVersions feature gate")),
			Entry("component autoUpdate opted into preview", noChange, func(s *core.Shoot) {
				s.Spec.Extensions[1].Components[0].AutoUpdate.Classifications = []core.VersionClassification{core.ClassificationPreview, core.ClassificationSupported}
			}, fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].components")),
			Entry("classifications kept as stored", func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate.Classifications = []core.VersionClassification{core.ClassificationPreview, core.ClassificationSupported}
			}, func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate.Classifications = []core.VersionClassification{core.ClassificationPreview, core.ClassificationSupported}
				s.Spec.Kubernetes.Version = "1.36.3"
			}),
			Entry("components added on an extension that had none", noChange, func(s *core.Shoot) {
				s.Spec.Extensions[2].Components = []core.ExtensionComponent{{Name: "cert-management", Version: ptr.To("0.17.0")}}
			}, fieldErr(field.ErrorTypeForbidden, "spec.extensions[2].components")),
			Entry("autoUpdate added on an extension that had none", noChange, func(s *core.Shoot) {
				s.Spec.Extensions[1].AutoUpdate = &core.ExtensionAutoUpdate{Enabled: ptr.To(true)}
			}, fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].autoUpdate")),
			Entry("pins moved to a new extension type", noChange, func(s *core.Shoot) {
				s.Spec.Extensions[1].Type = "shoot-traefik-v2"
			}, fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].components")),
			Entry("pins on an extension the old Shoot did not have", func(s *core.Shoot) {
				s.Spec.Extensions = s.Spec.Extensions[:1]
			}, noChange,
				fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].components")),
			Entry("components and autoUpdate removed from one extension (unpinning)", noChange, func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate = nil
				s.Spec.Extensions[0].Components = nil
			}),
			Entry("everything removed (unpinning)", noChange, func(s *core.Shoot) { withoutComponentVersions(s) }),
			Entry("an extension with pins removed entirely", noChange, func(s *core.Shoot) {
				s.Spec.Extensions = append(s.Spec.Extensions[:1], s.Spec.Extensions[2])
			}),
		)

		It("keeps each field allowed on its own: components in use do not allow a new autoUpdate", func() {
			oldShoot := validShoot()
			oldShoot.Spec.Extensions[0].AutoUpdate = nil
			Expect(ValidateShootUpdate(validShoot(), oldShoot)).To(ConsistOf(
				fieldErr(field.ErrorTypeForbidden, "spec.extensions[0].autoUpdate"),
			))
		})
	})

	Describe("spec.maintenance.timeWindow", func() {
		withWindow := func(s *core.Shoot, begin, end string) *core.Shoot {
			s.Spec.Maintenance = &core.Maintenance{TimeWindow: &core.MaintenanceTimeWindow{Begin: begin, End: end}}
			return s
		}

		DescribeTable("ValidateShoot",
			func(begin, end string, matchers ...gomegatypes.GomegaMatcher) {
				errs := ValidateShoot(withWindow(withoutComponentVersions(validShoot()), begin, end))
				if len(matchers) == 0 {
					Expect(errs).To(BeEmpty())
					return
				}
				Expect(errs).To(ConsistOf(matchers))
			},
			Entry("one hour", "220000+0100", "230000+0100"),
			Entry("spanning midnight", "230000+0000", "010000+0000"),
			Entry("crossing midnight only when converted to UTC", "003000+0200", "013000+0200"),
			Entry("begin and end in different zones", "220000+0100", "220000+0000"),
			Entry("exactly 30 minutes", "220000+0000", "223000+0000"),
			Entry("exactly 6 hours, spanning midnight", "210000+0000", "030000+0000"),
			Entry("29 minutes 59 seconds", "220000+0000", "222959+0000",
				fieldErrDetail(field.ErrorTypeForbidden, "spec.maintenance.timeWindow", "must last at least 30m0s")),
			Entry("begin equal to end", "220000+0100", "220000+0100",
				fieldErrDetail(field.ErrorTypeForbidden, "spec.maintenance.timeWindow", "must last at least 30m0s")),
			Entry("end one second before begin (almost a day)", "220000+0000", "215959+0000",
				fieldErrDetail(field.ErrorTypeForbidden, "spec.maintenance.timeWindow", "must last at most 6h0m0s")),
			Entry("6 hours and one second", "220000+0000", "040001+0000",
				fieldErrDetail(field.ErrorTypeForbidden, "spec.maintenance.timeWindow", "must last at most 6h0m0s")),
			Entry("unparsable begin", "22:00", "230000+0100",
				fieldErrDetail(field.ErrorTypeInvalid, "spec.maintenance.timeWindow.begin", "HHMMSS+ZZZZ")),
			Entry("begin without zone", "220000", "230000+0100",
				fieldErr(field.ErrorTypeInvalid, "spec.maintenance.timeWindow.begin")),
			Entry("unparsable end", "220000+0100", "250000+0100",
				fieldErrDetail(field.ErrorTypeInvalid, "spec.maintenance.timeWindow.end", "HHMMSS+ZZZZ")),
			Entry("empty begin and end", "", "",
				fieldErr(field.ErrorTypeInvalid, "spec.maintenance.timeWindow.begin"),
				fieldErr(field.ErrorTypeInvalid, "spec.maintenance.timeWindow.end")),
		)

		It("accepts a Shoot without maintenance settings or without a time window", func() {
			Expect(ValidateShoot(withoutComponentVersions(validShoot()))).To(BeEmpty())
			s := withoutComponentVersions(validShoot())
			s.Spec.Maintenance = &core.Maintenance{AutoUpdate: &core.MaintenanceAutoUpdate{KubernetesVersion: true}}
			Expect(ValidateShoot(s)).To(BeEmpty())
		})

		DescribeTable("ValidateShootUpdate checks the window only when it changed",
			func(oldBegin, oldEnd, newBegin, newEnd string, matchers ...gomegatypes.GomegaMatcher) {
				oldShoot := withWindow(withoutComponentVersions(validShoot()), oldBegin, oldEnd)
				newShoot := withWindow(withoutComponentVersions(validShoot()), newBegin, newEnd)
				newShoot.Spec.Kubernetes.Version = "1.36.3"
				errs := ValidateShootUpdate(newShoot, oldShoot)
				if len(matchers) == 0 {
					Expect(errs).To(BeEmpty())
					return
				}
				Expect(errs).To(ConsistOf(matchers))
			},
			Entry("an unchanged too short window stays", "220000+0000", "221000+0000", "220000+0000", "221000+0000"),
			Entry("an unchanged unparsable window stays", "22:00", "23:00", "22:00", "23:00"),
			Entry("changed to a valid window", "22:00", "23:00", "220000+0000", "230000+0000"),
			Entry("changed to a too long window", "220000+0000", "230000+0000", "220000+0000", "050000+0000",
				fieldErr(field.ErrorTypeForbidden, "spec.maintenance.timeWindow")),
			Entry("changed to an unparsable end", "220000+0000", "230000+0000", "220000+0000", "23:00",
				fieldErr(field.ErrorTypeInvalid, "spec.maintenance.timeWindow.end")),
		)

		It("checks a window added on update", func() {
			oldShoot := withoutComponentVersions(validShoot())
			newShoot := withWindow(withoutComponentVersions(validShoot()), "220000+0000", "221000+0000")
			Expect(ValidateShootUpdate(newShoot, oldShoot)).To(ConsistOf(fieldErr(field.ErrorTypeForbidden, "spec.maintenance.timeWindow")))
		})
	})

	Describe("ValidateShootObjectStatusUpdate", func() {
		It("forbids changing immutable metadata", func() {
			oldShoot := validShoot()
			newShoot := validShoot()
			newShoot.Namespace = "garden-other"
			Expect(ValidateShootObjectStatusUpdate(newShoot, oldShoot)).To(ContainElement(fieldErr(field.ErrorTypeInvalid, "metadata.namespace")))
		})
	})
})
