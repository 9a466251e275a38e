// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensioncomponents_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"

	. "github.com/gep-78/gardener/extensions/pkg/util/extensioncomponents"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	falcov1alpha1 "github.com/gep-78/gardener/pkg/shoot-falco-service/apis/falco/v1alpha1"
)

var _ = Describe("ResolveContainerRuntime", func() {
	containerRuntime := func(components ...extensionsv1alpha1.ExtensionComponent) *extensionsv1alpha1.ContainerRuntime {
		return &extensionsv1alpha1.ContainerRuntime{
			ObjectMeta: metav1.ObjectMeta{Name: "gvisor-gpu", Namespace: "shoot--dev--sandbox"},
			Spec: extensionsv1alpha1.ContainerRuntimeSpec{
				DefaultSpec: extensionsv1alpha1.DefaultSpec{Type: "gvisor"},
				WorkerPool:  extensionsv1alpha1.ContainerRuntimeWorkerPool{Name: "gpu"},
				Components:  components,
			},
		}
	}
	scheme := runtime.NewScheme()
	utilruntime.Must(falcov1alpha1.AddToScheme(scheme))
	decoder := serializer.NewCodecFactory(scheme, serializer.EnableStrict).UniversalDeserializer()

	It("returns the pool's version with the field path of its entry and decodes its providerConfig", func() {
		cr := containerRuntime(
			extensionsv1alpha1.ExtensionComponent{Name: "shim", Version: "1.0.0"},
			extensionsv1alpha1.ExtensionComponent{Name: "runsc", Version: "20260101", ProviderConfig: &runtime.RawExtension{Raw: []byte(`{"rulesVersion":"0.44.0"}`)}},
		)
		into := &falcov1alpha1.FalcoComponentConfig{}
		component, err := ResolveContainerRuntime(cr, "runsc", decoder, into)
		Expect(err).NotTo(HaveOccurred())
		Expect(component.Version).To(Equal("20260101"))
		Expect(component.FieldPath.String()).To(Equal("spec.components[1]"))
		Expect(component.ProviderConfig).To(BeIdenticalTo(into))
		Expect(into.RulesVersion).To(Equal("0.44.0"))
	})

	DescribeTable("errors",
		func(cr *extensionsv1alpha1.ContainerRuntime, match any, configurationProblem bool) {
			_, err := ResolveContainerRuntime(cr, "runsc", decoder, &falcov1alpha1.FalcoComponentConfig{})
			Expect(err).To(MatchError(match))
			Expect(ErrorCodes(err) != nil).To(Equal(configurationProblem))
		},
		Entry("nil", nil, "container runtime must not be nil", false),
		Entry("no pin in the pool: names the pool and where to pin", containerRuntime(),
			`container runtime gvisor/shoot--dev--sandbox of pool gpu has no resolved version for component "runsc" in spec.components (pin one in Shoot.spec.provider.workers[].cri.containerRuntimes[].components[])`, true),
		Entry("a providerConfig the extension cannot decode", containerRuntime(extensionsv1alpha1.ExtensionComponent{Name: "runsc", Version: "1", ProviderConfig: &runtime.RawExtension{Raw: []byte(`{"bogus":1}`)}}),
			ContainSubstring("spec.components[0].providerConfig: cannot decode"), true),
	)

	It("matches ErrComponentNotFound", func() {
		_, err := ResolveContainerRuntime(containerRuntime(), "runsc", nil, nil)
		Expect(errors.Is(err, ErrComponentNotFound)).To(BeTrue())
	})
})
