// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/events"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"
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

// Reconciler maintains Shoots in their maintenance window.
type Reconciler struct {
	Client   client.Client
	Config   controllermanagerconfigv1alpha1.ShootMaintenanceControllerConfiguration
	Clock    clock.Clock
	Recorder events.EventRecorder

	// StableChannelSoakPeriod is the soak period of the stable release channel.
	StableChannelSoakPeriod time.Duration
	// RolloutPolicy is the default rollout policy of component versions; nil is the built-in one.
	RolloutPolicy *gardencorev1beta1.RolloutPolicy
	// CompatibilityChecker evaluates the compatibility rules of component versions.
	CompatibilityChecker componentversion.CompatibilityChecker
}

// Reconcile maintains a Shoot now when it carries the "maintain" operation, its effective window
// is open or its last maintenance was interrupted, and requeues at a random instant of its next
// window.
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
		log.V(1).Info("Skipping Shoot because it is marked for deletion")
		return reconcile.Result{}, nil
	}

	requeueAfter, nextMaintenance := requeueAfterDuration(shoot)

	if !mustMaintainNow(shoot, r.Clock) && !maintenanceInterrupted(shoot) {
		log.V(1).Info("Skipping Shoot because it doesn't need to be maintained now")
		log.V(1).Info("Scheduled next maintenance for Shoot", "duration", requeueAfter.Round(time.Minute), "nextMaintenance", nextMaintenance.Round(time.Minute))
		return reconcile.Result{RequeueAfter: requeueAfter}, nil
	}

	if err := r.reconcile(ctx, log, shoot); err != nil {
		return reconcile.Result{}, err
	}

	log.V(1).Info("Scheduled next maintenance for Shoot", "duration", requeueAfter.Round(time.Minute), "nextMaintenance", nextMaintenance.Round(time.Minute))
	return reconcile.Result{RequeueAfter: requeueAfter}, nil
}

// requeueAfterDuration returns the duration from now until a random instant of the next
// occurrence of the Shoot's effective window, and that instant.
func requeueAfterDuration(shoot *gardencorev1beta1.Shoot) (time.Duration, time.Time) {
	var (
		now             = time.Now()
		window          = gardenerutils.EffectiveShootMaintenanceTimeWindow(shoot)
		duration        = window.DurationUntilNext(now, rand.Int64N)
		nextMaintenance = time.Now().UTC().Add(duration)
	)

	return duration, nextMaintenance
}

// updateResult is the result of one maintenance operation on a version; a failure means the
// version had to change but no target was found.
type updateResult struct {
	description  string
	reason       string
	isSuccessful bool
}

// reconcile maintains machine images, Kubernetes versions and extension components on one copy
// of the Shoot and writes it as docs/usage/shoot-maintenance.md tells.
func (r *Reconciler) reconcile(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot) error {
	log.Info("Maintaining Shoot")

	var (
		maintainedShoot = shoot.DeepCopy()
		// for maintenance operations unrelated to machine images and Kubernetes versions
		operations []string
		err        error
		now        = r.Clock.Now()
	)

	workerToKubernetesUpdate := make(map[string]updateResult)
	workerToMachineImageUpdate := make(map[string]updateResult)

	cloudProfile, err := gardenerutils.GetCloudProfile(ctx, r.Client, shoot)
	if err != nil {
		return err
	}

	if !v1beta1helper.IsWorkerless(shoot) {
		workerToMachineImageUpdate, err = maintainMachineImagesAt(log, maintainedShoot, cloudProfile, now)
		if err != nil {
			// continue execution to allow the kubernetes version update
			log.Error(err, "Failed to maintain Shoot machine images")
		}
	}

	kubernetesControlPlaneUpdate, err := maintainKubernetesVersionAt(log, maintainedShoot.Spec.Kubernetes.Version, gardenerutils.KubernetesAutoUpdateEnabled(maintainedShoot), cloudProfile, func(v string) (string, error) {
		maintainedShoot.Spec.Kubernetes.Version = v
		return v, nil
	}, now)
	if err != nil {
		// continue execution to allow the machine image version update and Kubernetes updates to worker pools
		log.Error(err, "Failed to maintain Shoot kubernetes version")
	}

	shootKubernetesVersion, err := semver.NewVersion(maintainedShoot.Spec.Kubernetes.Version)
	if err != nil {
		return err
	}

	for i, pool := range maintainedShoot.Spec.Provider.Workers {
		if pool.Kubernetes == nil || pool.Kubernetes.Version == nil {
			continue
		}

		workerLog := log.WithValues("worker", pool.Name)
		workerKubernetesUpdate, err := maintainKubernetesVersionAt(workerLog, *pool.Kubernetes.Version, gardenerutils.KubernetesAutoUpdateEnabled(maintainedShoot), cloudProfile, func(v string) (string, error) {
			workerPoolSemver, err := semver.NewVersion(v)
			if err != nil {
				return "", err
			}
			// A pool's target above the control plane's version is capped at it.
			if workerPoolSemver.GreaterThan(shootKubernetesVersion) {
				workerPoolSemver = shootKubernetesVersion
			}
			v = workerPoolSemver.String()
			maintainedShoot.Spec.Provider.Workers[i].Kubernetes.Version = &v
			return v, nil
		}, now)
		if err != nil {
			// continue execution to allow other maintenance activities to continue
			workerLog.Error(err, "Could not maintain Kubernetes version for worker pool")
		}

		if workerKubernetesUpdate != nil {
			workerToKubernetesUpdate[pool.Name] = *workerKubernetesUpdate
		}
	}

	// The extension components, against the copy as maintained so far.
	componentUpdates, err := r.maintainExtensionComponents(ctx, log, shoot, maintainedShoot, &kubernetesControlPlaneUpdate, workerToKubernetesUpdate, workerToMachineImageUpdate)
	if err != nil {
		return err
	}

	if operation := maintainOperation(maintainedShoot, nil); operation != "" {
		operations = append(operations, fmt.Sprintf("Added %q operation annotation", operation))
	}

	requirePatch := len(operations) > 0 || kubernetesControlPlaneUpdate != nil || len(workerToKubernetesUpdate) > 0 || len(workerToMachineImageUpdate) > 0
	requirePatch = requirePatch || len(componentUpdates) > 0
	if requirePatch {
		patch := client.MergeFrom(shoot.DeepCopy())

		// make sure to include both successful and failed maintenance operations
		description, failureReason := buildMaintenanceMessages(kubernetesControlPlaneUpdate, workerToKubernetesUpdate, workerToMachineImageUpdate, nil, operations)
		if len(componentUpdates) > 0 {
			description, failureReason = buildMaintenanceMessagesWithComponents(kubernetesControlPlaneUpdate, workerToKubernetesUpdate, workerToMachineImageUpdate, nil, componentUpdates, operations)
		}

		shoot.Status.LastMaintenance = &gardencorev1beta1.LastMaintenance{
			Description:   description,
			TriggeredTime: metav1.Time{Time: now},
			State:         gardencorev1beta1.LastOperationStateProcessing,
		}

		// if any maintenance operation failed, set the status to 'Failed' and retry in the next maintenance cycle
		if failureReason != "" {
			shoot.Status.LastMaintenance.State = gardencorev1beta1.LastOperationStateFailed
			shoot.Status.LastMaintenance.FailureReason = &failureReason
		}

		// A rejected dry run records the window as failed; the next one retries.
		if err := r.Client.Update(ctx, maintainedShoot.DeepCopy(), &client.UpdateOptions{
			DryRun: []string{metav1.DryRunAll},
		}); err != nil {
			// A conflict is a stale read, not a rejection: the next reconcile computes again.
			if apierrors.IsConflict(err) {
				return err
			}
			// The "maintain" operation goes, so that it can be set again once the cause is fixed.
			if hasMaintainNowAnnotation(shoot) {
				delete(shoot.Annotations, v1beta1constants.GardenerOperation)
			}
			shoot.Status.LastMaintenance.Description = "Maintenance failed"
			shoot.Status.LastMaintenance.State = gardencorev1beta1.LastOperationStateFailed
			shoot.Status.LastMaintenance.FailureReason = ptr.To(fmt.Sprintf("Updates to the Shoot failed to be applied: %s", err.Error()))
			if err := r.Client.Status().Patch(ctx, shoot, patch); err != nil {
				return err
			}
			// The status strategy keeps the metadata: the operation goes with an update.
			if hasMaintainNowAnnotation(shoot) {
				delete(shoot.Annotations, v1beta1constants.GardenerOperation)
				if err := r.Client.Update(ctx, shoot); err != nil {
					return err
				}
			}

			countRejectedComponentMaintenance(log, componentUpdates)
			log.Info("Shoot maintenance failed", "reason", err)
			return nil
		}

		shoot.Status.ExtensionComponentMoves = componentMoves(shoot.Status.ExtensionComponentMoves, maintainedShoot, componentUpdates, shoot.Status.LastMaintenance.TriggeredTime.Time)
		if err := r.Client.Status().Patch(ctx, shoot, patch); err != nil {
			return err
		}
	}

	// A spec changed since it was read is not overwritten with the stale copy.
	if err := ensureSpecUnchanged(shoot, maintainedShoot); err != nil {
		return err
	}

	// update shoot spec changes in maintenance call
	shoot.Spec = *maintainedShoot.Spec.DeepCopy()
	_ = maintainOperation(shoot, nil)

	// A conflict means stale data: the next reconcile computes again.
	if err := r.Client.Update(ctx, shoot); err != nil {
		r.Recorder.Eventf(shoot, nil, corev1.EventTypeWarning, gardencorev1beta1.ShootMaintenanceFailed, gardencorev1beta1.EventActionReconcile, err.Error())
		return err
	}

	// Without results, a failed last maintenance no longer applies.
	if !requirePatch && shoot.Status.LastMaintenance != nil && shoot.Status.LastMaintenance.State == gardencorev1beta1.LastOperationStateFailed {
		patch := client.MergeFrom(shoot.DeepCopy())
		shoot.Status.LastMaintenance.State = gardencorev1beta1.LastOperationStateSucceeded
		shoot.Status.LastMaintenance.Description = "Maintenance succeeded"
		shoot.Status.LastMaintenance.FailureReason = nil

		if err := r.Client.Status().Patch(ctx, shoot, patch); err != nil {
			return err
		}
	}

	if shoot.Status.LastMaintenance != nil && shoot.Status.LastMaintenance.State == gardencorev1beta1.LastOperationStateProcessing {
		patch := client.MergeFrom(shoot.DeepCopy())
		shoot.Status.LastMaintenance.State = gardencorev1beta1.LastOperationStateSucceeded

		if err := r.Client.Status().Patch(ctx, shoot, patch); err != nil {
			return err
		}
	}

	// make sure to report (partial) maintenance failures
	if kubernetesControlPlaneUpdate != nil {
		if kubernetesControlPlaneUpdate.isSuccessful {
			r.Recorder.Eventf(shoot, nil, corev1.EventTypeNormal, gardencorev1beta1.ShootEventK8sVersionMaintenance, gardencorev1beta1.EventActionReconcile, "Control Plane: %s. Reason: %s.", kubernetesControlPlaneUpdate.description, kubernetesControlPlaneUpdate.reason)
		} else {
			r.Recorder.Eventf(shoot, nil, corev1.EventTypeWarning, gardencorev1beta1.ShootEventK8sVersionMaintenance, gardencorev1beta1.EventActionReconcile, "Control Plane: Kubernetes version maintenance failed. Reason for update: %s. Error: %v", kubernetesControlPlaneUpdate.reason, kubernetesControlPlaneUpdate.description)
		}
	}

	r.recordMaintenanceEventsForPool(workerToKubernetesUpdate, shoot, gardencorev1beta1.ShootEventK8sVersionMaintenance, "Kubernetes")
	r.recordMaintenanceEventsForPool(workerToMachineImageUpdate, shoot, gardencorev1beta1.ShootEventImageVersionMaintenance, "Machine image")
	r.recordExtensionComponentMaintenance(log, shoot, componentUpdates)

	log.Info("Shoot maintenance completed")
	return nil
}

// buildMaintenanceMessages returns lastMaintenance.description and .failureReason of the results
// and operations.
func buildMaintenanceMessages(kubernetesControlPlaneUpdate *updateResult, workerToKubernetesUpdate, workerToMachineImageUpdate, credentialsToRotationUpdate map[string]updateResult, operations []string) (string, string) {
	return buildMaintenanceMessagesWithComponents(kubernetesControlPlaneUpdate, workerToKubernetesUpdate, workerToMachineImageUpdate, credentialsToRotationUpdate, nil, operations)
}

// recordMaintenanceEventsForPool records an event per pool result.
func (r *Reconciler) recordMaintenanceEventsForPool(workerToUpdateResult map[string]updateResult, shoot *gardencorev1beta1.Shoot, eventType string, maintenanceType string) {
	for _, worker := range sortedKeys(workerToUpdateResult) {
		result := workerToUpdateResult[worker]
		if result.isSuccessful {
			r.Recorder.Eventf(shoot, nil, corev1.EventTypeNormal, eventType, gardencorev1beta1.EventActionReconcile, "Worker pool %q: %v. Reason: %s.",
				worker, result.description, result.reason)
			continue
		}

		r.Recorder.Eventf(shoot, nil, corev1.EventTypeWarning, eventType, gardencorev1beta1.EventActionReconcile, "Worker pool %q: %s version maintenance failed. Reason for update: %s. Error: %v",
			worker, maintenanceType, result.reason, result.description)
	}
}

// maintainOperation removes the "maintain" operation and sets the operation gardenlet performs
// next: getOperation's, or a retry of a failed one; it returns it unless it is only "reconcile".
func maintainOperation(shoot *gardencorev1beta1.Shoot, credentialsToRotationUpdate map[string]updateResult) string {
	var operation string
	if hasMaintainNowAnnotation(shoot) {
		delete(shoot.Annotations, v1beta1constants.GardenerOperation)
	}

	if shoot.Status.LastOperation == nil {
		return ""
	}

	switch shoot.Status.LastOperation.State {
	case gardencorev1beta1.LastOperationStateFailed:
		if needsRetry(shoot) {
			metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, v1beta1constants.GardenerOperation, v1beta1constants.ShootOperationRetry)
			delete(shoot.Annotations, v1beta1constants.FailedShootNeedsRetryOperation)
		}
	default:
		operation = getOperation(shoot, credentialsToRotationUpdate)
		metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, v1beta1constants.GardenerOperation, operation)
		delete(shoot.Annotations, v1beta1constants.GardenerMaintenanceOperation)
	}

	if operation == v1beta1constants.GardenerOperationReconcile {
		return ""
	}
	return operation
}

// mustMaintainNow reports whether the Shoot carries the "maintain" operation or now lies in its
// effective maintenance window.
func mustMaintainNow(shoot *gardencorev1beta1.Shoot, clock clock.Clock) bool {
	return hasMaintainNowAnnotation(shoot) || gardenerutils.IsNowInEffectiveShootMaintenanceTimeWindow(shoot, clock)
}

func hasMaintainNowAnnotation(shoot *gardencorev1beta1.Shoot) bool {
	return slices.Contains(v1beta1helper.GetShootGardenerOperations(shoot.Annotations), v1beta1constants.ShootOperationMaintain)
}

// needsRetry reports whether the Shoot asks for a retry of its failed reconciliation.
func needsRetry(shoot *gardencorev1beta1.Shoot) bool {
	needsRetryOperation := false
	if val, ok := shoot.Annotations[v1beta1constants.FailedShootNeedsRetryOperation]; ok {
		needsRetryOperation, _ = strconv.ParseBool(val)
	}
	return needsRetryOperation
}

// getOperation returns "reconcile" with the Shoot's maintenance operations and the window's
// successful credentials rotations, joined by ";".
func getOperation(shoot *gardencorev1beta1.Shoot, credentialsToRotationUpdate map[string]updateResult) string {
	maintenanceOperations := v1beta1helper.GetShootMaintenanceOperations(shoot.Annotations)

	// Always reconcile the Shoot in maintenance cycle.
	if !slices.Contains(maintenanceOperations, v1beta1constants.GardenerOperationReconcile) {
		maintenanceOperations = append(maintenanceOperations, v1beta1constants.GardenerOperationReconcile)
	}

	for credentials, result := range credentialsToRotationUpdate {
		switch {
		case credentials == v1beta1constants.ShootOperationRotateSSHKeypair && result.isSuccessful:
			maintenanceOperations = append(maintenanceOperations, v1beta1constants.ShootOperationRotateSSHKeypair)
		case credentials == v1beta1constants.OperationRotateObservabilityCredentials && result.isSuccessful:
			maintenanceOperations = append(maintenanceOperations, v1beta1constants.OperationRotateObservabilityCredentials)
		case credentials == v1beta1constants.OperationRotateETCDEncryptionKey && result.isSuccessful &&
			!slices.Contains(maintenanceOperations, v1beta1constants.OperationRotateETCDEncryptionKeyStart):
			maintenanceOperations = append(maintenanceOperations, v1beta1constants.OperationRotateETCDEncryptionKey)
		}
	}

	return strings.Join(maintenanceOperations, v1beta1constants.GardenerOperationsSeparator)
}
