// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"fmt"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/util/retry"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/controllermanager/config"
	"github.com/gep-78/gardener/pkg/features"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// FieldManager is the field manager of the Shoot writes of maintenance. Admission may use it,
// together with the controller-manager's identity, to recognise a maintenance write (doc.go).
const FieldManager = "gardener-controller-manager-shoot-maintenance"

// Reconciler maintains Shoots in their maintenance window.
type Reconciler struct {
	// Client reads Shoots (cached) and profiles, and writes Shoots; it must serve the status
	// subresource.
	Client client.Client
	// APIReader reads the Shoot uncached right before it is maintained and written, so that a
	// retry after a conflict computes on the latest object.
	APIReader client.Reader
	// Config is the controller's configuration.
	Config config.ShootMaintenanceControllerConfiguration
	// Clock is the time source for the window, the classifications and lastMaintenance.
	Clock clock.Clock
	// Recorder records the Shoot events.
	Recorder events.EventRecorder
	// CompatibilityChecker evaluates the compatibility rules of component versions.
	CompatibilityChecker CompatibilityChecker
	// RandomInt63n returns a random number in [0, n); it spreads the requeue over the window.
	RandomInt63n func(n int64) int64
}

// Reconcile maintains one Shoot. A Shoot that is gone or being deleted is left alone. Otherwise
// the result requeues at a random instant of the next occurrence of the effective maintenance
// window (gardenerutils.EffectiveShootMaintenanceTimeWindow; tomorrow's when now is inside
// today's). The Shoot is maintained now when now lies in the effective window or the Shoot carries
// the operation annotation "maintain". Errors are returned for controller-runtime's backoff.
func (r *Reconciler) Reconcile(ctx context.Context, request reconcile.Request) (reconcile.Result, error) {
	log := logf.FromContext(ctx)

	shoot := &gardencorev1beta1.Shoot{}
	if err := r.Client.Get(ctx, request.NamespacedName, shoot); err != nil {
		if apierrors.IsNotFound(err) {
			log.V(1).Info("Object is gone, stop reconciling")
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("error retrieving object from store: %w", err)
	}
	if shoot.DeletionTimestamp != nil {
		log.V(1).Info("Shoot is being deleted, not maintaining it")
		return reconcile.Result{}, nil
	}

	now := r.Clock.Now()
	window := gardenerutils.EffectiveShootMaintenanceTimeWindow(shoot)
	requeueAfter := window.DurationUntilNext(now, r.RandomInt63n)
	if !gardenerutils.HasMaintainNowAnnotation(shoot) && !window.Contains(now) {
		log.V(1).Info("Outside the maintenance window, requeueing", "window", window.String(), "requeueAfter", requeueAfter)
		return reconcile.Result{RequeueAfter: requeueAfter}, nil
	}

	if err := r.maintain(ctx, log, request.NamespacedName, now); err != nil {
		return reconcile.Result{}, err
	}
	log.Info("Maintenance done, requeueing for the next window", "requeueAfter", requeueAfter, "nextMaintenance", now.Add(requeueAfter).UTC())
	return reconcile.Result{RequeueAfter: requeueAfter}, nil
}

// maintain reads the Shoot, runs the steps and writes the result. A conflict on any write means
// that someone changed the Shoot since it was read: the attempt is dropped and the Shoot read and
// maintained again (retry.DefaultRetry), so that a concurrent change is never overwritten.
func (r *Reconciler) maintain(ctx context.Context, log logr.Logger, key types.NamespacedName, now time.Time) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		shoot := &gardencorev1beta1.Shoot{}
		if err := r.APIReader.Get(ctx, key, shoot); err != nil {
			return client.IgnoreNotFound(err)
		}
		if shoot.DeletionTimestamp != nil {
			return nil
		}
		op, err := r.run(ctx, log, shoot, now)
		if err != nil {
			return err
		}
		return r.write(ctx, log, op)
	})
}

// run loads the profiles and runs the steps on a working copy of shoot, in the fixed order
// machine images, Kubernetes version, extension components, then settles host/component
// conflicts. Only read errors other than NotFound are returned.
func (r *Reconciler) run(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot, now time.Time) (*Operation, error) {
	op := NewOperation(shoot, now)
	op.Shoot.Annotations = gardenerutils.WithoutMaintainOperation(shoot.Annotations)

	if err := r.loadCloudProfile(ctx, op); err != nil {
		return nil, err
	}
	componentsEnabled := features.Enabled(features.ExtensionComponentVersions)
	if componentsEnabled {
		if err := r.loadExtensionProfiles(ctx, op); err != nil {
			return nil, err
		}
	}

	MaintainMachineImages(log, op)
	MaintainKubernetesVersion(log, op)
	MaintainExtensionComponents(ctx, log, op, r.CompatibilityChecker)
	if componentsEnabled {
		if err := ResolveHostComponentConflicts(ctx, log, op, r.CompatibilityChecker, func() {
			MaintainExtensionComponents(ctx, log, op, r.CompatibilityChecker)
		}); err != nil {
			return nil, fmt.Errorf("failed checking the compatibility of extension components: %w", err)
		}
	}
	return op, nil
}

func (r *Reconciler) loadCloudProfile(ctx context.Context, op *Operation) error {
	name := ptr.Deref(op.Shoot.Spec.CloudProfileName, "")
	if ref := op.Shoot.Spec.CloudProfile; ref != nil {
		if ref.Kind != "" && ref.Kind != "CloudProfile" {
			op.CloudProfileErr = fmt.Errorf("%s %q is not supported", ref.Kind, ref.Name)
			return nil
		}
		name = ref.Name
	}
	if name == "" {
		op.CloudProfileErr = fmt.Errorf("the Shoot references no CloudProfile")
		return nil
	}
	profile := &gardencorev1beta1.CloudProfile{}
	if err := r.Client.Get(ctx, types.NamespacedName{Name: name}, profile); err != nil {
		if !apierrors.IsNotFound(err) {
			return fmt.Errorf("failed reading CloudProfile %q: %w", name, err)
		}
		op.CloudProfileErr = fmt.Errorf("CloudProfile %q not found", name)
		return nil
	}
	op.CloudProfile = profile
	return nil
}

func (r *Reconciler) loadExtensionProfiles(ctx context.Context, op *Operation) error {
	for _, pin := range pinnedComponents(op.Shoot) {
		if _, loaded := op.ExtensionProfiles[pin.extensionType]; loaded {
			continue
		}
		profile := &gardencorev1beta1.ExtensionProfile{}
		if err := r.Client.Get(ctx, types.NamespacedName{Name: pin.extensionType}, profile); err != nil {
			if !apierrors.IsNotFound(err) {
				return fmt.Errorf("failed reading ExtensionProfile %q: %w", pin.extensionType, err)
			}
			profile = nil
		}
		op.ExtensionProfiles[pin.extensionType] = profile
	}
	return nil
}

// write persists a run.
//
// Without results nothing but the removal of the "maintain" operation is written, and a
// lastMaintenance in state Failed becomes Succeeded ("Maintenance succeeded").
//
// With results:
//  1. The maintained Shoot is sent as a dry-run Update. If the API server rejects it, nothing is
//     written to the spec: the "maintain" operation is removed, lastMaintenance records the window
//     as failed ("Maintenance failed", failureReason "Updates to the Shoot failed to be applied:
//     <error>"), and a Warning event MaintenanceFailed is recorded. The next window tries again.
//  2. status.lastMaintenance is written: the description of every result (Messages), the trigger
//     time, state Processing, or Failed with failureReason when a result failed.
//  3. One Update writes every change of the run (spec and annotations).
//  4. One event per result is recorded, the metrics are counted, and a Processing state becomes
//     Succeeded.
//
// Every write carries the resourceVersion the run was computed on, so a concurrent change makes
// it fail with a conflict, which maintain retries.
func (r *Reconciler) write(ctx context.Context, log logr.Logger, op *Operation) error {
	shoot, maintained := op.Original, op.Shoot

	if len(op.Results) == 0 {
		if !apiequality.Semantic.DeepEqual(shoot.Annotations, maintained.Annotations) || !apiequality.Semantic.DeepEqual(shoot.Spec, maintained.Spec) {
			if err := r.Client.Update(ctx, maintained, client.FieldOwner(FieldManager)); err != nil {
				return err
			}
			shoot = maintained
		}
		if last := shoot.Status.LastMaintenance; last != nil && last.State == gardencorev1beta1.LastOperationStateFailed {
			patch := client.MergeFrom(shoot.DeepCopy())
			last.State = gardencorev1beta1.LastOperationStateSucceeded
			last.Description = "Maintenance succeeded"
			last.FailureReason = nil
			if err := r.Client.Status().Patch(ctx, shoot, patch); err != nil {
				return fmt.Errorf("failed updating the last maintenance of the Shoot: %w", err)
			}
		}
		return nil
	}

	if err := r.Client.Update(ctx, maintained.DeepCopy(), client.DryRunAll, client.FieldOwner(FieldManager)); err != nil {
		if apierrors.IsConflict(err) {
			return err
		}
		return r.recordRejectedWrite(ctx, log, op, err)
	}

	description, failureReason := Messages(op.Results)
	lastMaintenance := &gardencorev1beta1.LastMaintenance{
		Description:   description,
		TriggeredTime: metav1.NewTime(op.Now),
		State:         gardencorev1beta1.LastOperationStateProcessing,
	}
	if failureReason != "" {
		lastMaintenance.State = gardencorev1beta1.LastOperationStateFailed
		lastMaintenance.FailureReason = &failureReason
	}
	withStatus := shoot.DeepCopy()
	withStatus.Status.LastMaintenance = lastMaintenance
	if err := r.Client.Status().Update(ctx, withStatus); err != nil {
		if apierrors.IsConflict(err) {
			return err
		}
		return fmt.Errorf("failed updating the last maintenance of the Shoot: %w", err)
	}

	maintained.ResourceVersion = withStatus.ResourceVersion
	maintained.Status = withStatus.Status
	if err := r.Client.Update(ctx, maintained, client.FieldOwner(FieldManager)); err != nil {
		if !apierrors.IsConflict(err) {
			r.Recorder.Eventf(shoot, nil, corev1.EventTypeWarning, EventReasonMaintenanceFailed, eventAction, "%s", err.Error())
		}
		return err
	}
	log.Info("Shoot maintained", "description", description, "failureReason", failureReason)

	for _, result := range op.Results {
		eventType, reason, message := result.event()
		r.Recorder.Eventf(maintained, nil, eventType, reason, eventAction, "%s", message)
	}
	recordMetrics(op.Results)

	if lastMaintenance.State == gardencorev1beta1.LastOperationStateProcessing {
		patch := client.MergeFrom(maintained.DeepCopy())
		maintained.Status.LastMaintenance.State = gardencorev1beta1.LastOperationStateSucceeded
		if err := r.Client.Status().Patch(ctx, maintained, patch); err != nil {
			return fmt.Errorf("failed updating the last maintenance of the Shoot: %w", err)
		}
	}
	return nil
}

// recordRejectedWrite records a window whose maintained Shoot the API server rejected on the dry
// run (see write).
func (r *Reconciler) recordRejectedWrite(ctx context.Context, log logr.Logger, op *Operation, cause error) error {
	shoot := op.Original.DeepCopy()
	log.Info("The maintained Shoot was rejected by the API server, recording the window as failed", "error", cause.Error())

	if gardenerutils.HasMaintainNowAnnotation(shoot) {
		patch := client.MergeFromWithOptions(shoot.DeepCopy(), client.MergeFromWithOptimisticLock{})
		shoot.Annotations = gardenerutils.WithoutMaintainOperation(shoot.Annotations)
		if err := r.Client.Patch(ctx, shoot, patch, client.FieldOwner(FieldManager)); err != nil {
			return err
		}
	}

	patch := client.MergeFrom(shoot.DeepCopy())
	shoot.Status.LastMaintenance = &gardencorev1beta1.LastMaintenance{
		Description:   "Maintenance failed",
		TriggeredTime: metav1.NewTime(op.Now),
		State:         gardencorev1beta1.LastOperationStateFailed,
		FailureReason: ptr.To("Updates to the Shoot failed to be applied: " + cause.Error()),
	}
	if err := r.Client.Status().Patch(ctx, shoot, patch); err != nil {
		return fmt.Errorf("failed updating the last maintenance of the Shoot: %w", err)
	}
	r.Recorder.Eventf(shoot, nil, corev1.EventTypeWarning, EventReasonMaintenanceFailed, eventAction, "Updates to the Shoot failed to be applied: %s", cause.Error())
	recordRejectedMetrics(op.Results)
	return nil
}
