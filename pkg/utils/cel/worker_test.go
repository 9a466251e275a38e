// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	"context"
	"fmt"

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

	DescribeTable("is type-checked like shoot, and accepted in new rules",
		func(rule, detail string) {
			compiled, errs := compile(rule, NewExpressions)
			if detail == "" {
				Expect(errs).To(BeEmpty())
				Expect(compiled.ReadsWorker()).To(BeTrue())
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

	DescribeTable("is read by a rule only outside a comprehension that binds the name",
		func(rule string, reads bool) {
			compiled, errs := compile(rule, StoredExpressions)
			Expect(errs).To(BeEmpty())
			Expect(compiled.ReadsWorker()).To(Equal(reads))
			Expect(RuleSet{*compiled}.ReadsWorker()).To(Equal(reads))
		},
		Entry("the pool's machine type", "worker.machine.type.startsWith('g6')", true),
		Entry("the pool's image beside the Shoot", "worker.machine.image.name != 'gardenlinux' || shoot.spec.kubernetes.version != ''", true),
		Entry("a comprehension binding worker", "shoot.spec.provider.workers.all(worker, worker.machine.type != '')", false),
		Entry("worker inside a comprehension over another name", "shoot.spec.provider.workers.all(w, w.name == worker.name)", true),
		Entry("worker in the range of a comprehension that binds it", "[worker.name].all(worker, worker != '')", true),
		Entry("no worker", "shoot.spec.kubernetes.version != ''", false),
	)

	It("counts once per pool of the bound in the profile's cost", func() {
		rule := "worker.zones.all(z, z.startsWith('eu'))"
		compiled, errs := compile(rule, NewExpressions)
		Expect(errs).To(BeEmpty())
		spec := func(versions int) *gardencorev1beta1.ExtensionProfileSpec {
			component := gardencorev1beta1.ExtensionProfileComponent{Name: "driver"}
			for i := range versions {
				component.Versions = append(component.Versions, gardencorev1beta1.ExtensionComponentVersion{
					Version:       fmt.Sprintf("1.0.%d", i),
					Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{{Rule: rule}}},
				})
			}
			return &gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{component}}
		}
		fits := int(MaxProfileCost / (compiled.EstimatedCost * MaxWorkers))
		Expect(fits).To(BeNumerically(">", 0))
		Expect(ValidateExtensionProfileRules(spec(fits), nil)).To(BeEmpty())
		Expect(ValidateExtensionProfileRules(spec(fits+1), nil)).To(ConsistOf(PointTo(And(
			HaveField("Type", field.ErrorTypeForbidden),
			HaveField("Field", "spec.components"),
			HaveField("Detail", ContainSubstring("a rule that reads worker counted for 100 pools")),
		))))
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
		Expect(evaluator.ForWorker(&shoot.Spec.Provider.Workers[0]).EvaluateRule(ctx, rules, 0)).To(And(
			HaveField("Index", 0), HaveField("Status", StatusFailed), HaveField("Message", "needs g6")))
		Expect(evaluator.Evaluate(ctx, rules)).To(ConsistOf(HaveField("Status", StatusEvaluationError)))
	})

	It("spends the budget of the Evaluator it was bound from", func() {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{
			{Name: "a", Zones: []string{"eu-1", "eu-2", "eu-3"}},
		}}}}
		compiled, errs := compile("worker.zones.all(z, z.startsWith('eu'))", StoredExpressions)
		Expect(errs).To(BeEmpty())
		rules := RuleSet{*compiled}
		evaluator, err := NewEvaluator(shoot, 1000)
		Expect(err).NotTo(HaveOccurred())
		pool := evaluator.ForWorker(&shoot.Spec.Provider.Workers[0])

		results := pool.Evaluate(context.Background(), rules)
		Expect(results).To(ConsistOf(HaveField("Status", StatusPassed)))
		Expect(results[0].Cost).To(BeNumerically(">", 0))
		Expect(evaluator.RemainingBudget()).To(Equal(1000 - int64(results[0].Cost)))
		Expect(pool.RemainingBudget()).To(Equal(evaluator.RemainingBudget()))

		own := pool.WithBudget(1000)
		Expect(own.Evaluate(context.Background(), rules)).To(ConsistOf(HaveField("Status", StatusPassed)), "WithBudget keeps the pool")
		Expect(evaluator.RemainingBudget()).To(Equal(1000-int64(results[0].Cost)), "and spends its own budget")

		spent := evaluator.WithBudget(int64(results[0].Cost))
		bound := spent.ForWorker(&shoot.Spec.Provider.Workers[0])
		Expect(bound.Evaluate(context.Background(), rules)).To(ConsistOf(HaveField("Status", StatusPassed)))
		Expect(bound.Evaluate(context.Background(), rules)).To(ConsistOf(HaveField("Message", ContainSubstring("running out of cost budget"))))
		Expect(spent.RemainingBudget()).To(BeNumerically("<", 0))
	})
})
