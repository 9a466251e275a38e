// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/Masterminds/semver/v3"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/extensions/pkg/util/extensioncomponents"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	falcov1alpha1 "github.com/gep-78/gardener/pkg/shoot-falco-service/apis/falco/v1alpha1"
	"github.com/gep-78/gardener/pkg/shoot-falco-service/falco"
)

// EventReasonDeprecatedFalcoVersion is the reason of the Warning event on an Extension whose
// providerConfig sets the legacy falcoVersion.
const EventReasonDeprecatedFalcoVersion = "DeprecatedFalcoVersion"

// legacyFalcoVersion returns providerConfig.falcoVersion of the Extension (gardenlet copies the
// Shoot's providerConfig there), "" when unset. The other fields of the falco extension's
// FalcoServiceConfig are not read. A value that is not a semantic version is an error with its
// field path.
func legacyFalcoVersion(ext *extensionsv1alpha1.Extension) (string, error) {
	if ext.Spec.ProviderConfig == nil || len(ext.Spec.ProviderConfig.Raw) == 0 {
		return "", nil
	}
	fldPath := field.NewPath("spec", "providerConfig", "falcoVersion")
	config := &falcov1alpha1.FalcoServiceConfig{}
	if err := json.Unmarshal(ext.Spec.ProviderConfig.Raw, config); err != nil {
		return "", field.Invalid(field.NewPath("spec", "providerConfig"), string(ext.Spec.ProviderConfig.Raw), "cannot be decoded: "+err.Error())
	}
	if config.FalcoVersion == nil || *config.FalcoVersion == "" {
		return "", nil
	}
	if _, err := semver.StrictNewVersion(*config.FalcoVersion); err != nil {
		return "", field.Invalid(fldPath, *config.FalcoVersion, "must be a semantic version: "+err.Error())
	}
	return *config.FalcoVersion, nil
}

// resolveFalco returns what to deploy: the component falco of spec.components (GEP-78), else
// the legacy providerConfig.falcoVersion, with the rules of that version and the container
// plugin by version, as the falco extension did before GEP-78. warning is set when the legacy
// field is used or overruled; a pin always wins over it (GEP-78 "How a cluster owner pins a version": the canonical pin
// moves to components[].version).
func (r *Reconciler) resolveFalco(ext *extensionsv1alpha1.Extension) (values falco.Values, warning string, err error) {
	legacy, err := legacyFalcoVersion(ext)
	if err != nil {
		return falco.Values{}, "", err
	}
	config := &falcov1alpha1.FalcoComponentConfig{}
	component, err := extensioncomponents.Resolve(ext, falco.ComponentName, r.Decoder, config)
	switch {
	case err == nil:
		values = falco.Values{Version: component.Version, RulesVersion: config.RulesVersion, ContainerPlugin: config.ContainerPlugin}
		if f := config.SimulateFailure; f != nil {
			return falco.Values{}, "", extensioncomponents.SimulatedFailure(falco.ComponentName, component.Version, f.Description, f.Codes)
		}
		if config.Image != nil {
			values.Image = config.Image.Repository + ":" + config.Image.Tag
		}
		if legacy != "" {
			warning = fmt.Sprintf("providerConfig.falcoVersion %s is deprecated and ignored: the pin of component falco (%s) wins; remove falcoVersion from Shoot.spec.extensions[].providerConfig", legacy, component.Version)
		}
	case errors.Is(err, extensioncomponents.ErrComponentNotFound) && legacy != "":
		values = falco.Values{Version: legacy, ContainerPlugin: falco.ContainerPluginByDefault(legacy)}
		warning = fmt.Sprintf("providerConfig.falcoVersion is deprecated: falco %s is deployed from it; pin Shoot.spec.extensions[].components[name=falco].version instead", legacy)
	default:
		return falco.Values{}, "", err
	}
	values.Namespace = ext.Namespace
	values.ManagedBy = ManagedBy
	return values, warning, nil
}

// errorCodes returns the codes of status.lastError for err.
func errorCodes(err error) []gardencorev1beta1.ErrorCode {
	return extensioncomponents.ErrorCodes(err)
}
