// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensionprofile contains gardener-operator's controller that generates the garden's
// ExtensionProfiles from the spec.extensionProfiles[] of operator Extensions; see
// docs/operations/gardener-operator-extensionprofiles.md.
package extensionprofile

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	operatorv1alpha1 "github.com/gep-78/gardener/pkg/apis/operator/v1alpha1"
)

// Reasons of the ExtensionProfilesReconciled condition and of the events on the operator Extension.
const (
	// ReasonReconciled: every profile equals its entry and no profile of a removed entry is left.
	ReasonReconciled = "ExtensionProfilesReconciled"
	// ReasonProgressing: a profile is being deleted (gardener-controller-manager's finalizer) and
	// is waited for.
	ReasonProgressing = "ExtensionProfilesProgressing"
	// ReasonNotManaged: a profile of the name exists without this Extension's label and is left
	// alone.
	ReasonNotManaged = "ExtensionProfileNotManaged"
	// ReasonRefused: gardener-apiserver refused a write with 403 Forbidden, e.g. the
	// ExtensionProfileInUse plugin for a version that Shoots pin.
	ReasonRefused = "ExtensionProfileChangeRefused"
	// ReasonInvalid: spec.extensionProfiles[] or a profile gardener-apiserver rejected as invalid.
	ReasonInvalid = "ExtensionProfileInvalid"
	// ReasonDeletionRefused: deleting the operator Extension waits for a profile whose deletion
	// gardener-apiserver refuses because Shoots pin it.
	ReasonDeletionRefused = "ExtensionProfileDeletionRefused"

	// EventReasonCreated, EventReasonUpdated, EventReasonAdopted and EventReasonDeleted are the
	// Normal events of writes to a profile.
	EventReasonCreated = "ExtensionProfileCreated"
	EventReasonUpdated = "ExtensionProfileUpdated"
	EventReasonAdopted = "ExtensionProfileAdopted"
	EventReasonDeleted = "ExtensionProfileDeleted"
)

// DefaultRetryInterval is the default of Reconciler.RetryInterval.
const DefaultRetryInterval = time.Minute

// refusalRetryDelay is the first retry of a refused write; each further refusal doubles it, up to
// RetryInterval. gardener-apiserver checks in-use against its Shoot cache, which can trail the
// Shoot event that triggered the write.
const refusalRetryDelay = time.Second

// Reconciler generates the ExtensionProfiles of operator Extensions.
type Reconciler struct {
	// RuntimeClient reads and writes operator Extensions (status subresource included).
	RuntimeClient client.Client
	// GardenClient reads and writes ExtensionProfiles of the (virtual) garden.
	GardenClient client.Client
	// Clock sets the condition times.
	Clock clock.Clock
	// Recorder records events on the operator Extension.
	Recorder events.EventRecorder
	// ConcurrentSyncs is the number of operator Extensions reconciled in parallel.
	ConcurrentSyncs int
	// RetryInterval is when an unmanaged or pending profile is looked at again if no watch event
	// comes earlier (Shoots and profiles are watched), and the longest wait between retries of a
	// refused one. Zero means DefaultRetryInterval.
	RetryInterval time.Duration

	backoffOnce sync.Once
	backoff     workqueue.TypedRateLimiter[string]
}

// outcome is what happened to one profile in one reconcile.
type outcome struct {
	status  gardencorev1beta1.ConditionStatus
	reason  string
	message string
}

// Reconcile writes the profiles of one operator Extension and its condition. Refusals requeue with
// a backoff up to RetryInterval, waits after RetryInterval, both without an error; other errors
// back off.
func (r *Reconciler) Reconcile(ctx context.Context, request reconcile.Request) (reconcile.Result, error) {
	log := logf.FromContext(ctx)

	extension := &operatorv1alpha1.Extension{}
	if err := r.RuntimeClient.Get(ctx, request.NamespacedName, extension); err != nil {
		if apierrors.IsNotFound(err) {
			log.V(1).Info("Object is gone, stop reconciling")
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("error retrieving object from store: %w", err)
	}

	if extension.DeletionTimestamp != nil {
		return r.delete(ctx, extension)
	}

	if !controllerutil.ContainsFinalizer(extension, operatorv1alpha1.FinalizerName) {
		patch := client.MergeFromWithOptions(extension.DeepCopy(), client.MergeFromWithOptimisticLock{})
		controllerutil.AddFinalizer(extension, operatorv1alpha1.FinalizerName)
		if err := r.RuntimeClient.Patch(ctx, extension, patch); err != nil {
			return reconcile.Result{}, fmt.Errorf("failed adding finalizer: %w", err)
		}
		log.Info("Added finalizer", "finalizer", operatorv1alpha1.FinalizerName)
	}

	var outcomes []outcome
	if errs := ValidateExtensionProfiles(extension); len(errs) > 0 {
		outcomes = append(outcomes, outcome{gardencorev1beta1.ConditionFalse, ReasonInvalid, errs.ToAggregate().Error()})
	} else {
		for i := range extension.Spec.ExtensionProfiles {
			o, err := r.reconcileProfile(ctx, extension, i)
			if err != nil {
				return reconcile.Result{}, err
			}
			outcomes = append(outcomes, o)
		}
	}

	desired := map[string]bool{}
	for _, template := range extension.Spec.ExtensionProfiles {
		desired[template.Type] = true
	}
	removed, err := r.deleteProfiles(ctx, extension, func(name string) bool { return !desired[name] })
	if err != nil {
		return reconcile.Result{}, err
	}
	outcomes = append(outcomes, removed...)

	return r.finish(ctx, extension, outcomes)
}

// reconcileProfile creates, adopts or updates the profile of spec.extensionProfiles[index].
func (r *Reconciler) reconcileProfile(ctx context.Context, extension *operatorv1alpha1.Extension, index int) (outcome, error) {
	template := extension.Spec.ExtensionProfiles[index]
	profile := &gardencorev1beta1.ExtensionProfile{}
	if err := r.GardenClient.Get(ctx, client.ObjectKey{Name: template.Type}, profile); err != nil {
		if !apierrors.IsNotFound(err) {
			return outcome{}, fmt.Errorf("failed reading ExtensionProfile %q: %w", template.Type, err)
		}
		profile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: template.Type, Labels: map[string]string{operatorv1alpha1.LabelExtension: extension.Name}},
			Spec:       *template.Spec.DeepCopy(),
		}
		if err := r.GardenClient.Create(ctx, profile); err != nil {
			return r.writeFailed(extension, index, "create", err)
		}
		r.event(extension, corev1.EventTypeNormal, EventReasonCreated, "Create", "Created ExtensionProfile %q", template.Type)
		return outcome{status: gardencorev1beta1.ConditionTrue}, nil
	}

	if profile.DeletionTimestamp != nil {
		return outcome{gardencorev1beta1.ConditionProgressing, ReasonProgressing,
			fmt.Sprintf("ExtensionProfile %q is being deleted; it is created again once it is gone", template.Type)}, nil
	}

	adopt := false
	switch owner, labelled := profile.Labels[operatorv1alpha1.LabelExtension]; {
	case labelled && owner != extension.Name:
		return outcome{gardencorev1beta1.ConditionFalse, ReasonNotManaged,
			fmt.Sprintf("ExtensionProfile %q is managed by the operator Extension %q; it is left unchanged", template.Type, owner)}, nil
	case !labelled && extension.Annotations[operatorv1alpha1.AnnotationAdoptExtensionProfiles] != "true":
		return outcome{gardencorev1beta1.ConditionFalse, ReasonNotManaged, fmt.Sprintf(
			"ExtensionProfile %q exists and was not created by gardener-operator; it is left unchanged. Annotate this Extension with %s=true to take it over",
			template.Type, operatorv1alpha1.AnnotationAdoptExtensionProfiles)}, nil
	case !labelled:
		adopt = true
	}

	if !adopt && apiequality.Semantic.DeepEqual(profile.Spec, template.Spec) {
		return outcome{status: gardencorev1beta1.ConditionTrue}, nil
	}
	metav1.SetMetaDataLabel(&profile.ObjectMeta, operatorv1alpha1.LabelExtension, extension.Name)
	profile.Spec = *template.Spec.DeepCopy()
	if err := r.GardenClient.Update(ctx, profile); err != nil {
		return r.writeFailed(extension, index, "update", err)
	}
	if adopt {
		r.event(extension, corev1.EventTypeNormal, EventReasonAdopted, "Adopt", "Adopted ExtensionProfile %q (annotation %s)", template.Type, operatorv1alpha1.AnnotationAdoptExtensionProfiles)
	} else {
		r.event(extension, corev1.EventTypeNormal, EventReasonUpdated, "Update", "Updated ExtensionProfile %q", template.Type)
	}
	return outcome{status: gardencorev1beta1.ConditionTrue}, nil
}

// writeFailed turns gardener-apiserver's refusal of a profile write into an outcome and a Warning
// event: 403 (e.g. ExtensionProfileInUse) and 422 (validation, with the field paths moved under
// spec.extensionProfiles[index]). Other errors are returned.
func (r *Reconciler) writeFailed(extension *operatorv1alpha1.Extension, index int, verb string, err error) (outcome, error) {
	name := extension.Spec.ExtensionProfiles[index].Type
	switch {
	case apierrors.IsForbidden(err):
		message := fmt.Sprintf("gardener-apiserver refused to %s ExtensionProfile %q, which keeps its current spec: %s", verb, name, apiMessage(err))
		r.event(extension, corev1.EventTypeWarning, ReasonRefused, verb, "%s", message)
		return outcome{gardencorev1beta1.ConditionFalse, ReasonRefused, message}, nil
	case apierrors.IsInvalid(err):
		message := fmt.Sprintf("ExtensionProfile %q is invalid: %s", name, invalidCauses(err, fmt.Sprintf("spec.extensionProfiles[%d].", index)))
		r.event(extension, corev1.EventTypeWarning, ReasonInvalid, verb, "%s", message)
		return outcome{gardencorev1beta1.ConditionFalse, ReasonInvalid, message}, nil
	}
	return outcome{}, fmt.Errorf("failed to %s ExtensionProfile %q: %w", verb, name, err)
}

// deleteProfiles deletes the profiles labelled for extension whose name matches, and returns an
// outcome for each that is not gone yet.
func (r *Reconciler) deleteProfiles(ctx context.Context, extension *operatorv1alpha1.Extension, match func(string) bool) ([]outcome, error) {
	profiles := &gardencorev1beta1.ExtensionProfileList{}
	if err := r.GardenClient.List(ctx, profiles, client.MatchingLabels{operatorv1alpha1.LabelExtension: extension.Name}); err != nil {
		return nil, fmt.Errorf("failed listing the ExtensionProfiles of the Extension: %w", err)
	}
	var outcomes []outcome
	for i := range profiles.Items {
		profile := &profiles.Items[i]
		if !match(profile.Name) {
			continue
		}
		if profile.DeletionTimestamp != nil {
			outcomes = append(outcomes, outcome{gardencorev1beta1.ConditionProgressing, ReasonProgressing,
				fmt.Sprintf("waiting for ExtensionProfile %q to be deleted", profile.Name)})
			continue
		}
		if err := r.GardenClient.Delete(ctx, profile, client.Preconditions{UID: &profile.UID}); err != nil {
			switch {
			case apierrors.IsNotFound(err) || apierrors.IsConflict(err):
				continue
			case apierrors.IsForbidden(err):
				message := fmt.Sprintf("gardener-apiserver refused to delete ExtensionProfile %q, which is kept: %s", profile.Name, apiMessage(err))
				r.event(extension, corev1.EventTypeWarning, ReasonDeletionRefused, "Delete", "%s", message)
				outcomes = append(outcomes, outcome{gardencorev1beta1.ConditionFalse, ReasonDeletionRefused, message})
				continue
			}
			return nil, fmt.Errorf("failed deleting ExtensionProfile %q: %w", profile.Name, err)
		}
		r.event(extension, corev1.EventTypeNormal, EventReasonDeleted, "Delete", "Deleted ExtensionProfile %q", profile.Name)
		outcomes = append(outcomes, outcome{gardencorev1beta1.ConditionProgressing, ReasonProgressing,
			fmt.Sprintf("waiting for ExtensionProfile %q to be deleted", profile.Name)})
	}
	return outcomes, nil
}

// delete deletes every profile labelled for the Extension and removes the finalizer once they are
// all gone. A refused deletion keeps the finalizer and the profile.
func (r *Reconciler) delete(ctx context.Context, extension *operatorv1alpha1.Extension) (reconcile.Result, error) {
	log := logf.FromContext(ctx)
	if !controllerutil.ContainsFinalizer(extension, operatorv1alpha1.FinalizerName) {
		return reconcile.Result{}, nil
	}
	outcomes, err := r.deleteProfiles(ctx, extension, func(string) bool { return true })
	if err != nil {
		return reconcile.Result{}, err
	}
	if len(outcomes) > 0 {
		for i := range outcomes {
			if outcomes[i].reason == ReasonDeletionRefused {
				outcomes[i].message += "; the Extension keeps its finalizer until no Shoot pins the profile"
			}
		}
		return r.finish(ctx, extension, outcomes)
	}

	patch := client.MergeFromWithOptions(extension.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.RemoveFinalizer(extension, operatorv1alpha1.FinalizerName)
	if err := r.RuntimeClient.Patch(ctx, extension, patch); err != nil {
		if apierrors.IsNotFound(err) {
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("failed removing finalizer: %w", err)
	}
	log.Info("Every generated ExtensionProfile is gone, removed finalizer", "finalizer", operatorv1alpha1.FinalizerName)
	return reconcile.Result{}, nil
}

// finish writes the worst outcome (False, then Progressing, then True) as the condition, with
// status.observedGeneration, on change; it requeues unless all is reconciled.
func (r *Reconciler) finish(ctx context.Context, extension *operatorv1alpha1.Extension, outcomes []outcome) (reconcile.Result, error) {
	status, reason := gardencorev1beta1.ConditionTrue, ReasonReconciled
	var messages []string
	for _, worst := range []gardencorev1beta1.ConditionStatus{gardencorev1beta1.ConditionFalse, gardencorev1beta1.ConditionProgressing} {
		for _, o := range outcomes {
			if o.status == worst {
				if len(messages) == 0 {
					status, reason = o.status, o.reason
				}
				messages = append(messages, o.message)
			}
		}
		if len(messages) > 0 {
			break
		}
	}
	if len(messages) == 0 {
		messages = []string{reconciledMessage(extension)}
	}

	condition := v1beta1helper.GetOrInitConditionWithClock(r.Clock, extension.Status.Conditions, operatorv1alpha1.ExtensionProfilesReconciled)
	condition = v1beta1helper.UpdatedConditionWithClock(r.Clock, condition, status, reason, strings.Join(messages, "; "))
	conditions := v1beta1helper.MergeConditions(extension.Status.Conditions, condition)
	if !apiequality.Semantic.DeepEqual(conditions, extension.Status.Conditions) || extension.Status.ObservedGeneration != extension.Generation {
		patch := client.MergeFrom(extension.DeepCopy())
		extension.Status.Conditions = conditions
		extension.Status.ObservedGeneration = extension.Generation
		if err := r.RuntimeClient.Status().Patch(ctx, extension, patch); err != nil {
			return reconcile.Result{}, fmt.Errorf("failed updating status: %w", err)
		}
	}
	if slices.ContainsFunc(outcomes, func(o outcome) bool { return o.reason == ReasonRefused || o.reason == ReasonDeletionRefused }) {
		return reconcile.Result{RequeueAfter: r.refusalBackoff().When(extension.Name)}, nil
	}
	r.refusalBackoff().Forget(extension.Name)
	if status == gardencorev1beta1.ConditionTrue {
		return reconcile.Result{}, nil
	}
	return reconcile.Result{RequeueAfter: r.retryInterval()}, nil
}

// refusalBackoff returns the per-Extension backoff of refused writes.
func (r *Reconciler) refusalBackoff() workqueue.TypedRateLimiter[string] {
	r.backoffOnce.Do(func() {
		r.backoff = workqueue.NewTypedItemExponentialFailureRateLimiter[string](min(refusalRetryDelay, r.retryInterval()), r.retryInterval())
	})
	return r.backoff
}

func reconciledMessage(extension *operatorv1alpha1.Extension) string {
	if len(extension.Spec.ExtensionProfiles) == 0 {
		return "spec.extensionProfiles is empty; no ExtensionProfile is generated"
	}
	var names []string
	for _, template := range extension.Spec.ExtensionProfiles {
		names = append(names, template.Type)
	}
	slices.Sort(names)
	return "ExtensionProfiles " + strings.Join(names, ", ") + " equal spec.extensionProfiles"
}

func (r *Reconciler) retryInterval() time.Duration {
	if r.RetryInterval == 0 {
		return DefaultRetryInterval
	}
	return r.RetryInterval
}

func (r *Reconciler) event(extension *operatorv1alpha1.Extension, eventType, reason, action, format string, args ...any) {
	r.Recorder.Eventf(extension, nil, eventType, reason, action, format, args...)
}

// apiMessage is the message of an API status error, or the error's text.
func apiMessage(err error) string {
	var status apierrors.APIStatus
	if errors.As(err, &status) && status.Status().Message != "" {
		return status.Status().Message
	}
	return err.Error()
}

// invalidCauses renders the field causes of a 422 with prefix before each field path, e.g.
// `spec.extensionProfiles[0].spec.components[0].versions[1].version: Invalid value: "x": ...`.
// Without causes it is the error's message.
func invalidCauses(err error, prefix string) string {
	var status apierrors.APIStatus
	if !errors.As(err, &status) || status.Status().Details == nil || len(status.Status().Details.Causes) == 0 {
		return apiMessage(err)
	}
	var parts []string
	for _, cause := range status.Status().Details.Causes {
		if cause.Field == "" {
			parts = append(parts, cause.Message)
			continue
		}
		parts = append(parts, prefix+cause.Field+": "+cause.Message)
	}
	return strings.Join(parts, ", ")
}
