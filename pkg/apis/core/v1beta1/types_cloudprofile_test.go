// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	. "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("#GetCapabilitiesWithAppliedDefaults", func() {
	definitions := []CapabilityDefinition{
		{Name: "architecture", Values: []string{"amd64", "arm64"}},
		{Name: "gpu", Values: []string{"none", "nvidia"}},
	}

	DescribeTable("keeps the defined capabilities and fills the missing ones with every value",
		func(capabilities, expected Capabilities) {
			Expect(GetCapabilitiesWithAppliedDefaults(capabilities, definitions)).To(Equal(expected))
		},
		Entry("nothing set", nil, Capabilities{"architecture": {"amd64", "arm64"}, "gpu": {"none", "nvidia"}}),
		Entry("one set", Capabilities{"gpu": {"nvidia"}}, Capabilities{"architecture": {"amd64", "arm64"}, "gpu": {"nvidia"}}),
		Entry("an undefined one dropped", Capabilities{"other": {"x"}, "architecture": {"arm64"}}, Capabilities{"architecture": {"arm64"}, "gpu": {"none", "nvidia"}}),
	)

	It("is empty without definitions", func() {
		Expect(GetCapabilitiesWithAppliedDefaults(Capabilities{"gpu": {"nvidia"}}, nil)).To(BeEmpty())
	})
})
