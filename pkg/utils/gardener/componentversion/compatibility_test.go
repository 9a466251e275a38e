// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

// countingChecker wraps a CompatibilityChecker and counts the Shoots it binds and the checks.
type countingChecker struct {
	inner          CompatibilityChecker
	bound, checked int
}

func (c *countingChecker) ForShoot(shoot *gardencorev1beta1.Shoot) ShootCompatibility {
	c.bound++
	return countingShoot{c: c, inner: c.inner.ForShoot(shoot)}
}

type countingShoot struct {
	c     *countingChecker
	inner ShootCompatibility
}

func (s countingShoot) Check(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) ([]RuleFailure, bool) {
	s.c.checked++
	return s.inner.Check(ctx, profile, component, version)
}

func (s countingShoot) CheckWorker(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version, pool string) ([]RuleFailure, bool) {
	s.c.checked++
	return s.inner.CheckWorker(ctx, profile, component, version, pool)
}

var _ = Describe("Compatibility", func() {
	var (
		ctx     = context.Background()
		shoot   *gardencorev1beta1.Shoot
		profile *gardencorev1beta1.ExtensionProfile
	)

	agent := &ruleScope{extensionType: "shoot-falco-service", component: "agent"}
	// A rule that iterates the workers costs more than 1 unit and passes for the Shoot below.
	const costly = "shoot.spec.provider.workers.all(w, w.minimum >= 1)"

	BeforeEach(func() {
		shoot = &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "dev", Namespace: "garden-dev"},
			Spec: gardencorev1beta1.ShootSpec{
				Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.34.2"},
				Provider:   gardencorev1beta1.Provider{Type: "local", Workers: []gardencorev1beta1.Worker{{Name: "a", Minimum: 1}, {Name: "b", Minimum: 2}}},
				Extensions: []gardencorev1beta1.Extension{{
					Type:       "shoot-falco-service",
					AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyPatch)},
					Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.0")}},
				}},
			},
		}
		component := maintenanceComponent("1.0.0, 1.0.1, 1.0.2, 1.0.3")
		for i := 1; i < len(component.Versions); i++ {
			rule := "semver(shoot.spec.kubernetes.version).isGreaterThan(semver('1.35.0'))"
			if component.Versions[i].Version == "1.0.1" {
				rule = costly
			}
			component.Versions[i].Compatibility = &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{{Rule: rule, Message: component.Versions[i].Version + " needs Kubernetes 1.35"}}}
		}
		profile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service", Generation: 1},
			Spec:       gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{component}},
		}
	})

	Describe("shootRules", func() {
		It("charges check to one shared budget and gives each checkIsolated call a budget of its own", func() {
			for i := range 40 {
				shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, gardencorev1beta1.Worker{Name: fmt.Sprintf("pool-%d", i), Minimum: 1})
			}
			// Stopped at the per-call limit (about a tenth of the budget) every time it runs.
			profile.Spec.Components[0].Versions[1].Compatibility.Validations[0].Rule = "shoot.spec.provider.workers.all(a, shoot.spec.provider.workers.all(b, shoot.spec.provider.workers.all(c, shoot.spec.provider.workers.all(d, size(a.name) + size(d.name) >= 0))))"
			rules := celutils.NewCache().Get(profile).Rules("agent", "1.0.1")
			Expect(rules).To(HaveLen(1))
			perCallLimit := HaveExactElements(HaveField("Message", ContainSubstring("actual cost limit exceeded")))

			isolated := newShootRules(shoot)
			for range 3 {
				failures, ok := isolated.checkIsolated(ctx, rules, agent)
				Expect(ok).To(BeTrue())
				Expect(failures).To(perCallLimit)
			}

			shared := newShootRules(shoot)
			var last []RuleFailure
			for range 11 { // ten calls spend the budget
				last, _ = shared.check(ctx, rules, agent)
			}
			Expect(last).To(HaveExactElements(HaveField("Message", ContainSubstring("running out of cost budget"))))
			// The shared budget is spent, an isolated call on the same ShootRules still runs.
			failures, _ := shared.checkIsolated(ctx, rules, agent)
			Expect(failures).To(perCallLimit)
		})

		It("fails every rule with the cause when there is no Shoot to prepare", func() {
			rules := celutils.NewCache().Get(profile).Rules("agent", "1.0.2")
			failures, ok := newShootRules(nil).checkIsolated(ctx, rules, agent)
			Expect(ok).To(BeFalse())
			Expect(failures).To(HaveExactElements(HaveField("Status", celutils.StatusEvaluationError)))
		})
	})

	Describe("the CEL checker", func() {
		It("passes a version without rules and one the profile does not list", func() {
			check := NewCELCompatibilityChecker(celutils.NewCache()).ForShoot(shoot)
			for _, version := range []string{"1.0.0", "9.9.9"} {
				failures, ok := check.Check(ctx, profile, "agent", version)
				Expect(ok).To(BeTrue())
				Expect(failures).To(BeEmpty())
			}
		})

		It("returns the failing rules of a version", func() {
			failures, ok := NewCELCompatibilityChecker(celutils.NewCache()).ForShoot(shoot).Check(ctx, profile, "agent", "1.0.2")
			Expect(ok).To(BeTrue())
			Expect(failures).To(Equal([]RuleFailure{{Index: 0, Rule: "semver(shoot.spec.kubernetes.version).isGreaterThan(semver('1.35.0'))",
				Status: celutils.StatusFailed, Message: "1.0.2 needs Kubernetes 1.35"}}))
		})

		It("compiles a profile once per generation", func() {
			checker := NewCELCompatibilityChecker(celutils.NewCache())
			_, _ = checker.ForShoot(shoot).Check(ctx, profile, "agent", "1.0.2")
			profile.Spec.Components[0].Versions[2].Compatibility.Validations[0].Rule = "true"
			failures, _ := checker.ForShoot(shoot).Check(ctx, profile, "agent", "1.0.2")
			Expect(failures).To(HaveLen(1), "the same generation keeps its compiled rules")
			profile.Generation++
			failures, _ = checker.ForShoot(shoot).Check(ctx, profile, "agent", "1.0.2")
			Expect(failures).To(BeEmpty())
		})

		It("fails every rule of a Shoot it cannot prepare", func() {
			failures, ok := NewCELCompatibilityChecker(celutils.NewCache()).ForShoot(nil).Check(ctx, profile, "agent", "1.0.2")
			Expect(ok).To(BeFalse())
			Expect(failures).To(HaveExactElements(HaveField("Status", celutils.StatusEvaluationError)))
		})
	})

	Describe("decideUpdate", func() {
		It("binds the Shoot once for all the candidates it checks, and takes the highest compatible one", func() {
			checker := &countingChecker{inner: NewCELCompatibilityChecker(celutils.NewCache())}
			decision, err := decideUpdate(ctx, profile, shoot, 0, 0, now, 0, checker)
			Expect(err).NotTo(HaveOccurred())
			Expect(decision.trigger).To(Equal(triggerAutoUpdate))
			Expect(decision.target).To(Equal("1.0.1"))
			Expect(checker.bound).To(Equal(1))
			Expect(checker.checked).To(Equal(3))
			Expect(decision.rejected).To(HaveLen(2))
		})

		It("decides on the Shoot as it is at the call", func() {
			shoot.Spec.Kubernetes.Version = "1.35.1"
			decision, err := decideUpdate(ctx, profile, shoot, 0, 0, now, 0, NewCELCompatibilityChecker(celutils.NewCache()))
			Expect(err).NotTo(HaveOccurred())
			Expect(decision.target).To(Equal("1.0.3"))
		})
	})
})

var _ = Describe("RuleFailure", func() {
	DescribeTable("#Detail",
		func(failure RuleFailure, expected string) {
			Expect(failure.Detail()).To(Equal(expected))
		},
		Entry("false: the rule's message", RuleFailure{Rule: "r", Status: celutils.StatusFailed, Message: "needs Kubernetes 1.35"}, "needs Kubernetes 1.35"),
		Entry("not compiled", RuleFailure{Rule: "r", Status: celutils.StatusCompileError, Message: "undeclared reference"}, "compatibility rule compilation failed: undeclared reference"),
		Entry("not evaluated", RuleFailure{Rule: "shoot.spec.purpose == 'x'", Status: celutils.StatusEvaluationError, Message: "no such key: purpose"},
			"compatibility rule evaluation failed: no such key: purpose (rule: shoot.spec.purpose == 'x')"),
	)

	It("#ruleFailureDetails returns the details in order, nil for none", func() {
		Expect(ruleFailureDetails(nil)).To(BeNil())
		Expect(ruleFailureDetails([]RuleFailure{{Status: celutils.StatusFailed, Message: "a"}, {Status: celutils.StatusCompileError, Message: "b"}})).To(Equal(
			[]string{"a", "compatibility rule compilation failed: b"}))
	})

	failures := func(indexes ...int) []RuleFailure {
		var out []RuleFailure
		for _, i := range indexes {
			out = append(out, RuleFailure{Index: i, Status: celutils.StatusFailed, Message: fmt.Sprint(i)})
		}
		return out
	}
	DescribeTable("#IntroducedRuleFailures",
		func(current, previous []RuleFailure, baseline bool, expected []RuleFailure) {
			Expect(IntroducedRuleFailures(current, previous, baseline)).To(Equal(expected))
		},
		Entry("without baseline every failure", failures(0, 2), failures(0), false, failures(0, 2)),
		Entry("the rules that passed before", failures(0, 2), failures(0), true, failures(2)),
		Entry("none when all failed before", failures(1), failures(0, 1), true, nil),
		Entry("a rule that could not be evaluated before counts as failed",
			failures(3), []RuleFailure{{Index: 3, Status: celutils.StatusEvaluationError}}, true, nil),
		Entry("no failure now", nil, failures(0), true, nil),
	)
})
