// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package rollout

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

// TaskIDPrefixExtension prefixes the status.lastErrors task IDs under which gardenlet
// reports a failing seed Extension: "extension/<type>".
const TaskIDPrefixExtension = "extension/"

// TaskIDPrefixContainerRuntime prefixes the status.lastErrors task IDs under which gardenlet
// reports a failing seed ContainerRuntime: "containerruntime/<type>/<pool>" (ContainerRuntimeTaskID).
const TaskIDPrefixContainerRuntime = "containerruntime/"

// ContainerRuntimeTaskID returns the task ID of the seed ContainerRuntime of runtimeType in pool.
// Types and pool names are DNS labels, so the ID names one object.
func ContainerRuntimeTaskID(runtimeType, pool string) string {
	return TaskIDPrefixContainerRuntime + runtimeType + "/" + pool
}

// ExtensionDescription names a seed Extension with its components' versions, as gardenlet's
// status.lastErrors entry does, e.g. "shoot-falco-service (falco 0.44.1)".
func ExtensionDescription(extensionType string, components []extensionsv1alpha1.ExtensionComponent) string {
	var parts []string
	for _, c := range components {
		parts = append(parts, c.Name+" "+c.Version)
	}
	if len(parts) == 0 {
		return extensionType
	}
	return fmt.Sprintf("%s (%s)", extensionType, strings.Join(parts, ", "))
}

// ContainerRuntimeDescription names the seed ContainerRuntime of runtimeType in pool with its
// components' versions, as gardenlet's entry under ContainerRuntimeTaskID does.
func ContainerRuntimeDescription(runtimeType, pool string, components []extensionsv1alpha1.ExtensionComponent) string {
	return ExtensionDescription(runtimeType+" in worker pool "+pool, components)
}

type counts struct {
	moved int
	// failing are the moved Shoots (namespace/name, sorted) that failed within the window.
	failing []string
}

// count counts the Shoots whose status.extensionComponentMoves record a move to the version, and
// those that failed where it moved within the window after the move, not before countFrom.
func (c *computation) count(countFrom time.Time) counts {
	var out counts
	for i := range c.Shoots {
		shoot := &c.Shoots[i]
		moved, failed := false, false
		for _, move := range shoot.Status.ExtensionComponentMoves {
			if move.Type != c.ExtensionType || move.Component != c.Component || move.To != c.Version.Version {
				continue
			}
			moved = true
			at, ok := failedAt(shoot, move)
			failed = failed || ok && !at.Before(move.Time.Time) && !at.Before(countFrom) && !at.After(move.Time.Add(c.window()))
		}
		if !moved {
			continue
		}
		out.moved++
		if failed {
			out.failing = append(out.failing, shoot.Namespace+"/"+shoot.Name)
		}
	}
	slices.Sort(out.failing)
	return out
}

// failedAt returns when gardenlet first reported the component of move failing at its version
// where it moved (the lastUpdateTime of the ComponentFailure or PoolComponentFailure); false for none.
func failedAt(shoot *gardencorev1beta1.Shoot, move gardencorev1beta1.ExtensionComponentMove) (time.Time, bool) {
	e := ComponentFailure(shoot, move.Type, move.Component, move.To)
	if move.WorkerPool != nil {
		e = PoolComponentFailure(shoot, move.Type, *move.WorkerPool, move.Component, move.To)
	}
	if e == nil || e.LastUpdateTime == nil {
		return time.Time{}, false
	}
	return e.LastUpdateTime.Time, true
}

// ComponentFailure returns the status.lastErrors entry (task ID "extension/<type>") in which
// gardenlet reports the component at version failing; nil for none.
func ComponentFailure(shoot *gardencorev1beta1.Shoot, extensionType, component, version string) *gardencorev1beta1.LastError {
	return failure(shoot, TaskIDPrefixExtension+extensionType, component, version)
}

// PoolComponentFailure returns the entry reporting a pool's component at version failing: the
// pool's seed ContainerRuntime's for a runtime's profile, else ComponentFailure; nil for none.
func PoolComponentFailure(shoot *gardencorev1beta1.Shoot, profileName, pool, component, version string) *gardencorev1beta1.LastError {
	if runtimeType, ok := v1beta1helper.ContainerRuntimeTypeFromProfileName(profileName); ok {
		return failure(shoot, ContainerRuntimeTaskID(runtimeType, pool), component, version)
	}
	return ComponentFailure(shoot, profileName, component, version)
}

func failure(shoot *gardencorev1beta1.Shoot, taskID, component, version string) *gardencorev1beta1.LastError {
	for i, e := range shoot.Status.LastErrors {
		if ptr.Deref(e.TaskID, "") != taskID {
			continue
		}
		if strings.Contains(e.Description, component+" "+version+",") || strings.Contains(e.Description, component+" "+version+")") {
			return &shoot.Status.LastErrors[i]
		}
	}
	return nil
}
