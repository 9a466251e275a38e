// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/cache"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencorev1beta1listers "github.com/gep-78/gardener/pkg/client/core/listers/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/gardener"
)

var _ = Describe("CloudProfile look-ups of Shoots", func() {
	const namespace = "garden-dev"
	var (
		cloudProfile = &gardencorev1beta1.CloudProfile{ObjectMeta: metav1.ObjectMeta{Name: "local"},
			Spec: gardencorev1beta1.CloudProfileSpec{Type: "local"}}
		namespaced = &gardencorev1beta1.NamespacedCloudProfile{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "custom"},
			Status: gardencorev1beta1.NamespacedCloudProfileStatus{CloudProfileSpec: gardencorev1beta1.CloudProfileSpec{Type: "merged"}}}
	)

	v1beta1Shoot := func(name *string, ref *gardencorev1beta1.CloudProfileReference) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "s"},
			Spec: gardencorev1beta1.ShootSpec{CloudProfileName: name, CloudProfile: ref}}
	}

	DescribeTable("BuildV1beta1CloudProfileReference",
		func(s *gardencorev1beta1.Shoot, want *gardencorev1beta1.CloudProfileReference) {
			got := BuildV1beta1CloudProfileReference(s)
			Expect(got).To(Equal(want))
			if s != nil && s.Spec.CloudProfile != nil {
				Expect(got).NotTo(BeIdenticalTo(s.Spec.CloudProfile), "a copy")
			}
		},
		Entry("no Shoot", nil, nil),
		Entry("no reference", v1beta1Shoot(nil, nil), nil),
		Entry("an empty name", v1beta1Shoot(ptr.To(""), nil), nil),
		Entry("from the name", v1beta1Shoot(ptr.To("local"), nil), &gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: "local"}),
		Entry("the reference wins, kind defaulted", v1beta1Shoot(ptr.To("aws"), &gardencorev1beta1.CloudProfileReference{Name: "local"}),
			&gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: "local"}),
		Entry("a NamespacedCloudProfile", v1beta1Shoot(nil, &gardencorev1beta1.CloudProfileReference{Kind: "NamespacedCloudProfile", Name: "custom"}),
			&gardencorev1beta1.CloudProfileReference{Kind: "NamespacedCloudProfile", Name: "custom"}),
	)

	DescribeTable("GetCloudProfile reads the referenced profile; a NamespacedCloudProfile as a CloudProfile of its name with the merged spec",
		func(s *gardencorev1beta1.Shoot, wantNamespace, wantName, wantType, wantErr string) {
			scheme := runtime.NewScheme()
			Expect(gardencorev1beta1.AddToScheme(scheme)).To(Succeed())
			reader := fake.NewClientBuilder().WithScheme(scheme).WithObjects(cloudProfile, namespaced).Build()
			profile, err := GetCloudProfile(context.Background(), reader, s)
			if wantErr != "" {
				Expect(err).To(MatchError(ContainSubstring(wantErr)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(profile.Namespace).To(Equal(wantNamespace))
			Expect(profile.Name).To(Equal(wantName))
			Expect(profile.Spec.Type).To(Equal(wantType))
		},
		Entry("a CloudProfile", v1beta1Shoot(ptr.To("local"), nil), "", "local", "local", ""),
		Entry("a NamespacedCloudProfile", v1beta1Shoot(nil, &gardencorev1beta1.CloudProfileReference{Kind: "NamespacedCloudProfile", Name: "custom"}),
			namespace, "custom", "merged", ""),
		Entry("a missing CloudProfile", v1beta1Shoot(ptr.To("gone"), nil), "", "", "", `"gone" not found`),
		Entry("a missing NamespacedCloudProfile", v1beta1Shoot(nil, &gardencorev1beta1.CloudProfileReference{Kind: "NamespacedCloudProfile", Name: "gone"}),
			"", "", "", `"gone" not found`),
		Entry("another kind", v1beta1Shoot(nil, &gardencorev1beta1.CloudProfileReference{Kind: "SecretBinding", Name: "local"}),
			"", "", "", `unsupported cloud profile kind "SecretBinding"`),
		Entry("no reference", v1beta1Shoot(nil, nil), "", "", "", "could not determine cloudprofile from shoot"),
	)

	DescribeTable("GetCloudProfileSpec reads the referenced spec from the listers",
		func(name *string, ref *core.CloudProfileReference, wantType string, wantNotFound bool, wantErr string) {
			indexer := cache.NewIndexer(cache.MetaNamespaceKeyFunc, cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc})
			Expect(indexer.Add(cloudProfile)).To(Succeed())
			Expect(indexer.Add(namespaced)).To(Succeed())
			s := &core.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: namespace}, Spec: core.ShootSpec{CloudProfileName: name, CloudProfile: ref}}
			spec, err := GetCloudProfileSpec(gardencorev1beta1listers.NewCloudProfileLister(indexer), gardencorev1beta1listers.NewNamespacedCloudProfileLister(indexer), s)
			switch {
			case wantNotFound:
				Expect(apierrors.IsNotFound(err)).To(BeTrue(), "%v", err)
			case wantErr != "":
				Expect(err).To(MatchError(wantErr))
			case wantType == "":
				Expect(err).NotTo(HaveOccurred())
				Expect(spec).To(BeNil())
			default:
				Expect(err).NotTo(HaveOccurred())
				Expect(spec.Type).To(Equal(wantType))
			}
		},
		Entry("a CloudProfile by name", ptr.To("local"), nil, "local", false, ""),
		Entry("a NamespacedCloudProfile's merged spec", nil, &core.CloudProfileReference{Kind: "NamespacedCloudProfile", Name: "custom"}, "merged", false, ""),
		Entry("a missing CloudProfile", nil, &core.CloudProfileReference{Kind: "CloudProfile", Name: "gone"}, "", true, ""),
		Entry("a missing NamespacedCloudProfile", nil, &core.CloudProfileReference{Kind: "NamespacedCloudProfile", Name: "gone"}, "", true, ""),
		Entry("another kind", nil, &core.CloudProfileReference{Kind: "SecretBinding", Name: "local"}, "", false,
			`could not find referenced cloud profile with kind "SecretBinding"`),
		Entry("no reference", nil, nil, "", false, ""),
	)
})
