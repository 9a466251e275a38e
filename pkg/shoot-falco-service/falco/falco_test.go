// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package falco_test

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/shoot-falco-service/falco"
)

const namespace = "shoot--dev--falco"

var _ = DescribeTable("ContainerPluginByDefault is on from falco 0.41.2",
	func(version string, want bool) {
		Expect(ContainerPluginByDefault(version)).To(Equal(want))
	},
	Entry("0.40.0", "0.40.0", false),
	Entry("0.41.1", "0.41.1", false),
	Entry("0.41.2", "0.41.2", true),
	Entry("0.44.1", "0.44.1", true),
	Entry("1.0.0", "1.0.0", true),
	Entry("not a version", "latest", false),
)

var _ = DescribeTable("ConfigMapData",
	func(values Values, want map[string]string) {
		Expect(ConfigMapData(values)).To(Equal(want))
	},
	Entry("the rules version of the values", Values{Version: "0.44.1", RulesVersion: "0.44.0", ContainerPlugin: true},
		map[string]string{"version": "0.44.1", "rulesVersion": "0.44.0", "containerPlugin": "true"}),
	Entry("without a rules version, the falco version's", Values{Version: "0.42.1"},
		map[string]string{"version": "0.42.1", "rulesVersion": "0.42.1", "containerPlugin": "false"}),
)

var _ = Describe("Deploy and Destroy", func() {
	var (
		ctx    = context.Background()
		c      client.Client
		store  client.WithWatch
		values Values
	)

	BeforeEach(func() {
		store = fake.NewClientBuilder().WithScheme(kubernetes.SeedScheme).Build()
		c = store
		values = Values{Namespace: namespace, Version: "0.44.1", RulesVersion: "0.44.0", ContainerPlugin: true, ManagedBy: "gardener-extension-shoot-falco-service"}
	})

	deployed := func() (*appsv1.Deployment, *corev1.ConfigMap) {
		GinkgoHelper()
		deployment, configMap := &appsv1.Deployment{}, &corev1.ConfigMap{}
		Expect(store.Get(ctx, client.ObjectKey{Namespace: namespace, Name: DeploymentName}, deployment)).To(Succeed())
		Expect(store.Get(ctx, client.ObjectKey{Namespace: namespace, Name: ConfigMapName}, configMap)).To(Succeed())
		return deployment, configMap
	}

	It("applies the ConfigMap and a Deployment of the version's image that mounts it, labelled with the version", func() {
		Expect(Deploy(ctx, c, values)).To(Succeed())
		deployment, configMap := deployed()
		wantLabels := map[string]string{LabelName: "falco", LabelVersion: "0.44.1", LabelManagedBy: "gardener-extension-shoot-falco-service"}
		Expect(configMap.Labels).To(Equal(wantLabels))
		Expect(configMap.Data).To(Equal(ConfigMapData(values)))
		Expect(deployment.Labels).To(Equal(wantLabels))
		Expect(*deployment.Spec.Replicas).To(BeZero())
		Expect(deployment.Spec.Selector.MatchLabels).To(Equal(map[string]string{LabelName: "falco"}))
		Expect(deployment.Spec.Template.Labels).To(Equal(wantLabels))
		container := deployment.Spec.Template.Spec.Containers[0]
		Expect(container.Image).To(Equal("falcosecurity/falco:0.44.1"))
		Expect(container.VolumeMounts).To(ConsistOf(HaveField("MountPath", "/etc/falco/gardener")))
		Expect(deployment.Spec.Template.Spec.Volumes).To(ConsistOf(HaveField("VolumeSource.ConfigMap.Name", ConfigMapName)))
		Expect(deployment.Spec.Template.Annotations).To(HaveKey(AnnotationConfigChecksum))
	})

	It("takes the image of the values over the version's, and rolls the pods when the configuration changes", func() {
		Expect(Deploy(ctx, c, values)).To(Succeed())
		deployment, _ := deployed()
		before := deployment.Spec.Template.Annotations[AnnotationConfigChecksum]

		values.Image = "registry.example/falco:0.44.1-patched"
		Expect(Deploy(ctx, c, values)).To(Succeed())
		deployment, _ = deployed()
		Expect(deployment.Spec.Template.Spec.Containers[0].Image).To(Equal("registry.example/falco:0.44.1-patched"))
		Expect(deployment.Spec.Template.Annotations[AnnotationConfigChecksum]).To(Equal(before), "the image is not part of the configuration")

		values.RulesVersion = "0.44.1"
		Expect(Deploy(ctx, c, values)).To(Succeed())
		deployment, configMap := deployed()
		Expect(configMap.Data).To(HaveKeyWithValue("rulesVersion", "0.44.1"))
		Expect(deployment.Spec.Template.Annotations[AnnotationConfigChecksum]).NotTo(Equal(before))
	})

	It("deletes both and takes what is gone as deleted", func() {
		Expect(Deploy(ctx, c, values)).To(Succeed())
		Expect(Destroy(ctx, c, namespace)).To(Succeed())
		Expect(apierrors.IsNotFound(store.Get(ctx, client.ObjectKey{Namespace: namespace, Name: DeploymentName}, &appsv1.Deployment{}))).To(BeTrue())
		Expect(apierrors.IsNotFound(store.Get(ctx, client.ObjectKey{Namespace: namespace, Name: ConfigMapName}, &corev1.ConfigMap{}))).To(BeTrue())
		Expect(Destroy(ctx, c, namespace)).To(Succeed())
	})

	DescribeTable("names the object a write failed for",
		func(funcs interceptor.Funcs, destroy bool, want string) {
			c = interceptor.NewClient(store, funcs)
			var err error
			if destroy {
				err = Destroy(ctx, c, namespace)
			} else {
				err = Deploy(ctx, c, values)
			}
			Expect(err).To(MatchError(ContainSubstring(want)))
		},
		Entry("the ConfigMap's apply", interceptor.Funcs{Apply: failApply("ConfigMap")}, false, "failed applying ConfigMap "+namespace+"/falco-config: refused"),
		Entry("the Deployment's apply", interceptor.Funcs{Apply: failApply("Deployment")}, false, "failed applying Deployment "+namespace+"/falco: refused"),
		Entry("the Deployment's deletion", interceptor.Funcs{Delete: failDelete(&appsv1.Deployment{})}, true, "failed deleting Deployment "+namespace+"/falco: refused"),
		Entry("the ConfigMap's deletion", interceptor.Funcs{Delete: failDelete(&corev1.ConfigMap{})}, true, "failed deleting ConfigMap "+namespace+"/falco-config: refused"),
	)
})

// failApply refuses the apply of the kind and passes others.
func failApply(kind string) func(context.Context, client.WithWatch, runtime.ApplyConfiguration, ...client.ApplyOption) error {
	return func(ctx context.Context, c client.WithWatch, obj runtime.ApplyConfiguration, opts ...client.ApplyOption) error {
		if k, ok := obj.(interface{ GetKind() *string }); ok && k.GetKind() != nil && *k.GetKind() == kind {
			return errors.New("refused")
		}
		return c.Apply(ctx, obj, opts...)
	}
}

// failDelete refuses the deletion of objects of like's type and passes others.
func failDelete(like client.Object) func(context.Context, client.WithWatch, client.Object, ...client.DeleteOption) error {
	return func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.DeleteOption) error {
		if _, same := obj.(*appsv1.Deployment); same == isDeployment(like) {
			return errors.New("refused")
		}
		return c.Delete(ctx, obj, opts...)
	}
}

func isDeployment(obj client.Object) bool {
	_, ok := obj.(*appsv1.Deployment)
	return ok
}
