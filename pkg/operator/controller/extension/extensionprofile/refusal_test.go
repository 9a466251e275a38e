// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/events"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	operatorv1alpha1 "github.com/gep-78/gardener/pkg/apis/operator/v1alpha1"
	. "github.com/gep-78/gardener/pkg/operator/controller/extension/extensionprofile"
)

var _ = Describe("retrying a refused write", func() {
	var (
		refuse     bool
		reconciler *Reconciler
		request    = reconcile.Request{NamespacedName: types.NamespacedName{Name: owner}}
	)

	BeforeEach(func() {
		refuse = true
		update := func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
			if refuse {
				return forbidden(obj.GetName())
			}
			return c.Update(ctx, obj, opts...)
		}
		reconciler = &Reconciler{
			RuntimeClient: fake.NewClientBuilder().WithScheme(scheme()).WithStatusSubresource(&operatorv1alpha1.Extension{}).
				WithObjects(operatorExtension(falco)).Build(),
			GardenClient: interceptor.NewClient(fake.NewClientBuilder().WithScheme(scheme()).
				WithObjects(gardenProfile(falco, owner, profileSpec(falco, "0.9.0"))).Build(), interceptor.Funcs{Update: update}),
			Clock:         testclock.NewFakeClock(now),
			Recorder:      events.NewFakeRecorder(100),
			RetryInterval: 5 * time.Second,
		}
	})

	requeues := func(n int) []time.Duration {
		GinkgoHelper()
		var out []time.Duration
		for range n {
			result, err := reconciler.Reconcile(ctx, request)
			Expect(err).NotTo(HaveOccurred())
			out = append(out, result.RequeueAfter)
		}
		return out
	}

	It("doubles the wait from a second per refusal, up to RetryInterval", func() {
		Expect(requeues(5)).To(Equal([]time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 5 * time.Second, 5 * time.Second}))
	})

	It("starts over after a write went through", func() {
		Expect(requeues(3)).To(Equal([]time.Duration{time.Second, 2 * time.Second, 4 * time.Second}))
		refuse = false
		Expect(requeues(1)).To(Equal([]time.Duration{0}))
		profile := &gardencorev1beta1.ExtensionProfile{}
		Expect(reconciler.GardenClient.Get(ctx, client.ObjectKey{Name: falco}, profile)).To(Succeed())
		profile.Spec = profileSpec(falco, "0.9.0")
		Expect(reconciler.GardenClient.Update(ctx, profile)).To(Succeed())
		refuse = true
		Expect(requeues(1)).To(Equal([]time.Duration{time.Second}))
	})

	It("starts over when a Shoot that pins the profile changes: the refusal may have read a cache without the change", func() {
		Expect(requeues(3)).To(Equal([]time.Duration{time.Second, 2 * time.Second, 4 * time.Second}))
		Expect(reconciler.MapShootToExtensions(ctx, shoot(falco, "0.44.1"))).To(Equal(requests(owner)))
		Expect(requeues(1)).To(Equal([]time.Duration{time.Second}))
	})

	It("caps the first wait at RetryInterval", func() {
		reconciler.RetryInterval = 300 * time.Millisecond
		Expect(requeues(2)).To(Equal([]time.Duration{300 * time.Millisecond, 300 * time.Millisecond}))
	})
})
