// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"fmt"

	"github.com/Masterminds/semver/v3"
	"github.com/go-logr/logr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	maintenancehelper "github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance/helper"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// MaintainMachineImages is the first step: the machine image version of every worker pool
// (Gardener's maintainMachineImages). For each pool with an image, in spec order, it decides with
// v1beta1helper.MachineImageVersionUpdate on the image's versions the pool can run
// (FilterMachineImageVersions, with the pool's kubelet version as it enters the run) and, when
// there is a target, sets it on the working copy and records a successful result
// (`Updated machine image "<image>" from "<old>" to "<new>"`). An error is recorded as a failed
// result (`failed to update machine image "<image>": <err>`) and the pool keeps its version; a
// pool whose image the CloudProfile does not list (DetermineMachineImage) fails alone, the other pools are still
// maintained (Gardener aborts the whole step). Workerless Shoots, pools without an image and a
// missing CloudProfile leave nothing to do here; the Kubernetes step reports the latter.
func MaintainMachineImages(log logr.Logger, op *Operation) {
	if op.CloudProfile == nil {
		return
	}
	autoUpdate := gardenerutils.MachineImageAutoUpdateEnabled(op.Shoot)
	for i := range op.Shoot.Spec.Provider.Workers {
		worker := &op.Shoot.Spec.Provider.Workers[i]
		if worker.Machine.Image == nil || worker.Machine.Image.Version == nil {
			continue
		}
		image := worker.Machine.Image
		current := *image.Version
		pool := change{kind: ResultKindMachineImage, name: worker.Name, imageName: image.Name, from: current, to: current}

		profileImage, err := maintenancehelper.DetermineMachineImage(op.CloudProfile, image)
		if err != nil {
			pool.forced = true
			op.record(pool, updateResult{
				reason:      v1beta1helper.ReasonVersionDoesNotExist,
				description: fmt.Sprintf("failed to update machine image %q: %v", image.Name, err),
			})
			continue
		}

		// Validation guarantees a valid version; without one, no kubelet constraint is applied.
		kubelet, _ := kubeletVersion(op.Shoot.Spec.Kubernetes.Version, *worker)
		candidates := maintenancehelper.FilterMachineImageVersions(&profileImage, *worker, kubelet, nil, nil)
		decision, err := v1beta1helper.MachineImageVersionUpdate(*candidates, current, autoUpdate, op.Now)
		result := updateResult{reason: decision.Reason}
		pool.forced = decision.Forced
		switch {
		case err != nil:
			result.description = fmt.Sprintf("failed to update machine image %q: %v", image.Name, err)
		case decision.Target == "" || decision.Target == current:
			continue
		default:
			image.Version = &decision.Target
			pool.to, result.isSuccessful = decision.Target, true
			result.description = fmt.Sprintf("Updated machine image %q from %q to %q", image.Name, current, decision.Target)
		}
		log.Info("Machine image maintenance", "workerPool", worker.Name, "image", image.Name, "from", current, "to", pool.to, "reason", result.reason, "successful", result.isSuccessful)
		op.record(pool, result)
	}
}

// kubeletVersion is the pool's kubelet version (v1beta1helper.CalculateEffectiveKubernetesVersion).
func kubeletVersion(controlPlane string, worker gardencorev1beta1.Worker) (*semver.Version, error) {
	controlPlaneVersion, err := semver.NewVersion(controlPlane)
	if err != nil {
		return nil, err
	}
	return v1beta1helper.CalculateEffectiveKubernetesVersion(controlPlaneVersion, worker.Kubernetes)
}
