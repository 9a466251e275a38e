// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package constants holds well-known label keys and field values of core.gardener.cloud objects,
// with Gardener's names and values, which defaulting, validation and admission share.
package constants

const (
	// LabelExtensionExtensionTypePrefix prefixes the label that marks a Shoot which enables an
	// extension of a type: extensions.extensions.gardener.cloud/<type>=true. gardener-apiserver
	// maintains it (ExtensionLabels admission plugin).
	LabelExtensionExtensionTypePrefix = "extensions.extensions.gardener.cloud/"
	// LabelExtensionProviderTypePrefix prefixes the label that marks a Shoot of a provider type:
	// provider.extensions.gardener.cloud/<type>=true. gardener-apiserver maintains it
	// (ExtensionLabels admission plugin).
	LabelExtensionProviderTypePrefix = "provider.extensions.gardener.cloud/"
	// LabelExtensionNetworkingTypePrefix prefixes the label that marks a Shoot of a networking
	// type: networking.extensions.gardener.cloud/<type>=true. gardener-apiserver maintains it
	// (ExtensionLabels admission plugin).
	LabelExtensionNetworkingTypePrefix = "networking.extensions.gardener.cloud/"
)

// Operations on Shoots (Gardener's).
const (
	// GardenerOperationsSeparator separates the operations of an operation annotation.
	GardenerOperationsSeparator = ";"
	// GardenerMaintenanceOperation lists operations that the next maintenance adds to
	// GardenerOperation; Shoot owners set it.
	GardenerMaintenanceOperation = "maintenance.gardener.cloud/operation"
	// FailedShootNeedsRetryOperation asks maintenance to retry a failed Shoot.
	FailedShootNeedsRetryOperation = "maintenance.shoot.gardener.cloud/needs-retry-operation"
	// ShootOperationMaintain in GardenerOperation asks for maintenance at once.
	ShootOperationMaintain = "maintain"
	// ShootOperationRetry in GardenerOperation asks to retry a failed reconciliation.
	ShootOperationRetry = "retry"
	// ShootOperationRotateSSHKeypair asks to rotate the workers' SSH key pair.
	ShootOperationRotateSSHKeypair = "rotate-ssh-keypair"
	// OperationRotateObservabilityCredentials asks to rotate the observability credentials.
	OperationRotateObservabilityCredentials = "rotate-observability-credentials" // #nosec G101 -- not a credential
	// OperationRotateETCDEncryptionKey asks to rotate the etcd encryption key in one go.
	OperationRotateETCDEncryptionKey = "rotate-etcd-encryption-key"
	// OperationRotateETCDEncryptionKeyStart asks to start the etcd encryption key rotation.
	OperationRotateETCDEncryptionKeyStart = "rotate-etcd-encryption-key-start"
)

const (
	// ArchitectureAMD64 is the CPU architecture amd64, the default of
	// spec.provider.workers[].machine.architecture and of machine image versions without
	// architectures.
	ArchitectureAMD64 = "amd64"
	// ArchitectureARM64 is the CPU architecture arm64.
	ArchitectureARM64 = "arm64"

	// CRINameContainerD is the container runtime containerd, the default of
	// spec.provider.workers[].cri.name.
	CRINameContainerD = "containerd"

	// CloudProfileReferenceKindCloudProfile is the kind of a spec.cloudProfile reference to a
	// CloudProfile, the default of spec.cloudProfile.kind.
	CloudProfileReferenceKindCloudProfile = "CloudProfile"
	// CloudProfileReferenceKindNamespacedCloudProfile is the kind of a spec.cloudProfile reference
	// to a NamespacedCloudProfile of the Shoot's namespace.
	CloudProfileReferenceKindNamespacedCloudProfile = "NamespacedCloudProfile"

	// GardenNamespace is the namespace of the garden's own Shoots; only Shoots there may have the
	// purpose infrastructure.
	GardenNamespace = "garden"
	// TechnicalIDPrefix is the prefix of a Shoot's technical ID; with the "-" that precedes the
	// project name it yields the double hyphen of shoot--<project>--<name>.
	TechnicalIDPrefix = "shoot-"

	// DefaultSchedulerName is the default of spec.schedulerName: Gardener's own scheduler.
	DefaultSchedulerName = "default-scheduler"
)

// ValidArchitectures are the CPU architectures a worker pool may request.
var ValidArchitectures = []string{ArchitectureAMD64, ArchitectureARM64}

const (
	// GardenerOperation is the annotation that asks a controller for an operation on an object.
	GardenerOperation = "gardener.cloud/operation"
	// GardenerOperationReconcile is the value of GardenerOperation that asks for a reconcile.
	GardenerOperationReconcile = "reconcile"
	// GardenerTimestamp is the annotation with the time (RFC3339Nano, UTC) an operation was requested.
	GardenerTimestamp = "gardener.cloud/timestamp"
	// ConfirmationDeletion is the annotation that confirms the deletion of an object ("true").
	ConfirmationDeletion = "confirmation.gardener.cloud/deletion"
	// AnnotationConfirmationForceDeletion, "true" on a Shoot in deletion, skips the cleanup steps
	// that fail for the Shoot's last errors.
	AnnotationConfirmationForceDeletion = "confirmation.gardener.cloud/force-deletion"
	// ShootOperationForceInPlaceUpdate is the value of GardenerOperation that lets a Shoot change
	// pools whose in-place update is still pending.
	ShootOperationForceInPlaceUpdate = "force-in-place-update"
	// GardenRole is the label key of an object's role.
	GardenRole = "gardener.cloud/role"
	// GardenRoleShoot is the value of GardenRole on a Shoot's seed namespace.
	GardenRoleShoot = "shoot"
	// ShootUID is the annotation with the UID of the Shoot on its seed namespace.
	ShootUID = "shoot.gardener.cloud/uid"
	// LabelWorkerPool is the label of a node with the name of its worker pool.
	LabelWorkerPool = "worker.gardener.cloud/pool"
	// LabelWorkerPoolDeprecated is the former label of a node with the name of its worker pool.
	LabelWorkerPoolDeprecated = "worker.garden.sapcloud.io/group"
)
