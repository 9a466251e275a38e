// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"slices"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// move returns the record of c if it moved the version.
func (c componentUpdate) move(now time.Time) (gardencorev1beta1.ExtensionComponentMove, bool) {
	if !c.isSuccessful || c.from == c.to {
		return gardencorev1beta1.ExtensionComponentMove{}, false
	}
	m := gardencorev1beta1.ExtensionComponentMove{Type: c.extensionType, Component: c.component,
		From: c.from, To: c.to, Time: metav1.Time{Time: now}, Forced: c.forced}
	if c.pool != "" {
		m.WorkerPool = ptr.To(c.pool)
	}
	return m, true
}

// componentMoves returns status.extensionComponentMoves after a run: each move replaces the record
// of its extension type, component and pool; records of pins that maintainedShoot no longer has
// are dropped.
func componentMoves(moves []gardencorev1beta1.ExtensionComponentMove, maintainedShoot *gardencorev1beta1.Shoot, updates []componentUpdate, now time.Time) []gardencorev1beta1.ExtensionComponentMove {
	pins := v1beta1helper.ComponentPins(maintainedShoot.Spec.Extensions)
	poolPins := v1beta1helper.PoolComponentPins(maintainedShoot.Spec.Extensions, maintainedShoot.Spec.Provider.Workers)
	out := slices.DeleteFunc(slices.Clone(moves), func(m gardencorev1beta1.ExtensionComponentMove) bool {
		if m.WorkerPool != nil {
			return !slices.ContainsFunc(poolPins, func(p v1beta1helper.PoolComponentPin) bool {
				return p.Pool == *m.WorkerPool && p.ExtensionType == m.Type && p.Component == m.Component && p.Pinned()
			})
		}
		pin, ok := v1beta1helper.FindComponentPin(pins, m.Type, m.Component)
		return !ok || !pin.Pinned()
	})
	for _, c := range updates {
		m, ok := c.move(now)
		if !ok {
			continue
		}
		sameKey := func(o gardencorev1beta1.ExtensionComponentMove) bool {
			return o.Type == m.Type && o.Component == m.Component && ptr.Deref(o.WorkerPool, "") == ptr.Deref(m.WorkerPool, "")
		}
		if i := slices.IndexFunc(out, sameKey); i >= 0 {
			out[i] = m
			continue
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
