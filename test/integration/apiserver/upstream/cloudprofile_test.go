// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/test/upstream"
)

// readBackCloudProfile reads a CloudProfile as JSON, the way kubectl get -o json does.
func readBackCloudProfile(name string) map[string]interface{} {
	raw, err := gardenClient.CoreV1beta1().RESTClient().Get().Resource("cloudprofiles").Name(name).DoRaw(ctx)
	Expect(err).NotTo(HaveOccurred())
	var out map[string]interface{}
	Expect(json.Unmarshal(raw, &out)).To(Succeed())
	return out
}

func deleteCloudProfile(name string) {
	err := gardenClient.CoreV1beta1().CloudProfiles().Delete(ctx, name, metav1.DeleteOptions{})
	if !apierrors.IsNotFound(err) {
		Expect(err).NotTo(HaveOccurred())
	}
	Eventually(func() bool {
		_, err := gardenClient.CoreV1beta1().CloudProfiles().Get(ctx, name, metav1.GetOptions{})
		return apierrors.IsNotFound(err)
	}).Should(BeTrue())
}

var _ = Describe("Gardener's example CloudProfile ("+upstream.CloudProfile+")", Ordered, func() {
	var (
		manifest []byte
		name     string
	)

	BeforeAll(func() {
		manifest = upstream.MustRead(upstream.CloudProfile)
		name = toJSONMap(manifest)["metadata"].(map[string]interface{})["name"].(string)
		// The Shoot specs apply the same profile; containers run in random order.
		deleteCloudProfile(name)
	})

	It("is created with strict field validation and reads back with every field it sets", func() {
		client, recorder := recordingClient()
		body, err := json.Marshal(toJSONMap(manifest))
		Expect(err).NotTo(HaveOccurred())
		Expect(client.CoreV1beta1().RESTClient().Post().Resource("cloudprofiles").Param("fieldValidation", "Strict").
			SetHeader("Content-Type", "application/json").Body(body).Do(ctx).Error()).To(Succeed())
		Expect(recorder.Take()).To(BeEmpty())
		Expect(lostFields(toJSONMap(manifest), readBackCloudProfile(name))).To(BeEmpty())

		By("defaulting what Gardener defaults")
		profile, err := gardenClient.CoreV1beta1().CloudProfiles().Get(ctx, name, metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(*profile.Spec.MachineImages[0].UpdateStrategy).To(BeEquivalentTo("major"))
		Expect(profile.Spec.MachineImages[0].Versions[0].CRI).To(ConsistOf(HaveField("Name", gardencorev1beta1.CRINameContainerD)))
		Expect(profile.Spec.MachineImages[0].Versions[0].Architectures).To(ConsistOf("amd64"))
		Expect(*profile.Spec.MachineTypes[0].Architecture).To(Equal("amd64"))
		var providerConfig string
		Expect(json.Unmarshal(profile.Spec.ProviderConfig.Raw, &providerConfig)).To(Succeed())
		Expect(providerConfig).To(Equal("<some-provider-specific-cloudprofile-config>"))
		deleteCloudProfile(name)
	})

	It("is applied with kubectl apply (client-side, strict) and reads back with every field it sets", func() {
		_, stderr, err := kubectl(manifest, "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(lostFields(toJSONMap(manifest), readBackCloudProfile(name))).To(BeEmpty())

		By("re-applying without changes")
		stdout, stderr, err := kubectl(manifest, "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(stdout).To(ContainSubstring("unchanged"))
		deleteCloudProfile(name)
	})

	It("is applied with kubectl apply --server-side and reads back with every field it sets", func() {
		_, stderr, err := kubectl(manifest, "apply", "--server-side", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(lostFields(toJSONMap(manifest), readBackCloudProfile(name))).To(BeEmpty())

		By("re-applying without changes")
		_, stderr, err = kubectl(manifest, "apply", "--server-side", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(lostFields(toJSONMap(manifest), readBackCloudProfile(name))).To(BeEmpty())
	})

	It("keeps the commented-out fields of the example once they are set (every spec field Gardener has)", func() {
		full := `apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata:
  name: cloudprofile-full
spec:
  type: aws
  providerConfig:
    apiVersion: aws.provider.extensions.gardener.cloud/v1alpha1
    kind: CloudProfileConfig
    machineImages: []
  seedSelector:
    matchLabels:
      foo: bar
    providerTypes: ["*"]
  bastion:
    machineImage:
      name: gardenlinux
      version: 1443.3.0
    machineType:
      name: m5.large
  machineCapabilities:
  - name: architecture
    values: [amd64, arm64]
  kubernetes:
    versions:
    - version: 1.35.4
    - version: 1.33.11
      classification: deprecated
      expirationDate: "2027-06-30T00:00:00Z"
  machineImages:
  - name: gardenlinux
    updateStrategy: minor
    versions:
    - version: 1443.3.0
      architectures: [amd64, arm64]
      capabilityFlavors:
      - architecture: [amd64]
      - architecture: [arm64]
      cri:
      - name: containerd
        containerRuntimes:
        - type: gvisor
          providerConfig:
            apiVersion: gvisor.os.extensions.gardener.cloud/v1alpha1
            kind: GVisorConfiguration
      kubeletVersionConstraint: "< 1.36"
      inPlaceUpdates:
        supported: true
        minVersionForUpdate: 1312.2.0
  machineTypes:
  - name: m5.large
    cpu: "2"
    gpu: "0"
    memory: 8Gi
    usable: true
    architecture: amd64
    capabilities:
      architecture: [amd64]
    storage:
      class: standard
      type: default
      minSize: 10Gi
    machineControllerManager:
      machineCreationTimeout: 20m0s
  volumeTypes:
  - name: gp3
    class: standard
    usable: true
    minSize: 20Gi
  regions:
  - name: europe-central-1
    labels:
      seed.gardener.cloud/reliability: high
    accessRestrictions:
    - name: eu-access-only
    zones:
    - name: europe-central-1a
      unavailableMachineTypes: [m5.large]
      unavailableVolumeTypes: [gp3]
  caBundle: |
` + indent(testCertificate, "    ") + `
  limits:
    maxNodesTotal: 1000
  controlPlane:
    allowZonePinning: true
`
		for _, args := range [][]string{{"apply", "-f", "-"}, {"apply", "--server-side", "-f", "-"}} {
			_, stderr, err := kubectl([]byte(full), args...)
			Expect(err).NotTo(HaveOccurred(), "kubectl %v: %s", args, stderr)
			Expect(lostFields(toJSONMap([]byte(full)), readBackCloudProfile("cloudprofile-full"))).To(BeEmpty(), "kubectl %v", args)
			deleteCloudProfile("cloudprofile-full")
		}
	})
})
