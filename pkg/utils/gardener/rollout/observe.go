// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package rollout

import (
	"slices"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// TaskIDPrefixExtension prefixes the status.lastErrors task IDs under which gardenlet
// reports a failing seed Extension: "extension/<type>".
const TaskIDPrefixExtension = "extension/"

type counts struct {
	moved int
	// failing are the moved Shoots (namespace/name, sorted) that failed within the window.
	failing []string
}

// count reads the Shoots that maintenance moved to the version: moved are those whose
// status.extensionComponentMoves record the move; of those, failing reported the component failed
// (status.lastErrors) within the observation window after the move and not before countFrom.
func (c *computation) count(countFrom time.Time) counts {
	var out counts
	for i := range c.Shoots {
		shoot := &c.Shoots[i]
		moved, ok := movedAt(shoot, c.ExtensionType, c.Component, c.Version.Version)
		if !ok {
			continue
		}
		out.moved++
		failed, ok := failedAt(shoot, c.ExtensionType, c.Component, c.Version.Version)
		if !ok || failed.Before(moved) || failed.Before(countFrom) || failed.After(moved.Add(c.window())) {
			continue
		}
		out.failing = append(out.failing, shoot.Namespace+"/"+shoot.Name)
	}
	slices.Sort(out.failing)
	return out
}

// movedAt returns when maintenance first moved a pin of shoot (the Shoot's or a pool's) to version
// of the component; false when no move record names it.
func movedAt(shoot *gardencorev1beta1.Shoot, extensionType, component, version string) (time.Time, bool) {
	var at time.Time
	for _, move := range shoot.Status.ExtensionComponentMoves {
		if move.Type == extensionType && move.Component == component && move.To == version && (at.IsZero() || move.Time.Before(&metav1.Time{Time: at})) {
			at = move.Time.Time
		}
	}
	return at, !at.IsZero()
}

// failedAt returns when gardenlet first reported the component at version failing on shoot
// (the lastUpdateTime of its ComponentFailure); false for none.
func failedAt(shoot *gardencorev1beta1.Shoot, extensionType, component, version string) (time.Time, bool) {
	e := ComponentFailure(shoot, extensionType, component, version)
	if e == nil || e.LastUpdateTime == nil {
		return time.Time{}, false
	}
	return e.LastUpdateTime.Time, true
}

// ComponentFailure returns the status.lastErrors entry in which gardenlet reports the component at
// version failing on shoot: task ID "extension/<type>", naming "<component> <version>"; nil for
// none.
func ComponentFailure(shoot *gardencorev1beta1.Shoot, extensionType, component, version string) *gardencorev1beta1.LastError {
	for i, e := range shoot.Status.LastErrors {
		if ptr.Deref(e.TaskID, "") != TaskIDPrefixExtension+extensionType {
			continue
		}
		if strings.Contains(e.Description, component+" "+version+",") || strings.Contains(e.Description, component+" "+version+")") {
			return &shoot.Status.LastErrors[i]
		}
	}
	return nil
}
