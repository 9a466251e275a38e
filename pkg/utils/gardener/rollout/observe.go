// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package rollout

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

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

// count reads the Shoots that pin the version: moved are those whose status.lastMaintenance
// records the update to it; of those, failing reported the component failed (status.lastErrors)
// within the observation window after the move and not before countFrom.
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

// movedAt returns when maintenance moved shoot to version of the component, read from
// status.lastMaintenance ("Extension "<type>" component "<name>": Updated version from "a" to
// "<version>""); false when its last maintenance did not.
func movedAt(shoot *gardencorev1beta1.Shoot, extensionType, component, version string) (time.Time, bool) {
	m := shoot.Status.LastMaintenance
	if m == nil {
		return time.Time{}, false
	}
	prefix := fmt.Sprintf("Extension %q component %q: Updated version from ", extensionType, component)
	for rest := m.Description; ; {
		i := strings.Index(rest, prefix)
		if i < 0 {
			return time.Time{}, false
		}
		rest = rest[i+len(prefix):]
		from, err := strconv.QuotedPrefix(rest)
		if err != nil {
			continue
		}
		if strings.HasPrefix(rest[len(from):], " to "+strconv.Quote(version)) {
			return m.TriggeredTime.Time, true
		}
	}
}

// failedAt returns when gardenlet first reported the component at version failing on shoot: the
// lastUpdateTime of the status.lastErrors entry of the extension type that names it ("<component>
// <version>"); false for none.
func failedAt(shoot *gardencorev1beta1.Shoot, extensionType, component, version string) (time.Time, bool) {
	for _, e := range shoot.Status.LastErrors {
		if ptr.Deref(e.TaskID, "") != TaskIDPrefixExtension+extensionType || e.LastUpdateTime == nil {
			continue
		}
		if strings.Contains(e.Description, component+" "+version+",") || strings.Contains(e.Description, component+" "+version+")") {
			return e.LastUpdateTime.Time, true
		}
	}
	return time.Time{}, false
}
