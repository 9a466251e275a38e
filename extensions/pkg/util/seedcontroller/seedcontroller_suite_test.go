// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package seedcontroller_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestSeedController(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Extensions Util SeedController Suite")
}
