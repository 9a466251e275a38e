// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package plutono_test

import (
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/grafana/grafana-foundation-sdk/go/cog/plugins"
	"github.com/grafana/grafana-foundation-sdk/go/cog/variants"
	"github.com/grafana/grafana-foundation-sdk/go/dashboard"
	"github.com/grafana/grafana-foundation-sdk/go/prometheus"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// operatorDoc explains every query of the garden dashboards.
const operatorDoc = "../../../../docs/operations/fleet-dashboard.md"

// validate checks raw against the dashboard schema of the Grafana Foundation SDK, strictly:
// unknown fields, wrong types, missing required fields and, for the panel types the SDK knows,
// unknown options are errors. Every target is decoded as a Prometheus query, strictly too (without
// a datasource type the SDK keeps a target as it is). It returns the dashboard.
func validate(raw []byte) (*dashboard.Dashboard, error) {
	plugins.RegisterDefaultPlugins()
	// The strict decoder reports every error but keeps no panel (v0.0.22 returns a typed nil
	// error for a valid one), so the dashboard is decoded a second time to read it.
	if err := new(dashboard.Dashboard).UnmarshalJSONStrict(raw); err != nil && err.Error() != "" {
		return nil, err
	}
	d := &dashboard.Dashboard{}
	if err := json.Unmarshal(raw, d); err != nil {
		return nil, err
	}
	if err := d.Validate(); err != nil {
		return nil, err
	}
	for _, p := range d.Panels {
		if p.Panel == nil {
			continue
		}
		for _, target := range p.Panel.Targets {
			data, err := json.Marshal(target)
			if err != nil {
				return nil, err
			}
			var query prometheus.Dataquery
			if err := query.UnmarshalJSONStrict(data); err != nil && err.Error() != "" {
				return nil, err
			}
		}
	}
	return d, nil
}

var _ = Describe("garden dashboards", func() {
	files, err := filepath.Glob(filepath.Join("dashboards", "garden", "*.json"))
	if err != nil || len(files) == 0 {
		panic("no garden dashboards found")
	}

	for _, file := range files {
		It(file+" follows the dashboard schema of the Grafana Foundation SDK, and its queries are documented", func() {
			raw, err := os.ReadFile(file) // #nosec G304 -- the repository's own file.
			Expect(err).NotTo(HaveOccurred())
			doc, err := os.ReadFile(operatorDoc)
			Expect(err).NotTo(HaveOccurred())

			d, err := validate(raw)
			Expect(err).NotTo(HaveOccurred())
			Expect(d.SchemaVersion).To(BeNumerically("<=", 27), "Plutono reads dashboards of Grafana 7.5, schema version 27 at most")
			Expect(d.Uid).NotTo(BeNil())
			Expect(d.Title).NotTo(BeNil())
			Expect(d.Panels).NotTo(BeEmpty())
			for _, p := range d.Panels {
				Expect(p.Panel).NotTo(BeNil(), "rows are not used")
				Expect(p.Panel.Targets).NotTo(BeEmpty(), "panel %q", *p.Panel.Title)
				for _, target := range p.Panel.Targets {
					expr, _ := target.(variants.UnknownDataquery)["expr"].(string)
					Expect(expr).NotTo(BeEmpty(), "panel %q", *p.Panel.Title)
					Expect(string(doc)).To(ContainSubstring(expr), "panel %q: every query is explained in %s", *p.Panel.Title, operatorDoc)
				}
			}
		})
	}

	DescribeTable("the schema check refuses",
		func(dashboardJSON, wantError string) {
			_, err := validate([]byte(dashboardJSON))
			Expect(err).To(MatchError(ContainSubstring(wantError)))
		},
		Entry("an unknown top-level field (Grafana 7's style)",
			`{"schemaVersion": 27, "style": "dark", "templating": {"list": []}, "annotations": {"list": []}}`, "unexpected field 'style'"),
		Entry("a missing required field",
			`{"templating": {"list": []}, "annotations": {"list": []}}`, "schemaVersion"),
		Entry("an unknown panel field",
			`{"schemaVersion": 27, "templating": {"list": []}, "annotations": {"list": []}, "panels": [{"type": "table", "title": "t", "bogus": 1}]}`, "unexpected field 'bogus'"),
		Entry("an unknown option of a time series panel",
			`{"schemaVersion": 27, "templating": {"list": []}, "annotations": {"list": []}, "panels": [{"type": "timeseries", "options": {"tooltipOptions": {"mode": "single"}}}]}`, "tooltipOptions"),
		Entry("a Prometheus query without expr",
			`{"schemaVersion": 27, "templating": {"list": []}, "annotations": {"list": []}, "panels": [{"type": "table", "targets": [{"refId": "A"}]}]}`, "expr"),
		Entry("an unknown field of a Prometheus query",
			`{"schemaVersion": 27, "templating": {"list": []}, "annotations": {"list": []}, "panels": [{"type": "table", "targets": [{"refId": "A", "expr": "up", "step": 10}]}]}`, "unexpected field 'step'"),
	)
})
