// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	"github.com/prometheus/client_golang/prometheus/testutil"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

var _ = Describe("Reconciler", func() {
	setUpReconcilerTest()

	// expectRequeueIntoNextWindow expects a requeue to a random instant of the Shoot's next
	// effective window after the wall-clock time of the reconcile (Gardener's requeueAfterDuration).
	expectRequeueIntoNextWindow := func(reconcileAt func() reconcile.Result) {
		GinkgoHelper()
		window := gardenerutils.EffectiveShootMaintenanceTimeWindow(shoot)
		before := time.Now()
		result := reconcileAt()
		after := time.Now()
		Expect(result.RequeueAfter).To(BeNumerically(">=", window.NextBegin(after).Sub(after)))
		Expect(result.RequeueAfter).To(BeNumerically("<=", window.NextBegin(before).Sub(before)+window.Duration()))
	}

	Describe("trigger and window", func() {
		It("should not maintain outside the window and requeue into the next window", func() {
			expectRequeueIntoNextWindow(func() reconcile.Result { return reconcileAt(at(12, 0)) })
			Expect(dryRunUpdates + updates + statusWrites).To(BeZero())
			Expect(get().Spec).To(Equal(shoot.Spec))
		})

		It("should not maintain after the effective end of the window (15 minutes before the configured end)", func() {
			reconcileAt(at(0, 46))
			Expect(updates).To(BeZero())
		})

		It("should maintain at the effective end of the window and requeue into the next window", func() {
			expectRequeueIntoNextWindow(func() reconcile.Result { return reconcileAt(at(0, 45)) })
			Expect(updates).To(Equal(1))
		})

		It("should maintain at once with the maintain operation annotation and remove it", func() {
			shoot.Annotations = map[string]string{"gardener.cloud/operation": "maintain", "keep": "me"}
			reconcileAt(at(12, 0))
			current := get()
			Expect(current.Annotations).To(Equal(map[string]string{"keep": "me"}))
			Expect(current.Spec.Kubernetes.Version).To(Equal("1.35.6"))
		})

		It("should remove the whole operation annotation with the maintain operation (Gardener's)", func() {
			shoot.Annotations = map[string]string{"gardener.cloud/operation": "reconcile;maintain"}
			reconcileAt(at(12, 0))
			Expect(get().Annotations).To(BeEmpty())
		})

		It("should keep the maintenance operations of a Shoot whose gardenlet sets no last operation", func() {
			shoot.Annotations = map[string]string{"gardener.cloud/operation": "maintain", "maintenance.gardener.cloud/operation": "rotate-ssh-keypair"}
			reconcileAt(at(12, 0))
			Expect(get().Annotations).To(Equal(map[string]string{"maintenance.gardener.cloud/operation": "rotate-ssh-keypair"}))
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
			reconcileAt(at(0, 10))

			current := get()
			Expect(image(current)).To(Equal("1877.8.0"))
			Expect(current.Spec.Kubernetes.Version).To(Equal("1.35.6"))
			Expect(pinned(current)).To(Equal("0.44.1"))
			Expect(dryRunUpdates).To(Equal(1))
			Expect(updates).To(Equal(1))
			// lastMaintenance Processing before the Update, Succeeded after it.
			Expect(statusWrites).To(Equal(2))

			Expect(current.Status.LastMaintenance).To(Equal(&gardencorev1beta1.LastMaintenance{
				Description: `All maintenance operations successful. ` +
					`Control Plane: Updated Kubernetes version from "1.35.4" to "1.35.6". Reason: Automatic update of Kubernetes version configured, ` +
					`Worker pool "local": Updated machine image "gardenlinux" from "1877.5.0" to "1877.8.0". Reason: Automatic update of the machine image version is configured (image update strategy: minor), ` +
					`Extension "agent-ext" component "agent": Updated version from "0.42.1" to "0.44.1". Reason: Automatic update of the component version is configured (update strategy: minor)`,
				TriggeredTime: metav1.NewTime(at(0, 10)),
				State:         gardencorev1beta1.LastOperationStateSucceeded,
			}))
			Expect(current.Status.ExtensionComponentMoves).To(ConsistOf(MatchFields(IgnoreExtras, Fields{
				"Type": Equal("agent-ext"), "Component": Equal("agent"), "WorkerPool": BeNil(), "From": Equal("0.42.1"), "To": Equal("0.44.1"),
				"Time": WithTransform(func(t metav1.Time) bool { return t.Equal(&metav1.Time{Time: at(0, 10)}) }, BeTrue()), "Forced": BeFalse(),
			})))
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

		It("should send the unchanged Shoot without a dry run when nothing is to be maintained, and turn a failed last maintenance into succeeded", func() {
			shoot.Spec.Kubernetes.Version = "1.35.6"
			shoot.Spec.Provider.Workers[0].Machine.Image.Version = ptr.To("1877.8.0")
			shoot.Spec.Extensions[0].Components[0].Version = ptr.To("0.44.1")
			shoot.Status.LastMaintenance = &gardencorev1beta1.LastMaintenance{Description: "x", State: gardencorev1beta1.LastOperationStateFailed, FailureReason: ptr.To("y")}

			reconcileAt(at(0, 10))
			Expect(dryRunUpdates).To(BeZero())
			Expect(updates).To(Equal(1))
			Expect(get().Spec).To(Equal(shoot.Spec))
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
			Expect(drain()).To(BeEmpty(), "Gardener records no event for a rejected dry run")
			Expect(testutil.ToFloat64(ComponentFailuresTotal.WithLabelValues("agent-ext", "write-rejected")) - rejectedBefore).To(Equal(1.0))
		})

		It("should return a conflict of the dry run and record nothing, so that the next reconcile computes again", func() {
			dryRunError = apierrors.NewConflict(gardencorev1beta1.Resource("shoots"), "maint", errors.New("changed"))
			build()
			fakeClock.SetTime(at(0, 10))
			_, err := reconciler.Reconcile(ctx, request)
			Expect(apierrors.IsConflict(err)).To(BeTrue())
			Expect(get().Status.LastMaintenance).To(BeNil())
			Expect(updates + statusWrites).To(BeZero())
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
			Expect(get().Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateProcessing), "the next reconcile resumes it")
		})

		It("should return the error when the CloudProfile does not exist, and change nothing (Gardener's)", func() {
			shoot.Spec.CloudProfile.Name = "gone"
			build()
			fakeClock.SetTime(at(0, 10))
			_, err := reconciler.Reconcile(ctx, request)
			Expect(err).To(HaveOccurred())
			Expect(get().Spec).To(Equal(shoot.Spec))
			Expect(dryRunUpdates + updates + statusWrites).To(BeZero())
		})

		It("should return the error reading an ExtensionProfile, and change nothing", func() {
			build()
			funcs.Get = func(ctx context.Context, c client.WithWatch, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
				if _, ok := obj.(*gardencorev1beta1.ExtensionProfile); ok {
					return errors.New("etcd is down")
				}
				return c.Get(ctx, key, obj, opts...)
			}
			fakeClient = nil
			build()
			fakeClock.SetTime(at(0, 10))
			_, err := reconciler.Reconcile(ctx, request)
			Expect(err).To(MatchError(`failed reading ExtensionProfile "agent-ext": etcd is down`))
			Expect(dryRunUpdates + updates + statusWrites).To(BeZero())
		})
	})

	Describe("concurrency", func() {
		It("should not overwrite a spec changed after it was read, and maintain it in the next reconcile", func() {
			raced := false
			beforeStatusWrite = func() error {
				if raced {
					return nil
				}
				raced = true
				// A user writes the Shoot between the maintenance read and its writes.
				user := &gardencorev1beta1.Shoot{}
				Expect(fakeClient.Get(ctx, request.NamespacedName, user)).To(Succeed())
				user.Spec.Purpose = ptr.To(gardencorev1beta1.ShootPurposeProduction)
				user.Spec.Extensions[0].AutoUpdate.UpdateStrategy = ptr.To(gardencorev1beta1.UpdateStrategyPatch)
				user.Generation++
				return fakeClient.Update(ctx, user)
			}
			build()
			fakeClock.SetTime(at(0, 10))
			_, err := reconciler.Reconcile(ctx, request)
			Expect(apierrors.IsConflict(err)).To(BeTrue(), "got %v", err)

			current := get()
			Expect(current.Spec.Purpose).To(Equal(ptr.To(gardencorev1beta1.ShootPurposeProduction)))
			Expect(current.Spec.Kubernetes.Version).To(Equal("1.35.4"))
			Expect(current.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateProcessing))

			// The retry computes on the new spec: with the patch strategy 0.42.1 has no target.
			reconcileAt(at(0, 11))
			current = get()
			Expect(current.Spec.Purpose).To(Equal(ptr.To(gardencorev1beta1.ShootPurposeProduction)))
			Expect(current.Spec.Kubernetes.Version).To(Equal("1.35.6"))
			Expect(pinned(current)).To(Equal("0.42.1"))
			Expect(current.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			Expect(current.Status.LastMaintenance.Description).NotTo(ContainSubstring("agent"))
		})

		It("should return a conflict of the Update without retrying it (Gardener's)", func() {
			beforeUpdate = func(client.WithWatch, client.Object) error {
				return apierrors.NewConflict(gardencorev1beta1.Resource("shoots"), "maint", errors.New("changed"))
			}
			build()
			fakeClock.SetTime(at(0, 10))
			_, err := reconciler.Reconcile(ctx, request)
			Expect(apierrors.IsConflict(err)).To(BeTrue())
			Expect(updates).To(Equal(1))
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
})
