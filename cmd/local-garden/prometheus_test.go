// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"testing"
	"time"
)

// TestPrometheusConfig checks that Prometheus scrapes every component with a metrics endpoint,
// one job per binary with all its replicas, at the interval, and loads the rule files.
func TestPrometheusConfig(t *testing.T) {
	components := newComponents("ExtensionComponentVersions=true", "cm.yaml", "gl.yaml", 2, true)
	for i, c := range components {
		if c.servesMetrics {
			c.metricsAddress = "127.0.0.1:" + string(rune('1'+i)) + "000"
		}
	}
	got, err := prometheusConfig(components, []string{"/rules.yaml"}, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	const want = `global:
  evaluation_interval: 2s
  scrape_interval: 2s
  scrape_timeout: 2s
rule_files:
- /rules.yaml
scrape_configs:
- job_name: gardener-controller-manager
  static_configs:
  - targets:
    - 127.0.0.1:1000
    - 127.0.0.1:2000
- job_name: gardenlet
  static_configs:
  - targets:
    - 127.0.0.1:3000
    - 127.0.0.1:4000
`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
