// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package apiserver assembles gardener-apiserver, the aggregated API server of
// core.gardener.cloud: its configuration, the served API groups, the admission plugins and the
// request filters that are specific to it.
package apiserver

import (
	"errors"
	"net/http"
	"strings"

	"k8s.io/apimachinery/pkg/util/managedfields"
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
}

// CompletedConfig is a Config with defaults filled in, ready for New.
type CompletedConfig struct {
	*completedConfig
}

// GardenerServer is the running server.
type GardenerServer struct {
	GenericAPIServer *genericapiserver.GenericAPIServer
}

// Complete fills in defaults and installs the request filter of gardener-apiserver (field paths
// for values that cannot be decoded) inside the generic handler chain.
func (c *Config) Complete() CompletedConfig {
	buildChain := c.GenericConfig.BuildHandlerChainFunc
	if buildChain == nil {
		buildChain = genericapiserver.DefaultBuildHandlerChain
	}
	c.GenericConfig.BuildHandlerChainFunc = func(apiHandler http.Handler, config *genericapiserver.Config) http.Handler {
		kinds := servedKinds()
		handler := filters.WithDecodeFieldPaths(apiHandler, kinds, api.Scheme, api.Codecs)
		handler = filters.WithOpaqueStrategicMerge(handler, kinds, api.Scheme, api.Codecs)
		handler = filters.WithApplyPatchValidation(handler, kinds, func() (managedfields.TypeConverter, error) {
			return newTypeConverter(config.OpenAPIV3Config)
		}, api.Codecs)
		handler = filters.WithOpaqueValueChecks(handler, kinds, api.Scheme, api.Codecs)
		handler = filters.WithResourceVersionQuery(handler, api.Codecs)
		handler = filters.WithRequestBodyLimit(handler, config.MaxRequestBodyBytes, api.Codecs)
		return buildChain(handler, config)
	}
	return CompletedConfig{&completedConfig{
		GenericConfig: c.GenericConfig.Complete(),
		ExtraConfig:   &c.ExtraConfig,
	}}
}

// newTypeConverter returns the type converter of server-side apply over the served OpenAPI
// models of the resources of core.gardener.cloud/v1beta1, as k8s.io/apiserver builds it.
func newTypeConverter(config *openapicommon.OpenAPIV3Config) (managedfields.TypeConverter, error) {
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
	models, err := openapibuilder3.BuildOpenAPIDefinitionsForResources(config, names...)
	if err != nil {
		return nil, err
	}
	return managedfields.NewTypeConverter(models, false)
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
