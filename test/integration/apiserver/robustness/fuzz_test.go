// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package robustness_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand"
	"net/http"
	"slices"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/test/examples"
)

// fuzzTarget is one resource the fuzzer writes: a valid object (decoded JSON) to mutate, the
// collection path and the path of an existing object to update and patch.
type fuzzTarget struct {
	kind       string
	object     map[string]interface{}
	collection string
	existing   func() string
	typed      func() runtime.Object
}

// The fuzzer sends mutated bodies, seeded by Ginkgo's random seed (--ginkgo.seed), so that a
// failure is repeated by running the suite with the seed it prints.
var _ = Describe("fuzzed bodies", func() {
	const bodies = 1200

	It("derives the same requests from the same seed", func() {
		generate := func() []string {
			rng := rand.New(rand.NewSource(GinkgoRandomSeed()))
			targets := fuzzTargets()
			var out []string
			for i := 0; i < 60; i++ {
				method, path, contentType, body, what := fuzzRequest(rng, targets[i%len(targets)], i)
				out = append(out, fmt.Sprintf("%s %s %s %s %x", method, path, contentType, what, sha256.Sum256(body)))
			}
			return out
		}
		a, b := generate(), generate()
		for i := range a {
			Expect(b[i]).To(Equal(a[i]), "request %d: %s", i, a[i])
		}
	})

	It(fmt.Sprintf("answers none of %d mutated bodies with 5xx and logs no panic", bodies), func() {
		seed := GinkgoRandomSeed()
		rng := rand.New(rand.NewSource(seed))
		By(fmt.Sprintf("seed %d", seed))

		targets := fuzzTargets()
		for _, t := range targets {
			body, err := json.Marshal(t.object)
			Expect(err).NotTo(HaveOccurred())
			r := send(http.MethodPost, t.collection, "application/json", body)
			Expect(r.code).To(Equal(http.StatusCreated), "%s: %s", t.kind, r.body)
		}

		var failures []string
		codes := map[int]int{}
		for i := 0; i < bodies; i++ {
			t := targets[i%len(targets)]
			method, path, contentType, body, what := fuzzRequest(rng, t, i)
			r := send(method, path, contentType, body)
			codes[r.code]++
			if r.code >= 500 {
				snippet := string(body)
				if len(snippet) > 300 {
					snippet = snippet[:300] + "..."
				}
				failures = append(failures, fmt.Sprintf("%s %s %s (%s): %d %.300s\n  body: %q", method, path, contentType, what, r.code, r.body, snippet))
			}
		}
		GinkgoWriter.Printf("seed %d, answers by status: %v\n", seed, codes)
		Expect(failures).To(BeEmpty(), "seed %d", seed)
		Expect(panics.Lines()).To(BeEmpty(), "seed %d", seed)
	})
})

func decodeJSON(data []byte) map[string]interface{} {
	GinkgoHelper()
	out := map[string]interface{}{}
	Expect(json.Unmarshal(data, &out)).To(Succeed())
	return out
}

// exampleJSON is the shared example as decoded JSON, renamed.
func exampleJSON(file, name string) map[string]interface{} {
	GinkgoHelper()
	data, err := yaml.YAMLToJSON(examples.MustRead(file))
	Expect(err).NotTo(HaveOccurred())
	out := decodeJSON(data)
	out["metadata"].(map[string]interface{})["name"] = name
	return out
}

// fuzzTargets returns the objects the fuzzer mutates.
func fuzzTargets() []fuzzTarget {
	shoot := decodeJSON(shootJSON("fuzz", "", `{"destinations":[{"name":"a","port":80}],"on":true}`))
	// A fixed window: defaulting picks a random one, which would make the protobuf bodies differ per run.
	shoot["spec"].(map[string]interface{})["maintenance"] = map[string]interface{}{"timeWindow": map[string]interface{}{"begin": "220000+0000", "end": "230000+0000"}}
	return []fuzzTarget{
		{kind: "Shoot", object: shoot,
			collection: shootsPath(""), existing: func() string { return shootsPath("fuzz") },
			typed: func() runtime.Object { return &gardencorev1beta1.Shoot{} }},
		{kind: "CloudProfile", object: exampleJSON("cloudprofile-local.yaml", "fuzz-local"),
			collection: clusterPath("cloudprofiles", ""), existing: func() string { return clusterPath("cloudprofiles", "fuzz-local") },
			typed: func() runtime.Object { return &gardencorev1beta1.CloudProfile{} }},
		{kind: "ExtensionProfile", object: exampleJSON("extensionprofile-shoot-falco-service.yaml", "fuzz-falco"),
			collection: clusterPath("extensionprofiles", ""), existing: func() string { return clusterPath("extensionprofiles", "fuzz-falco") },
			typed: func() runtime.Object { return &gardencorev1beta1.ExtensionProfile{} }},
	}
}

// fuzzRequest returns one mutated request for t.
func fuzzRequest(rng *rand.Rand, t fuzzTarget, i int) (method, path, contentType string, body []byte, what string) {
	GinkgoHelper()
	doc := deepCopyJSON(t.object)
	meta := doc["metadata"].(map[string]interface{})
	mutation := rng.Intn(10)
	var raw []byte
	switch mutation {
	case 0:
		what = "type flip"
		flipType(rng, doc)
	case 1:
		what = "huge string"
		setRandomLeaf(rng, doc, strings.Repeat("ä", 1+rng.Intn(700*1024)))
	case 2:
		what = "deep nesting"
		var nested interface{} = "x"
		for d := 0; d < 10+rng.Intn(5000); d++ {
			if rng.Intn(2) == 0 {
				nested = map[string]interface{}{"a": nested}
			} else {
				nested = []interface{}{nested}
			}
		}
		setRandomLeaf(rng, doc, nested)
	case 3:
		what = "bad semver"
		bad := []string{"", "v1", "1.x", "01.2.3", "1.2.3.4", "99999999999999999999.0.0", "1.2.3-", "-1.0.0", "1.2.3+", " 1.2.3", "1..2", "latest", "*", "^1.2"}
		setKeys(rng, doc, "version", bad[rng.Intn(len(bad))])
	case 4:
		what = "bad CEL"
		bad := []string{"self.", "(((", "1 +", "shoot.spec.kubernetes.version.matches(", "true && 1", strings.Repeat("(", 500), "size(x) > ", `"\u0000"`, strings.Repeat("a && ", 2000) + "a", "shoot.spec.nope == 1", "[1,2][5] == 1"}
		setKeys(rng, doc, "expression", bad[rng.Intn(len(bad))])
		setKeys(rng, doc, "rule", bad[rng.Intn(len(bad))])
	case 5:
		what = "unicode"
		soup := []string{"\u0000", string([]byte{0xed, 0xa0, 0x80}), "😀😀", "\u202eevil", "Ω≈ç√", "\uffff", "a\u0301", strings.Repeat("字", 300)}
		setRandomLeaf(rng, doc, soup[rng.Intn(len(soup))]+soup[rng.Intn(len(soup))])
	case 6:
		what = "duplicate keys"
		encoded, _ := json.Marshal(doc)
		// Repeat a key of an object at a random place, with another value.
		s := string(encoded)
		var ats []int
		for at := strings.Index(s, `":`); at >= 0; {
			ats = append(ats, at)
			next := strings.Index(s[at+2:], `":`)
			if next < 0 {
				break
			}
			at += 2 + next
		}
		if len(ats) > 0 {
			at := ats[rng.Intn(len(ats))]
			if keyStart := strings.LastIndex(s[:at], `"`); keyStart >= 0 {
				s = s[:keyStart] + s[keyStart:at+1] + `:"dup",` + s[keyStart:]
			}
		}
		raw = []byte(s)
	case 7:
		what = "protobuf byte flips"
		encoded, _ := json.Marshal(doc)
		obj := t.typed()
		if err := runtime.DecodeInto(api.Codecs.UniversalDecoder(gardencorev1beta1.SchemeGroupVersion), encoded, obj); err == nil {
			obj.GetObjectKind().SetGroupVersionKind(gardencorev1beta1.SchemeGroupVersion.WithKind(t.kind))
			info, _ := runtime.SerializerInfoForMediaType(api.Codecs.SupportedMediaTypes(), protobufType)
			var buf bytes.Buffer
			if err := info.Serializer.Encode(obj, &buf); err == nil {
				raw = buf.Bytes()
				for f := 0; f < 1+rng.Intn(8); f++ {
					raw[4+rng.Intn(len(raw)-4)] ^= byte(1 + rng.Intn(255))
				}
			}
		}
	case 8:
		what = "out-of-range number"
		setRandomLeaf(rng, doc, json.Number([]string{"1e400", "-1e400", "123456789012345678901234567890", "1e-400", "0.0000001e-330"}[rng.Intn(5)]))
	case 9:
		what = "resourceVersion"
		meta["resourceVersion"] = []interface{}{"abc", "-1", "1.5", "99999999999999999999999", "", " 1", "0"}[rng.Intn(7)]
	}
	if raw == nil {
		var err error
		raw, err = json.Marshal(doc)
		Expect(err).NotTo(HaveOccurred())
	}

	// The verb and content type.
	name := fmt.Sprintf("fuzz-%d", i)
	if mutation == 7 {
		if rng.Intn(2) == 0 {
			return http.MethodPost, t.collection, protobufType, raw, what + ", create"
		}
		return http.MethodPut, t.existing(), protobufType, raw, what + ", update"
	}
	switch rng.Intn(6) {
	case 0:
		if mutation != 6 {
			raw = bytes.Replace(raw, []byte(`"name":"fuzz`), []byte(`"name":"`+name+`-fuzz`), 1)
		}
		return http.MethodPost, t.collection, "application/json", raw, what + ", create"
	case 1:
		return http.MethodPut, t.existing(), "application/json", raw, what + ", update"
	case 2:
		return http.MethodPatch, t.existing(), "application/merge-patch+json", raw, what + ", merge patch"
	case 3:
		return http.MethodPatch, t.existing(), "application/strategic-merge-patch+json", raw, what + ", strategic-merge patch"
	case 4:
		if y, err := yaml.JSONToYAML(raw); err == nil && rng.Intn(2) == 0 {
			raw = y
		}
		return http.MethodPatch, t.existing() + "?fieldManager=fuzz&force=true", "application/apply-patch+yaml", raw, what + ", apply"
	default:
		ops := fmt.Sprintf(`[{"op":"replace","path":"/spec","value":%s}]`, string(raw))
		return http.MethodPatch, t.existing(), "application/json-patch+json", []byte(ops), what + ", JSON patch"
	}
}

func deepCopyJSON(in map[string]interface{}) map[string]interface{} {
	data, _ := json.Marshal(in)
	out := map[string]interface{}{}
	_ = json.Unmarshal(data, &out)
	return out
}

// leaves returns setters for every value below the top level of doc, except apiVersion and kind.
func leaves(doc interface{}, depth int) []func(interface{}) {
	var out []func(interface{})
	switch v := doc.(type) {
	case map[string]interface{}:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			if depth == 0 && (k == "apiVersion" || k == "kind") {
				continue
			}
			out = append(out, func(x interface{}) { v[k] = x })
			out = append(out, leaves(v[k], depth+1)...)
		}
	case []interface{}:
		for i := range v {
			out = append(out, func(x interface{}) { v[i] = x })
			out = append(out, leaves(v[i], depth+1)...)
		}
	}
	return out
}

func setRandomLeaf(rng *rand.Rand, doc map[string]interface{}, value interface{}) {
	setters := leaves(doc, 0)
	setters[rng.Intn(len(setters))](value)
}

func flipType(rng *rand.Rand, doc map[string]interface{}) {
	values := []interface{}{"s", 1, -1.5, true, nil, map[string]interface{}{"x": "y"}, []interface{}{1, "a"}, map[string]interface{}{}, []interface{}{}}
	setters := leaves(doc, 0)
	for n := 0; n < 1+rng.Intn(3); n++ {
		setters[rng.Intn(len(setters))](values[rng.Intn(len(values))])
	}
}

// setKeys sets every value under a key named key to value.
func setKeys(rng *rand.Rand, doc interface{}, key string, value interface{}) {
	switch v := doc.(type) {
	case map[string]interface{}:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			item := v[k]
			if k == key && rng.Intn(2) == 0 {
				v[k] = value
				continue
			}
			setKeys(rng, item, key, value)
		}
	case []interface{}:
		for _, item := range v {
			setKeys(rng, item, key, value)
		}
	}
}
