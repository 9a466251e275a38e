// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"fmt"

	"github.com/Masterminds/semver/v3"
	"github.com/go-logr/logr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// MaintainKubernetesVersion is the second step: the control plane Kubernetes version, then the
// version of every worker pool that sets spec.provider.workers[].kubernetes.version (Gardener's
// maintainKubernetesVersion), each decided with v1beta1helper.KubernetesVersionUpdate. A
// target is set on the working copy and recorded as a successful result (`Updated Kubernetes
// version from "<old>" to "<new>"`); an error as a failed result (`could not determine higher
// suitable version than "<old>": <err>`), keeping the version. A pool target above the
// maintained control plane version is capped at it. Without a CloudProfile it records a failed
// control plane result naming the reason, so that the window is reported as failed, and leaves
// the pools alone.
func MaintainKubernetesVersion(log logr.Logger, op *Operation) {
	current := op.Shoot.Spec.Kubernetes.Version
	controlPlane := change{kind: ResultKindKubernetes, from: current, to: current}
	if op.CloudProfile == nil {
		op.record(controlPlane, updateResult{
			reason:      "CloudProfile is required for the maintenance of Kubernetes and machine image versions",
			description: fmt.Sprintf("could not determine higher suitable version than %q: %v", current, op.CloudProfileErr),
		})
		return
	}

	if result, ok := maintainVersion(op, &controlPlane, func(target string) (string, error) {
		op.Shoot.Spec.Kubernetes.Version = target
		return target, nil
	}); ok {
		log.Info("Kubernetes version maintenance", "from", current, "to", controlPlane.to, "reason", result.reason, "successful", result.isSuccessful)
		op.record(controlPlane, result)
	}
	maintainWorkerPoolKubernetesVersions(log, op)
}

// maintainWorkerPoolKubernetesVersions maintains the pool versions in spec order, after the
// control plane (Gardener: a pool's target above the control plane's version is capped at it).
func maintainWorkerPoolKubernetesVersions(log logr.Logger, op *Operation) {
	for i := range op.Shoot.Spec.Provider.Workers {
		worker := &op.Shoot.Spec.Provider.Workers[i]
		if worker.Kubernetes == nil || worker.Kubernetes.Version == nil {
			continue
		}
		current := *worker.Kubernetes.Version
		pool := change{kind: ResultKindWorkerKubernetes, name: worker.Name, from: current, to: current}
		if result, ok := maintainVersion(op, &pool, func(target string) (string, error) {
			capped, err := capAtControlPlane(target, op.Shoot.Spec.Kubernetes.Version)
			if err != nil {
				return "", err
			}
			worker.Kubernetes.Version = &capped
			return capped, nil
		}); ok {
			log.Info("Worker pool Kubernetes version maintenance", "workerPool", worker.Name, "from", current, "to", pool.to, "reason", result.reason, "successful", result.isSuccessful)
			op.record(pool, result)
		}
	}
}

// maintainVersion decides the Kubernetes version c.from (Gardener's maintainKubernetesVersion);
// set applies a target to the working copy and returns the version applied. It returns the
// result and whether it is to be recorded (a change or a failure), and sets c.to and c.forced.
func maintainVersion(op *Operation, c *change, set func(target string) (string, error)) (updateResult, bool) {
	current := c.from
	decision, err := v1beta1helper.KubernetesVersionUpdate(op.CloudProfile.Spec.Kubernetes.Versions, current, gardenerutils.KubernetesAutoUpdateEnabled(op.Shoot), op.Now)
	result := updateResult{reason: decision.Reason}
	c.forced = decision.Forced
	switch {
	case err != nil:
		result.description = fmt.Sprintf("could not determine higher suitable version than %q: %v", current, err)
		return result, true
	case decision.Target == "" || decision.Target == current:
		return result, false
	}
	applied, err := set(decision.Target)
	if err != nil {
		result.description = err.Error()
		return result, true
	}
	if applied == current {
		return result, false
	}
	c.to, result.isSuccessful = applied, true
	result.description = fmt.Sprintf("Updated Kubernetes version from %q to %q", current, applied)
	return result, true
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
