// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package smoke_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	clientv3 "go.etcd.io/etcd/client/v3"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/client-go/rest"
	apiregistrationv1 "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1"
	aggregatorclientset "k8s.io/kube-aggregator/pkg/client/clientset_generated/clientset"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"

	"github.com/gep-78/gardener/test/envtest/suite"
	"github.com/gep-78/gardener/test/examples"
)

const tableAccept = "application/json;as=Table;v=v1;g=meta.k8s.io"

func readProfile(file string) *gardencorev1beta1.ExtensionProfile {
	data, err := examples.Read(file)
	Expect(err).NotTo(HaveOccurred())
	profile := &gardencorev1beta1.ExtensionProfile{}
	Expect(yaml.UnmarshalStrict(data, profile)).To(Succeed())
	return profile
}

func getTable(path string) *metav1.Table {
	raw, err := kubeClient.CoreV1().RESTClient().Get().AbsPath(path).SetHeader("Accept", tableAccept).DoRaw(ctx)
	Expect(err).NotTo(HaveOccurred(), string(raw))
	table := &metav1.Table{}
	Expect(json.Unmarshal(raw, table)).To(Succeed())
	return table
}

func columnNames(table *metav1.Table) []string {
	var names []string
	for _, c := range table.ColumnDefinitions {
		names = append(names, c.Name)
	}
	return names
}

// rowCells returns the cells of the row of the named object, without the trailing Age cell.
func rowCells(table *metav1.Table, name string) []interface{} {
	for _, row := range table.Rows {
		if row.Cells[0] == name {
			return row.Cells[:len(row.Cells)-1]
		}
	}
	Fail("no row for " + name)
	return nil
}

var _ = Describe("gardener-apiserver behind kube-apiserver", Ordered, func() {
	It("is registered as an available APIService and discoverable", func() {
		aggregatorClient, err := aggregatorclientset.NewForConfig(restConfig)
		Expect(err).NotTo(HaveOccurred())
		apiService, err := aggregatorClient.ApiregistrationV1().APIServices().Get(ctx, "v1beta1.core.gardener.cloud", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(apiService.Status.Conditions).To(ContainElement(And(
			HaveField("Type", apiregistrationv1.Available), HaveField("Status", apiregistrationv1.ConditionTrue))))

		resources, err := kubeClient.Discovery().ServerResourcesForGroupVersion("core.gardener.cloud/v1beta1")
		Expect(err).NotTo(HaveOccurred())
		byName := map[string]metav1.APIResource{}
		for _, r := range resources.APIResources {
			byName[r.Name] = r
		}
		Expect(byName).To(HaveKey("extensionprofiles/status"))
		Expect(byName).To(HaveKey("cloudprofiles/status"))
		Expect(byName).To(HaveKey("shoots/status"))
		Expect(byName["extensionprofiles"].Namespaced).To(BeFalse())
		Expect(byName["extensionprofiles"].ShortNames).To(ConsistOf("eprofile", "epfl"))
		Expect(byName["cloudprofiles"].ShortNames).To(ConsistOf("cprofile", "cpfl"))
		Expect(byName["shoots"].Namespaced).To(BeTrue())
		Expect(byName["shoots"].Categories).To(ConsistOf("all"))
	})

	Describe("ExtensionProfile", Ordered, func() {
		var profile *gardencorev1beta1.ExtensionProfile

		It("creates the example profile through the kube-apiserver, defaults its kind and clears a status sent on create", func() {
			profile = readProfile("extensionprofile-shoot-traefik.yaml")
			profile.Status.Components = []gardencorev1beta1.ExtensionProfileComponentStatus{{Name: "traefik"}}
			created, err := gardenClient.CoreV1beta1().ExtensionProfiles().Create(ctx, profile, metav1.CreateOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(created.Status).To(Equal(gardencorev1beta1.ExtensionProfileStatus{}))
			Expect(created.Generation).To(Equal(int64(1)))
			Expect(created.Spec.ExtensionKind).To(Equal(gardencorev1beta1.ExtensionKindExtension), "defaulted")
			created.Spec.ExtensionKind = ""
			Expect(created.Spec).To(Equal(profile.Spec))
			created.Spec.ExtensionKind = gardencorev1beta1.ExtensionKindExtension
			profile = created
		})

		It("stores it as v1beta1 JSON under /registry-gardener/core.gardener.cloud", func() {
			etcdClient, err := clientv3.New(clientv3.Config{Endpoints: []string{testEnv.ControlPlane.Etcd.URL.String()}, DialTimeout: 5 * time.Second})
			Expect(err).NotTo(HaveOccurred())
			defer etcdClient.Close()
			resp, err := etcdClient.Get(ctx, "/registry-gardener/core.gardener.cloud/extensionprofiles/shoot-traefik")
			Expect(err).NotTo(HaveOccurred())
			Expect(resp.Kvs).To(HaveLen(1))
			Expect(string(resp.Kvs[0].Value)).To(HavePrefix(`{"kind":"ExtensionProfile","apiVersion":"core.gardener.cloud/v1beta1"`))
		})

		It("prints the table columns, with <unknown> counts before classification", func() {
			table := getTable("/apis/core.gardener.cloud/v1beta1/extensionprofiles")
			Expect(columnNames(table)).To(Equal([]string{"Name", "Kind", "Components", "Preview", "Supported", "Deprecated", "Expired", "Unavailable", "Next Transition", "Age"}))
			Expect(rowCells(table, "shoot-traefik")).To(Equal([]interface{}{"shoot-traefik", "Extension", "traefik", "<unknown>", "<unknown>", "<unknown>", "<unknown>", "<unknown>", "<unknown>"}))
		})

		It("keeps a status written through /status and prints its counts", func() {
			profile.Status = helper.ExtensionProfileStatusAt(profile.Spec, time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC))
			updated, err := gardenClient.CoreV1beta1().ExtensionProfiles().UpdateStatus(ctx, profile, metav1.UpdateOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(updated.Status).To(Equal(profile.Status))
			Expect(updated.Generation).To(Equal(int64(1)))
			profile = updated

			// 2026-11-29: 3.6.1 and 3.6.7 expired, 3.6.11 and 3.6.13 supported, 3.6.12 deprecated,
			// 3.6.14 unavailable, 3.7.0 preview; 3.6.14 is the first to change, to preview on 2026-12-07.
			Expect(rowCells(getTable("/apis/core.gardener.cloud/v1beta1/extensionprofiles/shoot-traefik"), "shoot-traefik")).To(
				Equal([]interface{}{"shoot-traefik", "Extension", "traefik", "1", "2", "1", "2", "1", "traefik 3.6.14=preview@2026-12-07T00:00:00Z"}))
		})

		It("ignores a status written through the main resource and bumps the generation on spec changes", func() {
			changed := profile.DeepCopy()
			changed.Status = gardencorev1beta1.ExtensionProfileStatus{}
			changed.Spec.Components[0].Versions = append(changed.Spec.Components[0].Versions, gardencorev1beta1.ExtensionComponentVersion{Version: "3.7.1"})
			updated, err := gardenClient.CoreV1beta1().ExtensionProfiles().Update(ctx, changed, metav1.UpdateOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(updated.Status).To(Equal(profile.Status))
			Expect(updated.Spec.Components[0].Versions).To(HaveLen(len(profile.Spec.Components[0].Versions) + 1))
			Expect(updated.Generation).To(Equal(int64(2)))
			profile = updated
		})

		It("ignores a spec written through /status", func() {
			changed := profile.DeepCopy()
			changed.Spec.Components[0].Versions = changed.Spec.Components[0].Versions[:1]
			updated, err := gardenClient.CoreV1beta1().ExtensionProfiles().UpdateStatus(ctx, changed, metav1.UpdateOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(updated.Spec).To(Equal(profile.Spec))
			Expect(updated.Generation).To(Equal(profile.Generation))
		})

		It("rejects an invalid lifecycle with the field path", func() {
			invalid := readProfile("extensionprofile-shoot-traefik.yaml")
			invalid.Name = "shoot-invalid"
			invalid.Spec.Components[0].Versions[0].Lifecycle = []gardencorev1beta1.LifecycleStage{
				{Classification: gardencorev1beta1.ClassificationDeprecated},
				{Classification: gardencorev1beta1.ClassificationSupported, StartTime: &metav1.Time{Time: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}},
			}
			_, err := gardenClient.CoreV1beta1().ExtensionProfiles().Create(ctx, invalid, metav1.CreateOptions{})
			Expect(apierrors.IsInvalid(err)).To(BeTrue(), "got %v", err)
			status := err.(apierrors.APIStatus).Status()
			Expect(status.Details.Causes).To(ContainElement(And(
				HaveField("Type", metav1.CauseTypeFieldValueInvalid),
				HaveField("Field", "spec.components[0].versions[0].lifecycle[1].classification"),
				HaveField("Message", ContainSubstring("supported must be before deprecated")),
			)))
		})

		It("stays strict about unknown fields", func() {
			body := []byte(`{"apiVersion":"core.gardener.cloud/v1beta1","kind":"ExtensionProfile","metadata":{"name":"shoot-strict"},` +
				`"spec":{"bogus":true,"components":[{"name":"c","versions":[{"version":"1.0.0"}]}]}}`)
			err := gardenClient.CoreV1beta1().RESTClient().Post().Resource("extensionprofiles").
				Param("fieldValidation", "Strict").SetHeader("Content-Type", "application/json").Body(body).Do(ctx).Error()
			Expect(apierrors.IsBadRequest(err)).To(BeTrue(), "got %v", err)
			Expect(err.Error()).To(ContainSubstring(`unknown field "spec.bogus"`))
		})

		It("names the field of a malformed startTime, whichever way the profile is written", func() {
			const name = "shoot-bad-start"
			profile := func(startTime string) []byte {
				return []byte(`{"apiVersion":"core.gardener.cloud/v1beta1","kind":"ExtensionProfile","metadata":{"name":"` + name + `"},` +
					`"spec":{"components":[{"name":"c","versions":[{"version":"1.0.0"},` +
					`{"version":"1.1.0","lifecycle":[{"classification":"supported","startTime":"` + startTime + `"}]}]}]}}`)
			}
			expectInvalidAt := func(err error, path string) {
				GinkgoHelper()
				Expect(apierrors.IsInvalid(err)).To(BeTrue(), "got %v", err)
				Expect(err.(apierrors.APIStatus).Status().Details.Causes).To(ConsistOf(And(
					HaveField("Type", metav1.CauseTypeFieldValueInvalid),
					HaveField("Field", path),
					HaveField("Message", ContainSubstring(`Invalid value: "tomorrow": parsing time "tomorrow"`)),
				)))
			}
			const indexed = "spec.components[0].versions[1].lifecycle[0].startTime"
			const keyed = `spec.components[name="c"].versions[version="1.1.0"].lifecycle[0].startTime`

			By("create, as JSON and as YAML, with strict field validation")
			err := gardenClient.CoreV1beta1().RESTClient().Post().Resource("extensionprofiles").
				Param("fieldValidation", "Strict").SetHeader("Content-Type", "application/json").Body(profile("tomorrow")).Do(ctx).Error()
			expectInvalidAt(err, indexed)
			yamlBody, err := yaml.JSONToYAML(profile("tomorrow"))
			Expect(err).NotTo(HaveOccurred())
			err = gardenClient.CoreV1beta1().RESTClient().Post().Resource("extensionprofiles").
				Param("fieldValidation", "Strict").SetHeader("Content-Type", "application/yaml").Body(yamlBody).Do(ctx).Error()
			expectInvalidAt(err, indexed)

			By("update and every kind of patch of an existing profile")
			Expect(gardenClient.CoreV1beta1().RESTClient().Post().Resource("extensionprofiles").
				SetHeader("Content-Type", "application/json").Body(profile("2026-01-01T00:00:00Z")).Do(ctx).Error()).To(Succeed())
			DeferCleanup(func() {
				Expect(gardenClient.CoreV1beta1().ExtensionProfiles().Delete(ctx, name, metav1.DeleteOptions{})).To(Succeed())
			})
			err = gardenClient.CoreV1beta1().RESTClient().Put().Resource("extensionprofiles").Name(name).
				Param("fieldValidation", "Strict").SetHeader("Content-Type", "application/json").Body(profile("tomorrow")).Do(ctx).Error()
			expectInvalidAt(err, indexed)
			_, err = gardenClient.CoreV1beta1().ExtensionProfiles().Patch(ctx, name, types.MergePatchType, profile("tomorrow"),
				metav1.PatchOptions{FieldValidation: "Strict"})
			expectInvalidAt(err, indexed)
			_, err = gardenClient.CoreV1beta1().ExtensionProfiles().Patch(ctx, name, types.StrategicMergePatchType, profile("tomorrow"),
				metav1.PatchOptions{FieldValidation: "Strict"})
			expectInvalidAt(err, keyed)
			// Without the filter, server-side apply answers this with 500.
			_, err = gardenClient.CoreV1beta1().ExtensionProfiles().Patch(ctx, name, types.ApplyPatchType, profile("tomorrow"),
				metav1.PatchOptions{FieldValidation: "Strict", FieldManager: "smoke", Force: ptr.To(true)})
			expectInvalidAt(err, keyed)

			stored, err := gardenClient.CoreV1beta1().ExtensionProfiles().Get(ctx, name, metav1.GetOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(stored.Spec.Components[0].Versions[1].Lifecycle[0].StartTime.UTC()).To(Equal(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)))
		})

		It("bounds a compatibility rule message", func() {
			body := []byte(`{"apiVersion":"core.gardener.cloud/v1beta1","kind":"ExtensionProfile","metadata":{"name":"shoot-long-message"},` +
				`"spec":{"components":[{"name":"c","versions":[{"version":"1.0.0","compatibility":{"validations":[` +
				`{"rule":"true","message":"` + strings.Repeat("m", 10000) + `"}]}}]}]}}`)
			err := gardenClient.CoreV1beta1().RESTClient().Post().Resource("extensionprofiles").
				Param("fieldValidation", "Strict").SetHeader("Content-Type", "application/json").Body(body).Do(ctx).Error()
			Expect(apierrors.IsInvalid(err)).To(BeTrue(), "got %v", err)
			Expect(err.(apierrors.APIStatus).Status().Details.Causes).To(ConsistOf(And(
				HaveField("Type", metav1.CauseType(field.ErrorTypeTooLong)),
				HaveField("Field", "spec.components[0].versions[0].compatibility.validations[0].message"),
			)))
			Expect(len(err.Error())).To(BeNumerically("<", 1024), "the rejection does not echo the message")
		})

		It("supports server-side apply (the OpenAPI models carry the GVK)", func() {
			apply := `{"apiVersion":"core.gardener.cloud/v1beta1","kind":"ExtensionProfile","metadata":{"name":"shoot-ssa"},` +
				`"spec":{"updateStrategy":{"default":"patch"},"components":[{"name":"c","versions":[{"version":"1.0.0"}]}]}}`
			applied, err := gardenClient.CoreV1beta1().ExtensionProfiles().Patch(ctx, "shoot-ssa", types.ApplyPatchType, []byte(apply),
				metav1.PatchOptions{FieldManager: "smoke-test", Force: ptr.To(true)})
			Expect(err).NotTo(HaveOccurred())
			Expect(applied.ManagedFields).To(ContainElement(And(
				HaveField("Manager", "smoke-test"), HaveField("Operation", metav1.ManagedFieldsOperationApply))))

			apply = strings.Replace(apply, `{"version":"1.0.0"}`, `{"version":"1.0.0"},{"version":"1.1.0"}`, 1)
			applied, err = gardenClient.CoreV1beta1().ExtensionProfiles().Patch(ctx, "shoot-ssa", types.ApplyPatchType, []byte(apply),
				metav1.PatchOptions{FieldManager: "smoke-test", Force: ptr.To(true)})
			Expect(err).NotTo(HaveOccurred())
			Expect(applied.Spec.Components[0].Versions).To(HaveLen(2))
			Expect(applied.Generation).To(Equal(int64(2)))
		})

		It("publishes OpenAPI v3 with the ExtensionProfile group-version-kind", func() {
			Eventually(func(g Gomega) {
				raw, err := kubeClient.CoreV1().RESTClient().Get().AbsPath("/openapi/v3/apis/core.gardener.cloud/v1beta1").DoRaw(ctx)
				g.Expect(err).NotTo(HaveOccurred())
				var doc struct {
					Components struct {
						Schemas map[string]struct {
							GVK []map[string]string `json:"x-kubernetes-group-version-kind"`
						} `json:"schemas"`
					} `json:"components"`
				}
				g.Expect(json.Unmarshal(raw, &doc)).To(Succeed())
				g.Expect(doc.Components.Schemas).To(HaveKey("com.github.gep-78.gardener.pkg.apis.core.v1beta1.ExtensionProfile"))
				g.Expect(doc.Components.Schemas["com.github.gep-78.gardener.pkg.apis.core.v1beta1.ExtensionProfile"].GVK).To(ConsistOf(
					map[string]string{"group": "core.gardener.cloud", "version": "v1beta1", "kind": "ExtensionProfile"}))
			}).WithTimeout(30 * time.Second).WithPolling(500 * time.Millisecond).Should(Succeed())
		})
	})

	Describe("Shoot", Ordered, func() {
		const namespace = "garden-dev"

		BeforeAll(func() {
			_, err := kubeClient.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}}, metav1.CreateOptions{})
			Expect(err).NotTo(HaveOccurred())
			// The ShootExtensionProfile admission plugin checks the pins of the example Shoot
			// against both profiles (shoot-traefik was created above).
			_, err = gardenClient.CoreV1beta1().ExtensionProfiles().Create(ctx, readProfile("extensionprofile-shoot-falco-service.yaml"), metav1.CreateOptions{})
			Expect(err).NotTo(HaveOccurred())
			// The ShootMutator and ShootValidator plugins check the Shoot against its CloudProfile.
			cloudProfile := &gardencorev1beta1.CloudProfile{}
			examples.MustDecode("cloudprofile-local.yaml", cloudProfile)
			_, err = gardenClient.CoreV1beta1().CloudProfiles().Create(ctx, cloudProfile, metav1.CreateOptions{})
			Expect(err).NotTo(HaveOccurred())
		})

		It("stores Gardener's Shoot fields beyond GEP-78's (spec.addons) and rejects an unknown field, with fieldValidation=Strict", func() {
			data, err := examples.Read("shoot-accepted-falco-traefik.yaml")
			Expect(err).NotTo(HaveOccurred())
			var manifest map[string]interface{}
			Expect(yaml.Unmarshal(data, &manifest)).To(Succeed())
			manifest["spec"].(map[string]interface{})["addons"] = map[string]interface{}{"nginxIngress": map[string]interface{}{"enabled": false}}
			body, err := json.Marshal(manifest)
			Expect(err).NotTo(HaveOccurred())

			recorder := &suite.Warnings{}
			config := rest.CopyConfig(restConfig)
			config.WarningHandler = recorder
			client, err := gardencoreclientset.NewForConfig(config)
			Expect(err).NotTo(HaveOccurred())

			// What kubectl create/apply sends: fieldValidation=Strict. A field Gardener does not
			// have is rejected with its path, as for every other resource.
			manifest["spec"].(map[string]interface{})["bogus"] = true
			bogus, err := json.Marshal(manifest)
			Expect(err).NotTo(HaveOccurred())
			err = client.CoreV1beta1().RESTClient().Post().Namespace(namespace).Resource("shoots").
				Param("fieldValidation", "Strict").SetHeader("Content-Type", "application/json").Body(bogus).Do(ctx).Error()
			Expect(apierrors.IsBadRequest(err)).To(BeTrue(), "got %v", err)
			Expect(err.Error()).To(ContainSubstring(`unknown field "spec.bogus"`))

			Expect(client.CoreV1beta1().RESTClient().Post().Namespace(namespace).Resource("shoots").
				Param("fieldValidation", "Strict").SetHeader("Content-Type", "application/json").Body(body).Do(ctx).Error()).To(Succeed())
			Expect(recorder.Take()).To(BeEmpty())

			shoot, err := gardenClient.CoreV1beta1().Shoots(namespace).Get(ctx, "falco-traefik-eval", metav1.GetOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(shoot.Spec.Addons).To(HaveField("NginxIngress", HaveField("Addon.Enabled", false)))
			Expect(shoot.Spec.Extensions).To(HaveLen(3))
			Expect(shoot.Spec.Extensions[1].Components).To(ConsistOf(HaveField("Version", ptr.To("3.6.13"))))
		})

		It("stores every field of a server-side apply of the same manifest with Gardener's further fields", func() {
			data, err := examples.Read("shoot-accepted-falco-traefik.yaml")
			Expect(err).NotTo(HaveOccurred())
			var manifest map[string]interface{}
			Expect(yaml.Unmarshal(data, &manifest)).To(Succeed())
			spec := manifest["spec"].(map[string]interface{})
			spec["hibernation"] = map[string]interface{}{"enabled": false}
			spec["kubernetes"].(map[string]interface{})["kubeAPIServer"] = map[string]interface{}{"enableAnonymousAuthentication": false}
			body, err := json.Marshal(manifest)
			Expect(err).NotTo(HaveOccurred())

			recorder := &suite.Warnings{}
			config := rest.CopyConfig(restConfig)
			config.WarningHandler = recorder
			client, err := gardencoreclientset.NewForConfig(config)
			Expect(err).NotTo(HaveOccurred())

			applied, err := client.CoreV1beta1().Shoots(namespace).Patch(ctx, "falco-traefik-eval", types.ApplyPatchType, body,
				metav1.PatchOptions{FieldManager: "smoke-test", Force: ptr.To(true), FieldValidation: "Strict"})
			Expect(err).NotTo(HaveOccurred())
			Expect(recorder.Take()).To(BeEmpty())
			Expect(applied.Spec.Hibernation).To(HaveField("Enabled", HaveValue(BeFalse())))
			Expect(applied.Spec.Kubernetes.KubeAPIServer).To(HaveField("EnableAnonymousAuthentication", HaveValue(BeFalse())))
			Expect(applied.ManagedFields).To(ContainElement(HaveField("Manager", "smoke-test")))
		})

		It("selects Shoots by Gardener's field selectors and by the extension type labels", func() {
			shoots := gardenClient.CoreV1beta1().Shoots(namespace)
			list, err := shoots.List(ctx, metav1.ListOptions{FieldSelector: "spec.cloudProfile.Name=local,spec.seedName="})
			Expect(err).NotTo(HaveOccurred())
			Expect(list.Items).To(ConsistOf(HaveField("Name", "falco-traefik-eval")))
			list, err = shoots.List(ctx, metav1.ListOptions{FieldSelector: "spec.cloudProfile.Name=other"})
			Expect(err).NotTo(HaveOccurred())
			Expect(list.Items).To(BeEmpty())

			shoot, err := shoots.Get(ctx, "falco-traefik-eval", metav1.GetOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(shoot.Labels).To(HaveKeyWithValue("extensions.extensions.gardener.cloud/shoot-falco-service", "true"))
			Expect(shoot.Labels).To(HaveKeyWithValue("provider.extensions.gardener.cloud/local", "true"))
			list, err = shoots.List(ctx, metav1.ListOptions{LabelSelector: "extensions.extensions.gardener.cloud/shoot-traefik=true"})
			Expect(err).NotTo(HaveOccurred())
			Expect(list.Items).To(ConsistOf(HaveField("Name", "falco-traefik-eval")))
			list, err = shoots.List(ctx, metav1.ListOptions{LabelSelector: "extensions.extensions.gardener.cloud/envoy-gateway=true"})
			Expect(err).NotTo(HaveOccurred())
			Expect(list.Items).To(BeEmpty())

			_, err = shoots.List(ctx, metav1.ListOptions{FieldSelector: "spec.extensions.type=shoot-traefik"})
			Expect(apierrors.IsBadRequest(err)).To(BeTrue(), "got %v", err)
			Expect(err).To(MatchError(ContainSubstring("extensions.extensions.gardener.cloud/<type>=true")))
		})

		It("answers the fleet questions with kubectl alone: the extension label, the field selectors and the kubectl-extensionprofile plugin", func() {
			dir := GinkgoT().TempDir()
			build := exec.Command("go", "build", "-o", filepath.Join(dir, "kubectl-extensionprofile"), "github.com/gep-78/gardener/cmd/kubectl-extensionprofile")
			output, err := build.CombinedOutput()
			Expect(err).NotTo(HaveOccurred(), string(output))
			kubeconfig, err := gardenerenvtest.KubeconfigFromRESTConfig(restConfig)
			Expect(err).NotTo(HaveOccurred())
			kubeconfigPath := filepath.Join(dir, "kubeconfig")
			Expect(os.WriteFile(kubeconfigPath, kubeconfig, 0o600)).To(Succeed())

			kubectl := func(args ...string) string {
				GinkgoHelper()
				binDir := testEnv.Environment.BinaryAssetsDirectory
				if binDir == "" {
					binDir = os.Getenv("KUBEBUILDER_ASSETS")
				}
				cmd := exec.Command(filepath.Join(binDir, "kubectl"), args...)
				cmd.Env = append(os.Environ(), "KUBECONFIG="+kubeconfigPath, "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
				output, err := cmd.CombinedOutput()
				Expect(err).NotTo(HaveOccurred(), string(output))
				return string(output)
			}

			Expect(kubectl("get", "shoots", "-A", "-l", "extensions.extensions.gardener.cloud/shoot-traefik=true", "-o", "name")).To(
				Equal("shoot.core.gardener.cloud/falco-traefik-eval\n"))
			Expect(kubectl("get", "shoots", "-A", "--field-selector", "spec.cloudProfile.Name=local", "-o", "name")).To(
				Equal("shoot.core.gardener.cloud/falco-traefik-eval\n"))

			usage := kubectl("extensionprofile", "usage", "shoot-traefik", "-A")
			Expect(usage).To(HavePrefix("COMPONENT   VERSION   CLASSIFICATION   NEXT TRANSITION"))
			Expect(usage).To(MatchRegexp(`(?m)^traefik\s+3\.6\.13\s+supported\s+<none>\s+<none>\s+garden-dev/falco-traefik-eval$`))
			Expect(usage).To(MatchRegexp(`(?m)^traefik\s+3\.6\.12\s+deprecated\s+expired@2027-01-31T00:00:00Z\s+2027-01-31T00:00:00Z\s+<none>$`))

			pins := kubectl("extensionprofile", "shoot", "falco-traefik-eval", "-n", namespace)
			Expect(pins).To(MatchRegexp(`(?m)^shoot-traefik\s+traefik\s+3\.6\.13\s+supported\s+<none>\s+<none>\s+<none>\s+on, minor \(component\)\s+`))
			Expect(pins).To(MatchRegexp(`(?m)^shoot-falco-service\s+falco\s+0\.44\.1\s+<unknown>\s+<none>\s+<none>\s+<none>\s+on, minor \(extension\)\s+`))
		})

		It("prints the pinned components", func() {
			table := getTable("/apis/core.gardener.cloud/v1beta1/namespaces/" + namespace + "/shoots")
			Expect(columnNames(table)).To(Equal([]string{"Name", "CloudProfile", "Provider", "Region", "K8S Version", "Pinned Components", "Seed", "Last Maintenance", "Age"}))
			Expect(rowCells(table, "falco-traefik-eval")).To(Equal([]interface{}{
				"falco-traefik-eval", "local", "local", "local", "1.35.6", "shoot-falco-service/falco=0.44.1,shoot-traefik/traefik=3.6.13", "<none>", "<none>"}))
		})
	})
})
