// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"slices"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/features"
)

var _ = Describe("Reconciler: seed ContainerRuntimes", func() {
	BeforeEach(func() {
		setUpReconciler()
		Expect(gardenClient.Create(ctx, &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "runsc",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{
					{Version: "20250101"},
					{Version: "20260101", ProviderConfig: raw(`{"platform":"systrap"}`)},
				},
			}}},
		})).To(Succeed())
		// Pool gl runs gvisor 20260101, pool ub gvisor 20250101.
		updateShoot(func(s *gardencorev1beta1.Shoot) {
			for i, version := range []string{"20260101", "20250101"} {
				s.Spec.Provider.Workers[i].CRI.ContainerRuntimes = []gardencorev1beta1.ContainerRuntime{{
					Type:       "gvisor",
					Components: []gardencorev1beta1.ExtensionComponent{{Name: "runsc", Version: ptr.To(version)}},
				}}
			}
		})
	})

	getContainerRuntime := func(name string) (*extensionsv1alpha1.ContainerRuntime, error) {
		cr := &extensionsv1alpha1.ContainerRuntime{}
		return cr, seedClient.Get(ctx, client.ObjectKey{Namespace: seedNamespace, Name: name}, cr)
	}

	It("writes one ContainerRuntime per pool with the pool's version and the profile entry's providerConfig", func() {
		reconcileShoot()

		gl, err := getContainerRuntime("gvisor-gl")
		Expect(err).NotTo(HaveOccurred())
		Expect(gl.Spec.WorkerPool.Name).To(Equal("gl"))
		Expect(toJSON(gl.Spec.Components)).To(MatchJSON(`[{"name":"runsc","version":"20260101","providerConfig":{"platform":"systrap"}}]`))
		ub, err := getContainerRuntime("gvisor-ub")
		Expect(err).NotTo(HaveOccurred())
		Expect(toJSON(ub.Spec.Components)).To(MatchJSON(`[{"name":"runsc","version":"20250101"}]`))
		Expect(events()).NotTo(ContainElement(HavePrefix("Warning")))
	})

	It("moves one pool's version and deletes the ContainerRuntime of a runtime the pool dropped", func() {
		reconcileShoot()
		updateShoot(func(s *gardencorev1beta1.Shoot) {
			s.Spec.Provider.Workers[0].CRI.ContainerRuntimes[0].Components[0].Version = ptr.To("20250101")
			s.Spec.Provider.Workers[1].CRI.ContainerRuntimes = nil
		})
		reconcileShoot()

		gl, err := getContainerRuntime("gvisor-gl")
		Expect(err).NotTo(HaveOccurred())
		Expect(toJSON(gl.Spec.Components)).To(MatchJSON(`[{"name":"runsc","version":"20250101"}]`))
		_, err = getContainerRuntime("gvisor-ub")
		Expect(apierrors.IsNotFound(err)).To(BeTrue())
	})

	It("records a Warning event naming the pool for a version the profile does not list", func() {
		updateShoot(func(s *gardencorev1beta1.Shoot) {
			s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0].Components[0].Version = ptr.To("1")
		})
		reconcileShoot()

		warnings := slices.DeleteFunc(events(), func(e string) bool { return !strings.HasPrefix(e, "Warning") })
		Expect(warnings).To(ConsistOf(HavePrefix("Warning ExtensionComponentUnresolved pool ub: containerruntime-gvisor: runsc 1 is not listed")))
	})

	It("writes no ContainerRuntime with the feature gate off", func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
		reconcileShoot()

		list := &extensionsv1alpha1.ContainerRuntimeList{}
		Expect(seedClient.List(ctx, list)).To(Succeed())
		Expect(list.Items).To(BeEmpty())
	})

	It("deletes the ContainerRuntimes with the Shoot and waits for them", func() {
		reconcileShoot()
		gl, err := getContainerRuntime("gvisor-gl")
		Expect(err).NotTo(HaveOccurred())
		gl.Finalizers = []string{"extensions.gardener.cloud/gvisor"}
		Expect(seedClient.Update(ctx, gl)).To(Succeed())
		current := &gardencorev1beta1.Shoot{}
		Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
		Expect(gardenClient.Delete(ctx, current)).To(Succeed())

		Expect(reconcileShoot().RequeueAfter).To(BeNumerically(">", 0))
		Expect(reconcileShoot().RequeueAfter).To(BeNumerically(">", 0))
		gl, err = getContainerRuntime("gvisor-gl")
		Expect(err).NotTo(HaveOccurred())
		Expect(gl.DeletionTimestamp).NotTo(BeNil())
		_, err = getContainerRuntime("gvisor-ub")
		Expect(apierrors.IsNotFound(err)).To(BeTrue())

		gl.Finalizers = nil
		Expect(seedClient.Update(ctx, gl)).To(Succeed())
		Expect(reconcileShoot()).To(Equal(reconcile.Result{}))
		Expect(apierrors.IsNotFound(gardenClient.Get(ctx, request.NamespacedName, &gardencorev1beta1.Shoot{}))).To(BeTrue())
	})
})
