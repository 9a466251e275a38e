// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/gardener"
)

var _ = Describe("CloudProfile references of Shoots", func() {
	shoot := func(version string, name *string, ref *core.CloudProfileReference) *core.Shoot {
		return &core.Shoot{Spec: core.ShootSpec{Kubernetes: core.Kubernetes{Version: version}, CloudProfileName: name, CloudProfile: ref}}
	}
	cp := func(kind, name string) *core.CloudProfileReference {
		return &core.CloudProfileReference{Kind: kind, Name: name}
	}

	DescribeTable("SyncCloudProfileFields on create",
		func(s *core.Shoot, wantName *string, wantRef *core.CloudProfileReference) {
			SyncCloudProfileFields(nil, s)
			Expect(s.Spec.CloudProfileName).To(Equal(wantName))
			Expect(s.Spec.CloudProfile).To(Equal(wantRef))
		},
		Entry("< 1.33: name fills the reference", shoot("1.32.1", ptr.To("aws"), nil), ptr.To("aws"), cp("CloudProfile", "aws")),
		Entry("< 1.33: the reference fills the name", shoot("1.32.1", nil, cp("", "aws")), ptr.To("aws"), cp("CloudProfile", "aws")),
		Entry("unparsable version: synced like < 1.33", shoot("", nil, cp("CloudProfile", "aws")), ptr.To("aws"), cp("CloudProfile", "aws")),
		Entry("1.33: the reference does not fill an empty name", shoot("1.33.2", nil, cp("CloudProfile", "aws")), nil, cp("CloudProfile", "aws")),
		Entry("1.33: a different name follows the reference", shoot("1.33.2", ptr.To("old"), cp("CloudProfile", "aws")), ptr.To("aws"), cp("CloudProfile", "aws")),
		Entry("< 1.34: another kind drops the name", shoot("1.32.1", ptr.To("aws"), cp("NamespacedCloudProfile", "custom")), nil, cp("NamespacedCloudProfile", "custom")),
		Entry(">= 1.34: only the kind is defaulted", shoot("1.35.4", nil, cp("", "local")), nil, cp("CloudProfile", "local")),
		Entry(">= 1.34: a name alone is not synced", shoot("1.35.4", ptr.To("local"), nil), ptr.To("local"), nil),
	)

	It("drops an unchanged duplicate name on update for >= 1.34", func() {
		old := shoot("1.34.1", ptr.To("local"), cp("CloudProfile", "local"))
		s := old.DeepCopy()
		s.Spec.Kubernetes.Version = "1.35.4"
		SyncCloudProfileFields(old, s)
		Expect(s.Spec.CloudProfileName).To(BeNil())
		Expect(s.Spec.CloudProfile).To(Equal(cp("CloudProfile", "local")))
	})

	It("leaves Shoots that are being deleted alone", func() {
		s := shoot("1.32.1", ptr.To("aws"), nil)
		s.DeletionTimestamp = &metav1.Time{}
		SyncCloudProfileFields(nil, s)
		Expect(s.Spec.CloudProfile).To(BeNil())
	})

	DescribeTable("BuildCoreCloudProfileReference",
		func(s *core.Shoot, want *core.CloudProfileReference) {
			got := BuildCoreCloudProfileReference(s)
			if want == nil {
				Expect(got).To(BeNil())
				return
			}
			Expect(got).To(HaveValue(Equal(gardencorev1beta1.CloudProfileReference{Kind: want.Kind, Name: want.Name})))
		},
		Entry("none", shoot("", nil, nil), nil),
		Entry("from the name", shoot("", ptr.To("aws"), nil), cp("CloudProfile", "aws")),
		Entry("the reference wins, kind defaulted", shoot("", ptr.To("aws"), cp("", "gcp")), cp("CloudProfile", "gcp")),
	)
})
