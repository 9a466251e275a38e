// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared_test

import (
	"context"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/component/shared"
)

var _ = Describe("NewExtension", func() {
	It("deploys every listed type that is not disabled, the last entry of a repeated type winning", func() {
		ctx := context.Background()
		seedClient := fakeclient.NewClientBuilder().WithScheme(kubernetes.SeedScheme).Build()
		deployer, err := NewExtension(ctx, logr.Discard(), nil, seedClient, "shoot--dev--a", extensionsv1alpha1.ExtensionClassShoot, []gardencorev1beta1.Extension{
			{Type: "a", ProviderConfig: raw(`{"first":true}`)},
			{Type: "b", Disabled: ptr.To(true)},
			{Type: "a", ProviderConfig: raw(`{"second":true}`)},
		}, false)
		Expect(err).NotTo(HaveOccurred())
		Expect(deployer.Extensions()).To(HaveLen(1))
		Expect(deployer.Extensions()["a"].Spec.ProviderConfig.Raw).To(MatchJSON(`{"second":true}`))

		Expect(deployer.Deploy(ctx)).To(Succeed())
		list := &extensionsv1alpha1.ExtensionList{}
		Expect(seedClient.List(ctx, list)).To(Succeed())
		Expect(list.Items).To(ConsistOf(HaveField("Spec.Type", "a")))
		Expect(list.Items[0].Spec.Class).To(BeNil())
	})
})
