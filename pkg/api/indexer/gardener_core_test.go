// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package indexer_test

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	. "github.com/gep-78/gardener/pkg/api/indexer"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
)

// recordingFieldIndexer records the index registered with it.
type recordingFieldIndexer struct {
	obj     client.Object
	field   string
	extract client.IndexerFunc
	err     error
}

func (f *recordingFieldIndexer) IndexField(_ context.Context, obj client.Object, field string, extract client.IndexerFunc) error {
	f.obj, f.field, f.extract = obj, field, extract
	return f.err
}

var _ = Describe("Core indexers", func() {
	shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{
		{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}}},
		{Type: "shoot-falco-service", Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco"}}},
	}}}

	// pooled pins traefik for the Shoot, runsc in pool sandbox and driver in pool gpu.
	pooled := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
		Extensions: []gardencorev1beta1.Extension{{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}}}},
		Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{
			{Name: "sandbox", CRI: &gardencorev1beta1.CRI{ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{
				{Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{{Name: "runsc", Version: ptr.To("1.1.0")}}}}}},
			{Name: "gpu", Extensions: []gardencorev1beta1.WorkerExtension{
				{Type: "gpu-driver", Components: []gardencorev1beta1.ExtensionComponent{{Name: "driver", Version: ptr.To("570")}, {Name: "toolkit"}}}}},
		}},
	}}

	DescribeTable("#ShootPinnedExtensionTypesIndexerFunc",
		func(obj client.Object, expected []string) {
			Expect(ShootPinnedExtensionTypesIndexerFunc(obj)).To(Equal(expected))
		},
		Entry("a Shoot: the types with pins", shoot, []string{"shoot-traefik"}),
		Entry("another object", &gardencorev1beta1.ExtensionProfile{}, nil),
		Entry("a Shoot with pool pins", pooled, []string{"containerruntime-gvisor", "gpu-driver", "shoot-traefik"}),
	)

	DescribeTable("#ShootPinIndexers: ShootPinnedExtensionTypeIndex",
		func(obj any, expected []string) {
			values, err := ShootPinIndexers()[ShootPinnedExtensionTypeIndex](obj)
			Expect(err).NotTo(HaveOccurred())
			Expect(values).To(Equal(expected))
		},
		Entry("types with a pinned version, sorted and unique", &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{
			{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}}},
			{Type: "envoy-gateway", Components: []gardencorev1beta1.ExtensionComponent{{Name: "gateway", Version: ptr.To("")}, {Name: "proxy", Version: ptr.To("1.2.0")}}},
			{Type: "shoot-falco-service", Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco"}}},
			{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.7.0")}}},
		}}}, []string{"envoy-gateway", "shoot-traefik"}),
		Entry("a disabled extension's pins count", &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{
			{Type: "shoot-traefik", Disabled: ptr.To(true), Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}}},
		}}}, []string{"shoot-traefik"}),
		Entry("an empty version is no pin", &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{
			{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("")}}},
		}}}, nil),
		Entry("no pins", &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{{Type: "shoot-traefik"}}}}, nil),
		Entry("another object", &gardencorev1beta1.ExtensionProfile{}, nil),
		Entry("a pool's runtime and override pins, by profile name, sorted with the Shoot's", pooled, []string{"containerruntime-gvisor", "gpu-driver", "shoot-traefik"}),
	)

	Describe("pinned component indexes", func() {
		multi := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{
			{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}}},
			{Type: "shoot-falco-service", Disabled: ptr.To(true), Components: []gardencorev1beta1.ExtensionComponent{
				{Name: "falco", Version: ptr.To("0.44.1")},
				{Name: "falcosidekick", Version: ptr.To("")},
				{Name: "falcoctl"},
			}},
			// A second entry of the same type repeats a pin and adds a version.
			{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}, {Name: "traefik", Version: ptr.To("3.7.0")}}},
		}}}

		It("should key every pinned component once, disabled extensions included", func() {
			Expect(ShootPinnedComponents(multi)).To(ConsistOf("shoot-traefik/traefik", "shoot-falco-service/falco"))
		})

		It("should key every pinned version once", func() {
			Expect(ShootPinnedComponentVersions(multi)).To(ConsistOf(
				"shoot-traefik/traefik/3.6.13", "shoot-traefik/traefik/3.7.0", "shoot-falco-service/falco/0.44.1"))
			Expect(ShootPinnedComponentVersions(multi)).To(ContainElement(PinnedComponentVersionKey("shoot-falco-service", "falco", "0.44.1")))
			Expect(ShootPinnedComponents(multi)).To(ContainElement(PinnedComponentKey("shoot-traefik", "traefik")))
		})

		It("should key the pins of pools by profile name", func() {
			Expect(ShootPinnedComponents(pooled)).To(ConsistOf("shoot-traefik/traefik", "containerruntime-gvisor/runsc", "gpu-driver/driver"))
			Expect(ShootPinnedComponentVersions(pooled)).To(ConsistOf("shoot-traefik/traefik/3.6.13", "containerruntime-gvisor/runsc/1.1.0", "gpu-driver/driver/570"))
		})

		It("should have no values for Shoots without pins and for other objects", func() {
			unpinned := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{{Type: "shoot-traefik"}}}}
			Expect(ShootPinnedComponents(unpinned)).To(BeNil())
			Expect(ShootPinnedComponentVersions(unpinned)).To(BeNil())
			Expect(ShootPinnedComponentVersions(&gardencorev1beta1.ExtensionProfile{})).To(BeNil())
			Expect(ShootPinnedComponents("not an object")).To(BeNil())
		})

		It("should have no values for a Shoot being deleted", func() {
			deleting := multi.DeepCopy()
			deleting.DeletionTimestamp = &metav1.Time{}
			Expect(ShootPinnedComponents(deleting)).To(BeNil())
			Expect(ShootPinnedComponentVersions(deleting)).To(BeNil())
			values, err := ShootPinIndexers()[ShootPinnedExtensionTypeIndex](deleting)
			Expect(err).NotTo(HaveOccurred())
			Expect(values).To(BeEmpty())
		})
	})

	Describe("#AddShootPinnedExtensionTypes", func() {
		It("registers the index on Shoots", func() {
			indexer := &recordingFieldIndexer{}
			Expect(AddShootPinnedExtensionTypes(context.Background(), indexer)).To(Succeed())
			Expect(indexer.obj).To(BeAssignableToTypeOf(&gardencorev1beta1.Shoot{}))
			Expect(indexer.field).To(Equal("spec.extensions.pinnedTypes"))
			Expect(indexer.extract(shoot)).To(Equal([]string{"shoot-traefik"}))
		})

		It("wraps the error", func() {
			indexer := &recordingFieldIndexer{err: errors.New("boom")}
			Expect(AddShootPinnedExtensionTypes(context.Background(), indexer)).To(MatchError(
				"failed to add indexer for spec.extensions.pinnedTypes to Shoot informer: boom"))
		})
	})

	DescribeTable("#ShootExtensionComponentMovesIndexerFunc",
		func(moves []gardencorev1beta1.ExtensionComponentMove, deleting bool, expected []string) {
			s := &gardencorev1beta1.Shoot{Status: gardencorev1beta1.ShootStatus{ExtensionComponentMoves: moves}}
			if deleting {
				s.DeletionTimestamp = &metav1.Time{}
			}
			Expect(ShootExtensionComponentMovesIndexerFunc(s)).To(Equal(expected))
		},
		Entry("no moves", nil, false, nil),
		Entry("the version of each move, once", []gardencorev1beta1.ExtensionComponentMove{
			{Type: "shoot-traefik", Component: "traefik", From: "3.6.13", To: "3.7.0"},
			{Type: "shoot-traefik", Component: "traefik", WorkerPool: ptr.To("gpu"), From: "3.6.12", To: "3.7.0"},
			{Type: "shoot-falco-service", Component: "falco", From: "0.44.1", To: "0.44.2"},
		}, false, []string{"shoot-traefik/traefik/3.7.0", "shoot-falco-service/falco/0.44.2"}),
		Entry("a Shoot being deleted", []gardencorev1beta1.ExtensionComponentMove{{Type: "shoot-traefik", Component: "traefik", To: "3.7.0"}}, true, nil),
	)

	It("#AddShootExtensionComponentMoves registers the index on Shoots", func() {
		indexer := &recordingFieldIndexer{}
		Expect(AddShootExtensionComponentMoves(context.Background(), indexer)).To(Succeed())
		Expect(indexer.field).To(Equal(ShootExtensionComponentMovesField))
		Expect(indexer.extract(&gardencorev1beta1.ExtensionProfile{})).To(BeNil())
		Expect(AddShootExtensionComponentMoves(context.Background(), &recordingFieldIndexer{err: errors.New("boom")})).To(MatchError(ContainSubstring("boom")))
	})

	Describe("#AddShootPinIndexers", func() {
		It("adds the missing pin indexes once, and the informer's indexer lists Shoots by pinned version", func() {
			informer := gardencoreinformers.NewSharedInformerFactory(nil, 0).Core().V1beta1().Shoots().Informer()
			first, err := AddShootPinIndexers(informer)
			Expect(err).NotTo(HaveOccurred())
			second, err := AddShootPinIndexers(informer)
			Expect(err).NotTo(HaveOccurred(), "a second plugin on the same informer reuses the indexes")
			Expect(second).To(BeIdenticalTo(first))
			Expect(informer.GetIndexer().GetIndexers()).To(HaveKey(ShootPinnedComponentVersionIndex))

			Expect(informer.GetStore().Add(shoot)).To(Succeed())
			Expect(first.ByIndex(ShootPinnedComponentVersionIndex, PinnedComponentVersionKey("shoot-traefik", "traefik", "3.6.13"))).To(ConsistOf(shoot))
			Expect(first.ByIndex(ShootPinnedComponentIndex, PinnedComponentKey("shoot-traefik", "traefik"))).To(ConsistOf(shoot))
			Expect(first.ByIndex(ShootPinnedExtensionTypeIndex, "shoot-traefik")).To(ConsistOf(shoot))
			Expect(first.ByIndex(ShootPinnedExtensionTypeIndex, "shoot-falco-service")).To(BeEmpty())
		})
	})
})
