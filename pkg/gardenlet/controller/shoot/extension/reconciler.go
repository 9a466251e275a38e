// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
	"k8s.io/component-base/featuregate"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/features"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

const (
	// FinalizerName is put on every Shoot this controller reconciles. It is removed once the
	// Shoot's Extensions are gone and the deletion of its seed namespace has been requested.
	FinalizerName = "gardener.cloud/gardenlet-extensions"

	// AnnotationOperation asks the extension controller to reconcile (gardener.cloud/operation).
	AnnotationOperation = "gardener.cloud/operation"
	// OperationReconcile is the value of AnnotationOperation that asks for a reconcile.
	OperationReconcile = "reconcile"
	// AnnotationTimestamp is the time of the last change gardenlet made (RFC3339Nano, UTC). The
	// readiness check compares it with status.lastOperation.lastUpdateTime.
	AnnotationTimestamp = "gardener.cloud/timestamp"
	// AnnotationConfirmationDeletion confirms the deletion of an extension object, as gardenlet
	// does before every delete.
	AnnotationConfirmationDeletion = "confirmation.gardener.cloud/deletion"
	// LabelRole is gardener.cloud/role; seed namespaces of shoots carry RoleShoot.
	LabelRole = "gardener.cloud/role"
	// RoleShoot is the value of LabelRole on a shoot's seed namespace.
	RoleShoot = "shoot"
	// AnnotationShootUID records the UID of the Shoot on its seed namespace.
	AnnotationShootUID = "shoot.gardener.cloud/uid"
	// AnnotationComponents summarises spec.components of a seed Extension as
	// "<name>=<version>,..." in spec order, for the Components column of kubectl get extensions (a
	// CRD printer column prints only the first match of a JSONPath into a list). gardenlet keeps it
	// equal to spec.components and removes it when there are none.
	AnnotationComponents = "extensions.gardener.cloud/components"

	// EventReasonComponentsUpdated is the reason of the Normal event recorded on the Shoot when
	// the resolved components of one of its Extensions change.
	EventReasonComponentsUpdated = "ExtensionComponentsUpdated"
	// EventReasonComponentUnresolved is the reason of the Warning event recorded on the Shoot for
	// every ComponentWarning of DesiredExtensions. It is recorded on every reconcile while the
	// warning holds; the event recorder folds repeats into the count of one event.
	EventReasonComponentUnresolved = "ExtensionComponentUnresolved"
	// EventReasonInvalidTechnicalID is the reason of the Warning event recorded on a Shoot whose
	// seed namespace cannot be derived.
	EventReasonInvalidTechnicalID = "InvalidTechnicalID"
	// EventReasonExtensionDeploymentFailed is the reason of the Warning event recorded on the
	// Shoot when a seed Extension cannot be written (for example, the seed rejects it); the error
	// is also kept in status.lastErrors (task ID TaskIDPrefixExtension + type) until a later
	// reconcile writes the Extension.
	EventReasonExtensionDeploymentFailed = "ExtensionDeploymentFailed"
	// TaskIDPrefixExtension prefixes the task ID of the status.lastErrors entry of a seed
	// Extension that could not be written: "extension/<type>".
	TaskIDPrefixExtension = "extension/"

	// waitInterval is how long to wait before checking again whether seed objects are gone.
	waitInterval = 5 * time.Second
)

// Config configures the controller.
type Config struct {
	// SeedName is the name of the seed this gardenlet serves. Shoots with spec.seedName equal
	// to it are reconciled.
	SeedName string
	// AdoptUnscheduledShoots makes this gardenlet also reconcile Shoots without spec.seedName. It
	// stands in for gardener-scheduler in a local garden with a single seed; spec.seedName is not
	// written (gardenlet never writes a Shoot's spec).
	AdoptUnscheduledShoots bool
	// ConcurrentSyncs is the number of Shoots reconciled in parallel.
	ConcurrentSyncs int
}

// Reconciler writes the seed Extensions of the Shoots that belong to this seed. The Shoots and
// ExtensionProfiles are read from the garden cluster, the Namespaces and Extensions are written to
// the seed cluster. It corresponds to the extension deploy and stale-deletion steps of Gardener's
// shoot reconcile and delete flows, reduced to Extension objects (GEP-78 "Design Details → 4.
// Deployment — gardenlet and extension controller").
type Reconciler struct {
	// GardenClient reads Shoots and ExtensionProfiles and writes the Shoot's finalizer and
	// status.technicalID.
	GardenClient client.Client
	// SeedClient writes Namespaces and Extensions.
	SeedClient client.Client
	// Config is the controller configuration.
	Config Config
	// FeatureGate says whether ExtensionComponentVersions is on.
	FeatureGate featuregate.FeatureGate
	// Recorder records events on Shoots (in the garden cluster).
	Recorder record.EventRecorder
	// Clock supplies the gardener.cloud/timestamp annotation.
	Clock clock.Clock
}

// Reconcile makes the seed Extensions of a Shoot match DesiredExtensions: it ensures the seed
// namespace, creates and updates the desired Extensions (writing only when spec or labels differ,
// so an unchanged reconcile writes nothing) and deletes the Extensions it manages that are no
// longer desired. A deleted Shoot's Extensions and namespace are deleted before its finalizer is
// removed.
func (r *Reconciler) Reconcile(ctx context.Context, request reconcile.Request) (reconcile.Result, error) {
	log := logf.FromContext(ctx)

	shoot := &gardencorev1beta1.Shoot{}
	if err := r.GardenClient.Get(ctx, request.NamespacedName, shoot); err != nil {
		if apierrors.IsNotFound(err) {
			log.V(1).Info("Object is gone, stop reconciling")
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("error retrieving object from store: %w", err)
	}

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

	namespace, err := gardenerutils.ComputeTechnicalID(shoot)
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
	return reconcile.Result{}, r.reconcile(ctx, log, shoot, namespace)
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

func (r *Reconciler) reconcile(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot, namespace string) error {
	if !controllerutil.ContainsFinalizer(shoot, FinalizerName) {
		log.Info("Adding finalizer")
		patch := client.MergeFromWithOptions(shoot.DeepCopy(), client.MergeFromWithOptimisticLock{})
		controllerutil.AddFinalizer(shoot, FinalizerName)
		if err := r.GardenClient.Patch(ctx, shoot, patch); err != nil {
			return fmt.Errorf("failed adding finalizer: %w", err)
		}
	}

	if err := r.ensureNamespace(ctx, log, shoot, namespace); err != nil {
		return err
	}

	componentVersions := r.FeatureGate.Enabled(features.ExtensionComponentVersions)
	profiles, err := r.profilesFor(ctx, shoot, componentVersions)
	if err != nil {
		return err
	}

	desired, warnings := DesiredExtensions(shoot, profiles, namespace, componentVersions)
	for _, w := range warnings {
		log.Info("Pinned component has no matching ExtensionProfile entry", "extensionType", w.ExtensionType, "component", w.Component, "version", w.Version, "reason", w.Reason)
		r.Recorder.Event(shoot, corev1.EventTypeWarning, EventReasonComponentUnresolved, w.String())
	}

	// The Extensions are independent of each other and are written in parallel, as Gardener's
	// shoot flow deploys extensions: a Shoot waits for one round trip to the seed, not one per
	// Extension. status.technicalID is written at the same time: it only reports the namespace
	// that ComputeTechnicalID derives anyway, so the finalizer is the one garden write a new Shoot
	// waits for before its Extensions. The status writes work on their own copy of the Shoot, which
	// the patch responses overwrite while the Extension writes read the Shoot.
	var errs []error
	wanted := make(map[string]bool, len(desired))
	deployResults := make([]error, len(desired))
	statusShoot := shoot.DeepCopy()
	var technicalIDErr error
	var wg sync.WaitGroup
	wg.Go(func() { technicalIDErr = r.recordTechnicalID(ctx, log, statusShoot, namespace) })
	for i, extension := range desired {
		wanted[extension.Name] = true
		wg.Go(func() { deployResults[i] = r.deployExtension(ctx, log, shoot, extension, !componentVersions) })
	}
	wg.Wait()
	if technicalIDErr != nil {
		errs = append(errs, technicalIDErr)
	}
	deployErrors := map[string]error{}
	for i, err := range deployResults {
		if err != nil {
			errs = append(errs, err)
			deployErrors[desired[i].Name] = err
			r.Recorder.Event(shoot, corev1.EventTypeWarning, EventReasonExtensionDeploymentFailed, fmt.Sprintf("Extension %s: %v", desired[i].Name, err))
		}
	}
	if err := r.recordDeployErrors(ctx, statusShoot, deployErrors); err != nil {
		errs = append(errs, err)
	}

	managed, err := r.managedExtensions(ctx, namespace)
	if err != nil {
		return errors.Join(append(errs, err)...)
	}
	for i := range managed {
		if extension := &managed[i]; !wanted[extension.Name] {
			if err := r.deleteExtension(ctx, log, extension); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// recordTechnicalID writes status.technicalID once, when it is still empty.
func (r *Reconciler) recordTechnicalID(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot, namespace string) error {
	if shoot.Status.TechnicalID != "" {
		return nil
	}
	log.Info("Setting status.technicalID")
	patch := client.MergeFrom(shoot.DeepCopy())
	shoot.Status.TechnicalID = namespace
	if err := r.GardenClient.Status().Patch(ctx, shoot, patch); err != nil {
		return fmt.Errorf("failed setting status.technicalID: %w", err)
	}
	return nil
}

// recordDeployErrors makes the status.lastErrors entries of the seed Extensions (task ID
// TaskIDPrefixExtension + type) match failed, the Extensions whose write failed in this
// reconcile: an entry per failure, none for an Extension written since. Entries of other tasks
// are kept. The status is patched only when the set of entries or a description changes, so a
// reconcile that succeeds as before, or keeps failing the same way, writes nothing.
func (r *Reconciler) recordDeployErrors(ctx context.Context, shoot *gardencorev1beta1.Shoot, failed map[string]error) error {
	var (
		kept    []gardencorev1beta1.LastError
		current = map[string]string{}
	)
	for _, e := range shoot.Status.LastErrors {
		if e.TaskID != nil && strings.HasPrefix(*e.TaskID, TaskIDPrefixExtension) {
			current[*e.TaskID] = e.Description
			continue
		}
		kept = append(kept, e)
	}
	wanted := map[string]string{}
	for name, err := range failed {
		wanted[TaskIDPrefixExtension+name] = fmt.Sprintf("failed to write the seed Extension %s: %v", name, err)
	}
	if maps.Equal(current, wanted) {
		return nil
	}

	patch := client.MergeFrom(shoot.DeepCopy())
	now := metav1.NewTime(r.Clock.Now())
	for _, taskID := range slices.Sorted(maps.Keys(wanted)) {
		kept = append(kept, gardencorev1beta1.LastError{Description: wanted[taskID], TaskID: ptr.To(taskID), LastUpdateTime: &now})
	}
	shoot.Status.LastErrors = kept
	if err := r.GardenClient.Status().Patch(ctx, shoot, patch); err != nil {
		return fmt.Errorf("failed updating status.lastErrors: %w", err)
	}
	return nil
}

// profilesFor returns the ExtensionProfiles named after the types of the Shoot's active pins
// (helper.ActiveComponentPins). They are read only when componentVersions is on.
func (r *Reconciler) profilesFor(ctx context.Context, shoot *gardencorev1beta1.Shoot, componentVersions bool) (map[string]*gardencorev1beta1.ExtensionProfile, error) {
	profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
	if !componentVersions {
		return profiles, nil
	}
	read := map[string]bool{}
	for _, pin := range helper.ActiveComponentPins(shoot.Spec.Extensions) {
		if read[pin.ExtensionType] {
			continue
		}
		read[pin.ExtensionType] = true
		profile := &gardencorev1beta1.ExtensionProfile{}
		if err := r.GardenClient.Get(ctx, client.ObjectKey{Name: pin.ExtensionType}, profile); err != nil {
			if apierrors.IsNotFound(err) {
				continue
			}
			return nil, fmt.Errorf("failed reading ExtensionProfile %s: %w", pin.ExtensionType, err)
		}
		profiles[pin.ExtensionType] = profile
	}
	return profiles, nil
}

func (r *Reconciler) ensureNamespace(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot, name string) error {
	labels := map[string]string{
		LabelRole:           RoleShoot,
		LabelManagedBy:      ManagedByGardenlet,
		LabelShootNamespace: shoot.Namespace,
		LabelShootName:      shoot.Name,
	}
	annotations := map[string]string{AnnotationShootUID: string(shoot.UID)}

	namespace := &corev1.Namespace{}
	if err := r.SeedClient.Get(ctx, client.ObjectKey{Name: name}, namespace); err != nil {
		if !apierrors.IsNotFound(err) {
			return fmt.Errorf("failed reading seed namespace %s: %w", name, err)
		}
		namespace = &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels, Annotations: annotations}}
		log.Info("Creating seed namespace")
		if err := r.SeedClient.Create(ctx, namespace); err != nil && !apierrors.IsAlreadyExists(err) {
			// AlreadyExists: the cache lags behind; the next reconcile checks the labels.
			return fmt.Errorf("failed creating seed namespace %s: %w", name, err)
		}
		return nil
	}

	if namespace.DeletionTimestamp != nil {
		return fmt.Errorf("seed namespace %s is still being deleted", name)
	}
	if containsAll(namespace.Labels, labels) && containsAll(namespace.Annotations, annotations) {
		return nil
	}
	patch := client.MergeFrom(namespace.DeepCopy())
	for k, v := range labels {
		metav1.SetMetaDataLabel(&namespace.ObjectMeta, k, v)
	}
	for k, v := range annotations {
		metav1.SetMetaDataAnnotation(&namespace.ObjectMeta, k, v)
	}
	log.Info("Updating labels and annotations of seed namespace")
	if err := r.SeedClient.Patch(ctx, namespace, patch); err != nil {
		return fmt.Errorf("failed patching seed namespace %s: %w", name, err)
	}
	return nil
}

// deployExtension creates or updates one Extension. On a spec change it sets the
// gardener.cloud/operation=reconcile and gardener.cloud/timestamp annotations, as gardenlet does;
// a change of labels only (or of the AnnotationComponents summary) is written without them, and
// no change is not written at all. The
// class of an existing object is kept (it is immutable). With freezeComponents (the
// ExtensionComponentVersions gate off) the spec.components of an existing Extension are kept as
// they are, so that turning the gate off never takes a resolved version away from a running
// extension; a new Extension gets none.
func (r *Reconciler) deployExtension(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot, desired *extensionsv1alpha1.Extension, freezeComponents bool) error {
	log = log.WithValues("extension", client.ObjectKeyFromObject(desired))

	existing := &extensionsv1alpha1.Extension{}
	if err := r.SeedClient.Get(ctx, client.ObjectKeyFromObject(desired), existing); err != nil {
		if !apierrors.IsNotFound(err) {
			return fmt.Errorf("failed reading Extension %s: %w", client.ObjectKeyFromObject(desired), err)
		}
		extension := desired.DeepCopy()
		r.setOperationAnnotations(extension)
		setComponentsAnnotation(extension)
		log.Info("Creating Extension", "components", formatComponents(extension.Spec.Components))
		if err := r.SeedClient.Create(ctx, extension); err != nil {
			return fmt.Errorf("failed creating Extension %s: %w", client.ObjectKeyFromObject(desired), err)
		}
		r.recordComponentChanges(shoot, desired.Name, nil, desired.Spec.Components)
		return nil
	}

	if existing.DeletionTimestamp != nil {
		return fmt.Errorf("extension %s is still being deleted, it is created again once it is gone", client.ObjectKeyFromObject(existing))
	}

	desiredSpec := *desired.Spec.DeepCopy()
	desiredSpec.Class = existing.Spec.Class
	if freezeComponents {
		desiredSpec.Components = existing.Spec.Components
	}
	specChanged := !specEqual(existing.Spec, desiredSpec)
	labelsChanged := !containsAll(existing.Labels, desired.Labels)
	summaryChanged := existing.Annotations[AnnotationComponents] != formatComponents(desiredSpec.Components)
	if !specChanged && !labelsChanged && !summaryChanged {
		return nil
	}

	oldComponents := existing.Spec.Components
	patch := client.MergeFrom(existing.DeepCopy())
	for k, v := range desired.Labels {
		metav1.SetMetaDataLabel(&existing.ObjectMeta, k, v)
	}
	if specChanged {
		existing.Spec = desiredSpec
		r.setOperationAnnotations(existing)
	}
	setComponentsAnnotation(existing)
	log.Info("Updating Extension", "specChanged", specChanged, "labelsChanged", labelsChanged, "components", formatComponents(desiredSpec.Components))
	if err := r.SeedClient.Patch(ctx, existing, patch); err != nil {
		return fmt.Errorf("failed updating Extension %s: %w", client.ObjectKeyFromObject(existing), err)
	}
	if specChanged {
		r.recordComponentChanges(shoot, desired.Name, oldComponents, desiredSpec.Components)
	}
	return nil
}

func (r *Reconciler) setOperationAnnotations(extension *extensionsv1alpha1.Extension) {
	metav1.SetMetaDataAnnotation(&extension.ObjectMeta, AnnotationOperation, OperationReconcile)
	metav1.SetMetaDataAnnotation(&extension.ObjectMeta, AnnotationTimestamp, r.Clock.Now().UTC().Format(time.RFC3339Nano))
}

// recordComponentChanges records a Normal event on the Shoot that lists how the resolved
// components of an Extension changed, e.g. "shoot-falco-service: falco 0.42.1 -> 0.44.1".
func (r *Reconciler) recordComponentChanges(shoot *gardencorev1beta1.Shoot, extensionName string, old, updated []extensionsv1alpha1.ExtensionComponent) {
	if changes := ComponentChanges(old, updated); len(changes) > 0 {
		r.Recorder.Eventf(shoot, corev1.EventTypeNormal, EventReasonComponentsUpdated, "%s: %s", extensionName, strings.Join(changes, ", "))
	}
}

// ComponentChanges describes how a list of resolved components changed, one entry per component
// in the order of updated, followed by removed components: "falco 0.42.1 -> 0.44.1" for a new
// version, "falco none -> 0.44.1" for an added and "falco 0.44.1 -> none" for a removed component,
// and "falco 0.44.1 (providerConfig changed)" when only the profile entry's providerConfig changed.
func ComponentChanges(old, updated []extensionsv1alpha1.ExtensionComponent) []string {
	var changes []string
	for _, component := range updated {
		i := slices.IndexFunc(old, func(c extensionsv1alpha1.ExtensionComponent) bool { return c.Name == component.Name })
		switch {
		case i < 0:
			changes = append(changes, fmt.Sprintf("%s none -> %s", component.Name, component.Version))
		case old[i].Version != component.Version:
			changes = append(changes, fmt.Sprintf("%s %s -> %s", component.Name, old[i].Version, component.Version))
		case !rawEqual(old[i].ProviderConfig, component.ProviderConfig):
			changes = append(changes, fmt.Sprintf("%s %s (providerConfig changed)", component.Name, component.Version))
		}
	}
	for _, component := range old {
		if !slices.ContainsFunc(updated, func(c extensionsv1alpha1.ExtensionComponent) bool { return c.Name == component.Name }) {
			changes = append(changes, fmt.Sprintf("%s %s -> none", component.Name, component.Version))
		}
	}
	return changes
}

// setComponentsAnnotation sets AnnotationComponents from spec.components, or removes it when
// there are none.
func setComponentsAnnotation(extension *extensionsv1alpha1.Extension) {
	if len(extension.Spec.Components) == 0 {
		delete(extension.Annotations, AnnotationComponents)
		return
	}
	metav1.SetMetaDataAnnotation(&extension.ObjectMeta, AnnotationComponents, formatComponents(extension.Spec.Components))
}

func formatComponents(components []extensionsv1alpha1.ExtensionComponent) string {
	parts := make([]string, 0, len(components))
	for _, c := range components {
		parts = append(parts, c.Name+"="+c.Version)
	}
	return strings.Join(parts, ",")
}

func (r *Reconciler) managedExtensions(ctx context.Context, namespace string) ([]extensionsv1alpha1.Extension, error) {
	list := &extensionsv1alpha1.ExtensionList{}
	if err := r.SeedClient.List(ctx, list, client.InNamespace(namespace), client.MatchingLabels{LabelManagedBy: ManagedByGardenlet}); err != nil {
		return nil, fmt.Errorf("failed listing Extensions in %s: %w", namespace, err)
	}
	return list.Items, nil
}

// deleteExtension confirms the deletion (confirmation.gardener.cloud/deletion=true, as gardenlet
// does for extension objects) and deletes the Extension.
func (r *Reconciler) deleteExtension(ctx context.Context, log logr.Logger, extension *extensionsv1alpha1.Extension) error {
	if extension.DeletionTimestamp != nil {
		return nil
	}
	key := client.ObjectKeyFromObject(extension)
	if extension.Annotations[AnnotationConfirmationDeletion] != "true" {
		patch := client.MergeFrom(extension.DeepCopy())
		metav1.SetMetaDataAnnotation(&extension.ObjectMeta, AnnotationConfirmationDeletion, "true")
		metav1.SetMetaDataAnnotation(&extension.ObjectMeta, AnnotationTimestamp, r.Clock.Now().UTC().Format(time.RFC3339Nano))
		if err := r.SeedClient.Patch(ctx, extension, patch); client.IgnoreNotFound(err) != nil {
			return fmt.Errorf("failed confirming deletion of Extension %s: %w", key, err)
		}
	}
	log.Info("Deleting Extension", "extension", key)
	if err := r.SeedClient.Delete(ctx, extension); client.IgnoreNotFound(err) != nil {
		return fmt.Errorf("failed deleting Extension %s: %w", key, err)
	}
	return nil
}

// delete removes the seed objects of a deleted Shoot: it deletes its Extensions, waits until they
// are gone (extension controllers may hold finalizers), then requests the deletion of the seed
// namespace and removes the Shoot's finalizer. It does not wait for the namespace to disappear:
// emptying a terminating namespace is the namespace controller's job (and a bare kube-apiserver, as
// in the local setup, never finishes it).
func (r *Reconciler) delete(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot, name string) (reconcile.Result, error) {
	managed, err := r.managedExtensions(ctx, name)
	if err != nil {
		return reconcile.Result{}, err
	}
	if len(managed) > 0 {
		var errs []error
		for i := range managed {
			if err := r.deleteExtension(ctx, log, &managed[i]); err != nil {
				errs = append(errs, err)
			}
		}
		if err := errors.Join(errs...); err != nil {
			return reconcile.Result{}, err
		}
		log.Info("Waiting for Extensions to be deleted", "count", len(managed))
		return reconcile.Result{RequeueAfter: waitInterval}, nil
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
	return nil
}

// specEqual compares two Extension specs semantically: the opaque providerConfigs are compared
// as JSON values, because the API server may return them with different key order or spacing.
func specEqual(a, b extensionsv1alpha1.ExtensionSpec) bool {
	if a.Type != b.Type || !reflect.DeepEqual(a.Class, b.Class) || !rawEqual(a.ProviderConfig, b.ProviderConfig) || len(a.Components) != len(b.Components) {
		return false
	}
	for i := range a.Components {
		if a.Components[i].Name != b.Components[i].Name ||
			a.Components[i].Version != b.Components[i].Version ||
			!rawEqual(a.Components[i].ProviderConfig, b.Components[i].ProviderConfig) {
			return false
		}
	}
	return true
}

func rawEqual(a, b *runtime.RawExtension) bool {
	aj, bj := rawJSON(a), rawJSON(b)
	if aj == nil || bj == nil {
		return aj == nil && bj == nil
	}
	if bytes.Equal(aj, bj) {
		return true
	}
	var av, bv any
	if json.Unmarshal(aj, &av) != nil || json.Unmarshal(bj, &bv) != nil {
		return false
	}
	return reflect.DeepEqual(av, bv)
}

// rawJSON returns the JSON of a RawExtension, or nil when it is empty.
func rawJSON(raw *runtime.RawExtension) []byte {
	if isEmpty(raw) {
		return nil
	}
	if len(raw.Raw) > 0 {
		return raw.Raw
	}
	data, err := json.Marshal(raw.Object)
	if err != nil {
		return nil
	}
	return data
}

func containsAll(have, want map[string]string) bool {
	for k, v := range want {
		if got, ok := have[k]; !ok || got != v {
			return false
		}
	}
	return true
}
