// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	"fmt"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/cel"
)

// pathological nests four comprehensions over the worker pools: 100^4 iterations under the
// schema bounds.
const pathological = "shoot.spec.provider.workers.all(a, shoot.spec.provider.workers.all(b, shoot.spec.provider.workers.all(c, shoot.spec.provider.workers.all(d, a.name != b.name || c.name != d.name))))"

func fieldError(typ field.ErrorType, path string, detail ...string) OmegaMatcher {
	detailMatchers := make([]OmegaMatcher, 0, len(detail))
	for _, d := range detail {
		detailMatchers = append(detailMatchers, ContainSubstring(d))
	}
	return PointTo(MatchFields(IgnoreExtras, Fields{
		"Type":   Equal(typ),
		"Field":  Equal(path),
		"Detail": And(append(detailMatchers, Not(BeEmpty()))...),
	}))
}

var _ = Describe("Compile", func() {
	validationsPath := field.NewPath("spec", "components").Index(0).Child("versions").Index(2).Child("compatibility", "validations")

	It("compiles all 26 rules of the example profiles without errors, in both modes", func() {
		count := 0
		for _, file := range exampleProfiles {
			profile := loadProfile(file)
			for i, c := range profile.Spec.Components {
				for j, v := range c.Versions {
					if v.Compatibility == nil {
						continue
					}
					path := field.NewPath("spec", "components").Index(i).Child("versions").Index(j).Child("compatibility", "validations")
					for _, mode := range []Mode{NewExpressions, StoredExpressions} {
						compiled, errs := Compile(v.Compatibility.Validations, path, mode)
						Expect(errs).To(BeEmpty(), "%s %s %s", file, c.Name, v.Version)
						Expect(compiled).To(HaveLen(len(v.Compatibility.Validations)))
						for k, r := range compiled {
							Expect(r.Err()).NotTo(HaveOccurred())
							Expect(r.Rule).To(Equal(v.Compatibility.Validations[k].Rule))
							Expect(r.Message).To(Equal(v.Compatibility.Validations[k].Message))
							Expect(r.EstimatedCost).To(BeNumerically(">", 0))
							Expect(r.EstimatedCost).To(BeNumerically("<=", MaxRuleCost))
						}
					}
					count += len(v.Compatibility.Validations)
				}
			}
			Expect(ValidateExtensionProfileRules(&profile.Spec, nil)).To(BeEmpty(), file)
		}
		Expect(count).To(Equal(26))
	})

	DescribeTable("rejects a rule with the compiler's message on the rule's path",
		func(rule string, mode Mode, typ field.ErrorType, detail ...string) {
			compiled, errs := Compile([]gardencorev1beta1.CompatibilityValidation{
				{Rule: "has(shoot.spec.purpose)"},
				{Rule: rule, Message: "some message"},
			}, validationsPath, mode)
			Expect(errs).To(ConsistOf(fieldError(typ, "spec.components[0].versions[2].compatibility.validations[1].rule", detail...)))
			if typ == field.ErrorTypeInvalid {
				Expect(errs[0].BadValue).To(Equal(rule))
			}

			// The failing rule stays in the set, so that evaluation cannot skip it.
			Expect(compiled).To(HaveLen(2))
			Expect(compiled[0].Err()).NotTo(HaveOccurred())
			Expect(compiled[1].Err()).To(MatchError(ContainSubstring(detail[0])))
			Expect(compiled[1].EstimatedCost).To(BeZero())
		},
		Entry("a misspelled field", "shoot.spec.kubernetes.versoin == '1.35.0'", NewExpressions, field.ErrorTypeInvalid,
			"compilation failed: ERROR: <input>:1:22: undefined field 'versoin'"),
		Entry("a misspelled field, also for stored rules", "shoot.spec.kubernetes.versoin == '1.35.0'", StoredExpressions, field.ErrorTypeInvalid,
			"compilation failed: ERROR: <input>:1:22: undefined field 'versoin'"),
		Entry("a misspelled field below a list", "shoot.spec.provider.workers.all(w, w.machine.imag.name == 'ubuntu')", NewExpressions, field.ErrorTypeInvalid,
			"compilation failed: ERROR: <input>:1:45: undefined field 'imag'"),
		Entry("a type error", "shoot.spec.kubernetes.version > 1", NewExpressions, field.ErrorTypeInvalid,
			"compilation failed: ERROR: <input>:1:31: found no matching overload for '_>_' applied to '(string, int)'"),
		Entry("a string output", "shoot.spec.kubernetes.version", NewExpressions, field.ErrorTypeInvalid,
			"must evaluate to bool, but evaluates to string"),
		Entry("an int output", "size(shoot.spec.provider.workers)", NewExpressions, field.ErrorTypeInvalid,
			"must evaluate to bool, but evaluates to int"),
		Entry("a dyn output read from providerConfig", "shoot.spec.extensions[0].providerConfig.enabled", NewExpressions, field.ErrorTypeInvalid,
			"must evaluate to bool, but evaluates to dyn"),
		Entry("a syntax error", "shoot.spec.purpose ==", NewExpressions, field.ErrorTypeInvalid,
			"compilation failed: ERROR: <input>:1:"),
		Entry("an unknown variable", "self.spec.purpose == 'evaluation'", NewExpressions, field.ErrorTypeInvalid,
			"compilation failed: ERROR: <input>:1:1: undeclared reference to 'self'"),
		Entry("four nested comprehensions over the worker pools, for cost", pathological, NewExpressions, field.ErrorTypeForbidden,
			"estimated rule cost ", "exceeds the limit of 1000000 per rule"),
		Entry("two nested comprehensions over the worker pools, for cost",
			"shoot.spec.provider.workers.all(a, shoot.spec.provider.workers.all(b, a.name != b.name || a.minimum == b.minimum))", NewExpressions, field.ErrorTypeForbidden,
			"exceeds the limit of 1000000 per rule"),
	)

	It("types providerConfig as dyn, so rules can read an extension's own configuration", func() {
		_, errs := Compile(rules(
			"shoot.spec.extensions.all(e, !has(e.providerConfig) || !has(e.providerConfig.channel) || e.providerConfig.channel == 'standard')",
			"shoot.spec.extensions.exists(e, e.providerConfig.spec.replicas > 1)",
		), validationsPath, NewExpressions)
		Expect(errs).To(BeEmpty())
	})

	It("offers the Kubernetes libraries of the base environment", func() {
		_, errs := Compile(rules(
			"semver(shoot.spec.kubernetes.version, true).isGreaterThan(semver('1.30.0'))",
			"isSemver(shoot.spec.kubernetes.version)",
			"shoot.spec.region.matches('^eu-')",
			"!has(shoot.spec.networking) || !has(shoot.spec.networking.nodes) || cidr(shoot.spec.networking.nodes).prefixLength() <= 24",
			"shoot.spec.provider.workers.map(w, w.maximum).sum() <= 1000",
			"shoot.spec.provider.workers.all(w, !has(w.zones) || w.zones.isSorted())",
			"sets.contains(['local', 'aws', 'gcp'], [shoot.spec.provider.type])",
			"!has(shoot.metadata.labels) || !shoot.metadata.labels.exists(k, k.startsWith('example.gardener.cloud/'))",
			"shoot.metadata.name.size() < 64 && shoot.kind == 'Shoot'",
		), validationsPath, NewExpressions)
		Expect(errs).To(BeEmpty())
	})

	It("does not enforce the cost estimate for stored rules", func() {
		compiled, errs := Compile(rules(pathological), validationsPath, StoredExpressions)
		Expect(errs).To(BeEmpty())
		Expect(compiled[0].EstimatedCost).To(BeNumerically(">", uint64(MaxRuleCost)))
	})

	It("sums the estimated costs of a rule set", func() {
		compiled, errs := Compile(rules("has(shoot.spec.purpose)", "shoot.spec.region.matches('^eu-')"), validationsPath, NewExpressions)
		Expect(errs).To(BeEmpty())
		Expect(compiled.EstimatedCost()).To(Equal(compiled[0].EstimatedCost + compiled[1].EstimatedCost))
	})
})

var _ = Describe("ValidateExtensionProfileRules", func() {
	rulePath := field.NewPath("spec", "components").Index(0).Child("versions").Index(0).Child("compatibility", "validations").Index(0).Child("rule")

	DescribeTable("checks a rule as written to an ExtensionProfile, new or unchanged",
		func(rule string, unchanged bool, matchers ...OmegaMatcher) {
			spec := &gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "c",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{{
					Version:       "1.0.0",
					Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: rules(rule)},
				}},
			}}}
			var oldSpec *gardencorev1beta1.ExtensionProfileSpec
			if unchanged {
				oldSpec = spec.DeepCopy()
			}
			Expect(ValidateExtensionProfileRules(spec, oldSpec)).To(ConsistOf(matchers))
		},
		Entry("a valid new rule", "!has(shoot.spec.purpose) || shoot.spec.purpose == 'evaluation'", false),
		Entry("a misspelled new rule", "shoot.spec.purpse == 'evaluation'", false,
			fieldError(field.ErrorTypeInvalid, rulePath.String(), "undefined field 'purpse'")),
		Entry("a misspelled unchanged rule", "shoot.spec.purpse == 'evaluation'", true,
			fieldError(field.ErrorTypeInvalid, rulePath.String(), "undefined field 'purpse'")),
		Entry("a too expensive new rule", pathological, false,
			fieldError(field.ErrorTypeForbidden, rulePath.String(), "exceeds the limit of 1000000 per rule")),
		Entry("a too expensive unchanged rule (ratcheting)", pathological, true),
		// Constant arguments are evaluated when a rule is written (fails by construction otherwise).
		Entry("an invalid constant semver", "semver(shoot.spec.kubernetes.version).compareTo(semver('v1.35.0')) >= 0", false,
			fieldError(field.ErrorTypeInvalid, rulePath.String(), "a constant expression of the rule cannot be evaluated", "Invalid character(s) found in major number")),
		Entry("an invalid constant quantity", "!has(shoot.spec.purpose) || quantity('1x').isGreaterThan(quantity('1'))", false,
			fieldError(field.ErrorTypeInvalid, rulePath.String(), "a constant expression of the rule cannot be evaluated")),
		Entry("an invalid constant regular expression", "shoot.metadata.name.matches('[')", false,
			fieldError(field.ErrorTypeInvalid, rulePath.String(), "invalid matches argument")),
		Entry("an invalid constant regular expression of find", "shoot.metadata.name.find('(') == ''", false,
			fieldError(field.ErrorTypeInvalid, rulePath.String(), "missing closing )")),
		Entry("valid constant arguments", "semver(shoot.spec.kubernetes.version).compareTo(semver('1.35.0')) >= 0 && shoot.metadata.name.matches('^[a-z]+$')", false),
		Entry("an invalid constant semver in a stored rule (ratcheting)", "semver(shoot.spec.kubernetes.version).compareTo(semver('v1.35.0')) >= 0", true),
	)

	// A rule of moderate cost; enough versions carry it to exceed MaxProfileCost in total.
	const rule = "shoot.spec.provider.workers.all(w, w.name.matches('^[a-z]+$') && w.machine.type.matches('^[a-z]+$'))"

	expensiveProfile := func() *gardencorev1beta1.ExtensionProfileSpec {
		compiled, errs := Compile(rules(rule), field.NewPath("x"), NewExpressions)
		Expect(errs).To(BeEmpty())
		n := int(MaxProfileCost/compiled[0].EstimatedCost) + 1
		component := gardencorev1beta1.ExtensionProfileComponent{Name: "c"}
		for i := range n {
			component.Versions = append(component.Versions, gardencorev1beta1.ExtensionComponentVersion{
				Version:       fmt.Sprintf("1.0.%d", i),
				Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: rules(rule)},
			})
		}
		return &gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{component}}
	}

	It("rejects a new profile whose rules exceed the total cost limit", func() {
		Expect(ValidateExtensionProfileRules(expensiveProfile(), nil)).To(ConsistOf(
			fieldError(field.ErrorTypeForbidden, "spec.components", "exceeds the limit of 10000000 per ExtensionProfile")))
	})

	It("accepts an update that adds no rule to a profile above the total cost limit", func() {
		spec := expensiveProfile()
		updated := spec.DeepCopy()
		updated.Components[0].Versions = updated.Components[0].Versions[1:]
		Expect(ValidateExtensionProfileRules(updated, spec)).To(BeEmpty())
	})

	It("rejects an update that adds a rule to a profile above the total cost limit", func() {
		spec := expensiveProfile()
		updated := spec.DeepCopy()
		updated.Components[0].Versions[0].Compatibility.Validations = append(updated.Components[0].Versions[0].Compatibility.Validations,
			rules("has(shoot.spec.purpose)")...)
		Expect(ValidateExtensionProfileRules(updated, spec)).To(ConsistOf(
			fieldError(field.ErrorTypeForbidden, "spec.components", "per ExtensionProfile")))
	})

	It("reports every bad rule on its path, checking changed rules in NewExpressions mode", func() {
		old := loadProfile("extensionprofile-shoot-falco-service.yaml")
		spec := old.Spec.DeepCopy()
		spec.Components[0].Versions[4].Compatibility.Validations[1].Rule = "shoot.spec.kubernetes.versoin == '1.35.0'"
		spec.Components[0].Versions[4].Compatibility.Validations = append(spec.Components[0].Versions[4].Compatibility.Validations,
			gardencorev1beta1.CompatibilityValidation{Rule: pathological})

		Expect(ValidateExtensionProfileRules(spec, &old.Spec)).To(ConsistOf(
			fieldError(field.ErrorTypeInvalid, "spec.components[0].versions[4].compatibility.validations[1].rule", "undefined field 'versoin'"),
			fieldError(field.ErrorTypeForbidden, "spec.components[0].versions[4].compatibility.validations[3].rule", "exceeds the limit of 1000000 per rule"),
		))
		Expect(strings.Contains(spec.Components[0].Versions[4].Version, "0.44")).To(BeTrue())
	})
})
