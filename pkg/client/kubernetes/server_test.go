// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package kubernetes_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/util/validation/field"

	. "github.com/gep-78/gardener/pkg/client/kubernetes"
)

var _ = Describe("Server endpoints", func() {
	DescribeTable("ParseBindAddress",
		func(address, host string, port int, none bool, wantErr string) {
			h, p, n, err := ParseBindAddress(address)
			if wantErr != "" {
				Expect(err).To(MatchError(ContainSubstring(wantErr)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect([]any{h, p, n}).To(Equal([]any{host, port, none}))
		},
		Entry("no endpoint", "0", "", 0, true, ""),
		Entry("every address", ":2718", "", 2718, false, ""),
		Entry("a host", "127.0.0.1:8080", "127.0.0.1", 8080, false, ""),
		Entry("an IPv6 host", "[::1]:9", "::1", 9, false, ""),
		Entry("a free port", ":0", "", 0, false, ""),
		Entry("no port", "2719", "", 0, false, "missing port"),
		Entry("a named port", ":http", "", 0, false, `port "http" is not a number`),
	)

	It("ValidateServerPort accepts 0 to 65535 and names the field otherwise", func() {
		path := field.NewPath("server", "metrics", "port")
		Expect(ValidateServerPort(0, path)).To(BeEmpty())
		Expect(ValidateServerPort(65535, path)).To(BeEmpty())
		Expect(ValidateServerPort(-1, path)).To(ConsistOf(HaveField("Field", "server.metrics.port")))
		Expect(ValidateServerPort(65536, path)).To(ConsistOf(HaveField("Detail", "must be between 0 and 65535")))
	})
})
