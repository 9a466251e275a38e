// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package apiserver assembles gardener-apiserver, the aggregated API server of
// core.gardener.cloud: its configuration, the served API groups, the admission plugins and the
// request filters that are specific to it.
package apiserver

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/apiserver/pkg/registry/rest"
	openapibuilder3 "k8s.io/kube-openapi/pkg/builder3"
	openapicommon "k8s.io/kube-openapi/pkg/common"
	openapiutil "k8s.io/kube-openapi/pkg/util"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"k8s.io/utils/clock"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"
	genericapiserver "k8s.io/apiserver/pkg/server"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/apiserver/filters"
	corerest "github.com/gep-78/gardener/pkg/apiserver/registry/core/rest"
	apiserverstorage "github.com/gep-78/gardener/pkg/apiserver/storage"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
)

// ExtraConfig holds the configuration gardener-apiserver adds to the generic server's.
type ExtraConfig struct {
	// CoreInformerFactory is the informer factory of core.gardener.cloud (loopback client) that
	// the admission plugins read from. New starts it in a post-start hook; nil means none.
	CoreInformerFactory gardencoreinformers.SharedInformerFactory
	// Clock is the server's one time source for version classifications: the registry strategies
	// validate profile updates with it, and the admission plugins get the same clock. nil is the
	// real clock.
	Clock clock.PassiveClock
}

// Config is the configuration of gardener-apiserver.
type Config struct {
	GenericConfig *genericapiserver.RecommendedConfig
	ExtraConfig   ExtraConfig
}

type completedConfig struct {
	GenericConfig genericapiserver.CompletedConfig
	ExtraConfig   *ExtraConfig
	storage       *servedStorage
}

// CompletedConfig is a Config with defaults filled in, ready for New.
type CompletedConfig struct {
	*completedConfig
}

// GardenerServer is the running server.
type GardenerServer struct {
	GenericAPIServer *genericapiserver.GenericAPIServer
}

// Complete fills in defaults and installs the request filters of gardener-apiserver inside the
// generic handler chain; those that read stored objects do so once New has installed the storage.
func (c *Config) Complete() CompletedConfig {
	buildChain := c.GenericConfig.BuildHandlerChainFunc
	if buildChain == nil {
		buildChain = genericapiserver.DefaultBuildHandlerChain
	}
	storage := &servedStorage{}
	c.GenericConfig.BuildHandlerChainFunc = func(apiHandler http.Handler, config *genericapiserver.Config) http.Handler {
		kinds := servedKinds()
		models := sync.OnceValues(func() (map[string]*spec.Schema, error) { return servedModels(config.OpenAPIV3Config) })
		handler := filters.WithDecodeFieldPaths(apiHandler, kinds, api.Scheme, api.Codecs)
		handler = filters.WithOpaqueStrategicMerge(handler, kinds, storage.getter, func(gvk schema.GroupVersionKind) (strategicpatch.LookupPatchMeta, error) {
			return patchMetaFor(models, gvk)
		}, api.Scheme, api.Codecs)
		handler = filters.WithApplyPatchValidation(handler, kinds, func() (managedfields.TypeConverter, error) {
			m, err := models()
			if err != nil {
				return nil, err
			}
			return managedfields.NewTypeConverter(m, false)
		}, api.Codecs)
		handler = filters.WithOpaqueValueChecks(handler, kinds, api.Scheme, api.Codecs)
		handler = filters.WithResourceVersionQuery(handler, api.Codecs)
		handler = filters.WithRequestBodyLimit(handler, config.MaxRequestBodyBytes, api.Codecs)
		return buildChain(handler, config)
	}
	return CompletedConfig{&completedConfig{
		GenericConfig: c.GenericConfig.Complete(),
		ExtraConfig:   &c.ExtraConfig,
		storage:       storage,
	}}
}

// servedModels returns the OpenAPI v3 models of the resources of core.gardener.cloud/v1beta1 as
// the server serves them, keyed by their served names, as k8s.io/apiserver builds them for its
// server-side apply type converter.
func servedModels(config *openapicommon.OpenAPIV3Config) (map[string]*spec.Schema, error) {
	if config == nil {
		return nil, errors.New("no OpenAPI v3 configuration")
	}
	definitions := GetOpenAPIDefinitions(func(name string) spec.Ref { return spec.MustCreateRef(name) })
	var names []string
	for kind := range api.Scheme.KnownTypes(gardencorev1beta1.SchemeGroupVersion) {
		obj, err := api.Scheme.New(gardencorev1beta1.SchemeGroupVersion.WithKind(kind))
		if err != nil {
			continue
		}
		name := openapiutil.GetCanonicalTypeName(obj)
		metadata := definitions[name].Schema.Properties["metadata"]
		if metadata.Ref.String() != "" && !strings.HasSuffix(kind, "List") {
			names = append(names, name)
		}
	}
	return openapibuilder3.BuildOpenAPIDefinitionsForResources(config, names...)
}

// patchMetaFor is the strategic-merge patch meta of kind gvk in the served OpenAPI v3 models,
// found by their x-kubernetes-group-version-kind as kubectl finds it.
func patchMetaFor(models func() (map[string]*spec.Schema, error), gvk schema.GroupVersionKind) (strategicpatch.LookupPatchMeta, error) {
	schemas, err := models()
	if err != nil {
		return nil, err
	}
	for _, s := range schemas {
		var kinds []schema.GroupVersionKind
		if s.Extensions.GetObject("x-kubernetes-group-version-kind", &kinds) == nil && slices.Contains(kinds, gvk) {
			return strategicpatch.PatchMetaFromOpenAPIV3{Schema: s, SchemaList: schemas}, nil
		}
	}
	return nil, fmt.Errorf("no OpenAPI model of %s", gvk)
}

// servedStorage is the REST storage of core.gardener.cloud/v1beta1 by resource ("shoots",
// "shoots/status"), set by New; the handler chain is built before it.
type servedStorage struct {
	storage atomic.Pointer[map[string]rest.Storage]
}

func (s *servedStorage) getter(resource string) rest.Getter {
	m := s.storage.Load()
	if m == nil {
		return nil
	}
	getter, _ := (*m)[resource].(rest.Getter)
	return getter
}

// servedKinds maps every resource of core.gardener.cloud/v1beta1 to its kind.
func servedKinds() map[schema.GroupResource]schema.GroupVersionKind {
	kinds := map[schema.GroupResource]schema.GroupVersionKind{}
	for kind := range api.Scheme.KnownTypes(gardencorev1beta1.SchemeGroupVersion) {
		gvk := gardencorev1beta1.SchemeGroupVersion.WithKind(kind)
		plural, _ := meta.UnsafeGuessKindToResource(gvk)
		kinds[plural.GroupResource()] = gvk
	}
	return kinds
}

// New creates the server and installs core.gardener.cloud/v1beta1 (cloudprofiles,
// extensionprofiles, shoots and their status subresources). Writes that etcd refuses for their
// size are reported as 413 (apiserverstorage.WithRequestTooLarge).
func (c completedConfig) New() (*GardenerServer, error) {
	genericServer, err := c.GenericConfig.New("gardener-apiserver", genericapiserver.NewEmptyDelegate())
	if err != nil {
		return nil, err
	}

	coreGroupInfo := corerest.StorageProvider{Clock: c.ExtraConfig.Clock}.NewRESTStorage(apiserverstorage.WithRequestTooLarge(c.GenericConfig.RESTOptionsGetter))
	if err := genericServer.InstallAPIGroups(&coreGroupInfo); err != nil {
		return nil, err
	}
	if c.storage != nil {
		storage := coreGroupInfo.VersionedResourcesStorageMap[gardencorev1beta1.SchemeGroupVersion.Version]
		c.storage.storage.Store(&storage)
	}

	if factory := c.ExtraConfig.CoreInformerFactory; factory != nil {
		if err := genericServer.AddPostStartHook("start-gardener-apiserver-informers", func(ctx genericapiserver.PostStartHookContext) error {
			factory.Start(ctx.Done())
			return nil
		}); err != nil {
			return nil, err
		}
	}
	return &GardenerServer{GenericAPIServer: genericServer}, nil
}
