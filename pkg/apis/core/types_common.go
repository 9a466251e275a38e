// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

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
	Classification VersionClassification
	// StartTime is when the stage begins. Only the first stage may omit it, which means it has
	// always been in effect.
	StartTime *metav1.Time
}

// ExpirableVersionStatus is the current classification of one version, computed by
// gardener-controller-manager.
type ExpirableVersionStatus struct {
	// Version is the version string as listed in the spec.
	Version string
	// Classification is the classification of the version at the time of the last reconcile.
	Classification VersionClassification
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
	// LastOperationTypeCreate is a create operation.
	LastOperationTypeCreate LastOperationType = "Create"
	// LastOperationTypeReconcile is a reconcile operation.
	LastOperationTypeReconcile LastOperationType = "Reconcile"
	// LastOperationTypeDelete is a delete operation.
	LastOperationTypeDelete LastOperationType = "Delete"
	// LastOperationTypeRestore is the restore operation of a control plane migration.
	LastOperationTypeRestore LastOperationType = "Restore"
)

// LastOperation describes the last operation performed on an object.
type LastOperation struct {
	// Description is a human-readable message about the operation.
	Description string
	// LastUpdateTime is when the operation state last changed.
	LastUpdateTime metav1.Time
	// Progress is the completion in percent (0-100).
	Progress int32
	// State is Processing, Succeeded, Error or Failed.
	State LastOperationState
	// Type is the kind of operation.
	Type LastOperationType
}

// Condition is a status condition of an object, in Gardener's shape.
type Condition struct {
	// Type is the condition type.
	Type ConditionType
	// Status is True, False, Unknown or Progressing.
	Status ConditionStatus
	// LastTransitionTime is when the status last changed.
	LastTransitionTime metav1.Time
	// LastUpdateTime is when the condition was last updated.
	LastUpdateTime metav1.Time
	// Reason is a machine-readable reason for the status.
	Reason string
	// Message is a human-readable message about the status.
	Message string
	// Codes are well-defined error codes when the condition reports a problem.
	Codes []ErrorCode
}

// ErrorCode is a well-defined error code, e.g. ERR_INFRA_QUOTA_EXCEEDED.
type ErrorCode string

// The error codes after which a Shoot may be deleted by force (ValidateForceDeletion).
const (
	// ErrorInfraUnauthenticated means the infrastructure rejected the credentials.
	ErrorInfraUnauthenticated ErrorCode = "ERR_INFRA_UNAUTHENTICATED"
	// ErrorInfraUnauthorized means the credentials lack a permission on the infrastructure.
	ErrorInfraUnauthorized ErrorCode = "ERR_INFRA_UNAUTHORIZED"
	// ErrorInfraDependencies means infrastructure objects depend on the ones being deleted.
	ErrorInfraDependencies ErrorCode = "ERR_INFRA_DEPENDENCIES"
	// ErrorCleanupClusterResources means resources in the cluster are stuck in deletion.
	ErrorCleanupClusterResources ErrorCode = "ERR_CLEANUP_CLUSTER_RESOURCES"
	// ErrorConfigurationProblem means the configuration of the Shoot is faulty.
	ErrorConfigurationProblem ErrorCode = "ERR_CONFIGURATION_PROBLEM"
)

// LastError describes the last error of an operation.
type LastError struct {
	// Description is a human-readable message about the error.
	Description string
	// TaskID is the ID of the task that caused the error.
	TaskID *string
	// Codes are well-defined error codes of the error.
	Codes []ErrorCode
	// LastUpdateTime is when the error was last reported.
	LastUpdateTime *metav1.Time
}

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
	ID string
	// Name is the host (pod) name.
	Name string
	// Version is the Gardener version.
	Version string
}

// HighAvailability is the high-availability setting of a resource.
type HighAvailability struct {
	// FailureTolerance is the failure the resource tolerates.
	FailureTolerance FailureTolerance
}

// FailureTolerance is a failure a resource tolerates.
type FailureTolerance struct {
	// Type is node or zone.
	Type FailureToleranceType
}

// FailureToleranceType is the failure a highly available control plane tolerates.
type FailureToleranceType string

const (
	// FailureToleranceTypeNode is the FailureToleranceType "node".
	FailureToleranceTypeNode FailureToleranceType = "node"
	// FailureToleranceTypeZone is the FailureToleranceType "zone".
	FailureToleranceTypeZone FailureToleranceType = "zone"
)

// NamedResourceReference is a named reference to a resource.
type NamedResourceReference struct {
	// Name is the name of the reference, unique in its list.
	Name string
	// ResourceRef is the referenced resource.
	ResourceRef autoscalingv1.CrossVersionObjectReference
}
