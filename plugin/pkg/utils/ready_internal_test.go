// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package utils

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"
)

var _ = Describe("ReadyHandler timeout", func() {
	attrs := admission.NewAttributesRecord(nil, nil, schema.GroupVersionKind{Group: "core.gardener.cloud", Kind: "Shoot"}, "garden-dev", "dev",
		schema.GroupVersionResource{Group: "core.gardener.cloud", Resource: "shoots"}, "", admission.Create, nil, false, nil)

	DescribeTable("a request waits for the caches until the timeout",
		func(syncedAfter int, forbidden bool) {
			h := NewReadyHandler(admission.Create)
			h.timeout = 5 * readyInterval
			calls := 0
			h.AssignReadyFunc(func() bool { calls++; return syncedAfter > 0 && calls >= syncedAfter })
			err := h.WaitUntilReady(attrs)
			if !forbidden {
				Expect(err).NotTo(HaveOccurred())
				return
			}
			Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring("not yet ready to handle request"))
		},
		Entry("synced within it", 3, false),
		Entry("never synced: Forbidden", 0, true),
	)

	It("waits as long as admission.Handler by default", func() {
		Expect(NewReadyHandler(admission.Create).timeout).To(BeZero())
		Expect(readyTimeout).To(Equal(10 * time.Second))
	})
})
