// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package storage

import (
	"context"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	metatable "k8s.io/apimachinery/pkg/api/meta/table"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/registry/rest"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// unknown is printed for classification counts while the profile has no status yet, i.e.
// before gardener-controller-manager classified it; 0 would wrongly claim there are none.
const unknown = "<unknown>"

var swaggerMetadataDescriptions = metav1.ObjectMeta{}.SwaggerDoc()

type convertor struct {
	headers []metav1.TableColumnDefinition
}

// newTableConvertor returns what kubectl get extensionprofiles prints: the name, the components
// and, per classification, how many versions (over all components) currently have it according
// to status, then the age.
func newTableConvertor() rest.TableConvertor {
	return &convertor{headers: []metav1.TableColumnDefinition{
		{Name: "Name", Type: "string", Format: "name", Description: swaggerMetadataDescriptions["name"]},
		{Name: "Components", Type: "string", Description: "The components of the extension, in spec order."},
		{Name: "Preview", Type: "string", Description: "Number of versions currently classified preview (from status)."},
		{Name: "Supported", Type: "string", Description: "Number of versions currently classified supported (from status)."},
		{Name: "Deprecated", Type: "string", Description: "Number of versions currently classified deprecated (from status)."},
		{Name: "Expired", Type: "string", Description: "Number of versions currently classified expired (from status)."},
		{Name: "Unavailable", Type: "string", Description: "Number of versions whose lifecycle has not started yet (from status)."},
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
		cells := []interface{}{name, strings.Join(names, ",")}
		return append(append(cells, classificationCounts(profile.Status)...), age), nil
	})
	return table, err
}

// classificationCounts returns the Preview, Supported, Deprecated, Expired and Unavailable cells.
func classificationCounts(status core.ExtensionProfileStatus) []interface{} {
	order := []core.VersionClassification{
		core.ClassificationPreview, core.ClassificationSupported, core.ClassificationDeprecated,
		core.ClassificationExpired, core.ClassificationUnavailable,
	}
	cells := make([]interface{}, 0, len(order))
	if len(status.Components) == 0 {
		for range order {
			cells = append(cells, unknown)
		}
		return cells
	}
	counts := map[core.VersionClassification]int{}
	for _, component := range status.Components {
		for _, version := range component.Versions {
			counts[version.Classification]++
		}
	}
	for _, c := range order {
		cells = append(cells, strconv.Itoa(counts[c]))
	}
	return cells
}
