// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"fmt"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/events"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/api/indexer"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
)

var _ = Describe("Reconciler rollouts", func() {
	var (
		ctx        = context.Background()
		now        time.Time
		fakeClock  *testclock.FakeClock
		fakeClient client.Client
		recorder   *events.FakeRecorder
		reconciler *Reconciler
		request    = reconcile.Request{NamespacedName: types.NamespacedName{Name: "shoot-traefik"}}
	)

	get := func() *gardencorev1beta1.ExtensionProfile {
		GinkgoHelper()
		p := &gardencorev1beta1.ExtensionProfile{}
		Expect(fakeClient.Get(ctx, request.NamespacedName, p)).To(Succeed())
		return p
	}
	reconcileAt := func() reconcile.Result {
		GinkgoHelper()
		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		return result
	}
	// movedShoot pins traefik 3.7.0 after a maintenance move an hour ago; failing: gardenlet reports
	// it failing since 30 minutes.
	movedShoot := func(name string, failing bool) *gardencorev1beta1.Shoot {
		s := &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: name}}
		s.Spec.Purpose = ptr.To(gardencorev1beta1.ShootPurposeDevelopment)
		s.Spec.Extensions = []gardencorev1beta1.Extension{{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.7.0")}}}}
		s.Status.ExtensionComponentMoves = []gardencorev1beta1.ExtensionComponentMove{
			{Type: "shoot-traefik", Component: "traefik", From: "3.6.13", To: "3.7.0", Time: metav1.Time{Time: fakeClock.Now().Add(-time.Hour)}},
		}
		if failing {
			s.Status.LastErrors = []gardencorev1beta1.LastError{{TaskID: ptr.To("extension/shoot-traefik"),
				Description: "Extension shoot-traefik (traefik 3.7.0) reports: crash loop", LastUpdateTime: &metav1.Time{Time: fakeClock.Now().Add(-30 * time.Minute)}}}
		}
		return s
	}

	BeforeEach(func() {
		now = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		fakeClock = testclock.NewFakeClock(now)
		recorder = events.NewFakeRecorder(10)
		profile := &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "shoot-traefik"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "traefik", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "3.6.13"}},
			}}},
		}
		fakeClient = fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithStatusSubresource(&gardencorev1beta1.ExtensionProfile{}).
			WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedExtensionTypes, indexer.ShootPinnedExtensionTypesIndexerFunc).
			WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedComponentVersionsField, indexer.ShootPinnedComponentVersionsIndexerFunc).
			WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootExtensionComponentMovesField, indexer.ShootExtensionComponentMovesIndexerFunc).
			WithObjects(profile).Build()
		reconciler = &Reconciler{Client: fakeClient, Clock: fakeClock, Recorder: recorder}
		reconcileAt()
		Expect(get().Status.Components[0].Rollouts).To(ConsistOf(HaveField("State", gardencorev1beta1.RolloutStateComplete)))

		By("a new version is added: its rollout starts")
		p := get()
		p.Spec.Components[0].Versions = append([]gardencorev1beta1.ExtensionComponentVersion{{Version: "3.7.0"}}, p.Spec.Components[0].Versions...)
		Expect(fakeClient.Update(ctx, p)).To(Succeed())
	})

	It("opens stage early when a version is added and requeues when it settles", func() {
		Expect(reconcileAt()).To(Equal(reconcile.Result{RequeueAfter: 24 * time.Hour}))
		rollouts := get().Status.Components[0].Rollouts
		Expect(rollouts).To(HaveLen(2))
		Expect(rollouts[0].Version).To(Equal("3.7.0"))
		Expect(rollouts[0].Stages[0].Name).To(Equal("early"))
		Expect(rollouts[0].Stages[0].OpenedAt.Time.Equal(now)).To(BeTrue())
		Expect(rollouts[0].NextStageTime.Time.Equal(now.Add(72 * time.Hour))).To(BeTrue())
		Expect(recorder.Events).To(Receive(Equal("Normal RolloutStageOpened shoot-traefik traefik 3.7.0: stage early opened")))

		By("the production stage opens after the soak, once")
		fakeClock.Step(72 * time.Hour)
		Expect(reconcileAt()).To(Equal(reconcile.Result{}))
		Expect(get().Status.Components[0].Rollouts[0].State).To(Equal(gardencorev1beta1.RolloutStateComplete))
		Expect(recorder.Events).To(Receive(Equal("Normal RolloutStageOpened shoot-traefik traefik 3.7.0: stage production opened")))
		reconcileAt()
		Expect(recorder.Events).NotTo(Receive())
	})

	It("stages a preview again when it turns supported, after its rapid-channel rollout completed", func() {
		p := get()
		p.Spec.Components[0].Versions = append([]gardencorev1beta1.ExtensionComponentVersion{{Version: "3.8.0",
			Lifecycle: []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationPreview},
				{Classification: gardencorev1beta1.ClassificationSupported, StartTime: &metav1.Time{Time: now.Add(100 * time.Hour)}}}}}, p.Spec.Components[0].Versions...)
		Expect(fakeClient.Update(ctx, p)).To(Succeed())
		reconcileAt()
		fakeClock.Step(72 * time.Hour)
		reconcileAt()
		Expect(get().Status.Components[0].Rollouts[0]).To(And(HaveField("Version", "3.8.0"), HaveField("State", gardencorev1beta1.RolloutStateComplete)))
		for len(recorder.Events) > 0 {
			<-recorder.Events
		}

		By("the preview turns supported: stage early opens again, production waits for the soak")
		fakeClock.Step(28 * time.Hour)
		reconcileAt()
		r := get().Status.Components[0].Rollouts[0]
		Expect(r.Version).To(Equal("3.8.0"))
		Expect(r.State).To(Equal(gardencorev1beta1.RolloutStateProgressing))
		Expect(r.Stages[0].OpenedAt.Time.Equal(fakeClock.Now())).To(BeTrue())
		Expect(r.Stages[1].OpenedAt).To(BeNil())
		Expect(recorder.Events).To(Receive(Equal("Normal RolloutStageOpened shoot-traefik traefik 3.8.0: stage early opened")))
	})

	It("counts the Shoots moved to the version and halts at 3 failed of 5 moved", func() {
		reconcileAt()
		Expect(recorder.Events).To(Receive())
		fakeClock.Step(2 * time.Hour)
		for i := range 5 {
			Expect(fakeClient.Create(ctx, movedShoot(fmt.Sprintf("s%d", i), i < 3))).To(Succeed())
		}
		Expect(reconcileAt()).To(Equal(reconcile.Result{}))
		r := get().Status.Components[0].Rollouts[0]
		Expect(r.State).To(Equal(gardencorev1beta1.RolloutStateHalted))
		Expect([]int32{r.Moved, r.Healthy, r.Failed}).To(Equal([]int32{5, 2, 3}))
		Expect(r.FailingShoots).To(Equal([]string{"garden-dev/s0", "garden-dev/s1", "garden-dev/s2"}))
		Expect(recorder.Events).To(Receive(HavePrefix("Warning RolloutHalted shoot-traefik traefik 3.7.0: rollout halted: 3 of 5 moved Shoots failed")))
	})
})
