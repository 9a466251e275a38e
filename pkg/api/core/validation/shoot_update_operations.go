// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/Masterminds/semver/v3"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
)

// The update rules of this file depend on what the Shoot is doing: its status (rotations,
// encryption at rest, hibernation, pending in-place updates, last errors) and operation
// annotations.

// errorCodesAllowingForceDeletion are the last error codes after which a Shoot may be deleted by
// force.
var errorCodesAllowingForceDeletion = sets.New(core.ErrorInfraUnauthenticated, core.ErrorInfraUnauthorized,
	core.ErrorInfraDependencies, core.ErrorCleanupClusterResources, core.ErrorConfigurationProblem)

// constraintK8sLess134 matches Kubernetes versions below 1.34, pre-releases of 1.34 included.
var constraintK8sLess134 = func() *semver.Constraints {
	c, err := semver.NewConstraint("< 1.34-0")
	if err != nil {
		panic(err)
	}
	return c
}()

// ValidateEncryptionConfigUpdate checks a change of the etcd encryption configuration
// (spec.kubernetes.kubeAPIServer.encryptionConfig) against the Shoot's state: resources and the
// provider type change neither during an etcd encryption key rotation, nor while the previous
// change is still rolled out (the status differs from the old spec), nor in hibernation; the
// provider type also not before the Shoot was created successfully, and not together with the
// resources.
func ValidateEncryptionConfigUpdate(newConfig, oldConfig *core.EncryptionConfig, currentEncryptedResources sets.Set[schema.GroupResource], currentEncryptionProviderType core.EncryptionProviderType, etcdEncryptionKeyRotation *core.ETCDEncryptionKeyRotation, isClusterInHibernation bool, lastOperation *core.LastOperation, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	oldResources, oldType := encryptionSettings(oldConfig)
	newResources, newType := encryptionSettings(newConfig)
	rotating := etcdEncryptionKeyRotation != nil && etcdEncryptionKeyRotation.Phase != "" && etcdEncryptionKeyRotation.Phase != core.RotationCompleted
	rollingOut := !oldResources.Equal(currentEncryptedResources) || oldType != currentEncryptionProviderType

	if !newResources.Equal(oldResources) {
		resourcesPath := fldPath.Child("resources")
		if rotating {
			allErrs = append(allErrs, field.Forbidden(resourcesPath, fmt.Sprintf("resources cannot be changed when .status.credentials.rotation.etcdEncryptionKey.phase is not %q", core.RotationCompleted)))
		}
		if rollingOut {
			allErrs = append(allErrs, field.Forbidden(resourcesPath, "resources cannot be changed because a previous encryption configuration change is currently being rolled out"))
		}
		if isClusterInHibernation {
			allErrs = append(allErrs, field.Forbidden(resourcesPath, "resources cannot be changed when shoot is in hibernation"))
		}
	}

	if newType != oldType {
		typePath := fldPath.Child("provider", "type")
		if !isShootReadyForRotationStart(lastOperation) {
			allErrs = append(allErrs, field.Forbidden(typePath, "provider type cannot be changed if resource was not yet created successfully or is not ready for reconciliation"))
		}
		if rotating {
			allErrs = append(allErrs, field.Forbidden(typePath, fmt.Sprintf("provider type cannot be changed when .status.credentials.rotation.etcdEncryptionKey.phase is not %q", core.RotationCompleted)))
		}
		if rollingOut {
			allErrs = append(allErrs, field.Forbidden(typePath, "provider type cannot be changed because a previous encryption configuration change is currently being rolled out"))
		}
		if isClusterInHibernation {
			allErrs = append(allErrs, field.Forbidden(typePath, "provider type cannot be changed when shoot is in hibernation"))
		}
		if !newResources.Equal(oldResources) {
			allErrs = append(allErrs, field.Forbidden(typePath, "provider type and resources cannot be changed simultaneously"))
		}
	}
	return allErrs
}

func encryptionSettings(config *core.EncryptionConfig) (sets.Set[schema.GroupResource], core.EncryptionProviderType) {
	if config == nil {
		return sets.New[schema.GroupResource](), ""
	}
	return groupResources(config.Resources), ptr.Deref(config.Provider.Type, "")
}

func groupResources(resources []string) sets.Set[schema.GroupResource] {
	out := sets.New[schema.GroupResource]()
	for _, r := range resources {
		out.Insert(schema.ParseGroupResource(r))
	}
	return out
}

// validateShootEncryptionConfigUpdate reads the arguments of ValidateEncryptionConfigUpdate from
// the two Shoots, as Gardener's ValidateShootUpdate does.
func validateShootEncryptionConfigUpdate(newShoot, oldShoot *core.Shoot) field.ErrorList {
	var (
		newConfig, oldConfig *core.EncryptionConfig
		rotation             *core.ETCDEncryptionKeyRotation
		currentResources     = sets.New[schema.GroupResource]()
		currentType          core.EncryptionProviderType
	)
	if api := newShoot.Spec.Kubernetes.KubeAPIServer; api != nil {
		newConfig = api.EncryptionConfig
	}
	if api := oldShoot.Spec.Kubernetes.KubeAPIServer; api != nil {
		oldConfig = api.EncryptionConfig
	}
	if credentials := newShoot.Status.Credentials; credentials != nil {
		if credentials.Rotation != nil {
			rotation = credentials.Rotation.ETCDEncryptionKey
		}
		if credentials.EncryptionAtRest != nil {
			currentResources = groupResources(credentials.EncryptionAtRest.Resources)
			currentType = credentials.EncryptionAtRest.Provider.Type
		}
	}
	hibernated := newShoot.Spec.Hibernation != nil && ptr.Deref(newShoot.Spec.Hibernation.Enabled, false)
	return ValidateEncryptionConfigUpdate(newConfig, oldConfig, currentResources, currentType, rotation, hibernated,
		newShoot.Status.LastOperation, field.NewPath("spec", "kubernetes", "kubeAPIServer", "encryptionConfig"))
}

// isShootReadyForRotationStart: the Shoot was created (or restored) successfully, or is being
// reconciled.
func isShootReadyForRotationStart(lastOperation *core.LastOperation) bool {
	if lastOperation == nil {
		return false
	}
	switch lastOperation.Type {
	case core.LastOperationTypeCreate, core.LastOperationTypeRestore:
		return lastOperation.State == core.LastOperationStateSucceeded
	}
	return lastOperation.Type == core.LastOperationTypeReconcile
}

// validateHibernationUpdate: a Shoot is not hibernated while its etcd encryption key or service
// account key rotation prepares or completes, nor while the encrypted resources of its spec and
// status differ.
func validateHibernationUpdate(newShoot, oldShoot *core.Shoot) field.ErrorList {
	fldPath := field.NewPath("spec", "hibernation", "enabled")
	enabled := func(s *core.Shoot) bool {
		return s.Spec.Hibernation != nil && ptr.Deref(s.Spec.Hibernation.Enabled, false)
	}
	if enabled(oldShoot) || !enabled(newShoot) {
		return nil
	}
	allErrs := field.ErrorList{}
	if c := newShoot.Status.Credentials; c != nil && c.Rotation != nil {
		if r := c.Rotation.ETCDEncryptionKey; r != nil && (r.Phase == core.RotationPreparing || r.Phase == core.RotationCompleting) {
			allErrs = append(allErrs, field.Forbidden(fldPath, fmt.Sprintf("shoot cannot be hibernated when .status.credentials.rotation.etcdEncryptionKey.phase is %q", r.Phase)))
		}
		if r := c.Rotation.ServiceAccountKey; r != nil && slices.Contains([]core.CredentialsRotationPhase{core.RotationPreparing, core.RotationPreparingWithoutWorkersRollout, core.RotationCompleting}, r.Phase) {
			allErrs = append(allErrs, field.Forbidden(fldPath, fmt.Sprintf("shoot cannot be hibernated when .status.credentials.rotation.serviceAccountKey.phase is %q", r.Phase)))
		}
	}
	oldSpecResources, _ := encryptionSettings(nil)
	if api := oldShoot.Spec.Kubernetes.KubeAPIServer; api != nil {
		oldSpecResources, _ = encryptionSettings(api.EncryptionConfig)
	}
	statusResources := sets.New[schema.GroupResource]()
	if c := oldShoot.Status.Credentials; c != nil && c.EncryptionAtRest != nil {
		statusResources = groupResources(c.EncryptionAtRest.Resources)
	}
	if !oldSpecResources.Equal(statusResources) {
		allErrs = append(allErrs, field.Forbidden(fldPath, "shoot cannot be hibernated when spec.kubernetes.kubeAPIServer.encryptionConfig.resources and status.credentials.encryptionAtRest.resources are not equal"))
	}
	return allErrs
}

// ValidateForceDeletion checks the annotation confirmation.gardener.cloud/force-deletion: once
// true it stays, and it is set only on a Shoot in deletion whose last errors carry one of
// errorCodesAllowingForceDeletion. oldShoot is nil on create.
func ValidateForceDeletion(newShoot, oldShoot *core.Shoot) field.ErrorList {
	fldPath := field.NewPath("metadata", "annotations").Key(v1beta1constants.AnnotationConfirmationForceDeletion)
	newForce, oldForce := needsForceDeletion(newShoot), needsForceDeletion(oldShoot)
	if oldForce && !newForce {
		return field.ErrorList{field.Forbidden(fldPath, "force-deletion annotation cannot be removed once set")}
	}
	if !newForce || oldForce {
		return nil
	}
	allErrs := field.ErrorList{}
	if newShoot.DeletionTimestamp == nil {
		allErrs = append(allErrs, field.Forbidden(fldPath, "force-deletion annotation cannot be set when Shoot deletionTimestamp is nil"))
	}
	if !slices.ContainsFunc(newShoot.Status.LastErrors, func(e core.LastError) bool { return errorCodesAllowingForceDeletion.HasAny(e.Codes...) }) {
		allErrs = append(allErrs, field.Forbidden(fldPath, fmt.Sprintf("force-deletion annotation cannot be set when Shoot status does not contain one of these error codes: %v", sets.List(errorCodesAllowingForceDeletion))))
	}
	return allErrs
}

func needsForceDeletion(shoot *core.Shoot) bool {
	if shoot == nil {
		return false
	}
	force, _ := strconv.ParseBool(shoot.Annotations[v1beta1constants.AnnotationConfirmationForceDeletion])
	return force
}

// validateNodeLocalDNSUpdate: node-local DNS is not switched while a pool updates in place on
// Kubernetes below 1.34, or with kube-proxy in IPVS mode.
func validateNodeLocalDNSUpdate(newSpec, oldSpec *core.ShootSpec, fldPath *field.Path) field.ErrorList {
	enabled := func(s *core.ShootSpec) bool {
		return s.SystemComponents != nil && s.SystemComponents.NodeLocalDNS != nil && s.SystemComponents.NodeLocalDNS.Enabled
	}
	if enabled(newSpec) == enabled(oldSpec) {
		return nil
	}
	controlPlane, err := semver.NewVersion(oldSpec.Kubernetes.Version)
	if err != nil {
		return field.ErrorList{field.Invalid(fldPath.Child("kubernetes", "version"), oldSpec.Kubernetes.Version,
			fmt.Sprintf("failed to parse old Kubernetes version %q: %v", oldSpec.Kubernetes.Version, err))}
	}
	kubeProxy := oldSpec.Kubernetes.KubeProxy
	ipvs := kubeProxy != nil && ptr.Deref(kubeProxy.Enabled, false) && ptr.Deref(kubeProxy.Mode, "") == core.ProxyModeIPVS
	for i, worker := range oldSpec.Provider.Workers {
		version, err := effectiveKubernetesVersion(controlPlane, worker)
		if err != nil {
			return field.ErrorList{field.Invalid(field.NewPath("spec", "provider", "workers").Index(i), "",
				fmt.Sprintf("failed to calculate effective Kubernetes version for worker %q: %v", worker.Name, err))}
		}
		if isUpdateStrategyInPlace(worker.UpdateStrategy) && (constraintK8sLess134.Check(version) || ipvs) {
			return field.ErrorList{field.Forbidden(fldPath.Child("systemComponents", "nodeLocalDNS"), "the node-local-dns setting cannot be changed if the shoot has at least one worker pool with an update strategy of either AutoInPlaceUpdate or ManualInPlaceUpdate, and is running a Kubernetes version below 1.34.0 or if kube-proxy runs in IPVS mode.")}
		}
	}
	return nil
}

// effectiveKubernetesVersion is the pool's own version, else the control plane's.
func effectiveKubernetesVersion(controlPlane *semver.Version, worker core.Worker) (*semver.Version, error) {
	if v := poolKubernetesVersion(worker); v != nil {
		return semver.NewVersion(*v)
	}
	return controlPlane, nil
}

// ValidateInPlaceUpdates forbids, unless the Shoot is annotated gardener.cloud/operation=
// force-in-place-update, any change to an in-place pool whose update is still pending: to the
// pool itself, its effective Kubernetes version or its effective kubelet configuration.
func ValidateInPlaceUpdates(newShoot, oldShoot *core.Shoot) field.ErrorList {
	if newShoot.Annotations[v1beta1constants.GardenerOperation] == v1beta1constants.ShootOperationForceInPlaceUpdate ||
		newShoot.Status.InPlaceUpdates == nil || newShoot.Status.InPlaceUpdates.PendingWorkerUpdates == nil {
		return nil
	}
	pending := newShoot.Status.InPlaceUpdates.PendingWorkerUpdates
	pendingNames := sets.New(pending.AutoInPlaceUpdate...).Insert(pending.ManualInPlaceUpdate...)

	allErrs := field.ErrorList{}
	versionPath, workersPath := field.NewPath("spec", "kubernetes", "version"), field.NewPath("spec", "provider", "workers")
	oldControlPlane, err := semver.NewVersion(oldShoot.Spec.Kubernetes.Version)
	if err != nil {
		allErrs = append(allErrs, field.Forbidden(versionPath, fmt.Sprintf("failed to parse old control plane kubernetes version: %v", err)))
	}
	newControlPlane, err := semver.NewVersion(newShoot.Spec.Kubernetes.Version)
	if err != nil {
		allErrs = append(allErrs, field.Forbidden(versionPath, fmt.Sprintf("failed to parse new control plane kubernetes version: %v", err)))
	}
	if len(allErrs) > 0 {
		return allErrs
	}

	for i, worker := range newShoot.Spec.Provider.Workers {
		if !isUpdateStrategyInPlace(worker.UpdateStrategy) || !pendingNames.Has(worker.Name) {
			continue
		}
		j := slices.IndexFunc(oldShoot.Spec.Provider.Workers, func(w core.Worker) bool { return w.Name == worker.Name })
		if j < 0 {
			continue
		}
		oldWorker := oldShoot.Spec.Provider.Workers[j]
		oldVersion, err := effectiveKubernetesVersion(oldControlPlane, oldWorker)
		if err != nil {
			allErrs = append(allErrs, field.Forbidden(workersPath.Index(j), fmt.Sprintf("failed to calculate effective kubernetes version for old worker: %v", err)))
			continue
		}
		newVersion, err := effectiveKubernetesVersion(newControlPlane, worker)
		if err != nil {
			allErrs = append(allErrs, field.Forbidden(workersPath.Index(i), fmt.Sprintf("failed to calculate effective kubernetes version for new worker: %v", err)))
			continue
		}
		if !apiequality.Semantic.DeepEqual(oldWorker, worker) || !oldVersion.Equal(newVersion) ||
			!apiequality.Semantic.DeepEqual(effectiveKubelet(oldShoot, oldWorker), effectiveKubelet(newShoot, worker)) {
			allErrs = append(allErrs, field.Forbidden(workersPath.Index(i), fmt.Sprintf("the worker pool %q is currently undergoing an in-place update. No changes are allowed to the worker pool, the Shoot Kubernetes version, or the Shoot kubelet configuration. You can force an update with annotating the Shoot with '%s=%s'",
				worker.Name, v1beta1constants.GardenerOperation, v1beta1constants.ShootOperationForceInPlaceUpdate)))
		}
	}
	return allErrs
}

// effectiveKubelet is the pool's own kubelet configuration, else the Shoot's.
func effectiveKubelet(shoot *core.Shoot, worker core.Worker) *core.KubeletConfig {
	if worker.Kubernetes != nil && worker.Kubernetes.Kubelet != nil {
		return worker.Kubernetes.Kubelet
	}
	return shoot.Spec.Kubernetes.Kubelet
}

// ValidateShootHAConfigUpdate checks a change of spec.controlPlane.highAvailability.
func ValidateShootHAConfigUpdate(newShoot, oldShoot *core.Shoot) field.ErrorList {
	return validateShootHAControlPlaneSpecUpdate(newShoot, oldShoot, field.NewPath("spec", "controlPlane"))
}

// validateShootHAControlPlaneSpecUpdate: a hibernated Shoot is not made highly available, and the
// failure tolerance type of a scheduled Shoot is immutable once set.
func validateShootHAControlPlaneSpecUpdate(newShoot, oldShoot *core.Shoot, fldPath *field.Path) field.ErrorList {
	typePath := fldPath.Child("highAvailability", "failureTolerance", "type")
	allErrs := field.ErrorList{}
	oldHA, newHA := highAvailability(oldShoot), highAvailability(newShoot)
	if newHA != nil && oldHA == nil && isShootInHibernation(newShoot) {
		allErrs = append(allErrs, field.Forbidden(typePath, "Shoot is currently hibernated and cannot be scaled up to HA. Please make sure your cluster has woken up before scaling it up to HA"))
	}
	if oldHA != nil && newShoot.Spec.SeedName != nil {
		var newType core.FailureToleranceType
		if newHA != nil {
			newType = newHA.FailureTolerance.Type
		}
		allErrs = append(allErrs, apivalidation.ValidateImmutableField(newType, oldHA.FailureTolerance.Type, typePath)...)
	}
	return allErrs
}

func highAvailability(shoot *core.Shoot) *core.HighAvailability {
	if shoot.Spec.ControlPlane == nil {
		return nil
	}
	return shoot.Spec.ControlPlane.HighAvailability
}

// isShootInHibernation: hibernation is requested in the spec or reported in the status.
func isShootInHibernation(shoot *core.Shoot) bool {
	return (shoot.Spec.Hibernation != nil && ptr.Deref(shoot.Spec.Hibernation.Enabled, false)) || shoot.Status.IsHibernated
}
