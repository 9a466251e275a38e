// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

// AnnotationComponents summarises spec.components as "<name>=<version>,..." for kubectl's Components
// column, which cannot print a list.
const AnnotationComponents = "extensions.gardener.cloud/components"

// ComponentChanges describes how resolved components changed, e.g. "falco 0.42.1 -> 0.44.1",
// "falco none -> 0.44.1", "falco 0.44.1 (providerConfig changed)".
func ComponentChanges(old, updated []extensionsv1alpha1.ExtensionComponent) []string {
	var changes []string
	for _, component := range updated {
		i := slices.IndexFunc(old, func(c extensionsv1alpha1.ExtensionComponent) bool { return sameEntry(c, component) })
		switch {
		case i < 0:
			changes = append(changes, fmt.Sprintf("%s none -> %s", entryName(component), component.Version))
		case old[i].Version != component.Version:
			changes = append(changes, fmt.Sprintf("%s %s -> %s", entryName(component), old[i].Version, component.Version))
		case !RawEqual(old[i].ProviderConfig, component.ProviderConfig):
			changes = append(changes, fmt.Sprintf("%s %s (providerConfig changed)", entryName(component), component.Version))
		}
	}
	for _, component := range old {
		if !slices.ContainsFunc(updated, func(c extensionsv1alpha1.ExtensionComponent) bool { return sameEntry(c, component) }) {
			changes = append(changes, fmt.Sprintf("%s %s -> none", entryName(component), component.Version))
		}
	}
	return changes
}

func sameEntry(a, b extensionsv1alpha1.ExtensionComponent) bool {
	return a.Name == b.Name && a.WorkerPool == b.WorkerPool
}

// entryName is the component's name, with "[<pool>]" for a pool's override.
func entryName(c extensionsv1alpha1.ExtensionComponent) string {
	if c.WorkerPool == "" {
		return c.Name
	}
	return c.Name + "[" + c.WorkerPool + "]"
}

// setComponentsAnnotation sets AnnotationComponents from spec.components.
func setComponentsAnnotation(ext *extensionsv1alpha1.Extension) {
	if len(ext.Spec.Components) == 0 {
		delete(ext.Annotations, AnnotationComponents)
		return
	}
	metav1.SetMetaDataAnnotation(&ext.ObjectMeta, AnnotationComponents, formatComponents(ext.Spec.Components))
}

func formatComponents(components []extensionsv1alpha1.ExtensionComponent) string {
	parts := make([]string, 0, len(components))
	for _, c := range components {
		parts = append(parts, entryName(c)+"="+c.Version)
	}
	return strings.Join(parts, ",")
}

// specEqual compares two Extension specs, the opaque providerConfigs as JSON values.
func specEqual(a, b extensionsv1alpha1.ExtensionSpec) bool {
	return a.Type == b.Type && reflect.DeepEqual(a.Class, b.Class) && RawEqual(a.ProviderConfig, b.ProviderConfig) && ComponentsEqual(a.Components, b.Components)
}

// ComponentsEqual compares two spec.components lists in order, the providerConfigs as JSON values.
func ComponentsEqual(a, b []extensionsv1alpha1.ExtensionComponent) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameEntry(a[i], b[i]) || a[i].Version != b[i].Version || !RawEqual(a[i].ProviderConfig, b[i].ProviderConfig) {
			return false
		}
	}
	return true
}

// RawEqual compares two opaque configurations as JSON values; empty and null are equal.
func RawEqual(a, b *runtime.RawExtension) bool {
	aj, bj := rawJSON(a), rawJSON(b)
	if aj == nil || bj == nil {
		return aj == nil && bj == nil
	}
	if bytes.Equal(aj, bj) {
		return true
	}
	var av, bv any
	if json.Unmarshal(aj, &av) != nil || json.Unmarshal(bj, &bv) != nil {
		return false
	}
	return reflect.DeepEqual(av, bv)
}

// IsEmptyRaw reports whether raw holds no value: nil, empty or JSON null.
func IsEmptyRaw(raw *runtime.RawExtension) bool {
	return raw == nil || (raw.Object == nil && (len(raw.Raw) == 0 || string(raw.Raw) == "null"))
}

// rawJSON returns the JSON of a RawExtension, or nil when it is empty.
func rawJSON(raw *runtime.RawExtension) []byte {
	if IsEmptyRaw(raw) {
		return nil
	}
	if len(raw.Raw) > 0 {
		return raw.Raw
	}
	data, err := json.Marshal(raw.Object)
	if err != nil {
		return nil
	}
	return data
}
