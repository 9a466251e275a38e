// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package containerruntime_test

import (
	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/component/extensions/containerruntime"
)

type wrappedDeployer struct{ containerruntime.Interface }

var _ = Describe("SetComponents", func() {
	var (
		components = map[string]map[string][]extensionsv1alpha1.ExtensionComponent{"a": {"gvisor": {{Name: "runsc", Version: "1"}}}}
		values     *containerruntime.Values
		deployer   containerruntime.Interface
	)

	BeforeEach(func() {
		values = &containerruntime.Values{Namespace: "shoot--dev--sandbox"}
		deployer = containerruntime.New(logr.Discard(), nil, values, 0, 0, 0)
	})

	It("sets the components of the deployer's values", func() {
		containerruntime.SetComponents(deployer, components)
		Expect(values.Components).To(Equal(components))
	})

	It("leaves another implementation of the interface alone", func() {
		containerruntime.SetComponents(wrappedDeployer{deployer}, components)
		containerruntime.SetComponents(nil, components)
		Expect(values.Components).To(BeNil())
	})
})
