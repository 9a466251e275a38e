// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensioncomponents is the extension-developer side of GEP-78 ("Optional per-version
// providerConfig"): the resolved version of a component in a seed Extension's spec.components[],
// and its providerConfig from the ExtensionProfile. Call Resolve once per deployed component:
//
//	cfg := &falcov1alpha1.FalcoComponentConfig{}
//	component, err := extensioncomponents.Resolve(ext, "falco", decoder, cfg)
//	if err != nil {
//		// *ComponentNotFoundError (errors.Is(err, ErrComponentNotFound)) or *ProviderConfigError
//	}
//	deploy(component.Version, cfg)
//
// The decoder is the extension's own (gardener-apiserver and gardenlet treat the config as
// opaque); build it strict (serializer.EnableStrict) so unknown fields are errors.
package extensioncomponents

import (
	"cmp"
	"errors"
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

var (
	// ErrComponentNotFound matches (errors.Is) every *ComponentNotFoundError.
	ErrComponentNotFound = errors.New("component has no resolved version in spec.components")
	// ErrInvalidProviderConfig matches (errors.Is) every *ProviderConfigError.
	ErrInvalidProviderConfig = errors.New("component providerConfig cannot be decoded")
)

// Component is one resolved entry of the spec.components[] of an Extension or ContainerRuntime.
type Component struct {
	// Name is the component name, as listed in the ExtensionProfile.
	Name string
	// Version is the resolved version to deploy, e.g. "0.44.1".
	Version string
	// ProviderConfig is the object passed to Resolve as into, filled from the entry's
	// providerConfig. It is nil when the entry has no providerConfig or into was nil.
	ProviderConfig runtime.Object
	// FieldPath is the path of the entry in the Extension, e.g. spec.components[0].
	FieldPath *field.Path
}

// ComponentNotFoundError is Resolve's error when spec.components[] has no entry with a version of
// that name (no pin, or the gate is off in gardenlet).
type ComponentNotFoundError struct {
	// ExtensionType is spec.type of the Extension or ContainerRuntime, e.g. shoot-falco-service.
	ExtensionType string
	// WorkerPool is spec.workerPool.name of a ContainerRuntime; empty for an Extension.
	WorkerPool string
	// Namespace is the namespace of the Extension, the shoot's seed namespace.
	Namespace string
	// Component is the requested component name.
	Component string
}

// Error returns e.g. `extension shoot-falco-service/shoot--dev--x has no resolved version for
// component "falco" in spec.components (pin one in Shoot.spec.extensions[].components[])`.
func (e *ComponentNotFoundError) Error() string {
	if e.WorkerPool != "" {
		return fmt.Sprintf("container runtime %s/%s of pool %s has no resolved version for component %q in spec.components (pin one in Shoot.spec.provider.workers[].cri.containerRuntimes[].components[])",
			e.ExtensionType, e.Namespace, e.WorkerPool, e.Component)
	}
	return fmt.Sprintf("extension %s/%s has no resolved version for component %q in spec.components (pin one in Shoot.spec.extensions[].components[])",
		e.ExtensionType, e.Namespace, e.Component)
}

// Is reports whether target is ErrComponentNotFound.
func (e *ComponentNotFoundError) Is(target error) bool {
	return target == ErrComponentNotFound
}

// ProviderConfigError is Resolve's error when the entry's providerConfig does not decode into the
// caller's type.
type ProviderConfigError struct {
	// Field is the path of the providerConfig, e.g. spec.components[0].providerConfig.
	Field *field.Path
	// Component is the component name.
	Component string
	// Err is the decoder's error.
	Err error
}

// Error returns e.g. `spec.components[0].providerConfig: cannot decode the providerConfig of
// component "falco": <decoder error>`.
func (e *ProviderConfigError) Error() string {
	return fmt.Sprintf("%s: cannot decode the providerConfig of component %q: %v", e.Field, e.Component, e.Err)
}

// Unwrap returns the decoder's error.
func (e *ProviderConfigError) Unwrap() error {
	return e.Err
}

// Is reports whether target is ErrInvalidProviderConfig.
func (e *ProviderConfigError) Is(target error) bool {
	return target == ErrInvalidProviderConfig
}

// Resolve returns the Shoot-level entry (no workerPool) of ext.spec.components[] named name, its
// providerConfig decoded into
// into (a nil into skips decoding; without a providerConfig into keeps its defaults and
// Component.ProviderConfig is nil). Errors: *ComponentNotFoundError, *ProviderConfigError, and a
// plain error for a nil ext or a nil decoder with into set.
func Resolve(ext *extensionsv1alpha1.Extension, name string, decoder runtime.Decoder, into runtime.Object) (Component, error) {
	if ext == nil {
		return Component{}, errors.New("extension must not be nil")
	}
	return resolve(ext.Spec.Components, name, decoder, into, &ComponentNotFoundError{ExtensionType: ext.Spec.Type, Namespace: ext.Namespace, Component: name})
}

// ResolveContainerRuntime is Resolve for a seed ContainerRuntime, whose spec.components[] holds
// the versions of its worker pool.
func ResolveContainerRuntime(cr *extensionsv1alpha1.ContainerRuntime, name string, decoder runtime.Decoder, into runtime.Object) (Component, error) {
	if cr == nil {
		return Component{}, errors.New("container runtime must not be nil")
	}
	return resolve(cr.Spec.Components, name, decoder, into, &ComponentNotFoundError{ExtensionType: cr.Spec.Type, Namespace: cr.Namespace, WorkerPool: cr.Spec.WorkerPool.Name, Component: name})
}

func resolve(components []extensionsv1alpha1.ExtensionComponent, name string, decoder runtime.Decoder, into runtime.Object, notFound *ComponentNotFoundError) (Component, error) {
	componentsPath := field.NewPath("spec", "components")
	for i := range components {
		entry := &components[i]
		if entry.Name != name || entry.WorkerPool != "" {
			continue
		}
		if entry.Version == "" {
			break
		}

		component := Component{Name: entry.Name, Version: entry.Version, FieldPath: componentsPath.Index(i)}
		if into == nil || entry.ProviderConfig == nil || len(entry.ProviderConfig.Raw) == 0 {
			return component, nil
		}
		if decoder == nil {
			return Component{}, fmt.Errorf("a decoder is required to decode %s", component.FieldPath.Child("providerConfig"))
		}
		if err := decode(decoder, entry.ProviderConfig.Raw, into); err != nil {
			return Component{}, &ProviderConfigError{Field: component.FieldPath.Child("providerConfig"), Component: name, Err: err}
		}
		component.ProviderConfig = into
		return component, nil
	}

	return Component{}, notFound
}

// decode decodes data into into; another kind of the same scheme is an error.
func decode(decoder runtime.Decoder, data []byte, into runtime.Object) error {
	obj, gvk, err := decoder.Decode(data, nil, into)
	if err != nil {
		return err
	}
	if obj != into {
		kind := "<unknown>"
		if gvk != nil {
			kind = gvk.String()
		}
		return fmt.Errorf("decoded kind %s is not the requested type %T", kind, into)
	}
	return nil
}

// ErrorWithCodes is an error of an extension controller that carries the codes of its
// status.lastError, such as a failure a version's providerConfig simulates.
type ErrorWithCodes struct {
	Description string
	Codes       []gardencorev1beta1.ErrorCode
}

func (e *ErrorWithCodes) Error() string { return e.Description }

// SimulatedFailure returns the failure a version's providerConfig simulates for component at
// version: description (default "simulated failure of <component> <version>") with codes.
func SimulatedFailure(component, version, description string, codes []string) error {
	err := &ErrorWithCodes{Description: cmp.Or(description, "simulated failure of "+component+" "+version)}
	for _, c := range codes {
		err.Codes = append(err.Codes, gardencorev1beta1.ErrorCode(c))
	}
	return err
}

// ErrorCodes returns the status.lastError.codes of an error: those of an *ErrorWithCodes;
// ERR_CONFIGURATION_PROBLEM for Resolve's *ComponentNotFoundError and *ProviderConfigError (a
// retry alone does not help); none otherwise.
func ErrorCodes(err error) []gardencorev1beta1.ErrorCode {
	if coded := (*ErrorWithCodes)(nil); errors.As(err, &coded) {
		return coded.Codes
	}
	if errors.Is(err, ErrComponentNotFound) || errors.Is(err, ErrInvalidProviderConfig) {
		return []gardencorev1beta1.ErrorCode{gardencorev1beta1.ErrorConfigurationProblem}
	}
	return nil
}
