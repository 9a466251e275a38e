// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// VersionClassification is the lifecycle stage of a version (GEP-32).
type VersionClassification string

const (
	// ClassificationUnavailable marks a version whose first lifecycle stage starts in the future.
	// It is never declared, only derived (GEP-32 as implemented).
	ClassificationUnavailable VersionClassification = "unavailable"
	// ClassificationPreview marks a version that may be pinned explicitly but is never chosen by
	// defaulting, nor by auto-update unless the Shoot opts in (autoUpdate.classifications).
	ClassificationPreview VersionClassification = "preview"
	// ClassificationSupported marks a recommended version.
	ClassificationSupported VersionClassification = "supported"
	// ClassificationDeprecated marks a version that still works but is going away.
	ClassificationDeprecated VersionClassification = "deprecated"
	// ClassificationExpired marks a version that may no longer be selected; shoots on it are
	// force-upgraded in their next maintenance window (GEP-5).
	ClassificationExpired VersionClassification = "expired"
)

// LifecycleStage is one stage of a version's lifecycle (GEP-32).
type LifecycleStage struct {
	// Classification is the stage: preview, supported, deprecated or expired.
	Classification VersionClassification `json:"classification" protobuf:"bytes,1,opt,name=classification,casttype=VersionClassification"`
	// StartTime is when the stage begins. Only the first stage may omit it, which means it has
	// always been in effect.
	// +optional
	StartTime *metav1.Time `json:"startTime,omitempty" protobuf:"bytes,2,opt,name=startTime"`
}

// ExpirableVersionStatus is the current classification of one version, computed by
// gardener-controller-manager.
type ExpirableVersionStatus struct {
	// Version is the version string as listed in the spec.
	Version string `json:"version" protobuf:"bytes,1,opt,name=version"`
	// Classification is the classification of the version at the time of the last reconcile.
	Classification VersionClassification `json:"classification" protobuf:"bytes,2,opt,name=classification,casttype=VersionClassification"`
}

// MachineImageUpdateStrategy is the boundary of an automatic version update: patch (same minor),
// minor (same major) or major (any newer version). ExtensionProfile reuses it (GEP-78).
type MachineImageUpdateStrategy string

const (
	// UpdateStrategyPatch keeps auto-updates within the current major.minor.
	UpdateStrategyPatch MachineImageUpdateStrategy = "patch"
	// UpdateStrategyMinor keeps auto-updates within the current major.
	UpdateStrategyMinor MachineImageUpdateStrategy = "minor"
	// UpdateStrategyMajor allows auto-updates to any newer version.
	UpdateStrategyMajor MachineImageUpdateStrategy = "major"
)

// LastOperationType is the kind of an operation: Create, Reconcile, Delete, Migrate or Restore.
type LastOperationType string

const (
	// LastOperationTypeReconcile is a reconcile operation.
	LastOperationTypeReconcile LastOperationType = "Reconcile"
	// LastOperationTypeDelete is a delete operation.
	LastOperationTypeDelete LastOperationType = "Delete"
)

// LastOperation describes the last operation performed on an object.
type LastOperation struct {
	// Description is a human-readable message about the operation.
	Description string `json:"description" protobuf:"bytes,1,opt,name=description"`
	// LastUpdateTime is when the operation state last changed.
	LastUpdateTime metav1.Time `json:"lastUpdateTime" protobuf:"bytes,2,opt,name=lastUpdateTime"`
	// Progress is the completion in percent (0-100).
	Progress int32 `json:"progress" protobuf:"varint,3,opt,name=progress"`
	// State is Processing, Succeeded, Error or Failed.
	State LastOperationState `json:"state" protobuf:"bytes,4,opt,name=state,casttype=LastOperationState"`
	// Type is the kind of operation.
	Type LastOperationType `json:"type" protobuf:"bytes,5,opt,name=type,casttype=LastOperationType"`
}

// Condition is a status condition of an object, in Gardener's shape.
type Condition struct {
	// Type is the condition type.
	Type ConditionType `json:"type" protobuf:"bytes,1,opt,name=type,casttype=ConditionType"`
	// Status is True, False, Unknown or Progressing.
	Status ConditionStatus `json:"status" protobuf:"bytes,2,opt,name=status,casttype=ConditionStatus"`
	// LastTransitionTime is when the status last changed.
	LastTransitionTime metav1.Time `json:"lastTransitionTime" protobuf:"bytes,3,opt,name=lastTransitionTime"`
	// LastUpdateTime is when the condition was last updated.
	LastUpdateTime metav1.Time `json:"lastUpdateTime" protobuf:"bytes,4,opt,name=lastUpdateTime"`
	// Reason is a machine-readable reason for the status.
	Reason string `json:"reason" protobuf:"bytes,5,opt,name=reason"`
	// Message is a human-readable message about the status.
	Message string `json:"message" protobuf:"bytes,6,opt,name=message"`
	// Codes are well-defined error codes when the condition reports a problem.
	// +optional
	Codes []ErrorCode `json:"codes,omitempty" protobuf:"bytes,7,rep,name=codes,casttype=ErrorCode"`
}

// ErrorCode is a well-defined error code, e.g. ERR_INFRA_QUOTA_EXCEEDED.
type ErrorCode string

// LastError describes the last error of an operation.
type LastError struct {
	// Description is a human-readable message about the error.
	Description string `json:"description" protobuf:"bytes,1,opt,name=description"`
	// TaskID is the ID of the task that caused the error.
	// +optional
	TaskID *string `json:"taskID,omitempty" protobuf:"bytes,2,opt,name=taskID"`
	// Codes are well-defined error codes of the error.
	// +optional
	Codes []ErrorCode `json:"codes,omitempty" protobuf:"bytes,3,rep,name=codes,casttype=ErrorCode"`
	// LastUpdateTime is when the error was last reported.
	// +optional
	LastUpdateTime *metav1.Time `json:"lastUpdateTime,omitempty" protobuf:"bytes,4,opt,name=lastUpdateTime"`
}

// NamedResourceReference is a named reference to a resource.
type NamedResourceReference struct {
	// Name is the name of the reference, unique in its list.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// ResourceRef is the referenced resource.
	ResourceRef autoscalingv1.CrossVersionObjectReference `json:"resourceRef" protobuf:"bytes,2,opt,name=resourceRef"`
}

const (
	// ErrorConfigurationProblem marks an error that the configuration (Shoot, profile or
	// extension config) causes and that retrying does not fix.
	ErrorConfigurationProblem ErrorCode = "ERR_CONFIGURATION_PROBLEM"
)

// LastOperationState is the state of an operation.
type LastOperationState string

const (
	// LastOperationStateProcessing means the operation is running.
	LastOperationStateProcessing LastOperationState = "Processing"
	// LastOperationStateSucceeded means the operation succeeded.
	LastOperationStateSucceeded LastOperationState = "Succeeded"
	// LastOperationStateFailed means the operation failed.
	LastOperationStateFailed LastOperationState = "Failed"
	// LastOperationStateError means the operation failed and will be retried.
	LastOperationStateError LastOperationState = "Error"
)

// ConditionStatus is the status of a condition.
type ConditionStatus string

const (
	// ConditionTrue is the ConditionStatus "True".
	ConditionTrue ConditionStatus = "True"
	// ConditionFalse is the ConditionStatus "False".
	ConditionFalse ConditionStatus = "False"
	// ConditionUnknown is the ConditionStatus "Unknown".
	ConditionUnknown ConditionStatus = "Unknown"
	// ConditionProgressing is the ConditionStatus "Progressing".
	ConditionProgressing ConditionStatus = "Progressing"
)

// ConditionType is the type of a condition.
type ConditionType string

// Gardener identifies a gardenlet (or other Gardener component) that acted on a resource.
type Gardener struct {
	// ID is the container ID.
	ID string `json:"id" protobuf:"bytes,1,opt,name=id"`
	// Name is the host (pod) name.
	Name string `json:"name" protobuf:"bytes,2,opt,name=name"`
	// Version is the Gardener version.
	Version string `json:"version" protobuf:"bytes,3,opt,name=version"`
}

// HighAvailability is the high-availability setting of a resource.
type HighAvailability struct {
	// FailureTolerance is the failure the resource tolerates.
	FailureTolerance FailureTolerance `json:"failureTolerance" protobuf:"bytes,1,name=failureTolerance"`
}

// FailureTolerance is a failure a resource tolerates.
type FailureTolerance struct {
	// Type is node or zone.
	Type FailureToleranceType `json:"type" protobuf:"bytes,1,name=type"`
}

// FailureToleranceType is the failure a highly available control plane tolerates.
type FailureToleranceType string

const (
	// FailureToleranceTypeNode is the FailureToleranceType "node".
	FailureToleranceTypeNode FailureToleranceType = "node"
	// FailureToleranceTypeZone is the FailureToleranceType "zone".
	FailureToleranceTypeZone FailureToleranceType = "zone"
)

// EventActionReconcile is the action of events recorded while reconciling an object.
const EventActionReconcile = "Reconcile"
