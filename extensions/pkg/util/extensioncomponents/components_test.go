// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensioncomponents_test

import (
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"

	. "github.com/gep-78/gardener/extensions/pkg/util/extensioncomponents"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	falcov1alpha1 "github.com/gep-78/gardener/pkg/shoot-falco-service/apis/falco/v1alpha1"
	"github.com/gep-78/gardener/test/examples"
)

var _ = Describe("Resolve", func() {
	var (
		// strictDecoder is what an extension builds for its own config API group.
		strictDecoder runtime.Decoder
		ext           *extensionsv1alpha1.Extension
	)

	newDecoder := func(strict bool, addToScheme ...func(*runtime.Scheme) error) runtime.Decoder {
		scheme := runtime.NewScheme()
		for _, add := range addToScheme {
			utilruntime.Must(add(scheme))
		}
		if strict {
			return serializer.NewCodecFactory(scheme, serializer.EnableStrict).UniversalDeserializer()
		}
		return serializer.NewCodecFactory(scheme).UniversalDeserializer()
	}

	raw := func(json string) *runtime.RawExtension {
		return &runtime.RawExtension{Raw: []byte(json)}
	}

	BeforeEach(func() {
		strictDecoder = newDecoder(true, falcov1alpha1.AddToScheme)
		// The first document: the Extension as gardenlet wrote it, falco 0.44.1 with the
		// providerConfig of the profile's 0.44.1 entry.
		ext = &extensionsv1alpha1.Extension{}
		examples.MustDecode("seed-extension-shoot-falco-service.yaml", ext)
	})

	It("returns the resolved version and decodes the providerConfig of the shared example", func() {
		config := &falcov1alpha1.FalcoComponentConfig{}
		component, err := Resolve(ext, "falco", strictDecoder, config)
		Expect(err).NotTo(HaveOccurred())
		Expect(component.Name).To(Equal("falco"))
		Expect(component.Version).To(Equal("0.44.1"))
		Expect(component.FieldPath.String()).To(Equal("spec.components[0]"))
		Expect(component.ProviderConfig).To(BeIdenticalTo(config))
		Expect(config.RulesVersion).To(Equal("0.44.0"))
		Expect(config.ContainerPlugin).To(BeTrue())
	})

	It("finds the component by name among several", func() {
		ext.Spec.Components = append([]extensionsv1alpha1.ExtensionComponent{{Name: "falcoctl", Version: "0.11.0"}}, ext.Spec.Components...)
		component, err := Resolve(ext, "falco", strictDecoder, &falcov1alpha1.FalcoComponentConfig{})
		Expect(err).NotTo(HaveOccurred())
		Expect(component.Version).To(Equal("0.44.1"))
		Expect(component.FieldPath.String()).To(Equal("spec.components[1]"))
	})

	DescribeTable("leaves the caller's config alone when there is nothing to decode",
		func(providerConfig *runtime.RawExtension, useInto bool) {
			ext.Spec.Components[0].ProviderConfig = providerConfig
			defaults := &falcov1alpha1.FalcoComponentConfig{RulesVersion: "default"}
			var into runtime.Object
			if useInto {
				into = defaults
			}
			component, err := Resolve(ext, "falco", strictDecoder, into)
			Expect(err).NotTo(HaveOccurred())
			Expect(component.Version).To(Equal("0.44.1"))
			Expect(component.ProviderConfig).To(BeNil())
			Expect(defaults.RulesVersion).To(Equal("default"))
		},
		Entry("no providerConfig", nil, true),
		Entry("empty providerConfig", &runtime.RawExtension{}, true),
		Entry("nil into: the providerConfig is not decoded, even an invalid one", raw(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","bogus":1}`), false),
	)

	DescribeTable("returns a ComponentNotFoundError",
		func(components []extensionsv1alpha1.ExtensionComponent) {
			ext.Namespace = "shoot--dev--x"
			ext.Spec.Components = components
			config := &falcov1alpha1.FalcoComponentConfig{}
			component, err := Resolve(ext, "falco", strictDecoder, config)
			Expect(err).To(MatchError(`extension shoot-falco-service/shoot--dev--x has no resolved version for component "falco" in spec.components (pin one in Shoot.spec.extensions[].components[])`))
			Expect(errors.Is(err, ErrComponentNotFound)).To(BeTrue())
			Expect(errors.Is(err, ErrInvalidProviderConfig)).To(BeFalse())
			var notFound *ComponentNotFoundError
			Expect(errors.As(err, &notFound)).To(BeTrue())
			Expect(*notFound).To(Equal(ComponentNotFoundError{ExtensionType: "shoot-falco-service", Namespace: "shoot--dev--x", Component: "falco"}))
			Expect(component).To(Equal(Component{}))
			Expect(*config).To(Equal(falcov1alpha1.FalcoComponentConfig{}))
		},
		Entry("no spec.components (the Shoot pins nothing)", nil),
		Entry("only other components", []extensionsv1alpha1.ExtensionComponent{{Name: "falcosidekick", Version: "2.35.1"}}),
		Entry("the component without a version", []extensionsv1alpha1.ExtensionComponent{{Name: "falco"}}),
		Entry("a different case of the name", []extensionsv1alpha1.ExtensionComponent{{Name: "Falco", Version: "0.44.1"}}),
	)

	DescribeTable("returns a ProviderConfigError with the field path",
		func(decoder runtime.Decoder, providerConfig string, reason string) {
			ext.Spec.Components = []extensionsv1alpha1.ExtensionComponent{
				{Name: "falcoctl", Version: "0.11.0"},
				{Name: "falco", Version: "0.44.1", ProviderConfig: raw(providerConfig)},
			}
			if decoder == nil {
				decoder = strictDecoder
			}
			component, err := Resolve(ext, "falco", decoder, &falcov1alpha1.FalcoComponentConfig{})
			Expect(err).To(MatchError(HavePrefix(`spec.components[1].providerConfig: cannot decode the providerConfig of component "falco": `)))
			Expect(err).To(MatchError(ContainSubstring(reason)))
			Expect(errors.Is(err, ErrInvalidProviderConfig)).To(BeTrue())
			Expect(errors.Is(err, ErrComponentNotFound)).To(BeFalse())
			var configErr *ProviderConfigError
			Expect(errors.As(err, &configErr)).To(BeTrue())
			Expect(configErr.Field.String()).To(Equal("spec.components[1].providerConfig"))
			Expect(configErr.Component).To(Equal("falco"))
			Expect(errors.Unwrap(err)).To(BeIdenticalTo(configErr.Err))
			Expect(component).To(Equal(Component{}))
		},
		Entry("unknown field (strict decoder)", nil,
			`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","rulesVersion":"0.44.0","containerPlugins":true}`,
			`unknown field "containerPlugins"`),
		Entry("duplicate field (strict decoder)", nil,
			`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","rulesVersion":"0.44.0","rulesVersion":"0.43.0"}`,
			`duplicate field "rulesVersion"`),
		Entry("wrong value type", nil,
			`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","containerPlugin":"yes"}`,
			`containerPlugin`),
		Entry("kind not in the extension's scheme (the Shoot-level FalcoServiceConfig)", nil,
			`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoServiceConfig","falcoVersion":"0.44.1"}`,
			`no kind "FalcoServiceConfig" is registered`),
		Entry("another kind of the decoder's scheme than the requested type", newDecoder(true, falcov1alpha1.AddToScheme, corev1.AddToScheme),
			`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"}}`,
			`decoded kind /v1, Kind=ConfigMap is not the requested type *v1alpha1.FalcoComponentConfig`),
		Entry("malformed data", nil, `rulesVersion: [`, `did not find expected node content`),
	)

	It("lets a non-strict decoder drop unknown fields", func() {
		ext.Spec.Components[0].ProviderConfig = raw(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","rulesVersion":"0.44.0","future":true}`)
		config := &falcov1alpha1.FalcoComponentConfig{}
		_, err := Resolve(ext, "falco", newDecoder(false, falcov1alpha1.AddToScheme), config)
		Expect(err).NotTo(HaveOccurred())
		Expect(config.RulesVersion).To(Equal("0.44.0"))
	})

	It("decodes a providerConfig without apiVersion and kind into the requested type", func() {
		ext.Spec.Components[0].ProviderConfig = raw(`{"rulesVersion":"0.44.0","containerPlugin":true}`)
		config := &falcov1alpha1.FalcoComponentConfig{}
		_, err := Resolve(ext, "falco", strictDecoder, config)
		Expect(err).NotTo(HaveOccurred())
		Expect(config.RulesVersion).To(Equal("0.44.0"))
	})

	DescribeTable("rejects invalid arguments",
		func(ext *extensionsv1alpha1.Extension, decoder runtime.Decoder, message string) {
			_, err := Resolve(ext, "falco", decoder, &falcov1alpha1.FalcoComponentConfig{})
			Expect(err).To(MatchError(message))
			Expect(errors.Is(err, ErrComponentNotFound)).To(BeFalse())
			Expect(errors.Is(err, ErrInvalidProviderConfig)).To(BeFalse())
		},
		Entry("nil Extension", nil, nil, "extension must not be nil"),
		Entry("a providerConfig to decode but no decoder", &extensionsv1alpha1.Extension{Spec: extensionsv1alpha1.ExtensionSpec{Components: []extensionsv1alpha1.ExtensionComponent{
			{Name: "falco", Version: "0.44.1", ProviderConfig: raw(`{"rulesVersion":"0.44.0"}`)},
		}}}, nil, "a decoder is required to decode spec.components[0].providerConfig"),
	)

	Describe("ErrorCodes", func() {
		It("marks the errors of Resolve that a retry does not fix as configuration problems", func() {
			_, notFound := Resolve(ext, "falcosidekick", strictDecoder, nil)
			ext.Spec.Components[0].ProviderConfig = raw(`{"rulesVersion":0}`)
			_, invalid := Resolve(ext, "falco", strictDecoder, &falcov1alpha1.FalcoComponentConfig{})
			for _, err := range []error{notFound, invalid, fmt.Errorf("deploying: %w", notFound)} {
				Expect(err).To(HaveOccurred())
				Expect(ErrorCodes(err)).To(ConsistOf(gardencorev1beta1.ErrorConfigurationProblem), "%v", err)
			}
		})

		It("returns the codes an ErrorWithCodes carries", func() {
			err := fmt.Errorf("deploying: %w", &ErrorWithCodes{Description: "crash", Codes: []gardencorev1beta1.ErrorCode{gardencorev1beta1.ErrorCode("ERR_INFRA_QUOTA_EXCEEDED")}})
			Expect(ErrorCodes(err)).To(ConsistOf(gardencorev1beta1.ErrorCode("ERR_INFRA_QUOTA_EXCEEDED")))
			Expect(err).To(MatchError("deploying: crash"))
		})

		DescribeTable("SimulatedFailure carries its codes, described by default by component and version",
			func(description string, codes []string, want string, wantCodes ...gardencorev1beta1.ErrorCode) {
				err := SimulatedFailure("runsc", "1.0.0", description, codes)
				Expect(err).To(MatchError(want))
				Expect(ErrorCodes(err)).To(ConsistOf(wantCodes))
			},
			Entry("defaults", "", nil, "simulated failure of runsc 1.0.0"),
			Entry("set", "crash", []string{"ERR_INFRA_QUOTA_EXCEEDED"}, "crash", gardencorev1beta1.ErrorCode("ERR_INFRA_QUOTA_EXCEEDED")),
		)

		It("returns no code for other errors", func() {
			Expect(ErrorCodes(errors.New("connection refused"))).To(BeEmpty())
			Expect(ErrorCodes(nil)).To(BeEmpty())
		})
	})
})
