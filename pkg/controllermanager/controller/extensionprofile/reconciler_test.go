// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	gomegatypes "github.com/onsi/gomega/types"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/events"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/api/indexer"
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
		shoots     []client.Object
		recorder   *events.FakeRecorder
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

	// pinningShoot returns a Shoot in namespace that pins traefik 3.6.13 under extensionType.
	pinningShoot := func(namespace, shootName, extensionType string) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: shootName},
			Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{{
				Type:       extensionType,
				Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}},
			}}},
		}
	}
	deletingShoot := func(shoot *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
		shoot.Finalizers = []string{gardencorev1beta1.GardenerName}
		// Entries are built before BeforeEach sets now, so the time is fixed here.
		shoot.DeletionTimestamp = &metav1.Time{Time: time.Date(2026, time.November, 28, 0, 0, 0, 0, time.UTC)}
		return shoot
	}
	// expectNoEvent asserts that no event was recorded.
	expectNoEvent := func() {
		GinkgoHelper()
		Expect(recorder.Events).To(BeEmpty())
	}

	// status builds the expected status of the traefik component from version/classification
	// pairs; a classification "deprecated>expired@5h" has a next transition to expired at the
	// initial now + 5h.
	status := func(pairs ...string) gardencorev1beta1.ExtensionProfileStatus {
		s := gardencorev1beta1.ExtensionProfileComponentStatus{Name: "traefik"}
		for i := 0; i < len(pairs); i += 2 {
			versionStatus := gardencorev1beta1.ExtensionComponentVersionStatus{Version: pairs[i]}
			current, next, hasNext := strings.Cut(pairs[i+1], ">")
			versionStatus.Classification = gardencorev1beta1.VersionClassification(current)
			if hasNext {
				target, offset, _ := strings.Cut(next, "@")
				d, err := time.ParseDuration(offset)
				Expect(err).NotTo(HaveOccurred())
				versionStatus.NextTransition = &gardencorev1beta1.VersionTransition{
					Classification: gardencorev1beta1.VersionClassification(target),
					Time:           metav1.NewTime(time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC).Add(d)),
				}
			}
			s.Versions = append(s.Versions, versionStatus)
		}
		return gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{s}}
	}
	// equalStatus compares statuses without the channels and rollouts (their specs check them); times
	// are compared as instants (they come back from the client in the local time zone).
	equalStatus := func(expected gardencorev1beta1.ExtensionProfileStatus) gomegatypes.GomegaMatcher {
		return BeComparableTo(expected, cmp.Comparer(func(a, b metav1.Time) bool { return a.Equal(&b) }),
			cmpopts.IgnoreFields(gardencorev1beta1.ExtensionProfileComponentStatus{}, "Channels", "Rollouts"),
			cmpopts.IgnoreFields(gardencorev1beta1.ExtensionProfileStatus{}, "DefaultRolloutPolicy", "StableChannelSoakPeriod"))
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
		shoots = nil
		recorder = events.NewFakeRecorder(10)

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
			WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedExtensionTypes, indexer.ShootPinnedExtensionTypesIndexerFunc).
			WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedComponentVersionsField, indexer.ShootPinnedComponentVersionsIndexerFunc).
			WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootExtensionComponentMovesField, indexer.ShootExtensionComponentMovesIndexerFunc).
			WithObjects(append([]client.Object{profile}, shoots...)...).
			Build()
		reconciler = &Reconciler{Client: fakeClient, Clock: fakeClock, Recorder: recorder}
	})

	It("should write the status and requeue exactly at the next transition", func() {
		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 2 * time.Hour}))

		Expect(get().Status).To(equalStatus(status("3.7.0", "unavailable>preview@2h", "3.6.13", "supported", "3.6.12", "deprecated>expired@5h")))
	})

	DescribeTable("should publish the default rollout policy it applies, every field set, and the stable channel's soak period",
		func(configured *gardencorev1beta1.RolloutPolicy, expected gardencorev1beta1.RolloutPolicy) {
			reconciler.Config.Rollout = configured
			reconciler.Config.StableChannelSoakPeriod = &metav1.Duration{Duration: 72 * time.Hour}
			_, err := reconciler.Reconcile(ctx, request)
			Expect(err).NotTo(HaveOccurred())
			Expect(get().Status.DefaultRolloutPolicy).To(PointTo(BeComparableTo(expected)))
			Expect(get().Status.StableChannelSoakPeriod).To(Equal(&metav1.Duration{Duration: 72 * time.Hour}))
		},
		Entry("the built-in policy without configuration", nil, gardencorev1beta1.DefaultRolloutPolicy()),
		Entry("the configured fields over the built-in ones", &gardencorev1beta1.RolloutPolicy{
			Stages:     []gardencorev1beta1.RolloutStage{{Name: "all", Purposes: []gardencorev1beta1.ShootPurpose{"evaluation", "production"}}},
			SoakPeriod: &metav1.Duration{Duration: time.Hour},
		}, func() gardencorev1beta1.RolloutPolicy {
			p := gardencorev1beta1.DefaultRolloutPolicy()
			p.Stages = []gardencorev1beta1.RolloutStage{{Name: "all", Purposes: []gardencorev1beta1.ShootPurpose{"evaluation", "production"}}}
			p.SoakPeriod = &metav1.Duration{Duration: time.Hour}
			return p
		}()),
	)

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

	It("should update the status after the clock passes each transition, then requeue only for the rollout", func() {
		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(get().Status.Components[0].Rollouts).To(ConsistOf(
			And(HaveField("Version", "3.6.13"), HaveField("State", gardencorev1beta1.RolloutStateComplete)),
		), "the first targets of a profile are not staged; deprecated 3.6.12 is no target")

		fakeClock.Step(result.RequeueAfter)
		result, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 3 * time.Hour}))
		Expect(get().Status).To(equalStatus(status("3.7.0", "preview", "3.6.13", "supported", "3.6.12", "deprecated>expired@5h")))
		By("3.7.0 became the rapid channel's version: its rollout starts")
		rollouts := get().Status.Components[0].Rollouts
		Expect(rollouts).To(HaveLen(2))
		Expect(rollouts[0].Version).To(Equal("3.7.0"))
		Expect(rollouts[0].State).To(Equal(gardencorev1beta1.RolloutStateProgressing))
		Expect(rollouts[0].Stages[0].OpenedAt.Time.Equal(now.Add(2 * time.Hour))).To(BeTrue())
		Expect(recorder.Events).To(Receive(ContainSubstring("RolloutStageOpened")))

		fakeClock.Step(result.RequeueAfter)
		result, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 21 * time.Hour}), "the rollout turns Soaking 24h after its stage opened")
		Expect(get().Status).To(equalStatus(status("3.7.0", "preview", "3.6.13", "supported", "3.6.12", "expired")))
	})

	It("should rewrite a status that someone edited", func() {
		_, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())

		edited := get()
		edited.Status = status("3.7.0", "supported")
		Expect(fakeClient.Status().Update(ctx, edited)).To(Succeed())

		_, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(get().Status).To(equalStatus(status("3.7.0", "unavailable>preview@2h", "3.6.13", "supported", "3.6.12", "deprecated>expired@5h")))
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
		Expect(get().Status).To(equalStatus(status("3.6.13", "supported")))

		changed = get()
		changed.Spec.Components = nil
		Expect(fakeClient.Update(ctx, changed)).To(Succeed())

		_, err = reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		Expect(get().Status.Components).To(BeEmpty())
	})

	Context("without any lifecycle", func() {
		BeforeEach(func() {
			profile.Spec.Components[0].Versions = []gardencorev1beta1.ExtensionComponentVersion{{Version: "3.6.13"}}
		})

		It("should write the status and not requeue on a timer", func() {
			result, err := reconciler.Reconcile(ctx, request)
			Expect(err).NotTo(HaveOccurred())
			Expect(result).To(Equal(reconcile.Result{}))
			Expect(get().Status).To(equalStatus(status("3.6.13", "supported")))
		})
	})

	Context("finalizer", func() {
		Context("with another finalizer", func() {
			BeforeEach(func() {
				profile.Finalizers = []string{"example.com/keep"}
			})

			It("should add the gardener finalizer and keep the other", func() {
				_, err := reconciler.Reconcile(ctx, request)
				Expect(err).NotTo(HaveOccurred())
				Expect(get().Finalizers).To(ConsistOf("example.com/keep", gardencorev1beta1.GardenerName))
			})
		})

		It("should add the gardener finalizer and keep it", func() {
			_, err := reconciler.Reconcile(ctx, request)
			Expect(err).NotTo(HaveOccurred())
			Expect(get().Finalizers).To(ConsistOf(gardencorev1beta1.GardenerName))
			resourceVersion := get().ResourceVersion

			_, err = reconciler.Reconcile(ctx, request)
			Expect(err).NotTo(HaveOccurred())
			Expect(get().ResourceVersion).To(Equal(resourceVersion))
			expectNoEvent()
		})
	})

	Context("being deleted without the gardener finalizer", func() {
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
			Expect(get().Status.Components).To(BeEmpty())
		})
	})

	Context("being deleted with the gardener finalizer", func() {
		BeforeEach(func() {
			profile.Finalizers = []string{gardencorev1beta1.GardenerName}
			profile.DeletionTimestamp = &metav1.Time{Time: now}
		})

		Context("while Shoots pin its components", func() {
			BeforeEach(func() {
				shoots = []client.Object{
					pinningShoot("garden-prod", "b", name),
					pinningShoot("garden-dev", "a", name),
					deletingShoot(pinningShoot("garden-dev", "gone", name)),
					pinningShoot("garden-dev", "other", "envoy-gateway"),
				}
			})

			It("should keep the finalizer, record a DeletionBlocked event and requeue", func() {
				resourceVersion := get().ResourceVersion

				result, err := reconciler.Reconcile(ctx, request)
				Expect(err).NotTo(HaveOccurred())
				Expect(result).To(Equal(reconcile.Result{RequeueAfter: DeletionBlockedRequeueInterval}))
				Expect(recorder.Events).To(Receive(Equal(
					"Warning DeletionBlocked Cannot delete ExtensionProfile, because the following Shoots still pin its components: [garden-dev/a garden-prod/b]")))
				expectNoEvent()

				current := get()
				Expect(current.Finalizers).To(ConsistOf(gardencorev1beta1.GardenerName))
				Expect(current.ResourceVersion).To(Equal(resourceVersion), "neither finalizer nor status changed")
			})

			It("should release the profile once the pins are gone", func() {
				_, err := reconciler.Reconcile(ctx, request)
				Expect(err).NotTo(HaveOccurred())
				Expect(recorder.Events).To(Receive())

				// One Shoot drops its pin, the other is deleted.
				a := &gardencorev1beta1.Shoot{}
				Expect(fakeClient.Get(ctx, client.ObjectKey{Namespace: "garden-dev", Name: "a"}, a)).To(Succeed())
				a.Spec.Extensions[0].Components[0].Version = nil
				Expect(fakeClient.Update(ctx, a)).To(Succeed())

				_, err = reconciler.Reconcile(ctx, request)
				Expect(err).NotTo(HaveOccurred())
				Expect(recorder.Events).To(Receive(HaveSuffix("[garden-prod/b]")))

				Expect(fakeClient.Delete(ctx, pinningShoot("garden-prod", "b", name))).To(Succeed())

				result, err := reconciler.Reconcile(ctx, request)
				Expect(err).NotTo(HaveOccurred())
				Expect(result).To(Equal(reconcile.Result{}))
				expectNoEvent()
				err = fakeClient.Get(ctx, request.NamespacedName, &gardencorev1beta1.ExtensionProfile{})
				Expect(apierrors.IsNotFound(err)).To(BeTrue(), "the last finalizer is gone, so the object is")
			})
		})

		Context("while more than ten Shoots pin its components", func() {
			BeforeEach(func() {
				for i := range 12 {
					shoots = append(shoots, pinningShoot("garden-dev", fmt.Sprintf("s%02d", i), name))
				}
			})

			It("should name the first ten and count the others", func() {
				_, err := reconciler.Reconcile(ctx, request)
				Expect(err).NotTo(HaveOccurred())
				Expect(recorder.Events).To(Receive(Equal("Warning DeletionBlocked Cannot delete ExtensionProfile, because the following Shoots still pin its components: " +
					"[garden-dev/s00 garden-dev/s01 garden-dev/s02 garden-dev/s03 garden-dev/s04 garden-dev/s05 garden-dev/s06 garden-dev/s07 garden-dev/s08 garden-dev/s09] and 2 more")))
			})
		})

		DescribeTable("should remove the finalizer when no Shoot that is not being deleted pins its components",
			func(shootsInCluster ...client.Object) {
				fakeClient = fake.NewClientBuilder().
					WithScheme(kubernetes.GardenScheme).
					WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedExtensionTypes, indexer.ShootPinnedExtensionTypesIndexerFunc).
					WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedComponentVersionsField, indexer.ShootPinnedComponentVersionsIndexerFunc).
					WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootExtensionComponentMovesField, indexer.ShootExtensionComponentMovesIndexerFunc).
					WithObjects(append([]client.Object{profile}, shootsInCluster...)...).
					Build()
				reconciler.Client = fakeClient

				result, err := reconciler.Reconcile(ctx, request)
				Expect(err).NotTo(HaveOccurred())
				Expect(result).To(Equal(reconcile.Result{}))
				expectNoEvent()
				err = fakeClient.Get(ctx, request.NamespacedName, &gardencorev1beta1.ExtensionProfile{})
				Expect(apierrors.IsNotFound(err)).To(BeTrue())
			},
			Entry("no Shoots"),
			Entry("only deleting Shoots pin it", deletingShoot(pinningShoot("garden-dev", "a", name))),
			Entry("Shoots pin another type", pinningShoot("garden-dev", "a", "envoy-gateway")),
			Entry("Shoots use the extension without pins", &gardencorev1beta1.Shoot{
				ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "a"},
				Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{{
					Type: name, Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik"}},
				}}},
			}),
		)

		It("should keep other finalizers", func() {
			fakeClient = fake.NewClientBuilder().
				WithScheme(kubernetes.GardenScheme).
				WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedExtensionTypes, indexer.ShootPinnedExtensionTypesIndexerFunc).
				WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedComponentVersionsField, indexer.ShootPinnedComponentVersionsIndexerFunc).
				WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootExtensionComponentMovesField, indexer.ShootExtensionComponentMovesIndexerFunc).
				WithObjects(func() client.Object {
					p := profile.DeepCopy()
					p.Finalizers = append(p.Finalizers, "example.com/keep")
					return p
				}()).
				Build()
			reconciler.Client = fakeClient

			_, err := reconciler.Reconcile(ctx, request)
			Expect(err).NotTo(HaveOccurred())
			Expect(get().Finalizers).To(ConsistOf("example.com/keep"))
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
		Entry("finalizer patch", interceptor.Funcs{
			Patch: func(context.Context, client.WithWatch, client.Object, client.Patch, ...client.PatchOption) error {
				return errors.New("boom")
			},
		}, "failed adding finalizer to ExtensionProfile: boom"),
	)

	Context("client errors while being deleted", func() {
		BeforeEach(func() {
			profile.Finalizers = []string{gardencorev1beta1.GardenerName}
			profile.DeletionTimestamp = &metav1.Time{Time: now}
		})

		DescribeTable("are returned for a retry with backoff",
			func(funcs interceptor.Funcs, message string) {
				reconciler.Client = interceptor.NewClient(fakeClient.(client.WithWatch), funcs)

				result, err := reconciler.Reconcile(ctx, request)
				Expect(err).To(MatchError(ContainSubstring(message)))
				Expect(result).To(Equal(reconcile.Result{}))
				Expect(get().Finalizers).To(ConsistOf(gardencorev1beta1.GardenerName))
			},
			Entry("listing Shoots", interceptor.Funcs{
				List: func(context.Context, client.WithWatch, client.ObjectList, ...client.ListOption) error {
					return errors.New("boom")
				},
			}, `failed listing Shoots that pin ExtensionProfile "shoot-traefik": boom`),
			Entry("removing the finalizer", interceptor.Funcs{
				Patch: func(context.Context, client.WithWatch, client.Object, client.Patch, ...client.PatchOption) error {
					return errors.New("boom")
				},
			}, "failed removing finalizer from ExtensionProfile: boom"),
		)
	})
})
