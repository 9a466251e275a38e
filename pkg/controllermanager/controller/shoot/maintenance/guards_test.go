// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	shootextensionprofile "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
)

var _ = Describe("guards of the maintenance writes", func() {
	DescribeTable("#maintenanceInterrupted",
		func(last *gardencorev1beta1.LastMaintenance, interrupted bool) {
			Expect(maintenanceInterrupted(&gardencorev1beta1.Shoot{Status: gardencorev1beta1.ShootStatus{LastMaintenance: last}})).To(Equal(interrupted))
		},
		Entry("never maintained", nil, false),
		Entry("processing", &gardencorev1beta1.LastMaintenance{State: gardencorev1beta1.LastOperationStateProcessing}, true),
		Entry("succeeded", &gardencorev1beta1.LastMaintenance{State: gardencorev1beta1.LastOperationStateSucceeded}, false),
		Entry("failed", &gardencorev1beta1.LastMaintenance{State: gardencorev1beta1.LastOperationStateFailed}, false),
	)

	It("#ensureSpecUnchanged returns a conflict for a newer generation", func() {
		read := &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Name: "maint", Generation: 3}}
		Expect(ensureSpecUnchanged(read, read.DeepCopy())).To(Succeed())
		written := read.DeepCopy()
		written.Generation = 4
		err := ensureSpecUnchanged(written, read)
		Expect(apierrors.IsConflict(err)).To(BeTrue())
		Expect(err).To(MatchError(ContainSubstring(`shoots.core.gardener.cloud "maint"`)))
	})

	It("#withFieldManager writes as the field manager admission recognises as maintenance", func() {
		Expect(FieldManager).To(Equal(shootextensionprofile.MaintenanceFieldManager))
		var managers []string
		record := func(opts []client.UpdateOption) {
			options := &client.UpdateOptions{}
			options.ApplyOptions(opts)
			managers = append(managers, options.FieldManager)
		}
		shoot := &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "maint"}}
		c := withFieldManager(fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithObjects(shoot).WithInterceptorFuncs(interceptor.Funcs{
			Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
				record(opts)
				return c.Update(ctx, obj, opts...)
			},
		}).Build())
		Expect(c.Update(context.Background(), shoot, client.DryRunAll)).To(Succeed())
		Expect(c.Update(context.Background(), shoot)).To(Succeed())
		Expect(managers).To(Equal([]string{FieldManager, FieldManager}))
	})
})

var _ = Describe("Reconciler resuming an interrupted maintenance", func() {
	setUpReconcilerTest()

	It("should run the steps again at once, outside the window, for a Shoot left Processing", func() {
		shoot.Status.LastMaintenance = &gardencorev1beta1.LastMaintenance{Description: "interrupted", TriggeredTime: metav1.NewTime(at(0, 10)), State: gardencorev1beta1.LastOperationStateProcessing}
		reconcileAt(at(12, 0))
		current := get()
		Expect(pinned(current)).To(Equal("0.44.1"))
		Expect(current.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
		Expect(current.Status.LastMaintenance.TriggeredTime).To(Equal(metav1.NewTime(at(12, 0))))
		Expect(drain()).To(HaveLen(3))
	})

	It("should mark a Processing maintenance whose retry finds nothing left as Succeeded, keeping its description", func() {
		shoot.Spec.Kubernetes.Version = "1.35.6"
		shoot.Spec.Provider.Workers[0].Machine.Image.Version = ptr.To("1877.8.0")
		shoot.Spec.Extensions[0].Components[0].Version = ptr.To("0.44.1")
		shoot.Status.LastMaintenance = &gardencorev1beta1.LastMaintenance{Description: "upgraded", TriggeredTime: metav1.NewTime(at(0, 10)), State: gardencorev1beta1.LastOperationStateProcessing}
		reconcileAt(at(12, 0))
		Expect(get().Status.LastMaintenance).To(Equal(&gardencorev1beta1.LastMaintenance{Description: "upgraded", TriggeredTime: metav1.NewTime(at(0, 10)), State: gardencorev1beta1.LastOperationStateSucceeded}))
		Expect(dryRunUpdates).To(BeZero())
		Expect(drain()).To(BeEmpty(), "the events of the interrupted run are not recorded again")
	})

	It("should not resume a failed maintenance outside the window", func() {
		shoot.Status.LastMaintenance = &gardencorev1beta1.LastMaintenance{Description: "failed", TriggeredTime: metav1.NewTime(at(0, 10)), State: gardencorev1beta1.LastOperationStateFailed}
		reconcileAt(at(12, 0))
		Expect(dryRunUpdates + updates + statusWrites).To(BeZero())
	})
})
