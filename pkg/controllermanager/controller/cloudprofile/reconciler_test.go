// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cloudprofile_test

import (
	"context"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/cloudprofile"
)

var _ = Describe("Reconciler", func() {
	const name = "local"

	var (
		ctx        context.Context
		now        time.Time
		fakeClock  *testclock.FakeClock
		fakeClient client.Client
		reconciler *Reconciler
		profile    *gardencorev1beta1.CloudProfile
		request    reconcile.Request
	)

	at := func(offset time.Duration) *metav1.Time { return &metav1.Time{Time: now.Add(offset)} }
	versions := func(pairs ...string) []gardencorev1beta1.ExpirableVersionStatus {
		var out []gardencorev1beta1.ExpirableVersionStatus
		for i := 0; i < len(pairs); i += 2 {
			out = append(out, gardencorev1beta1.ExpirableVersionStatus{Version: pairs[i], Classification: gardencorev1beta1.VersionClassification(pairs[i+1])})
		}
		return out
	}
	status := func(kubernetes []gardencorev1beta1.ExpirableVersionStatus, gardenlinux []gardencorev1beta1.ExpirableVersionStatus) gardencorev1beta1.CloudProfileStatus {
		return gardencorev1beta1.CloudProfileStatus{
			Kubernetes:    &gardencorev1beta1.KubernetesStatus{Versions: kubernetes},
			MachineImages: []gardencorev1beta1.MachineImageStatus{{Name: "gardenlinux", Versions: gardenlinux}},
		}
	}

	get := func() *gardencorev1beta1.CloudProfile {
		GinkgoHelper()
		current := &gardencorev1beta1.CloudProfile{}
		Expect(fakeClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
		return current
	}

	BeforeEach(func() {
		ctx = context.Background()
		now = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		fakeClock = testclock.NewFakeClock(now)
		request = reconcile.Request{NamespacedName: types.NamespacedName{Name: name}}

		profile = &gardencorev1beta1.CloudProfile{
			ObjectMeta: metav1.ObjectMeta{Name: name},
			Spec: gardencorev1beta1.CloudProfileSpec{
				Type: "local",
				Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{
					{Version: "1.37.1", Lifecycle: []gardencorev1beta1.LifecycleStage{
						{Classification: gardencorev1beta1.ClassificationPreview},
						{Classification: gardencorev1beta1.ClassificationSupported, StartTime: at(4 * time.Hour)},
					}},
					// Legacy fields: supported until the expirationDate.
					{Version: "1.36.2", Classification: ptr.To(gardencorev1beta1.ClassificationSupported), ExpirationDate: at(6 * time.Hour)},
					{Version: "1.35.4", ExpirationDate: at(-time.Hour)},
				}},
				MachineImages: []gardencorev1beta1.MachineImage{{
					Name: "gardenlinux",
					Versions: []gardencorev1beta1.MachineImageVersion{
						{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "2150.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{
							{Classification: gardencorev1beta1.ClassificationPreview, StartTime: at(2 * time.Hour)},
						}}},
						{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1877.8.0"}},
					},
				}},
			},
		}
	})

	JustBeforeEach(func() {
		fakeClient = fake.NewClientBuilder().
			WithScheme(kubernetes.GardenScheme).
			WithStatusSubresource(&gardencorev1beta1.CloudProfile{}).
			WithObjects(profile).
			Build()
		reconciler = &Reconciler{Client: fakeClient, Clock: fakeClock}
	})

	It("should write the status and requeue exactly at the next transition of any version", func() {
		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		// The machine image start (+2h) comes before the Kubernetes ones (+4h, +6h).
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 2 * time.Hour}))

		Expect(get().Status).To(Equal(status(
			versions("1.37.1", "preview", "1.36.2", "supported", "1.35.4", "expired"),
			versions("2150.0.0", "unavailable", "1877.8.0", "supported"),
		)))
	})

	It("should not write when the status is unchanged", func() {
		_, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		resourceVersion := get().ResourceVersion

		fakeClock.Step(time.Hour)
		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: time.Hour}))
		Expect(get().ResourceVersion).To(Equal(resourceVersion))
	})

	It("should update the status after the clock passes each transition, the legacy expirationDate included", func() {
		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())

		fakeClock.Step(result.RequeueAfter)
		result, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 2 * time.Hour}))
		Expect(get().Status).To(Equal(status(
			versions("1.37.1", "preview", "1.36.2", "supported", "1.35.4", "expired"),
			versions("2150.0.0", "preview", "1877.8.0", "supported"),
		)))

		fakeClock.Step(result.RequeueAfter)
		result, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 2 * time.Hour}))
		Expect(get().Status).To(Equal(status(
			versions("1.37.1", "supported", "1.36.2", "supported", "1.35.4", "expired"),
			versions("2150.0.0", "preview", "1877.8.0", "supported"),
		)))

		fakeClock.Step(result.RequeueAfter)
		result, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{}))
		Expect(get().Status).To(Equal(status(
			versions("1.37.1", "supported", "1.36.2", "expired", "1.35.4", "expired"),
			versions("2150.0.0", "preview", "1877.8.0", "supported"),
		)))
	})

	It("should rewrite a status that someone edited", func() {
		_, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())

		edited := get()
		edited.Status = gardencorev1beta1.CloudProfileStatus{Kubernetes: &gardencorev1beta1.KubernetesStatus{Versions: versions("1.37.1", "expired")}}
		Expect(fakeClient.Status().Update(ctx, edited)).To(Succeed())

		_, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(get().Status).To(Equal(status(
			versions("1.37.1", "preview", "1.36.2", "supported", "1.35.4", "expired"),
			versions("2150.0.0", "unavailable", "1877.8.0", "supported"),
		)))
	})

	It("should drop the sections of removed Kubernetes versions and machine images", func() {
		_, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())

		changed := get()
		changed.Spec.Kubernetes.Versions = nil
		changed.Spec.MachineImages = nil
		Expect(fakeClient.Update(ctx, changed)).To(Succeed())

		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{}))
		Expect(get().Status).To(Equal(gardencorev1beta1.CloudProfileStatus{}))
	})

	Context("without any lifecycle or expirationDate", func() {
		BeforeEach(func() {
			profile.Spec.Kubernetes.Versions = []gardencorev1beta1.ExpirableVersion{{Version: "1.36.3"}}
			profile.Spec.MachineImages[0].Versions = profile.Spec.MachineImages[0].Versions[1:]
		})

		It("should write the status and not requeue on a timer", func() {
			result, err := reconciler.Reconcile(ctx, request)
			Expect(err).NotTo(HaveOccurred())
			Expect(result).To(Equal(reconcile.Result{}))
			Expect(get().Status).To(Equal(status(versions("1.36.3", "supported"), versions("1877.8.0", "supported"))))
		})
	})

	Context("being deleted", func() {
		BeforeEach(func() {
			profile.Finalizers = []string{"example.com/keep"}
			profile.DeletionTimestamp = &metav1.Time{Time: now}
		})

		It("should leave the object alone", func() {
			resourceVersion := get().ResourceVersion
			result, err := reconciler.Reconcile(ctx, request)
			Expect(err).NotTo(HaveOccurred())
			Expect(result).To(Equal(reconcile.Result{}))
			Expect(get().ResourceVersion).To(Equal(resourceVersion))
			Expect(get().Status).To(Equal(gardencorev1beta1.CloudProfileStatus{}))
		})
	})

	It("should stop without error when the object is gone", func() {
		Expect(fakeClient.Delete(ctx, profile)).To(Succeed())

		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{}))
	})

	DescribeTable("client errors are returned for a retry with backoff",
		func(funcs interceptor.Funcs, message string) {
			reconciler.Client = interceptor.NewClient(fakeClient.(client.WithWatch), funcs)

			result, err := reconciler.Reconcile(ctx, request)
			Expect(err).To(MatchError(ContainSubstring(message)))
			Expect(result).To(Equal(reconcile.Result{}))
		},
		Entry("get", interceptor.Funcs{
			Get: func(context.Context, client.WithWatch, client.ObjectKey, client.Object, ...client.GetOption) error {
				return errors.New("boom")
			},
		}, "error retrieving object from store: boom"),
		Entry("status patch", interceptor.Funcs{
			SubResourcePatch: func(context.Context, client.Client, string, client.Object, client.Patch, ...client.SubResourcePatchOption) error {
				return errors.New("boom")
			},
		}, "failed patching status of CloudProfile: boom"),
	)
})
