// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("The worker variable", func() {
	var rulePath = field.NewPath("rule")

	compile := func(rule string, mode Mode) (*CompiledRule, field.ErrorList) {
		compiled, errs := Compile([]gardencorev1beta1.CompatibilityValidation{{Rule: rule, Message: "needs g6"}}, rulePath, mode)
		Expect(compiled).To(HaveLen(1))
		return &compiled[0], errs
	}

	DescribeTable("is type-checked like shoot",
		func(rule, detail string) {
			compiled, errs := compile(rule, StoredExpressions)
			if detail == "" {
				Expect(errs).To(BeEmpty())
				Expect(ReadsWorker(compiled)).To(BeTrue())
				return
			}
			Expect(errs).To(ConsistOf(PointTo(HaveField("Detail", ContainSubstring(detail)))))
		},
		Entry("the machine type", "worker.machine.type.startsWith('g6')", ""),
		Entry("the image beside the Shoot's version", "worker.machine.image.name == 'gardenlinux' && shoot.spec.kubernetes.version != ''", ""),
		Entry("a misspelled field", "worker.machine.tpye == 'g6'", "undefined field 'tpye'"),
		Entry("a type error", "worker.maximum == 'three'", "found no matching overload"),
	)

	It("is bounded for cost estimation as the pools of shoot are", func() {
		perPool, errs := compile("worker.zones.all(z, z.startsWith('eu'))", StoredExpressions)
		Expect(errs).To(BeEmpty())
		allPools, errs := compile("shoot.spec.provider.workers.all(w, w.zones.all(z, z.startsWith('eu')))", StoredExpressions)
		Expect(errs).To(BeEmpty())
		Expect(perPool.EstimatedCost).To(BeNumerically(">", 0))
		Expect(allPools.EstimatedCost).To(BeNumerically(">=", perPool.EstimatedCost*MaxWorkers))
	})

	It("is refused in new rules until admission evaluates it per pool; shoot rules do not read it", func() {
		_, errs := compile("worker.machine.type.startsWith('g6')", NewExpressions)
		Expect(errs).To(ConsistOf(PointTo(And(
			HaveField("Type", field.ErrorTypeForbidden),
			HaveField("Field", "rule[0].rule"),
			HaveField("Detail", ContainSubstring("not evaluated yet")),
		))))

		compiled, errs := compile("shoot.spec.provider.workers.all(worker, worker.machine.type != '')", NewExpressions)
		Expect(errs).To(BeEmpty())
		Expect(ReadsWorker(compiled)).To(BeFalse())

		_, errs = compile("shoot.spec.provider.workers.all(w, w.name == worker.name)", NewExpressions)
		Expect(errs).To(ConsistOf(PointTo(HaveField("Type", field.ErrorTypeForbidden))), "worker read inside a comprehension over another variable")
		_, errs = compile("[worker.name].all(worker, worker != '')", NewExpressions)
		Expect(errs).To(ConsistOf(PointTo(HaveField("Type", field.ErrorTypeForbidden))), "worker read in the range of a comprehension that binds worker")
	})

	It("evaluates against the pool it is bound to, and fails without one", func() {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{
			{Name: "old", Machine: gardencorev1beta1.Machine{Type: "p4d.24xlarge"}},
			{Name: "new", Machine: gardencorev1beta1.Machine{Type: "g6.xlarge"}},
		}}}}
		compiled, errs := compile("worker.machine.type.startsWith('g6')", StoredExpressions)
		Expect(errs).To(BeEmpty())
		rules := RuleSet{*compiled}
		evaluator, err := NewEvaluator(shoot, DefaultCostBudget)
		Expect(err).NotTo(HaveOccurred())

		ctx := context.Background()
		Expect(evaluator.ForWorker(&shoot.Spec.Provider.Workers[1]).Evaluate(ctx, rules)).To(ConsistOf(HaveField("Status", StatusPassed)))
		Expect(evaluator.ForWorker(&shoot.Spec.Provider.Workers[0]).Evaluate(ctx, rules)).To(ConsistOf(And(
			HaveField("Status", StatusFailed), HaveField("Message", "needs g6"))))
		Expect(evaluator.Evaluate(ctx, rules)).To(ConsistOf(HaveField("Status", StatusEvaluationError)))
	})
})
