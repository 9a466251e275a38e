// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("the cost estimate of a rule", func() {
	estimate := func(rule string) uint64 {
		GinkgoHelper()
		rules, errs := Compile([]gardencorev1beta1.CompatibilityValidation{{Rule: rule}}, field.NewPath("spec"), StoredExpressions)
		Expect(errs).To(BeEmpty())
		Expect(rules).To(HaveLen(1))
		Expect(rules[0].Err()).NotTo(HaveOccurred())
		return rules.EstimatedCost()
	}

	DescribeTable("grows with the bounds of what the rule reads",
		func(cheaper, dearer string) {
			Expect(estimate(cheaper)).To(BeNumerically("<", estimate(dearer)))
		},
		Entry("one field, then a comprehension over the extensions",
			`shoot.spec.kubernetes.version == "1.34.1"`, `shoot.spec.extensions.all(e, e.type != "")`),
		Entry("the zones of a pool (10), then the pools (100)",
			`shoot.spec.provider.workers[0].zones.all(z, z != "")`, `shoot.spec.provider.workers.all(w, w.name != "")`),
		Entry("one comprehension, then a nested one",
			`shoot.spec.extensions.all(e, e.type != "")`, `shoot.spec.extensions.all(e, e.components.all(c, c.name != ""))`),
		Entry("a string compared, then a string searched",
			`shoot.spec.kubernetes.version == "1.34.1"`, `shoot.spec.kubernetes.version.contains("1.34")`),
	)

	DescribeTable("keeps within the limit of one rule the rules the bounds allow",
		func(rule string) {
			Expect(estimate(rule)).To(BeNumerically("<=", MaxRuleCost))
			_, errs := Compile([]gardencorev1beta1.CompatibilityValidation{{Rule: rule}}, field.NewPath("spec"), NewExpressions)
			Expect(errs).To(BeEmpty())
		},
		Entry("every component of every extension", `shoot.spec.extensions.all(e, e.components.all(c, c.name != ""))`),
		Entry("every zone of every pool", `shoot.spec.provider.workers.all(w, w.zones.all(z, z.startsWith("eu")))`),
		Entry("a providerConfig field", `shoot.spec.extensions.exists(e, e.type == "shoot-falco-service" && has(e.providerConfig.mode))`),
		Entry("the labels", `shoot.metadata.labels.all(k, k.size() < 64)`),
	)

	It("refuses a new rule over the limit of one rule, and keeps it when it is stored", func() {
		rule := `shoot.spec.provider.workers.all(w, shoot.spec.extensions.all(e, e.components.all(c, c.name.contains(w.name))))`
		Expect(estimate(rule)).To(BeNumerically(">", MaxRuleCost))
		_, errs := Compile([]gardencorev1beta1.CompatibilityValidation{{Rule: rule}}, field.NewPath("spec", "validations"), NewExpressions)
		Expect(errs).To(ConsistOf(HaveField("Detail", ContainSubstring("exceeds the limit of"))))
		Expect(errs[0].Field).To(Equal("spec.validations[0].rule"))
	})

	It("adds up the estimates of a rule set", func() {
		one, two := `shoot.spec.kubernetes.version == "1.34.1"`, `shoot.spec.extensions.all(e, e.type != "")`
		rules, errs := Compile([]gardencorev1beta1.CompatibilityValidation{{Rule: one}, {Rule: two}}, field.NewPath("spec"), StoredExpressions)
		Expect(errs).To(BeEmpty())
		Expect(rules.EstimatedCost()).To(Equal(estimate(one) + estimate(two)))
	})
})
