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
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("Compatibility rules that read worker", func() {
	const (
		gpuType  = "gpu-driver"
		needsG6  = "driver 570 needs machine type family g6"
		needsK8s = "driver 570 needs Kubernetes 1.34"
	)
	var (
		ctx     = context.Background()
		shoot   *gardencorev1beta1.Shoot
		profile *gardencorev1beta1.ExtensionProfile
	)

	pool := func(name, machineType string, overrides ...string) gardencorev1beta1.Worker {
		w := gardencorev1beta1.Worker{Name: name, Machine: gardencorev1beta1.Machine{Type: machineType}}
		for _, component := range overrides {
			w.Extensions = append(w.Extensions, gardencorev1beta1.WorkerExtension{Type: gpuType,
				Components: []gardencorev1beta1.ExtensionComponent{{Name: component, Version: ptr.To("535")}}})
		}
		return w
	}

	BeforeEach(func() {
		shoot = &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "gpu", Namespace: "garden-dev"},
			Spec: gardencorev1beta1.ShootSpec{
				Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.34.2"},
				Provider: gardencorev1beta1.Provider{Type: "local", Workers: []gardencorev1beta1.Worker{
					pool("old", "p4d.24xlarge", "driver"), pool("new", "g6.xlarge"), pool("cpu", "m5.large", "toolkit"),
				}},
				Extensions: []gardencorev1beta1.Extension{{Type: gpuType, Components: []gardencorev1beta1.ExtensionComponent{{Name: "driver", Version: ptr.To("570")}}}},
			},
		}
		profile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: gpuType, Generation: 1},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "driver", PerWorkerPool: true,
				Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "535"}, {
					Version: "570",
					Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{
						{Rule: "semver(shoot.spec.kubernetes.version).isGreaterThan(semver('1.34.0'))", Message: needsK8s},
						{Rule: "worker.machine.type.startsWith('g6')", Message: needsG6},
					}},
				}},
			}, {
				// Overridden in pool cpu; admission checks that pin too.
				Name: "toolkit", PerWorkerPool: true, Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "535"}},
			}}},
		}
	})

	failure := func(pool string) RuleFailure {
		return RuleFailure{Index: 1, Rule: "worker.machine.type.startsWith('g6')", Pool: pool, Status: celutils.StatusFailed, Message: needsG6}
	}

	Describe("CheckWorker, for a pin of one pool", func() {
		DescribeTable("evaluates every rule once with worker bound to the pool",
			func(poolName string, ok bool, expected []RuleFailure) {
				failures, prepared := NewCELCompatibilityChecker(celutils.NewCache()).ForShoot(shoot).CheckWorker(ctx, profile, "driver", "570", poolName)
				Expect(prepared).To(Equal(ok))
				Expect(failures).To(Equal(expected))
			},
			Entry("a g6 pool passes", "new", true, nil),
			Entry("another pool fails, named", "old", true, []RuleFailure{failure("old")}),
			Entry("a pool the Shoot does not have fails every rule", "gone", false, []RuleFailure{
				{Index: 0, Rule: "semver(shoot.spec.kubernetes.version).isGreaterThan(semver('1.34.0'))", Status: celutils.StatusEvaluationError, Message: "the Shoot has no worker pool gone"},
				{Index: 1, Rule: "worker.machine.type.startsWith('g6')", Status: celutils.StatusEvaluationError, Message: "the Shoot has no worker pool gone"},
			}),
		)

		It("does not name the pool of a rule that does not read worker", func() {
			shoot.Spec.Kubernetes.Version = "1.33.5"
			failures, _ := NewCELCompatibilityChecker(celutils.NewCache()).ForShoot(shoot).CheckWorker(ctx, profile, "driver", "570", "old")
			Expect(failures).To(HaveLen(2))
			Expect(failures[0].Pool).To(BeEmpty())
			Expect(failures[0].Detail()).To(Equal(needsK8s))
			Expect(failures[1].Detail()).To(Equal("worker pool old: " + needsG6))
		})
	})

	Describe("Check, for the Shoot-level pin", func() {
		It("evaluates a rule that reads worker once per pool without an override of the component", func() {
			failures, ok := NewCELCompatibilityChecker(celutils.NewCache()).ForShoot(shoot).Check(ctx, profile, "driver", "570")
			Expect(ok).To(BeTrue())
			// old overrides driver; cpu overrides another component, so it runs the Shoot-level 570.
			Expect(failures).To(Equal([]RuleFailure{failure("cpu")}))
		})

		It("evaluates a rule that does not read worker once, and every pool in order", func() {
			shoot.Spec.Kubernetes.Version = "1.33.5"
			shoot.Spec.Provider.Workers[0].Extensions = nil
			failures, _ := NewCELCompatibilityChecker(celutils.NewCache()).ForShoot(shoot).Check(ctx, profile, "driver", "570")
			Expect(failures).To(HaveLen(3))
			Expect(failures[0]).To(HaveField("Index", 0))
			Expect(failures[1:]).To(Equal([]RuleFailure{failure("old"), failure("cpu")}))
		})

		It("counts an override without a version as the Shoot's version", func() {
			shoot.Spec.Provider.Workers[0].Extensions[0].Components[0].Version = nil
			failures, _ := NewCELCompatibilityChecker(celutils.NewCache()).ForShoot(shoot).Check(ctx, profile, "driver", "570")
			Expect(failures).To(Equal([]RuleFailure{failure("old"), failure("cpu")}))
		})

		It("passes a rule that reads worker when no pool runs the version", func() {
			shoot.Spec.Provider.Workers = shoot.Spec.Provider.Workers[:1]
			failures, ok := NewCELCompatibilityChecker(celutils.NewCache()).ForShoot(shoot).Check(ctx, profile, "driver", "570")
			Expect(ok).To(BeTrue())
			Expect(failures).To(BeEmpty())
		})

		It("spends one budget for all pools of a call", func() {
			shoot.Spec.Provider.Workers = nil
			for i := range 20 {
				shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, gardencorev1beta1.Worker{Name: fmt.Sprintf("pool-%d", i), Zones: []string{"a"}})
			}
			// Each evaluation stops at the per-call limit, about a tenth of the budget.
			profile.Spec.Components[0].Versions[1].Compatibility.Validations = []gardencorev1beta1.CompatibilityValidation{{
				Rule: "shoot.spec.provider.workers.all(a, shoot.spec.provider.workers.all(b, shoot.spec.provider.workers.all(c, shoot.spec.provider.workers.all(d, size(a.name) + size(worker.name) >= 0))))"}}
			failures, _ := NewCELCompatibilityChecker(celutils.NewCache()).ForShoot(shoot).Check(ctx, profile, "driver", "570")
			Expect(failures).To(HaveLen(20))
			Expect(failures[0].Message).To(ContainSubstring("actual cost limit exceeded"))
			Expect(failures[19].Message).To(ContainSubstring("running out of cost budget"))
		})
	})

	Describe("admission of the Shoot-level pin", func() {
		validate := func(shoot, old *gardencorev1beta1.Shoot) (field.ErrorList, []string) {
			req := AdmissionRequest{
				Shoot: shoot,
				Profile: func(context.Context, string) (*gardencorev1beta1.ExtensionProfile, error) {
					return profile, nil
				},
				Rules: celutils.NewCache(),
				Now:   now,
			}
			if old != nil {
				req.Update, req.OldExtensions = true, old.Spec.Extensions
				req.OldShoot = func() (*gardencorev1beta1.Shoot, error) { return old, nil }
			}
			errs, warnings, err := ValidatePins(ctx, req)
			Expect(err).NotTo(HaveOccurred())
			return errs, warnings
		}

		It("reports a pool failing at the pin's version, naming the pool", func() {
			errs, _ := validate(shoot, nil)
			Expect(errs).To(ConsistOf(And(
				HaveField("Type", field.ErrorTypeInvalid),
				HaveField("Field", "spec.extensions[0].components[0].version"),
				HaveField("Detail", "worker pool cpu: "+needsG6),
			)))
		})

		DescribeTable("old-vs-new per pool",
			func(change func(shoot *gardencorev1beta1.Shoot), failing ...string) {
				old := shoot.DeepCopy()
				change(shoot)
				errs, _ := validate(shoot, old)
				var details []string
				for _, pool := range failing {
					details = append(details, "worker pool "+pool+": "+needsG6)
				}
				Expect(errs).To(HaveLen(len(failing)))
				for i, err := range errs {
					Expect(err.Detail).To(Equal(details[i]))
				}
			},
			Entry("a pool that failed before is no error", func(*gardencorev1beta1.Shoot) {}),
			Entry("a new pool failing is introduced", func(s *gardencorev1beta1.Shoot) {
				s.Spec.Provider.Workers = append(s.Spec.Provider.Workers, pool("m6", "m6.large"))
			}, "m6"),
			Entry("a pool whose override is removed newly runs the version", func(s *gardencorev1beta1.Shoot) {
				s.Spec.Provider.Workers[0].Extensions = nil
			}, "old"),
			Entry("a pool moved off g6 is introduced", func(s *gardencorev1beta1.Shoot) {
				s.Spec.Provider.Workers[1].Machine.Type = "m5.large"
			}, "new"),
		)
	})

	Describe("checkPool, for admission of a pool's pin", func() {
		It("binds worker to the pool and compares the pool old-vs-new", func() {
			old := shoot.DeepCopy()
			shoot.Spec.Provider.Workers[1].Machine.Type = "m5.large"
			check := newCompatibilityCheck(AdmissionRequest{Shoot: shoot, Rules: celutils.NewCache(), Now: now,
				OldShoot: func() (*gardencorev1beta1.Shoot, error) { return old, nil }})
			path := func() *field.Path {
				return field.NewPath("spec", "provider", "workers").Index(1).Child("extensions").Index(0)
			}

			errs, _ := check.checkPool(ctx, path, profile, gpuType, "driver", "570", "new", true)
			Expect(errs).To(ConsistOf(HaveField("Detail", "worker pool new: "+needsG6)))
			errs, _ = check.checkPool(ctx, path, profile, gpuType, "driver", "570", "old", true)
			Expect(errs).To(BeEmpty(), "old failed before")
			errs, _ = check.checkPool(ctx, path, profile, gpuType, "driver", "570", "old", false)
			Expect(errs).To(HaveLen(1), "without baseline")
		})
	})
})

var _ = Describe("DecidePool with rules that read worker", func() {
	It("checks a candidate with worker bound to the pin's pool", func() {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.35.1"},
			Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{
				{Name: "plain", Machine: gardencorev1beta1.Machine{Type: "m5.large"}},
				{Name: "sandbox", Machine: gardencorev1beta1.Machine{Type: "g6.xlarge"},
					CRI: &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor",
						Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.1"),
							AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(patch)}}}}}}},
			}},
		}}
		agent := maintenanceComponent("1.0.1, 1.0.2")
		agent.Versions[1].Compatibility = &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{
			{Rule: "worker.machine.type.startsWith('g6')", Message: "needs g6"}}}
		profile := &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor", Generation: 1},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{agent}}}
		pin := v1beta1helper.PoolComponentPins(shoot.Spec.Extensions, shoot.Spec.Provider.Workers)[0]
		checker := NewCELCompatibilityChecker(celutils.NewCache())

		Expect(DecidePool(context.Background(), profile, shoot, pin, now, soak, nil, checker).Target).To(Equal("1.0.2"), "the pool plain does not run the runtime")
		shoot.Spec.Provider.Workers[1].Machine.Type = "m5.xlarge"
		Expect(DecidePool(context.Background(), profile, shoot, pin, now, soak, nil, checker).String()).To(Equal(
			"keep: no compatible target: 1.0.2 (worker pool sandbox: needs g6)"))
	})
})

var _ = DescribeTable("IntroducedRuleFailures per pool",
	func(current, previous []RuleFailure, expected []RuleFailure) {
		Expect(IntroducedRuleFailures(current, previous, true)).To(Equal(expected))
	},
	Entry("a pool failing before is not introduced",
		[]RuleFailure{{Index: 1, Pool: "a"}}, []RuleFailure{{Index: 1, Pool: "a"}}, nil),
	Entry("another pool failing the same rule is",
		[]RuleFailure{{Index: 1, Pool: "a"}, {Index: 1, Pool: "b"}}, []RuleFailure{{Index: 1, Pool: "a"}}, []RuleFailure{{Index: 1, Pool: "b"}}),
	Entry("a pool failing another rule is",
		[]RuleFailure{{Index: 2, Pool: "a"}}, []RuleFailure{{Index: 1, Pool: "a"}}, []RuleFailure{{Index: 2, Pool: "a"}}),
	Entry("a rule without worker is keyed by index alone",
		[]RuleFailure{{Index: 0}}, []RuleFailure{{Index: 0}}, nil),
)
