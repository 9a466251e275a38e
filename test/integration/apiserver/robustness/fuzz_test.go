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
	"reflect"
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

// fuzzSeeds is how many seeds one run fuzzes with: the Ginkgo seed N (--ginkgo.seed) and N+1 ...
// N+fuzzSeeds-1, each with its own stream of bodiesPerSeed mutated bodies, so that a failure is
// repeated by running the suite with the seed it names.
const (
	fuzzSeeds     = 5
	bodiesPerSeed = 300
)

// fuzzedRequest is one request of the fuzzer.
type fuzzedRequest struct {
	method, path, contentType string
	body                      []byte
	what                      string
}

var _ = Describe("fuzzed bodies", Ordered, ContinueOnFailure, func() {
	var targets []fuzzTarget

	BeforeAll(func() {
		targets = fuzzTargets()
		for _, t := range targets {
			body, err := json.Marshal(t.object)
			Expect(err).NotTo(HaveOccurred())
			r := send(http.MethodPost, t.collection, "application/json", body)
			Expect(r.code).To(Equal(http.StatusCreated), "%s: %s", t.kind, r.body)
		}
	})

	It("derives the same requests from the same seed", func() {
		generate := func() []string {
			rng := rand.New(rand.NewSource(GinkgoRandomSeed()))
			var out []string
			for i := 0; i < 60; i++ {
				for _, r := range fuzzRequests(rng, targets[i%len(targets)], i) {
					out = append(out, fmt.Sprintf("%s %s %s %s %x", r.method, r.path, r.contentType, r.what, sha256.Sum256(r.body)))
				}
			}
			return out
		}
		Expect(generate()).To(Equal(generate()))
	})

	for offset := int64(0); offset < fuzzSeeds; offset++ {
		It(fmt.Sprintf("answers none of %d mutated bodies of seed N+%d with 5xx, nor through another verb, and logs no panic", bodiesPerSeed, offset), func() {
			seed := GinkgoRandomSeed() + offset
			rng := rand.New(rand.NewSource(seed))
			By(fmt.Sprintf("seed %d (--ginkgo.seed=%d)", seed, GinkgoRandomSeed()))

			var failures []string
			codes := map[int]int{}
			for i := 0; i < bodiesPerSeed; i++ {
				for _, req := range fuzzRequests(rng, targets[i%len(targets)], i) {
					r := send(req.method, req.path, req.contentType, req.body)
					codes[r.code]++
					if r.code >= 500 {
						failures = append(failures, fmt.Sprintf("%s %s %s (%s): %d %.300s\n  body: %.300q", req.method, req.path, req.contentType, req.what, r.code, r.body, req.body))
					}
				}
			}
			GinkgoWriter.Printf("seed %d, answers by status: %v\n", seed, codes)
			Expect(failures).To(BeEmpty(), "seed %d (--ginkgo.seed=%d)", seed, GinkgoRandomSeed())
			Expect(panics.Lines()).To(BeEmpty(), "seed %d", seed)
		})
	}
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
		{kind: "NamespacedCloudProfile", object: decodeJSON([]byte(namespacedCloudProfileJSON)),
			collection: namespacedPath("namespacedcloudprofiles", ""), existing: func() string { return namespacedPath("namespacedcloudprofiles", "fuzz-local") },
			typed: func() runtime.Object { return &gardencorev1beta1.NamespacedCloudProfile{} }},
	}
}

// namespacedCloudProfileJSON extends the suite's CloudProfile local.
const namespacedCloudProfileJSON = `{"apiVersion":"core.gardener.cloud/v1beta1","kind":"NamespacedCloudProfile",` +
	`"metadata":{"name":"fuzz-local","namespace":"` + namespace + `"},"spec":{"parent":{"kind":"CloudProfile","name":"local"},` +
	`"kubernetes":{"versions":[{"version":"1.36.3","expirationDate":"2027-06-30T00:00:00Z"}]},` +
	`"machineTypes":[{"name":"fuzz-large","cpu":"4","gpu":"0","memory":"16Gi","usable":true}]}}`

// fuzzRequests returns a mutated request for t; a reference or directive mutation through every
// verb.
func fuzzRequests(rng *rand.Rand, t fuzzTarget, i int) []fuzzedRequest {
	GinkgoHelper()
	doc := deepCopyJSON(t.object)
	meta := doc["metadata"].(map[string]interface{})
	mutation := rng.Intn(12)
	var raw, jsonPatch []byte
	var what string
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
	case 10:
		path, name := setReference(rng, doc, reflect.TypeOf(t.typed()))
		what = fmt.Sprintf("reference %s = %q", path.jsonPointer(), name)
		jsonPatch = mustMarshal([]interface{}{map[string]interface{}{"op": "add", "path": path.jsonPointer(), "value": name}})
	case 11:
		what = setDirective(rng, doc, reflect.TypeOf(t.typed()))
		jsonPatch = mustMarshal([]interface{}{map[string]interface{}{"op": "replace", "path": "/spec", "value": doc["spec"]}})
	}
	if raw == nil {
		var err error
		raw, err = json.Marshal(doc)
		Expect(err).NotTo(HaveOccurred())
	}

	if mutation == 7 {
		if rng.Intn(2) == 0 {
			return []fuzzedRequest{{http.MethodPost, t.collection, protobufType, raw, what + ", create"}}
		}
		return []fuzzedRequest{{http.MethodPut, t.existing(), protobufType, raw, what + ", update"}}
	}
	if jsonPatch == nil {
		return []fuzzedRequest{t.request(rng, rng.Intn(6), raw, mutation != 6, nil, i, what)}
	}
	out := make([]fuzzedRequest, 0, 6)
	for verb := 0; verb < 6; verb++ {
		out = append(out, t.request(rng, verb, raw, true, jsonPatch, i, what))
	}
	return out
}

// request sends raw to t by verb: create (renamed unless the body is no valid JSON), update,
// merge, strategic-merge, apply or JSON patch (jsonPatch, else raw as the spec).
func (t fuzzTarget) request(rng *rand.Rand, verb int, raw []byte, rename bool, jsonPatch []byte, i int, what string) fuzzedRequest {
	switch verb {
	case 0:
		if rename {
			raw = bytes.Replace(raw, []byte(`"name":"fuzz`), []byte(fmt.Sprintf(`"name":"fuzz-%d-fuzz`, i)), 1)
		}
		return fuzzedRequest{http.MethodPost, t.collection, "application/json", raw, what + ", create"}
	case 1:
		return fuzzedRequest{http.MethodPut, t.existing(), "application/json", raw, what + ", update"}
	case 2:
		return fuzzedRequest{http.MethodPatch, t.existing(), "application/merge-patch+json", raw, what + ", merge patch"}
	case 3:
		return fuzzedRequest{http.MethodPatch, t.existing(), "application/strategic-merge-patch+json", raw, what + ", strategic-merge patch"}
	case 4:
		if y, err := yaml.JSONToYAML(raw); err == nil && rng.Intn(2) == 0 {
			raw = y
		}
		return fuzzedRequest{http.MethodPatch, t.existing() + "?fieldManager=fuzz&force=true", "application/apply-patch+yaml", raw, what + ", apply"}
	default:
		if jsonPatch == nil {
			jsonPatch = []byte(fmt.Sprintf(`[{"op":"replace","path":"/spec","value":%s}]`, string(raw)))
		}
		return fuzzedRequest{http.MethodPatch, t.existing(), "application/json-patch+json", jsonPatch, what + ", JSON patch"}
	}
}

func mustMarshal(v interface{}) []byte {
	GinkgoHelper()
	data, err := json.Marshal(v)
	Expect(err).NotTo(HaveOccurred())
	return data
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
