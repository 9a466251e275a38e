// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package opaquevalues_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	jsonpatch "github.com/evanphx/json-patch/v5"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/kube-openapi/pkg/spec3"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/merge"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

// The oracles compute what each write path's own semantics say the stored object becomes, with
// the libraries that define them, from the object as stored before the write and the OpenAPI v3
// the server serves (the patch meta kubectl reads, the schema server-side apply merges with).

// served is the OpenAPI v3 of core.gardener.cloud/v1beta1 as kube-apiserver serves it.
type served struct {
	doc       *spec3.OpenAPI
	converter managedfields.TypeConverter
}

func newServed(raw []byte) (*served, error) {
	doc := &spec3.OpenAPI{}
	if err := json.Unmarshal(raw, doc); err != nil {
		return nil, err
	}
	converter, err := managedfields.NewTypeConverter(doc.Components.Schemas, false)
	if err != nil {
		return nil, err
	}
	return &served{doc: doc, converter: converter}, nil
}

// patchMeta is the strategic-merge patch meta of gvk, found as kubectl finds it.
func (s *served) patchMeta(gvk schema.GroupVersionKind) strategicpatch.LookupPatchMeta {
	for _, model := range s.doc.Components.Schemas {
		var kinds []schema.GroupVersionKind
		if model.Extensions.GetObject("x-kubernetes-group-version-kind", &kinds) == nil && slices.Contains(kinds, gvk) {
			return strategicpatch.PatchMetaFromOpenAPIV3{Schema: model, SchemaList: s.doc.Components.Schemas}
		}
	}
	Fail(fmt.Sprintf("the served OpenAPI v3 has no model of %s", gvk))
	return nil
}

// strategic is the result of a strategic-merge patch (kubectl patch --type=strategic).
func (s *served) strategic(gvk schema.GroupVersionKind, live, patch map[string]interface{}) map[string]interface{} {
	out, err := strategicpatch.StrategicMergePatchUsingLookupPatchMeta(mustJSON(live), mustJSON(patch), s.patchMeta(gvk))
	Expect(err).NotTo(HaveOccurred())
	return fromJSON(out)
}

// clientSideApply is the result of kubectl apply: its three-way patch from the last applied
// configuration, the manifest and the live object, merged into the live object.
func (s *served) clientSideApply(gvk schema.GroupVersionKind, live, manifest map[string]interface{}) map[string]interface{} {
	annotations, _, _ := unstructured.NestedStringMap(live, "metadata", "annotations")
	original := annotations["kubectl.kubernetes.io/last-applied-configuration"]
	Expect(original).NotTo(BeEmpty())
	patch, err := strategicpatch.CreateThreeWayMergePatch([]byte(original), mustJSON(manifest), mustJSON(live), s.patchMeta(gvk), true)
	Expect(err).NotTo(HaveOccurred())
	return s.strategic(gvk, live, fromJSON(patch))
}

// mergePatch is the result of a JSON merge patch (RFC 7386).
func mergePatch(live, patch map[string]interface{}) map[string]interface{} {
	out, err := jsonpatch.MergePatch(mustJSON(live), mustJSON(patch))
	Expect(err).NotTo(HaveOccurred())
	return fromJSON(out)
}

// jsonPatch is the result of a JSON patch (RFC 6902).
func jsonPatch(live map[string]interface{}, ops []interface{}) map[string]interface{} {
	patch, err := jsonpatch.DecodePatch(mustJSON(ops))
	Expect(err).NotTo(HaveOccurred())
	out, err := patch.Apply(mustJSON(live))
	Expect(err).NotTo(HaveOccurred())
	return fromJSON(out)
}

// errConflict is the oracle's answer to an apply that conflicts with another manager.
var errConflict = errors.New("conflict")

// serverSideApply is the result of manager applying config with structured-merge-diff, given
// the managers recorded in the live object's managedFields.
func (s *served) serverSideApply(live, config map[string]interface{}, manager, subresource string, force bool) (map[string]interface{}, error) {
	object := deepCopy(live).(map[string]interface{})
	entries, _, _ := unstructured.NestedSlice(object, "metadata", "managedFields")
	unstructured.RemoveNestedField(object, "metadata", "managedFields")
	managers := fieldpath.ManagedFields{}
	for _, e := range entries {
		entry := e.(map[string]interface{})
		set := &fieldpath.Set{}
		Expect(set.FromJSON(bytes.NewReader(mustJSON(entry["fieldsV1"])))).To(Succeed())
		id := managerID(entry["manager"], entry["operation"], entry["subresource"])
		managers[id] = fieldpath.NewVersionedSet(set, fieldpath.APIVersion(entry["apiVersion"].(string)), entry["operation"] == "Apply")
	}
	liveTyped, err := s.converter.ObjectToTyped(&unstructured.Unstructured{Object: object}, typed.AllowDuplicates)
	Expect(err).NotTo(HaveOccurred())
	configTyped, err := s.converter.ObjectToTyped(&unstructured.Unstructured{Object: config})
	Expect(err).NotTo(HaveOccurred())
	updater := merge.Updater{Converter: sameVersion{}}
	version := fieldpath.APIVersion(object["apiVersion"].(string))
	out, _, err := updater.Apply(liveTyped, configTyped, version, managers, managerID(manager, "Apply", subresource), force)
	if conflicts := (merge.Conflicts{}); errors.As(err, &conflicts) {
		return nil, errConflict
	}
	Expect(err).NotTo(HaveOccurred())
	if out == nil {
		return live, nil
	}
	return normalize(out.AsValue().Unstructured()).(map[string]interface{}), nil
}

// managerID identifies a manager by name, operation and subresource, as the server does.
func managerID(manager, operation, subresource interface{}) string {
	if subresource == nil {
		subresource = ""
	}
	return fmt.Sprintf("%v/%v/%v", manager, operation, subresource)
}

// sameVersion converts between the one version the objects have.
type sameVersion struct{}

func (sameVersion) Convert(object *typed.TypedValue, _ fieldpath.APIVersion) (*typed.TypedValue, error) {
	return object, nil
}

func (sameVersion) IsMissingVersionError(error) bool { return false }

func mustJSON(v interface{}) []byte {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return raw
}

func fromJSON(raw []byte) map[string]interface{} {
	var out map[string]interface{}
	Expect(json.Unmarshal(raw, &out)).To(Succeed())
	return out
}

// normalize is v as encoding/json decodes it (numbers as float64), so that results compare.
func normalize(v interface{}) interface{} {
	var out interface{}
	if err := json.Unmarshal(mustJSON(v), &out); err != nil {
		panic(err)
	}
	return out
}
