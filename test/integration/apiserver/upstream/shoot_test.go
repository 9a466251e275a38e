// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/gep-78/gardener/test/upstream"
)

// localCloudProfile is the CloudProfile provider-local-shoot.yaml needs: named local, of type
// local, offering its region, machine type and one machine image.
const localCloudProfile = `apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata:
  name: local
spec:
  type: local
  regions:
  - name: local
  kubernetes:
    versions:
    - version: 1.35.4
    - version: 1.34.7
  machineImages:
  - name: local
    versions:
    - version: 1.0.0
  machineTypes:
  - name: local
    cpu: "1"
    gpu: "0"
    memory: 1Gi
`

// ensureNamespace creates a namespace unless it exists.
func ensureNamespace(name string) {
	_, err := kubeClient.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}, metav1.CreateOptions{})
	if !apierrors.IsAlreadyExists(err) {
		Expect(err).NotTo(HaveOccurred())
	}
}

// applyServerSide applies a manifest with kubectl apply --server-side.
func applyServerSide(manifest []byte) {
	_, stderr, err := kubectl(manifest, "apply", "--server-side", "-f", "-")
	Expect(err).NotTo(HaveOccurred(), stderr)
}

// filled90Shoot is the JSON form of 90-shoot.yaml with the two values Gardener requires a user
// to fill in (test/upstream/README.md): the worker image gardenlinux 15.4.20220818 and the
// volume type gp3, both offered by 30-cloudprofile.yaml.
func filled90Shoot() map[string]interface{} {
	shoot := toJSONMap(upstream.MustRead(upstream.Shoot))
	worker := shoot["spec"].(map[string]interface{})["provider"].(map[string]interface{})["workers"].([]interface{})[0].(map[string]interface{})
	worker["machine"].(map[string]interface{})["image"] = map[string]interface{}{"name": "gardenlinux", "version": "15.4.20220818"}
	worker["volume"].(map[string]interface{})["type"] = "gp3"
	return shoot
}

// createStrict creates a Shoot from its JSON form with fieldValidation=Strict (what kubectl
// create and apply send) and returns the response warnings and the Shoot read back as JSON.
func createStrict(shoot map[string]interface{}) ([]string, map[string]interface{}) {
	metadata := shoot["metadata"].(map[string]interface{})
	namespace, name := metadata["namespace"].(string), metadata["name"].(string)
	body, err := json.Marshal(shoot)
	Expect(err).NotTo(HaveOccurred())
	client, recorder := recordingClient()
	Expect(client.CoreV1beta1().RESTClient().Post().Namespace(namespace).Resource("shoots").Param("fieldValidation", "Strict").
		SetHeader("Content-Type", "application/json").Body(body).Do(ctx).Error()).To(Succeed())
	raw, err := gardenClient.CoreV1beta1().RESTClient().Get().Namespace(namespace).Resource("shoots").Name(name).DoRaw(ctx)
	Expect(err).NotTo(HaveOccurred())
	var readBack map[string]interface{}
	Expect(json.Unmarshal(raw, &readBack)).To(Succeed())
	return recorder.Take(), readBack
}

func deleteShoot(namespace, name string) {
	err := gardenClient.CoreV1beta1().Shoots(namespace).Delete(ctx, name, metav1.DeleteOptions{})
	if !apierrors.IsNotFound(err) {
		Expect(err).NotTo(HaveOccurred())
	}
	Eventually(func() bool {
		_, err := gardenClient.CoreV1beta1().Shoots(namespace).Get(ctx, name, metav1.GetOptions{})
		return apierrors.IsNotFound(err)
	}).Should(BeTrue())
}

// readBackShoot returns a Shoot as JSON, as the server stores it.
func readBackShoot(namespace, name string) map[string]interface{} {
	raw, err := gardenClient.CoreV1beta1().RESTClient().Get().Namespace(namespace).Resource("shoots").Name(name).DoRaw(ctx)
	Expect(err).NotTo(HaveOccurred())
	var readBack map[string]interface{}
	Expect(json.Unmarshal(raw, &readBack)).To(Succeed())
	return readBack
}

// roundTripShoot writes a Shoot manifest (JSON form) with a strict create, kubectl apply and
// kubectl apply --server-side, and after each write finds every field the manifest sets in the
// stored Shoot. The strict create must answer without warnings: every field is Gardener's.
func roundTripShoot(shoot map[string]interface{}) {
	metadata := shoot["metadata"].(map[string]interface{})
	namespace, name := metadata["namespace"].(string), metadata["name"].(string)
	warnings, readBack := createStrict(shoot)
	Expect(warnings).To(BeEmpty())
	Expect(lostFields(shoot, readBack)).To(BeEmpty(), "strict create")
	deleteShoot(namespace, name)

	body, err := json.Marshal(shoot)
	Expect(err).NotTo(HaveOccurred())
	for _, args := range [][]string{{"apply", "-f", "-"}, {"apply", "--server-side", "-f", "-"}} {
		_, stderr, err := kubectl(body, args...)
		Expect(err).NotTo(HaveOccurred(), "kubectl %v: %s", args, stderr)
		Expect(stderr).NotTo(ContainSubstring("unknown field"), "kubectl %v", args)
		Expect(lostFields(shoot, readBackShoot(namespace, name))).To(BeEmpty(), "kubectl %v", args)
		deleteShoot(namespace, name)
	}
}

// Gardener's Shoot manifests omit spec.kubernetes.version (and provider-local's worker its
// machine image): gardener-apiserver defaults both from the CloudProfile (ShootMutator), so they
// apply as published. Every field they set is stored: the Shoot type is Gardener's whole Shoot.
var _ = Describe("Gardener's example Shoots", Ordered, func() {
	BeforeAll(func() {
		applyServerSide(upstream.MustRead(upstream.CloudProfile))
		applyServerSide([]byte(localCloudProfile))
		ensureNamespace("garden-dev")
		ensureNamespace("garden-local")
	})

	Describe(upstream.Shoot, func() {
		It("is stored with every field it sets through a strict create, kubectl apply and kubectl apply --server-side", func() {
			roundTripShoot(filled90Shoot())
		})

		It("gets spec.kubernetes.version defaulted to the highest supported version of the CloudProfile", func() {
			_, readBack := createStrict(filled90Shoot())
			Expect(readBack["spec"].(map[string]interface{})["kubernetes"]).To(HaveKeyWithValue("version", "1.35.4"))
			deleteShoot("garden-dev", "crazy-botany")
		})
	})

	Describe(upstream.ProviderLocalShoot, func() {
		It("is stored with every field it sets through a strict create, kubectl apply and kubectl apply --server-side", func() {
			roundTripShoot(toJSONMap(upstream.MustRead(upstream.ProviderLocalShoot)))
		})

		It("gets the Kubernetes version and machine image defaulted", func() {
			_, stderr, err := kubectl(upstream.MustRead(upstream.ProviderLocalShoot), "apply", "-f", "-")
			Expect(err).NotTo(HaveOccurred(), stderr)
			shoot, err := gardenClient.CoreV1beta1().Shoots("garden-local").Get(ctx, "local", metav1.GetOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.35.4"))
			Expect(shoot.Spec.Provider.Workers[0].Machine.Image).To(HaveField("Name", "local"))
			Expect(shoot.Spec.Provider.Workers[0].Machine.Image.Version).To(HaveValue(Equal("1.0.0")))
			Expect(shoot.Spec.Kubernetes.Kubelet).NotTo(BeNil(), "spec.kubernetes.kubelet is stored")
			deleteShoot("garden-local", "local")
		})
	})
})
