// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package utils_test

import (
	"sync/atomic"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"

	. "github.com/gep-78/gardener/plugin/pkg/utils"
)

var _ = Describe("ReadyHandler", func() {
	attrs := admission.NewAttributesRecord(nil, nil, schema.GroupVersionKind{Group: "core.gardener.cloud", Kind: "Shoot"}, "garden-dev", "dev",
		schema.GroupVersionResource{Group: "core.gardener.cloud", Resource: "shoots"}, "", admission.Create, nil, false, nil)

	It("handles the operations it was made for", func() {
		h := NewReadyHandler(admission.Create, admission.Update)
		Expect(h.Handles(admission.Create)).To(BeTrue())
		Expect(h.Handles(admission.Delete)).To(BeFalse())
	})

	It("waits for every added ready function, asking again until all report synced", func() {
		h := NewReadyHandler(admission.Create)
		var calls atomic.Int32
		h.AddReadyFunc(func() bool { return true })
		h.AddReadyFunc(func() bool { return calls.Add(1) >= 3 })
		Expect(h.WaitUntilReady(attrs)).To(Succeed())
		Expect(calls.Load()).To(BeNumerically(">=", 3))
	})

	It("uses an assigned ready function instead of the added ones", func() {
		h := NewReadyHandler(admission.Create)
		h.AddReadyFunc(func() bool { return false })
		h.AssignReadyFunc(func() bool { return true })
		Expect(h.WaitUntilReady(attrs)).To(Succeed())
	})

	It("is ready at once with no informers to wait for", func() {
		Expect(NewReadyHandler(admission.Create).WaitUntilReady(attrs)).To(Succeed())
	})

})
