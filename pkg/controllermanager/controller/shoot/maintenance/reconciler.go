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
	"k8s.io/client-go/util/retry"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
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
	Config controllermanagerconfigv1alpha1.ShootMaintenanceControllerConfiguration
	// StableChannelSoakPeriod is the soak period of the stable release channel, the same value as
	// the ExtensionProfile controller's (controllers.extensionProfile.stableChannelSoakPeriod).
	StableChannelSoakPeriod time.Duration
	// Clock is the time source for the window, the classifications and lastMaintenance.
	Clock clock.Clock
	// ReportingInstance is the reportingInstance of the Shoot events (events.k8s.io/v1), e.g. the
	// host name; "gardener-controller-manager" when empty. The events are created with Client.
	ReportingInstance string
	// CompatibilityChecker evaluates the compatibility rules of component versions.
	CompatibilityChecker componentversion.CompatibilityChecker
	// RandomInt63n returns a random number in [0, n); it spreads the requeue over the window.
	RandomInt63n func(n int64) int64
}

// Reconcile maintains one Shoot. A Shoot that is gone or being deleted is left alone. Otherwise
// the result requeues at a random instant of the next occurrence of the effective maintenance
// window (gardenerutils.EffectiveShootMaintenanceTimeWindow; tomorrow's when now is inside
// today's). The Shoot is maintained now when now lies in the effective window, the Shoot carries
// the operation annotation "maintain", or its last maintenance did not finish (a pending result,
// or lastMaintenance in state Processing; see write). Errors are returned for controller-runtime's
// backoff.
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
	if !mustMaintainNow(shoot, r.Clock) && !unfinished(shoot) {
		log.V(1).Info("Outside the maintenance window, requeueing", "window", window.String(), "requeueAfter", requeueAfter)
		return reconcile.Result{RequeueAfter: requeueAfter}, nil
	}

	if err := r.reconcile(ctx, log, shoot); err != nil {
		return reconcile.Result{}, err
	}
	log.Info("Maintenance done, requeueing for the next window", "requeueAfter", requeueAfter, "nextMaintenance", now.Add(requeueAfter).UTC())
	return reconcile.Result{RequeueAfter: requeueAfter}, nil
}

// mustMaintainNow reports whether shoot carries the "maintain" operation or now is inside its
// effective maintenance window (Gardener's).
func mustMaintainNow(shoot *gardencorev1beta1.Shoot, clock clock.Clock) bool {
	return gardenerutils.HasMaintainNowAnnotation(shoot) || gardenerutils.IsNowInEffectiveShootMaintenanceTimeWindow(shoot, clock)
}

// reconcile maintains shoot (Gardener's): it reads the Shoot uncached, finishes a pending result
// (finish), runs the steps at the reconciler's time and writes the result. A Shoot whose pending result is finished is maintained again only if it carries the
// "maintain" operation (added after the interrupted run). A conflict on any write means that
// someone changed the Shoot since it was read: the attempt is dropped and the Shoot read and
// maintained again (retry.DefaultRetry), so that a concurrent change is never overwritten.
func (r *Reconciler) reconcile(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot) error {
	key, now := client.ObjectKeyFromObject(shoot), r.Clock.Now()
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		shoot := &gardencorev1beta1.Shoot{}
		if err := r.APIReader.Get(ctx, key, shoot); err != nil {
			return client.IgnoreNotFound(err)
		}
		if shoot.DeletionTimestamp != nil {
			return nil
		}
		if hasPendingResult(shoot) {
			log.Info("Finishing an interrupted maintenance")
			finished, err := r.finish(ctx, log, shoot)
			if err != nil || !gardenerutils.HasMaintainNowAnnotation(finished) {
				return err
			}
			shoot = finished
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
	op.StableChannelSoakPeriod = r.StableChannelSoakPeriod
	op.Shoot.Annotations = gardenerutils.WithoutMaintainOperation(shoot.Annotations)

	if err := r.loadCloudProfile(ctx, op); err != nil {
		return nil, err
	}
	if op.ComponentVersions {
		if err := r.loadExtensionProfiles(ctx, op); err != nil {
			return nil, err
		}
	}

	MaintainMachineImages(log, op)
	MaintainKubernetesVersion(log, op)
	MaintainExtensionComponents(ctx, log, op, r.CompatibilityChecker)
	if op.ComponentVersions {
		ResolveHostComponentConflicts(ctx, log, op, r.CompatibilityChecker, func() {
			MaintainExtensionComponents(ctx, log, op, r.CompatibilityChecker)
		})
	}
	return op, nil
}

// loadCloudProfile reads the Shoot's effective CloudProfile (gardenerutils.GetCloudProfile: a
// NamespacedCloudProfile as its merged spec). A missing reference or profile, an unsupported
// kind and a NamespacedCloudProfile not merged yet are recorded in op.CloudProfileErr; other read
// errors are returned.
func (r *Reconciler) loadCloudProfile(ctx context.Context, op *Operation) error {
	ref := gardenerutils.BuildV1beta1CloudProfileReference(op.Shoot)
	if ref == nil {
		op.CloudProfileErr = fmt.Errorf("the Shoot references no CloudProfile")
		return nil
	}
	profile, err := gardenerutils.GetCloudProfile(ctx, r.Client, op.Shoot)
	switch {
	case apierrors.IsNotFound(err):
		op.CloudProfileErr = fmt.Errorf("%s %q not found", ref.Kind, ref.Name)
		return nil
	case err != nil && ref.Kind != v1beta1constants.CloudProfileReferenceKindCloudProfile && ref.Kind != v1beta1constants.CloudProfileReferenceKindNamespacedCloudProfile:
		op.CloudProfileErr = fmt.Errorf("%s %q is not supported", ref.Kind, ref.Name)
		return nil
	case err != nil:
		return fmt.Errorf("failed reading %s %q: %w", ref.Kind, ref.Name, err)
	case len(profile.Spec.Kubernetes.Versions) == 0 && profile.Spec.Type == "":
		op.CloudProfileErr = fmt.Errorf("%s %q has not been merged with its parent CloudProfile yet", ref.Kind, ref.Name)
		return nil
	}
	op.CloudProfile = profile
	return nil
}

func (r *Reconciler) loadExtensionProfiles(ctx context.Context, op *Operation) error {
	for _, pin := range v1beta1helper.ActiveComponentPins(op.Shoot.Spec.Extensions) {
		if _, loaded := op.ExtensionProfiles[pin.ExtensionType]; loaded {
			continue
		}
		profile := &gardencorev1beta1.ExtensionProfile{}
		if err := r.Client.Get(ctx, types.NamespacedName{Name: pin.ExtensionType}, profile); err != nil {
			if !apierrors.IsNotFound(err) {
				return fmt.Errorf("failed reading ExtensionProfile %q: %w", pin.ExtensionType, err)
			}
			profile = nil
		}
		op.ExtensionProfiles[pin.ExtensionType] = profile
	}
	return nil
}

// write persists a run so that a crash at any point leaves a Shoot that the next reconcile
// finishes or maintains again, and never records an event or a metric twice.
//
// Without results, a lastMaintenance in state Failed becomes Succeeded ("Maintenance succeeded"),
// one in state Processing (an interrupted write of an earlier version of this controller, whose
// retry found nothing left to do) becomes Succeeded with its description; then the removal of the
// "maintain" operation is written. Status first: a crash in between leaves the operation, and the
// Shoot is maintained again at once.
//
// With results, the maintained Shoot is first sent as a dry-run Update. If the API server rejects
// it, nothing is written to the spec: the run becomes a failed window ("Maintenance failed",
// failureReason "Updates to the Shoot failed to be applied: <error>", a Warning event
// MaintenanceFailed) written onto the Shoot as read, and the next window tries again. Otherwise
// the result is the description of every result (buildMaintenanceMessages), state Succeeded, or Failed with
// failureReason when a result failed, one event per result, and the metrics.
//
// Then one Update writes every change of the run (spec, annotations) together with the result in
// AnnotationPendingResult, and finish records the result: status.lastMaintenance, the events, the
// metrics, and the removal of the annotation. A non-conflict failure of the Update records a
// Warning event MaintenanceFailed and is returned.
//
// Every write carries the resourceVersion the run was computed on, so a concurrent change makes
// it fail with a conflict, which maintain retries.
func (r *Reconciler) write(ctx context.Context, log logr.Logger, op *Operation) error {
	shoot, maintained := op.Original, op.Shoot

	if !op.hasResults() {
		if last := shoot.Status.LastMaintenance; last != nil && (last.State == gardencorev1beta1.LastOperationStateFailed || last.State == gardencorev1beta1.LastOperationStateProcessing) {
			withStatus := shoot.DeepCopy()
			if last.State == gardencorev1beta1.LastOperationStateFailed {
				withStatus.Status.LastMaintenance.Description = "Maintenance succeeded"
			}
			withStatus.Status.LastMaintenance.State = gardencorev1beta1.LastOperationStateSucceeded
			withStatus.Status.LastMaintenance.FailureReason = nil
			if err := r.Client.Status().Update(ctx, withStatus); err != nil {
				if apierrors.IsConflict(err) {
					return err
				}
				return fmt.Errorf("failed updating the last maintenance of the Shoot: %w", err)
			}
			maintained.ResourceVersion = withStatus.ResourceVersion
			maintained.Status = withStatus.Status
			shoot = withStatus
		}
		if !apiequality.Semantic.DeepEqual(shoot.Annotations, maintained.Annotations) || !apiequality.Semantic.DeepEqual(shoot.Spec, maintained.Spec) {
			return r.Client.Update(ctx, maintained, client.FieldOwner(FieldManager))
		}
		return nil
	}

	result := &pendingResult{TriggeredTime: metav1.NewTime(op.Now)}
	if err := r.Client.Update(ctx, maintained.DeepCopy(), client.DryRunAll, client.FieldOwner(FieldManager)); err != nil {
		if apierrors.IsConflict(err) {
			return err
		}
		log.Info("The maintained Shoot was rejected by the API server, recording the window as failed", "error", err.Error())
		failureReason := "Updates to the Shoot failed to be applied: " + err.Error()
		result.State = gardencorev1beta1.LastOperationStateFailed
		result.Description = "Maintenance failed"
		result.FailureReason = failureReason
		result.Events = []pendingEvent{{Type: corev1.EventTypeWarning, Reason: EventReasonMaintenanceFailed, Note: failureReason}}
		result.Metrics = rejectedMetricSamples(op)
		maintained = shoot.DeepCopy()
		maintained.Annotations = gardenerutils.WithoutMaintainOperation(shoot.Annotations)
	} else {
		description, failureReason := op.messages()
		result.State = gardencorev1beta1.LastOperationStateSucceeded
		if failureReason != "" {
			result.State = gardencorev1beta1.LastOperationStateFailed
		}
		result.Description, result.FailureReason = description, failureReason
		result.Events = op.events()
		result.Metrics = metricSamples(op)
	}

	if err := encodePending(maintained, result); err != nil {
		return err
	}
	if err := r.Client.Update(ctx, maintained, client.FieldOwner(FieldManager)); err != nil {
		if !apierrors.IsConflict(err) {
			if eventErr := r.createEvent(ctx, shoot, result.TriggeredTime, "write-failed", pendingEvent{
				Type: corev1.EventTypeWarning, Reason: EventReasonMaintenanceFailed, Note: err.Error(),
			}); eventErr != nil {
				log.Error(eventErr, "Failed recording the failed maintenance write")
			}
		}
		return err
	}
	_, err := r.finish(ctx, log, maintained)
	return err
}
