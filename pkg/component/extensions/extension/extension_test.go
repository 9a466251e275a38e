// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	. "github.com/gep-78/gardener/pkg/component/extensions/extension"
)

var _ = Describe("Failed", func() {
	It("returns the error of every failed Extension of a Deploy error, by name", func() {
		a, b := errors.New("a rejected"), errors.New("b rejected")
		err := errors.Join(&Error{Name: "a", Err: a}, nil, fmt.Errorf("wrapped: %w", &Error{Name: "b", Err: b}))
		Expect(Failed(err)).To(Equal(map[string]error{"a": a, "b": b}))
		Expect(Failed(nil)).To(BeEmpty())
	})
})
