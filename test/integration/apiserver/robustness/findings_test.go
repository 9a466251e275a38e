// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package robustness_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

const protobufType = "application/vnd.kubernetes.protobuf"

// shootJSON is a valid Shoot of the namespace without pins, whose shoot-traefik extension has
// providerConfig; extra is spliced into metadata.
func shootJSON(name, extra, providerConfig string) []byte {
	return []byte(fmt.Sprintf(`{"apiVersion":"core.gardener.cloud/v1beta1","kind":"Shoot","metadata":{"name":%q,"namespace":%q%s},`+
		`"spec":{"cloudProfile":{"kind":"CloudProfile","name":"local"},"region":"local","kubernetes":{"version":"1.36.3"},`+
		`"provider":{"type":"local","workers":[{"name":"local","machine":{"type":"local","image":{"name":"gardenlinux","version":"1877.8.0"}},"minimum":1,"maximum":2}]},`+
		`"extensions":[{"type":"shoot-traefik","providerConfig":%s}]}}`, name, namespace, extra, providerConfig))
}

// protobufShoot encodes a Shoot with the given raw providerConfig as protobuf.
func protobufShoot(name string, providerConfig []byte) []byte {
	GinkgoHelper()
	shoot := &gardencorev1beta1.Shoot{}
	Expect(runtime.DecodeInto(api.Codecs.UniversalDecoder(gardencorev1beta1.SchemeGroupVersion), shootJSON(name, "", "{}"), shoot)).To(Succeed())
	shoot.SetGroupVersionKind(gardencorev1beta1.SchemeGroupVersion.WithKind("Shoot"))
	shoot.Spec.Extensions[0].ProviderConfig = &runtime.RawExtension{Raw: providerConfig}
	info, ok := runtime.SerializerInfoForMediaType(api.Codecs.SupportedMediaTypes(), protobufType)
	Expect(ok).To(BeTrue())
	var buf bytes.Buffer
	Expect(info.Serializer.Encode(shoot, &buf)).To(Succeed())
	return buf.Bytes()
}

var _ = Describe("answers to inputs that k8s.io/apiserver answers with 5xx", Ordered, func() {
	BeforeAll(func() {
		Expect(send(http.MethodPost, shootsPath(""), "application/json", shootJSON("base", "", `{"destinations":[{"name":"a"}],"keep":true}`)).code).To(Equal(http.StatusCreated))
	})
	AfterAll(func() {
		Expect(panics.Lines()).To(BeEmpty(), "gardener-apiserver logged a panic")
	})

	It("answers a malformed resourceVersion query with 400 naming the parameter", func() {
		for _, path := range []string{shootsPath("base"), shootsPath(""), shootsPath("") + "?watch=true&timeoutSeconds=1"} {
			sep := "?"
			if strings.Contains(path, "?") {
				sep = "&"
			}
			r := send(http.MethodGet, path+sep+"resourceVersion=abc", "", nil)
			Expect(r.code).To(Equal(http.StatusBadRequest), path)
			Expect(r.body).To(ContainSubstring(`resourceVersion: Invalid value: \"abc\"`), path)
		}
	})

	It("answers a malformed resourceVersion in an update or a patch with 422 at metadata.resourceVersion", func() {
		for _, req := range []struct{ method, contentType, body string }{
			{http.MethodPut, "application/json", string(shootJSON("base", `,"resourceVersion":"abc"`, "{}"))},
			{http.MethodPatch, "application/merge-patch+json", `{"metadata":{"resourceVersion":"abc"}}`},
			{http.MethodPatch, "application/json-patch+json", `[{"op":"add","path":"/metadata/resourceVersion","value":"x1"}]`},
		} {
			r := send(req.method, shootsPath("base"), req.contentType, []byte(req.body))
			Expect(r.code).To(Equal(http.StatusUnprocessableEntity), req.contentType)
			Expect(r.body).To(ContainSubstring("metadata.resourceVersion: Invalid value"), req.contentType)
		}
	})

	It("ignores the resourceVersion of a create, in JSON and in protobuf", func() {
		Expect(send(http.MethodPost, shootsPath(""), "application/json", shootJSON("rv-json", `,"resourceVersion":"123"`, "{}")).code).To(Equal(http.StatusCreated))
		shoot := &gardencorev1beta1.Shoot{}
		Expect(runtime.DecodeInto(api.Codecs.UniversalDecoder(gardencorev1beta1.SchemeGroupVersion), shootJSON("rv-proto", `,"resourceVersion":"123"`, "{}"), shoot)).To(Succeed())
		shoot.SetGroupVersionKind(gardencorev1beta1.SchemeGroupVersion.WithKind("Shoot"))
		info, _ := runtime.SerializerInfoForMediaType(api.Codecs.SupportedMediaTypes(), protobufType)
		var buf bytes.Buffer
		Expect(info.Serializer.Encode(shoot, &buf)).To(Succeed())
		r := send(http.MethodPost, shootsPath(""), protobufType, buf.Bytes())
		Expect(r.code).To(Equal(http.StatusCreated), r.body)
	})

	It("answers duplicate list keys in an apply patch with 422 naming the key", func() {
		r := send(http.MethodPatch, shootsPath("base")+"?fieldManager=test", "application/apply-patch+yaml",
			[]byte(`{"apiVersion":"core.gardener.cloud/v1beta1","kind":"Shoot","metadata":{"name":"base"},"spec":{"extensions":[{"type":"shoot-traefik","components":[{"name":"comp"},{"name":"comp"}]}]}}`))
		Expect(r.code).To(Equal(http.StatusUnprocessableEntity))
		Expect(r.body).To(ContainSubstring(`spec.extensions[type=\"shoot-traefik\"].components`))
		Expect(r.body).To(ContainSubstring(`duplicate entries for key [name=\"comp\"]`))
	})

	It("answers out-of-range numbers and invalid JSON in a providerConfig with 400 and keeps serving", func() {
		r := send(http.MethodPost, shootsPath(""), "application/json", shootJSON("huge-number", "", `{"x":[1,1e400]}`))
		Expect(r.code).To(Equal(http.StatusBadRequest))
		Expect(r.body).To(ContainSubstring(`spec.extensions[0].providerConfig.x[1]: Invalid value: \"1e400\": number out of range`))

		r = send(http.MethodPatch, shootsPath("base"), "application/json-patch+json", []byte(`[{"op":"add","path":"/spec/extensions/0/providerConfig","value":{"x":-1e400}}]`))
		Expect(r.code).To(Equal(http.StatusBadRequest))

		r = send(http.MethodPost, shootsPath(""), protobufType, protobufShoot("bad-raw", []byte(`{"x":`)))
		Expect(r.code).To(Equal(http.StatusBadRequest))
		Expect(r.body).To(ContainSubstring("spec.extensions[0].providerConfig: Invalid value"))
		r = send(http.MethodPost, shootsPath(""), protobufType, protobufShoot("huge-raw", []byte(`{"x":1e400}`)))
		Expect(r.code).To(Equal(http.StatusBadRequest))

		By("the server still answers, and logged no panic")
		Expect(send(http.MethodPost, shootsPath(""), protobufType, protobufShoot("good-raw", []byte(`{"x":1}`))).code).To(Equal(http.StatusCreated))
		Expect(panics.Lines()).To(BeEmpty())
	})

	It("answers an int-or-string of an unknown type in a protobuf body with 400 naming the field", func() {
		shoot := &gardencorev1beta1.Shoot{}
		Expect(runtime.DecodeInto(api.Codecs.UniversalDecoder(gardencorev1beta1.SchemeGroupVersion), shootJSON("bad-intstr", "", "{}"), shoot)).To(Succeed())
		shoot.SetGroupVersionKind(gardencorev1beta1.SchemeGroupVersion.WithKind("Shoot"))
		shoot.Spec.Provider.Workers[0].MaxSurge = &intstr.IntOrString{Type: 7, IntVal: 1}
		info, _ := runtime.SerializerInfoForMediaType(api.Codecs.SupportedMediaTypes(), protobufType)
		var buf bytes.Buffer
		Expect(info.Serializer.Encode(shoot, &buf)).To(Succeed())

		r := send(http.MethodPost, shootsPath(""), protobufType, buf.Bytes())
		Expect(r.code).To(Equal(http.StatusBadRequest), r.body)
		Expect(r.body).To(ContainSubstring("spec.provider.workers[0].maxSurge: Invalid value: 7"))

		By("an update of an existing Shoot is answered the same")
		shoot.Name = "base"
		buf.Reset()
		Expect(info.Serializer.Encode(shoot, &buf)).To(Succeed())
		r = send(http.MethodPut, shootsPath("base"), protobufType, buf.Bytes())
		Expect(r.code).To(Equal(http.StatusBadRequest), r.body)
		Expect(panics.Lines()).To(BeEmpty())
	})

	It("merges a strategic-merge patch into providerConfig by replacing it", func() {
		r := send(http.MethodPatch, shootsPath("base"), "application/strategic-merge-patch+json",
			[]byte(`{"spec":{"extensions":[{"type":"shoot-traefik","providerConfig":{"destinations":[{"name":"b"}]}}]}}`))
		Expect(r.code).To(Equal(http.StatusOK), r.body)
		shoot := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, client.ObjectKey{Namespace: namespace, Name: "base"}, shoot)).To(Succeed())
		Expect(string(shoot.Spec.Extensions[0].ProviderConfig.Raw)).To(MatchJSON(`{"destinations":[{"name":"b"}]}`))
	})

	It("answers a strategic-merge list item of the wrong JSON kind with 422 at the item", func() {
		r := send(http.MethodPatch, shootsPath("base"), "application/strategic-merge-patch+json", []byte(`{"spec":{"extensions":[null]}}`))
		Expect(r.code).To(Equal(http.StatusUnprocessableEntity), r.body)
		Expect(r.body).To(ContainSubstring(`spec.extensions[0]: Invalid value: null: must be an object`))

		r = send(http.MethodPatch, shootsPath("base"), "application/strategic-merge-patch+json", []byte(`{"spec":{"kubernetes":{"kubeAPIServer":{"admissionPlugins":["x"]}}}}`))
		Expect(r.code).To(Equal(http.StatusUnprocessableEntity), r.body)
		Expect(r.body).To(ContainSubstring("spec.kubernetes.kubeAPIServer.admissionPlugins[0]"))
	})

	It("answers a strategic-merge list item that is only a directive the merge cannot apply with 422 at the key", func() {
		r := send(http.MethodPatch, clusterPath("cloudprofiles", "local"), "application/strategic-merge-patch+json",
			[]byte(`{"spec":{"kubernetes":{"versions":[{"$patch":"delete"}]}}}`))
		Expect(r.code).To(Equal(http.StatusUnprocessableEntity), r.body)
		Expect(r.body).To(ContainSubstring("spec.kubernetes.versions[0].version: Required value"))

		By(`"$patch": "replace" alone replaces the list by the other items`)
		r = send(http.MethodPatch, shootsPath("base"), "application/strategic-merge-patch+json",
			[]byte(`{"spec":{"extensions":[{"$patch":"replace"},{"type":"shoot-traefik","providerConfig":{"replaced":true}}]}}`))
		Expect(r.code).To(Equal(http.StatusOK), r.body)
		shoot := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, client.ObjectKey{Namespace: namespace, Name: "base"}, shoot)).To(Succeed())
		Expect(shoot.Spec.Extensions).To(HaveLen(1))
	})

	It("answers a reference by a name no object can have with 4xx at its field", func() {
		for _, name := range []string{"", " ", "a/b", ".."} {
			r := send(http.MethodPatch, shootsPath("base"), "application/merge-patch+json",
				[]byte(fmt.Sprintf(`{"spec":{"extensions":[{"type":%q,"components":[{"name":"x","version":"1"}]}]}}`, name)))
			Expect(r.code).To(BeNumerically(">=", 400), "%q: %s", name, r.body)
			Expect(r.code).To(BeNumerically("<", 500), "%q: %s", name, r.body)
			Expect(r.body).To(ContainSubstring("spec.extensions[0]"), name)
		}
	})

	It("answers a body over the size limit with 413 before decoding it", func() {
		big := strings.Repeat("x", 1100*1024)
		r := send(http.MethodPatch, shootsPath("base")+"?fieldManager=test", "application/apply-patch+yaml",
			[]byte(`{"apiVersion":"core.gardener.cloud/v1beta1","kind":"Shoot","metadata":{"name":"base"},"spec":{"region":1,"purpose":"`+big+`"}}`))
		Expect(r.code).To(Equal(http.StatusRequestEntityTooLarge))
	})

	It("bounds providerConfig in depth and size, with its field path, for the Shoot and the ExtensionProfile", func() {
		deep := strings.Repeat(`{"a":`, 9000) + "1" + strings.Repeat("}", 9000)
		r := send(http.MethodPost, shootsPath(""), "application/json", shootJSON("deep", "", deep))
		Expect(r.code).To(Equal(http.StatusUnprocessableEntity))
		Expect(r.body).To(ContainSubstring("spec.extensions[0].providerConfig: Invalid value"))
		Expect(r.body).To(ContainSubstring("deeper than 32 levels"))

		large := `{"x":"` + strings.Repeat("y", 130*1024) + `"}`
		r = send(http.MethodPost, shootsPath(""), "application/json", shootJSON("large", "", large))
		Expect(r.code).To(Equal(http.StatusUnprocessableEntity))
		Expect(r.body).To(ContainSubstring("spec.extensions[0].providerConfig: Too long"))

		profile := &gardencorev1beta1.ExtensionProfile{}
		Expect(testClient.Get(ctx, client.ObjectKey{Name: "shoot-traefik"}, profile)).To(Succeed())
		profile.Spec.Components[0].Versions[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(deep)}
		err := testClient.Update(ctx, profile)
		Expect(err).To(MatchError(ContainSubstring("spec.components[0].versions[0].providerConfig: Invalid value")))
	})

	It("lets kubectl patch --type=strategic and kubectl apply change a providerConfig without warnings", func() {
		kubeconfig := filepath.Join(GinkgoT().TempDir(), "kubeconfig")
		Expect(testEnv.WriteAdminKubeconfig(kubeconfig)).To(Succeed())
		binDir := os.Getenv("KUBEBUILDER_ASSETS")
		if binDir == "" {
			binDir = testEnv.Environment.BinaryAssetsDirectory
		}
		kubectl := func(stdin string, args ...string) (string, error) {
			cmd := exec.CommandContext(ctx, filepath.Join(binDir, "kubectl"), append([]string{"--kubeconfig", kubeconfig, "-n", namespace}, args...)...)
			var out bytes.Buffer
			cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(stdin), &out, &out
			err := cmd.Run()
			return out.String(), err
		}
		out, err := kubectl("", "patch", "shoot", "base", "--type=strategic", "-p", `{"spec":{"extensions":[{"type":"shoot-traefik","providerConfig":{"destinations":[{"name":"c"}]}}]}}`)
		Expect(err).NotTo(HaveOccurred(), out)

		manifest := string(shootJSON("applied", "", `{"destinations":[{"name":"a"}],"keep":true}`))
		out, err = kubectl(manifest, "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), out)
		out, err = kubectl(strings.Replace(manifest, `"keep":true`, `"other":{"x":1}`, 1), "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), out)
		Expect(out).NotTo(ContainSubstring("warning"))
		shoot := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, client.ObjectKey{Namespace: namespace, Name: "applied"}, shoot)).To(Succeed())
		Expect(string(shoot.Spec.Extensions[0].ProviderConfig.Raw)).To(MatchJSON(`{"destinations":[{"name":"a"}],"other":{"x":1}}`))
	})
})
