// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"fmt"

	"github.com/Masterminds/semver/v3"
	"github.com/go-logr/logr"

	maintenancehelper "github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance/helper"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// MaintainKubernetesVersion is the second step: the control plane Kubernetes version, then the
// version of every worker pool that sets spec.provider.workers[].kubernetes.version (Gardener's
// maintainKubernetesVersion), each decided with maintenancehelper.KubernetesVersionUpdate. A
// target is set on the working copy and recorded as a successful Result (`Updated Kubernetes
// version from "<old>" to "<new>"`); an error as a failed Result (`could not determine higher
// suitable version than "<old>": <err>`), keeping the version. A pool target above the
// maintained control plane version is capped at it. Without a CloudProfile it records a failed
// control plane Result naming the reason, so that the window is reported as failed, and leaves
// the pools alone.
func MaintainKubernetesVersion(log logr.Logger, op *Operation) {
	current := op.Shoot.Spec.Kubernetes.Version
	result := Result{Kind: ResultKindKubernetes, From: current, To: current}
	if op.CloudProfile == nil {
		result.Reason = "CloudProfile is required for the maintenance of Kubernetes and machine image versions"
		result.Description = fmt.Sprintf("could not determine higher suitable version than %q: %v", current, op.CloudProfileErr)
		op.Results = append(op.Results, result)
		return
	}

	if maintainVersion(op, &result, func(target string) (string, error) {
		op.Shoot.Spec.Kubernetes.Version = target
		return target, nil
	}) {
		log.Info("Kubernetes version maintenance", "from", current, "to", result.To, "reason", result.Reason, "successful", result.Successful)
		op.Results = append(op.Results, result)
	}
	maintainWorkerPoolKubernetesVersions(log, op)
}

// maintainWorkerPoolKubernetesVersions maintains the pool versions in spec order, after the
// control plane (Gardener: "take the control plane's version if the pool's next minor is above it").
func maintainWorkerPoolKubernetesVersions(log logr.Logger, op *Operation) {
	for i := range op.Shoot.Spec.Provider.Workers {
		worker := &op.Shoot.Spec.Provider.Workers[i]
		if worker.Kubernetes == nil || worker.Kubernetes.Version == nil {
			continue
		}
		current := *worker.Kubernetes.Version
		result := Result{Kind: ResultKindWorkerKubernetes, WorkerPool: worker.Name, From: current, To: current}
		if maintainVersion(op, &result, func(target string) (string, error) {
			capped, err := capAtControlPlane(target, op.Shoot.Spec.Kubernetes.Version)
			if err != nil {
				return "", err
			}
			worker.Kubernetes.Version = &capped
			return capped, nil
		}) {
			log.Info("Worker pool Kubernetes version maintenance", "workerPool", worker.Name, "from", current, "to", result.To, "reason", result.Reason, "successful", result.Successful)
			op.Results = append(op.Results, result)
		}
	}
}

// maintainVersion decides the Kubernetes version result.From and fills result; set applies a
// target to the working copy and returns the version applied. It reports whether result is to be
// recorded (a change or a failure).
func maintainVersion(op *Operation, result *Result, set func(target string) (string, error)) bool {
	current := result.From
	decision, err := maintenancehelper.KubernetesVersionUpdate(op.CloudProfile.Spec.Kubernetes.Versions, current, gardenerutils.KubernetesAutoUpdateEnabled(op.Shoot), op.Now)
	result.Reason, result.Forced = decision.Reason, decision.Forced
	switch {
	case err != nil:
		result.Description = fmt.Sprintf("could not determine higher suitable version than %q: %v", current, err)
		return true
	case decision.Target == "" || decision.Target == current:
		return false
	}
	applied, err := set(decision.Target)
	if err != nil {
		result.Description = err.Error()
		return true
	}
	if applied == current {
		return false
	}
	result.To, result.Successful = applied, true
	result.Description = fmt.Sprintf("Updated Kubernetes version from %q to %q", current, applied)
	return true
}

// capAtControlPlane returns target, or the control plane version when target is above it, in
// semver's normalised form (as Gardener writes pool versions).
func capAtControlPlane(target, controlPlane string) (string, error) {
	targetVersion, err := semver.NewVersion(target)
	if err != nil {
		return "", err
	}
	controlPlaneVersion, err := semver.NewVersion(controlPlane)
	if err != nil {
		return "", err
	}
	if targetVersion.GreaterThan(controlPlaneVersion) {
		targetVersion = controlPlaneVersion
	}
	return targetVersion.String(), nil
}
