// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package initializer injects gardener-apiserver's informer factories and clients into the
// admission plugins that ask for them.
package initializer

import (
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/utils/clock"

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

// WantsClock is implemented by plugins whose decisions depend on the time, e.g. the GEP-32
// classification of versions. The injected clock is the real clock in production; tests running
// gardener-apiserver in-process inject a fixed one.
type WantsClock interface {
	SetClock(clock.PassiveClock)
}

type pluginInitializer struct {
	coreInformers gardencoreinformers.SharedInformerFactory
	coreClient    gardencoreclientset.Interface
	clock         clock.PassiveClock
}

// New returns an admission.PluginInitializer that injects the given factory, client and clock.
// A nil clock means the real clock.
func New(coreInformers gardencoreinformers.SharedInformerFactory, coreClient gardencoreclientset.Interface, c clock.PassiveClock) admission.PluginInitializer {
	if c == nil {
		c = clock.RealClock{}
	}
	return pluginInitializer{coreInformers: coreInformers, coreClient: coreClient, clock: c}
}

// Initialize injects what the plugin asks for.
func (i pluginInitializer) Initialize(plugin admission.Interface) {
	if wants, ok := plugin.(WantsCoreInformerFactory); ok {
		wants.SetCoreInformerFactory(i.coreInformers)
	}
	if wants, ok := plugin.(WantsCoreClientSet); ok {
		wants.SetCoreClientSet(i.coreClient)
	}
	if wants, ok := plugin.(WantsClock); ok {
		wants.SetClock(i.clock)
	}
}
