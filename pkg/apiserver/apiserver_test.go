// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package apiserver_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/apiserver"
	"github.com/gep-78/gardener/pkg/apiserver/filters"
	"github.com/gep-78/gardener/pkg/apiserver/openapi"
)

// gardenerShoot is a Shoot as real Gardener accepts it: the modelled subset plus fields this
// project does not model.
const gardenerShoot = `
apiVersion: core.gardener.cloud/v1beta1
kind: Shoot
metadata:
  name: dev
  namespace: garden-dev
  labels: {a: b}
spec:
  addons:
    nginxIngress: {enabled: false}
  dns: {domain: dev.example.com}
  hibernation: {enabled: false}
  region: local
  kubernetes:
    version: "1.35.6"
    kubeAPIServer: {enableAnonymousAuthentication: false}
  provider:
    type: local
    controlPlaneConfig: {apiVersion: local.provider.extensions.gardener.cloud/v1alpha1}
    workers:
    - name: gl
      machine: {type: local, image: {name: gardenlinux, version: "1877.8.0"}}
      volume: {type: default, size: 20Gi}
      minimum: 1
      maximum: 2
      maxSurge: 1
      maxUnavailable: "10%"
  extensions:
  - type: shoot-traefik
    providerConfig: {apiVersion: traefik.extensions.gardener.cloud/v1alpha1, spec: {replicas: 2}}
    components:
    - name: traefik
      version: "3.6.13"
status:
  technicalID: shoot--dev--dev
  conditions: []
`

var _ = Describe("LenientFieldValidationResources", func() {
	It("prunes a real Gardener Shoot to the modelled subset", func() {
		var obj map[string]interface{}
		Expect(yaml.Unmarshal([]byte(gardenerShoot), &obj)).To(Succeed())
		pruner := filters.NewUnknownFieldPruner(openapi.GetOpenAPIDefinitions, LenientFieldValidationResources)

		removed, ok := pruner.Prune(gardencorev1beta1.SchemeGroupVersion.WithResource("shoots"), obj)
		Expect(ok).To(BeTrue())
		Expect(removed).To(Equal([]string{
			"spec.addons",
			"spec.dns",
			"spec.hibernation",
			"spec.kubernetes.kubeAPIServer",
			"spec.provider.controlPlaneConfig",
			"spec.provider.workers[0].volume",
			"status.conditions",
		}))

		// What remains decodes strictly into the served type, providerConfig included.
		data, err := yaml.Marshal(obj)
		Expect(err).NotTo(HaveOccurred())
		shoot := &gardencorev1beta1.Shoot{}
		Expect(yaml.UnmarshalStrict(data, shoot)).To(Succeed())
		Expect(shoot.Spec.Provider.Workers[0].MaxUnavailable.String()).To(Equal("10%"))
		Expect(string(shoot.Spec.Extensions[0].ProviderConfig.Raw)).To(ContainSubstring(`"replicas":2`))
		Expect(shoot.Labels).To(HaveKeyWithValue("a", "b"))
	})
})
