// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/gep-78/gardener/test/failover"
)

const exposition = `# HELP apiserver_request_total [STABLE] Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.
# TYPE apiserver_request_total counter
apiserver_request_total{code="201",component="apiserver",dry_run="",group="core.gardener.cloud",resource="extensionprofiles",scope="cluster",subresource="",verb="POST",version="v1beta1"} 7
apiserver_request_total{code="201",component="apiserver",dry_run="All",group="core.gardener.cloud",resource="extensionprofiles",scope="cluster",subresource="",verb="POST",version="v1beta1"} 2
apiserver_request_total{code="201",component="apiserver",dry_run="",group="core.gardener.cloud",resource="seeds",scope="cluster",subresource="",verb="POST",version="v1beta1"} 100
apiserver_request_total{code="201",component="apiserver",dry_run="",group="core.gardener.cloud",resource="extensionprofiles",scope="cluster",subresource="",verb="PUT",version="v1beta1"} 200
apiserver_request_total{code="409",component="apiserver",dry_run="",group="core.gardener.cloud",resource="extensionprofiles",scope="cluster",subresource="",verb="POST",version="v1beta1"} 400
apiserver_request_total{code="200",component="apiserver",dry_run="",group="core.gardener.cloud",resource="extensionprofiles",scope="cluster",subresource="",verb="LIST",version="v1beta1"} 3
# HELP apiserver_request_duration_seconds [STABLE] Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.
# TYPE apiserver_request_duration_seconds histogram
apiserver_request_duration_seconds_bucket{component="apiserver",dry_run="",group="core.gardener.cloud",resource="extensionprofiles",scope="cluster",subresource="",verb="POST",version="v1beta1",le="0.1"} 50
apiserver_request_duration_seconds_bucket{component="apiserver",dry_run="",group="core.gardener.cloud",resource="extensionprofiles",scope="cluster",subresource="",verb="POST",version="v1beta1",le="+Inf"} 50
apiserver_request_duration_seconds_sum{component="apiserver",dry_run="",group="core.gardener.cloud",resource="extensionprofiles",scope="cluster",subresource="",verb="POST",version="v1beta1"} 0.5
apiserver_request_duration_seconds_count{component="apiserver",dry_run="",group="core.gardener.cloud",resource="extensionprofiles",scope="cluster",subresource="",verb="POST",version="v1beta1"} 50
`

var _ = Describe("RequestsServed", func() {
	It("sums the apiserver_request_total samples with the resource, verb and code, over the other labels", func() {
		Expect(failover.RequestsServed(strings.NewReader(exposition), "extensionprofiles", "POST", "201")).To(Equal(9.0))
		Expect(failover.RequestsServed(strings.NewReader(exposition), "extensionprofiles", "LIST", "200")).To(Equal(3.0))
	})

	It("is 0 without a matching sample or without apiserver_request_total", func() {
		Expect(failover.RequestsServed(strings.NewReader(exposition), "extensionprofiles", "DELETE", "200")).To(BeZero())
		Expect(failover.RequestsServed(strings.NewReader(""), "extensionprofiles", "POST", "201")).To(BeZero())
	})

	It("fails on input that does not parse", func() {
		_, err := failover.RequestsServed(strings.NewReader("apiserver_request_total{code=\"201\" 1\n"), "extensionprofiles", "POST", "201")
		Expect(err).To(MatchError(ContainSubstring("parsing metrics")))
	})

	It("fails if apiserver_request_total is not a counter", func() {
		gauge := "# TYPE apiserver_request_total gauge\n" + `apiserver_request_total{code="201",resource="extensionprofiles",verb="POST"} 1` + "\n"
		_, err := failover.RequestsServed(strings.NewReader(gauge), "extensionprofiles", "POST", "201")
		Expect(err).To(MatchError(ContainSubstring("not a counter")))
	})
})
