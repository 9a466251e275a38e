// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
)

var _ = Describe("Reconciler", func() {
	const name = "shoot-traefik"

	var (
		ctx        context.Context
		now        time.Time
		fakeClock  *testclock.FakeClock
		fakeClient client.Client
		reconciler *Reconciler
		profile    *gardencorev1beta1.ExtensionProfile
		request    reconcile.Request
	)

	stage := func(c gardencorev1beta1.VersionClassification, offset *time.Duration) gardencorev1beta1.LifecycleStage {
		s := gardencorev1beta1.LifecycleStage{Classification: c}
		if offset != nil {
			s.StartTime = &metav1.Time{Time: now.Add(*offset)}
		}
		return s
	}
	in := func(d time.Duration) *time.Duration { return &d }

	status := func(pairs ...string) gardencorev1beta1.ExtensionProfileStatus {
		s := gardencorev1beta1.ExtensionProfileComponentStatus{Name: "traefik"}
		for i := 0; i < len(pairs); i += 2 {
			s.Versions = append(s.Versions, gardencorev1beta1.ExpirableVersionStatus{Version: pairs[i], Classification: gardencorev1beta1.VersionClassification(pairs[i+1])})
		}
		return gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{s}}
	}

	get := func() *gardencorev1beta1.ExtensionProfile {
		GinkgoHelper()
		current := &gardencorev1beta1.ExtensionProfile{}
		Expect(fakeClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
		return current
	}

	BeforeEach(func() {
		ctx = context.Background()
		// Second precision: metav1.Time is stored with seconds, so the fake clock stays on the
		// same grid as the startTimes that went through the client.
		now = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		fakeClock = testclock.NewFakeClock(now)
		request = reconcile.Request{NamespacedName: types.NamespacedName{Name: name}}

		profile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: name},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "traefik",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{
					{Version: "3.7.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationPreview, in(2*time.Hour))}},
					{Version: "3.6.13"},
					{Version: "3.6.12", Lifecycle: []gardencorev1beta1.LifecycleStage{
						stage(gardencorev1beta1.ClassificationSupported, nil),
						stage(gardencorev1beta1.ClassificationDeprecated, in(-time.Hour)),
						stage(gardencorev1beta1.ClassificationExpired, in(5*time.Hour)),
					}},
				},
			}}},
		}
	})

	JustBeforeEach(func() {
		fakeClient = fake.NewClientBuilder().
			WithScheme(kubernetes.GardenScheme).
			WithStatusSubresource(&gardencorev1beta1.ExtensionProfile{}).
			WithObjects(profile).
			Build()
		reconciler = &Reconciler{Client: fakeClient, Clock: fakeClock}
	})

	It("should write the status and requeue exactly at the next transition", func() {
		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 2 * time.Hour}))

		Expect(get().Status).To(Equal(status("3.7.0", "unavailable", "3.6.13", "supported", "3.6.12", "deprecated")))
	})

	It("should not write when the status is unchanged", func() {
		_, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		resourceVersion := get().ResourceVersion

		fakeClock.Step(30 * time.Minute)
		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 90 * time.Minute}))
		Expect(get().ResourceVersion).To(Equal(resourceVersion))
	})

	It("should update the status after the clock passes each transition, then stop requeueing", func() {
		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())

		fakeClock.Step(result.RequeueAfter)
		result, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 3 * time.Hour}))
		Expect(get().Status).To(Equal(status("3.7.0", "preview", "3.6.13", "supported", "3.6.12", "deprecated")))

		fakeClock.Step(result.RequeueAfter)
		result, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{}))
		Expect(get().Status).To(Equal(status("3.7.0", "preview", "3.6.13", "supported", "3.6.12", "expired")))
	})

	It("should rewrite a status that someone edited", func() {
		_, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())

		edited := get()
		edited.Status = status("3.7.0", "supported")
		Expect(fakeClient.Status().Update(ctx, edited)).To(Succeed())

		_, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(get().Status).To(Equal(status("3.7.0", "unavailable", "3.6.13", "supported", "3.6.12", "deprecated")))
	})

	It("should drop the status of removed components and versions", func() {
		_, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())

		changed := get()
		changed.Spec.Components[0].Versions = changed.Spec.Components[0].Versions[1:2]
		Expect(fakeClient.Update(ctx, changed)).To(Succeed())

		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{}))
		Expect(get().Status).To(Equal(status("3.6.13", "supported")))

		changed = get()
		changed.Spec.Components = nil
		Expect(fakeClient.Update(ctx, changed)).To(Succeed())

		_, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(get().Status).To(Equal(gardencorev1beta1.ExtensionProfileStatus{}))
	})

	Context("without any lifecycle", func() {
		BeforeEach(func() {
			profile.Spec.Components[0].Versions = []gardencorev1beta1.ExtensionComponentVersion{{Version: "3.6.13"}}
		})

		It("should write the status and not requeue on a timer", func() {
			result, err := reconciler.Reconcile(ctx, request)
			Expect(err).NotTo(HaveOccurred())
			Expect(result).To(Equal(reconcile.Result{}))
			Expect(get().Status).To(Equal(status("3.6.13", "supported")))
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
			Expect(get().Status).To(Equal(gardencorev1beta1.ExtensionProfileStatus{}))
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
		}, "failed patching status of ExtensionProfile: boom"),
	)
})
