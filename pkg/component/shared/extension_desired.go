// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared

import (
	"context"

	"github.com/go-logr/logr"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
)

// ExtensionComponentOptions are the GEP-78 inputs of NewExtensionWithComponents.
type ExtensionComponentOptions struct {
	// ComponentVersions is the ExtensionComponentVersions feature gate. Off, no ExtensionProfile
	// is read, new Extensions get no spec.components and existing ones keep theirs.
	ComponentVersions bool
	// Clock supplies the gardener.cloud/timestamp annotation.
	Clock clock.Clock
	// ComponentsChanged: see extension.Values.
	ComponentsChanged func(name string, old, updated []extensionsv1alpha1.ExtensionComponent)
}

// NewExtensionWithComponents is NewExtension for the Extensions of a Shoot with their resolved
// component versions (DesiredExtensions), and the warnings of DesiredExtensions.
func NewExtensionWithComponents(
	ctx context.Context,
	log logr.Logger,
	gardenClient client.Client,
	seedClient client.Client,
	namespace string,
	shoot *gardencorev1beta1.Shoot,
	opts ExtensionComponentOptions,
) (extension.Interface, []ComponentWarning, error) {
	profiles, err := profilesFor(ctx, gardenClient, shoot, opts.ComponentVersions, false)
	if err != nil {
		return nil, nil, err
	}
	desired, warnings := DesiredExtensions(shoot, profiles, namespace, opts.ComponentVersions)
	extensions := make(map[string]extension.Extension, len(desired))
	for _, ext := range desired {
		extensions[ext.Name] = extension.Extension{Extension: *ext, Timeout: extension.DefaultTimeout}
	}
	return extension.New(
		log,
		seedClient,
		&extension.Values{
			Namespace:         namespace,
			Extensions:        extensions,
			FreezeComponents:  !opts.ComponentVersions,
			ComponentsChanged: opts.ComponentsChanged,
			Clock:             opts.Clock,
		},
		extension.DefaultInterval,
		extension.DefaultSevereThreshold,
		extension.DefaultTimeout,
	), warnings, nil
}

// DesiredExtensions returns the seed Extensions of a Shoot, with spec.components when
// componentVersions is on, and a warning per pin without a profile entry.
func DesiredExtensions(
	shoot *gardencorev1beta1.Shoot,
	profiles map[string]*gardencorev1beta1.ExtensionProfile,
	namespace string,
	componentVersions bool,
) ([]*extensionsv1alpha1.Extension, []ComponentWarning) {
	var (
		merged   = mergeExtensions(shoot.Spec.Extensions, namespace, extensionsv1alpha1.ExtensionClassShoot, false)
		result   = []*extensionsv1alpha1.Extension{}
		warnings []ComponentWarning
	)
	if componentVersions {
		warnings = setComponents(shoot, profiles, merged)
	}
	for i, entry := range shoot.Spec.Extensions {
		m, ok := merged[entry.Type]
		if !ok || lastIndex(shoot.Spec.Extensions, entry.Type) != i {
			continue
		}
		ext := m.Extension.DeepCopy()
		ext.Labels = map[string]string{
			extension.LabelManagedBy:      extension.ManagedByGardenlet,
			extension.LabelShootNamespace: shoot.Namespace,
			extension.LabelShootName:      shoot.Name,
		}
		result = append(result, ext)
	}
	return result, warnings
}
