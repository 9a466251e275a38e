// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package containerruntime_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"sigs.k8s.io/controller-runtime/pkg/event"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	gvisorv1alpha1 "github.com/gep-78/gardener/pkg/runtime-gvisor/apis/gvisor/v1alpha1"
	. "github.com/gep-78/gardener/pkg/runtime-gvisor/controller/containerruntime"
)

// Predicate is seedcontroller.Reconcile (tested there) for the ContainerRuntimes of type gvisor.
var _ = DescribeTable("Predicate",
	func(runtimeType string, lastOperation *gardencorev1beta1.LastOperation, want bool) {
		cr := containerRuntime("sandbox", "20260101", "")
		cr.Annotations, cr.Spec.Type, cr.Status.ObservedGeneration, cr.Status.LastOperation = nil, runtimeType, cr.Generation, lastOperation
		Expect(Predicate().Create(event.TypedCreateEvent[*extensionsv1alpha1.ContainerRuntime]{Object: cr})).To(Equal(want))
	},
	Entry("a gvisor runtime not yet reconciled", "gvisor", nil, true),
	Entry("a reconciled gvisor runtime", "gvisor", &gardencorev1beta1.LastOperation{State: gardencorev1beta1.LastOperationStateSucceeded}, false),
	Entry("another type", "kata", nil, false),
)

var _ = Describe("NewDecoder", func() {
	DescribeTable("decodes RunscComponentConfig strictly",
		func(data string, wantErr string) {
			cfg := &gvisorv1alpha1.RunscComponentConfig{}
			_, _, err := NewDecoder().Decode([]byte(data), nil, cfg)
			if wantErr == "" {
				Expect(err).NotTo(HaveOccurred())
				Expect(cfg.Platform).To(Equal("ptrace"))
				return
			}
			Expect(err).To(MatchError(ContainSubstring(wantErr)))
		},
		Entry("a known field", `{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"RunscComponentConfig","platform":"ptrace"}`, ""),
		Entry("an unknown field", `{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"RunscComponentConfig","platfrom":"ptrace"}`, `unknown field "platfrom"`),
		Entry("an unknown kind", `{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"KataConfig"}`, "no kind"),
	)
})
