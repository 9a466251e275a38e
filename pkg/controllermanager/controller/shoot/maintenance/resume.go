// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
)

// AnnotationPendingResult is the annotation the maintenance write puts on a Shoot together with
// the maintained spec: the JSON-encoded result of the run (pendingResult: the lastMaintenance to
// record, the events and the metric samples). Because spec and result travel in one Update, a
// crash cannot separate them. finish records the result, idempotently, and removes the
// annotation; a Shoot that still carries it is finished on its next reconcile, in or outside the
// window. The annotation is owned by the controller: gardener-apiserver refuses any other
// identity's create, change or removal of it (ShootMaintenanceMarkers admission plugin).
const AnnotationPendingResult = v1beta1constants.AnnotationPrefixMaintenance + "pending-result"

// ReportingController is the reportingController of the Shoot events of maintenance
// (events.k8s.io/v1).
const ReportingController = "gardener.cloud/shoot-maintenance"

// noteLimit is the maximum length in bytes of an events.k8s.io/v1 Event note.
const noteLimit = 1024

// pendingResult is the value of AnnotationPendingResult.
type pendingResult struct {
	// TriggeredTime is the time the run was computed at (lastMaintenance.triggeredTime); it also
	// seeds the event names.
	TriggeredTime metav1.Time `json:"triggeredTime"`
	// State is Succeeded or Failed.
	State gardencorev1beta1.LastOperationState `json:"state"`
	// Description and FailureReason are lastMaintenance's.
	Description   string `json:"description"`
	FailureReason string `json:"failureReason,omitempty"`
	// Events are the Shoot events of the run, in order.
	Events []pendingEvent `json:"events,omitempty"`
	// Metrics are the counter increments of the run.
	Metrics []metricSample `json:"metrics,omitempty"`
}

// pendingEvent is one Shoot event of a run.
type pendingEvent struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
	Note   string `json:"note"`
}

func (p *pendingResult) lastMaintenance() *gardencorev1beta1.LastMaintenance {
	last := &gardencorev1beta1.LastMaintenance{
		Description:   p.Description,
		TriggeredTime: p.TriggeredTime,
		State:         p.State,
	}
	if p.FailureReason != "" {
		last.FailureReason = ptr.To(p.FailureReason)
	}
	return last
}

// encodePending sets AnnotationPendingResult on shoot.
func encodePending(shoot *gardencorev1beta1.Shoot, result *pendingResult) error {
	raw, err := json.Marshal(result)
	if err != nil {
		return fmt.Errorf("failed encoding the maintenance result: %w", err)
	}
	annotations := make(map[string]string, len(shoot.Annotations)+1)
	for k, v := range shoot.Annotations {
		annotations[k] = v
	}
	annotations[AnnotationPendingResult] = string(raw)
	shoot.Annotations = annotations
	return nil
}

// hasPendingResult reports whether shoot carries a maintenance result that is not yet recorded.
func hasPendingResult(shoot *gardencorev1beta1.Shoot) bool {
	_, ok := shoot.Annotations[AnnotationPendingResult]
	return ok
}

// unfinished reports whether the last maintenance of shoot did not finish: a pending result, or
// lastMaintenance in state Processing (left by a write that was interrupted).
func unfinished(shoot *gardencorev1beta1.Shoot) bool {
	if hasPendingResult(shoot) {
		return true
	}
	last := shoot.Status.LastMaintenance
	return last != nil && last.State == gardencorev1beta1.LastOperationStateProcessing
}

// finish records the pending result of shoot, each step idempotent so that it can be repeated
// after a crash or a conflict at any point: (1) status.lastMaintenance is set to the result unless
// it already is; (2) every event is created under a name derived from the Shoot's UID, the
// triggered time and the event's index, so a repeated creation is AlreadyExists and ignored;
// (3) the annotation is removed with the resourceVersion read, and only when that succeeds are
// the metrics counted. It returns the Shoot as written.
func (r *Reconciler) finish(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot) (*gardencorev1beta1.Shoot, error) {
	result := &pendingResult{}
	if err := json.Unmarshal([]byte(shoot.Annotations[AnnotationPendingResult]), result); err != nil {
		log.Error(err, "Dropping an unreadable pending maintenance result")
		result = nil
	}

	if result != nil {
		want := result.lastMaintenance()
		if !apiequality.Semantic.DeepEqual(shoot.Status.LastMaintenance, want) {
			withStatus := shoot.DeepCopy()
			withStatus.Status.LastMaintenance = want
			if err := r.Client.Status().Update(ctx, withStatus); err != nil {
				return nil, fmt.Errorf("failed updating the last maintenance of the Shoot: %w", err)
			}
			shoot = withStatus
		}
		for i, e := range result.Events {
			if err := r.createEvent(ctx, shoot, result.TriggeredTime, fmt.Sprint(i), e); err != nil {
				return nil, err
			}
		}
	}

	// The profiles are looked up before the removal, so that once it is stored counting needs no
	// further read (one that a shutdown could fail, dropping the samples of a recorded result).
	profiles := map[string]bool{}
	if result != nil {
		for _, sample := range result.Metrics {
			if _, ok := profiles[sample.ExtensionType]; !ok {
				profiles[sample.ExtensionType] = r.hasExtensionProfile(ctx, sample.ExtensionType)
			}
		}
	}

	done := shoot.DeepCopy()
	delete(done.Annotations, AnnotationPendingResult)
	if err := r.Client.Update(ctx, done, client.FieldOwner(FieldManager)); err != nil {
		// A failure other than a conflict may have been applied (a timeout after the server
		// stored it): then the result is recorded, and only this finish can still count it.
		if apierrors.IsConflict(err) || !r.removedAnyway(ctx, shoot) {
			return nil, err
		}
	}
	if result != nil {
		countMetrics(log, result.Metrics, func(extensionType string) bool { return profiles[extensionType] })
		log.Info("Shoot maintained", "state", result.State, "description", result.Description, "failureReason", result.FailureReason)
	}
	return done, nil
}

// hasExtensionProfile reports whether an ExtensionProfile named extensionType exists; a read
// error counts as no.
func (r *Reconciler) hasExtensionProfile(ctx context.Context, extensionType string) bool {
	if extensionType == "" {
		return false
	}
	return r.Client.Get(ctx, client.ObjectKey{Name: extensionType}, &gardencorev1beta1.ExtensionProfile{}) == nil
}

// removedAnyway reports whether the pending result of shoot is gone although its removal
// returned an error: an uncached read finds a newer Shoot without AnnotationPendingResult.
func (r *Reconciler) removedAnyway(ctx context.Context, shoot *gardencorev1beta1.Shoot) bool {
	current := &gardencorev1beta1.Shoot{}
	if err := r.APIReader.Get(ctx, client.ObjectKeyFromObject(shoot), current); err != nil {
		return false
	}
	return current.ResourceVersion != shoot.ResourceVersion && !hasPendingResult(current)
}

// createEvent creates one events.k8s.io/v1 Event about shoot under a deterministic name (see
// eventName); an event of that name that exists already is left as it is.
func (r *Reconciler) createEvent(ctx context.Context, shoot *gardencorev1beta1.Shoot, at metav1.Time, key string, e pendingEvent) error {
	event := &eventsv1.Event{
		ObjectMeta: metav1.ObjectMeta{Namespace: shoot.Namespace, Name: eventName(shoot, at, key)},
		EventTime:  metav1.NewMicroTime(at.Time),
		Regarding: corev1.ObjectReference{
			APIVersion:      gardencorev1beta1.SchemeGroupVersion.String(),
			Kind:            "Shoot",
			Namespace:       shoot.Namespace,
			Name:            shoot.Name,
			UID:             shoot.UID,
			ResourceVersion: shoot.ResourceVersion,
		},
		Type:                e.Type,
		Reason:              e.Reason,
		Action:              eventAction,
		Note:                truncate(e.Note, noteLimit),
		ReportingController: ReportingController,
		ReportingInstance:   r.reportingInstance(),
	}
	if err := r.Client.Create(ctx, event); err != nil && !apierrors.IsAlreadyExists(err) {
		return fmt.Errorf("failed recording event %s of the Shoot: %w", event.Name, err)
	}
	return nil
}

func (r *Reconciler) reportingInstance() string {
	if r.ReportingInstance != "" {
		return truncate(r.ReportingInstance, 128)
	}
	return "gardener-controller-manager"
}

// eventName is "<shoot>.<16 hex digits>", the digits a hash of the Shoot's UID, the triggered time
// of the run and key, the event's place in the run.
func eventName(shoot *gardencorev1beta1.Shoot, at metav1.Time, key string) string {
	sum := sha256.Sum256([]byte(string(shoot.UID) + "/" + at.UTC().Format("2006-01-02T15:04:05Z") + "/" + key))
	return shoot.Name + "." + hex.EncodeToString(sum[:8])
}

// truncate cuts s to at most limit bytes at a rune boundary.
func truncate(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	s = s[:limit]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
