// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"time"

	. "github.com/onsi/gomega"
	"sigs.k8s.io/yaml"
)

// toJSONMap reads a YAML manifest into its JSON form, as the API server reads it.
func toJSONMap(manifest []byte) map[string]interface{} {
	data, err := yaml.YAMLToJSON(manifest)
	Expect(err).NotTo(HaveOccurred())
	var out map[string]interface{}
	Expect(json.Unmarshal(data, &out)).To(Succeed())
	return out
}

// leaves returns every value a manifest sets, by JSON path (spec.regions[0].zones[1].name).
// Nulls and empty objects set nothing and are left out.
func leaves(value interface{}, path string, out map[string]interface{}) map[string]interface{} {
	switch v := value.(type) {
	case map[string]interface{}:
		for key, child := range v {
			p := key
			if path != "" {
				p = path + "." + key
			}
			leaves(child, p, out)
		}
	case []interface{}:
		if len(v) == 0 {
			out[path] = v
		}
		for i, child := range v {
			leaves(child, fmt.Sprintf("%s[%d]", path, i), out)
		}
	case nil:
	default:
		out[path] = v
	}
	return out
}

// lostFields compares the fields a manifest sets with an object read back from the server and
// returns, sorted, each field that is missing or changed.
func lostFields(manifest, readBack map[string]interface{}) []string {
	got := leaves(readBack, "", map[string]interface{}{})
	var lost []string
	for path, want := range leaves(manifest, "", map[string]interface{}{}) {
		if have, ok := got[path]; ok && sameJSON(have, want) {
			continue
		}
		lost = append(lost, fmt.Sprintf("%s: sent %v, read back %v", path, want, got[path]))
	}
	sort.Strings(lost)
	return lost
}

// sameJSON compares two values by their JSON encoding, so that numbers decoded as int64 (the
// dynamic client) and as float64 (encoding/json) compare equal. Durations compare by value
// (metav1.Duration writes 5m as 5m0s, as in Gardener).
func sameJSON(a, b interface{}) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	if errA == nil && errB == nil && reflect.DeepEqual(ja, jb) {
		return true
	}
	sa, okA := a.(string)
	sb, okB := b.(string)
	if !okA || !okB {
		return false
	}
	da, errA := time.ParseDuration(sa)
	db, errB := time.ParseDuration(sb)
	return errA == nil && errB == nil && da == db
}
