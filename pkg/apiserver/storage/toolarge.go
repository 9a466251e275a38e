// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package storage decorates gardener-apiserver's etcd storage.
package storage

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/storage"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/apiserver/pkg/storage/storagebackend/factory"
	"k8s.io/client-go/tools/cache"
)

// WithRequestTooLarge returns a RESTOptionsGetter whose storage reports a write that etcd
// refuses for its size ("etcdserver: request is too large", or a gRPC ResourceExhausted from the
// client's message limit) as 413 Request Entity Too Large instead of an internal error. The
// request body limit (--max-resource-write-bytes) rejects large requests before they get here;
// this covers objects that grow past the storage limit through many smaller updates.
func WithRequestTooLarge(getter generic.RESTOptionsGetter) generic.RESTOptionsGetter {
	return requestTooLargeGetter{getter}
}

type requestTooLargeGetter struct {
	generic.RESTOptionsGetter
}

func (g requestTooLargeGetter) GetRESTOptions(resource schema.GroupResource, example runtime.Object) (generic.RESTOptions, error) {
	opts, err := g.RESTOptionsGetter.GetRESTOptions(resource, example)
	if err != nil {
		return opts, err
	}
	decorator := opts.Decorator
	if decorator == nil {
		decorator = generic.UndecoratedStorage
	}
	opts.Decorator = func(config *storagebackend.ConfigForResource, resourcePrefix string, keyFunc func(runtime.Object) (string, error),
		newFunc, newListFunc func() runtime.Object, getAttrs storage.AttrFunc, trigger storage.IndexerFuncs, indexers *cache.Indexers,
	) (storage.Interface, factory.DestroyFunc, error) {
		s, destroy, err := decorator(config, resourcePrefix, keyFunc, newFunc, newListFunc, getAttrs, trigger, indexers)
		if err != nil {
			return nil, nil, err
		}
		return requestTooLargeStorage{Interface: s}, destroy, nil
	}
	return opts, nil
}

type requestTooLargeStorage struct {
	storage.Interface
}

func (s requestTooLargeStorage) Create(ctx context.Context, key string, obj, out runtime.Object, ttl uint64) error {
	return mapRequestTooLarge(s.Interface.Create(ctx, key, obj, out, ttl))
}

func (s requestTooLargeStorage) GuaranteedUpdate(ctx context.Context, key string, destination runtime.Object, ignoreNotFound bool,
	preconditions *storage.Preconditions, tryUpdate storage.UpdateFunc, cachedExistingObject runtime.Object) error {
	return mapRequestTooLarge(s.Interface.GuaranteedUpdate(ctx, key, destination, ignoreNotFound, preconditions, tryUpdate, cachedExistingObject))
}

// IsRequestTooLarge reports whether err is etcd refusing a write for its size: the server's
// "etcdserver: request is too large", or the gRPC client's ResourceExhausted "message larger than
// max" (other ResourceExhausted errors, e.g. "too many requests", are not size errors).
func IsRequestTooLarge(err error) bool {
	if err == nil {
		return false
	}
	msg := err.Error()
	return strings.Contains(msg, "etcdserver: request is too large") ||
		(status.Code(err) == codes.ResourceExhausted && strings.Contains(msg, "larger than max"))
}

func mapRequestTooLarge(err error) error {
	if !IsRequestTooLarge(err) {
		return err
	}
	return apierrors.NewRequestEntityTooLargeError(fmt.Sprintf("the object exceeds the storage limit: %v", err))
}
