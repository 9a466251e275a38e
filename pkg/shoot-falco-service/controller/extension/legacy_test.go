// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/events"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/shoot-falco-service/controller/extension"
	"github.com/gep-78/gardener/pkg/shoot-falco-service/falco"
)

var _ = Describe("the legacy providerConfig.falcoVersion", func() {
	const namespace = "shoot--dev--falco-traefik-eval"

	var (
		ctx        = context.Background()
		c          client.Client
		recorder   *events.FakeRecorder
		reconciler *Reconciler
		ext        *extensionsv1alpha1.Extension
	)

	BeforeEach(func() {
		ext, _ = exampleExtensions()
	})

	run := func(providerConfig string, components ...extensionsv1alpha1.ExtensionComponent) error {
		GinkgoHelper()
		ext.Spec.ProviderConfig = &runtime.RawExtension{Raw: []byte(providerConfig)}
		ext.Spec.Components = components
		c = fakeclient.NewClientBuilder().WithScheme(kubernetes.SeedScheme).
			WithStatusSubresource(&extensionsv1alpha1.Extension{}).WithObjects(ext).Build()
		recorder = events.NewFakeRecorder(10)
		reconciler = &Reconciler{Client: c, Decoder: NewDecoder(), Clock: testclock.NewFakeClock(time.Date(2026, 11, 29, 9, 14, 21, 0, time.UTC)), Recorder: recorder}
		_, err := reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(ext)})
		return err
	}
	deployed := func() (*appsv1.Deployment, *corev1.ConfigMap) {
		GinkgoHelper()
		deployment, configMap := &appsv1.Deployment{}, &corev1.ConfigMap{}
		Expect(c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: falco.DeploymentName}, deployment)).To(Succeed())
		Expect(c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: falco.ConfigMapName}, configMap)).To(Succeed())
		return deployment, configMap
	}

	It("deploys the legacy version when the Shoot pins none, with its own rules and the container plugin by version, and warns that the field is deprecated", func() {
		Expect(run(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoServiceConfig","falcoVersion":"0.42.1","autoUpdate":true,"destinations":[{"name":"logging"}]}`)).To(Succeed())
		deployment, configMap := deployed()
		Expect(deployment.Spec.Template.Spec.Containers[0].Image).To(Equal("falcosecurity/falco:0.42.1"))
		Expect(configMap.Data).To(Equal(map[string]string{"version": "0.42.1", "rulesVersion": "0.42.1", "containerPlugin": "true"}))
		Expect(recorder.Events).To(Receive(Equal("Warning DeprecatedFalcoVersion providerConfig.falcoVersion is deprecated: falco 0.42.1 is deployed from it; pin Shoot.spec.extensions[].components[name=falco].version instead")))

		obj := &extensionsv1alpha1.Extension{}
		Expect(c.Get(ctx, client.ObjectKeyFromObject(ext), obj)).To(Succeed())
		Expect(obj.Status.LastOperation.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
	})

	It("turns the container plugin off for a legacy version before 0.41.2", func() {
		Expect(run(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoServiceConfig","falcoVersion":"0.40.0"}`)).To(Succeed())
		_, configMap := deployed()
		Expect(configMap.Data).To(HaveKeyWithValue("containerPlugin", "false"))
	})

	It("deploys the pin when both are set, and says that the pin wins", func() {
		Expect(run(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoServiceConfig","falcoVersion":"0.42.1"}`,
			extensionsv1alpha1.ExtensionComponent{Name: "falco", Version: "0.44.1", ProviderConfig: &runtime.RawExtension{Raw: []byte(
				`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","rulesVersion":"0.44.0","image":{"repository":"registry.example/falco","tag":"0.44.1-gardener"}}`)}})).To(Succeed())
		deployment, configMap := deployed()
		Expect(deployment.Spec.Template.Spec.Containers[0].Image).To(Equal("registry.example/falco:0.44.1-gardener"), "the image of the profile entry")
		Expect(configMap.Data).To(HaveKeyWithValue("version", "0.44.1"))
		Expect(recorder.Events).To(Receive(Equal("Warning DeprecatedFalcoVersion providerConfig.falcoVersion 0.42.1 is deprecated and ignored: the pin of component falco (0.44.1) wins; remove falcoVersion from Shoot.spec.extensions[].providerConfig")))
	})

	It("records no event without the legacy field", func() {
		Expect(run(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoServiceConfig"}`,
			extensionsv1alpha1.ExtensionComponent{Name: "falco", Version: "0.44.1"})).To(Succeed())
		Expect(recorder.Events).NotTo(Receive())
	})

	It("fails with the field path for a legacy value that is not a version", func() {
		err := run(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoServiceConfig","falcoVersion":"latest"}`)
		Expect(err).To(MatchError(ContainSubstring(`spec.providerConfig.falcoVersion: Invalid value: "latest": must be a semantic version`)))
	})
})
