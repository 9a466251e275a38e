// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package bootstrappers_test

import (
	"context"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/gep-78/gardener/pkg/apis/extensions/crds"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
)

var _ = Describe("EnsureExtensionCRD", func() {
	var (
		ctx context.Context
		c   client.Client
	)

	BeforeEach(func() {
		ctx = context.Background()
		c = fakeclient.NewClientBuilder().WithScheme(kubernetes.SeedScheme).Build()
	})

	establish := func(name string) {
		GinkgoHelper()
		crd := &apiextensionsv1.CustomResourceDefinition{}
		Expect(c.Get(ctx, client.ObjectKey{Name: name}, crd)).To(Succeed())
		crd.Status.Conditions = []apiextensionsv1.CustomResourceDefinitionCondition{{Type: apiextensionsv1.Established, Status: apiextensionsv1.ConditionTrue}}
		Expect(c.Status().Update(ctx, crd)).To(Succeed())
	}

	It("applies the CRD and times out while it is not established", func() {
		err := EnsureExtensionCRD(ctx, logr.Discard(), c, 10*time.Millisecond, 50*time.Millisecond)
		Expect(err).To(MatchError(ContainSubstring("is not established")))

		crd := &apiextensionsv1.CustomResourceDefinition{}
		Expect(c.Get(ctx, client.ObjectKey{Name: crds.ExtensionCRDName}, crd)).To(Succeed())
		Expect(crd.Spec.Names.Kind).To(Equal("Extension"))
		Expect(crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties).To(HaveKey("components"))
		Expect(c.Get(ctx, client.ObjectKey{Name: crds.ContainerRuntimeCRDName}, crd)).To(MatchError(apierrors.IsNotFound, "IsNotFound"))
	})

	It("applies the ContainerRuntime CRD once the Extension CRD is established", func() {
		Expect(EnsureExtensionCRD(ctx, logr.Discard(), c, 10*time.Millisecond, 50*time.Millisecond)).NotTo(Succeed())
		establish(crds.ExtensionCRDName)

		err := EnsureExtensionCRD(ctx, logr.Discard(), c, 10*time.Millisecond, 50*time.Millisecond)
		Expect(err).To(MatchError(ContainSubstring("is not established")))
		crd := &apiextensionsv1.CustomResourceDefinition{}
		Expect(c.Get(ctx, client.ObjectKey{Name: crds.ContainerRuntimeCRDName}, crd)).To(Succeed())
		Expect(crd.Spec.Names.Kind).To(Equal("ContainerRuntime"))
		Expect(crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties).To(HaveKey("components"))
	})

	It("returns once the CRDs are established, and applies again without error", func() {
		Expect(EnsureExtensionCRD(ctx, logr.Discard(), c, 10*time.Millisecond, 50*time.Millisecond)).NotTo(Succeed())
		establish(crds.ExtensionCRDName)
		Expect(EnsureExtensionCRD(ctx, logr.Discard(), c, 10*time.Millisecond, 50*time.Millisecond)).NotTo(Succeed())
		establish(crds.ContainerRuntimeCRDName)

		Expect(EnsureExtensionCRD(ctx, logr.Discard(), c, 10*time.Millisecond, time.Second)).To(Succeed())
	})

	It("overwrites a drifted CRD", func() {
		Expect(EnsureExtensionCRD(ctx, logr.Discard(), c, 10*time.Millisecond, 50*time.Millisecond)).NotTo(Succeed())
		crd := &apiextensionsv1.CustomResourceDefinition{}
		Expect(c.Get(ctx, client.ObjectKey{Name: crds.ExtensionCRDName}, crd)).To(Succeed())
		crd.Spec.Names.ShortNames = []string{"drifted"}
		Expect(c.Update(ctx, crd)).To(Succeed())
		establish(crds.ExtensionCRDName)
		Expect(EnsureExtensionCRD(ctx, logr.Discard(), c, 10*time.Millisecond, 50*time.Millisecond)).NotTo(Succeed())
		establish(crds.ContainerRuntimeCRDName)

		Expect(EnsureExtensionCRD(ctx, logr.Discard(), c, 10*time.Millisecond, time.Second)).To(Succeed())
		Expect(c.Get(ctx, client.ObjectKey{Name: crds.ExtensionCRDName}, crd)).To(Succeed())
		Expect(crd.Spec.Names.ShortNames).To(ConsistOf("ext"))
	})
})
