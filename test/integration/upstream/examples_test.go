// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	"bytes"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/gep-78/gardener/test/upstream"
)

// firstDocument returns the first YAML document of a manifest (provider-local's CloudProfile
// file holds a second one that is commented out entirely).
func firstDocument(manifest []byte) []byte {
	return bytes.SplitN(manifest, []byte("\n---\n"), 2)[0]
}

// The further published examples of gardener/gardener (test/upstream/README.md): provider-local's
// CloudProfile, the Shoot of its managed seed (which relies on that profile for its Kubernetes
// version and machine image), and the NamespacedCloudProfile, which this project does not serve.
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
		Expect(recorder.all()).To(BeEmpty())
		Expect(lostFields(toJSONMap(firstDocument(manifest)), readBackCloudProfile(profileName), nil)).To(BeEmpty())
		deleteCloudProfile(profileName)
	})

	It(upstream.ProviderLocalCloudProfile+" is applied as published with kubectl apply and kubectl apply --server-side", func() {
		manifest := upstream.MustRead(upstream.ProviderLocalCloudProfile)
		_, stderr, err := kubectl(manifest, "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(lostFields(toJSONMap(firstDocument(manifest)), readBackCloudProfile(profileName), nil)).To(BeEmpty())
		stdout, stderr, err := kubectl(manifest, "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(stdout).To(ContainSubstring("unchanged"), "a re-apply without changes changes nothing")
		deleteCloudProfile(profileName)

		By("kubectl apply --server-side, twice")
		for range 2 {
			_, stderr, err = kubectl(manifest, "apply", "--server-side", "-f", "-")
			Expect(err).NotTo(HaveOccurred(), stderr)
			Expect(lostFields(toJSONMap(firstDocument(manifest)), readBackCloudProfile(profileName), nil)).To(BeEmpty())
		}
	})

	DescribeTable("the managed-seed Shoot is accepted as published; version and machine image are defaulted from the CloudProfile",
		func(file string, unmodelled []string) {
			manifest := upstream.MustRead(file)
			warnings, readBack := createStrict(toJSONMap(manifest))
			Expect(warnings).To(ContainElements(unmodelled))
			Expect(lostFields(toJSONMap(manifest), readBack, warnings)).To(BeEmpty())

			shoot, err := gardenClient.CoreV1beta1().Shoots("garden").Get(ctx, "managedseed", metav1.GetOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.32.0"))
			Expect(shoot.Spec.Provider.Workers[0].Machine.Image).To(HaveField("Name", "local"))
			Expect(shoot.Spec.Provider.Workers[0].Machine.Image.Version).To(HaveValue(Equal("1.0.0")))
			deleteShoot("garden", "managedseed")

			By("kubectl apply and kubectl apply --server-side")
			for _, args := range [][]string{{"apply", "-f", "-"}, {"apply", "--server-side", "-f", "-"}} {
				_, stderr, err := kubectl(manifest, args...)
				Expect(err).NotTo(HaveOccurred(), "kubectl %v: %s", args, stderr)
				deleteShoot("garden", "managedseed")
			}
		},
		Entry(upstream.ProviderLocalManagedSeedShoot, upstream.ProviderLocalManagedSeedShoot,
			[]string{`unknown field "spec.kubernetes.kubelet"`, `unknown field "spec.kubernetes.verticalPodAutoscaler"`}),
		Entry(upstream.ProviderLocalManagedSeedShootIPv6, upstream.ProviderLocalManagedSeedShootIPv6,
			[]string{`unknown field "spec.kubernetes.kubelet"`, `unknown field "spec.kubernetes.verticalPodAutoscaler"`,
				`unknown field "spec.networking.ipFamilies"`}),
	)
})

var _ = Describe("Gardener's example NamespacedCloudProfile ("+upstream.NamespacedCloudProfile+")", func() {
	It("is refused: this project serves no NamespacedCloudProfile (a documented limitation)", func() {
		ensureNamespace("garden-local")
		_, stderr, err := kubectl(upstream.MustRead(upstream.NamespacedCloudProfile), "apply", "-f", "-")
		Expect(err).To(HaveOccurred())
		Expect(stderr).To(ContainSubstring(`no matches for kind "NamespacedCloudProfile" in version "core.gardener.cloud/v1beta1"`))
	})
})
