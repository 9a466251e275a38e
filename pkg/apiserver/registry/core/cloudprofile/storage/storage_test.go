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
	"github.com/gep-78/gardener/pkg/apiserver/registry/core/cloudprofile"
)

// noStorage completes a store without a backend: the tests only look at the stores' wiring.
var noStorage = generic.RESTOptions{
	StorageConfig:  &storagebackend.ConfigForResource{},
	ResourcePrefix: "cloudprofiles",
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
		Expect(main.UpdateStrategy).To(Equal(cloudprofile.NewStrategy(clock.RealClock{})))
		Expect(status.store.UpdateStrategy).To(Equal(cloudprofile.NewStatusStrategy(clock.RealClock{})))
		Expect(status.GetResetFields()).To(Equal(cloudprofile.NewStatusStrategy(nil).GetResetFields()))
		Expect(main.GetResetFields()).To(Equal(cloudprofile.NewStrategy(nil).GetResetFields()))
		Expect(status.New()).To(Equal(&core.CloudProfile{}))
		Expect(status.store.DefaultQualifiedResource).To(Equal(main.DefaultQualifiedResource))
	})

	It("prints the status like the main resource", func() {
		main, status := NewREST(noStorage)
		profile := &core.CloudProfile{ObjectMeta: metav1.ObjectMeta{Name: "local"}, Spec: core.CloudProfileSpec{Type: "local"}}
		want, err := main.ConvertToTable(context.Background(), profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(status.ConvertToTable(context.Background(), profile, nil)).To(Equal(want))
	})

	It("passes the clock of NewRESTWithClock to both strategies", func() {
		c := testclock.NewFakePassiveClock(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
		storage := NewStorageWithClock(noStorage, c)
		Expect(storage.CloudProfile.UpdateStrategy).To(HaveField("Clock", BeIdenticalTo(c)))
		Expect(storage.Status.store.UpdateStrategy).To(HaveField("Clock", BeIdenticalTo(c)))
	})

	It("panics when the store cannot be completed", func() {
		Expect(func() { NewREST(failingGetter{}) }).To(PanicWith(MatchError(ContainSubstring("no options"))))
	})
})
