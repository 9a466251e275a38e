// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("the shoot value rules read", func() {
	shoot := func() *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "eval", Labels: map[string]string{"team": "a", "tier": "b"}},
			Spec: gardencorev1beta1.ShootSpec{
				Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.34.1"},
				Provider: gardencorev1beta1.Provider{Type: "local", Workers: []gardencorev1beta1.Worker{
					{Name: "pool", Zones: []string{"z1", "z2"}, Machine: gardencorev1beta1.Machine{Type: "m5.large"}},
				}},
				Extensions: []gardencorev1beta1.Extension{
					{Type: "shoot-traefik"},
					{Type: "shoot-falco-service", ProviderConfig: &runtime.RawExtension{
						Raw: []byte(`{"mode":"audit","rules":["a","b"],"unset":null,"nested":{"x":null,"y":1},"items":[{"k":null,"v":2}]}`),
					}},
				},
			},
		}
	}
	const falco = "shoot.spec.extensions[1].providerConfig"

	DescribeTable("reads the Shoot as its JSON, with omitted and null fields absent",
		func(rule string, want OmegaMatcher) {
			rules := mustCompile([]gardencorev1beta1.CompatibilityValidation{{Rule: rule, Message: "m"}}, StoredExpressions)
			Expect(Evaluate(context.Background(), rules, shoot())).To(ConsistOf(want))
		},
		Entry("apiVersion and kind, also when the object has none", `shoot.apiVersion == "core.gardener.cloud/v1beta1" && shoot.kind == "Shoot"`, passed()),
		Entry("metadata", `shoot.metadata.name == "eval" && shoot.metadata.namespace == "garden-dev"`, passed()),
		Entry("a label", `shoot.metadata.labels["team"] == "a"`, passed()),
		Entry("a label key", `"tier" in shoot.metadata.labels && !("x" in shoot.metadata.labels)`, passed()),
		Entry("the labels' size", `size(shoot.metadata.labels) == 2`, passed()),
		Entry("a nil map is absent", `!has(shoot.metadata.annotations)`, passed()),
		Entry("a nil pointer is absent", `!has(shoot.spec.hibernation)`, passed()),
		Entry("an empty omitempty string is absent", `!has(shoot.metadata.uid)`, passed()),
		Entry("a nested field", `shoot.spec.kubernetes.version == "1.34.1"`, passed()),
		Entry("a list of structs", `size(shoot.spec.extensions) == 2 && shoot.spec.extensions.exists(e, e.type == "shoot-falco-service")`, passed()),
		Entry("a list of strings in a struct", `shoot.spec.provider.workers[0].zones == ["z1", "z2"]`, passed()),
		Entry("a comprehension over a list of structs", `shoot.spec.provider.workers.all(w, w.machine.type == "m5.large" && size(w.zones) == 2)`, passed()),
		Entry("a field of the providerConfig", falco+`.mode == "audit"`, passed()),
		Entry("a null field of the providerConfig is absent", `!has(`+falco+`.unset) && !("unset" in `+falco+`)`, passed()),
		Entry("nulls are not counted", `size(`+falco+`) == 4`, passed()),
		Entry("nulls are absent at every depth", falco+`.nested == {"y": 1} && `+falco+`.items[0] == {"v": 2}`, passed()),
		Entry("iteration skips null keys", falco+`.nested.all(k, k == "y")`, passed()),
		Entry("a value in a list", `"a" in `+falco+`.rules && !("c" in `+falco+`.rules)`, passed()),
		Entry("list concatenation and equality", falco+`.rules + ["c"] == ["a", "b", "c"]`, passed()),
		Entry("list inequality", falco+`.rules != ["a"]`, passed()),
		Entry("a list compared with a string is unequal", falco+`.rules == "x"`, failed("m")),
		Entry("a map compared with a list is unequal", falco+`.nested == ["y"]`, failed("m")),
		Entry("a list of structs compared with a string is unequal", `dyn(shoot.spec.extensions) != "x"`, passed()),
		Entry("a struct compared with a string is unequal", `dyn(shoot.spec.extensions[0]) == "x"`, failed("m")),
		Entry("a value not in a list that holds maps", `!(2 in `+falco+`.items)`, passed()),
		Entry("the types", `type(shoot.spec) == map && type(`+falco+`.rules) == list && type(`+falco+`.nested) == map`, passed()),
		Entry("a rule that is false", `shoot.spec.kubernetes.version == "1.35.0"`, failed("m")),
		Entry("an index out of range", falco+`.rules[5] == "x"`, errored("rule evaluation error: index out of bounds: 5")),
		Entry("a missing key", `shoot.metadata.labels["nope"] == "x"`, errored("rule evaluation error: no such key")),
		Entry("a missing field", falco+`.unset == 1`, errored("rule evaluation error: no such key")),
	)
})
