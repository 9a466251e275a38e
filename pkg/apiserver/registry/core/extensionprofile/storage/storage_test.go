// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package storage

import (
	"context"
	"errors"
	"time"

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
	"k8s.io/utils/clock"
	testclock "k8s.io/utils/clock/testing"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/apiserver/registry/core/extensionprofile"
)

// noStorage completes a store without a backend: the tests only look at the stores' wiring.
var noStorage = generic.RESTOptions{
	StorageConfig:  &storagebackend.ConfigForResource{},
	ResourcePrefix: "extensionprofiles",
	Decorator: func(*storagebackend.ConfigForResource, string, func(runtime.Object) (string, error), func() runtime.Object,
		func() runtime.Object, storage.AttrFunc, storage.IndexerFuncs, *cache.Indexers) (storage.Interface, factory.DestroyFunc, error) {
		return nil, func() {}, nil
	},
}

type failingGetter struct{}

func (failingGetter) GetRESTOptions(schema.GroupResource, runtime.Object) (generic.RESTOptions, error) {
	return generic.RESTOptions{}, errors.New("no options")
}

var _ = Describe("NewREST", func() {
	It("serves the status with the status strategy on the same resource and the real clock", func() {
		main, status := NewREST(noStorage)
		Expect(main.UpdateStrategy).To(Equal(extensionprofile.NewStrategy(clock.RealClock{})))
		Expect(status.store.UpdateStrategy).To(Equal(extensionprofile.NewStatusStrategy(clock.RealClock{})))
		Expect(status.GetResetFields()).To(Equal(extensionprofile.NewStatusStrategy(nil).GetResetFields()))
		Expect(main.GetResetFields()).To(Equal(extensionprofile.NewStrategy(nil).GetResetFields()))
		Expect(status.New()).To(Equal(&core.ExtensionProfile{}))
		Expect(status.store.DefaultQualifiedResource).To(Equal(main.DefaultQualifiedResource))
	})

	It("prints the status like the main resource", func() {
		main, status := NewREST(noStorage)
		profile := &core.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "shoot-traefik"}}
		want, err := main.ConvertToTable(context.Background(), profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(status.ConvertToTable(context.Background(), profile, nil)).To(Equal(want))
	})

	It("passes the clock of NewRESTWithClock to both strategies", func() {
		c := testclock.NewFakePassiveClock(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
		storage := NewStorageWithClock(noStorage, c)
		Expect(storage.ExtensionProfile.UpdateStrategy).To(HaveField("Clock", BeIdenticalTo(c)))
		Expect(storage.Status.store.UpdateStrategy).To(HaveField("Clock", BeIdenticalTo(c)))
	})

	It("stores ExtensionProfiles as a cluster-scoped resource with short names", func() {
		storage := NewStorage(noStorage)
		main := storage.ExtensionProfile
		Expect(main.NewFunc()).To(Equal(&core.ExtensionProfile{}))
		Expect(main.NewListFunc()).To(Equal(&core.ExtensionProfileList{}))
		Expect(main.DefaultQualifiedResource).To(Equal(schema.GroupResource{Group: "core.gardener.cloud", Resource: "extensionprofiles"}))
		Expect(main.SingularQualifiedResource).To(Equal(schema.GroupResource{Group: "core.gardener.cloud", Resource: "extensionprofile"}))
		Expect(main.NamespaceScoped()).To(BeFalse())
		Expect(main.ShortNames()).To(Equal([]string{"eprofile", "epfl"}))
		Expect(main.CreateStrategy).To(Equal(extensionprofile.NewStrategy(clock.RealClock{})))
		Expect(main.DeleteStrategy).To(Equal(extensionprofile.NewStrategy(clock.RealClock{})))
		Expect(storage.Status.store.CreateStrategy).To(Equal(main.CreateStrategy), "the status subresource creates nothing of its own")
	})

	It("takes garbage collection from the options and prints a table with the profile's columns", func() {
		withGC := noStorage
		withGC.EnableGarbageCollection = true
		main, _ := NewREST(withGC)
		Expect(main.EnableGarbageCollection).To(BeTrue())
		table, err := main.ConvertToTable(context.Background(), &core.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "shoot-traefik"}}, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(table.ColumnDefinitions).To(HaveLen(10))
		Expect(table.Rows[0].Cells[0]).To(Equal("shoot-traefik"))
	})

	It("panics when the store cannot be completed", func() {
		Expect(func() { NewREST(failingGetter{}) }).To(PanicWith(MatchError(ContainSubstring("no options"))))
	})
})
