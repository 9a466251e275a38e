// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package opaquevalues_test

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"reflect"

	jsonpatch "github.com/evanphx/json-patch/v5"
	"github.com/google/go-cmp/cmp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// writePath is a way a client writes an object; status is whether it also writes through the
// status subresource (client-side apply does not: kubectl allows --subresource only with
// --server-side).
type writePath struct {
	name   string
	status bool
	run    func(c opaqueCase, name string)
}

var writePaths = []writePath{
	{"client-side apply (kubectl apply)", false, clientSideApply},
	{"strategic merge patch", true, strategicMergePatch},
	{"JSON merge patch", true, jsonMergePatch},
	{"JSON patch", true, jsonPatchWrite},
	{"server-side apply by two managers", true, serverSideApplies},
	{"update", true, update},
}

var _ = Describe("Writes of every RawExtension of every served resource", func() {
	objects := 0
	for _, kind := range servedKinds() {
		if fixtureFile(kind) == "" {
			It(kind+" has a fixture", func() { Fail("add testdata/" + kind + ".yaml (lowercase) for the served kind " + kind) })
			continue
		}
		fixture := fixture(kind)
		t, _ := api.Scheme.New(gardencorev1beta1.SchemeGroupVersion.WithKind(kind))
		entries := []interface{}{func(c opaqueCase, w writePath) {
			objects++
			w.run(c, fmt.Sprintf("o%d", objects))
		}}
		for _, path := range opaquePaths(reflect.TypeOf(t).Elem()) {
			inst, ok := resolve(fixture, path)
			if !ok {
				It(fmt.Sprintf("%s: the fixture reaches %s", kind, path), func() {
					Fail(fmt.Sprintf("testdata of %s has no object on the way to %s: add one, with a sibling in each keyed list", kind, path))
				})
				continue
			}
			for _, c := range casesOf(kind, path, inst) {
				for _, w := range writePaths {
					if c.status() && !w.status {
						continue
					}
					entries = append(entries, Entry(fmt.Sprintf("%s, by %s", c, w.name), c, w))
				}
			}
		}
		DescribeTable(kind, entries...)
	}
})

func gvkOf(obj map[string]interface{}) schema.GroupVersionKind {
	return schema.FromAPIVersionAndKind(obj["apiVersion"].(string), obj["kind"].(string))
}

func clientSideApply(c opaqueCase, name string) {
	base, target := c.manifests(name)
	base["metadata"].(map[string]interface{})["annotations"] = map[string]interface{}{
		"kubectl.kubernetes.io/last-applied-configuration": string(mustJSON(base)),
	}
	client, _ := clientFor(base)
	live := createWithStatus(c.kind, base)
	expected := openAPI.clientSideApply(gvkOf(live), live, target)
	cmd := exec.CommandContext(ctx, kubectlPath, "--kubeconfig", kubeconfig, "--cache-dir", kubectlCache, "apply", "-f", "-")
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stderr = bytes.NewReader(mustJSON(target)), &stderr
	if err := cmd.Run(); err != nil {
		refusedAsUpdate(c, client, live, expected, stderr.String())
		return
	}
	expectStored(c, client, live, expected, nil)
}

func strategicMergePatch(c opaqueCase, name string) {
	base, target := c.manifests(name)
	client, _ := clientFor(base)
	live := createWithStatus(c.kind, base)
	patch := c.sparse(target, 0, true).(map[string]interface{})
	expected := openAPI.strategic(gvkOf(live), live, patch)
	_, err := client.Patch(ctx, name, types.StrategicMergePatchType, mustJSON(patch), metav1.PatchOptions{}, c.subresources()...)
	expectStored(c, client, live, expected, err)
}

func jsonMergePatch(c opaqueCase, name string) {
	base, target := c.manifests(name)
	client, _ := clientFor(base)
	live := createWithStatus(c.kind, base)
	patch, err := jsonpatch.CreateMergePatch(mustJSON(live), mustJSON(c.targetOf(live, target)))
	Expect(err).NotTo(HaveOccurred())
	expected := mergePatch(live, fromJSON(patch))
	_, err = client.Patch(ctx, name, types.MergePatchType, patch, metav1.PatchOptions{}, c.subresources()...)
	expectStored(c, client, live, expected, err)
}

func jsonPatchWrite(c opaqueCase, name string) {
	base, target := c.manifests(name)
	client, _ := clientFor(base)
	live := createWithStatus(c.kind, base)
	ops := c.jsonPatchOps(live, target)
	expected := jsonPatch(live, ops)
	_, err := client.Patch(ctx, name, types.JSONPatchType, mustJSON(ops), metav1.PatchOptions{}, c.subresources()...)
	expectStored(c, client, live, expected, err)
}

func update(c opaqueCase, name string) {
	base, target := c.manifests(name)
	client, _ := clientFor(base)
	live := createWithStatus(c.kind, base)
	expected := c.targetOf(live, target)
	expectStored(c, client, live, expected, put(c, client, expected))
}

// serverSideApplies has the manager "owner" apply the object before the write, and then "editor"
// and "owner" apply, each step checked against structured-merge-diff: the editor sets the value
// (then with --force-conflicts), or shares it, the owner drops it, and the editor lets it go.
func serverSideApplies(c opaqueCase, name string) {
	base, target := c.manifests(name)
	client, _ := clientFor(base)
	identity := map[string]interface{}{"apiVersion": base["apiVersion"], "kind": c.kind, "metadata": deepCopy(base["metadata"])}
	ownerConfig := func(manifest map[string]interface{}) map[string]interface{} {
		if !c.status() {
			return manifest
		}
		config := deepCopy(identity).(map[string]interface{})
		config["status"] = deepCopy(manifest["status"])
		return config
	}
	editorConfig := func(manifest map[string]interface{}) map[string]interface{} {
		config := deepCopy(identity).(map[string]interface{})
		for k, v := range c.sparse(manifest, 0, false).(map[string]interface{}) {
			config[k] = v
		}
		return config
	}
	apply := func(manager string, config map[string]interface{}, force bool) error {
		_, err := client.Patch(ctx, name, types.ApplyPatchType, mustJSON(config), metav1.PatchOptions{FieldManager: manager, Force: &force}, c.subresources()...)
		return err
	}

	if c.status() {
		spec := deepCopy(base).(map[string]interface{})
		delete(spec, "status")
		_, err := client.Create(ctx, &unstructured.Unstructured{Object: spec}, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
	}
	Expect(apply("owner", ownerConfig(base), false)).To(Succeed())

	type applyStep struct {
		manager string
		config  map[string]interface{}
		force   bool
	}
	var steps []applyStep
	switch {
	case c.op == "remove" && c.newItem < 0:
		steps = []applyStep{{"editor", editorConfig(base), false}, {"owner", ownerConfig(target), false}, {"editor", identity, false}}
	case c.op == "remove":
		steps = []applyStep{{"owner", ownerConfig(target), false}}
	default:
		steps = []applyStep{{"editor", editorConfig(target), false}, {"editor", editorConfig(target), true}}
	}
	for _, s := range steps {
		live := get(client, name)
		subresource := ""
		if c.status() {
			subresource = "status"
		}
		expected, conflict := openAPI.serverSideApply(live, s.config, s.manager, subresource, s.force)
		err := apply(s.manager, s.config, s.force)
		if conflict != nil {
			By(s.manager + " conflicts, as structured-merge-diff says")
			Expect(apierrors.IsConflict(err)).To(BeTrue(), "%s: %s applying %v must conflict, got %v", c, s.manager, s.config, err)
			expectContent(c, get(client, name), live)
			continue
		}
		expectStored(c, client, live, expected, err)
	}
}

// expectStored checks a write's outcome: the stored object is the expected one, or the write was
// refused as the update to the expected object is.
func expectStored(c opaqueCase, client dynamic.ResourceInterface, live, expected map[string]interface{}, err error) {
	if err != nil {
		refusedAsUpdate(c, client, live, expected, err.Error())
		return
	}
	expectContent(c, get(client, live["metadata"].(map[string]interface{})["name"].(string)), expected)
}

// expectContent checks that stored has the spec and status of expected, the difference
// reported as a diff (-expected +stored).
func expectContent(c opaqueCase, stored, expected map[string]interface{}) {
	Expect(cmp.Diff(content(expected), content(stored))).To(BeEmpty(), "%s (-expected +stored)", c)
}

// refusedAsUpdate checks a refused write: only adding or removing a list item may be refused (by
// an update rule on the result), and then the update to the expected object is refused for the
// same causes, and the object is unchanged.
func refusedAsUpdate(c opaqueCase, client dynamic.ResourceInterface, live, expected map[string]interface{}, message string) {
	Expect(c.newItem).To(BeNumerically(">=", 0), "%s was refused: %s", c, message)
	By("refused as the update to the result is: " + message)
	object := deepCopy(expected).(map[string]interface{})
	metadata := object["metadata"].(map[string]interface{})
	delete(metadata, "managedFields")
	metadata["resourceVersion"] = live["metadata"].(map[string]interface{})["resourceVersion"]
	err := put(c, client, object)
	Expect(err).To(HaveOccurred(), "%s was refused (%s), the update to its result is not", c, message)
	var status apierrors.APIStatus
	Expect(errors.As(err, &status)).To(BeTrue(), err.Error())
	// kubectl words the message of an Invalid error its own way; its causes are the same.
	Expect(status.Status().Details).NotTo(BeNil(), err.Error())
	for _, cause := range status.Status().Details.Causes {
		Expect(message).To(ContainSubstring(cause.Field+": "+cause.Message), c.String())
	}
	expectContent(c, get(client, metadata["name"].(string)), live)
}

func put(c opaqueCase, client dynamic.ResourceInterface, object map[string]interface{}) error {
	obj := &unstructured.Unstructured{Object: deepCopy(object).(map[string]interface{})}
	var err error
	if c.status() {
		_, err = client.UpdateStatus(ctx, obj, metav1.UpdateOptions{})
	} else {
		_, err = client.Update(ctx, obj, metav1.UpdateOptions{})
	}
	return err
}

// content is what a write of spec or status changes. Empty lists are dropped: the API's lists are
// omitempty, so removing a list's last item stores no list.
func content(obj map[string]interface{}) map[string]interface{} {
	return map[string]interface{}{"spec": withoutEmptyLists(obj["spec"]), "status": withoutEmptyLists(obj["status"])}
}

func withoutEmptyLists(v interface{}) interface{} {
	switch v := v.(type) {
	case map[string]interface{}:
		out := make(map[string]interface{}, len(v))
		for k, item := range v {
			if list, ok := item.([]interface{}); ok && len(list) == 0 {
				continue
			}
			out[k] = withoutEmptyLists(item)
		}
		return out
	case []interface{}:
		out := make([]interface{}, len(v))
		for i, item := range v {
			out[i] = withoutEmptyLists(item)
		}
		return out
	}
	return v
}
