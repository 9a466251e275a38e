// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/events"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/api/indexer"
	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
)

var _ = Describe("Reconciler release channels", func() {
	It("should write each channel's version and requeue when a soak period ends", func() {
		ctx := context.Background()
		now := time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		at := func(c gardencorev1beta1.VersionClassification, offset time.Duration) []gardencorev1beta1.LifecycleStage {
			return []gardencorev1beta1.LifecycleStage{{Classification: c, StartTime: &metav1.Time{Time: now.Add(offset)}}}
		}
		profile := &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "shoot-traefik"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "traefik",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{
					{Version: "3.7.0", Lifecycle: at(gardencorev1beta1.ClassificationPreview, 2*time.Hour)},
					{Version: "3.6.14", Lifecycle: at(gardencorev1beta1.ClassificationSupported, -30*time.Minute)},
					{Version: "3.6.13"},
				},
			}}},
		}
		fakeClient := fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithStatusSubresource(&gardencorev1beta1.ExtensionProfile{}).
			WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedExtensionTypes, indexer.ShootPinnedExtensionTypesIndexerFunc).
			WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedComponentVersionsField, indexer.ShootPinnedComponentVersionsIndexerFunc).
			WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootExtensionComponentMovesField, indexer.ShootExtensionComponentMovesIndexerFunc).
			WithObjects(profile).Build()
		fakeClock := testclock.NewFakeClock(now)
		reconciler := &Reconciler{Client: fakeClient, Clock: fakeClock, Recorder: events.NewFakeRecorder(10),
			Config: controllermanagerconfigv1alpha1.ExtensionProfileControllerConfiguration{StableChannelSoakPeriod: &metav1.Duration{Duration: time.Hour}}}
		request := reconcile.Request{NamespacedName: types.NamespacedName{Name: profile.Name}}
		channels := func() []gardencorev1beta1.ReleaseChannelStatus {
			GinkgoHelper()
			current := &gardencorev1beta1.ExtensionProfile{}
			Expect(fakeClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
			Expect(current.Status.Components).To(HaveLen(1))
			return current.Status.Components[0].Channels
		}
		channel := func(c gardencorev1beta1.ReleaseChannel, version string) gardencorev1beta1.ReleaseChannelStatus {
			return gardencorev1beta1.ReleaseChannelStatus{Channel: c, Version: version}
		}

		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 30 * time.Minute}), "the soak of 3.6.14 ends before 3.7.0 becomes preview")
		Expect(channels()).To(Equal([]gardencorev1beta1.ReleaseChannelStatus{
			channel(gardencorev1beta1.ReleaseChannelRapid, "3.6.14"),
			channel(gardencorev1beta1.ReleaseChannelRegular, "3.6.14"),
			channel(gardencorev1beta1.ReleaseChannelStable, "3.6.13"),
		}))

		fakeClock.Step(30 * time.Minute)
		result, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 90 * time.Minute}))
		Expect(channels()).To(ContainElement(channel(gardencorev1beta1.ReleaseChannelStable, "3.6.14")))

		fakeClock.Step(90 * time.Minute)
		_, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(channels()).To(Equal([]gardencorev1beta1.ReleaseChannelStatus{
			channel(gardencorev1beta1.ReleaseChannelRapid, "3.7.0"),
			channel(gardencorev1beta1.ReleaseChannelRegular, "3.6.14"),
			channel(gardencorev1beta1.ReleaseChannelStable, "3.6.14"),
		}), "rapid takes the new preview; regular and stable do not")
	})
})
