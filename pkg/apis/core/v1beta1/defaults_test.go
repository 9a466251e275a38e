// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"

	. "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("ExtensionProfile defaulting", func() {
	DescribeTable("spec.extensionKind",
		func(kind, expected ExtensionKind) {
			scheme := runtime.NewScheme()
			Expect(AddToScheme(scheme)).To(Succeed())
			list := &ExtensionProfileList{Items: []ExtensionProfile{{Spec: ExtensionProfileSpec{ExtensionKind: kind}}}}
			scheme.Default(list)
			Expect(list.Items[0].Spec.ExtensionKind).To(Equal(expected))
			Expect(list.Items[0].Spec.Components).To(BeNil(), "nothing else is defaulted")
		},
		Entry("unset becomes Extension, the kind of every profile before the field", ExtensionKind(""), ExtensionKindExtension),
		Entry("a ContainerRuntime profile keeps its kind", ExtensionKindContainerRuntime, ExtensionKindContainerRuntime),
	)
})
