// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel

import gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"

// ReadsWorker reports whether a compiled rule refers to `worker`.
func ReadsWorker(r *CompiledRule) bool { return r.readsWorker }

// ForWorker binds `worker` to a pool, as per-pool admission will.
func (e *Evaluator) ForWorker(worker *gardencorev1beta1.Worker) *Evaluator {
	return e.forWorker(worker)
}
