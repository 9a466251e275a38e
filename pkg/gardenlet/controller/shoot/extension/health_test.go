// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/event"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	. "github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

var _ = Describe("Extension health", func() {
	BeforeEach(setUpReconciler)

	setStatus := func(name string, state gardencorev1beta1.LastOperationState, lastError *gardencorev1beta1.LastError) {
		GinkgoHelper()
		ext := getExtension(name)
		ext.Status.LastOperation = &gardencorev1beta1.LastOperation{Type: gardencorev1beta1.LastOperationTypeReconcile, State: state, Description: string(state)}
		ext.Status.LastError = lastError
		Expect(seedClient.Status().Update(ctx, ext)).To(Succeed())
	}
	shoot := func() *gardencorev1beta1.Shoot {
		GinkgoHelper()
		s := &gardencorev1beta1.Shoot{}
		Expect(gardenClient.Get(ctx, request.NamespacedName, s)).To(Succeed())
		return s
	}
	reportAll := func(state gardencorev1beta1.LastOperationState) {
		GinkgoHelper()
		for _, name := range []string{"shoot-falco-service", "shoot-traefik", "shoot-cert-service"} {
			setStatus(name, state, nil)
		}
	}

	It("adds no condition while no Extension has reported", func() {
		reconcileShoot()
		Expect(v1beta1helper.GetCondition(shoot().Status.Conditions, ConditionExtensionsReady)).To(BeNil())
	})

	It("reports success with the deployed component versions, and writes nothing when it stays", func() {
		reconcileShoot()
		reportAll(gardencorev1beta1.LastOperationStateSucceeded)
		reconcileShoot()

		condition := v1beta1helper.GetCondition(shoot().Status.Conditions, ConditionExtensionsReady)
		Expect(condition).To(PointTo(MatchFields(IgnoreExtras, Fields{
			"Status":  Equal(gardencorev1beta1.ConditionTrue),
			"Reason":  Equal(ReasonAllExtensionsReady),
			"Message": Equal("All extensions are ready: shoot-cert-service, shoot-falco-service (falco 0.44.1), shoot-traefik (traefik 3.6.13)."),
		})))

		before := resourceVersions()
		fakeClock.Step(time.Hour)
		setStatus("shoot-falco-service", gardencorev1beta1.LastOperationStateProcessing, nil)
		before["shoot-falco-service"] = getExtension("shoot-falco-service").ResourceVersion
		reconcileShoot()
		Expect(resourceVersions()).To(Equal(before))
	})

	It("reflects an Extension's lastError with its codes and task ID, and clears it when the Extension succeeds", func() {
		reconcileShoot()
		reportAll(gardencorev1beta1.LastOperationStateSucceeded)
		setStatus("shoot-falco-service", gardencorev1beta1.LastOperationStateError, &gardencorev1beta1.LastError{
			Description: "falco 0.44.1 crashes",
			Codes:       []gardencorev1beta1.ErrorCode{gardencorev1beta1.ErrorConfigurationProblem},
		})
		reconcileShoot()

		current := shoot()
		Expect(current.Status.LastErrors).To(ConsistOf(MatchFields(IgnoreExtras, Fields{
			"TaskID":      Equal(ptr.To(TaskIDPrefixExtension + "shoot-falco-service")),
			"Description": Equal("Extension shoot-falco-service (falco 0.44.1) reports: falco 0.44.1 crashes"),
			"Codes":       ConsistOf(gardencorev1beta1.ErrorConfigurationProblem),
		})))
		Expect(v1beta1helper.GetCondition(current.Status.Conditions, ConditionExtensionsReady)).To(PointTo(MatchFields(IgnoreExtras, Fields{
			"Status":  Equal(gardencorev1beta1.ConditionFalse),
			"Reason":  Equal(ReasonNotAllExtensionsHealthy),
			"Message": Equal("Failing extensions: shoot-falco-service (falco 0.44.1): falco 0.44.1 crashes"),
		})))

		// A retry that keeps the error (state Processing) changes nothing.
		before := resourceVersions()
		ext := getExtension("shoot-falco-service")
		ext.Status.LastOperation.State = gardencorev1beta1.LastOperationStateProcessing
		Expect(seedClient.Status().Update(ctx, ext)).To(Succeed())
		before["shoot-falco-service"] = getExtension("shoot-falco-service").ResourceVersion
		reconcileShoot()
		Expect(resourceVersions()).To(Equal(before))

		setStatus("shoot-falco-service", gardencorev1beta1.LastOperationStateSucceeded, nil)
		reconcileShoot()
		current = shoot()
		Expect(current.Status.LastErrors).To(BeEmpty())
		Expect(v1beta1helper.GetCondition(current.Status.Conditions, ConditionExtensionsReady).Status).To(Equal(gardencorev1beta1.ConditionTrue))
	})

	DescribeTable("ManagedExtensionPredicate lets through changes of the health the Shoot shows",
		func(mutate func(*extensionsv1alpha1.Extension), expected bool) {
			old := exampleSeedExtension()
			old.Labels = map[string]string{LabelManagedBy: ManagedByGardenlet}
			old.Status.LastOperation = &gardencorev1beta1.LastOperation{State: gardencorev1beta1.LastOperationStateSucceeded}
			updated := old.DeepCopy()
			mutate(updated)
			Expect(ManagedExtensionPredicate().Update(event.TypedUpdateEvent[*extensionsv1alpha1.Extension]{ObjectOld: old, ObjectNew: updated})).To(Equal(expected))
		},
		Entry("processing without error", func(e *extensionsv1alpha1.Extension) {
			e.Status.LastOperation.State = gardencorev1beta1.LastOperationStateProcessing
		}, false),
		Entry("a new lastError", func(e *extensionsv1alpha1.Extension) {
			e.Status.LastError = &gardencorev1beta1.LastError{Description: "boom"}
		}, true),
		Entry("state Failed", func(e *extensionsv1alpha1.Extension) {
			e.Status.LastOperation.State = gardencorev1beta1.LastOperationStateFailed
		}, true),
		Entry("the first lastOperation", func(e *extensionsv1alpha1.Extension) { e.Status.LastOperation = nil }, true),
	)
})
