// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension

import (
	"context"
	"fmt"
	"slices"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/events"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/shoot-falco-service/falco"
)

const (
	// Type is the extension type this controller reconciles (Extension.spec.type).
	Type = "shoot-falco-service"
	// FinalizerName is put on every Extension this controller reconciles and removed once the
	// falco objects are deleted.
	FinalizerName = "extensions.gardener.cloud/" + Type
	// ClassShoot is the only Extension class this controller serves; an unset spec.class means
	// shoot as well.
	ClassShoot = "shoot"
	// ManagedBy is the app.kubernetes.io/managed-by label of the deployed objects and the field
	// manager of their server-side apply.
	ManagedBy = "gardener-extension-" + Type

	// AnnotationOperation is gardener.cloud/operation; gardenlet sets it to OperationReconcile on
	// every spec change and the controller removes it after a successful reconcile.
	AnnotationOperation = "gardener.cloud/operation"
	// OperationReconcile is the value of AnnotationOperation that asks for a reconcile.
	OperationReconcile = "reconcile"

	// DescriptionReconciling is the lastOperation description while a reconcile runs.
	DescriptionReconciling = "Reconciling Extension"
	// DescriptionReconciled is the lastOperation description after a successful reconcile.
	DescriptionReconciled = "Successfully reconciled Extension"
	// DescriptionDeleting is the lastOperation description while a deletion runs.
	DescriptionDeleting = "Deleting Extension"
	// DescriptionDeleted is the lastOperation description after a successful deletion.
	DescriptionDeleted = "Successfully deleted Extension"

	// progressError is the lastOperation progress of a failed operation, as Gardener's
	// extension library writes it.
	progressError = 50
)

// Config configures the controller.
type Config struct {
	// MaxConcurrentReconciles is the number of Extensions reconciled in parallel.
	MaxConcurrentReconciles int
}

// Reconciler deploys falco at the version gardenlet resolved into Extension.spec.components[]
// for every seed Extension of type shoot-falco-service (GEP-78 "Design Details → 4. Deployment —
// gardenlet and extension controller"). It is the example extension controller of this
// repository; the real Falco extension lives in gardener/gardener-extension-shoot-falco-service.
type Reconciler struct {
	// Client reads and writes Extensions and applies the falco objects in the seed.
	Client client.Client
	// Decoder decodes the providerConfig of the falco component entry strictly (NewDecoder).
	Decoder runtime.Decoder
	// Clock supplies status.lastOperation.lastUpdateTime.
	Clock clock.Clock
	// Recorder records the DeprecatedFalcoVersion events; nil records none.
	Recorder events.EventRecorder
	// Config is the controller configuration.
	Config Config
}

// Reconcile deploys falco for one Extension. Extensions of other types or classes are left
// alone. A reconcile adds the finalizer, sets lastOperation Reconcile/Processing/0, resolves the
// falco component with extensioncomponents.Resolve (without one, from the legacy
// providerConfig.falcoVersion, with a DeprecatedFalcoVersion event; see resolveFalco), applies the ConfigMap falco-config and the
// Deployment falco, sets lastOperation Reconcile/Succeeded/100 with observedGeneration, and
// removes the gardener.cloud/operation=reconcile annotation. A missing falco component or an
// undecodable providerConfig sets lastOperation Error (progress 50) with the error as
// description, deploys nothing, keeps the annotation and returns the error, so the request is
// retried with backoff. A deleted Extension gets lastOperation Delete, its objects are deleted
// and the finalizer is removed.
func (r *Reconciler) Reconcile(ctx context.Context, request reconcile.Request) (reconcile.Result, error) {
	log := logf.FromContext(ctx)

	ext := &extensionsv1alpha1.Extension{}
	if err := r.Client.Get(ctx, request.NamespacedName, ext); err != nil {
		if apierrors.IsNotFound(err) {
			log.V(1).Info("Object is gone, stop reconciling")
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("error retrieving object from store: %w", err)
	}

	if !Responsible(ext) {
		log.V(1).Info("Extension is not of this controller's type and class, skipping", "type", ext.Spec.Type)
		return reconcile.Result{}, nil
	}

	if ext.DeletionTimestamp != nil {
		return reconcile.Result{}, r.delete(ctx, log, ext)
	}
	return reconcile.Result{}, r.reconcile(ctx, log, ext)
}

// Responsible reports whether ext is of type shoot-falco-service and of class shoot (or has no
// class).
func Responsible(ext *extensionsv1alpha1.Extension) bool {
	return ext.Spec.Type == Type && (ext.Spec.Class == nil || *ext.Spec.Class == ClassShoot)
}

func (r *Reconciler) reconcile(ctx context.Context, log logr.Logger, ext *extensionsv1alpha1.Extension) error {
	if !controllerutil.ContainsFinalizer(ext, FinalizerName) {
		log.Info("Adding finalizer")
		patch := client.MergeFromWithOptions(ext.DeepCopy(), client.MergeFromWithOptimisticLock{})
		controllerutil.AddFinalizer(ext, FinalizerName)
		if err := r.Client.Patch(ctx, ext, patch); err != nil {
			return fmt.Errorf("failed adding finalizer: %w", err)
		}
	}

	if err := r.updateStatus(ctx, ext, gardencorev1beta1.LastOperationTypeReconcile, gardencorev1beta1.LastOperationStateProcessing, 0, DescriptionReconciling, false, nil); err != nil {
		return err
	}

	values, warning, err := r.resolveFalco(ext)
	if err != nil {
		return r.fail(ctx, log, ext, gardencorev1beta1.LastOperationTypeReconcile, err)
	}
	if warning != "" {
		log.Info("Deprecated providerConfig field", "warning", warning)
		if r.Recorder != nil {
			r.Recorder.Eventf(ext, nil, corev1.EventTypeWarning, EventReasonDeprecatedFalcoVersion, "Reconcile", "%s", warning)
		}
	}
	log.Info("Deploying falco", "version", values.Version, "rulesVersion", values.RulesVersion, "containerPlugin", values.ContainerPlugin)
	if err := falco.Deploy(ctx, r.Client, values); err != nil {
		return r.fail(ctx, log, ext, gardencorev1beta1.LastOperationTypeReconcile, err)
	}

	if err := r.updateStatus(ctx, ext, gardencorev1beta1.LastOperationTypeReconcile, gardencorev1beta1.LastOperationStateSucceeded, 100, DescriptionReconciled, true, nil); err != nil {
		return err
	}

	if ext.Annotations[AnnotationOperation] == OperationReconcile {
		log.Info("Removing operation annotation")
		patch := client.MergeFrom(ext.DeepCopy())
		delete(ext.Annotations, AnnotationOperation)
		if err := r.Client.Patch(ctx, ext, patch); err != nil {
			return fmt.Errorf("failed removing annotation %s: %w", AnnotationOperation, err)
		}
	}
	return nil
}

func (r *Reconciler) delete(ctx context.Context, log logr.Logger, ext *extensionsv1alpha1.Extension) error {
	if !controllerutil.ContainsFinalizer(ext, FinalizerName) {
		return nil
	}

	if err := r.updateStatus(ctx, ext, gardencorev1beta1.LastOperationTypeDelete, gardencorev1beta1.LastOperationStateProcessing, 0, DescriptionDeleting, false, nil); err != nil {
		return err
	}

	log.Info("Deleting falco")
	if err := falco.Destroy(ctx, r.Client, ext.Namespace); err != nil {
		return r.fail(ctx, log, ext, gardencorev1beta1.LastOperationTypeDelete, err)
	}

	if err := r.updateStatus(ctx, ext, gardencorev1beta1.LastOperationTypeDelete, gardencorev1beta1.LastOperationStateSucceeded, 100, DescriptionDeleted, true, nil); err != nil {
		return err
	}

	log.Info("Removing finalizer")
	patch := client.MergeFromWithOptions(ext.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.RemoveFinalizer(ext, FinalizerName)
	if err := r.Client.Patch(ctx, ext, patch); client.IgnoreNotFound(err) != nil {
		return fmt.Errorf("failed removing finalizer: %w", err)
	}
	return nil
}

// fail records err in lastOperation (state Error) and returns it, so that the request is retried
// with backoff.
func (r *Reconciler) fail(ctx context.Context, log logr.Logger, ext *extensionsv1alpha1.Extension, operation gardencorev1beta1.LastOperationType, err error) error {
	log.Info("Operation failed, retrying with backoff", "operation", operation, "reason", err.Error())
	if statusErr := r.updateStatus(ctx, ext, operation, gardencorev1beta1.LastOperationStateError, progressError, err.Error(), true, err); statusErr != nil {
		return fmt.Errorf("%w (and %w)", err, statusErr)
	}
	return err
}

// updateStatus sets status.lastOperation, status.lastError and, with observe,
// status.observedGeneration. As in Gardener's extension library, lastError describes opErr when
// the operation fails, stays while an operation is processing and is cleared when one succeeds.
// Nothing is written when none would change (apart from lastUpdateTime).
func (r *Reconciler) updateStatus(ctx context.Context, ext *extensionsv1alpha1.Extension, operation gardencorev1beta1.LastOperationType, state gardencorev1beta1.LastOperationState, progress int32, description string, observe bool, opErr error) error {
	observedGeneration := ext.Status.ObservedGeneration
	if observe {
		observedGeneration = ext.Generation
	}
	now := metav1.NewTime(r.Clock.Now().UTC())
	var lastError *gardencorev1beta1.LastError
	switch {
	case opErr != nil:
		lastError = &gardencorev1beta1.LastError{Description: opErr.Error(), Codes: errorCodes(opErr), LastUpdateTime: &now}
	case state == gardencorev1beta1.LastOperationStateProcessing:
		lastError = ext.Status.LastError
	}
	if last := ext.Status.LastOperation; last != nil && last.Type == operation && last.State == state &&
		last.Progress == progress && last.Description == description && ext.Status.ObservedGeneration == observedGeneration &&
		sameError(ext.Status.LastError, lastError) {
		return nil
	}

	patch := client.MergeFrom(ext.DeepCopy())
	ext.Status.LastOperation = &gardencorev1beta1.LastOperation{
		Type:           operation,
		State:          state,
		Progress:       progress,
		Description:    description,
		LastUpdateTime: now,
	}
	ext.Status.LastError = lastError
	ext.Status.ObservedGeneration = observedGeneration
	if err := r.Client.Status().Patch(ctx, ext, patch); err != nil {
		return fmt.Errorf("failed updating status.lastOperation to %s %s: %w", operation, state, err)
	}
	return nil
}

// sameError reports whether two lastErrors say the same (apart from lastUpdateTime).
func sameError(a, b *gardencorev1beta1.LastError) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Description == b.Description && slices.Equal(a.Codes, b.Codes)
}
