// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/tools/record"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/component/extensions/containerruntime"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
	"github.com/gep-78/gardener/pkg/component/shared"
	"github.com/gep-78/gardener/pkg/features"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

const (
	// FinalizerName is put on every Shoot this controller reconciles. It is removed once the
	// Shoot's Extensions are gone and the deletion of its seed namespace has been requested.
	FinalizerName = "gardener.cloud/gardenlet-extensions"

	// LabelManagedBy marks the seed objects this controller owns. Only Extensions carrying it are
	// deleted as stale, and only namespaces carrying it are deleted with their Shoot.
	LabelManagedBy = extension.LabelManagedBy
	// ManagedByGardenlet is the value of LabelManagedBy.
	ManagedByGardenlet = extension.ManagedByGardenlet
	// LabelShootNamespace and LabelShootName name the Shoot a seed object belongs to; the
	// Extension watch maps an object back to its Shoot through them.
	LabelShootNamespace = extension.LabelShootNamespace
	// LabelShootName: see LabelShootNamespace.
	LabelShootName = extension.LabelShootName

	// AnnotationOperation asks the extension controller to reconcile.
	AnnotationOperation = v1beta1constants.GardenerOperation
	// OperationReconcile is the value of AnnotationOperation that asks for a reconcile.
	OperationReconcile = v1beta1constants.GardenerOperationReconcile
	// AnnotationTimestamp is the time of the last change gardenlet made (RFC3339Nano, UTC). The
	// readiness check compares it with status.lastOperation.lastUpdateTime.
	AnnotationTimestamp = v1beta1constants.GardenerTimestamp
	// AnnotationConfirmationDeletion confirms the deletion of an extension object, as gardenlet
	// does before every delete.
	AnnotationConfirmationDeletion = v1beta1constants.ConfirmationDeletion
	// LabelRole is gardener.cloud/role; seed namespaces of shoots carry RoleShoot.
	LabelRole = v1beta1constants.GardenRole
	// RoleShoot is the value of LabelRole on a shoot's seed namespace.
	RoleShoot = v1beta1constants.GardenRoleShoot
	// AnnotationShootUID records the UID of the Shoot on its seed namespace.
	AnnotationShootUID = v1beta1constants.ShootUID
	// AnnotationComponents summarises spec.components of a seed Extension (see
	// extension.AnnotationComponents).
	AnnotationComponents = extension.AnnotationComponents

	// EventReasonComponentsUpdated is the reason of the Normal event recorded on the Shoot when
	// the resolved components of one of its Extensions change.
	EventReasonComponentsUpdated = "ExtensionComponentsUpdated"
	// EventReasonComponentUnresolved is the reason of the Warning event recorded on the Shoot for
	// every ComponentWarning of shared.DesiredExtensions, on every reconcile while it holds.
	EventReasonComponentUnresolved = "ExtensionComponentUnresolved"
	// EventReasonInvalidTechnicalID is the reason of the Warning event recorded on a Shoot whose
	// seed namespace cannot be derived.
	EventReasonInvalidTechnicalID = "InvalidTechnicalID"
	// EventReasonExtensionDeploymentFailed is the reason of the Warning event on a Shoot whose seed
	// Extension cannot be written.
	EventReasonExtensionDeploymentFailed = "ExtensionDeploymentFailed"
	// TaskIDPrefixExtension prefixes the task ID of the status.lastErrors entry of a seed
	// Extension that could not be written: "extension/<type>".
	TaskIDPrefixExtension = "extension/"
)

// Config configures the controller.
type Config struct {
	// SeedName is the name of the seed this gardenlet serves. Shoots with spec.seedName equal
	// to it are reconciled.
	SeedName string
	// AdoptUnscheduledShoots makes this gardenlet also reconcile Shoots without spec.seedName (a
	// local garden with one seed and no scheduler); spec.seedName is not written.
	AdoptUnscheduledShoots bool
	// ConcurrentSyncs is the number of Shoots reconciled in parallel.
	ConcurrentSyncs int
}

// Reconciler writes the seed Extensions of the Shoots that belong to this seed (GEP-78 "4. Deployment
// — gardenlet and extension controller").
type Reconciler struct {
	// GardenClient reads Shoots and ExtensionProfiles and writes the Shoot's finalizer and
	// status.technicalID.
	GardenClient client.Client
	// SeedClient writes Namespaces and Extensions.
	SeedClient client.Client
	// Config is the controller configuration.
	Config Config
	// Recorder records events on Shoots (in the garden cluster).
	Recorder record.EventRecorder
	// Clock supplies the gardener.cloud/timestamp annotation.
	Clock clock.Clock

	// writes are the Shoot writes the garden cache may not show yet.
	writes shootWrites
}

// Reconcile makes the seed namespace and Extensions of a Shoot match DesiredExtensions, writing only
// what differs; a deleted Shoot's Extensions and namespace go before its finalizer.
func (r *Reconciler) Reconcile(ctx context.Context, request reconcile.Request) (reconcile.Result, error) {
	log := logf.FromContext(ctx)

	shoot := &gardencorev1beta1.Shoot{}
	if err := r.GardenClient.Get(ctx, request.NamespacedName, shoot); err != nil {
		if apierrors.IsNotFound(err) {
			log.V(1).Info("Object is gone, stop reconciling")
			r.writes.forget(request.NamespacedName)
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("error retrieving object from store: %w", err)
	}
	shoot = r.writes.fresher(shoot)

	hasFinalizer := controllerutil.ContainsFinalizer(shoot, FinalizerName)
	if !r.responsibleFor(shoot) {
		if shoot.DeletionTimestamp == nil || !hasFinalizer {
			// A Shoot that moved to another seed keeps the finalizer until it is deleted;
			// control-plane migration is out of scope.
			log.V(1).Info("Shoot does not belong to this seed, skipping", "seedName", seedNameOf(shoot))
			return reconcile.Result{}, nil
		}
		log.Info("Cleaning up a Shoot that no longer belongs to this seed, since it carries our finalizer", "seedName", seedNameOf(shoot))
	}

	namespace, err := gardenerutils.ComputeTechnicalIDFromNamespace(shoot)
	if err != nil {
		if shoot.DeletionTimestamp != nil && hasFinalizer {
			// Without a technical ID nothing was ever created on the seed.
			return reconcile.Result{}, r.removeFinalizer(ctx, log, shoot)
		}
		log.Error(err, "Cannot determine the seed namespace of the Shoot")
		r.Recorder.Event(shoot, corev1.EventTypeWarning, EventReasonInvalidTechnicalID, err.Error())
		return reconcile.Result{}, nil
	}
	log = log.WithValues("seedNamespace", namespace)
	ctx = logf.IntoContext(ctx, log)

	if shoot.DeletionTimestamp != nil {
		if !hasFinalizer {
			return reconcile.Result{}, nil
		}
		return r.delete(ctx, log, shoot, namespace)
	}
	return r.reconcile(ctx, log, shoot, namespace)
}

func (r *Reconciler) responsibleFor(shoot *gardencorev1beta1.Shoot) bool {
	if shoot.Spec.SeedName == nil || *shoot.Spec.SeedName == "" {
		return r.Config.AdoptUnscheduledShoots
	}
	return *shoot.Spec.SeedName == r.Config.SeedName
}

func seedNameOf(shoot *gardencorev1beta1.Shoot) string {
	if shoot.Spec.SeedName == nil {
		return ""
	}
	return *shoot.Spec.SeedName
}

// reconcile requeues the Shoot after extension.DefaultInterval when an Extension it creates exists
// already (the seed cache lags, or someone else created it); that is no failed write (no event,
// no status.lastErrors entry).
func (r *Reconciler) reconcile(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot, namespace string) (reconcile.Result, error) {
	if !controllerutil.ContainsFinalizer(shoot, FinalizerName) {
		log.Info("Adding finalizer")
		patch := client.MergeFromWithOptions(shoot.DeepCopy(), client.MergeFromWithOptimisticLock{})
		before := shoot.ResourceVersion
		controllerutil.AddFinalizer(shoot, FinalizerName)
		if err := r.GardenClient.Patch(ctx, shoot, patch); err != nil {
			return reconcile.Result{}, fmt.Errorf("failed adding finalizer: %w", err)
		}
		r.writes.wrote(before, shoot)
	}

	if err := r.ensureNamespace(ctx, log, shoot, namespace); err != nil {
		return reconcile.Result{}, err
	}

	componentVersions := features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions)
	deployer, warnings, err := shared.NewExtensionWithComponents(ctx, log, r.GardenClient, r.SeedClient, namespace, shoot, shared.ExtensionComponentOptions{
		ComponentVersions: componentVersions,
		Clock:             r.Clock,
		ComponentsChanged: func(name string, old, updated []extensionsv1alpha1.ExtensionComponent) {
			r.Recorder.Eventf(shoot, corev1.EventTypeNormal, EventReasonComponentsUpdated, "%s: %s", name, strings.Join(extension.ComponentChanges(old, updated), ", "))
		},
	})
	if err != nil {
		return reconcile.Result{}, err
	}
	for _, w := range warnings {
		log.Info("Pinned component has no matching ExtensionProfile entry", "extensionType", w.ExtensionType, "component", w.Component, "version", w.Version, "reason", w.Reason)
		r.Recorder.Event(shoot, corev1.EventTypeWarning, EventReasonComponentUnresolved, w.String())
	}

	// status.technicalID (derivable by ComputeTechnicalIDFromNamespace) is written concurrently
	// with the Extensions, so the finalizer is the only garden write before them. Status writes
	// use their own copy of the Shoot.
	var (
		errs           []error
		statusShoot    = shoot.DeepCopy()
		technicalIDErr error
		deployErr      error
		wg             sync.WaitGroup
	)
	wg.Go(func() { technicalIDErr = r.recordTechnicalID(ctx, log, statusShoot, namespace) })
	wg.Go(func() { deployErr = deployer.Deploy(ctx) })
	wg.Wait()
	if technicalIDErr != nil {
		errs = append(errs, technicalIDErr)
	}
	failed := extension.Failed(deployErr)
	var result reconcile.Result
	for name, err := range failed {
		if apierrors.IsAlreadyExists(err) {
			log.V(1).Info("Extension exists already, checking it again later", "extension", name)
			delete(failed, name)
			result.RequeueAfter = extension.DefaultInterval
		}
	}
	if len(failed) > 0 {
		errs = append(errs, deployErr)
	}
	for _, name := range slices.Sorted(maps.Keys(failed)) {
		r.Recorder.Event(shoot, corev1.EventTypeWarning, EventReasonExtensionDeploymentFailed, fmt.Sprintf("Extension %s: %v", name, failed[name]))
	}
	if err := deployer.DeleteStaleResources(ctx); err != nil {
		errs = append(errs, err)
	}
	var runtimes *extensionsv1alpha1.ContainerRuntimeList
	if componentVersions {
		errs = append(errs, r.deployContainerRuntimes(ctx, log, shoot, namespace))
		runtimes = &extensionsv1alpha1.ContainerRuntimeList{}
		if err := r.SeedClient.List(ctx, runtimes, client.InNamespace(namespace), client.MatchingLabels{LabelManagedBy: ManagedByGardenlet}); err != nil {
			errs, runtimes = append(errs, fmt.Errorf("failed listing seed ContainerRuntimes: %w", err)), nil
		}
	}
	extensions := &extensionsv1alpha1.ExtensionList{}
	if err := r.SeedClient.List(ctx, extensions, client.InNamespace(namespace), client.MatchingLabels{LabelManagedBy: ManagedByGardenlet}); err != nil {
		errs = append(errs, fmt.Errorf("failed listing seed Extensions: %w", err))
	} else if err := r.recordExtensionStatus(ctx, statusShoot, extensions.Items, runtimes, failed); err != nil {
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return reconcile.Result{}, err
	}
	return result, nil
}

// delete deletes the Extensions of a deleted Shoot, waits until they are gone, then deletes the seed
// namespace and removes the Shoot's finalizer.
func (r *Reconciler) delete(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot, name string) (reconcile.Result, error) {
	extensions, err := shared.NewExtension(ctx, log, r.GardenClient, r.SeedClient, name, extensionsv1alpha1.ExtensionClassShoot, nil, false)
	if err != nil {
		return reconcile.Result{}, err
	}
	deployer := cleaners{extensions}
	if features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions) {
		deployer = append(deployer, containerruntime.New(log, r.SeedClient, &containerruntime.Values{Namespace: name, Clock: r.Clock}, extension.DefaultInterval, extension.DefaultSevereThreshold, extension.DefaultTimeout))
	}
	if err := deployer.WaitCleanup(ctx); err != nil {
		pending := &extension.CleanupPendingError{}
		if !errors.As(err, &pending) {
			return reconcile.Result{}, err
		}
		if err := deployer.Destroy(ctx); err != nil {
			return reconcile.Result{}, err
		}
		log.Info("Waiting for Extensions and ContainerRuntimes to be deleted", "count", pending.Remaining)
		return reconcile.Result{RequeueAfter: extension.DefaultInterval}, nil
	}

	namespace := &corev1.Namespace{}
	if err := r.SeedClient.Get(ctx, client.ObjectKey{Name: name}, namespace); client.IgnoreNotFound(err) != nil {
		return reconcile.Result{}, fmt.Errorf("failed reading seed namespace %s: %w", name, err)
	} else if err == nil && namespace.DeletionTimestamp == nil && namespace.Labels[LabelManagedBy] == ManagedByGardenlet {
		log.Info("Deleting seed namespace")
		if err := r.SeedClient.Delete(ctx, namespace); client.IgnoreNotFound(err) != nil {
			return reconcile.Result{}, fmt.Errorf("failed deleting seed namespace %s: %w", name, err)
		}
	}

	return reconcile.Result{}, r.removeFinalizer(ctx, log, shoot)
}

func (r *Reconciler) removeFinalizer(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot) error {
	log.Info("Removing finalizer")
	patch := client.MergeFromWithOptions(shoot.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.RemoveFinalizer(shoot, FinalizerName)
	if err := r.GardenClient.Patch(ctx, shoot, patch); client.IgnoreNotFound(err) != nil {
		return fmt.Errorf("failed removing finalizer: %w", err)
	}
	r.writes.forget(client.ObjectKeyFromObject(shoot))
	return nil
}
