// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

// WithFailureCategory returns r with the metrics failure category set, for comparisons in tests.
func (r Result) WithFailureCategory(category string) Result {
	r.failureCategory = category
	return r
}
