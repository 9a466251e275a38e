// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package storage

import (
	"context"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metatable "k8s.io/apimachinery/pkg/api/meta/table"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	metav1beta1 "k8s.io/apimachinery/pkg/apis/meta/v1beta1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/registry/rest"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

const none = "<none>"

var swaggerMetadataDescriptions = metav1.ObjectMeta{}.SwaggerDoc()

type convertor struct {
	headers []metav1.TableColumnDefinition
}

// newTableConvertor prints the name, cloud profile, provider, region, Kubernetes version, the pinned
// component versions and the age; -o wide adds the seed and the last maintenance's state.
func newTableConvertor() rest.TableConvertor {
	return &convertor{headers: []metav1.TableColumnDefinition{
		{Name: "Name", Type: "string", Format: "name", Description: swaggerMetadataDescriptions["name"]},
		{Name: "CloudProfile", Type: "string", Description: "The CloudProfile, or namespace/name of a NamespacedCloudProfile."},
		{Name: "Provider", Type: "string", Description: "The provider type (spec.provider.type)."},
		{Name: "Region", Type: "string", Description: "The provider region (spec.region)."},
		{Name: "K8S Version", Type: "string", Description: "The Kubernetes version (spec.kubernetes.version)."},
		{Name: "Pinned Components", Type: "string", Description: "The pinned extension component versions, as <extension type>/<component>=<version> (GEP-78)."},
		{Name: "Seed", Type: "string", Priority: 1, Description: "The seed that hosts the control plane (spec.seedName)."},
		{Name: "Last Maintenance", Type: "string", Priority: 1, Description: "The state and triggered time of the last maintenance that changed or failed something (status.lastMaintenance)."},
		{Name: "Age", Type: "date", Description: swaggerMetadataDescriptions["creationTimestamp"]},
	}}
}

// ConvertToTable converts a Shoot or a ShootList to a table.
func (c *convertor) ConvertToTable(_ context.Context, obj runtime.Object, tableOptions runtime.Object) (*metav1beta1.Table, error) {
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
		shoot := obj.(*core.Shoot)
		return []interface{}{
			name,
			cloudProfile(shoot),
			shoot.Spec.Provider.Type,
			shoot.Spec.Region,
			shoot.Spec.Kubernetes.Version,
			pinnedComponents(shoot),
			seedName(shoot),
			lastMaintenance(shoot),
			age,
		}, nil
	})
	return table, err
}

// cloudProfile prints spec.cloudProfile, else spec.cloudProfileName.
func cloudProfile(shoot *core.Shoot) string {
	if ref := shoot.Spec.CloudProfile; ref != nil && ref.Name != "" {
		if ref.Kind == "NamespacedCloudProfile" {
			return shoot.Namespace + "/" + ref.Name
		}
		return ref.Name
	}
	if shoot.Spec.CloudProfileName != nil && *shoot.Spec.CloudProfileName != "" {
		return *shoot.Spec.CloudProfileName
	}
	return none
}

// pinnedComponents prints every pinned component, e.g. shoot-traefik/traefik=3.6.13; <none> without.
func pinnedComponents(shoot *core.Shoot) string {
	extensions := make([]gardencorev1beta1.Extension, len(shoot.Spec.Extensions))
	for i := range shoot.Spec.Extensions {
		if err := gardencorev1beta1.Convert_core_Extension_To_v1beta1_Extension(&shoot.Spec.Extensions[i], &extensions[i], nil); err != nil {
			return none
		}
	}
	var pins []string
	for _, pin := range v1beta1helper.ComponentPins(extensions) {
		if pin.Pinned() {
			pins = append(pins, pin.ExtensionType+"/"+pin.Component+"="+pin.Version)
		}
	}
	if len(pins) == 0 {
		return none
	}
	return strings.Join(pins, ",")
}

func seedName(shoot *core.Shoot) string {
	if shoot.Spec.SeedName == nil || *shoot.Spec.SeedName == "" {
		return none
	}
	return *shoot.Spec.SeedName
}

// lastMaintenance prints "<state> <triggeredTime>" of status.lastMaintenance; <none> without.
func lastMaintenance(shoot *core.Shoot) string {
	last := shoot.Status.LastMaintenance
	if last == nil {
		return none
	}
	return string(last.State) + " " + last.TriggeredTime.UTC().Format(time.RFC3339)
}
