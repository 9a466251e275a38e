// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package initializer injects gardener-apiserver's informer factories and clients into the
// admission plugins that ask for them.
package initializer

import (
	"k8s.io/apiserver/pkg/admission"

	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
)

// WantsCoreInformerFactory is implemented by plugins that read core.gardener.cloud objects from
// informer caches. The plugin must refuse requests until the caches it uses have synced.
type WantsCoreInformerFactory interface {
	admission.InitializationValidator
	SetCoreInformerFactory(gardencoreinformers.SharedInformerFactory)
}

// WantsCoreClientSet is implemented by plugins that need a core.gardener.cloud client.
type WantsCoreClientSet interface {
	admission.InitializationValidator
	SetCoreClientSet(gardencoreclientset.Interface)
}

type pluginInitializer struct {
	coreInformers gardencoreinformers.SharedInformerFactory
	coreClient    gardencoreclientset.Interface
}

// New returns an admission.PluginInitializer that injects the given factory and client.
func New(coreInformers gardencoreinformers.SharedInformerFactory, coreClient gardencoreclientset.Interface) admission.PluginInitializer {
	return pluginInitializer{coreInformers: coreInformers, coreClient: coreClient}
}

// Initialize injects what the plugin asks for.
func (i pluginInitializer) Initialize(plugin admission.Interface) {
	if wants, ok := plugin.(WantsCoreInformerFactory); ok {
		wants.SetCoreInformerFactory(i.coreInformers)
	}
	if wants, ok := plugin.(WantsCoreClientSet); ok {
		wants.SetCoreClientSet(i.coreClient)
	}
}
