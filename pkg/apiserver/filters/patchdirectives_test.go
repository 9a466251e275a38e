// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/mergepatch"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/utils/ptr"
	kjson "sigs.k8s.io/json"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/apiserver/filters"
	"github.com/gep-78/gardener/test/examples"
)

// storedObject is an example as gardener-apiserver stores it, and its resource.
type storedObject struct {
	resource string
	typed    runtime.Object
}

var storedObjects = map[string]storedObject{
	"CloudProfile":     {"cloudprofiles", storedCloudProfile()},
	"ExtensionProfile": {"extensionprofiles", decodeExample("extensionprofile-shoot-traefik.yaml", &gardencorev1beta1.ExtensionProfile{})},
	"Shoot":            {"shoots", storedShoot()},
	// Lists stored as null: a machine image without versions, and the status before its merge.
	"NamespacedCloudProfile": {"namespacedcloudprofiles", &gardencorev1beta1.NamespacedCloudProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "x", Namespace: "garden-dev", ResourceVersion: "3"},
		Spec: gardencorev1beta1.NamespacedCloudProfileSpec{
			Parent:        gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
			MachineImages: []gardencorev1beta1.MachineImage{{Name: "gardenlinux", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor)}},
		},
	}},
}

func decodeExample(name string, obj runtime.Object) runtime.Object {
	examples.MustDecode(name, obj)
	return obj
}

// storedCloudProfile is the example CloudProfile with capabilities, a map of lists.
func storedCloudProfile() runtime.Object {
	profile := &gardencorev1beta1.CloudProfile{}
	examples.MustDecode("cloudprofile-local.yaml", profile)
	profile.Spec.MachineTypes[0].Capabilities = gardencorev1beta1.Capabilities{"architecture": {"amd64"}}
	return profile
}

// storedShoot is an example Shoot with a finalizer, a merged list of scalars, and a label.
func storedShoot() runtime.Object {
	shoot := &gardencorev1beta1.Shoot{}
	examples.MustDecode("shoot-accepted-falco-traefik.yaml", shoot)
	shoot.Finalizers = []string{"gardener"}
	shoot.Labels = map[string]string{"a": "c"}
	return shoot
}

// strategicMerge merges patch into the stored object as k8s.io/apiserver does and returns the
// status code it would answer a failure with: 0 on success, 400 or 422 for the errors it
// classifies, 500 for any other error or a panic.
func strategicMerge(stored runtime.Object, patch []byte) (code int, err error) {
	defer func() {
		if r := recover(); r != nil {
			code, err = http.StatusInternalServerError, fmt.Errorf("panic: %v", r)
		}
	}()
	original, err := runtime.DefaultUnstructuredConverter.ToUnstructured(stored.DeepCopyObject())
	Expect(err).NotTo(HaveOccurred())
	patchMap := map[string]interface{}{}
	Expect(kjson.UnmarshalCaseSensitivePreserveInts(patch, &patchMap)).To(Succeed())
	_, err = strategicpatch.StrategicMergeMapPatch(original, patchMap, stored)
	switch err {
	case nil:
		return 0, nil
	case mergepatch.ErrBadJSONDoc, mergepatch.ErrBadPatchFormatForPrimitiveList, mergepatch.ErrBadPatchFormatForRetainKeys,
		mergepatch.ErrBadPatchFormatForSetElementOrderList, mergepatch.ErrUnsupportedStrategicMergePatchFormat:
		return http.StatusBadRequest, err
	case mergepatch.ErrNoListOfLists, mergepatch.ErrPatchContentNotMatchRetainKeys:
		return http.StatusUnprocessableEntity, err
	}
	return http.StatusInternalServerError, err
}

// strategicMergeOutcomes merges patch into stored tries times and counts the distinct results.
func strategicMergeOutcomes(stored runtime.Object, patch []byte, tries int) int {
	outcomes := map[string]bool{}
	for range tries {
		original, err := runtime.DefaultUnstructuredConverter.ToUnstructured(stored.DeepCopyObject())
		Expect(err).NotTo(HaveOccurred())
		patchMap := map[string]interface{}{}
		Expect(kjson.UnmarshalCaseSensitivePreserveInts(patch, &patchMap)).To(Succeed())
		merged, err := strategicpatch.StrategicMergeMapPatch(original, patchMap, stored)
		data, _ := json.Marshal(merged)
		outcomes[fmt.Sprintf("%v %s", err, data)] = true
	}
	return len(outcomes)
}

var _ = Describe("WithOpaqueStrategicMerge and patch directives", func() {
	var (
		handler   http.Handler
		forwarded []byte
	)

	BeforeEach(func() {
		kinds := map[schema.GroupResource]schema.GroupVersionKind{}
		for kind, o := range storedObjects {
			kinds[schema.GroupResource{Group: "core.gardener.cloud", Resource: o.resource}] = gardencorev1beta1.SchemeGroupVersion.WithKind(kind)
		}
		handler = WithOpaqueStrategicMerge(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			var err error
			forwarded, err = io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			w.WriteHeader(http.StatusOK)
		}), kinds, func(resource string) rest.Getter {
			for _, o := range storedObjects {
				if o.resource == resource {
					return &getter{obj: o.typed}
				}
			}
			return nil
		}, servedPatchMeta, api.Scheme, api.Codecs)
	})

	// send patches the stored object of kind and returns the answer; the forwarded body on 200.
	send := func(kind, patch string) (int, metav1.Status) {
		forwarded = nil
		o := storedObjects[kind]
		req := httptest.NewRequest(http.MethodPatch, "/apis/core.gardener.cloud/v1beta1/"+o.resource+"/x", strings.NewReader(patch))
		req.Header.Set("Content-Type", "application/strategic-merge-patch+json")
		req = req.WithContext(request.WithRequestInfo(req.Context(), &request.RequestInfo{
			IsResourceRequest: true, Verb: "patch", APIGroup: "core.gardener.cloud", APIVersion: "v1beta1", Resource: o.resource, Name: "x",
		}))
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		status := metav1.Status{}
		if rec.Code != http.StatusOK {
			Expect(json.Unmarshal(rec.Body.Bytes(), &status)).To(Succeed())
		}
		return rec.Code, status
	}

	DescribeTable("refuses with 422 at the field what the library fails on with 500",
		func(kind, patch, fieldPath, detail string) {
			By("the library answers 500")
			code, err := strategicMerge(storedObjects[kind].typed, []byte(patch))
			Expect(code).To(Equal(http.StatusInternalServerError), "%v", err)

			code, status := send(kind, patch)
			Expect(code).To(Equal(http.StatusUnprocessableEntity))
			Expect(status.Details.Causes).To(HaveLen(1))
			Expect(status.Details.Causes[0].Field).To(Equal(fieldPath))
			Expect(status.Details.Causes[0].Message).To(ContainSubstring(detail))
		},
		Entry("a deletion without the key", "CloudProfile", `{"spec":{"kubernetes":{"versions":[{"$patch":"delete"}]}}}`,
			"spec.kubernetes.versions[0].version", "Required value"),
		Entry("a deletion among other items", "ExtensionProfile", `{"spec":{"components":[{"name":"traefik"},{"$patch":"delete"}]}}`,
			"spec.components[1].name", "Required value"),
		Entry(`"$patch": "merge" in a list`, "CloudProfile", `{"spec":{"regions":[{"$patch":"merge","name":"local"}]}}`,
			"spec.regions[0].$patch", `Unsupported value: "merge"`),
		Entry("an unknown $patch in an object", "Shoot", `{"spec":{"kubernetes":{"$patch":"keep"}}}`,
			"spec.kubernetes.$patch", `Unsupported value: "keep"`),
		Entry("a $patch that is no string", "Shoot", `{"spec":{"extensions":[{"type":"shoot-traefik","$patch":1}]}}`,
			`spec.extensions[0].$patch`, "Unsupported value: 1"),
		Entry("an object as merge key, twice", "ExtensionProfile", `{"spec":{"components":[{"name":{"a":1}},{"name":{"a":1}}]}}`,
			"spec.components[0].name", "must be a scalar"),
		Entry("$retainKeys of lists", "Shoot", `{"spec":{"kubernetes":{"$retainKeys":[["version"]],"version":"1.35.6"}}}`,
			"spec.kubernetes.$retainKeys[0]", "must be a field name"),
		Entry("$setElementOrder of an object field", "CloudProfile", `{"spec":{"$setElementOrder/kubernetes":[{"version":"1"}]}}`,
			"spec.$setElementOrder/kubernetes", `"kubernetes" is not a list field`),
		Entry("$setElementOrder of an unknown field", "CloudProfile", `{"spec":{"$setElementOrder/nope":[]}}`,
			"spec.$setElementOrder/nope", `"nope" is not a list field`),
		Entry("$setElementOrder that is no list", "CloudProfile", `{"spec":{"kubernetes":{"$setElementOrder/versions":"x"}}}`,
			"spec.kubernetes.$setElementOrder/versions", "must be a list"),
		Entry("$setElementOrder items without the key", "CloudProfile", `{"spec":{"kubernetes":{"$setElementOrder/versions":[{}]}}}`,
			"spec.kubernetes.$setElementOrder/versions[0]", `must be an object with a scalar "version"`),
		Entry("$setElementOrder in another order than the items", "ExtensionProfile",
			`{"spec":{"$setElementOrder/components":[{"name":"a"},{"name":"traefik"}],"components":[{"name":"traefik"},{"name":"a"}]}}`,
			"spec.$setElementOrder/components", `must list the items of "components" in the order the patch lists them`),
		Entry("$setElementOrder with an empty list", "Shoot", `{"spec":{"provider":{"workers":[{"name":"gl","$setElementOrder/zones":[],"zones":[]}]}}}`,
			"spec.provider.workers[0].zones", "must be a list with items"),
		Entry("$setElementOrder of lists", "Shoot", `{"spec":{"provider":{"workers":[{"name":"gl","$setElementOrder/zones":[["a"]],"zones":["a"]}]}}}`,
			"spec.provider.workers[0].$setElementOrder/zones[0]", "must be a scalar"),
		Entry("$setElementOrder of a list of objects without merge key", "CloudProfile",
			`{"spec":{"machineImages":[{"name":"gardenlinux","versions":[{"version":"1877.8.0","$setElementOrder/cri":[{"name":"containerd"}],"cri":[{"name":"containerd"}]}]}]}}`,
			"spec.machineImages[0].versions[0].$setElementOrder/cri", `"cri" has no merge key`),
		Entry("$deleteFromPrimitiveList of another type", "Shoot", `{"metadata":{"$deleteFromPrimitiveList/finalizers":[1]}}`,
			"metadata.$deleteFromPrimitiveList/finalizers[0]", "must be a string"),
		Entry("a list in a map of lists", "CloudProfile", `{"spec":{"machineTypes":[{"name":"local","capabilities":{"architecture":["arm64"]}}]}}`,
			`spec.machineTypes[0].capabilities[architecture]`, "cannot merge into the entries of this map"),
		Entry("a merged list of scalars of another type", "Shoot", `{"metadata":{"finalizers":[true]}}`,
			"metadata.finalizers[0]", "must be a string"),
	)

	DescribeTable("refuses with 422 a $deleteFromPrimitiveList beside the field it names that the library applies in map order",
		func(patch, fieldPath, detail string) {
			By("the library's result depends on the order it visits the keys in")
			Expect(strategicMergeOutcomes(storedObjects["Shoot"].typed, []byte(patch), 200)).To(BeNumerically(">", 1))

			code, status := send("Shoot", patch)
			Expect(code).To(Equal(http.StatusUnprocessableEntity))
			Expect(status.Details.Causes).To(ConsistOf(And(HaveField("Field", fieldPath), HaveField("Message", ContainSubstring(detail)))))
		},
		Entry("a list of objects with opaque values", `{"spec":{"$deleteFromPrimitiveList/extensions":null,"extensions":[{"type":"shoot-traefik","providerConfig":{"a":[{"b":1}]}}]}}`,
			"spec.$deleteFromPrimitiveList/extensions", `must not be null beside "extensions"`),
		Entry("a list of scalars", `{"metadata":{"$deleteFromPrimitiveList/finalizers":null,"finalizers":["a"]}}`,
			"metadata.$deleteFromPrimitiveList/finalizers", `must not be null beside "finalizers"`),
		Entry("a map entry", `{"metadata":{"labels":{"$deleteFromPrimitiveList/a":null,"a":"b"}}}`,
			"metadata.labels[$deleteFromPrimitiveList/a]", `must not be null beside "a"`),
		Entry("an item the merged list adds", `{"metadata":{"$deleteFromPrimitiveList/finalizers":["a"],"finalizers":["a"]}}`,
			"metadata.$deleteFromPrimitiveList/finalizers[0]", `must not be an item of "finalizers" beside it`),
		Entry("an item the replaced list sets", `{"spec":{"provider":{"workers":[{"name":"gl","$deleteFromPrimitiveList/zones":["a"],"zones":["a"]}]}}}`,
			"spec.provider.workers[0].$deleteFromPrimitiveList/zones[0]", `must not be an item of "zones" beside it`),
		Entry("an unknown field", `{"spec":{"$deleteFromPrimitiveList/zzz":["a"],"zzz":["a"]}}`,
			"spec.$deleteFromPrimitiveList/zzz", `"zzz" is not a field of this object`),
		Entry("a list of another item type", `{"spec":{"provider":{"workers":[{"name":"gl","$deleteFromPrimitiveList/zones":["a"],"zones":[1]}]}}}`,
			"spec.provider.workers[0].zones[0]", "must be a string"),
	)

	DescribeTable("forwards a $deleteFromPrimitiveList beside the field it names where the order does not matter",
		func(patch string) {
			Expect(strategicMergeOutcomes(storedObjects["Shoot"].typed, []byte(patch), 200)).To(Equal(1))
			code, _ := send("Shoot", patch)
			Expect(code).To(Equal(http.StatusOK))
		},
		Entry("kubectl's, with $setElementOrder", `{"metadata":{"$setElementOrder/finalizers":["b"],"$deleteFromPrimitiveList/finalizers":["gardener"],"finalizers":["b"]}}`),
		Entry("null beside a list merged first by $setElementOrder", `{"metadata":{"$setElementOrder/finalizers":["b"],"$deleteFromPrimitiveList/finalizers":null,"finalizers":["b"]}}`),
		Entry("beside a null list", `{"metadata":{"$deleteFromPrimitiveList/finalizers":["gardener"],"finalizers":null}}`),
		Entry("other items than the list's", `{"metadata":{"$deleteFromPrimitiveList/finalizers":["gardener"],"finalizers":["b"]}}`),
		Entry("null beside a null map entry", `{"metadata":{"labels":{"$deleteFromPrimitiveList/a":null,"a":null}}}`),
	)

	It("refuses $deleteFromPrimitiveList of a keyed list, which the library merges instead", func() {
		patch := `{"spec":{"$deleteFromPrimitiveList/components":[{"name":"traefik"}]}}`
		code, err := strategicMerge(storedObjects["ExtensionProfile"].typed, []byte(patch))
		Expect(code).To(BeZero(), "%v", err)

		code, status := send("ExtensionProfile", patch)
		Expect(code).To(Equal(http.StatusUnprocessableEntity))
		Expect(status.Details.Causes[0].Field).To(Equal("spec.$deleteFromPrimitiveList/components"))
		Expect(status.Details.Causes[0].Message).To(ContainSubstring(`"components" is not a list of scalars`))
	})

	DescribeTable("refuses with 422 at the patch what the library fails on with 500 for the stored object",
		func(patch string) {
			code, err := strategicMerge(storedObjects["NamespacedCloudProfile"].typed, []byte(patch))
			Expect(code).To(Equal(http.StatusInternalServerError), "%v", err)

			code, status := send("NamespacedCloudProfile", patch)
			Expect(code).To(Equal(http.StatusUnprocessableEntity))
			Expect(status.Details.Causes).To(ConsistOf(HaveField("Field", "patch")))
		},
		Entry("$setElementOrder of a list stored as null", `{"spec":{"machineImages":[{"name":"gardenlinux","$setElementOrder/versions":[{"version":"1.0.0"}],"versions":[{"version":"1.0.0"}]}]}}`),
		Entry("$setElementOrder of a status list stored as null", `{"status":{"cloudProfileSpec":{"$setElementOrder/regions":[]}}}`),
	)

	DescribeTable("forwards what the library merges",
		func(kind, patch string) {
			code, _ := send(kind, patch)
			Expect(code).To(Equal(http.StatusOK))
			code, err := strategicMerge(storedObjects[kind].typed, forwarded)
			Expect(code).To(BeZero(), "%v", err)
		},
		Entry("a list replaced by its other items", "CloudProfile", `{"spec":{"kubernetes":{"versions":[{"$patch":"replace"},{"version":"1.36.3"}]}}}`),
		Entry("a list replaced by nothing", "ExtensionProfile", `{"spec":{"components":[{"$patch":"replace"}]}}`),
		Entry("a deletion by key", "CloudProfile", `{"spec":{"kubernetes":{"versions":[{"$patch":"delete","version":"1.36.3"}]}}}`),
		Entry("an object replaced", "Shoot", `{"spec":{"kubernetes":{"$patch":"replace","version":"1.35.6"}}}`),
		Entry("$retainKeys listing the patch's fields", "Shoot", `{"spec":{"kubernetes":{"$retainKeys":["version"],"version":"1.35.6"}}}`),
		Entry("kubectl apply's $setElementOrder", "ExtensionProfile",
			`{"spec":{"$setElementOrder/components":[{"name":"a"},{"name":"traefik"}],"components":[{"name":"a","versions":[{"version":"1.0.0"}]}]}}`),
		Entry("$setElementOrder of a list of scalars", "Shoot", `{"metadata":{"$setElementOrder/finalizers":["b","a"],"finalizers":["b","a"]}}`),
		Entry("$deleteFromPrimitiveList of strings", "Shoot", `{"metadata":{"$deleteFromPrimitiveList/finalizers":["a"]}}`),
		Entry("a null $deleteFromPrimitiveList alone, which deletes the list", "Shoot", `{"metadata":{"$deleteFromPrimitiveList/finalizers":null}}`),
	)

	It("forwards no patch with a directive in a keyed list that the library fails on, and refuses the others at a field", func() {
		for kind, o := range storedObjects {
			original, err := runtime.DefaultUnstructuredConverter.ToUnstructured(o.typed)
			Expect(err).NotTo(HaveOccurred())
			for _, patch := range directivePatches(original, reflect.TypeOf(o.typed).Elem()) {
				code, status := send(kind, patch)
				if code != http.StatusOK {
					Expect(code).To(Equal(http.StatusUnprocessableEntity), patch)
					Expect(status.Details.Causes).NotTo(BeEmpty(), patch)
					Expect(status.Details.Causes[0].Field).NotTo(BeEmpty(), patch)
					continue
				}
				code, err := strategicMerge(o.typed, forwarded)
				Expect(code).NotTo(Equal(http.StatusInternalServerError), "%s: %v", patch, err)
			}
		}
	})
})

// directivePatches returns patches that put each directive into each keyed list of the stored
// object (found from the Go type's patch merge keys), at the list and in its parent.
func directivePatches(stored map[string]interface{}, t reflect.Type) []string {
	var patches []string
	var walk func(value interface{}, t reflect.Type, wrap func(interface{}) interface{})
	walk = func(value interface{}, t reflect.Type, wrap func(interface{}) interface{}) {
		for t.Kind() == reflect.Ptr {
			t = t.Elem()
		}
		m, ok := value.(map[string]interface{})
		if !ok || t.Kind() != reflect.Struct {
			return
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if f.Anonymous && name == "" {
				walk(value, f.Type, wrap)
				continue
			}
			fieldValue, present := m[name]
			if !present {
				continue
			}
			child := func(v interface{}) interface{} { return wrap(map[string]interface{}{name: v}) }
			mergeKey := f.Tag.Get("patchMergeKey")
			items, isList := fieldValue.([]interface{})
			if !isList {
				walk(fieldValue, f.Type, child)
				continue
			}
			if mergeKey == "" {
				continue
			}
			var key interface{} = "x"
			if len(items) > 0 {
				if item, ok := items[0].(map[string]interface{}); ok {
					key = item[mergeKey]
				}
			}
			for _, p := range directiveVariants(name, mergeKey, key) {
				data, err := json.Marshal(wrap(p))
				Expect(err).NotTo(HaveOccurred())
				patches = append(patches, string(data))
			}
			for _, item := range items {
				if item, ok := item.(map[string]interface{}); ok {
					k := item[mergeKey]
					walk(item, f.Type.Elem(), func(v interface{}) interface{} {
						v.(map[string]interface{})[mergeKey] = k
						return child([]interface{}{v})
					})
				}
			}
		}
	}
	walk(stored, t, func(v interface{}) interface{} { return v })
	return patches
}

// directiveVariants returns parent maps with directives for the list field name merged by
// mergeKey, of which key is a stored value.
func directiveVariants(name, mergeKey string, key interface{}) []map[string]interface{} {
	item := func(kv ...interface{}) map[string]interface{} {
		m := map[string]interface{}{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	list := func(items ...interface{}) map[string]interface{} { return map[string]interface{}{name: items} }
	var out []map[string]interface{}
	for _, directive := range []interface{}{"delete", "replace", "merge", "bogus", 1, nil} {
		out = append(out, list(item("$patch", directive)), list(item("$patch", directive, mergeKey, key)),
			list(item(mergeKey, key), item("$patch", directive)))
	}
	for _, keys := range []interface{}{[]interface{}{mergeKey}, []interface{}{}, []interface{}{[]interface{}{1}}, "x", nil} {
		out = append(out, list(item(mergeKey, key, "$retainKeys", keys)))
	}
	for _, order := range []interface{}{
		[]interface{}{item(mergeKey, key)}, []interface{}{item(mergeKey, "other"), item(mergeKey, key)}, []interface{}{item()},
		[]interface{}{1}, []interface{}{[]interface{}{1}}, []interface{}{}, "x", nil,
	} {
		for _, with := range []map[string]interface{}{{}, list(item(mergeKey, key)), list(item(mergeKey, key), item(mergeKey, "other")), list()} {
			p := map[string]interface{}{"$setElementOrder/" + name: order}
			for k, v := range with {
				p[k] = v
			}
			out = append(out, p)
		}
	}
	for _, values := range []interface{}{[]interface{}{key}, []interface{}{item(mergeKey, key)}, nil, "x"} {
		out = append(out, map[string]interface{}{"$deleteFromPrimitiveList/" + name: values})
	}
	return out
}
