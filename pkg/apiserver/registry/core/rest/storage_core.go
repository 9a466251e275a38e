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

// NewRESTStorage returns the APIGroupInfo of core.gardener.cloud with version v1beta1 and the
// resources cloudprofiles, extensionprofiles, namespacedcloudprofiles and shoots, each with a status subresource.
func (p StorageProvider) NewRESTStorage(restOptionsGetter generic.RESTOptionsGetter) (genericapiserver.APIGroupInfo, error) {
	apiGroupInfo := genericapiserver.NewDefaultAPIGroupInfo(core.GroupName, api.Scheme, api.ParameterCodec, api.Codecs)

	storage, err := p.v1beta1Storage(restOptionsGetter)
	if err != nil {
		return genericapiserver.APIGroupInfo{}, err
	}
	apiGroupInfo.VersionedResourcesStorageMap[gardencorev1beta1.SchemeGroupVersion.Version] = storage
	return apiGroupInfo, nil
}

func (p StorageProvider) v1beta1Storage(restOptionsGetter generic.RESTOptionsGetter) (map[string]rest.Storage, error) {
	storage := map[string]rest.Storage{}

	cloudProfile, cloudProfileStatus, err := cloudprofilestore.NewREST(restOptionsGetter, p.Clock)
	if err != nil {
		return nil, err
	}
	storage["cloudprofiles"] = cloudProfile
	storage["cloudprofiles/status"] = cloudProfileStatus

	extensionProfile, extensionProfileStatus, err := extensionprofilestore.NewREST(restOptionsGetter, p.Clock)
	if err != nil {
		return nil, err
	}
	storage["extensionprofiles"] = extensionProfile
	storage["extensionprofiles/status"] = extensionProfileStatus

	namespacedCloudProfile, namespacedCloudProfileStatus, err := namespacedcloudprofilestore.NewREST(restOptionsGetter)
	if err != nil {
		return nil, err
	}
	storage["namespacedcloudprofiles"] = namespacedCloudProfile
	storage["namespacedcloudprofiles/status"] = namespacedCloudProfileStatus

	shoot, shootStatus, err := shootstore.NewREST(restOptionsGetter)
	if err != nil {
		return nil, err
	}
	storage["shoots"] = shoot
	storage["shoots/status"] = shootStatus

	return storage, nil
}
