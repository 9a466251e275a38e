// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package storage_test

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/registry/generic"
	apistorage "k8s.io/apiserver/pkg/storage"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/apiserver/pkg/storage/storagebackend/factory"
	"k8s.io/client-go/tools/cache"

	"github.com/gep-78/gardener/pkg/apis/core"
	. "github.com/gep-78/gardener/pkg/apiserver/storage"
)

// failingStore answers creates and updates with err; Get is passed to the embedded nil interface
// and so must not be reached.
type failingStore struct {
	apistorage.Interface
	err error
}

func (s failingStore) Create(context.Context, string, runtime.Object, runtime.Object, uint64) error {
	return s.err
}

func (s failingStore) GuaranteedUpdate(context.Context, string, runtime.Object, bool, *apistorage.Preconditions, apistorage.UpdateFunc, runtime.Object) error {
	return s.err
}

// getter returns options whose decorator yields a failingStore, or fails with decorateErr.
type getter struct {
	err, decorateErr, optionsErr error
	undecorated                  bool
}

func (g getter) GetRESTOptions(schema.GroupResource, runtime.Object) (generic.RESTOptions, error) {
	if g.optionsErr != nil {
		return generic.RESTOptions{}, g.optionsErr
	}
	if g.undecorated {
		return generic.RESTOptions{}, nil
	}
	return generic.RESTOptions{ResourcePrefix: "shoots", Decorator: func(*storagebackend.ConfigForResource, string, func(runtime.Object) (string, error),
		func() runtime.Object, func() runtime.Object, apistorage.AttrFunc, apistorage.IndexerFuncs, *cache.Indexers) (apistorage.Interface, factory.DestroyFunc, error) {
		if g.decorateErr != nil {
			return nil, nil, g.decorateErr
		}
		return failingStore{err: g.err}, func() {}, nil
	}}, nil
}

var (
	etcdTooLarge = errors.New("etcdserver: request is too large")
	grpcTooLarge = status.Error(codes.ResourceExhausted, "trying to send message larger than max (3145728 vs. 2097152)")
)

var _ = DescribeTable("IsRequestTooLarge",
	func(err error, want bool) {
		Expect(IsRequestTooLarge(err)).To(Equal(want))
	},
	Entry("nil", nil, false),
	Entry("etcd's request too large", etcdTooLarge, true),
	Entry("gRPC's message too large", grpcTooLarge, true),
	Entry("another exhausted resource", status.Error(codes.ResourceExhausted, "etcdserver: too many requests"), false),
	Entry("too large in another code", status.Error(codes.Internal, "message larger than max"), false),
	Entry("another error", errors.New("boom"), false),
)

var _ = Describe("WithRequestTooLarge", func() {
	storageOf := func(g getter) apistorage.Interface {
		GinkgoHelper()
		opts, err := WithRequestTooLarge(g).GetRESTOptions(core.Resource("shoots"), &core.Shoot{})
		Expect(err).NotTo(HaveOccurred())
		s, destroy, err := opts.Decorator(&storagebackend.ConfigForResource{}, "shoots", nil, nil, nil, nil, nil, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(destroy).NotTo(BeNil())
		return s
	}

	DescribeTable("answers a write etcd refuses for its size with 413 and passes other errors unchanged",
		func(err error, wantTooLarge bool) {
			s := storageOf(getter{err: err})
			for _, got := range []error{
				s.Create(context.Background(), "/shoots/a", &core.Shoot{}, &core.Shoot{}, 0),
				s.GuaranteedUpdate(context.Background(), "/shoots/a", &core.Shoot{}, false, nil, nil, nil),
			} {
				if wantTooLarge {
					Expect(apierrors.IsRequestEntityTooLargeError(got)).To(BeTrue())
					Expect(got).To(MatchError(ContainSubstring("the object exceeds the storage limit: " + err.Error())))
					continue
				}
				if err == nil {
					Expect(got).NotTo(HaveOccurred())
					continue
				}
				Expect(got).To(BeIdenticalTo(err))
			}
		},
		Entry("etcd's request too large", etcdTooLarge, true),
		Entry("gRPC's message too large", grpcTooLarge, true),
		Entry("a conflict", apierrors.NewConflict(core.Resource("shoots"), "a", errors.New("changed")), false),
		Entry("no error", nil, false),
	)

	It("returns the errors of the options and of the decorator", func() {
		_, err := WithRequestTooLarge(getter{optionsErr: errors.New("no options")}).GetRESTOptions(core.Resource("shoots"), &core.Shoot{})
		Expect(err).To(MatchError("no options"))

		opts, err := WithRequestTooLarge(getter{decorateErr: errors.New("no backend")}).GetRESTOptions(core.Resource("shoots"), &core.Shoot{})
		Expect(err).NotTo(HaveOccurred())
		_, _, err = opts.Decorator(&storagebackend.ConfigForResource{}, "shoots", nil, nil, nil, nil, nil, nil)
		Expect(err).To(MatchError("no backend"))
	})

	It("decorates undecorated options", func() {
		opts, err := WithRequestTooLarge(getter{undecorated: true}).GetRESTOptions(core.Resource("shoots"), &core.Shoot{})
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Decorator).NotTo(BeNil())
	})
})
