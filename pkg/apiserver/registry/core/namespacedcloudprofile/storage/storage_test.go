// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package storage

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/storage"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/apiserver/pkg/storage/storagebackend/factory"
	"k8s.io/client-go/tools/cache"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/apiserver/registry/core/namespacedcloudprofile"
)

// noStorage completes a store without a backend: the tests only look at the stores' wiring.
var noStorage = generic.RESTOptions{
	StorageConfig:  &storagebackend.ConfigForResource{},
	ResourcePrefix: "namespacedcloudprofiles",
	Decorator: func(*storagebackend.ConfigForResource, string, func(runtime.Object) (string, error), func() runtime.Object,
		func() runtime.Object, storage.AttrFunc, storage.IndexerFuncs, *cache.Indexers) (storage.Interface, factory.DestroyFunc, error) {
		return nil, func() {}, nil
	},
}

type failingGetter struct{}

func (failingGetter) GetRESTOptions(schema.GroupResource, runtime.Object) (generic.RESTOptions, error) {
	return generic.RESTOptions{}, errors.New("no options")
}

var _ = Describe("NewStorage", func() {
	It("serves the status with the status strategy on the same resource", func() {
		storage := NewStorage(noStorage)
		main, status := storage.NamespacedCloudProfile, storage.Status
		Expect(main.UpdateStrategy).To(Equal(namespacedcloudprofile.Strategy))
		Expect(status.store.UpdateStrategy).To(Equal(namespacedcloudprofile.StatusStrategy))
		Expect(status.GetResetFields()).To(Equal(namespacedcloudprofile.StatusStrategy.GetResetFields()))
		Expect(main.GetResetFields()).To(Equal(namespacedcloudprofile.Strategy.GetResetFields()))
		Expect(status.New()).To(Equal(&core.NamespacedCloudProfile{}))
		Expect(status.store.DefaultQualifiedResource).To(Equal(main.DefaultQualifiedResource))
		Expect(main.ShortNames()).To(ConsistOf("nsprofile", "nscpfl"))
	})

	It("prints the status like the main resource", func() {
		main, status := NewREST(noStorage)
		profile := &core.NamespacedCloudProfile{ObjectMeta: metav1.ObjectMeta{Name: "custom", Namespace: "garden-dev"}}
		want, err := main.ConvertToTable(context.Background(), profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(status.ConvertToTable(context.Background(), profile, nil)).To(Equal(want))
	})

	It("panics when the store cannot be completed", func() {
		Expect(func() { NewREST(failingGetter{}) }).To(PanicWith(MatchError(ContainSubstring("no options"))))
	})
})
