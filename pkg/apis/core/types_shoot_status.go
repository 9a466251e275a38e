// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// ShootStatus is the observed state of a Shoot.
type ShootStatus struct {
	// Conditions are the latest observations of the cluster's health.
	Conditions []Condition
	// Constraints are conditions that restrict operations on the cluster.
	Constraints []Condition
	// Gardener identifies the gardenlet that last acted on the Shoot.
	Gardener Gardener
	// IsHibernated tells whether the cluster is hibernated now.
	IsHibernated bool
	// LastOperation is the last operation on the Shoot.
	LastOperation *LastOperation
	// LastErrors are the errors of the last operations that the owner can act on.
	LastErrors []LastError
	// ObservedGeneration is the metadata.generation last reconciled.
	ObservedGeneration int64
	// RetryCycleStartTime is when the current cycle of retries began.
	RetryCycleStartTime *metav1.Time
	// SeedName is the seed the control plane last ran on; differs from spec.seedName during a
	// migration.
	SeedName *string
	// TechnicalID is the name of the shoot's namespace in the seed (shoot--<project>--<name>).
	TechnicalID string
	// UID identifies the cluster across seeds and is used in infrastructure names.
	UID types.UID
	// ClusterIdentity is the identity of the cluster; immutable.
	ClusterIdentity *string
	// AdvertisedAddresses are the addresses of the API server and other endpoints.
	AdvertisedAddresses []ShootAdvertisedAddress
	// MigrationStartTime is when a migration to another seed began.
	MigrationStartTime *metav1.Time
	// Credentials holds the state of credential rotations and encryption at rest.
	Credentials *ShootCredentials
	// LastHibernationTriggerTime is when a hibernation schedule last switched the Shoot.
	LastHibernationTriggerTime *metav1.Time
	// LastMaintenance records the last maintenance operation.
	LastMaintenance *LastMaintenance
	// Networking holds the CIDRs the cluster actually uses.
	Networking *NetworkingStatus
	// InPlaceUpdates holds the worker pools waiting for an in-place update.
	InPlaceUpdates *InPlaceUpdatesStatus
	// ManualWorkerPoolRollout holds the progress of a rollout of worker pools requested by annotation.
	ManualWorkerPoolRollout *ManualWorkerPoolRollout
	// LiveMigration holds the progress of a live migration of the control plane.
	LiveMigration *LiveMigration
	// ExtensionComponentMoves records, per extension type, component and worker pool, the last
	// version move that maintenance made (GEP-78 staged rollouts count them).
	ExtensionComponentMoves []ExtensionComponentMove
}

// ExtensionComponentMove records that maintenance moved a pinned component version.
type ExtensionComponentMove struct {
	// Type is the extension type, the name of the ExtensionProfile.
	Type string
	// Component is the component's name.
	Component string
	// WorkerPool is the pool whose pin moved; nil for the Shoot's pin in spec.extensions.
	WorkerPool *string
	// From is the version before the move.
	From string
	// To is the version after the move.
	To string
	// Time is when maintenance moved the version.
	Time metav1.Time
	// Forced tells a forced upgrade off an expired version from an auto-update or channel move.
	Forced bool
}

// LastMaintenance records a maintenance operation of a Shoot.
type LastMaintenance struct {
	// Description lists the changes made.
	Description string
	// TriggeredTime is when the maintenance was triggered.
	TriggeredTime metav1.Time
	// State is Processing, Succeeded or Error.
	State LastOperationState
	// FailureReason explains a failure.
	FailureReason *string
}

// NetworkingStatus holds the CIDRs a cluster uses.
type NetworkingStatus struct {
	// Pods are the CIDRs of the pod network.
	Pods []string
	// Nodes are the CIDRs of the node network.
	Nodes []string
	// Services are the CIDRs of the service network.
	Services []string
	// EgressCIDRs are the source CIDRs of the cluster's egress traffic, as the infrastructure reports
	// them.
	EgressCIDRs []string
}

// InPlaceUpdatesStatus holds the state of in-place updates of worker pools.
type InPlaceUpdatesStatus struct {
	// PendingWorkerUpdates are the pools waiting for an in-place update.
	PendingWorkerUpdates *PendingWorkerUpdates
}

// PendingWorkerUpdates names the pools waiting for an in-place update, by strategy.
type PendingWorkerUpdates struct {
	// AutoInPlaceUpdate names the waiting pools of strategy AutoInPlaceUpdate.
	AutoInPlaceUpdate []string
	// ManualInPlaceUpdate names the waiting pools of strategy ManualInPlaceUpdate.
	ManualInPlaceUpdate []string
}

// ShootCredentials holds the state of a Shoot's credentials.
type ShootCredentials struct {
	// Rotation holds the state of each credential rotation.
	Rotation *ShootCredentialsRotation
	// EncryptionAtRest holds which resources are encrypted in etcd and by which provider.
	EncryptionAtRest *EncryptionAtRest
}

// ShootCredentialsRotation holds the state of each credential rotation.
type ShootCredentialsRotation struct {
	// CertificateAuthorities is the rotation of the cluster's CAs.
	CertificateAuthorities *CARotation
	// SSHKeypair is the rotation of the worker nodes' SSH key pair.
	SSHKeypair *ShootSSHKeypairRotation
	// Observability is the rotation of the observability credentials.
	Observability *ObservabilityRotation
	// ServiceAccountKey is the rotation of the service account signing key.
	ServiceAccountKey *ServiceAccountKeyRotation
	// ETCDEncryptionKey is the rotation of the etcd encryption key.
	ETCDEncryptionKey *ETCDEncryptionKeyRotation
}

// EncryptionAtRest holds the encryption at rest of a Shoot's etcd data.
type EncryptionAtRest struct {
	// Resources are the resources encrypted now, besides secrets.
	Resources []string
	// Provider is the encryption provider in use.
	Provider EncryptionProviderStatus
}

// EncryptionProviderStatus is the encryption provider in use.
type EncryptionProviderStatus struct {
	// Type is the provider type, e.g. aescbc.
	Type EncryptionProviderType
}

// CARotation is the state of a rotation of the certificate authorities.
type CARotation struct {
	// Phase is the phase of the rotation.
	Phase CredentialsRotationPhase
	// LastCompletionTime is when the last rotation completed.
	LastCompletionTime *metav1.Time
	// LastInitiationTime is when the last rotation was initiated.
	LastInitiationTime *metav1.Time
	// LastInitiationFinishedTime is when the preparation of the last rotation finished.
	LastInitiationFinishedTime *metav1.Time
	// LastCompletionTriggeredTime is when the completion of the last rotation was triggered.
	LastCompletionTriggeredTime *metav1.Time
	// PendingWorkersRollouts are the pools whose rollout for this rotation is still pending.
	PendingWorkersRollouts []PendingWorkersRollout
}

// ShootSSHKeypairRotation is the state of a rotation of the SSH key pair.
type ShootSSHKeypairRotation struct {
	// LastInitiationTime is when the last rotation was initiated.
	LastInitiationTime *metav1.Time
	// LastCompletionTime is when the last rotation completed.
	LastCompletionTime *metav1.Time
}

// ObservabilityRotation is the state of a rotation of the observability credentials.
type ObservabilityRotation struct {
	// LastInitiationTime is when the last rotation was initiated.
	LastInitiationTime *metav1.Time
	// LastCompletionTime is when the last rotation completed.
	LastCompletionTime *metav1.Time
}

// ServiceAccountKeyRotation is the state of a rotation of the service account signing key.
type ServiceAccountKeyRotation struct {
	// Phase is the phase of the rotation.
	Phase CredentialsRotationPhase
	// LastCompletionTime is when the last rotation completed.
	LastCompletionTime *metav1.Time
	// LastInitiationTime is when the last rotation was initiated.
	LastInitiationTime *metav1.Time
	// LastInitiationFinishedTime is when the preparation of the last rotation finished.
	LastInitiationFinishedTime *metav1.Time
	// LastCompletionTriggeredTime is when the completion of the last rotation was triggered.
	LastCompletionTriggeredTime *metav1.Time
	// PendingWorkersRollouts are the pools whose rollout for this rotation is still pending.
	PendingWorkersRollouts []PendingWorkersRollout
}

// ETCDEncryptionKeyRotation is the state of a rotation of the etcd encryption key.
type ETCDEncryptionKeyRotation struct {
	// Phase is the phase of the rotation.
	Phase CredentialsRotationPhase
	// LastCompletionTime is when the last rotation completed.
	LastCompletionTime *metav1.Time
	// LastInitiationTime is when the last rotation was initiated.
	LastInitiationTime *metav1.Time
	// LastInitiationFinishedTime is when the preparation of the last rotation finished.
	LastInitiationFinishedTime *metav1.Time
	// LastCompletionTriggeredTime is when the completion of the last rotation was triggered.
	LastCompletionTriggeredTime *metav1.Time
	// AutoCompleteAfterPrepared completes the rotation on its own once it is prepared.
	AutoCompleteAfterPrepared *bool
}

// CredentialsRotationPhase is the phase of a credential rotation.
type CredentialsRotationPhase string

const (
	// RotationPreparing is the CredentialsRotationPhase "Preparing".
	RotationPreparing CredentialsRotationPhase = "Preparing"
	// RotationPreparingWithoutWorkersRollout is the CredentialsRotationPhase "PreparingWithoutWorkersRollout".
	RotationPreparingWithoutWorkersRollout CredentialsRotationPhase = "PreparingWithoutWorkersRollout"
	// RotationWaitingForWorkersRollout is the CredentialsRotationPhase "WaitingForWorkersRollout".
	RotationWaitingForWorkersRollout CredentialsRotationPhase = "WaitingForWorkersRollout"
	// RotationPrepared is the CredentialsRotationPhase "Prepared".
	RotationPrepared CredentialsRotationPhase = "Prepared"
	// RotationCompleting is the CredentialsRotationPhase "Completing".
	RotationCompleting CredentialsRotationPhase = "Completing"
	// RotationCompleted is the CredentialsRotationPhase "Completed".
	RotationCompleted CredentialsRotationPhase = "Completed"
)

// PendingWorkersRollout is a worker pool whose rollout is pending.
type PendingWorkersRollout struct {
	// Name is the pool name.
	Name string
	// LastInitiationTime is when the pool's last rollout was initiated.
	LastInitiationTime *metav1.Time
}

// ShootAdvertisedAddress is an address of a Shoot endpoint.
type ShootAdvertisedAddress struct {
	// Name names the address, e.g. external.
	Name string
	// URL is the address, e.g. https://api.example.com.
	URL string
	// Application is the application the address belongs to, for UI clients.
	Application *string
}

// ManualWorkerPoolRollout is the progress of a rollout of worker pools requested by annotation.
type ManualWorkerPoolRollout struct {
	// PendingWorkersRollouts are the pools whose rollout is still pending.
	PendingWorkersRollouts []PendingWorkersRollout
}

// LiveMigration is the progress of a live migration of the control plane.
type LiveMigration struct {
	// Conditions are the migration steps, one condition each.
	Conditions []Condition
}
