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
