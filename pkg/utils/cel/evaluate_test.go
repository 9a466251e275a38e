// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/test/examples"
)

func passed() OmegaMatcher {
	return MatchFields(IgnoreExtras, Fields{"Status": Equal(StatusPassed), "Message": BeEmpty()})
}

func failed(message string) OmegaMatcher {
	return MatchFields(IgnoreExtras, Fields{"Status": Equal(StatusFailed), "Message": Equal(message)})
}

func errored(message string) OmegaMatcher {
	switch {
	case strings.HasPrefix(message, "rule compilation error: "):
		return MatchFields(IgnoreExtras, Fields{"Status": Equal(StatusCompileError), "Message": ContainSubstring(strings.TrimPrefix(message, "rule compilation error: "))})
	case strings.HasPrefix(message, "rule compilation error:"):
		return MatchFields(IgnoreExtras, Fields{"Status": Equal(StatusCompileError)})
	}
	return MatchFields(IgnoreExtras, Fields{"Status": Equal(StatusEvaluationError), "Message": And(ContainSubstring(strings.TrimPrefix(message, "rule evaluation error: ")), Not(HavePrefix("rule ")))})
}

func mustCompile(validations []gardencorev1beta1.CompatibilityValidation, mode Mode) RuleSet {
	GinkgoHelper()
	compiled, errs := Compile(validations, field.NewPath("spec", "validations"), mode)
	Expect(errs).To(BeEmpty())
	return compiled
}

// setProviderConfig replaces the providerConfig of the Shoot's extension of type extensionType.
func setProviderConfig(shoot *gardencorev1beta1.Shoot, extensionType string, config map[string]any) {
	GinkgoHelper()
	for i := range shoot.Spec.Extensions {
		if shoot.Spec.Extensions[i].Type == extensionType {
			raw, err := json.Marshal(config)
			Expect(err).NotTo(HaveOccurred())
			shoot.Spec.Extensions[i].ProviderConfig = &runtime.RawExtension{Raw: raw}
			return
		}
	}
	Fail("no extension " + extensionType)
}

var _ = Describe("Evaluate", func() {
	ctx := context.Background()

	DescribeTable("the example profiles against the example Shoots",
		func(shootFile, profileFile, component, version string, expected ...OmegaMatcher) {
			compiled := mustCompile(versionRules(loadProfile(profileFile), component, version), StoredExpressions)
			results := Evaluate(ctx, compiled, loadShoot(shootFile))
			Expect(results).To(HaveExactElements(expected))
			for i, r := range results {
				Expect(r.Index).To(Equal(i))
				Expect(r.Rule).To(Equal(compiled[i].Rule))
			}
		},
		Entry("traefik 3.7.0 fails its Kubernetes rule on 1.34.9",
			"shoot-rejected-cel-rule-kubernetes.yaml", "extensionprofile-shoot-traefik.yaml", "traefik", "3.7.0",
			passed(),
			failed("traefik 3.7 requires Kubernetes 1.35 or newer (illustrative rule)")),
		Entry("falco 0.44.1 fails its Garden Linux rule on a pool with 1877.5.0",
			"shoot-rejected-cel-rule-machine-image.yaml", "extensionprofile-shoot-falco-service.yaml", "falco", "0.44.1",
			passed(),
			passed(),
			failed("falco 0.44 requires Garden Linux 1877.8.0 or newer on gardenlinux worker pools (illustrative rule)")),
		Entry("falco 0.44.1 passes on the accepted Shoot",
			"shoot-accepted-falco-traefik.yaml", "extensionprofile-shoot-falco-service.yaml", "falco", "0.44.1",
			passed(), passed(), passed()),
		Entry("traefik 3.6.13 passes on the accepted Shoot",
			"shoot-accepted-falco-traefik.yaml", "extensionprofile-shoot-traefik.yaml", "traefik", "3.6.13",
			passed()),
		Entry("traefik 3.6.1 fails its rule on the Shoot's own providerConfig (ingressProvider KubernetesIngressNGINX)",
			"shoot-accepted-falco-traefik.yaml", "extensionprofile-shoot-traefik.yaml", "traefik", "3.6.1",
			passed(),
			failed("ingressProvider KubernetesIngressNGINX requires traefik 3.6.2 or newer")),
		Entry("falco 0.42.1 passes on Kubernetes 1.36.2",
			"shoot-accepted-envoy-gateway-falco.yaml", "extensionprofile-shoot-falco-service.yaml", "falco", "0.42.1",
			passed()),
		Entry("envoy-gateway 1.9.1 passes with channel standard",
			"shoot-accepted-envoy-gateway-falco.yaml", "extensionprofile-envoy-gateway.yaml", "envoy-gateway", "1.9.1",
			passed(), passed(), passed(), passed()),
	)

	Describe("the envoy-gateway 1.9.1 channel rule on the Shoot's providerConfig", func() {
		const channelMessage = "While 1.9.1 is in preview only the standard Gateway API channel is offered (operator policy, illustrative)"

		DescribeTable("reads providerConfig.channel",
			func(config map[string]any, expected OmegaMatcher) {
				shoot := loadShoot("shoot-accepted-envoy-gateway-falco.yaml")
				if config != nil {
					setProviderConfig(shoot, "envoy-gateway", config)
				} else {
					shoot.Spec.Extensions[0].ProviderConfig = nil
				}
				compiled := mustCompile(versionRules(loadProfile("extensionprofile-envoy-gateway.yaml"), "envoy-gateway", "1.9.1"), StoredExpressions)
				Expect(compiled[2].Message).To(Equal(channelMessage))
				Expect(Evaluate(ctx, compiled, shoot)[2]).To(expected)
			},
			Entry("standard", map[string]any{"kind": "EnvoyGatewayConfig", "channel": "standard"}, passed()),
			Entry("experimental", map[string]any{"kind": "EnvoyGatewayConfig", "channel": "experimental"}, failed(channelMessage)),
			Entry("unset", map[string]any{"kind": "EnvoyGatewayConfig"}, passed()),
			Entry("no providerConfig", nil, passed()),
		)
	})

	Describe("errors", func() {
		var shoot *gardencorev1beta1.Shoot

		BeforeEach(func() {
			shoot = loadShoot("shoot-accepted-falco-traefik.yaml")
		})

		It("reports a field read without has() that is unset as an evaluation error, not a panic", func() {
			shoot.Spec.Purpose = nil
			setProviderConfig(shoot, "shoot-traefik", map[string]any{"spec": map[string]any{"replicas": 2}})
			compiled := mustCompile([]gardencorev1beta1.CompatibilityValidation{
				{Rule: "shoot.spec.purpose == 'evaluation'", Message: "evaluation only"},
				{Rule: "shoot.spec.extensions.all(e, e.type != 'shoot-traefik' || e.providerConfig.spec.ingressProvider != 'KubernetesIngressNGINX')"},
				{Rule: "!has(shoot.spec.purpose) || shoot.spec.purpose == 'evaluation'"},
			}, NewExpressions)

			Expect(Evaluate(ctx, compiled, shoot)).To(HaveExactElements(
				errored("rule evaluation error: no such key: purpose"),
				errored("rule evaluation error: no such key: ingressProvider"),
				passed(),
			))
		})

		It("reports a failed rule without a message with the rule", func() {
			compiled := mustCompile(rules("shoot.spec.region == 'eu-west-1'"), NewExpressions)
			Expect(Evaluate(ctx, compiled, shoot)).To(HaveExactElements(failed("failed rule: shoot.spec.region == 'eu-west-1'")))
		})

		It("reports a rule that did not compile as an error", func() {
			compiled, errs := Compile(rules("shoot.spec.regoin == 'local'", "shoot.spec.region == 'local'"), field.NewPath("x"), StoredExpressions)
			Expect(errs).To(HaveLen(1))
			Expect(Evaluate(ctx, compiled, shoot)).To(HaveExactElements(
				errored("rule compilation error: Invalid value: \"shoot.spec.regoin == 'local'\": compilation failed: ERROR: <input>:1:11: undefined field 'regoin'"),
				passed(),
			))
		})

		It("reports an exhausted budget on the rule that exceeded it and on every later rule, without running them", func() {
			compiled := mustCompile(rules(
				"shoot.spec.region == 'local'",
				"shoot.spec.provider.workers.all(w, w.minimum >= 1)",
				"shoot.spec.region == 'local'",
			), NewExpressions)
			first := Evaluate(ctx, compiled[:1], shoot)[0]
			Expect(first).To(passed())

			evaluator, err := NewEvaluator(shoot, int64(first.Cost)+1)
			Expect(err).NotTo(HaveOccurred())
			results := evaluator.Evaluate(ctx, compiled)
			Expect(results).To(HaveExactElements(
				passed(),
				errored("rule evaluation error: validation failed due to running out of cost budget, no further validation rules will be run"),
				errored("rule evaluation error: validation failed due to running out of cost budget"),
			))
			Expect(results[1].Cost).To(BeNumerically(">", 0))
			Expect(results[2].Cost).To(BeZero())
			Expect(evaluator.RemainingBudget()).To(BeNumerically("<", 0))

			// The budget is shared across calls on one Evaluator.
			Expect(evaluator.Evaluate(ctx, compiled[:1])).To(HaveExactElements(errored("running out of cost budget")))
		})

		It("gives an Evaluator made WithBudget its own budget and leaves the original's spent", func() {
			compiled := mustCompile(rules("shoot.spec.provider.workers.all(w, w.minimum >= 1)"), NewExpressions)
			evaluator, err := NewEvaluator(shoot, 1)
			Expect(err).NotTo(HaveOccurred())
			Expect(evaluator.Evaluate(ctx, compiled)).To(HaveExactElements(errored("running out of cost budget")))

			fresh := evaluator.WithBudget(DefaultCostBudget)
			Expect(fresh.Evaluate(ctx, compiled)).To(HaveExactElements(passed()))
			Expect(fresh.RemainingBudget()).To(BeNumerically("<", DefaultCostBudget))
			Expect(evaluator.RemainingBudget()).To(BeNumerically("<", 0))
			Expect(evaluator.Evaluate(ctx, compiled)).To(HaveExactElements(errored("running out of cost budget")))
		})

		It("stops a stored rule at the per-call runtime limit", func() {
			for i := range 40 {
				shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, gardencorev1beta1.Worker{Name: fmt.Sprintf("pool-%d", i)})
			}
			// Always true, so that every one of the 42^4 iterations runs.
			compiled := mustCompile(rules("shoot.spec.provider.workers.all(a, shoot.spec.provider.workers.all(b, shoot.spec.provider.workers.all(c, shoot.spec.provider.workers.all(d, size(a.name) + size(d.name) >= 0))))"), StoredExpressions)
			Expect(compiled[0].EstimatedCost).To(BeNumerically(">", uint64(MaxRuleCost)))
			results := Evaluate(ctx, compiled, shoot)
			Expect(results).To(HaveExactElements(errored("rule evaluation error: operation cancelled: actual cost limit exceeded")))
		})

		It("honours a cancelled context", func() {
			cancelled, cancel := context.WithCancel(ctx)
			cancel()
			compiled := mustCompile(rules("shoot.spec.region == 'local'"), NewExpressions)
			Expect(Evaluate(cancelled, compiled, shoot)).To(HaveExactElements(errored("rule evaluation error: context canceled")))
		})

		It("reports every rule as an error when there is no Shoot", func() {
			compiled := mustCompile(rules("has(shoot.spec)", "has(shoot.spec)"), NewExpressions)
			Expect(Evaluate(ctx, compiled, nil)).To(HaveExactElements(
				errored("rule evaluation error: shoot must not be nil"),
				errored("rule evaluation error: shoot must not be nil"),
			))
		})
	})

	Describe("the value bound to shoot", func() {
		It("has apiVersion and kind even when the Go object has no TypeMeta, and leaves the Shoot unchanged", func() {
			shoot := loadShoot("shoot-accepted-falco-traefik.yaml")
			shoot.TypeMeta = gardencorev1beta1.Shoot{}.TypeMeta
			before := shoot.DeepCopy()
			compiled := mustCompile(rules("shoot.apiVersion == 'core.gardener.cloud/v1beta1' && shoot.kind == 'Shoot' && shoot.metadata.name == 'falco-traefik-eval'"), NewExpressions)
			Expect(Evaluate(ctx, compiled, shoot)).To(HaveExactElements(passed()))
			Expect(shoot).To(Equal(before))
		})

		It("treats null and omitted fields as absent and reads int-or-string and integer fields", func() {
			shoot := loadShoot("shoot-accepted-falco-traefik.yaml")
			shoot.Spec.Provider.Workers[0].Machine.Image.Version = nil
			compiled := mustCompile(rules(
				"!has(shoot.metadata.creationTimestamp)",
				"!has(shoot.spec.provider.workers[0].machine.image.version)",
				"shoot.spec.provider.workers[0].maxSurge == 1 && shoot.spec.provider.workers[0].maximum == 2",
				"shoot.spec.provider.workers.all(w, w.cri.name == 'containerd')",
			), NewExpressions)
			Expect(Evaluate(ctx, compiled, shoot)).To(HaveExactElements(passed(), passed(), passed(), passed()))
		})

		It("reads the Shoot as changed by an earlier maintenance step", func() {
			shoot := loadShoot("shoot-rejected-cel-rule-kubernetes.yaml")
			compiled := mustCompile(versionRules(loadProfile("extensionprofile-shoot-traefik.yaml"), "traefik", "3.7.0"), StoredExpressions)
			Expect(Evaluate(ctx, compiled, shoot)[1]).To(failed("traefik 3.7 requires Kubernetes 1.35 or newer (illustrative rule)"))

			shoot.Spec.Kubernetes.Version = "1.35.6"
			Expect(Evaluate(ctx, compiled, shoot)).To(HaveExactElements(passed(), passed()))
		})

		It("shares what rules read between the rules of one Evaluator and spends its budget", func() {
			shoot := loadShoot("shoot-accepted-falco-traefik.yaml")
			evaluator, err := NewEvaluator(shoot, DefaultCostBudget)
			Expect(err).NotTo(HaveOccurred())
			compiled := mustCompile(rules("shoot.spec.purpose == 'evaluation'", "shoot.spec.provider.workers.exists(w, w.name == shoot.spec.provider.workers[0].name)"), NewExpressions)
			Expect(evaluator.Evaluate(ctx, compiled)).To(HaveExactElements(passed(), passed()))
			Expect(evaluator.Evaluate(ctx, compiled)).To(HaveExactElements(passed(), passed()))
			Expect(evaluator.RemainingBudget()).To(BeNumerically("<", DefaultCostBudget))
		})
	})
})

var _ = Describe("ShootValue", func() {
	ctx := context.Background()

	It("reads every example Shoot exactly as its JSON form without nulls", func() {
		names := examples.Names("shoot-")
		Expect(names).NotTo(BeEmpty())
		for _, name := range names {
			shoot := loadShoot(name)
			shoot.TypeMeta = metav1.TypeMeta{}
			Expect(materialize(ShootValue(shoot))).To(Equal(jsonForm(shoot)), name)
		}
	})

	It("drops nulls at every depth of providerConfig and keeps null list elements", func() {
		shoot := loadShoot("shoot-accepted-falco-traefik.yaml")
		shoot.Annotations = map[string]string{"example.gardener.cloud/a": "b"}
		setProviderConfig(shoot, "shoot-traefik", map[string]any{
			"apiVersion": "traefik.extensions.gardener.cloud/v1alpha1",
			"spec":       map[string]any{"replicas": 2, "ratio": 0.5, "unset": nil, "list": []any{nil, map[string]any{"a": nil, "b": true}}},
		})
		Expect(materialize(ShootValue(shoot))).To(Equal(jsonForm(shoot)))

		compiled := mustCompile(rules(
			"shoot.spec.extensions.exists(e, e.type == 'shoot-traefik' && !has(e.providerConfig.spec.unset) && e.providerConfig.spec.replicas == 2)",
			"shoot.spec.extensions.exists(e, e.type == 'shoot-traefik' && e.providerConfig.spec.list[1] == {'b': true} && size(e.providerConfig.spec.list[1]) == 1)",
			"shoot.spec.extensions.exists(e, e.type == 'shoot-traefik' && e.providerConfig.spec.list[0] == null)",
			"shoot.spec.provider.workers[0] == shoot.spec.provider.workers[0] && shoot.spec.provider.workers != [] && shoot.spec.provider.workers[0] in shoot.spec.provider.workers",
			"size(shoot.spec.provider.workers + shoot.spec.provider.workers) == 2 * size(shoot.spec.provider.workers)",
			"shoot.metadata.annotations.all(k, k != '') && !has(shoot.metadata.labels) && !has(shoot.metadata.deletionTimestamp)",
		), StoredExpressions)
		Expect(Evaluate(ctx, compiled, shoot)).To(HaveEach(passed()))
	})
})

// jsonForm is the Shoot as the rules saw it before ShootValue: its unstructured JSON form,
// nulls dropped from maps, apiVersion and kind set.
func jsonForm(shoot *gardencorev1beta1.Shoot) map[string]any {
	obj, err := runtime.DefaultUnstructuredConverter.ToUnstructured(shoot)
	Expect(err).NotTo(HaveOccurred())
	var drop func(any) any
	drop = func(v any) any {
		switch v := v.(type) {
		case map[string]any:
			for k, item := range v {
				if item == nil {
					delete(v, k)
					continue
				}
				v[k] = drop(item)
			}
		case []any:
			for i := range v {
				v[i] = drop(v[i])
			}
		}
		return v
	}
	obj = drop(obj).(map[string]any)
	if obj["apiVersion"] == nil {
		obj["apiVersion"] = "core.gardener.cloud/v1beta1"
	}
	if obj["kind"] == nil {
		obj["kind"] = "Shoot"
	}
	return obj
}

// materialize reads a CEL value completely, through the traits rules use.
func materialize(v ref.Val) any {
	switch value := v.(type) {
	case traits.Mapper:
		out := map[string]any{}
		for it := value.Iterator(); it.HasNext() == types.True; {
			key := it.Next()
			found, ok := value.Find(key)
			Expect(ok).To(BeTrue(), "key %v is iterated but not found", key)
			Expect(value.Contains(key)).To(Equal(types.True))
			out[string(key.(types.String))] = materialize(found)
		}
		Expect(value.Size()).To(Equal(types.Int(len(out))))
		return out
	case traits.Lister:
		var out []any
		for it := value.Iterator(); it.HasNext() == types.True; {
			out = append(out, materialize(it.Next()))
		}
		Expect(value.Size()).To(Equal(types.Int(len(out))))
		return out
	case types.Null:
		return nil
	case types.Int:
		return int64(value)
	case types.Double:
		return float64(value)
	}
	return v.Value()
}
