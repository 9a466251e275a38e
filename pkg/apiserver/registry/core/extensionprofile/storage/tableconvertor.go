// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package storage

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metatable "k8s.io/apimachinery/pkg/api/meta/table"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/registry/rest"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// unknown is printed for the counts of a profile not classified yet; 0 would claim there are none.
const unknown = "<unknown>"

var swaggerMetadataDescriptions = metav1.ObjectMeta{}.SwaggerDoc()

type convertor struct {
	headers []metav1.TableColumnDefinition
}

// newTableConvertor prints the name, the extension kind, the components, per classification the number of versions
// (name=count per component when there are several), and the age; -o wide adds the next transitions.
func newTableConvertor() rest.TableConvertor {
	return &convertor{headers: []metav1.TableColumnDefinition{
		{Name: "Name", Type: "string", Format: "name", Description: swaggerMetadataDescriptions["name"]},
		{Name: "Kind", Type: "string", Description: "The kind of extension the profile versions: Extension or ContainerRuntime (spec.extensionKind)."},
		{Name: "Components", Type: "string", Description: "The components of the extension, in spec order."},
		{Name: "Preview", Type: "string", Description: "Per component, the number of versions currently classified preview (from status)."},
		{Name: "Supported", Type: "string", Description: "Per component, the number of versions currently classified supported (from status)."},
		{Name: "Deprecated", Type: "string", Description: "Per component, the number of versions currently classified deprecated (from status)."},
		{Name: "Expired", Type: "string", Description: "Per component, the number of versions currently classified expired (from status)."},
		{Name: "Unavailable", Type: "string", Description: "Per component, the number of versions whose lifecycle has not started yet (from status)."},
		{Name: "Next Transition", Type: "string", Priority: 1, Description: "Per component, the earliest next classification change of one of its versions (status.components[].versions[].nextTransition), as <component> <version>=<classification>@<time>."},
		{Name: "Age", Type: "date", Description: swaggerMetadataDescriptions["creationTimestamp"]},
	}}
}

// ConvertToTable converts an ExtensionProfile or an ExtensionProfileList to a table.
func (c *convertor) ConvertToTable(_ context.Context, obj runtime.Object, tableOptions runtime.Object) (*metav1.Table, error) {
	table := &metav1.Table{}
	if opt, ok := tableOptions.(*metav1.TableOptions); !ok || !opt.NoHeaders {
		table.ColumnDefinitions = c.headers
	}
	if m, err := meta.ListAccessor(obj); err == nil {
		table.ResourceVersion = m.GetResourceVersion()
		table.Continue = m.GetContinue()
		table.RemainingItemCount = m.GetRemainingItemCount()
	} else if m, err := meta.CommonAccessor(obj); err == nil {
		table.ResourceVersion = m.GetResourceVersion()
	}

	var err error
	table.Rows, err = metatable.MetaToTableRow(obj, func(obj runtime.Object, _ metav1.Object, name, age string) ([]interface{}, error) {
		profile := obj.(*core.ExtensionProfile)
		names := make([]string, 0, len(profile.Spec.Components))
		for _, component := range profile.Spec.Components {
			names = append(names, component.Name)
		}
		cells := []interface{}{name, string(profile.Spec.ExtensionKind), strings.Join(names, ",")}
		cells = append(cells, classificationCounts(profile.Status)...)
		return append(cells, nextTransitions(profile.Status), age), nil
	})
	return table, err
}

var classificationOrder = []core.VersionClassification{
	core.ClassificationPreview, core.ClassificationSupported, core.ClassificationDeprecated,
	core.ClassificationExpired, core.ClassificationUnavailable,
}

// classificationCounts returns the Preview, Supported, Deprecated, Expired and Unavailable cells.
func classificationCounts(status core.ExtensionProfileStatus) []interface{} {
	cells := make([]interface{}, 0, len(classificationOrder))
	if len(status.Components) == 0 {
		for range classificationOrder {
			cells = append(cells, unknown)
		}
		return cells
	}
	for _, c := range classificationOrder {
		perComponent := make([]string, 0, len(status.Components))
		for _, component := range status.Components {
			count := 0
			for _, version := range component.Versions {
				if version.Classification == c {
					count++
				}
			}
			perComponent = append(perComponent, component.Name+"="+strconv.Itoa(count))
		}
		if len(status.Components) == 1 {
			_, count, _ := strings.Cut(perComponent[0], "=")
			cells = append(cells, count)
			continue
		}
		cells = append(cells, strings.Join(perComponent, ","))
	}
	return cells
}

// nextTransitions returns the first classification change of each component; <none> without one,
// <unknown> before classification.
func nextTransitions(status core.ExtensionProfileStatus) string {
	if len(status.Components) == 0 {
		return unknown
	}
	var cells []string
	for _, component := range status.Components {
		var first *core.ExtensionComponentVersionStatus
		for i := range component.Versions {
			v := &component.Versions[i]
			if v.NextTransition != nil && (first == nil || v.NextTransition.Time.Before(&first.NextTransition.Time)) {
				first = v
			}
		}
		if first != nil {
			cells = append(cells, fmt.Sprintf("%s %s=%s@%s", component.Name, first.Version, first.NextTransition.Classification,
				first.NextTransition.Time.UTC().Format(time.RFC3339)))
		}
	}
	if len(cells) == 0 {
		return "<none>"
	}
	return strings.Join(cells, ",")
}
