// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package utils_test

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencorefake "github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	gardencorev1beta1listers "github.com/gep-78/gardener/pkg/client/core/listers/core/v1beta1"
	. "github.com/gep-78/gardener/plugin/pkg/utils"
)

var _ = Describe("CloudProfileListers", func() {
	var (
		client  *gardencorefake.Clientset
		listers CloudProfileListers
	)

	BeforeEach(func() {
		// Every read fails as client-go fails a request it refuses to send.
		client = gardencorefake.NewSimpleClientset()
		client.PrependReactor("*", "*", func(clienttesting.Action) (bool, runtime.Object, error) {
			return true, nil, errors.New("resource name may not be empty")
		})
		indexer := cache.NewIndexer(cache.MetaNamespaceKeyFunc, cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc})
		listers = CloudProfileListers{
			CloudProfiles:           gardencorev1beta1listers.NewCloudProfileLister(indexer),
			NamespacedCloudProfiles: gardencorev1beta1listers.NewNamespacedCloudProfileLister(indexer),
			Client:                  client,
		}
	})

	DescribeTable("a name no object can have is not found, without a read",
		func(name string) {
			Expect(CanBeObjectName(name)).To(BeFalse())
			for _, kind := range []string{"CloudProfile", "NamespacedCloudProfile"} {
				spec, merged, err := listers.GetCloudProfileSpec(context.Background(), "garden-dev", &gardencorev1beta1.CloudProfileReference{Kind: kind, Name: name})
				Expect(err).NotTo(HaveOccurred(), kind)
				Expect(spec).To(BeNil(), kind)
				Expect(merged).To(BeFalse(), kind)

				shoot := &core.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev"}, Spec: core.ShootSpec{CloudProfile: &core.CloudProfileReference{Kind: kind, Name: name}}}
				spec, fieldErr, err := listers.GetShootCloudProfileSpec(context.Background(), shoot, nil)
				Expect(err).NotTo(HaveOccurred(), kind)
				Expect(spec).To(BeNil(), kind)
				Expect(fieldErr).To(Equal(field.NotFound(field.NewPath("spec", "cloudProfile", "name"), name)), kind)
			}
			Expect(client.Actions()).To(BeEmpty())
		},
		Entry("empty", ""),
		Entry("blank", " "),
		Entry("a path", "a/b"),
		Entry("a dot segment", ".."),
		Entry("an escape", "a%2F"),
		Entry("upper case", "Local"),
	)

	It("reads a name an object can have live on a lister miss", func() {
		Expect(CanBeObjectName("local")).To(BeTrue())
		_, _, err := listers.GetCloudProfileSpec(context.Background(), "", &gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: "local"})
		Expect(err).To(MatchError(ContainSubstring(`could not get CloudProfile "local"`)))
		Expect(client.Actions()).To(HaveLen(1))
	})
})

var _ = Describe("CloudProfileListers.GetShootCloudProfileSpec", func() {
	const namespace = "garden-dev"
	var (
		cached = &gardencorev1beta1.CloudProfile{ObjectMeta: metav1.ObjectMeta{Name: "cached"}, Spec: gardencorev1beta1.CloudProfileSpec{Type: "local"}}
		live   = &gardencorev1beta1.CloudProfile{ObjectMeta: metav1.ObjectMeta{Name: "live"}, Spec: gardencorev1beta1.CloudProfileSpec{Type: "local"}}
		merged = &gardencorev1beta1.NamespacedCloudProfile{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "merged"},
			Status: gardencorev1beta1.NamespacedCloudProfileStatus{CloudProfileSpec: gardencorev1beta1.CloudProfileSpec{Type: "local"}}}
		unmerged = &gardencorev1beta1.NamespacedCloudProfile{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "unmerged"}}
	)

	listers := func() CloudProfileListers {
		indexer := cache.NewIndexer(cache.MetaNamespaceKeyFunc, cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc})
		Expect(indexer.Add(cached)).To(Succeed())
		Expect(indexer.Add(merged)).To(Succeed())
		Expect(indexer.Add(unmerged)).To(Succeed())
		return CloudProfileListers{
			CloudProfiles:           gardencorev1beta1listers.NewCloudProfileLister(indexer),
			NamespacedCloudProfiles: gardencorev1beta1listers.NewNamespacedCloudProfileLister(indexer),
			Client:                  gardencorefake.NewSimpleClientset([]runtime.Object{live}...),
		}
	}
	shoot := func(kind, name string) *core.Shoot {
		s := &core.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "s"}}
		if kind == "" {
			s.Spec.CloudProfileName = ptr.To(name)
		} else {
			s.Spec.CloudProfile = &core.CloudProfileReference{Kind: kind, Name: name}
		}
		return s
	}
	namePath := field.NewPath("spec", "cloudProfile", "name")

	DescribeTable("returns the effective spec, or a field error only for a new reference",
		func(newShoot, oldShoot *core.Shoot, wantSpec bool, wantErr *field.Error) {
			spec, fieldErr, err := listers().GetShootCloudProfileSpec(context.Background(), newShoot, oldShoot)
			Expect(err).NotTo(HaveOccurred())
			Expect(spec != nil).To(Equal(wantSpec))
			if wantSpec {
				Expect(spec.Type).To(Equal("local"))
			}
			Expect(fieldErr).To(Equal(wantErr))
		},
		Entry("a cached CloudProfile", shoot("CloudProfile", "cached"), nil, true, nil),
		Entry("a CloudProfile by the deprecated name", shoot("", "cached"), nil, true, nil),
		Entry("a CloudProfile the cache misses, read live", shoot("CloudProfile", "live"), nil, true, nil),
		Entry("a merged NamespacedCloudProfile", shoot("NamespacedCloudProfile", "merged"), nil, true, nil),
		Entry("an unmerged NamespacedCloudProfile, new", shoot("NamespacedCloudProfile", "unmerged"), nil, false,
			field.Invalid(namePath, "unmerged", "the NamespacedCloudProfile has not been merged with its parent CloudProfile yet; retry in a moment")),
		Entry("an unmerged NamespacedCloudProfile, unchanged", shoot("NamespacedCloudProfile", "unmerged"), shoot("NamespacedCloudProfile", "unmerged"), false, nil),
		Entry("a missing CloudProfile, new", shoot("CloudProfile", "gone"), shoot("CloudProfile", "cached"), false, field.NotFound(namePath, "gone")),
		Entry("a missing CloudProfile by the deprecated name", shoot("", "gone"), nil, false, field.NotFound(field.NewPath("spec", "cloudProfileName"), "gone")),
		Entry("a missing CloudProfile, unchanged", shoot("CloudProfile", "gone"), shoot("CloudProfile", "gone"), false, nil),
		Entry("an unknown kind, new", shoot("SecretBinding", "cached"), nil, false,
			field.NotSupported(field.NewPath("spec", "cloudProfile", "kind"), "SecretBinding", []string{"CloudProfile", "NamespacedCloudProfile"})),
		Entry("an unknown kind, unchanged", shoot("SecretBinding", "cached"), shoot("SecretBinding", "cached"), false, nil),
		Entry("no reference", &core.Shoot{}, nil, false, nil),
	)

	DescribeTable("GetCloudProfile returns the referenced profile of a v1beta1 Shoot, namespaced for a NamespacedCloudProfile",
		func(kind, name, wantNamespace string, want bool) {
			s := &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: namespace},
				Spec: gardencorev1beta1.ShootSpec{CloudProfile: &gardencorev1beta1.CloudProfileReference{Kind: kind, Name: name}}}
			profile := listers().GetCloudProfile(context.Background(), s)
			if !want {
				Expect(profile).To(BeNil())
				return
			}
			Expect(profile.Name).To(Equal(name))
			Expect(profile.Namespace).To(Equal(wantNamespace))
			Expect(profile.Spec.Type).To(Equal("local"))
		},
		Entry("a CloudProfile", "CloudProfile", "cached", "", true),
		Entry("a NamespacedCloudProfile", "NamespacedCloudProfile", "merged", namespace, true),
		Entry("an unmerged NamespacedCloudProfile", "NamespacedCloudProfile", "unmerged", "", false),
		Entry("a missing one", "CloudProfile", "gone", "", false),
	)
})
