// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared_test

import (
	"context"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
	. "github.com/gep-78/gardener/pkg/component/shared"
)

var _ = Describe("DesiredContainerRuntimes", func() {
	pool := func(name string, runtimes ...gardencorev1beta1.ContainerRuntime) gardencorev1beta1.Worker {
		w := gardencorev1beta1.Worker{Name: name}
		if runtimes != nil {
			w.CRI = &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: runtimes}
		}
		return w
	}
	gvisor := func(versions ...string) gardencorev1beta1.ContainerRuntime {
		r := gardencorev1beta1.ContainerRuntime{Type: "gvisor", ProviderConfig: raw(`{"debug":true}`)}
		for _, v := range versions {
			r.Components = append(r.Components, gardencorev1beta1.ExtensionComponent{Name: "runsc", Version: ptr.To(v)})
		}
		return r
	}
	profile := func() *gardencorev1beta1.ExtensionProfile {
		return &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "runsc",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{
					{Version: "20250101"},
					{Version: "20260101", ProviderConfig: raw(`{"platform":"systrap"}`)},
				},
			}}},
		}
	}
	shootWith := func(workers ...gardencorev1beta1.Worker) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "sandbox", Namespace: "garden-dev"},
			Spec:       gardencorev1beta1.ShootSpec{Provider: gardencorev1beta1.Provider{Workers: workers}},
		}
	}

	It("returns one ContainerRuntime per pool and type, named and labelled as Gardener does", func() {
		runtimes := DesiredContainerRuntimes(shootWith(pool("a", gvisor("20260101")), pool("plain"), pool("b", gvisor())), namespace)
		Expect(runtimes).To(HaveLen(2))
		for i, name := range []string{"a", "b"} {
			Expect(runtimes[i].Name).To(Equal("gvisor-" + name))
			Expect(runtimes[i].Namespace).To(Equal(namespace))
			Expect(runtimes[i].Labels).To(Equal(map[string]string{
				extension.LabelManagedBy:      extension.ManagedByGardenlet,
				extension.LabelShootNamespace: "garden-dev",
				extension.LabelShootName:      "sandbox",
			}))
			Expect(runtimes[i].Spec.Type).To(Equal("gvisor"))
			Expect(runtimes[i].Spec.BinaryPath).To(Equal("/var/bin/containerruntimes"))
			Expect(runtimes[i].Spec.WorkerPool.Name).To(Equal(name))
			Expect(runtimes[i].Spec.WorkerPool.Selector.MatchLabels).To(Equal(map[string]string{"worker.gardener.cloud/pool": name, "worker.garden.sapcloud.io/group": name}))
			Expect(runtimes[i].Spec.ProviderConfig.Raw).To(MatchJSON(`{"debug":true}`))
			Expect(runtimes[i].Spec.Components).To(BeNil())
		}
	})

	It("reads the runtime's profile from the garden for the deployer", func() {
		c := fakeclient.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithObjects(profile()).Build()
		seed := fakeclient.NewClientBuilder().WithScheme(kubernetes.SeedScheme).Build()
		deployer, warnings, err := NewContainerRuntimeWithComponents(context.Background(), logr.Discard(), c, seed, namespace, shootWith(pool("a", gvisor("20260101")), pool("b", gvisor())), nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(warnings).To(BeEmpty())
		Expect(deployer.Deploy(context.Background())).To(Succeed())

		cr := &extensionsv1alpha1.ContainerRuntime{}
		Expect(seed.Get(context.Background(), client.ObjectKey{Namespace: namespace, Name: "gvisor-a"}, cr)).To(Succeed())
		Expect(toJSON(cr.Spec.Components)).To(MatchJSON(`[{"name":"runsc","version":"20260101","providerConfig":{"platform":"systrap"}}]`))
		cr = &extensionsv1alpha1.ContainerRuntime{}
		Expect(seed.Get(context.Background(), client.ObjectKey{Namespace: namespace, Name: "gvisor-b"}, cr)).To(Succeed())
		Expect(cr.Spec.Components).To(BeEmpty())
	})
})
