// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover

import (
	"fmt"
	"io"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// RequestsServed returns the sum of the apiserver_request_total samples in metrics (a /metrics
// body in the text exposition format) whose resource, verb and code labels equal the given ones;
// other labels are summed over. It is 0 without such samples, and an error if metrics does not
// parse or apiserver_request_total is not a counter.
func RequestsServed(metrics io.Reader, resource, verb, code string) (float64, error) {
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(metrics)
	if err != nil {
		return 0, fmt.Errorf("parsing metrics: %w", err)
	}
	family, ok := families["apiserver_request_total"]
	if !ok {
		return 0, nil
	}
	if family.GetType() != dto.MetricType_COUNTER {
		return 0, fmt.Errorf("apiserver_request_total is a %s, not a counter", family.GetType())
	}
	want := map[string]string{"resource": resource, "verb": verb, "code": code}
	total := 0.0
	for _, m := range family.GetMetric() {
		matched := 0
		for _, l := range m.GetLabel() {
			if value, ok := want[l.GetName()]; ok {
				if value != l.GetValue() {
					break
				}
				matched++
			}
		}
		if matched == len(want) {
			total += m.GetCounter().GetValue()
		}
	}
	return total, nil
}
