// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	"github.com/google/cel-go/cel"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apiservercel "k8s.io/apiserver/pkg/cel"

	. "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("Environment", func() {
	It("is built once per process", func() {
		first, err := DefaultEnvironment()
		Expect(err).NotTo(HaveOccurred())
		Expect(DefaultEnvironment()).To(BeIdenticalTo(first))
	})

	Describe("ShootDeclType", func() {
		var shoot *apiservercel.DeclType

		BeforeEach(func() {
			var err error
			shoot, err = ShootDeclType()
			Expect(err).NotTo(HaveOccurred())
		})

		field := func(t *apiservercel.DeclType, path ...string) *apiservercel.DeclType {
			GinkgoHelper()
			for _, name := range path {
				if name == "[]" {
					Expect(t.IsList()).To(BeTrue())
					t = t.ElemType
					continue
				}
				f, ok := t.FindField(name)
				Expect(ok).To(BeTrue(), "no field %q", name)
				t = f.Type
			}
			return t
		}

		DescribeTable("bounds the values rules read",
			func(maxElements int64, path ...string) {
				Expect(field(shoot, path...).MaxElements).To(Equal(maxElements))
			},
			Entry("worker pools", int64(MaxWorkers), "spec", "provider", "workers"),
			Entry("extensions", int64(MaxExtensions), "spec", "extensions"),
			Entry("components of an extension", int64(MaxExtensionComponents), "spec", "extensions", "[]", "components"),
			Entry("zones of a worker pool", int64(MaxWorkerZones), "spec", "provider", "workers", "[]", "zones"),
			Entry("labels", int64(MaxMetadataEntries), "metadata", "labels"),
			Entry("annotations", int64(MaxMetadataEntries), "metadata", "annotations"),
			// maxLength counts characters; the estimate counts up to 4 bytes per character.
			Entry("the Kubernetes version", int64(4*MaxStringLength), "spec", "kubernetes", "version"),
			Entry("a machine image version", int64(4*MaxStringLength), "spec", "provider", "workers", "[]", "machine", "image", "version"),
			Entry("a providerConfig", int64(MaxProviderConfigSize), "spec", "extensions", "[]", "providerConfig"),
		)

		It("types providerConfig as dyn, timestamps as strings and the root as a named object", func() {
			Expect(field(shoot, "spec", "extensions", "[]", "providerConfig").CelType()).To(Equal(cel.DynType))
			Expect(field(shoot, "spec", "provider", "workers", "[]", "maxSurge").CelType()).To(Equal(cel.DynType))
			Expect(field(shoot, "metadata", "creationTimestamp").CelType()).To(Equal(cel.StringType))
			Expect(field(shoot, "status", "lastMaintenance", "triggeredTime").CelType()).To(Equal(cel.StringType))
			Expect(shoot.TypeName()).To(Equal("gardener.cloud.v1beta1.Shoot"))
			Expect(field(shoot, "kind").CelType()).To(Equal(cel.StringType))
		})
	})
})
