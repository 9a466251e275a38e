// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
	. "github.com/gep-78/gardener/pkg/component/shared"
)

var _ = Describe("DesiredExtensions with per-pool overrides", func() {
	It("adds one entry per pool override with the pool's name, after the Shoot-level entries", func() {
		shoot := exampleShoot()
		shoot.Spec.Provider.Workers[1].Extensions = []gardencorev1beta1.WorkerExtension{{
			Type:       "shoot-traefik",
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}, {Name: "other", Version: ptr.To("1")}},
		}}
		extensions, warnings := DesiredExtensions(shoot, exampleProfiles(), namespace, true)

		Expect(extensions[1].Name).To(Equal("shoot-traefik"))
		Expect(toJSON(extensions[1].Spec.Components)).To(MatchJSON(`[
			{"name":"traefik","version":"3.6.13","providerConfig":{"apiVersion":"traefik.extensions.gardener.cloud/v1alpha1","kind":"TraefikComponentConfig","crdBundle":"v3.6.11"}},
			{"name":"traefik","version":"3.6.13","workerPool":"ub","providerConfig":{"apiVersion":"traefik.extensions.gardener.cloud/v1alpha1","kind":"TraefikComponentConfig","crdBundle":"v3.6.11"}},
			{"name":"other","version":"1","workerPool":"ub"}]`))
		Expect(warnings).To(HaveLen(1))
		Expect(warnings[0].Pool).To(Equal("ub"))
		Expect(warnings[0].Reason).To(Equal(WarningComponentNotFound))
		Expect(extension.ComponentChanges(extensions[1].Spec.Components[:1], extensions[1].Spec.Components[:2])).To(Equal([]string{"traefik[ub] none -> 3.6.13"}))
	})
})
