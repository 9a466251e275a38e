// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/features"
	. "github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

var _ = Describe("ContainerRuntime health", func() {
	const (
		taskID  = "containerruntime/gvisor/gl"
		subject = "gvisor in worker pool gl (runsc 20260101)"
	)

	BeforeEach(func() {
		setUpReconciler()
		Expect(gardenClient.Create(ctx, &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "runsc", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "20260101"}},
			}}},
		})).To(Succeed())
		updateShoot(func(s *gardencorev1beta1.Shoot) {
			s.Spec.Provider.Workers[0].CRI.ContainerRuntimes = []gardencorev1beta1.ContainerRuntime{{
				Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{{Name: "runsc", Version: ptr.To("20260101")}},
			}}
		})
		reconcileShoot()
	})

	setStatus := func(state gardencorev1beta1.LastOperationState, lastError *gardencorev1beta1.LastError) {
		GinkgoHelper()
		cr := &extensionsv1alpha1.ContainerRuntime{}
		Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: seedNamespace, Name: "gvisor-gl"}, cr)).To(Succeed())
		cr.Status.LastOperation = &gardencorev1beta1.LastOperation{Type: gardencorev1beta1.LastOperationTypeReconcile, State: state, Description: string(state)}
		cr.Status.LastError = lastError
		Expect(seedClient.Status().Update(ctx, cr)).To(Succeed())
	}
	shoot := func() *gardencorev1beta1.Shoot {
		GinkgoHelper()
		s := &gardencorev1beta1.Shoot{}
		Expect(gardenClient.Get(ctx, request.NamespacedName, s)).To(Succeed())
		return s
	}
	crashes := &gardencorev1beta1.LastError{Description: "runsc crashes", Codes: []gardencorev1beta1.ErrorCode{gardencorev1beta1.ErrorConfigurationProblem}}

	It("reflects a pool's failing ContainerRuntime under its task ID, and clears it when the runtime succeeds", func() {
		setStatus(gardencorev1beta1.LastOperationStateError, crashes)
		reconcileShoot()

		current := shoot()
		Expect(current.Status.LastErrors).To(ConsistOf(MatchFields(IgnoreExtras, Fields{
			"TaskID":      Equal(ptr.To(taskID)),
			"Description": Equal("ContainerRuntime " + subject + " reports: runsc crashes"),
			"Codes":       ConsistOf(gardencorev1beta1.ErrorConfigurationProblem),
		})))
		Expect(v1beta1helper.GetCondition(current.Status.Conditions, ConditionExtensionsReady)).To(PointTo(MatchFields(IgnoreExtras, Fields{
			"Status":  Equal(gardencorev1beta1.ConditionFalse),
			"Reason":  Equal(ReasonNotAllExtensionsHealthy),
			"Message": Equal("Failing extensions: " + subject + ": runsc crashes"),
		})))

		setStatus(gardencorev1beta1.LastOperationStateSucceeded, nil)
		reconcileShoot()
		current = shoot()
		Expect(current.Status.LastErrors).To(BeEmpty())
		Expect(v1beta1helper.GetCondition(current.Status.Conditions, ConditionExtensionsReady).Message).To(Equal("All extensions are ready: " + subject + "."))
	})

	It("keeps a runtime's entry as it is with the feature gate off", func() {
		setStatus(gardencorev1beta1.LastOperationStateError, crashes)
		reconcileShoot()
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
		setStatus(gardencorev1beta1.LastOperationStateSucceeded, nil)
		reconcileShoot()
		Expect(shoot().Status.LastErrors).To(ConsistOf(HaveField("TaskID", ptr.To(taskID))))
	})

	DescribeTable("ManagedContainerRuntimePredicate lets through changes of spec, labels and the health the Shoot shows",
		func(mutate func(*extensionsv1alpha1.ContainerRuntime), expected bool) {
			old := &extensionsv1alpha1.ContainerRuntime{ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{LabelManagedBy: ManagedByGardenlet}}}
			old.Status.LastOperation = &gardencorev1beta1.LastOperation{State: gardencorev1beta1.LastOperationStateSucceeded}
			updated := old.DeepCopy()
			mutate(updated)
			Expect(ManagedContainerRuntimePredicate().Update(event.TypedUpdateEvent[*extensionsv1alpha1.ContainerRuntime]{ObjectOld: old, ObjectNew: updated})).To(Equal(expected))
		},
		Entry("processing without error", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Status.LastOperation.State = gardencorev1beta1.LastOperationStateProcessing
		}, false),
		Entry("a new lastError", func(cr *extensionsv1alpha1.ContainerRuntime) { cr.Status.LastError = crashes }, true),
		Entry("a spec change", func(cr *extensionsv1alpha1.ContainerRuntime) { cr.Spec.WorkerPool.Name = "gl" }, true),
		Entry("no longer managed", func(cr *extensionsv1alpha1.ContainerRuntime) { cr.Labels = nil }, true),
	)

	It("MapContainerRuntimeToShoot maps a labelled ContainerRuntime to its Shoot", func() {
		cr := &extensionsv1alpha1.ContainerRuntime{ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{LabelShootNamespace: "garden-dev", LabelShootName: "s"}}}
		Expect(MapContainerRuntimeToShoot(context.Background(), cr)).To(Equal([]reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: "garden-dev", Name: "s"}}}))
		Expect(MapContainerRuntimeToShoot(context.Background(), &extensionsv1alpha1.ContainerRuntime{})).To(BeNil())
	})
})
