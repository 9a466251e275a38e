// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// ShootStatus is the observed state of a Shoot.
type ShootStatus struct {
	// Conditions are the latest observations of the cluster's health.
	// +patchMergeKey=type
	// +patchStrategy=merge
	// +optional
	Conditions []Condition `json:"conditions,omitempty" patchMergeKey:"type" patchStrategy:"merge" protobuf:"bytes,1,rep,name=conditions"`
	// Constraints are conditions that restrict operations on the cluster.
	// +patchMergeKey=type
	// +patchStrategy=merge
	// +optional
	Constraints []Condition `json:"constraints,omitempty" patchMergeKey:"type" patchStrategy:"merge" protobuf:"bytes,2,rep,name=constraints"`
	// Gardener identifies the gardenlet that last acted on the Shoot.
	Gardener Gardener `json:"gardener" protobuf:"bytes,3,opt,name=gardener"`
	// IsHibernated tells whether the cluster is hibernated now.
	IsHibernated bool `json:"hibernated" protobuf:"varint,4,opt,name=hibernated"`
	// LastOperation is the last operation on the Shoot.
	// +optional
	LastOperation *LastOperation `json:"lastOperation,omitempty" protobuf:"bytes,5,opt,name=lastOperation"`
	// LastErrors are the errors of the last operations that the owner can act on.
	// +optional
	LastErrors []LastError `json:"lastErrors,omitempty" protobuf:"bytes,6,rep,name=lastErrors"`
	// ObservedGeneration is the metadata.generation last reconciled.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty" protobuf:"varint,7,opt,name=observedGeneration"`
	// RetryCycleStartTime is when the current cycle of retries began.
	// +optional
	RetryCycleStartTime *metav1.Time `json:"retryCycleStartTime,omitempty" protobuf:"bytes,8,opt,name=retryCycleStartTime"`
	// SeedName is the seed the control plane last ran on; differs from spec.seedName during a
	// migration.
	// +optional
	SeedName *string `json:"seedName,omitempty" protobuf:"bytes,9,opt,name=seedName"`
	// TechnicalID is the name of the shoot's namespace in the seed (shoot--<project>--<name>).
	TechnicalID string `json:"technicalID" protobuf:"bytes,10,opt,name=technicalID"`
	// UID identifies the cluster across seeds and is used in infrastructure names.
	UID types.UID `json:"uid" protobuf:"bytes,11,opt,name=uid,casttype=k8s.io/apimachinery/pkg/types.UID"`
	// ClusterIdentity is the identity of the cluster; immutable.
	// +optional
	ClusterIdentity *string `json:"clusterIdentity,omitempty" protobuf:"bytes,12,opt,name=clusterIdentity"`
	// AdvertisedAddresses are the addresses of the API server and other endpoints.
	// +optional
	// +patchMergeKey=name
	// +patchStrategy=merge
	AdvertisedAddresses []ShootAdvertisedAddress `json:"advertisedAddresses,omitempty" patchMergeKey:"name" patchStrategy:"merge" protobuf:"bytes,13,rep,name=advertisedAddresses"`
	// MigrationStartTime is when a migration to another seed began.
	// +optional
	MigrationStartTime *metav1.Time `json:"migrationStartTime,omitempty" protobuf:"bytes,14,opt,name=migrationStartTime"`
	// Credentials holds the state of credential rotations and encryption at rest.
	// +optional
	Credentials *ShootCredentials `json:"credentials,omitempty" protobuf:"bytes,15,opt,name=credentials"`
	// LastHibernationTriggerTime is when a hibernation schedule last switched the Shoot.
	// +optional
	LastHibernationTriggerTime *metav1.Time `json:"lastHibernationTriggerTime,omitempty" protobuf:"bytes,16,opt,name=lastHibernationTriggerTime"`
	// LastMaintenance records the last maintenance operation.
	// +optional
	LastMaintenance *LastMaintenance `json:"lastMaintenance,omitempty" protobuf:"bytes,17,opt,name=lastMaintenance"`
	// Networking holds the CIDRs the cluster actually uses.
	// +optional
	Networking *NetworkingStatus `json:"networking,omitempty" protobuf:"bytes,19,opt,name=networking"`
	// InPlaceUpdates holds the worker pools waiting for an in-place update.
	// +optional
	InPlaceUpdates *InPlaceUpdatesStatus `json:"inPlaceUpdates,omitempty" protobuf:"bytes,20,opt,name=inPlaceUpdates"`
	// ManualWorkerPoolRollout holds the progress of a rollout of worker pools requested by annotation.
	// +optional
	ManualWorkerPoolRollout *ManualWorkerPoolRollout `json:"manualWorkerPoolRollout,omitempty" protobuf:"bytes,21,opt,name=manualWorkerPoolRollout"`
	// LiveMigration holds the progress of a live migration of the control plane.
	// +optional
	LiveMigration *LiveMigration `json:"liveMigration,omitempty" protobuf:"bytes,22,opt,name=liveMigration"`
	// ExtensionComponentMoves records, per extension type, component and worker pool, the last
	// version move that maintenance made (GEP-78 staged rollouts count them).
	// +listType=atomic
	// +optional
	ExtensionComponentMoves []ExtensionComponentMove `json:"extensionComponentMoves,omitempty" protobuf:"bytes,23,rep,name=extensionComponentMoves"`
}

// ExtensionComponentMove records that maintenance moved a pinned component version.
type ExtensionComponentMove struct {
	// Type is the extension type, the name of the ExtensionProfile.
	Type string `json:"type" protobuf:"bytes,1,opt,name=type"`
	// Component is the component's name.
	Component string `json:"component" protobuf:"bytes,2,opt,name=component"`
	// WorkerPool is the pool whose pin moved; unset for the Shoot's pin in spec.extensions.
	// +optional
	WorkerPool *string `json:"workerPool,omitempty" protobuf:"bytes,3,opt,name=workerPool"`
	// From is the version before the move.
	From string `json:"from" protobuf:"bytes,4,opt,name=from"`
	// To is the version after the move.
	To string `json:"to" protobuf:"bytes,5,opt,name=to"`
	// Time is when maintenance moved the version.
	Time metav1.Time `json:"time" protobuf:"bytes,6,opt,name=time"`
	// Forced tells a forced upgrade off an expired version from an auto-update or channel move.
	// +optional
	Forced bool `json:"forced,omitempty" protobuf:"varint,7,opt,name=forced"`
}

// LastMaintenance records a maintenance operation of a Shoot.
type LastMaintenance struct {
	// Description lists the changes made.
	Description string `json:"description" protobuf:"bytes,1,opt,name=description"`
	// TriggeredTime is when the maintenance was triggered.
	TriggeredTime metav1.Time `json:"triggeredTime" protobuf:"bytes,2,opt,name=triggeredTime"`
	// State is Processing, Succeeded or Error.
	State LastOperationState `json:"state" protobuf:"bytes,3,opt,name=state,casttype=LastOperationState"`
	// FailureReason explains a failure.
	// +optional
	FailureReason *string `json:"failureReason,omitempty" protobuf:"bytes,4,opt,name=failureReason"`
}

// NetworkingStatus holds the CIDRs a cluster uses.
type NetworkingStatus struct {
	// Pods are the CIDRs of the pod network.
	// +optional
	Pods []string `json:"pods,omitempty" protobuf:"bytes,1,rep,name=pods"`
	// Nodes are the CIDRs of the node network.
	// +optional
	Nodes []string `json:"nodes,omitempty" protobuf:"bytes,2,rep,name=nodes"`
	// Services are the CIDRs of the service network.
	// +optional
	Services []string `json:"services,omitempty" protobuf:"bytes,3,rep,name=services"`
	// EgressCIDRs are the source CIDRs of the cluster's egress traffic, as the infrastructure reports
	// them.
	// +optional
	EgressCIDRs []string `json:"egressCIDRs,omitempty" protobuf:"bytes,4,rep,name=egressCIDRs"`
}

// InPlaceUpdatesStatus holds the state of in-place updates of worker pools.
type InPlaceUpdatesStatus struct {
	// PendingWorkerUpdates are the pools waiting for an in-place update.
	// +optional
	PendingWorkerUpdates *PendingWorkerUpdates `json:"pendingWorkerUpdates,omitempty" protobuf:"bytes,1,opt,name=pendingWorkerUpdates"`
}

// PendingWorkerUpdates names the pools waiting for an in-place update, by strategy.
type PendingWorkerUpdates struct {
	// AutoInPlaceUpdate names the waiting pools of strategy AutoInPlaceUpdate.
	// +optional
	AutoInPlaceUpdate []string `json:"autoInPlaceUpdate,omitempty" protobuf:"bytes,1,rep,name=autoInPlaceUpdate"`
	// ManualInPlaceUpdate names the waiting pools of strategy ManualInPlaceUpdate.
	// +optional
	ManualInPlaceUpdate []string `json:"manualInPlaceUpdate,omitempty" protobuf:"bytes,2,rep,name=manualInPlaceUpdate"`
}

// ShootCredentials holds the state of a Shoot's credentials.
type ShootCredentials struct {
	// Rotation holds the state of each credential rotation.
	// +optional
	Rotation *ShootCredentialsRotation `json:"rotation,omitempty" protobuf:"bytes,1,opt,name=rotation"`
	// EncryptionAtRest holds which resources are encrypted in etcd and by which provider.
	// +optional
	EncryptionAtRest *EncryptionAtRest `json:"encryptionAtRest,omitempty" protobuf:"bytes,2,opt,name=encryptionAtRest"`
}

// ShootCredentialsRotation holds the state of each credential rotation.
type ShootCredentialsRotation struct {
	// CertificateAuthorities is the rotation of the cluster's CAs.
	// +optional
	CertificateAuthorities *CARotation `json:"certificateAuthorities,omitempty" protobuf:"bytes,1,opt,name=certificateAuthorities"`
	// SSHKeypair is the rotation of the worker nodes' SSH key pair.
	// +optional
	SSHKeypair *ShootSSHKeypairRotation `json:"sshKeypair,omitempty" protobuf:"bytes,3,opt,name=sshKeypair"`
	// Observability is the rotation of the observability credentials.
	// +optional
	Observability *ObservabilityRotation `json:"observability,omitempty" protobuf:"bytes,4,opt,name=observability"`
	// ServiceAccountKey is the rotation of the service account signing key.
	// +optional
	ServiceAccountKey *ServiceAccountKeyRotation `json:"serviceAccountKey,omitempty" protobuf:"bytes,5,opt,name=serviceAccountKey"`
	// ETCDEncryptionKey is the rotation of the etcd encryption key.
	// +optional
	ETCDEncryptionKey *ETCDEncryptionKeyRotation `json:"etcdEncryptionKey,omitempty" protobuf:"bytes,6,opt,name=etcdEncryptionKey"`
}

// EncryptionAtRest holds the encryption at rest of a Shoot's etcd data.
type EncryptionAtRest struct {
	// Resources are the resources encrypted now, besides secrets.
	// +optional
	Resources []string `json:"resources,omitempty" protobuf:"bytes,1,rep,name=resources"`
	// Provider is the encryption provider in use.
	Provider EncryptionProviderStatus `json:"provider" protobuf:"bytes,2,opt,name=provider"`
}

// EncryptionProviderStatus is the encryption provider in use.
type EncryptionProviderStatus struct {
	// Type is the provider type, e.g. aescbc.
	Type EncryptionProviderType `json:"type" protobuf:"bytes,1,opt,name=type"`
}

// CARotation is the state of a rotation of the certificate authorities.
type CARotation struct {
	// Phase is the phase of the rotation.
	Phase CredentialsRotationPhase `json:"phase" protobuf:"bytes,1,opt,name=phase"`
	// LastCompletionTime is when the last rotation completed.
	// +optional
	LastCompletionTime *metav1.Time `json:"lastCompletionTime,omitempty" protobuf:"bytes,2,opt,name=lastCompletionTime"`
	// LastInitiationTime is when the last rotation was initiated.
	// +optional
	LastInitiationTime *metav1.Time `json:"lastInitiationTime,omitempty" protobuf:"bytes,3,opt,name=lastInitiationTime"`
	// LastInitiationFinishedTime is when the preparation of the last rotation finished.
	// +optional
	LastInitiationFinishedTime *metav1.Time `json:"lastInitiationFinishedTime,omitempty" protobuf:"bytes,4,opt,name=lastInitiationFinishedTime"`
	// LastCompletionTriggeredTime is when the completion of the last rotation was triggered.
	// +optional
	LastCompletionTriggeredTime *metav1.Time `json:"lastCompletionTriggeredTime,omitempty" protobuf:"bytes,5,opt,name=lastCompletionTriggeredTime"`
	// PendingWorkersRollouts are the pools whose rollout for this rotation is still pending.
	// +optional
	PendingWorkersRollouts []PendingWorkersRollout `json:"pendingWorkersRollouts,omitempty" protobuf:"bytes,6,rep,name=pendingWorkersRollouts"`
}

// ShootSSHKeypairRotation is the state of a rotation of the SSH key pair.
type ShootSSHKeypairRotation struct {
	// LastInitiationTime is when the last rotation was initiated.
	// +optional
	LastInitiationTime *metav1.Time `json:"lastInitiationTime,omitempty" protobuf:"bytes,1,opt,name=lastInitiationTime"`
	// LastCompletionTime is when the last rotation completed.
	// +optional
	LastCompletionTime *metav1.Time `json:"lastCompletionTime,omitempty" protobuf:"bytes,2,opt,name=lastCompletionTime"`
}

// ObservabilityRotation is the state of a rotation of the observability credentials.
type ObservabilityRotation struct {
	// LastInitiationTime is when the last rotation was initiated.
	// +optional
	LastInitiationTime *metav1.Time `json:"lastInitiationTime,omitempty" protobuf:"bytes,1,opt,name=lastInitiationTime"`
	// LastCompletionTime is when the last rotation completed.
	// +optional
	LastCompletionTime *metav1.Time `json:"lastCompletionTime,omitempty" protobuf:"bytes,2,opt,name=lastCompletionTime"`
}

// ServiceAccountKeyRotation is the state of a rotation of the service account signing key.
type ServiceAccountKeyRotation struct {
	// Phase is the phase of the rotation.
	Phase CredentialsRotationPhase `json:"phase" protobuf:"bytes,1,opt,name=phase"`
	// LastCompletionTime is when the last rotation completed.
	// +optional
	LastCompletionTime *metav1.Time `json:"lastCompletionTime,omitempty" protobuf:"bytes,2,opt,name=lastCompletionTime"`
	// LastInitiationTime is when the last rotation was initiated.
	// +optional
	LastInitiationTime *metav1.Time `json:"lastInitiationTime,omitempty" protobuf:"bytes,3,opt,name=lastInitiationTime"`
	// LastInitiationFinishedTime is when the preparation of the last rotation finished.
	// +optional
	LastInitiationFinishedTime *metav1.Time `json:"lastInitiationFinishedTime,omitempty" protobuf:"bytes,4,opt,name=lastInitiationFinishedTime"`
	// LastCompletionTriggeredTime is when the completion of the last rotation was triggered.
	// +optional
	LastCompletionTriggeredTime *metav1.Time `json:"lastCompletionTriggeredTime,omitempty" protobuf:"bytes,5,opt,name=lastCompletionTriggeredTime"`
	// PendingWorkersRollouts are the pools whose rollout for this rotation is still pending.
	// +optional
	PendingWorkersRollouts []PendingWorkersRollout `json:"pendingWorkersRollouts,omitempty" protobuf:"bytes,6,rep,name=pendingWorkersRollouts"`
}

// ETCDEncryptionKeyRotation is the state of a rotation of the etcd encryption key.
type ETCDEncryptionKeyRotation struct {
	// Phase is the phase of the rotation.
	Phase CredentialsRotationPhase `json:"phase" protobuf:"bytes,1,opt,name=phase"`
	// LastCompletionTime is when the last rotation completed.
	// +optional
	LastCompletionTime *metav1.Time `json:"lastCompletionTime,omitempty" protobuf:"bytes,2,opt,name=lastCompletionTime"`
	// LastInitiationTime is when the last rotation was initiated.
	// +optional
	LastInitiationTime *metav1.Time `json:"lastInitiationTime,omitempty" protobuf:"bytes,3,opt,name=lastInitiationTime"`
	// LastInitiationFinishedTime is when the preparation of the last rotation finished.
	// +optional
	LastInitiationFinishedTime *metav1.Time `json:"lastInitiationFinishedTime,omitempty" protobuf:"bytes,4,opt,name=lastInitiationFinishedTime"`
	// LastCompletionTriggeredTime is when the completion of the last rotation was triggered.
	// +optional
	LastCompletionTriggeredTime *metav1.Time `json:"lastCompletionTriggeredTime,omitempty" protobuf:"bytes,5,opt,name=lastCompletionTriggeredTime"`
	// AutoCompleteAfterPrepared completes the rotation on its own once it is prepared.
	// +optional
	AutoCompleteAfterPrepared *bool `json:"autoCompleteAfterPrepared,omitempty" protobuf:"varint,6,opt,name=autoCompleteAfterPrepared"`
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
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// LastInitiationTime is when the pool's last rollout was initiated.
	// +optional
	LastInitiationTime *metav1.Time `json:"lastInitiationTime,omitempty" protobuf:"bytes,2,opt,name=lastInitiationTime"`
}

// ShootAdvertisedAddress is an address of a Shoot endpoint.
type ShootAdvertisedAddress struct {
	// Name names the address, e.g. external.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// URL is the address, e.g. https://api.example.com.
	URL string `json:"url" protobuf:"bytes,2,opt,name=url"`
	// Application is the application the address belongs to, for UI clients.
	// +optional
	Application *string `json:"application,omitempty" protobuf:"bytes,3,opt,name=application"`
}

// ManualWorkerPoolRollout is the progress of a rollout of worker pools requested by annotation.
type ManualWorkerPoolRollout struct {
	// PendingWorkersRollouts are the pools whose rollout is still pending.
	// +optional
	PendingWorkersRollouts []PendingWorkersRollout `json:"pendingWorkersRollouts,omitempty" protobuf:"bytes,1,rep,name=pendingWorkersRollouts"`
}

// LiveMigration is the progress of a live migration of the control plane.
type LiveMigration struct {
	// Conditions are the migration steps, one condition each.
	// +patchMergeKey=type
	// +patchStrategy=merge
	// +optional
	Conditions []Condition `json:"conditions,omitempty" patchMergeKey:"type" patchStrategy:"merge" protobuf:"bytes,1,rep,name=conditions"`
}
