// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	gomegatypes "github.com/onsi/gomega/types"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

// encrypted gives s an encryption configuration of resources and provider type t, rolled out (the
// status reports the same), and a last operation that allows changing it.
func encrypted(t core.EncryptionProviderType, resources ...string) func(*core.Shoot) {
	return func(s *core.Shoot) {
		s.Spec.Kubernetes.KubeAPIServer = &core.KubeAPIServerConfig{EncryptionConfig: &core.EncryptionConfig{Resources: resources, Provider: core.EncryptionProvider{Type: ptr.To(t)}}}
		s.Status.Credentials = &core.ShootCredentials{EncryptionAtRest: &core.EncryptionAtRest{Resources: resources, Provider: core.EncryptionProviderStatus{Type: t}}}
		s.Status.LastOperation = &core.LastOperation{Type: core.LastOperationTypeReconcile, State: core.LastOperationStateSucceeded}
	}
}

func then(mutations ...func(*core.Shoot)) func(*core.Shoot) {
	return func(s *core.Shoot) {
		for _, m := range mutations {
			m(s)
		}
	}
}

func withResources(resources ...string) func(*core.Shoot) {
	return func(s *core.Shoot) { s.Spec.Kubernetes.KubeAPIServer.EncryptionConfig.Resources = resources }
}

func withProviderType(t core.EncryptionProviderType) func(*core.Shoot) {
	return func(s *core.Shoot) { s.Spec.Kubernetes.KubeAPIServer.EncryptionConfig.Provider.Type = ptr.To(t) }
}

func etcdKeyRotation(phase core.CredentialsRotationPhase) func(*core.Shoot) {
	return func(s *core.Shoot) {
		if s.Status.Credentials == nil {
			s.Status.Credentials = &core.ShootCredentials{}
		}
		s.Status.Credentials.Rotation = &core.ShootCredentialsRotation{ETCDEncryptionKey: &core.ETCDEncryptionKeyRotation{Phase: phase}}
	}
}

func hibernated(s *core.Shoot) { s.Spec.Hibernation = &core.Hibernation{Enabled: ptr.To(true)} }

func lastOperation(t core.LastOperationType, state core.LastOperationState) func(*core.Shoot) {
	return func(s *core.Shoot) { s.Status.LastOperation = &core.LastOperation{Type: t, State: state} }
}

func withHA(t core.FailureToleranceType) func(*core.Shoot) {
	return func(s *core.Shoot) {
		s.Spec.ControlPlane = &core.ControlPlane{HighAvailability: &core.HighAvailability{FailureTolerance: core.FailureTolerance{Type: t}}}
	}
}

func forceDeletion(s *core.Shoot) {
	s.Annotations = map[string]string{"confirmation.gardener.cloud/force-deletion": "true"}
}

func deleting(s *core.Shoot) { s.DeletionTimestamp = &metav1.Time{} }

func lastErrorCode(code core.ErrorCode) func(*core.Shoot) {
	return func(s *core.Shoot) { s.Status.LastErrors = []core.LastError{{Codes: []core.ErrorCode{code}}} }
}

func nodeLocalDNS(s *core.Shoot) {
	s.Spec.SystemComponents = &core.SystemComponents{NodeLocalDNS: &core.NodeLocalDNS{Enabled: true}}
}

func controlPlaneVersion(v string) func(*core.Shoot) {
	return func(s *core.Shoot) { s.Spec.Kubernetes.Version = v }
}

func ipvs(s *core.Shoot) {
	s.Spec.Kubernetes.KubeProxy = &core.KubeProxyConfig{Enabled: ptr.To(true), Mode: ptr.To(core.ProxyModeIPVS)}
}

// pendingInPlace makes the pools update in place, the first one with an update pending.
func pendingInPlace(s *core.Shoot) {
	inPlace(s)
	s.Status.InPlaceUpdates = &core.InPlaceUpdatesStatus{PendingWorkerUpdates: &core.PendingWorkerUpdates{AutoInPlaceUpdate: []string{"gl"}}}
}

const (
	resourcesPath        = "spec.kubernetes.kubeAPIServer.encryptionConfig.resources"
	providerTypePath     = "spec.kubernetes.kubeAPIServer.encryptionConfig.provider.type"
	hibernationPath      = "spec.hibernation.enabled"
	failureTolerancePath = "spec.controlPlane.highAvailability.failureTolerance.type"
	forceDeletionPath    = "metadata.annotations[confirmation.gardener.cloud/force-deletion]"
	pendingPoolMessage   = `the worker pool "gl" is currently undergoing an in-place update. No changes are allowed to the worker pool, the Shoot Kubernetes version, or the Shoot kubelet configuration. You can force an update with annotating the Shoot with 'gardener.cloud/operation=force-in-place-update'`
	nodeLocalDNSMessage  = "the node-local-dns setting cannot be changed if the shoot has at least one worker pool with an update strategy of either AutoInPlaceUpdate or ManualInPlaceUpdate, and is running a Kubernetes version below 1.34.0 or if kube-proxy runs in IPVS mode."
)

var _ = Describe("Shoot update rules that depend on the Shoot's state", func() {
	aescbc := encrypted(core.EncryptionProviderTypeAESCBC, "configmaps")

	DescribeTable("ValidateEncryptionConfigUpdate (through ValidateShootUpdate)",
		expectUpdate,
		Entry("resources changed", aescbc, withResources("configmaps", "services")),
		Entry("resources changed during an etcd encryption key rotation", then(aescbc, etcdKeyRotation(core.RotationPreparing)), withResources(),
			fieldErrExact(field.ErrorTypeForbidden, resourcesPath, `resources cannot be changed when .status.credentials.rotation.etcdEncryptionKey.phase is not "Completed"`)),
		Entry("resources changed after an etcd encryption key rotation", then(aescbc, etcdKeyRotation(core.RotationCompleted)), withResources()),
		Entry("resources changed while the previous change rolls out", then(aescbc, withResources("configmaps", "services")), withResources(),
			fieldErrExact(field.ErrorTypeForbidden, resourcesPath, "resources cannot be changed because a previous encryption configuration change is currently being rolled out")),
		Entry("resources changed in hibernation", then(aescbc, hibernated), withResources(),
			fieldErrExact(field.ErrorTypeForbidden, resourcesPath, "resources cannot be changed when shoot is in hibernation")),
		Entry("provider type changed", aescbc, withProviderType(core.EncryptionProviderTypeAESGCM)),
		Entry("provider type changed while a reconcile runs", then(aescbc, lastOperation(core.LastOperationTypeReconcile, core.LastOperationStateProcessing)),
			withProviderType(core.EncryptionProviderTypeAESGCM)),
		Entry("provider type changed after a successful restore", then(aescbc, lastOperation(core.LastOperationTypeRestore, core.LastOperationStateSucceeded)),
			withProviderType(core.EncryptionProviderTypeAESGCM)),
		Entry("provider type changed while the creation runs", then(aescbc, lastOperation(core.LastOperationTypeCreate, core.LastOperationStateProcessing)),
			withProviderType(core.EncryptionProviderTypeAESGCM),
			fieldErrExact(field.ErrorTypeForbidden, providerTypePath, "provider type cannot be changed if resource was not yet created successfully or is not ready for reconciliation")),
		Entry("provider type changed without a last operation", then(aescbc, func(s *core.Shoot) { s.Status.LastOperation = nil }),
			withProviderType(core.EncryptionProviderTypeAESGCM),
			fieldErrExact(field.ErrorTypeForbidden, providerTypePath, "provider type cannot be changed if resource was not yet created successfully or is not ready for reconciliation")),
		Entry("provider type changed during an etcd encryption key rotation", then(aescbc, etcdKeyRotation(core.RotationPrepared)), withProviderType(core.EncryptionProviderTypeAESGCM),
			fieldErrExact(field.ErrorTypeForbidden, providerTypePath, `provider type cannot be changed when .status.credentials.rotation.etcdEncryptionKey.phase is not "Completed"`)),
		Entry("provider type changed while the previous change rolls out", then(aescbc, withProviderType(core.EncryptionProviderTypeSecretbox)), withProviderType(core.EncryptionProviderTypeAESGCM),
			fieldErrExact(field.ErrorTypeForbidden, providerTypePath, "provider type cannot be changed because a previous encryption configuration change is currently being rolled out")),
		Entry("provider type changed in hibernation", then(aescbc, hibernated), withProviderType(core.EncryptionProviderTypeAESGCM),
			fieldErrExact(field.ErrorTypeForbidden, providerTypePath, "provider type cannot be changed when shoot is in hibernation")),
		Entry("provider type and resources changed together", aescbc, then(withProviderType(core.EncryptionProviderTypeAESGCM), withResources()),
			fieldErrExact(field.ErrorTypeForbidden, providerTypePath, "provider type and resources cannot be changed simultaneously")),
	)

	DescribeTable("validateHibernationUpdate (through ValidateShootUpdate)",
		expectUpdate,
		Entry("hibernated", noChange, hibernated),
		Entry("hibernated while the etcd encryption key rotation prepares", etcdKeyRotation(core.RotationPreparing), hibernated,
			fieldErrExact(field.ErrorTypeForbidden, hibernationPath, `shoot cannot be hibernated when .status.credentials.rotation.etcdEncryptionKey.phase is "Preparing"`)),
		Entry("hibernated while the etcd encryption key rotation completes", etcdKeyRotation(core.RotationCompleting), hibernated,
			fieldErrExact(field.ErrorTypeForbidden, hibernationPath, `shoot cannot be hibernated when .status.credentials.rotation.etcdEncryptionKey.phase is "Completing"`)),
		Entry("hibernated while the etcd encryption key rotation is prepared", etcdKeyRotation(core.RotationPrepared), hibernated),
		Entry("hibernated while the service account key rotation prepares", func(s *core.Shoot) {
			s.Status.Credentials = &core.ShootCredentials{Rotation: &core.ShootCredentialsRotation{
				ServiceAccountKey: &core.ServiceAccountKeyRotation{Phase: core.RotationPreparingWithoutWorkersRollout}}}
		}, hibernated,
			fieldErrExact(field.ErrorTypeForbidden, hibernationPath, `shoot cannot be hibernated when .status.credentials.rotation.serviceAccountKey.phase is "PreparingWithoutWorkersRollout"`)),
		Entry("hibernated while an encryption change rolls out", then(aescbc, withResources("configmaps", "services")), hibernated,
			fieldErrExact(field.ErrorTypeForbidden, hibernationPath, "shoot cannot be hibernated when spec.kubernetes.kubeAPIServer.encryptionConfig.resources and status.credentials.encryptionAtRest.resources are not equal")),
		Entry("kept hibernated during a rotation", then(hibernated, etcdKeyRotation(core.RotationPreparing)), noChange),
	)

	DescribeTable("ValidateShootHAConfigUpdate (through ValidateShootUpdate)",
		expectUpdate,
		Entry("made highly available", noChange, withHA(core.FailureToleranceTypeZone)),
		Entry("made highly available while hibernated", hibernated, withHA(core.FailureToleranceTypeNode),
			fieldErrExact(field.ErrorTypeForbidden, failureTolerancePath, "Shoot is currently hibernated and cannot be scaled up to HA. Please make sure your cluster has woken up before scaling it up to HA")),
		Entry("made highly available while the status reports hibernation", func(s *core.Shoot) { s.Status.IsHibernated = true }, withHA(core.FailureToleranceTypeNode),
			fieldErrExact(field.ErrorTypeForbidden, failureTolerancePath, "Shoot is currently hibernated and cannot be scaled up to HA. Please make sure your cluster has woken up before scaling it up to HA")),
		Entry("failure tolerance changed on a scheduled Shoot", withHA(core.FailureToleranceTypeNode), withHA(core.FailureToleranceTypeZone),
			fieldErrExact(field.ErrorTypeInvalid, failureTolerancePath, immutable)),
		Entry("high availability removed on a scheduled Shoot", withHA(core.FailureToleranceTypeNode), func(s *core.Shoot) { s.Spec.ControlPlane = nil },
			fieldErrExact(field.ErrorTypeInvalid, failureTolerancePath, immutable)),
		Entry("failure tolerance changed before scheduling", then(withHA(core.FailureToleranceTypeNode), func(s *core.Shoot) { s.Spec.SeedName = nil }),
			withHA(core.FailureToleranceTypeZone)),
	)

	DescribeTable("ValidateForceDeletion (through ValidateShootUpdate)",
		expectUpdate,
		Entry("set on a Shoot in deletion after an allowing error", then(deleting, lastErrorCode(core.ErrorInfraDependencies)), forceDeletion),
		Entry("set on a Shoot not in deletion", lastErrorCode(core.ErrorConfigurationProblem), forceDeletion,
			fieldErrExact(field.ErrorTypeForbidden, forceDeletionPath, "force-deletion annotation cannot be set when Shoot deletionTimestamp is nil")),
		Entry("set without an allowing error", then(deleting, lastErrorCode("ERR_INFRA_QUOTA_EXCEEDED")), forceDeletion,
			fieldErrExact(field.ErrorTypeForbidden, forceDeletionPath, "force-deletion annotation cannot be set when Shoot status does not contain one of these error codes: [ERR_CLEANUP_CLUSTER_RESOURCES ERR_CONFIGURATION_PROBLEM ERR_INFRA_DEPENDENCIES ERR_INFRA_UNAUTHENTICATED ERR_INFRA_UNAUTHORIZED]")),
		Entry("set to false", noChange, func(s *core.Shoot) {
			s.Annotations = map[string]string{"confirmation.gardener.cloud/force-deletion": "false"}
		}),
		Entry("removed", then(deleting, lastErrorCode(core.ErrorInfraUnauthorized), forceDeletion), func(s *core.Shoot) { s.Annotations = nil },
			fieldErrExact(field.ErrorTypeForbidden, forceDeletionPath, "force-deletion annotation cannot be removed once set")),
		Entry("kept after the error is gone", then(deleting, lastErrorCode(core.ErrorInfraUnauthorized), forceDeletion), func(s *core.Shoot) { s.Status.LastErrors = nil }),
	)

	DescribeTable("validateNodeLocalDNSUpdate (through ValidateShootUpdate)",
		expectUpdate,
		Entry("switched with rolling pools on Kubernetes 1.33", controlPlaneVersion("1.33.4"), nodeLocalDNS),
		Entry("switched with in-place pools on Kubernetes 1.34", then(inPlace, controlPlaneVersion("1.34.1")), nodeLocalDNS),
		Entry("switched with in-place pools on Kubernetes 1.33", then(inPlace, controlPlaneVersion("1.33.4")), nodeLocalDNS,
			fieldErrExact(field.ErrorTypeForbidden, "spec.systemComponents.nodeLocalDNS", nodeLocalDNSMessage)),
		Entry("switched off with an in-place pool of Kubernetes 1.33", then(inPlace, nodeLocalDNS, func(s *core.Shoot) {
			s.Spec.Provider.Workers[1].Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.33.4")}
		}), func(s *core.Shoot) { s.Spec.SystemComponents = nil },
			fieldErrExact(field.ErrorTypeForbidden, "spec.systemComponents.nodeLocalDNS", nodeLocalDNSMessage)),
		Entry("switched with in-place pools and kube-proxy in IPVS mode", then(inPlace, ipvs), nodeLocalDNS,
			fieldErrExact(field.ErrorTypeForbidden, "spec.systemComponents.nodeLocalDNS", nodeLocalDNSMessage)),
	)

	DescribeTable("ValidateInPlaceUpdates (through ValidateShootUpdate)",
		expectUpdate,
		Entry("a pending pool changed", pendingInPlace, func(s *core.Shoot) { s.Spec.Provider.Workers[0].Maximum = 5 },
			fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers[0]", pendingPoolMessage)),
		Entry("the control plane's version changed under a pending pool", pendingInPlace, controlPlaneVersion("1.35.7"),
			fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers[0]", pendingPoolMessage)),
		Entry("the Shoot's kubelet configuration changed under a pending pool", pendingInPlace, func(s *core.Shoot) {
			s.Spec.Kubernetes.Kubelet = &core.KubeletConfig{ImageGCHighThresholdPercent: ptr.To[int32](80)}
		}, fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers[0]", pendingPoolMessage)),
		Entry("a pool without a pending update changed", pendingInPlace, func(s *core.Shoot) { s.Spec.Provider.Workers[1].Maximum = 5 }),
		Entry("a pending pool changed with force-in-place-update", pendingInPlace, func(s *core.Shoot) {
			s.Annotations = map[string]string{"gardener.cloud/operation": "force-in-place-update"}
			s.Spec.Provider.Workers[0].Maximum = 5
		}),
	)

	DescribeTable("ValidateEncryptionConfigUpdate",
		func(newResources, oldResources, current []string, matchers ...gomegatypes.GomegaMatcher) {
			config := func(resources []string) *core.EncryptionConfig {
				if resources == nil {
					return nil
				}
				return &core.EncryptionConfig{Resources: resources}
			}
			currentSet := sets.New[schema.GroupResource]()
			for _, r := range current {
				currentSet.Insert(schema.ParseGroupResource(r))
			}
			errs := ValidateEncryptionConfigUpdate(config(newResources), config(oldResources), currentSet, "", nil, false,
				&core.LastOperation{Type: core.LastOperationTypeReconcile}, field.NewPath("c"))
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		// The previous change (configmaps) still rolls out, yet nothing changes now.
		Entry("resources reordered are no change", []string{"deployments.apps", "configmaps"}, []string{"configmaps", "deployments.apps"}, []string{"deployments.apps"}),
		Entry("a configuration added", []string{"configmaps"}, nil, nil),
		Entry("a configuration removed while the previous change rolls out", nil, []string{"configmaps"}, nil,
			fieldErrExact(field.ErrorTypeForbidden, "c.resources", "resources cannot be changed because a previous encryption configuration change is currently being rolled out")),
	)

	DescribeTable("ValidateForceDeletion on create (no old Shoot)",
		func(mutate func(*core.Shoot), matchers ...gomegatypes.GomegaMatcher) {
			shoot := updatableShoot()
			mutate(shoot)
			errs := ValidateForceDeletion(shoot, nil)
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("without the annotation", func(*core.Shoot) {}),
		Entry("annotated false", func(s *core.Shoot) {
			s.Annotations = map[string]string{"confirmation.gardener.cloud/force-deletion": "false"}
		}),
		Entry("annotated true", forceDeletion,
			fieldErrExact(field.ErrorTypeForbidden, forceDeletionPath, "force-deletion annotation cannot be set when Shoot deletionTimestamp is nil"),
			fieldErrExact(field.ErrorTypeForbidden, forceDeletionPath, "force-deletion annotation cannot be set when Shoot status does not contain one of these error codes: [ERR_CLEANUP_CLUSTER_RESOURCES ERR_CONFIGURATION_PROBLEM ERR_INFRA_DEPENDENCIES ERR_INFRA_UNAUTHENTICATED ERR_INFRA_UNAUTHORIZED]")),
	)

	It("validateNodeLocalDNSUpdate reports versions it cannot read", func() {
		oldShoot := updatableShoot()
		inPlace(oldShoot)
		oldShoot.Spec.Provider.Workers[1].Kubernetes = &core.WorkerKubernetes{Version: ptr.To("x")}
		newShoot := oldShoot.DeepCopy()
		nodeLocalDNS(newShoot)
		Expect(ValidateShootUpdate(newShoot, oldShoot)).To(ContainElement(fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[1]",
			`failed to calculate effective Kubernetes version for worker "ub": invalid semantic version`)))

		oldShoot.Spec.Kubernetes.Version = "y"
		Expect(ValidateShootUpdate(newShoot, oldShoot)).To(ContainElement(fieldErrExact(field.ErrorTypeInvalid, "spec.kubernetes.version",
			`failed to parse old Kubernetes version "y": invalid semantic version`)))
	})

	It("ValidateInPlaceUpdates reports control plane versions that do not parse", func() {
		oldShoot := updatableShoot()
		pendingInPlace(oldShoot)
		newShoot := oldShoot.DeepCopy()
		oldShoot.Spec.Kubernetes.Version, newShoot.Spec.Kubernetes.Version = "a", "b"
		Expect(ValidateInPlaceUpdates(newShoot, oldShoot)).To(ConsistOf(
			fieldErrExact(field.ErrorTypeForbidden, "spec.kubernetes.version", "failed to parse old control plane kubernetes version: invalid semantic version"),
			fieldErrExact(field.ErrorTypeForbidden, "spec.kubernetes.version", "failed to parse new control plane kubernetes version: invalid semantic version"),
		))
	})
})
