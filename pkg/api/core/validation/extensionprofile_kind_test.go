// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	. "github.com/onsi/ginkgo/v2"
	gomegatypes "github.com/onsi/gomega/types"
	"k8s.io/apimachinery/pkg/util/validation/field"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

var _ = Describe("ExtensionProfile extensionKind", func() {
	profile := func(name string, kind core.ExtensionKind, perWorkerPool ...bool) *core.ExtensionProfile {
		p := validProfile()
		p.Name, p.Spec.ExtensionKind = name, kind
		for i, set := range perWorkerPool {
			p.Spec.Components[i].PerWorkerPool = set
		}
		return p
	}

	DescribeTable("ValidateExtensionProfile",
		func(p *core.ExtensionProfile, matchers ...gomegatypes.GomegaMatcher) {
			expectFieldErrs(ValidateExtensionProfile(p), matchers...)
		},
		Entry("an Extension profile named after its type", profile("shoot-traefik", core.ExtensionKindExtension)),
		Entry("an Extension profile with a component per pool", profile("gpu-driver", core.ExtensionKindExtension, true, false)),
		Entry("an Extension profile with the runtime prefix", profile("containerruntime-gvisor", core.ExtensionKindExtension),
			fieldErrDetail(field.ErrorTypeInvalid, "metadata.name", "must not start with containerruntime-")),
		Entry("an Extension profile named the prefix alone (no DNS label either)", profile("containerruntime-", core.ExtensionKindExtension),
			fieldErrDetail(field.ErrorTypeInvalid, "metadata.name", "must not start with"), fieldErrDetail(field.ErrorTypeInvalid, "metadata.name", "RFC 1123")),
		Entry("a ContainerRuntime profile named containerruntime-<type>", profile("containerruntime-gvisor", core.ExtensionKindContainerRuntime)),
		Entry("a ContainerRuntime profile named after the type alone", profile("gvisor", core.ExtensionKindContainerRuntime),
			fieldErrDetail(field.ErrorTypeInvalid, "metadata.name", "must be containerruntime-<type>")),
		Entry("a ContainerRuntime profile without a type after the prefix", profile("containerruntime-", core.ExtensionKindContainerRuntime),
			fieldErrDetail(field.ErrorTypeInvalid, "metadata.name", "must be containerruntime-<type>"), fieldErrDetail(field.ErrorTypeInvalid, "metadata.name", "RFC 1123")),
		Entry("perWorkerPool on a ContainerRuntime profile", profile("containerruntime-gvisor", core.ExtensionKindContainerRuntime, false, true),
			fieldErrDetail(field.ErrorTypeForbidden, "spec.components[1].perWorkerPool", "pinned per pool already")),
		Entry("no kind", profile("shoot-traefik", ""), fieldErr(field.ErrorTypeRequired, "spec.extensionKind")),
		Entry("an unknown kind", profile("shoot-traefik", "Worker"), fieldErr(field.ErrorTypeNotSupported, "spec.extensionKind")),
	)

	DescribeTable("ValidateExtensionProfileUpdate",
		func(oldKind, newKind core.ExtensionKind, matchers ...gomegatypes.GomegaMatcher) {
			expectFieldErrs(ValidateExtensionProfileUpdate(profile("gvisor", newKind), profile("gvisor", oldKind), refTime), matchers...)
		},
		Entry("the kind kept", core.ExtensionKindExtension, core.ExtensionKindExtension),
		Entry("the kind changed", core.ExtensionKindExtension, core.ExtensionKindContainerRuntime,
			fieldErrDetail(field.ErrorTypeInvalid, "spec.extensionKind", "immutable"),
			fieldErr(field.ErrorTypeInvalid, "metadata.name")),
	)
})
