// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	gomegatypes "github.com/onsi/gomega/types"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

func strategies(s ...core.MachineImageUpdateStrategy) []core.MachineImageUpdateStrategy { return s }

func strategy(def core.MachineImageUpdateStrategy, supported ...core.MachineImageUpdateStrategy) *core.ExtensionUpdateStrategy {
	s := &core.ExtensionUpdateStrategy{Supported: supported}
	if def != "" {
		s.Default = ptr.To(def)
	}
	return s
}

// validProfile is the shape of the GEP-78 example profile shoot-traefik: two components, a
// profile-level strategy and a component-level override, lifecycles, a rule and providerConfig.
func validProfile() *core.ExtensionProfile {
	return &core.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "shoot-traefik", ResourceVersion: "1"},
		Spec: core.ExtensionProfileSpec{
			ExtensionKind:  core.ExtensionKindExtension,
			UpdateStrategy: strategy(core.UpdateStrategyPatch, core.UpdateStrategyPatch, core.UpdateStrategyMinor),
			Components: []core.ExtensionProfileComponent{
				{
					Name: "traefik",
					Versions: []core.ExtensionComponentVersion{
						{
							Version:   "3.6.12",
							Lifecycle: []core.LifecycleStage{stage(core.ClassificationSupported), stage(core.ClassificationDeprecated, -24*time.Hour)},
							Compatibility: &core.ComponentCompatibility{Validations: []core.CompatibilityValidation{{
								Rule: "!has(shoot.spec.purpose) || shoot.spec.purpose == 'evaluation'", Message: "evaluation only",
							}}},
							ProviderConfig: &runtime.RawExtension{Raw: []byte(`{"crdBundle":"v3.6.11"}`)},
						},
						{Version: "3.6.13"},
						{Version: "3.7.0-rc.1+build.5", Lifecycle: []core.LifecycleStage{stage(core.ClassificationPreview, 24*time.Hour)}},
					},
				},
				{
					Name:           "proxy",
					UpdateStrategy: strategy(core.UpdateStrategyMajor, core.UpdateStrategyPatch, core.UpdateStrategyMinor, core.UpdateStrategyMajor),
					Versions:       []core.ExtensionComponentVersion{{Version: "1.0.0"}},
				},
			},
		},
	}
}

var _ = Describe("ExtensionProfile validation", func() {
	DescribeTable("ValidateExtensionProfile",
		func(mutate func(*core.ExtensionProfile), matchers ...gomegatypes.GomegaMatcher) {
			profile := validProfile()
			mutate(profile)
			errs := ValidateExtensionProfile(profile)
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("a valid profile", func(*core.ExtensionProfile) {}),
		Entry("name that is no DNS label", func(p *core.ExtensionProfile) { p.Name = "shoot.traefik" },
			fieldErr(field.ErrorTypeInvalid, "metadata.name")),
		Entry("missing name", func(p *core.ExtensionProfile) { p.Name = "" },
			fieldErr(field.ErrorTypeRequired, "metadata.name")),
		Entry("namespace on a cluster-scoped object", func(p *core.ExtensionProfile) { p.Namespace = "garden" },
			fieldErr(field.ErrorTypeForbidden, "metadata.namespace")),
		Entry("no components", func(p *core.ExtensionProfile) { p.Spec.Components = nil },
			fieldErr(field.ErrorTypeRequired, "spec.components")),
		Entry("component without name", func(p *core.ExtensionProfile) { p.Spec.Components[1].Name = "" },
			fieldErr(field.ErrorTypeRequired, "spec.components[1].name")),
		Entry("component name that is no DNS label", func(p *core.ExtensionProfile) { p.Spec.Components[1].Name = "Proxy_1" },
			fieldErr(field.ErrorTypeInvalid, "spec.components[1].name")),
		Entry("duplicate component names", func(p *core.ExtensionProfile) { p.Spec.Components[1].Name = "traefik" },
			fieldErr(field.ErrorTypeDuplicate, "spec.components[1].name")),
		Entry("component without versions", func(p *core.ExtensionProfile) { p.Spec.Components[1].Versions = nil },
			fieldErr(field.ErrorTypeRequired, "spec.components[1].versions")),
		Entry("empty version", func(p *core.ExtensionProfile) { p.Spec.Components[0].Versions[1].Version = "" },
			fieldErr(field.ErrorTypeRequired, "spec.components[0].versions[1].version")),
		Entry("version with a leading v", func(p *core.ExtensionProfile) { p.Spec.Components[0].Versions[1].Version = "v3.6.13" },
			fieldErrDetail(field.ErrorTypeInvalid, "spec.components[0].versions[1].version", "must be a semantic version without a leading 'v', e.g. 3.1.4")),
		Entry("partial version", func(p *core.ExtensionProfile) { p.Spec.Components[0].Versions[1].Version = "3.6" },
			fieldErrDetail(field.ErrorTypeInvalid, "spec.components[0].versions[1].version", "MAJOR.MINOR.PATCH")),
		Entry("no semantic version at all", func(p *core.ExtensionProfile) { p.Spec.Components[0].Versions[1].Version = "latest" },
			fieldErr(field.ErrorTypeInvalid, "spec.components[0].versions[1].version")),
		Entry("duplicate version within a component", func(p *core.ExtensionProfile) { p.Spec.Components[0].Versions[1].Version = "3.6.12" },
			fieldErr(field.ErrorTypeDuplicate, "spec.components[0].versions[1].version")),
		Entry("versions that differ only in build metadata", func(p *core.ExtensionProfile) { p.Spec.Components[0].Versions[1].Version = "3.6.12+b" },
			fieldErrDetail(field.ErrorTypeInvalid, "spec.components[0].versions[1].version", `must not rank equal to spec.components[0].versions[0].version ("3.6.12")`)),
		Entry("a release and a build of it", func(p *core.ExtensionProfile) {
			p.Spec.Components[1].Versions = append(p.Spec.Components[1].Versions, core.ExtensionComponentVersion{Version: "1.0.0+a"}, core.ExtensionComponentVersion{Version: "1.0.0+b"})
		}, fieldErr(field.ErrorTypeInvalid, "spec.components[1].versions[1].version"), fieldErr(field.ErrorTypeInvalid, "spec.components[1].versions[2].version")),
		Entry("pre-releases that differ only in build metadata", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions = append(p.Spec.Components[0].Versions, core.ExtensionComponentVersion{Version: "3.7.0-rc.1"})
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.components[0].versions[3].version", `("3.7.0-rc.1+build.5")`)),
		Entry("a pre-release, another pre-release and their release rank apart", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions = append(p.Spec.Components[0].Versions, core.ExtensionComponentVersion{Version: "3.7.0-rc.2"}, core.ExtensionComponentVersion{Version: "3.7.0+build.5"})
		}),
		Entry("builds of one version in two components", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[1].Version = "1.0.0+a"
			p.Spec.Components[1].Versions[0].Version = "1.0.0+b"
		}),
		Entry("the same version in two components", func(p *core.ExtensionProfile) { p.Spec.Components[1].Versions[0].Version = "3.6.13" }),
		Entry("empty compatibility rule", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[0].Compatibility.Validations = append(p.Spec.Components[0].Versions[0].Compatibility.Validations,
				core.CompatibilityValidation{Rule: "  ", Message: "no rule"})
		}, fieldErr(field.ErrorTypeRequired, "spec.components[0].versions[0].compatibility.validations[1].rule")),
		Entry("a rule message of 1024 bytes", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[0].Compatibility.Validations[0].Message = strings.Repeat("m", 1024)
		}),
		Entry("a rule message longer than 1024 bytes", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[0].Compatibility.Validations[0].Message = strings.Repeat("m", 10000)
		}, fieldErr(field.ErrorTypeTooLong, "spec.components[0].versions[0].compatibility.validations[0].message")),
		Entry("providerConfig null", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[0].ProviderConfig = &runtime.RawExtension{Raw: []byte("null")}
		}),
		Entry("providerConfig a string", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(`"crdBundle"`)}
		}, fieldErr(field.ErrorTypeInvalid, "spec.components[0].versions[0].providerConfig")),
		Entry("providerConfig a list", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(` [1, 2]`)}
		}, fieldErr(field.ErrorTypeInvalid, "spec.components[0].versions[0].providerConfig")),
		Entry("providerConfig a number", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(`42`)}
		}, fieldErr(field.ErrorTypeInvalid, "spec.components[0].versions[0].providerConfig")),
		Entry("no updateStrategy anywhere", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = nil
			p.Spec.Components[1].UpdateStrategy = nil
		}),
		Entry("unknown profile default", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy.Default = ptr.To[core.MachineImageUpdateStrategy]("weekly")
		},
			fieldErr(field.ErrorTypeNotSupported, "spec.updateStrategy.default")),
		Entry("unknown supported value", func(p *core.ExtensionProfile) { p.Spec.UpdateStrategy.Supported = strategies("patch", "freeze") },
			fieldErr(field.ErrorTypeNotSupported, "spec.updateStrategy.supported[1]")),
		Entry("duplicate supported value", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy.Supported = strategies("patch", "minor", "patch")
		},
			fieldErr(field.ErrorTypeDuplicate, "spec.updateStrategy.supported[2]")),
		Entry("profile default not in the profile's supported list", func(p *core.ExtensionProfile) { p.Spec.UpdateStrategy.Default = ptr.To(core.UpdateStrategyMajor) },
			fieldErrDetail(field.ErrorTypeNotSupported, "spec.updateStrategy.default", `supported values: "patch", "minor"`)),
		Entry("profile default without a supported list", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = strategy(core.UpdateStrategyMajor)
		}),
		Entry("component default is checked against the component's own supported list", func(p *core.ExtensionProfile) {
			p.Spec.Components[1].UpdateStrategy = strategy(core.UpdateStrategyMajor, core.UpdateStrategyPatch)
		}, fieldErr(field.ErrorTypeNotSupported, "spec.components[1].updateStrategy.default")),
		Entry("component default may use its own list beyond the profile's", func(p *core.ExtensionProfile) {
			p.Spec.Components[1].UpdateStrategy = strategy(core.UpdateStrategyMajor, core.UpdateStrategyMajor)
		}),
		Entry("component default without own list is checked against the profile's list", func(p *core.ExtensionProfile) {
			p.Spec.Components[1].UpdateStrategy = strategy(core.UpdateStrategyMajor)
		}, fieldErr(field.ErrorTypeNotSupported, "spec.components[1].updateStrategy.default")),
		Entry("component default without own list and without a profile list", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = nil
			p.Spec.Components[1].UpdateStrategy = strategy(core.UpdateStrategyMajor)
		}),
		Entry("component list without default that excludes the inherited default", func(p *core.ExtensionProfile) {
			p.Spec.Components[1].UpdateStrategy = strategy("", core.UpdateStrategyMinor)
		}, fieldErr(field.ErrorTypeRequired, "spec.components[1].updateStrategy.default")),
		Entry("component list without default that includes the inherited default", func(p *core.ExtensionProfile) {
			p.Spec.Components[1].UpdateStrategy = strategy("", core.UpdateStrategyPatch)
		}),
		// The effective default falls back to patch when neither the component nor the profile
		// sets one; a supported list without patch needs an explicit default (GEP-78: "an
		// operator cannot default to a strategy the extension does not implement").
		Entry("profile list without patch and without default", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = strategy("", core.UpdateStrategyMinor, core.UpdateStrategyMajor)
		}, fieldErrDetail(field.ErrorTypeRequired, "spec.updateStrategy.default", `the fallback "patch" is not supported`)),
		Entry("profile list without patch and without default, no component overrides", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = strategy("", core.UpdateStrategyMinor)
			p.Spec.Components[1].UpdateStrategy = nil
		}, fieldErr(field.ErrorTypeRequired, "spec.updateStrategy.default")),
		Entry("profile list without patch, with default", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = strategy(core.UpdateStrategyMinor, core.UpdateStrategyMinor, core.UpdateStrategyMajor)
		}),
		Entry("profile list with patch and without default", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = strategy("", core.UpdateStrategyPatch, core.UpdateStrategyMinor)
		}),
		Entry("profile strategy without list and without default", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = strategy("")
		}),
		Entry("component inheriting the profile list without patch is reported once, at the profile", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = strategy("", core.UpdateStrategyMinor, core.UpdateStrategyMajor)
			p.Spec.Components[1].UpdateStrategy = strategy("")
		}, fieldErr(field.ErrorTypeRequired, "spec.updateStrategy.default")),
		Entry("component list without patch, no default anywhere", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = nil
			p.Spec.Components[1].UpdateStrategy = strategy("", core.UpdateStrategyMinor, core.UpdateStrategyMajor)
		}, fieldErrDetail(field.ErrorTypeRequired, "spec.components[1].updateStrategy.default", `the fallback "patch" is not supported`)),
		Entry("component list without patch, profile list with patch and no default", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = strategy("", core.UpdateStrategyPatch, core.UpdateStrategyMinor)
			p.Spec.Components[1].UpdateStrategy = strategy("", core.UpdateStrategyMajor)
		}, fieldErr(field.ErrorTypeRequired, "spec.components[1].updateStrategy.default")),
		Entry("component list without patch, with own default", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = nil
			p.Spec.Components[1].UpdateStrategy = strategy(core.UpdateStrategyMajor, core.UpdateStrategyMinor, core.UpdateStrategyMajor)
		}),
		Entry("component list without patch, inheriting a default it supports", func(p *core.ExtensionProfile) {
			p.Spec.UpdateStrategy = strategy(core.UpdateStrategyMinor)
			p.Spec.Components[1].UpdateStrategy = strategy("", core.UpdateStrategyMinor, core.UpdateStrategyMajor)
		}),
		Entry("unknown component supported value", func(p *core.ExtensionProfile) {
			p.Spec.Components[1].UpdateStrategy.Supported = strategies("patch", "minor", "major", "all")
		}, fieldErr(field.ErrorTypeNotSupported, "spec.components[1].updateStrategy.supported[3]")),
	)

	Describe("compatibility rules (CEL, pkg/utils/cel)", func() {
		withRule := func(p *core.ExtensionProfile, rule string) *core.ExtensionProfile {
			p.Spec.Components[1].Versions[0].Compatibility = &core.ComponentCompatibility{Validations: []core.CompatibilityValidation{{Rule: rule, Message: "m"}}}
			return p
		}
		const rulePath = "spec.components[1].versions[0].compatibility.validations[0].rule"

		DescribeTable("rejects a rule that does not compile, with the compiler's message",
			func(rule string, errType field.ErrorType, detail string) {
				Expect(ValidateExtensionProfile(withRule(validProfile(), rule))).To(ConsistOf(fieldErrDetail(errType, rulePath, detail)))
			},
			Entry("misspelled field", "shoot.spec.kubernetes.versoin == '1.35.0'", field.ErrorTypeInvalid, "undefined field 'versoin'"),
			Entry("type error", "shoot.spec.kubernetes.version > 1", field.ErrorTypeInvalid, "found no matching overload"),
			Entry("not a bool", "shoot.spec.kubernetes.version", field.ErrorTypeInvalid, "must evaluate to bool"),
			Entry("pathological cost", "shoot.spec.provider.workers.all(a, shoot.spec.provider.workers.all(b, shoot.spec.provider.workers.all(c, shoot.spec.provider.workers.all(d, a.name != b.name || c.name != d.name))))",
				field.ErrorTypeForbidden, "exceeds the limit"),
		)

		It("accepts the rules of the shared example profiles", func() {
			Expect(ValidateExtensionProfile(validProfile())).To(BeEmpty())
			Expect(ValidateExtensionProfile(withRule(validProfile(), "semver(shoot.spec.kubernetes.version).compareTo(semver('1.32.0')) >= 0"))).To(BeEmpty())
		})

		It("reports an empty rule once, without compiling", func() {
			Expect(ValidateExtensionProfile(withRule(validProfile(), " "))).To(ConsistOf(fieldErr(field.ErrorTypeRequired, rulePath)))
		})
	})

	Describe("ValidateExtensionProfileUpdate", func() {
		BeforeEach(func() {
		})

		withLifecycle := func(stages ...core.LifecycleStage) *core.ExtensionProfile {
			p := profileWithLifecycle(stages...)
			p.ResourceVersion = "1"
			return p
		}

		DescribeTable("turning a version unavailable (evaluated at 2026-11-29)",
			func(oldStages, newStages []core.LifecycleStage, matchers ...gomegatypes.GomegaMatcher) {
				errs := ValidateExtensionProfileUpdate(withLifecycle(newStages...), withLifecycle(oldStages...), refTime)
				if len(matchers) == 0 {
					Expect(errs).To(BeEmpty())
					return
				}
				Expect(errs).To(ConsistOf(matchers))
			},
			Entry("V15 preview now → supported in an hour (unavailable now)",
				[]core.LifecycleStage{stage(core.ClassificationPreview)},
				[]core.LifecycleStage{stage(core.ClassificationSupported, time.Hour)},
				fieldErrDetail(field.ErrorTypeForbidden, "spec.components[0].versions[0].lifecycle", "a version cannot be turned unavailable")),
			Entry("no lifecycle (supported) → future lifecycle",
				nil,
				[]core.LifecycleStage{stage(core.ClassificationPreview, 24*time.Hour)},
				fieldErr(field.ErrorTypeForbidden, "spec.components[0].versions[0].lifecycle")),
			Entry("unavailable stays unavailable with a later start",
				[]core.LifecycleStage{stage(core.ClassificationPreview, time.Hour)},
				[]core.LifecycleStage{stage(core.ClassificationPreview, 48*time.Hour)}),
			Entry("unavailable becomes available",
				[]core.LifecycleStage{stage(core.ClassificationPreview, time.Hour)},
				[]core.LifecycleStage{stage(core.ClassificationPreview)}),
			Entry("supported moves on to deprecated",
				[]core.LifecycleStage{stage(core.ClassificationSupported)},
				[]core.LifecycleStage{stage(core.ClassificationSupported), stage(core.ClassificationDeprecated, -time.Hour)}),
		)

		It("does not apply the rule to versions that are new", func() {
			oldProfile := validProfile()
			newProfile := validProfile()
			newProfile.Spec.Components[0].Versions = append(newProfile.Spec.Components[0].Versions,
				core.ExtensionComponentVersion{Version: "4.0.0", Lifecycle: []core.LifecycleStage{stage(core.ClassificationPreview, time.Hour)}})
			Expect(ValidateExtensionProfileUpdate(newProfile, oldProfile, refTime)).To(BeEmpty())
		})

		It("forbids renaming and runs the create rules", func() {
			oldProfile := validProfile()
			newProfile := validProfile()
			newProfile.Name = "shoot-other"
			newProfile.Spec.Components[0].Versions[1].Version = "v3.6.13"
			Expect(ValidateExtensionProfileUpdate(newProfile, oldProfile, refTime)).To(ConsistOf(
				fieldErr(field.ErrorTypeInvalid, "metadata.name"),
				fieldErr(field.ErrorTypeInvalid, "spec.components[0].versions[1].version"),
			))
		})
	})

	Describe("ValidateExtensionProfileStatusUpdate", func() {
		It("accepts the five classifications and rejects others", func() {
			oldProfile := validProfile()
			newProfile := validProfile()
			newProfile.Status.Components = []core.ExtensionProfileComponentStatus{{Name: "traefik", Versions: []core.ExtensionComponentVersionStatus{
				{Version: "3.6.12", Classification: core.ClassificationDeprecated},
				{Version: "3.6.13", Classification: core.ClassificationUnavailable},
				{Version: "3.7.0", Classification: "gone"},
			}}}
			Expect(ValidateExtensionProfileStatusUpdate(newProfile, oldProfile)).To(ConsistOf(
				fieldErr(field.ErrorTypeNotSupported, "status.components[0].versions[2].classification")))
		})

		It("checks the classification and the time of a next transition", func() {
			oldProfile := validProfile()
			newProfile := validProfile()
			newProfile.Status.Components = []core.ExtensionProfileComponentStatus{{Name: "traefik", Versions: []core.ExtensionComponentVersionStatus{
				{Version: "3.6.12", Classification: core.ClassificationDeprecated,
					NextTransition: &core.VersionTransition{Classification: core.ClassificationExpired, Time: metav1.Now()}},
				{Version: "3.6.13", Classification: core.ClassificationSupported,
					NextTransition: &core.VersionTransition{Classification: "retired"}},
			}}}
			Expect(ValidateExtensionProfileStatusUpdate(newProfile, oldProfile)).To(ConsistOf(
				fieldErr(field.ErrorTypeNotSupported, "status.components[0].versions[1].nextTransition.classification"),
				fieldErr(field.ErrorTypeRequired, "status.components[0].versions[1].nextTransition.time"),
			))
		})
	})
})
