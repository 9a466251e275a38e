// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// clientTimes are the totals of gardenlet's client-go histograms over all verbs and hosts (garden
// and seed): the time its requests waited in the client-side rate limiter, and the time they took
// at the API servers.
type clientTimes struct {
	rateLimiterSeconds float64
	rateLimited        uint64
	requestSeconds     float64
	requests           uint64
}

func (t clientTimes) minus(o clientTimes) clientTimes {
	return clientTimes{
		rateLimiterSeconds: t.rateLimiterSeconds - o.rateLimiterSeconds,
		rateLimited:        t.rateLimited - o.rateLimited,
		requestSeconds:     t.requestSeconds - o.requestSeconds,
		requests:           t.requests - o.requests,
	}
}

// gardenletMetricsURL returns gardenlet's /metrics URL from the address local-garden writes to
// <dev>/gardenlet.metrics-address, "" when there is none.
func gardenletMetricsURL(devDir string) string {
	address, err := os.ReadFile(devDir + "/gardenlet.metrics-address")
	if err != nil {
		return ""
	}
	return "http://" + strings.TrimSpace(string(address)) + "/metrics"
}

// scrapeClientTimes reads rest_client_rate_limiter_duration_seconds and
// rest_client_request_duration_seconds from a /metrics endpoint.
func scrapeClientTimes(ctx context.Context, url string) (clientTimes, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return clientTimes{}, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return clientTimes{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return clientTimes{}, fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		return clientTimes{}, fmt.Errorf("parsing %s: %w", url, err)
	}
	var t clientTimes
	sum := func(name string) (float64, uint64) {
		var seconds float64
		var count uint64
		if family, ok := families[name]; ok {
			for _, m := range family.GetMetric() {
				seconds += m.GetHistogram().GetSampleSum()
				count += m.GetHistogram().GetSampleCount()
			}
		}
		return seconds, count
	}
	t.rateLimiterSeconds, t.rateLimited = sum("rest_client_rate_limiter_duration_seconds")
	t.requestSeconds, t.requests = sum("rest_client_request_duration_seconds")
	return t, nil
}
