// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/prometheus/client_golang/prometheus/testutil"
	eventsv1 "k8s.io/api/events/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
	"github.com/gep-78/gardener/pkg/features"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
	shootextensionprofile "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
)

var _ = Describe("Reconciler", func() {
	var (
		ctx          context.Context
		today        time.Time
		fakeClock    *testclock.FakeClock
		fakeClient   client.Client
		seenEvents   map[string]bool
		checker      *fakeChecker
		reconciler   *Reconciler
		shoot        *gardencorev1beta1.Shoot
		cloudProfile *gardencorev1beta1.CloudProfile
		extProfile   *gardencorev1beta1.ExtensionProfile
		request      reconcile.Request

		// interceptors and counters
		funcs         interceptor.Funcs
		dryRunUpdates int
		updates       int
		statusWrites  int
		// beforeUpdate runs before a (non dry-run) Update reaches the fake client; returning an
		// error fails the Update.
		beforeUpdate func(client.WithWatch, client.Object) error
		// dryRunError fails every dry-run Update.
		dryRunError error
		// beforeStatusWrite runs before a status write; returning an error fails it.
		beforeStatusWrite func() error
	)

	at := func(h, m int) time.Time { return today.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute) }
	// build creates the fake client and the reconciler from the objects as the test left them;
	// every access goes through it, so tests can change the objects first.
	build := func() {
		if fakeClient != nil {
			return
		}
		fakeClient = fake.NewClientBuilder().
			WithScheme(kubernetes.GardenScheme).
			WithStatusSubresource(&gardencorev1beta1.Shoot{}).
			WithObjects(shoot, cloudProfile, extProfile).
			WithInterceptorFuncs(funcs).
			Build()
		reconciler = &Reconciler{
			Client:               fakeClient,
			APIReader:            fakeClient,
			Clock:                fakeClock,
			ReportingInstance:    "test",
			CompatibilityChecker: checker,
			RandomInt63n:         func(int64) int64 { return 0 },
		}
	}
	get := func() *gardencorev1beta1.Shoot {
		GinkgoHelper()
		build()
		current := &gardencorev1beta1.Shoot{}
		Expect(fakeClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
		// The JSON round trip of the fake client leaves times in the local zone.
		if current.Status.LastMaintenance != nil {
			current.Status.LastMaintenance.TriggeredTime = metav1.NewTime(current.Status.LastMaintenance.TriggeredTime.UTC())
		}
		return current
	}
	pinned := func(s *gardencorev1beta1.Shoot) string { return *s.Spec.Extensions[0].Components[0].Version }
	image := func(s *gardencorev1beta1.Shoot) string { return *s.Spec.Provider.Workers[0].Machine.Image.Version }
	// drain returns the Shoot events created since the last drain, as "<type> <reason> <note>",
	// in the order of their time and name.
	drain := func() []string {
		GinkgoHelper()
		build()
		list := &eventsv1.EventList{}
		Expect(fakeClient.List(ctx, list, client.InNamespace(request.Namespace))).To(Succeed())
		slices.SortStableFunc(list.Items, func(a, b eventsv1.Event) int { return a.EventTime.Compare(b.EventTime.Time) })
		var out []string
		for _, e := range list.Items {
			if seenEvents[e.Name] {
				continue
			}
			seenEvents[e.Name] = true
			Expect(e.Regarding.Name).To(Equal(request.Name))
			Expect(e.ReportingController).To(Equal(ReportingController))
			out = append(out, e.Type+" "+e.Reason+" "+e.Note)
		}
		return out
	}
	reconcileAt := func(t time.Time) reconcile.Result {
		GinkgoHelper()
		build()
		fakeClock.SetTime(t)
		result, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
		return result
	}

	BeforeEach(func() {
		ctx = context.Background()
		fakeClient = nil
		today = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		fakeClock = testclock.NewFakeClock(today)
		seenEvents = map[string]bool{}
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		checker = &fakeChecker{rules: map[string]func(*gardencorev1beta1.Shoot) []gardenerutils.RuleFailure{}}
		dryRunUpdates, updates, statusWrites = 0, 0, 0
		beforeUpdate, dryRunError, beforeStatusWrite = nil, nil, nil
		request = reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "garden-dev", Name: "maint"}}

		cloudProfile = &gardencorev1beta1.CloudProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "local"},
			Spec: gardencorev1beta1.CloudProfileSpec{
				Type:       "local",
				Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: expirable(today, "1.36.3, 1.35.6, 1.35.4 d")},
				MachineImages: []gardencorev1beta1.MachineImage{{
					Name: "gardenlinux", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor),
					Versions: imageVersions(today, "1877.9.0 p, 1877.8.0, 1877.5.0 d"),
				}},
			},
		}
		extProfile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "agent-ext"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
				{Name: "agent", Versions: componentVersions(today, "0.42.1 d, 0.43.0 x, 0.44.1, 0.45.0 p")},
			}},
		}
		shoot = &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "maint"},
			Spec: gardencorev1beta1.ShootSpec{
				CloudProfile: &gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
				Region:       "local",
				Kubernetes:   gardencorev1beta1.Kubernetes{Version: "1.35.4"},
				Provider: gardencorev1beta1.Provider{Type: "local", Workers: []gardencorev1beta1.Worker{{
					Name: "local", Maximum: 2, Minimum: 1,
					Machine: gardencorev1beta1.Machine{Type: "local", Image: &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1877.5.0")}},
				}}},
				Maintenance: &gardencorev1beta1.Maintenance{
					TimeWindow: &gardencorev1beta1.MaintenanceTimeWindow{Begin: "000000+0000", End: "010000+0000"},
					AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{KubernetesVersion: true, MachineImageVersion: ptr.To(true)},
				},
				Extensions: []gardencorev1beta1.Extension{{
					Type:       "agent-ext",
					AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor)},
					Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("0.42.1")}},
				}},
			},
		}

		funcs = interceptor.Funcs{
			Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
				options := &client.UpdateOptions{}
				options.ApplyOptions(opts)
				if slices.Contains(options.DryRun, metav1.DryRunAll) {
					dryRunUpdates++
					if dryRunError != nil {
						return dryRunError
					}
				} else {
					updates++
					if beforeUpdate != nil {
						if err := beforeUpdate(c, obj); err != nil {
							return err
						}
					}
				}
				return c.Update(ctx, obj, opts...)
			},
			SubResourceUpdate: func(ctx context.Context, c client.Client, subResourceName string, obj client.Object, opts ...client.SubResourceUpdateOption) error {
				statusWrites++
				if beforeStatusWrite != nil {
					if err := beforeStatusWrite(); err != nil {
						return err
					}
				}
				return c.SubResource(subResourceName).Update(ctx, obj, opts...)
			},
			SubResourcePatch: func(ctx context.Context, c client.Client, subResourceName string, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
				statusWrites++
				if beforeStatusWrite != nil {
					if err := beforeStatusWrite(); err != nil {
						return err
					}
				}
				return c.SubResource(subResourceName).Patch(ctx, obj, patch, opts...)
			},
		}
	})

	Describe("trigger and window", func() {
		It("should not maintain outside the window and requeue at the next window", func() {
			result := reconcileAt(at(12, 0))
			Expect(result.RequeueAfter).To(Equal(12 * time.Hour))
			Expect(dryRunUpdates + updates + statusWrites).To(BeZero())
			Expect(get().Spec).To(Equal(shoot.Spec))
		})

		It("should spread the requeue over the window", func() {
			build()
			reconciler.RandomInt63n = func(n int64) int64 { return n - 1 }
			// Effective window 00:00–00:45 (the end is cut off by 15 minutes).
			Expect(reconcileAt(at(12, 0)).RequeueAfter).To(Equal(12*time.Hour + 45*time.Minute - time.Nanosecond))
		})

		It("should not maintain after the effective end of the window (15 minutes before the configured end)", func() {
			result := reconcileAt(at(0, 46))
			Expect(result.RequeueAfter).To(Equal(24*time.Hour - 46*time.Minute))
			Expect(updates).To(BeZero())
		})

		It("should maintain at the effective end of the window and requeue for tomorrow's window", func() {
			result := reconcileAt(at(0, 45))
			Expect(result.RequeueAfter).To(Equal(24*time.Hour - 45*time.Minute))
			Expect(updates).To(Equal(2))
		})

		It("should maintain at once with the maintain operation annotation and remove it", func() {
			shoot.Annotations = map[string]string{"gardener.cloud/operation": "maintain", "keep": "me"}
			result := reconcileAt(at(12, 0))
			Expect(result.RequeueAfter).To(Equal(12 * time.Hour))
			current := get()
			Expect(current.Annotations).To(Equal(map[string]string{"keep": "me"}))
			Expect(current.Spec.Kubernetes.Version).To(Equal("1.35.6"))
		})

		It("should remove the maintain operation even when there is nothing to maintain", func() {
			shoot.Annotations = map[string]string{"gardener.cloud/operation": "maintain"}
			shoot.Spec.Maintenance.AutoUpdate = &gardencorev1beta1.MaintenanceAutoUpdate{MachineImageVersion: ptr.To(false)}
			shoot.Spec.Extensions[0].AutoUpdate.Enabled = ptr.To(false)
			reconcileAt(at(12, 0))
			Expect(get().Annotations).To(BeEmpty())
			Expect(dryRunUpdates).To(BeZero())
			Expect(get().Status.LastMaintenance).To(BeNil())
		})

		It("should leave Shoots that are gone or being deleted alone", func() {
			build()
			Expect(fakeClient.Delete(ctx, shoot)).To(Succeed())
			Expect(reconcileAt(at(0, 10))).To(Equal(reconcile.Result{}))
		})
	})

	Describe("one working copy, one write", func() {
		It("should maintain images, Kubernetes and components and write them with one dry run and one Update, then record the result", func() {
			upgradesBefore := testutil.ToFloat64(ComponentUpgradesTotal.WithLabelValues("agent-ext", "auto-update"))
			result := reconcileAt(at(0, 10))
			Expect(result.RequeueAfter).To(Equal(24*time.Hour - 10*time.Minute))

			current := get()
			Expect(image(current)).To(Equal("1877.8.0"))
			Expect(current.Spec.Kubernetes.Version).To(Equal("1.35.6"))
			Expect(pinned(current)).To(Equal("0.44.1"))
			Expect(current.Annotations).NotTo(HaveKey(AnnotationPendingResult))
			Expect(dryRunUpdates).To(Equal(1))
			// The Update with every change and the result, then the removal of the result.
			Expect(updates).To(Equal(2))
			Expect(statusWrites).To(Equal(1))

			Expect(current.Status.LastMaintenance).To(Equal(&gardencorev1beta1.LastMaintenance{
				Description: `All maintenance operations successful. ` +
					`Control Plane: Updated Kubernetes version from "1.35.4" to "1.35.6". Reason: Automatic update of Kubernetes version configured, ` +
					`Worker pool "local": Updated machine image "gardenlinux" from "1877.5.0" to "1877.8.0". Reason: Automatic update of the machine image version is configured (image update strategy: minor), ` +
					`Extension "agent-ext" component "agent": Updated version from "0.42.1" to "0.44.1". Reason: Automatic update of the component version is configured (update strategy: minor)`,
				TriggeredTime: metav1.NewTime(at(0, 10)),
				State:         gardencorev1beta1.LastOperationStateSucceeded,
			}))
			Expect(drain()).To(ConsistOf(
				`Normal MachineImageVersionMaintenance Worker pool "local": Updated machine image "gardenlinux" from "1877.5.0" to "1877.8.0". Reason: Automatic update of the machine image version is configured (image update strategy: minor).`,
				`Normal KubernetesVersionMaintenance Control Plane: Updated Kubernetes version from "1.35.4" to "1.35.6". Reason: Automatic update of Kubernetes version configured.`,
				`Normal ExtensionComponentVersionMaintenance Extension "agent-ext" component "agent": Updated version from "0.42.1" to "0.44.1". Reason: Automatic update of the component version is configured (update strategy: minor).`,
			))
			Expect(testutil.ToFloat64(ComponentUpgradesTotal.WithLabelValues("agent-ext", "auto-update")) - upgradesBefore).To(Equal(1.0))
		})

		It("should evaluate component candidates against the already maintained working copy", func() {
			checker.rules["agent/0.44.1"] = imageAtLeast("1877.8.0", "agent 0.44 requires gardenlinux 1877.8.0")
			reconcileAt(at(0, 10))
			Expect(pinned(get())).To(Equal("0.44.1"))

			// Without the image update the candidate is dropped.
			Expect(fakeClient.Delete(ctx, get())).To(Succeed())
			shoot.ResourceVersion = ""
			shoot.Spec.Maintenance.AutoUpdate.MachineImageVersion = ptr.To(false)
			Expect(fakeClient.Create(ctx, shoot)).To(Succeed())
			reconcileAt(at(0, 20))
			Expect(pinned(get())).To(Equal("0.42.1"))
		})

		It("should write nothing when nothing is to be maintained, and turn a failed last maintenance into succeeded", func() {
			shoot.Spec.Kubernetes.Version = "1.35.6"
			shoot.Spec.Provider.Workers[0].Machine.Image.Version = ptr.To("1877.8.0")
			shoot.Spec.Extensions[0].Components[0].Version = ptr.To("0.44.1")
			shoot.Status.LastMaintenance = &gardencorev1beta1.LastMaintenance{Description: "x", State: gardencorev1beta1.LastOperationStateFailed, FailureReason: ptr.To("y")}

			reconcileAt(at(0, 10))
			Expect(dryRunUpdates + updates).To(BeZero())
			Expect(get().Status.LastMaintenance).To(Equal(&gardencorev1beta1.LastMaintenance{Description: "Maintenance succeeded", State: gardencorev1beta1.LastOperationStateSucceeded}))
		})
	})

	Describe("failures", func() {
		It("should record a dry-run rejection as a failed window and write nothing to the spec", func() {
			shoot.Annotations = map[string]string{"gardener.cloud/operation": "maintain"}
			dryRunError = apierrors.NewInvalid(schema.GroupKind{Group: "core.gardener.cloud", Kind: "Shoot"}, "maint",
				field.ErrorList{field.Forbidden(field.NewPath("spec", "extensions").Index(0), "rejected")})
			rejectedBefore := testutil.ToFloat64(ComponentFailuresTotal.WithLabelValues("agent-ext", "write-rejected"))

			reconcileAt(at(12, 0))

			current := get()
			Expect(current.Spec).To(Equal(shoot.Spec))
			Expect(current.Annotations).To(BeEmpty())
			Expect(current.Status.LastMaintenance).To(Equal(&gardencorev1beta1.LastMaintenance{
				Description:   "Maintenance failed",
				TriggeredTime: metav1.NewTime(at(12, 0)),
				State:         gardencorev1beta1.LastOperationStateFailed,
				FailureReason: ptr.To(`Updates to the Shoot failed to be applied: Shoot.core.gardener.cloud "maint" is invalid: spec.extensions[0]: Forbidden: rejected`),
			}))
			Expect(drain()).To(ConsistOf(`Warning MaintenanceFailed Updates to the Shoot failed to be applied: Shoot.core.gardener.cloud "maint" is invalid: spec.extensions[0]: Forbidden: rejected`))
			Expect(testutil.ToFloat64(ComponentFailuresTotal.WithLabelValues("agent-ext", "write-rejected")) - rejectedBefore).To(Equal(1.0))
		})

		It("should let the other steps and components proceed when one fails, and report (n/m)", func() {
			// Kubernetes 1.35.4 expired without minor+1: the forced update has no target (K5).
			cloudProfile.Spec.Kubernetes.Versions = expirable(today, "1.35.4 x, 1.36.3 p")
			noTargetBefore := testutil.ToFloat64(ComponentFailuresTotal.WithLabelValues("agent-ext", "no-target"))
			shoot.Spec.Extensions[0].Components = append(shoot.Spec.Extensions[0].Components, gardencorev1beta1.ExtensionComponent{
				Name: "sidecar", Version: ptr.To("1.0.0"),
			})
			extProfile.Spec.Components = append(extProfile.Spec.Components, gardencorev1beta1.ExtensionProfileComponent{
				Name: "sidecar", Versions: componentVersions(today, "1.0.0 x, 1.1.0 p"),
			})

			reconcileAt(at(0, 10))

			current := get()
			Expect(image(current)).To(Equal("1877.8.0"))
			Expect(current.Spec.Kubernetes.Version).To(Equal("1.35.4"))
			Expect(pinned(current)).To(Equal("0.44.1"))
			Expect(*current.Spec.Extensions[0].Components[1].Version).To(Equal("1.0.0"))

			last := current.Status.LastMaintenance
			Expect(last.State).To(Equal(gardencorev1beta1.LastOperationStateFailed))
			Expect(last.Description).To(HavePrefix("(2/4) maintenance operations successful. Control Plane: Kubernetes version update failed. Reason for update: Kubernetes version expired - force update required, "))
			Expect(*last.FailureReason).To(Equal(`Control Plane: Kubernetes maintenance failure due to: could not determine higher suitable version than "1.35.4": cannot perform forceful update of expired version "1.35.4". No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile, ` +
				`Extension "agent-ext" component "sidecar": cannot perform forceful update of expired version "1.0.0" of component "sidecar": no higher version of minor 1.0 or of a higher minor of major 1 is classified supported`))
			Expect(drain()).To(ContainElements(
				`Warning KubernetesVersionMaintenance Control Plane: Kubernetes version maintenance failed. Reason for update: Kubernetes version expired - force update required. Error: could not determine higher suitable version than "1.35.4": cannot perform forceful update of expired version "1.35.4". No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile`,
				`Warning ExtensionComponentVersionMaintenance Extension "agent-ext" component "sidecar": Component version maintenance failed. Reason for update: Component version expired - force update required. Error: cannot perform forceful update of expired version "1.0.0" of component "sidecar": no higher version of minor 1.0 or of a higher minor of major 1 is classified supported`,
			))
			Expect(testutil.ToFloat64(ComponentFailuresTotal.WithLabelValues("agent-ext", "no-target")) - noTargetBefore).To(Equal(1.0))
		})

		It("should return a failed Update and record a MaintenanceFailed event", func() {
			beforeUpdate = func(client.WithWatch, client.Object) error { return errors.New("etcd is down") }
			build()
			fakeClock.SetTime(at(0, 10))
			_, err := reconciler.Reconcile(ctx, request)
			Expect(err).To(MatchError("etcd is down"))
			Expect(drain()).To(ConsistOf("Warning MaintenanceFailed etcd is down"))
			Expect(get().Spec).To(Equal(shoot.Spec))
			Expect(get().Status.LastMaintenance).To(BeNil())
		})

		It("should record a failure when the CloudProfile does not exist and still maintain components", func() {
			shoot.Spec.CloudProfile.Name = "gone"
			reconcileAt(at(0, 10))
			current := get()
			Expect(pinned(current)).To(Equal("0.44.1"))
			Expect(*current.Status.LastMaintenance.FailureReason).To(Equal(`Control Plane: Kubernetes maintenance failure due to: could not determine higher suitable version than "1.35.4": CloudProfile "gone" not found`))
		})
	})

	Describe("concurrency", func() {
		It("should lose no concurrent user update: a conflict re-reads the Shoot and recomputes", func() {
			raced := false
			beforeUpdate = func(c client.WithWatch, _ client.Object) error {
				if raced {
					return nil
				}
				raced = true
				// A user writes the Shoot between the maintenance read and its write.
				user := &gardencorev1beta1.Shoot{}
				Expect(c.Get(ctx, request.NamespacedName, user)).To(Succeed())
				user.Spec.Purpose = ptr.To(gardencorev1beta1.ShootPurposeProduction)
				user.Spec.Provider.Workers[0].Maximum = 5
				return c.Update(ctx, user)
			}

			reconcileAt(at(0, 10))

			current := get()
			Expect(current.Spec.Purpose).To(Equal(ptr.To(gardencorev1beta1.ShootPurposeProduction)))
			Expect(current.Spec.Provider.Workers[0].Maximum).To(Equal(int32(5)))
			Expect(current.Spec.Kubernetes.Version).To(Equal("1.35.6"))
			Expect(image(current)).To(Equal("1877.8.0"))
			Expect(pinned(current)).To(Equal("0.44.1"))
			Expect(current.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			// The first attempt's Update conflicts; the second attempt re-reads, recomputes and writes
			// (the Update with the result, then its removal).
			Expect(dryRunUpdates).To(Equal(2))
			Expect(updates).To(Equal(3))
		})

		It("should recompute on the latest Shoot: a pin changed concurrently is maintained from the new value", func() {
			raced := false
			beforeUpdate = func(c client.WithWatch, _ client.Object) error {
				if raced {
					return nil
				}
				raced = true
				user := &gardencorev1beta1.Shoot{}
				Expect(c.Get(ctx, request.NamespacedName, user)).To(Succeed())
				user.Spec.Extensions[0].AutoUpdate.UpdateStrategy = ptr.To(gardencorev1beta1.UpdateStrategyPatch)
				return c.Update(ctx, user)
			}

			reconcileAt(at(0, 10))
			// With the patch strategy 0.42.1 has no target any more.
			current := get()
			Expect(pinned(current)).To(Equal("0.42.1"))
			Expect(*current.Spec.Extensions[0].AutoUpdate.UpdateStrategy).To(Equal(gardencorev1beta1.UpdateStrategyPatch))
			Expect(current.Status.LastMaintenance.Description).NotTo(ContainSubstring("agent"))
		})
	})

	It("should write with the field manager that admission recognises as maintenance", func() {
		Expect(FieldManager).To(Equal(shootextensionprofile.MaintenanceFieldManager))
	})

	Describe("interrupted maintenance", func() {
		var upgradesBefore float64
		upgrades := func() float64 {
			return testutil.ToFloat64(ComponentUpgradesTotal.WithLabelValues("agent-ext", "auto-update")) - upgradesBefore
		}
		reconcileFailing := func(t time.Time) {
			GinkgoHelper()
			build()
			fakeClock.SetTime(t)
			_, err := reconciler.Reconcile(ctx, request)
			Expect(err).To(MatchError(ContainSubstring("crash")))
		}
		expectRecorded := func() {
			GinkgoHelper()
			current := get()
			Expect(current.Annotations).NotTo(HaveKey(AnnotationPendingResult))
			Expect(current.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			Expect(current.Status.LastMaintenance.TriggeredTime).To(Equal(metav1.NewTime(at(0, 10))))
			Expect(current.Status.LastMaintenance.Description).To(ContainSubstring(`Updated version from "0.42.1" to "0.44.1"`))
		}
		BeforeEach(func() {
			upgradesBefore = testutil.ToFloat64(ComponentUpgradesTotal.WithLabelValues("agent-ext", "auto-update"))
		})

		It("should finish a result whose recording stopped after the spec write on the next reconcile, outside the window, once", func() {
			beforeStatusWrite = func() error { return errors.New("crash") }
			reconcileFailing(at(0, 10))

			// The spec and the result were written together; nothing else happened.
			current := get()
			Expect(pinned(current)).To(Equal("0.44.1"))
			Expect(current.Annotations).To(HaveKey(AnnotationPendingResult))
			Expect(current.Status.LastMaintenance).To(BeNil())
			Expect(drain()).To(BeEmpty())
			Expect(upgrades()).To(BeZero())

			beforeStatusWrite = nil
			reconcileAt(at(12, 0))
			expectRecorded()
			Expect(drain()).To(HaveLen(3))
			Expect(upgrades()).To(Equal(1.0))

			// Nothing is repeated.
			updatesBefore := updates
			reconcileAt(at(12, 5))
			Expect(drain()).To(BeEmpty())
			Expect(upgrades()).To(Equal(1.0))
			Expect(updates).To(Equal(updatesBefore))
		})

		It("should neither repeat the events nor count the metrics twice when the removal of the result stopped", func() {
			n := 0
			beforeUpdate = func(client.WithWatch, client.Object) error {
				if n++; n == 2 {
					return errors.New("crash")
				}
				return nil
			}
			reconcileFailing(at(0, 10))
			Expect(get().Annotations).To(HaveKey(AnnotationPendingResult))
			Expect(get().Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			Expect(drain()).To(HaveLen(3))
			Expect(upgrades()).To(BeZero())

			reconcileAt(at(12, 0))
			expectRecorded()
			Expect(drain()).To(BeEmpty())
			Expect(upgrades()).To(Equal(1.0))
		})

		It("should count the metrics once when the removal of the result was stored although it failed", func() {
			n := 0
			beforeUpdate = func(c client.WithWatch, obj client.Object) error {
				if n++; n == 2 {
					// The server stores the removal, but the answer is lost.
					Expect(c.Update(ctx, obj.DeepCopyObject().(client.Object))).To(Succeed())
					return errors.New("timeout")
				}
				return nil
			}
			reconcileAt(at(0, 10))
			expectRecorded()
			Expect(drain()).To(HaveLen(3))
			Expect(upgrades()).To(Equal(1.0))
		})

		It("should count only samples whose labels are of the bounded sets, dropping the others", func() {
			series := func() []string {
				GinkgoHelper()
				families, err := metrics.Registry.Gather()
				Expect(err).NotTo(HaveOccurred())
				var out []string
				for _, family := range families {
					if !strings.HasPrefix(family.GetName(), "gardener_shoot_maintenance_extension_component_") {
						continue
					}
					for _, m := range family.GetMetric() {
						labels := []string{family.GetName()}
						for _, l := range m.GetLabel() {
							labels = append(labels, l.GetName()+"="+l.GetValue())
						}
						out = append(out, strings.Join(labels, " "))
					}
				}
				return out
			}
			// The valid series exist before, so that the run adds none.
			failuresBefore := testutil.ToFloat64(ComponentFailuresTotal.WithLabelValues("agent-ext", "no-target"))
			seriesBefore := series()
			shoot.Annotations = map[string]string{AnnotationPendingResult: `{"triggeredTime":"2026-11-29T00:10:00Z","state":"Succeeded","description":"recorded",` +
				`"metrics":[{"counter":"upgrades","extensionType":"agent-ext","reason":"auto-update"},` +
				`{"counter":"failures","extensionType":"agent-ext","reason":"no-target"},` +
				`{"counter":"upgrades","extensionType":"no-profile-ext","reason":"auto-update"},` +
				`{"counter":"upgrades","extensionType":"agent-ext","reason":"made-up"},` +
				`{"counter":"failures","extensionType":"agent-ext","reason":"auto-update"},` +
				`{"counter":"other","extensionType":"agent-ext","reason":"error"},` +
				`{"counter":"upgrades","extensionType":"","reason":"expiry"}]}`}
			reconcileAt(at(12, 0))

			Expect(get().Annotations).NotTo(HaveKey(AnnotationPendingResult))
			Expect(upgrades()).To(Equal(1.0))
			Expect(testutil.ToFloat64(ComponentFailuresTotal.WithLabelValues("agent-ext", "no-target")) - failuresBefore).To(Equal(1.0))
			Expect(series()).To(HaveLen(len(seriesBefore)), "no new series")
			Expect(series()).NotTo(ContainElements(
				"gardener_shoot_maintenance_extension_component_upgrades_total extension_type=no-profile-ext reason=auto-update",
				"gardener_shoot_maintenance_extension_component_upgrades_total extension_type=agent-ext reason=made-up",
				"gardener_shoot_maintenance_extension_component_failures_total extension_type=agent-ext reason=auto-update",
				"gardener_shoot_maintenance_extension_component_upgrades_total extension_type= reason=expiry",
			))
		})

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
			Expect(updates).To(BeZero())
		})

		It("should drop an unreadable result", func() {
			shoot.Annotations = map[string]string{AnnotationPendingResult: "{"}
			reconcileAt(at(12, 0))
			Expect(get().Annotations).To(BeEmpty())
			Expect(drain()).To(BeEmpty())
		})
	})

	Describe("feature gate", func() {
		It("should not touch components while ExtensionComponentVersions is off", func() {
			featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
			extProfile.Spec.Components[0].Versions = componentVersions(today, "0.42.1 x, 0.44.1")
			reconcileAt(at(0, 10))
			current := get()
			Expect(pinned(current)).To(Equal("0.42.1"))
			Expect(current.Spec.Kubernetes.Version).To(Equal("1.35.6"))
			Expect(checker.calls).To(BeZero())
		})
	})

	Describe("host updates and component compatibility", func() {
		BeforeEach(func() {
			// agent 0.42.1 is frozen and requires Kubernetes below 1.35.5; no other version exists.
			shoot.Spec.Extensions[0].AutoUpdate.Enabled = ptr.To(false)
			extProfile.Spec.Components[0].Versions = componentVersions(today, "0.42.1")
			checker.rules["agent/0.42.1"] = kubernetesBelow("1.35.5", "agent 0.42 requires Kubernetes below 1.35.5")
		})

		It("should let a forced Kubernetes update win, hold the component and say why", func() {
			cloudProfile.Spec.Kubernetes.Versions = expirable(today, "1.36.3, 1.35.6, 1.35.4 x")
			incompatibleBefore := testutil.ToFloat64(ComponentFailuresTotal.WithLabelValues("agent-ext", "incompatible"))

			reconcileAt(at(0, 10))

			current := get()
			Expect(current.Spec.Kubernetes.Version).To(Equal("1.35.6"))
			Expect(pinned(current)).To(Equal("0.42.1"))
			Expect(*current.Status.LastMaintenance.FailureReason).To(Equal(`Extension "agent-ext" component "agent": version "0.42.1" stays although it is incompatible with the maintained Shoot (agent 0.42 requires Kubernetes below 1.35.5): no compatible version is available`))
			Expect(drain()).To(ContainElement(`Warning ExtensionComponentVersionMaintenance Extension "agent-ext" component "agent": Component version maintenance failed. Reason for update: Component version is incompatible with the maintained Shoot. Error: version "0.42.1" stays although it is incompatible with the maintained Shoot (agent 0.42 requires Kubernetes below 1.35.5): no compatible version is available`))
			Expect(testutil.ToFloat64(ComponentFailuresTotal.WithLabelValues("agent-ext", "incompatible")) - incompatibleBefore).To(Equal(1.0))
		})

		It("should hold back a voluntary Kubernetes update instead", func() {
			reconcileAt(at(0, 10))
			current := get()
			Expect(current.Spec.Kubernetes.Version).To(Equal("1.35.4"))
			Expect(image(current)).To(Equal("1877.8.0"))
			Expect(*current.Status.LastMaintenance.FailureReason).To(Equal(`Control Plane: Kubernetes maintenance failure due to: update of Kubernetes version from "1.35.4" to "1.35.6" held back: it would make component "agent" of extension "agent-ext" (version "0.42.1") incompatible (agent 0.42 requires Kubernetes below 1.35.5)`))
		})
	})

	Describe("#ShootPredicate", func() {
		p := ShootPredicate()
		withAnnotation := func(value string) *gardencorev1beta1.Shoot {
			return &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{"gardener.cloud/operation": value}}}
		}
		withWindow := func(begin string) *gardencorev1beta1.Shoot {
			return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Maintenance: &gardencorev1beta1.Maintenance{
				TimeWindow: &gardencorev1beta1.MaintenanceTimeWindow{Begin: begin, End: "010000+0000"},
			}}}
		}

		It("should pass create, delete and generic events", func() {
			Expect(p.Create(event.CreateEvent{Object: &gardencorev1beta1.Shoot{}})).To(BeTrue())
			Expect(p.Delete(event.DeleteEvent{Object: &gardencorev1beta1.Shoot{}})).To(BeTrue())
			Expect(p.Generic(event.GenericEvent{Object: &gardencorev1beta1.Shoot{}})).To(BeTrue())
		})

		DescribeTable("updates",
			func(oldShoot, newShoot *gardencorev1beta1.Shoot, pass bool) {
				Expect(p.Update(event.UpdateEvent{ObjectOld: oldShoot, ObjectNew: newShoot})).To(Equal(pass))
			},
			Entry("maintain added", &gardencorev1beta1.Shoot{}, withAnnotation("maintain"), true),
			Entry("maintain already there", withAnnotation("maintain"), withAnnotation("maintain"), false),
			Entry("other operation", &gardencorev1beta1.Shoot{}, withAnnotation("reconcile"), false),
			Entry("window changed", withWindow("000000+0000"), withWindow("003000+0000"), true),
			Entry("window added", &gardencorev1beta1.Shoot{}, withWindow("000000+0000"), true),
			Entry("nothing relevant changed", withWindow("000000+0000"), withWindow("000000+0000"), false),
		)
	})
})
