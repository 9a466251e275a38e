// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel

import (
	"fmt"
	"sync"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/checker"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/version"
	apiservercel "k8s.io/apiserver/pkg/cel"
	celcommon "k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/apiserver/pkg/cel/library"
	celopenapi "k8s.io/apiserver/pkg/cel/openapi"
	"k8s.io/apiserver/pkg/cel/openapi/resolver"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/apis/openapi"
)

// ShootVariable is the name of the variable of the compatibility rule environment bound to the
// v1beta1 Shoot the rule is evaluated against (GEP-78 "1. Admission — gardener-apiserver").
const ShootVariable = "shoot"

// WorkerVariable is the name of the variable bound to the v1beta1 Worker of the pool a rule is
// evaluated for (docs/proposals/per-pool-component-versions.md).
const WorkerVariable = "worker"

// shootTypeName is the CEL type name of the `shoot` variable. Nested objects are named after
// their path below it (e.g. gardener.cloud.v1beta1.Shoot.spec.provider).
const shootTypeName = "gardener.cloud.v1beta1.Shoot"

// Bounds put on the Shoot schema for cost estimation. They are not enforced on Shoots; they make the
// static estimate of a rule finite. A Shoot beyond them is still protected by the runtime limits.
const (
	// MaxWorkers bounds spec.provider.workers.
	MaxWorkers = 100
	// MaxExtensions bounds spec.extensions.
	MaxExtensions = 100
	// MaxExtensionComponents bounds spec.extensions[].components.
	MaxExtensionComponents = 100
	// MaxWorkerZones bounds spec.provider.workers[].zones.
	MaxWorkerZones = 10
	// MaxMetadataEntries bounds metadata.labels and metadata.annotations.
	MaxMetadataEntries = 100
	// MaxStringLength bounds every string field of the Shoot schema that has no maxLength
	// of its own.
	MaxStringLength = 256
	// MaxProviderConfigSize bounds the size (characters of a string, elements of a list or map)
	// of any value read below an opaque providerConfig.
	MaxProviderConfigSize = 1024
)

// listBounds are the maxItems (lists) or maxProperties (maps) put on properties of the generated
// definitions, by OpenAPI model name and property name.
var listBounds = map[string]map[string]int64{
	metav1.ObjectMeta{}.OpenAPIModelName():           {"labels": MaxMetadataEntries, "annotations": MaxMetadataEntries},
	gardencorev1beta1.Provider{}.OpenAPIModelName():  {"workers": MaxWorkers},
	gardencorev1beta1.ShootSpec{}.OpenAPIModelName(): {"extensions": MaxExtensions},
	gardencorev1beta1.Extension{}.OpenAPIModelName(): {"components": MaxExtensionComponents},
	gardencorev1beta1.Worker{}.OpenAPIModelName():    {"zones": MaxWorkerZones, "extensions": MaxExtensions},
	// Per-pool pins: a pool overrides at most every extension, a runtime pins as many components.
	gardencorev1beta1.WorkerExtension{}.OpenAPIModelName():  {"components": MaxExtensionComponents},
	gardencorev1beta1.ContainerRuntime{}.OpenAPIModelName(): {"components": MaxExtensionComponents},
	// Validation admits IPv4 and IPv6, each at most once.
	gardencorev1beta1.Networking{}.OpenAPIModelName(): {"ipFamilies": 2},
}

// Environment is the compiled form of the compatibility rule environment: the Kubernetes base
// environment (the one ValidatingAdmissionPolicy uses) extended with the typed variables `shoot` and
// `worker`.
type Environment struct {
	envSet        *environment.EnvSet
	costEstimator checker.CostEstimator
}

var (
	defaultEnvironmentOnce sync.Once
	defaultEnvironment     *Environment
	defaultEnvironmentErr  error
)

// DefaultEnvironment returns the process-wide compatibility rule environment, built on first use; an
// error means the OpenAPI definitions do not describe the v1beta1 Shoot.
func DefaultEnvironment() (*Environment, error) {
	defaultEnvironmentOnce.Do(func() {
		defaultEnvironment, defaultEnvironmentErr = NewEnvironment(environment.DefaultCompatibilityVersion())
	})
	return defaultEnvironment, defaultEnvironmentErr
}

// NewEnvironment builds a compatibility rule environment for a Kubernetes compatibility version
// (major.minor; it selects which CEL libraries new expressions may use, see
// environment.MustBaseEnvSet). Prefer DefaultEnvironment; this is for tests and tooling.
func NewEnvironment(compatibilityVersion *version.Version) (*Environment, error) {
	if err := checkListBounds(); err != nil {
		return nil, err
	}
	shootType, err := ShootDeclType()
	if err != nil {
		return nil, err
	}
	workerType := workerDeclType(shootType)
	if workerType == nil {
		return nil, fmt.Errorf("the CEL type of %s has no spec.provider.workers list", shootTypeName)
	}
	envSet, err := environment.MustBaseEnvSet(compatibilityVersion).Extend(
		environment.VersionedOptions{
			IntroducedVersion: version.MajorMinor(1, 0),
			EnvOptions: []cel.EnvOption{
				cel.Variable(ShootVariable, shootType.CelType()),
				cel.Variable(WorkerVariable, workerType.CelType()),
			},
			DeclTypes: []*apiservercel.DeclType{shootType},
		},
		environment.StrictCostOpt,
	)
	if err != nil {
		return nil, fmt.Errorf("could not extend the CEL base environment with %q: %w", ShootVariable, err)
	}
	return &Environment{
		envSet: envSet,
		costEstimator: &library.CostEstimator{SizeEstimator: &sizeEstimator{roots: map[string]*apiservercel.DeclType{
			ShootVariable: shootType, WorkerVariable: workerType,
		}}},
	}, nil
}

// ShootDeclType returns the CEL type of `shoot` from the v1beta1 Shoot OpenAPI schema, with
// providerConfig typed dyn, lists and strings bounded for cost estimation and string formats dropped.
func ShootDeclType() (*apiservercel.DeclType, error) {
	scheme := runtime.NewScheme()
	if err := gardencorev1beta1.AddToScheme(scheme); err != nil {
		return nil, fmt.Errorf("could not build scheme: %w", err)
	}
	gvk := gardencorev1beta1.SchemeGroupVersion.WithKind("Shoot")
	schema, err := resolver.NewDefinitionsSchemaResolver(compatibilityDefinitions, scheme).ResolveSchema(gvk)
	if err != nil {
		return nil, fmt.Errorf("could not resolve the OpenAPI schema of %s: %w", gvk, err)
	}
	declType := celcommon.SchemaDeclType(&celopenapi.Schema{Schema: celcommon.WithTypeAndObjectMeta(schema)}, true)
	if declType == nil {
		return nil, fmt.Errorf("the OpenAPI schema of %s cannot be expressed as a CEL type", gvk)
	}
	makeOpaqueFieldsDyn(schema, declType)
	return declType.MaybeAssignTypeName(shootTypeName), nil
}

// workerDeclType returns the element type of shoot.spec.provider.workers, with the same bounds, or
// nil.
func workerDeclType(shootType *apiservercel.DeclType) *apiservercel.DeclType {
	current := shootType
	for _, name := range []string{"spec", "provider", "workers"} {
		field, ok := current.Fields[name]
		if !ok {
			return nil
		}
		current = field.Type
	}
	return current.ElemType
}

// compatibilityDefinitions returns the generated OpenAPI definitions with the changes listed on
// ShootDeclType. getDefinitions builds fresh schemas on every call, so they can be changed in
// place.
func compatibilityDefinitions(ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
	defs := openapi.GetOpenAPIDefinitions(ref)
	// Worker.maxSurge and maxUnavailable refer to IntOrString. Definitions generated without
	// k8s.io/apimachinery/pkg/util/intstr lack it; add its fixed schema so that the Shoot resolves.
	intOrString := intstr.IntOrString{}.OpenAPIModelName()
	if _, ok := defs[intOrString]; !ok {
		defs[intOrString] = common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{
			Type:   intstr.IntOrString{}.OpenAPISchemaType(),
			Format: intstr.IntOrString{}.OpenAPISchemaFormat(),
		}}}
	}
	for name, def := range defs {
		if name == (runtime.RawExtension{}).OpenAPIModelName() {
			def.Schema = spec.Schema{SchemaProps: spec.SchemaProps{
				Description: def.Schema.Description,
				Type:        []string{"object"},
			}}
			def.Schema.AddExtension("x-kubernetes-preserve-unknown-fields", true)
		}
		for property, maxItems := range listBounds[name] {
			prop, ok := def.Schema.Properties[property]
			if !ok {
				continue // reported by checkListBounds
			}
			if prop.Type.Contains("array") {
				prop.MaxItems = ptrTo(maxItems)
			} else {
				prop.MaxProperties = ptrTo(maxItems)
			}
			def.Schema.Properties[property] = prop
		}
		boundStrings(&def.Schema)
		defs[name] = def
	}
	return defs
}

// checkListBounds returns an error if a property named in listBounds does not exist in the
// generated definitions, so that a renamed field cannot silently lose its bound.
func checkListBounds() error {
	defs := openapi.GetOpenAPIDefinitions(spec.MustCreateRef)
	for name, properties := range listBounds {
		def, ok := defs[name]
		if !ok {
			return fmt.Errorf("the OpenAPI definitions have no %s", name)
		}
		for property := range properties {
			if _, ok := def.Schema.Properties[property]; !ok {
				return fmt.Errorf("the OpenAPI definition %s has no property %q", name, property)
			}
		}
	}
	return nil
}

// boundStrings gives every string (and int-or-string) schema below s without maxLength the length
// MaxStringLength and drops the formats that CEL would type as timestamp, duration or bytes.
func boundStrings(s *spec.Schema) {
	if s.Type.Contains("string") || s.Format == (intstr.IntOrString{}).OpenAPISchemaFormat() {
		switch s.Format {
		case "date-time", "date", "duration", "byte":
			s.Format = ""
		}
		if s.MaxLength == nil {
			s.MaxLength = ptrTo(int64(MaxStringLength))
		}
	}
	for name, prop := range s.Properties {
		boundStrings(&prop)
		s.Properties[name] = prop
	}
	if s.Items != nil && s.Items.Schema != nil {
		boundStrings(s.Items.Schema)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		boundStrings(s.AdditionalProperties.Schema)
	}
}

// makeOpaqueFieldsDyn replaces the CEL type of every x-kubernetes-preserve-unknown-fields object
// without properties below schema (the RawExtension fields) with dyn. SchemaDeclType would type
// it as an object without fields, so that every field access fails to compile.
func makeOpaqueFieldsDyn(schema *spec.Schema, declType *apiservercel.DeclType) {
	switch {
	case declType.IsList() && schema.Items != nil && schema.Items.Schema != nil:
		makeOpaqueFieldsDyn(schema.Items.Schema, declType.ElemType)
	case declType.IsMap() && schema.AdditionalProperties != nil && schema.AdditionalProperties.Schema != nil:
		makeOpaqueFieldsDyn(schema.AdditionalProperties.Schema, declType.ElemType)
	case declType.IsObject():
		for name, prop := range schema.Properties {
			field, ok := declType.Fields[name]
			if !ok {
				continue
			}
			if isOpaque(&prop) {
				field.Type = newProviderConfigType()
				continue
			}
			makeOpaqueFieldsDyn(&prop, field.Type)
		}
	}
}

func isOpaque(s *spec.Schema) bool {
	preserve, _ := s.Extensions.GetBool("x-kubernetes-preserve-unknown-fields")
	return preserve && s.Type.Contains("object") && len(s.Properties) == 0 &&
		(s.AdditionalProperties == nil || s.AdditionalProperties.Schema == nil)
}

// newProviderConfigType returns the dyn type of an opaque providerConfig, sized for cost
// estimation with MaxProviderConfigSize.
func newProviderConfigType() *apiservercel.DeclType {
	t := apiservercel.NewSimpleTypeWithMinSize("dyn", cel.DynType, nil, 1)
	t.MaxElements = MaxProviderConfigSize
	return t
}

// sizeEstimator gives the checker the maximum size of a value read from `shoot` or `worker` by
// following the value's path through its DeclType: the maxItems of a list, the maxLength of a
// string. Below a dyn (providerConfig) value every value is bounded by MaxProviderConfigSize.
type sizeEstimator struct {
	roots map[string]*apiservercel.DeclType
}

func (e *sizeEstimator) EstimateSize(element checker.AstNode) *checker.SizeEstimate {
	path := element.Path()
	if len(path) == 0 {
		return nil
	}
	current, ok := e.roots[path[0]]
	if !ok {
		return nil
	}
	for _, name := range path[1:] {
		if current.CelType() == cel.DynType {
			break
		}
		switch name {
		case "@items", "@values":
			current = current.ElemType
		case "@keys":
			current = current.KeyType
		default:
			field, ok := current.Fields[name]
			if !ok {
				return nil
			}
			current = field.Type
		}
		if current == nil {
			return nil
		}
	}
	return &checker.SizeEstimate{Min: 0, Max: uint64(current.MaxElements)}
}

func (e *sizeEstimator) EstimateCallCost(string, string, *checker.AstNode, []checker.AstNode) *checker.CallEstimate {
	return nil
}

func ptrTo[T any](v T) *T { return &v }

// Env returns the cel.Env rules are compiled with in mode: the variables `shoot` and `worker`, the
// libraries of the mode (see NewExpressions, StoredExpressions). It is for tooling and benchmarks that use
// cel-go directly; rules of ExtensionProfiles are compiled with Compile or CompileProfile.
func (e *Environment) Env(mode Mode) (*cel.Env, error) {
	if mode == StoredExpressions {
		return e.envSet.Env(environment.StoredExpressions)
	}
	return e.envSet.Env(environment.NewExpressions)
}
