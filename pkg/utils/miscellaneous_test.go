// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package utils_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	. "github.com/gep-78/gardener/pkg/utils"
)

var _ = DescribeTable("#SplitAndTrimString",
	func(s, sep string, expected []string) {
		Expect(SplitAndTrimString(s, sep)).To(Equal(expected))
	},
	Entry("empty", "", ";", nil),
	Entry("one", "reconcile", ";", []string{"reconcile"}),
	Entry("trimmed parts", " reconcile ;maintain; ", ";", []string{"reconcile", "maintain", ""}),
	Entry("another separator", "a, b", ",", []string{"a", "b"}),
)
