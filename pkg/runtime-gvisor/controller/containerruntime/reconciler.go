// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package containerruntime

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/go-logr/logr"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/extensions/pkg/util/extensioncomponents"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	gvisorv1alpha1 "github.com/gep-78/gardener/pkg/runtime-gvisor/apis/gvisor/v1alpha1"
	"github.com/gep-78/gardener/pkg/runtime-gvisor/gvisor"
)

const (
	// Type is the container runtime type this controller reconciles (ContainerRuntime.spec.type).
	Type = "gvisor"
	// FinalizerName is put on every ContainerRuntime this controller reconciles and removed once
	// its DaemonSet is deleted.
	FinalizerName = "extensions.gardener.cloud/" + Type
	// ManagedBy is the app.kubernetes.io/managed-by label of the DaemonSets and the field manager
	// of their server-side apply.
	ManagedBy = "gardener-extension-runtime-" + Type

	// DescriptionReconciled is the lastOperation description after a successful reconcile.
	DescriptionReconciled = "Successfully reconciled ContainerRuntime"
	// DescriptionDeleted is the lastOperation description after a successful deletion.
	DescriptionDeleted = "Successfully deleted ContainerRuntime"

	// progressError is the lastOperation progress of a failed operation.
	progressError = 50
)

// platforms are the runsc platforms a RunscComponentConfig may name.
var platforms = []string{"systrap", "ptrace", "kvm"}

// Reconciler installs runsc at the version gardenlet resolved for one worker pool into
// ContainerRuntime.spec.components[], for every seed ContainerRuntime of type gvisor: a DaemonSet
// per pool (package gvisor). It is the example container runtime extension of this repository.
type Reconciler struct {
	// Client reads and writes ContainerRuntimes and applies the DaemonSets in the seed.
	Client client.Client
	// Decoder decodes the providerConfig of the runsc component entry strictly (NewDecoder).
	Decoder runtime.Decoder
	// Clock supplies status.lastOperation.lastUpdateTime.
	Clock clock.Clock
	// MaxConcurrentReconciles is the number of ContainerRuntimes reconciled in parallel.
	MaxConcurrentReconciles int
}

// Reconcile installs runsc for one ContainerRuntime of type gvisor; others are left alone. A
// reconcile adds the finalizer, resolves the runsc component with
// extensioncomponents.ResolveContainerRuntime, applies the pool's DaemonSet, sets lastOperation
// Reconcile/Succeeded/100 with observedGeneration and removes gardener.cloud/operation=reconcile.
// A missing component or a bad providerConfig sets lastOperation Error with lastError, deploys
// nothing, keeps the annotation and returns the error, so the request is retried with backoff. A
// deleted ContainerRuntime gets its DaemonSet deleted and loses the finalizer.
func (r *Reconciler) Reconcile(ctx context.Context, request reconcile.Request) (reconcile.Result, error) {
	log := logf.FromContext(ctx)

	cr := &extensionsv1alpha1.ContainerRuntime{}
	if err := r.Client.Get(ctx, request.NamespacedName, cr); err != nil {
		if apierrors.IsNotFound(err) {
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("error retrieving object from store: %w", err)
	}
	if !Responsible(cr) {
		return reconcile.Result{}, nil
	}
	if cr.DeletionTimestamp != nil {
		return reconcile.Result{}, r.delete(ctx, log, cr)
	}
	return reconcile.Result{}, r.reconcile(ctx, log, cr)
}

// Responsible reports whether cr is of type gvisor and of class shoot (or has no class).
func Responsible(cr *extensionsv1alpha1.ContainerRuntime) bool {
	return cr.Spec.Type == Type && (cr.Spec.Class == nil || *cr.Spec.Class == extensionsv1alpha1.ExtensionClassShoot)
}

func (r *Reconciler) reconcile(ctx context.Context, log logr.Logger, cr *extensionsv1alpha1.ContainerRuntime) error {
	if !controllerutil.ContainsFinalizer(cr, FinalizerName) {
		patch := client.MergeFromWithOptions(cr.DeepCopy(), client.MergeFromWithOptimisticLock{})
		controllerutil.AddFinalizer(cr, FinalizerName)
		if err := r.Client.Patch(ctx, cr, patch); err != nil {
			return fmt.Errorf("failed adding finalizer: %w", err)
		}
	}

	values, err := r.values(cr)
	if err != nil {
		return r.fail(ctx, log, cr, gardencorev1beta1.LastOperationTypeReconcile, err)
	}
	log.Info("Installing runsc", "pool", values.WorkerPool, "version", values.Version, "platform", values.Platform)
	if err := gvisor.Deploy(ctx, r.Client, values); err != nil {
		return r.fail(ctx, log, cr, gardencorev1beta1.LastOperationTypeReconcile, err)
	}
	if err := r.updateStatus(ctx, cr, gardencorev1beta1.LastOperationTypeReconcile, gardencorev1beta1.LastOperationStateSucceeded, 100, DescriptionReconciled, nil); err != nil {
		return err
	}

	if cr.Annotations[v1beta1constants.GardenerOperation] == v1beta1constants.GardenerOperationReconcile {
		patch := client.MergeFrom(cr.DeepCopy())
		delete(cr.Annotations, v1beta1constants.GardenerOperation)
		if err := r.Client.Patch(ctx, cr, patch); err != nil {
			return fmt.Errorf("failed removing annotation %s: %w", v1beta1constants.GardenerOperation, err)
		}
	}
	return nil
}

// values returns the pool's installation: the runsc version of spec.components[] and the platform
// of its providerConfig; a simulateFailure there is the error.
func (r *Reconciler) values(cr *extensionsv1alpha1.ContainerRuntime) (gvisor.Values, error) {
	cfg := &gvisorv1alpha1.RunscComponentConfig{}
	component, err := extensioncomponents.ResolveContainerRuntime(cr, gvisor.ComponentName, r.Decoder, cfg)
	if err != nil {
		return gvisor.Values{}, err
	}
	platform := orDefault(cfg.Platform, gvisor.DefaultPlatform)
	if !slices.Contains(platforms, platform) {
		return gvisor.Values{}, field.NotSupported(component.FieldPath.Child("providerConfig", "platform"), cfg.Platform, platforms)
	}
	if f := cfg.SimulateFailure; f != nil {
		return gvisor.Values{}, extensioncomponents.SimulatedFailure(gvisor.ComponentName, component.Version, f.Description, f.Codes)
	}
	return gvisor.Values{
		Namespace:    cr.Namespace,
		Name:         cr.Name,
		WorkerPool:   cr.Spec.WorkerPool.Name,
		NodeSelector: cr.Spec.WorkerPool.Selector.MatchLabels,
		Version:      component.Version,
		Platform:     platform,
		BinaryPath:   orDefault(cr.Spec.BinaryPath, extensionsv1alpha1.ContainerDRuntimeContainersBinFolder),
		ManagedBy:    ManagedBy,
	}, nil
}

// orDefault returns value, or fallback when value is empty.
func orDefault(value, fallback string) string {
	if value == "" {
		return fallback
	}
	return value
}

func (r *Reconciler) delete(ctx context.Context, log logr.Logger, cr *extensionsv1alpha1.ContainerRuntime) error {
	if !controllerutil.ContainsFinalizer(cr, FinalizerName) {
		return nil
	}
	log.Info("Deleting the runsc installation", "pool", cr.Spec.WorkerPool.Name)
	if err := gvisor.Destroy(ctx, r.Client, cr.Namespace, cr.Name); err != nil {
		return r.fail(ctx, log, cr, gardencorev1beta1.LastOperationTypeDelete, err)
	}
	if err := r.updateStatus(ctx, cr, gardencorev1beta1.LastOperationTypeDelete, gardencorev1beta1.LastOperationStateSucceeded, 100, DescriptionDeleted, nil); err != nil {
		return err
	}
	patch := client.MergeFromWithOptions(cr.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.RemoveFinalizer(cr, FinalizerName)
	if err := r.Client.Patch(ctx, cr, patch); client.IgnoreNotFound(err) != nil {
		return fmt.Errorf("failed removing finalizer: %w", err)
	}
	return nil
}

// fail records err in lastOperation (state Error) and lastError, and returns it.
func (r *Reconciler) fail(ctx context.Context, log logr.Logger, cr *extensionsv1alpha1.ContainerRuntime, operation gardencorev1beta1.LastOperationType, err error) error {
	log.Info("Operation failed, retrying with backoff", "operation", operation, "reason", err.Error())
	if statusErr := r.updateStatus(ctx, cr, operation, gardencorev1beta1.LastOperationStateError, progressError, err.Error(), err); statusErr != nil {
		return fmt.Errorf("%w (and %w)", err, statusErr)
	}
	return err
}

// updateStatus sets status.lastOperation, status.observedGeneration and status.lastError (opErr's,
// cleared on success). Nothing is written when nothing but lastUpdateTime would change.
func (r *Reconciler) updateStatus(ctx context.Context, cr *extensionsv1alpha1.ContainerRuntime, operation gardencorev1beta1.LastOperationType, state gardencorev1beta1.LastOperationState, progress int32, description string, opErr error) error {
	now := metav1.NewTime(r.Clock.Now().UTC())
	var lastError *gardencorev1beta1.LastError
	if opErr != nil {
		lastError = &gardencorev1beta1.LastError{Description: opErr.Error(), Codes: errorCodes(opErr), LastUpdateTime: &now}
	}
	if last := cr.Status.LastOperation; last != nil && last.Type == operation && last.State == state &&
		last.Progress == progress && last.Description == description && cr.Status.ObservedGeneration == cr.Generation &&
		sameError(cr.Status.LastError, lastError) {
		return nil
	}

	patch := client.MergeFrom(cr.DeepCopy())
	cr.Status.LastOperation = &gardencorev1beta1.LastOperation{Type: operation, State: state, Progress: progress, Description: description, LastUpdateTime: now}
	cr.Status.LastError = lastError
	cr.Status.ObservedGeneration = cr.Generation
	if err := r.Client.Status().Patch(ctx, cr, patch); err != nil {
		return fmt.Errorf("failed updating status.lastOperation to %s %s: %w", operation, state, err)
	}
	return nil
}

// errorCodes returns ERR_CONFIGURATION_PROBLEM for a missing component, an undecodable
// providerConfig or an unsupported platform, a simulated failure's codes, none otherwise.
func errorCodes(err error) []gardencorev1beta1.ErrorCode {
	if fieldErr := (&field.Error{}); errors.As(err, &fieldErr) {
		return []gardencorev1beta1.ErrorCode{gardencorev1beta1.ErrorConfigurationProblem}
	}
	return extensioncomponents.ErrorCodes(err)
}

// sameError reports whether two lastErrors say the same (apart from lastUpdateTime).
func sameError(a, b *gardencorev1beta1.LastError) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Description == b.Description && slices.Equal(a.Codes, b.Codes)
}
