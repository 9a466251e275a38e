// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package rest assembles the REST storage of the core.gardener.cloud API group.
package rest

import (
	"k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/registry/rest"
	genericapiserver "k8s.io/apiserver/pkg/server"
	"k8s.io/utils/clock"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	cloudprofilestore "github.com/gep-78/gardener/pkg/apiserver/registry/core/cloudprofile/storage"
	extensionprofilestore "github.com/gep-78/gardener/pkg/apiserver/registry/core/extensionprofile/storage"
	namespacedcloudprofilestore "github.com/gep-78/gardener/pkg/apiserver/registry/core/namespacedcloudprofile/storage"
	shootstore "github.com/gep-78/gardener/pkg/apiserver/registry/core/shoot/storage"
)

// StorageProvider builds the REST storage of core.gardener.cloud.
type StorageProvider struct {
	// Clock is the time source of the profile strategies; nil is the real clock.
	Clock clock.PassiveClock
}

// NewRESTStorage returns the APIGroupInfo of core.gardener.cloud.
func (p StorageProvider) NewRESTStorage(restOptionsGetter generic.RESTOptionsGetter) genericapiserver.APIGroupInfo {
	apiGroupInfo := genericapiserver.NewDefaultAPIGroupInfo(core.GroupName, api.Scheme, api.ParameterCodec, api.Codecs)
	apiGroupInfo.VersionedResourcesStorageMap[gardencorev1beta1.SchemeGroupVersion.Version] = p.v1beta1Storage(restOptionsGetter)
	return apiGroupInfo
}

func (p StorageProvider) v1beta1Storage(restOptionsGetter generic.RESTOptionsGetter) map[string]rest.Storage {
	storage := map[string]rest.Storage{}

	cloudProfileStorage := cloudprofilestore.NewStorageWithClock(restOptionsGetter, p.Clock)
	storage["cloudprofiles"] = cloudProfileStorage.CloudProfile
	storage["cloudprofiles/status"] = cloudProfileStorage.Status

	extensionProfileStorage := extensionprofilestore.NewStorageWithClock(restOptionsGetter, p.Clock)
	storage["extensionprofiles"] = extensionProfileStorage.ExtensionProfile
	storage["extensionprofiles/status"] = extensionProfileStorage.Status

	namespacedCloudProfileStorage := namespacedcloudprofilestore.NewStorage(restOptionsGetter)
	storage["namespacedcloudprofiles"] = namespacedCloudProfileStorage.NamespacedCloudProfile
	storage["namespacedcloudprofiles/status"] = namespacedCloudProfileStorage.Status

	shoot, shootStatus := shootstore.NewREST(restOptionsGetter, 0)
	storage["shoots"] = shoot
	storage["shoots/status"] = shootStatus

	return storage
}
