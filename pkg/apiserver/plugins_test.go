// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package apiserver_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apiserver/pkg/admission"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/apiserver"
	plugin "github.com/gep-78/gardener/plugin/pkg"
)

var _ = Describe("RegisterAllAdmissionPlugins", func() {
	It("registers exactly the plugins of the ordered list", func() {
		plugins := admission.NewPlugins()
		RegisterAllAdmissionPlugins(plugins)
		Expect(plugins.Registered()).To(ConsistOf(plugin.AllOrderedPluginNames()))
	})
})

var _ = Describe("AllGardenerAPIGroupVersions", func() {
	It("lists core.gardener.cloud/v1beta1", func() {
		Expect(AllGardenerAPIGroupVersions).To(ConsistOf(gardencorev1beta1.SchemeGroupVersion))
	})
})
