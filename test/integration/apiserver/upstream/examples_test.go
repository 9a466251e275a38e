// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	"bytes"
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/gep-78/gardener/test/upstream"
)

// firstDocument returns the first YAML document of a manifest (provider-local's CloudProfile
// file holds a second one that is commented out entirely).
func firstDocument(manifest []byte) []byte {
	return bytes.SplitN(manifest, []byte("\n---\n"), 2)[0]
}

// createFromManifest creates the Shoot of a YAML manifest with fieldValidation=Strict.
func createFromManifest(manifest []byte) error {
	toCreate := toJSONMap(manifest)
	namespace := toCreate["metadata"].(map[string]interface{})["namespace"].(string)
	return gardenClient.CoreV1beta1().RESTClient().Post().Namespace(namespace).Resource("shoots").Param("fieldValidation", "Strict").
		SetHeader("Content-Type", "application/yaml").Body(manifest).Do(ctx).Error()
}

// The further published examples of gardener/gardener (test/upstream/README.md): provider-local's
// CloudProfile, the Shoot of its managed seed (which relies on that profile for its Kubernetes
// version and machine image), and the NamespacedCloudProfile.
var _ = Describe("Gardener's provider-local CloudProfile and managed-seed Shoot", Ordered, func() {
	const profileName = "local"

	BeforeAll(func() {
		// Other specs create a CloudProfile named local of their own.
		deleteShoot("garden", "managedseed")
		deleteCloudProfile(profileName)
		ensureNamespace("garden")
		DeferCleanup(func() {
			deleteShoot("garden", "managedseed")
			deleteCloudProfile(profileName)
		})
	})

	It(upstream.ProviderLocalCloudProfile+" is created with strict field validation and reads back with every field it sets", func() {
		manifest := upstream.MustRead(upstream.ProviderLocalCloudProfile)
		client, recorder := recordingClient()
		Expect(client.CoreV1beta1().RESTClient().Post().Resource("cloudprofiles").Param("fieldValidation", "Strict").
			SetHeader("Content-Type", "application/yaml").Body(firstDocument(manifest)).Do(ctx).Error()).To(Succeed())
		Expect(recorder.Take()).To(BeEmpty())
		Expect(lostFields(toJSONMap(firstDocument(manifest)), readBackCloudProfile(profileName))).To(BeEmpty())
		deleteCloudProfile(profileName)
	})

	It(upstream.ProviderLocalCloudProfile+" is applied as published with kubectl apply and kubectl apply --server-side", func() {
		manifest := upstream.MustRead(upstream.ProviderLocalCloudProfile)
		_, stderr, err := kubectl(manifest, "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(lostFields(toJSONMap(firstDocument(manifest)), readBackCloudProfile(profileName))).To(BeEmpty())
		before, err := gardenClient.CoreV1beta1().CloudProfiles().Get(ctx, profileName, metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		// kubectl sends each providerConfig whole (the served OpenAPI marks RawExtensions "replace"),
		// so it may print "configured"; the stored object stays the same.
		_, stderr, err = kubectl(manifest, "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		after, err := gardenClient.CoreV1beta1().CloudProfiles().Get(ctx, profileName, metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(after.ResourceVersion).To(Equal(before.ResourceVersion), "a re-apply without changes changes nothing")
		deleteCloudProfile(profileName)

		By("kubectl apply --server-side, twice")
		for range 2 {
			_, stderr, err = kubectl(manifest, "apply", "--server-side", "-f", "-")
			Expect(err).NotTo(HaveOccurred(), stderr)
			Expect(lostFields(toJSONMap(firstDocument(manifest)), readBackCloudProfile(profileName))).To(BeEmpty())
		}
	})

	DescribeTable("the managed-seed Shoot is stored with every field it sets; version and machine image are defaulted from the CloudProfile",
		func(file string) {
			manifest := upstream.MustRead(file)
			Expect(createFromManifest(manifest)).To(Succeed())
			shoot, err := gardenClient.CoreV1beta1().Shoots("garden").Get(ctx, "managedseed", metav1.GetOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.32.0"))
			Expect(shoot.Spec.Provider.Workers[0].Machine.Image).To(HaveField("Name", "local"))
			Expect(shoot.Spec.Provider.Workers[0].Machine.Image.Version).To(HaveValue(Equal("1.0.0")))
			deleteShoot("garden", "managedseed")

			roundTripShoot(toJSONMap(manifest))
		},
		Entry(upstream.ProviderLocalManagedSeedShoot, upstream.ProviderLocalManagedSeedShoot),
		Entry(upstream.ProviderLocalManagedSeedShootIPv6, upstream.ProviderLocalManagedSeedShootIPv6),
	)

	// The defect of issue 32: kubectl apply of a manifest that adds a providerConfig (here the IPv6
	// variant's networking.providerConfig) over a stored Shoot without one acknowledged and dropped it.
	It("keeps the networking.providerConfig that kubectl apply adds, and applies the IPv6 Shoot over the IPv4 one or refuses it with a field path", func() {
		ipv6 := toJSONMap(upstream.MustRead(upstream.ProviderLocalManagedSeedShootIPv6))
		_, stderr, err := kubectl(upstream.MustRead(upstream.ProviderLocalManagedSeedShoot), "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		DeferCleanup(deleteShoot, "garden", "managedseed")

		withProviderConfig := toJSONMap(upstream.MustRead(upstream.ProviderLocalManagedSeedShoot))
		providerConfig := ipv6["spec"].(map[string]interface{})["networking"].(map[string]interface{})["providerConfig"]
		Expect(providerConfig).NotTo(BeNil())
		withProviderConfig["spec"].(map[string]interface{})["networking"].(map[string]interface{})["providerConfig"] = providerConfig
		body, err := json.Marshal(withProviderConfig)
		Expect(err).NotTo(HaveOccurred())
		_, stderr, err = kubectl(body, "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(lostFields(withProviderConfig, readBackShoot("garden", "managedseed"))).To(BeEmpty())

		By("the IPv6 manifest over it, as issued")
		_, stderr, err = kubectl(upstream.MustRead(upstream.ProviderLocalManagedSeedShootIPv6), "apply", "-f", "-")
		if err != nil {
			Expect(stderr).To(MatchRegexp(`is invalid: .*spec\.`), "refused by an update rule, with its field path")
			return
		}
		Expect(lostFields(ipv6, readBackShoot("garden", "managedseed"))).To(BeEmpty())
	})
})

// The parent of Gardener's example NamespacedCloudProfile is the CloudProfile "local" of
// Gardener's local setup, which offers Kubernetes 1.34.6 and a newer version. provider-local's
// published CloudProfile lists older versions only, so the test adds 1.34.6 and 1.35.0 to it.
func createLocalParent() {
	parent := toJSONMap(firstDocument(upstream.MustRead(upstream.ProviderLocalCloudProfile)))
	kubernetes := parent["spec"].(map[string]interface{})["kubernetes"].(map[string]interface{})
	kubernetes["versions"] = append([]interface{}{
		map[string]interface{}{"version": "1.35.0"}, map[string]interface{}{"version": "1.34.6"},
	}, kubernetes["versions"].([]interface{})...)
	body, err := json.Marshal(parent)
	Expect(err).NotTo(HaveOccurred())
	Expect(gardenClient.CoreV1beta1().RESTClient().Post().Resource("cloudprofiles").
		SetHeader("Content-Type", "application/json").Body(body).Do(ctx).Error()).To(Succeed())
}

func readBackNamespacedCloudProfile(namespace, name string) map[string]interface{} {
	raw, err := gardenClient.CoreV1beta1().RESTClient().Get().Namespace(namespace).Resource("namespacedcloudprofiles").Name(name).DoRaw(ctx)
	Expect(err).NotTo(HaveOccurred())
	var out map[string]interface{}
	Expect(json.Unmarshal(raw, &out)).To(Succeed())
	return out
}

func deleteNamespacedCloudProfile(namespace, name string) {
	err := gardenClient.CoreV1beta1().NamespacedCloudProfiles(namespace).Delete(ctx, name, metav1.DeleteOptions{})
	if !apierrors.IsNotFound(err) {
		Expect(err).NotTo(HaveOccurred())
	}
	Eventually(func() bool {
		_, err := gardenClient.CoreV1beta1().NamespacedCloudProfiles(namespace).Get(ctx, name, metav1.GetOptions{})
		return apierrors.IsNotFound(err)
	}).Should(BeTrue())
}

var _ = Describe("Gardener's example NamespacedCloudProfile ("+upstream.NamespacedCloudProfile+")", Ordered, func() {
	const (
		namespace = "garden-local"
		name      = "custom-cloudprofile-1"
	)

	BeforeAll(func() {
		deleteShoot("garden", "managedseed")
		deleteCloudProfile("local")
		ensureNamespace(namespace)
		createLocalParent()
		DeferCleanup(func() {
			deleteNamespacedCloudProfile(namespace, name)
			deleteCloudProfile("local")
		})
	})

	It("is created with strict field validation, without warnings, and reads back with every field it sets", func() {
		manifest := upstream.MustRead(upstream.NamespacedCloudProfile)
		client, recorder := recordingClient()
		Expect(client.CoreV1beta1().RESTClient().Post().Namespace(namespace).Resource("namespacedcloudprofiles").Param("fieldValidation", "Strict").
			SetHeader("Content-Type", "application/yaml").Body(manifest).Do(ctx).Error()).To(Succeed())
		Expect(recorder.Take()).To(BeEmpty())
		Expect(lostFields(toJSONMap(manifest), readBackNamespacedCloudProfile(namespace, name))).To(BeEmpty())
		deleteNamespacedCloudProfile(namespace, name)
	})

	It("is applied as published with kubectl apply and kubectl apply --server-side", func() {
		manifest := upstream.MustRead(upstream.NamespacedCloudProfile)
		for range 2 {
			_, stderr, err := kubectl(manifest, "apply", "-f", "-")
			Expect(err).NotTo(HaveOccurred(), stderr)
			Expect(lostFields(toJSONMap(manifest), readBackNamespacedCloudProfile(namespace, name))).To(BeEmpty())
		}
		deleteNamespacedCloudProfile(namespace, name)

		By("kubectl apply --server-side, twice")
		for range 2 {
			_, stderr, err := kubectl(manifest, "apply", "--server-side", "-f", "-")
			Expect(err).NotTo(HaveOccurred(), stderr)
			Expect(lostFields(toJSONMap(manifest), readBackNamespacedCloudProfile(namespace, name))).To(BeEmpty())
		}
		stdout, stderr, err := kubectl(nil, "get", "namespacedcloudprofiles", "-n", namespace)
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(stdout).To(MatchRegexp(`custom-cloudprofile-1\s+local\s+CloudProfile`))
	})
})
