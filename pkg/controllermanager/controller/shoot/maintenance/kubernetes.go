// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"fmt"

	"github.com/go-logr/logr"

	maintenancehelper "github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance/helper"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// MaintainKubernetesVersion is the second step: the control plane Kubernetes version (Gardener's
// maintainKubernetesVersion), decided with maintenancehelper.KubernetesVersionUpdate. A target is set
// on the working copy and recorded as a successful Result (`Updated Kubernetes version from
// "<old>" to "<new>"`); an error as a failed Result (`could not determine higher suitable version
// than "<old>": <err>`), keeping the version. Without a CloudProfile it records a failed Result
// naming the reason, so that the window is reported as failed.
func MaintainKubernetesVersion(log logr.Logger, op *Operation) {
	current := op.Shoot.Spec.Kubernetes.Version
	result := Result{Kind: ResultKindKubernetes, From: current, To: current}
	if op.CloudProfile == nil {
		result.Reason = "CloudProfile is required for the maintenance of Kubernetes and machine image versions"
		result.Description = fmt.Sprintf("could not determine higher suitable version than %q: %v", current, op.CloudProfileErr)
		op.Results = append(op.Results, result)
		return
	}

	decision, err := maintenancehelper.KubernetesVersionUpdate(op.CloudProfile.Spec.Kubernetes.Versions, current, gardenerutils.KubernetesAutoUpdateEnabled(op.Shoot), op.Now)
	result.Reason, result.Forced = decision.Reason, decision.Forced
	switch {
	case err != nil:
		result.Description = fmt.Sprintf("could not determine higher suitable version than %q: %v", current, err)
	case decision.Target == "" || decision.Target == current:
		return
	default:
		op.Shoot.Spec.Kubernetes.Version = decision.Target
		result.To, result.Successful = decision.Target, true
		result.Description = fmt.Sprintf("Updated Kubernetes version from %q to %q", current, decision.Target)
	}
	log.Info("Kubernetes version maintenance", "from", current, "to", result.To, "reason", result.Reason, "successful", result.Successful)
	op.Results = append(op.Results, result)
}
