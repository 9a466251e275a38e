// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package charts_test

import (
	"bytes"
	"encoding/base64"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/spf13/pflag"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"
	apiserverconfiginstall "k8s.io/apiserver/pkg/apis/apiserver/install"
	apiregistrationv1 "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1"
	"sigs.k8s.io/yaml"

	. "github.com/gep-78/gardener/charts"
	apiserverapp "github.com/gep-78/gardener/cmd/gardener-apiserver/app"
	controllermanagerapp "github.com/gep-78/gardener/cmd/gardener-controller-manager/app"
	operatorapp "github.com/gep-78/gardener/cmd/gardener-operator/app"
	gardenletapp "github.com/gep-78/gardener/cmd/gardenlet/app"
	"github.com/gep-78/gardener/pkg/apiserver"
	admissioninitializer "github.com/gep-78/gardener/pkg/apiserver/admission/initializer"
	fakegardencore "github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	shootextensionprofile "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
)

const namespace = "garden"

var apiServerValues = map[string]any{
	"etcd":     map[string]any{"servers": "https://etcd-main:2379"},
	"tls":      map[string]any{"crt": "CERT", "key": "KEY"},
	"caBundle": "CA",
}

var gardenletSeedValues = map[string]any{
	"seedName": "local",
	"garden":   map[string]any{"kubeconfig": "apiVersion: v1\nkind: Config\n"},
}

func find(objects []*unstructured.Unstructured, kind, name string) *unstructured.Unstructured {
	for _, obj := range objects {
		if obj.GetKind() == kind && obj.GetName() == name {
			return obj
		}
	}
	return nil
}

func convert[T any](obj *unstructured.Unstructured) *T {
	ExpectWithOffset(1, obj).NotTo(BeNil())
	out := new(T)
	ExpectWithOffset(1, runtime.DefaultUnstructuredConverter.FromUnstructured(obj.Object, out)).To(Succeed())
	return out
}

// renderedConfigFile writes the config.yaml of the named rendered ConfigMap to a file and returns
// its path.
func renderedConfigFile(objects []*unstructured.Unstructured, name string) string {
	GinkgoHelper()
	configMap := convert[corev1.ConfigMap](find(objects, "ConfigMap", name))
	Expect(configMap.Data).To(HaveKey("config.yaml"))
	path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
	Expect(os.WriteFile(path, []byte(configMap.Data["config.yaml"]), 0o600)).To(Succeed())
	return path
}

func kindsAndNames(objects []*unstructured.Unstructured) []string {
	var out []string
	for _, obj := range objects {
		out = append(out, obj.GetKind()+"/"+obj.GetName())
	}
	return out
}

// containerArgs returns the args of the only container of the named Deployment.
func containerArgs(objects []*unstructured.Unstructured, name string) []string {
	deployment := convert[appsv1.Deployment](find(objects, "Deployment", name))
	ExpectWithOffset(1, deployment.Spec.Template.Spec.Containers).To(HaveLen(1))
	return deployment.Spec.Template.Spec.Containers[0].Args
}

// expectFeatureGatesKnown fails unless every --feature-gates entry names one of this project's
// gates.
func expectFeatureGatesKnown(args []string) {
	for _, arg := range args {
		value, ok := strings.CutPrefix(arg, "--feature-gates=")
		if !ok {
			continue
		}
		for _, gate := range strings.Split(value, ",") {
			name, _, _ := strings.Cut(gate, "=")
			ExpectWithOffset(1, features.AllFeatureGates).To(HaveKey(BeEquivalentTo(name)))
		}
	}
}

var _ = Describe("Charts", func() {
	Describe("crds", func() {
		It("renders exactly the generated CRDs of pkg/apis/extensions/crds, unchanged", func() {
			generated, err := filepath.Glob(filepath.Join("..", "pkg", "apis", "extensions", "crds", "*.yaml"))
			Expect(err).NotTo(HaveOccurred())
			Expect(generated).NotTo(BeEmpty())

			rendered, err := RenderFiles(CRDs, "gardener-crds", namespace, nil)
			Expect(err).NotTo(HaveOccurred())

			expected := map[string]string{}
			for _, file := range generated {
				data, err := os.ReadFile(file)
				Expect(err).NotTo(HaveOccurred())
				expected["templates/"+filepath.Base(file)] = string(data)
			}
			Expect(rendered).To(Equal(expected), "run hack/update-chart-crds.sh")
		})
	})

	Describe("apiserver", func() {
		It("refuses to render without the etcd servers, the serving certificate and the CA bundle", func() {
			_, err := Render(APIServer, "gardener-apiserver", namespace, nil)
			Expect(err).To(MatchError(ContainSubstring("is required")))
			for _, missing := range []string{"etcd", "tls", "caBundle"} {
				values := map[string]any{}
				for k, v := range apiServerValues {
					if k != missing {
						values[k] = v
					}
				}
				_, err := Render(APIServer, "gardener-apiserver", namespace, values)
				Expect(err).To(MatchError(ContainSubstring("is required")), missing)
			}
		})

		It("registers one APIService per served group version, pointing at its Service with the CA bundle", func() {
			objects, err := Render(APIServer, "gardener-apiserver", namespace, apiServerValues)
			Expect(err).NotTo(HaveOccurred())

			var served []schema.GroupVersion
			for _, obj := range objects {
				if obj.GetKind() != "APIService" {
					continue
				}
				apiService := convert[apiregistrationv1.APIService](obj)
				served = append(served, schema.GroupVersion{Group: apiService.Spec.Group, Version: apiService.Spec.Version})
				Expect(apiService.Name).To(Equal(apiService.Spec.Version + "." + apiService.Spec.Group))
				Expect(apiService.Spec.Service.Namespace).To(Equal(namespace))
				Expect(apiService.Spec.Service.Name).To(Equal("gardener-apiserver"))
				Expect(string(apiService.Spec.CABundle)).To(Equal("CA"))
			}
			Expect(served).To(ConsistOf(apiserver.AllGardenerAPIGroupVersions))
			Expect(find(objects, "Service", "gardener-apiserver")).NotTo(BeNil())
		})

		It("starts gardener-apiserver with flags it knows, its serving certificate and the feature gates", func() {
			objects, err := Render(APIServer, "gardener-apiserver", namespace, map[string]any{
				"etcd": map[string]any{"servers": "https://etcd-main:2379"}, "tls": map[string]any{"crt": "CERT", "key": "KEY"}, "caBundle": "CA",
				"featureGates": map[string]any{"ExtensionComponentVersions": true},
				"image":        map[string]any{"tag": "v1.2.3"},
			})
			Expect(err).NotTo(HaveOccurred())
			args := containerArgs(objects, "gardener-apiserver")
			Expect(args).To(ContainElements("--etcd-servers=https://etcd-main:2379", "--feature-gates=ExtensionComponentVersions=true"))
			expectFeatureGatesKnown(args)

			fs := pflag.NewFlagSet("gardener-apiserver", pflag.ContinueOnError)
			apiserverapp.NewOptions().AddFlags(fs)
			Expect(fs.Parse(args)).To(Succeed())

			deployment := convert[appsv1.Deployment](find(objects, "Deployment", "gardener-apiserver"))
			Expect(deployment.Spec.Template.Spec.ServiceAccountName).To(Equal("gardener-apiserver"))
			Expect(deployment.Spec.Template.Spec.Containers[0].Image).To(Equal("ghcr.io/gep-78/gardener/apiserver:v1.2.3"))

			secret := find(objects, "Secret", "gardener-apiserver-tls")
			Expect(secret.Object["data"]).To(Equal(map[string]any{
				"tls.crt": base64.StdEncoding.EncodeToString([]byte("CERT")),
				"tls.key": base64.StdEncoding.EncodeToString([]byte("KEY")),
			}))
		})

		It("gives the pod a termination grace period longer than gardener-apiserver's bounded shutdown", func() {
			objects, err := Render(APIServer, "gardener-apiserver", namespace, apiServerValues)
			Expect(err).NotTo(HaveOccurred())
			opts := apiserverapp.NewOptions()
			fs := pflag.NewFlagSet("gardener-apiserver", pflag.ContinueOnError)
			opts.AddFlags(fs)
			Expect(fs.Parse(containerArgs(objects, "gardener-apiserver"))).To(Succeed())

			run := opts.ServerRun
			Expect(run.ShutdownDelayDuration).To(BeNumerically(">", 0), "the Service endpoints need time to drop the pod")
			Expect(run.ShutdownWatchTerminationGracePeriod).To(BeNumerically(">", 0), "open watches must be ended, or they hold the shutdown for --request-timeout")
			bound := run.ShutdownDelayDuration + max(run.RequestTimeout, run.ShutdownWatchTerminationGracePeriod)
			deployment := convert[appsv1.Deployment](find(objects, "Deployment", "gardener-apiserver"))
			Expect(deployment.Spec.Template.Spec.TerminationGracePeriodSeconds).NotTo(BeNil())
			Expect(time.Duration(*deployment.Spec.Template.Spec.TerminationGracePeriodSeconds) * time.Second).To(BeNumerically(">", bound))
		})

		It("refuses a termination grace period that the shutdown does not fit into", func() {
			values := map[string]any{"shutdown": map[string]any{"delaySeconds": 15, "watchTerminationGracePeriodSeconds": 10, "terminationGracePeriodSeconds": 30}}
			for k, v := range apiServerValues {
				values[k] = v
			}
			_, err := Render(APIServer, "gardener-apiserver", namespace, values)
			Expect(err).To(MatchError(ContainSubstring("shutdown.terminationGracePeriodSeconds (30) must be longer than shutdown.delaySeconds + max(60, shutdown.watchTerminationGracePeriodSeconds) = 75")))
		})

		DescribeTable("configures ShootExtensionProfile's maintenance user, gardener-controller-manager's ServiceAccount, through --admission-control-config-file",
			func(releaseNamespace, controllerManagerNamespace, expectedUser string) {
				values := map[string]any{"controllerManager": map[string]any{"namespace": controllerManagerNamespace}}
				for k, v := range apiServerValues {
					values[k] = v
				}
				objects, err := Render(APIServer, "gardener-apiserver", releaseNamespace, values)
				Expect(err).NotTo(HaveOccurred())

				deployment := convert[appsv1.Deployment](find(objects, "Deployment", "gardener-apiserver"))
				container := deployment.Spec.Template.Spec.Containers[0]
				Expect(container.Args).To(ContainElement("--admission-control-config-file=/etc/gardener-apiserver/admission/admission-config.yaml"))
				Expect(container.VolumeMounts).To(ContainElement(corev1.VolumeMount{Name: "admission-config", MountPath: "/etc/gardener-apiserver/admission", ReadOnly: true}))
				Expect(deployment.Spec.Template.Spec.Volumes).To(ContainElement(HaveField("VolumeSource.ConfigMap.LocalObjectReference.Name", "gardener-apiserver-admission-config")))

				By("reading the rendered file as gardener-apiserver does, and loading the plugin's configuration from it")
				configMap := convert[corev1.ConfigMap](find(objects, "ConfigMap", "gardener-apiserver-admission-config"))
				Expect(configMap.Namespace).To(Equal(releaseNamespace))
				file := filepath.Join(GinkgoT().TempDir(), "admission-config.yaml")
				Expect(os.WriteFile(file, []byte(configMap.Data["admission-config.yaml"]), 0o600)).To(Succeed())
				configScheme := runtime.NewScheme()
				apiserverconfiginstall.Install(configScheme)
				provider, err := admission.ReadAdmissionConfiguration(plugin.AllOrderedPluginNames(), file, configScheme)
				Expect(err).NotTo(HaveOccurred())
				reader, err := provider.ConfigFor(plugin.PluginNameShootExtensionProfile)
				Expect(err).NotTo(HaveOccurred())
				cfg, err := shootextensionprofile.LoadConfiguration(reader)
				Expect(err).NotTo(HaveOccurred())
				Expect(cfg.MaintenanceUsers).To(ConsistOf(expectedUser))
				Expect(cfg.StableChannelSoakPeriod.Duration).To(Equal(336*time.Hour), "the soak period of the controller-manager chart's default")

				By("giving the impact preview the same soak period, in a configuration its plugin starts with")
				reader, err = provider.ConfigFor(plugin.PluginNameExtensionProfileImpact)
				Expect(err).NotTo(HaveOccurred())
				impactConfig, err := io.ReadAll(reader)
				Expect(err).NotTo(HaveOccurred())
				var impact struct {
					StableChannelSoakPeriod metav1.Duration `json:"stableChannelSoakPeriod"`
				}
				Expect(yaml.Unmarshal(impactConfig, &impact)).To(Succeed())
				Expect(impact.StableChannelSoakPeriod.Duration).To(Equal(336 * time.Hour))
				plugins := admission.NewPlugins()
				apiserver.RegisterAllAdmissionPlugins(plugins)
				coreClient := fakegardencore.NewSimpleClientset()
				_, err = plugins.InitPlugin(plugin.PluginNameExtensionProfileImpact, bytes.NewReader(impactConfig),
					admissioninitializer.New(gardencoreinformers.NewSharedInformerFactory(coreClient, 0), coreClient, nil))
				Expect(err).NotTo(HaveOccurred())
			},
			Entry("in the release namespace by default", "gardener-system", "", "system:serviceaccount:gardener-system:gardener-controller-manager"),
			Entry("in the namespace of the value", "garden", "gardener-cm", "system:serviceaccount:gardener-cm:gardener-controller-manager"),
		)

		It("lets every authenticated user read ExtensionProfiles and the operators group write them", func() {
			objects, err := Render(APIServer, "gardener-apiserver", namespace, apiServerValues)
			Expect(err).NotTo(HaveOccurred())

			read := convert[rbacv1.ClusterRoleBinding](find(objects, "ClusterRoleBinding", "gardener.cloud:system:read-extensionprofiles"))
			Expect(read.Subjects).To(ConsistOf(rbacv1.Subject{APIGroup: rbacv1.GroupName, Kind: rbacv1.GroupKind, Name: "system:authenticated"}))
			readRole := convert[rbacv1.ClusterRole](find(objects, "ClusterRole", "gardener.cloud:system:read-extensionprofiles"))
			Expect(readRole.Rules).To(ConsistOf(rbacv1.PolicyRule{
				APIGroups: []string{"core.gardener.cloud"}, Resources: []string{"extensionprofiles"}, Verbs: []string{"get", "list", "watch"},
			}))

			admin := convert[rbacv1.ClusterRoleBinding](find(objects, "ClusterRoleBinding", "gardener.cloud:extensionprofiles:admin"))
			Expect(admin.Subjects).To(ConsistOf(rbacv1.Subject{APIGroup: rbacv1.GroupName, Kind: rbacv1.GroupKind, Name: "gardener.cloud:system:operators"}))

			By("an operators group of the operator's choice, and no binding for all authenticated users")
			objects, err = Render(APIServer, "gardener-apiserver", namespace, map[string]any{
				"etcd": map[string]any{"servers": "https://etcd-main:2379"}, "tls": map[string]any{"crt": "CERT", "key": "KEY"}, "caBundle": "CA",
				"rbac": map[string]any{"extensionProfiles": map[string]any{"readForAllAuthenticated": false, "operatorsGroup": "landscape-admins"}},
			})
			Expect(err).NotTo(HaveOccurred())
			Expect(find(objects, "ClusterRoleBinding", "gardener.cloud:system:read-extensionprofiles")).To(BeNil())
			Expect(find(objects, "ClusterRole", "gardener.cloud:system:read-extensionprofiles")).NotTo(BeNil())
			admin = convert[rbacv1.ClusterRoleBinding](find(objects, "ClusterRoleBinding", "gardener.cloud:extensionprofiles:admin"))
			Expect(admin.Subjects).To(ConsistOf(HaveField("Name", "landscape-admins")))
		})
	})

	Describe("controller-manager", func() {
		It("elects a leader in the release namespace and serves metrics, with flags it knows", func() {
			objects, err := Render(ControllerManager, "gardener-controller-manager", "gardener-system", map[string]any{
				"featureGates": map[string]any{"ExtensionComponentVersions": true},
			})
			Expect(err).NotTo(HaveOccurred())
			args := containerArgs(objects, "gardener-controller-manager")
			Expect(args).To(ContainElements(
				"--metrics-bind-address=:2719",
				"--feature-gates=ExtensionComponentVersions=true",
			))
			expectFeatureGatesKnown(args)

			opts := controllermanagerapp.NewOptions()
			fs := pflag.NewFlagSet("gardener-controller-manager", pflag.ContinueOnError)
			opts.AddFlags(fs)
			Expect(fs.Parse(args)).To(Succeed())
			Expect(args).To(ContainElement("--config=/etc/gardener-controller-manager/config/config.yaml"))
			deployment := convert[appsv1.Deployment](find(objects, "Deployment", "gardener-controller-manager"))
			Expect(deployment.Spec.Template.Spec.Volumes).To(ContainElement(HaveField("ConfigMap.Name", "gardener-controller-manager-config")))
			// controller-runtime's default graceful shutdown timeout is 30 s.
			Expect(deployment.Spec.Template.Spec.TerminationGracePeriodSeconds).NotTo(BeNil())
			Expect(*deployment.Spec.Template.Spec.TerminationGracePeriodSeconds).To(BeNumerically(">", 30))
			opts.ConfigFile = renderedConfigFile(objects, "gardener-controller-manager-config")
			Expect(opts.Complete()).To(Succeed())
			Expect(opts.Validate()).To(Succeed())
			leaderElection := opts.Config.LeaderElection
			Expect(leaderElection.LeaderElect).To(HaveValue(BeTrue()))
			Expect(leaderElection.ResourceNamespace).To(Equal("gardener-system"))
			Expect(leaderElection.ResourceName).To(Equal("gardener-controller-manager-leader-election"))
			Expect(opts.Config.GardenClientConnection.QPS).To(Equal(float32(100)))
			Expect(opts.Config.GardenClientConnection.Burst).To(Equal(int32(130)))
			Expect(opts.Config.Controllers.ShootMaintenance.ConcurrentSyncs).To(HaveValue(Equal(5)))

			role := convert[rbacv1.Role](find(objects, "Role", "gardener.cloud:system:controller-manager:leader-election"))
			Expect(role.Namespace).To(Equal("gardener-system"))
			Expect(role.Rules).To(ConsistOf(HaveField("Resources", ConsistOf("leases"))))
			Expect(find(objects, "Service", "gardener-controller-manager-metrics")).NotTo(BeNil())
		})
	})

	Describe("operator", func() {
		It("ships exactly the generated operator Extension CRD of pkg/apis/operator/crds", func() {
			generated, err := os.ReadFile(filepath.Join("..", "pkg", "apis", "operator", "crds", "operator.gardener.cloud_extensions.yaml"))
			Expect(err).NotTo(HaveOccurred())
			rendered, err := RenderFiles(Operator, "gardener-operator", namespace, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(rendered).To(HaveKeyWithValue("templates/operator.gardener.cloud_extensions.yaml", string(generated)), "run hack/update-chart-crds.sh")
		})

		It("runs gardener-operator with flags it knows, with the garden RBAC when the runtime cluster is the garden", func() {
			objects, err := Render(Operator, "gardener-operator", namespace, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(kindsAndNames(objects)).To(ConsistOf(
				"CustomResourceDefinition/extensions.operator.gardener.cloud",
				"ClusterRole/gardener.cloud:system:gardener-operator",
				"ClusterRoleBinding/gardener.cloud:system:gardener-operator",
				"ClusterRole/gardener.cloud:system:gardener-operator:garden",
				"ClusterRoleBinding/gardener.cloud:system:gardener-operator:garden",
				"Deployment/gardener-operator",
				"ServiceAccount/gardener-operator",
			))
			opts := operatorapp.NewOptions()
			fs := pflag.NewFlagSet("gardener-operator", pflag.ContinueOnError)
			opts.AddFlags(fs)
			Expect(fs.Parse(containerArgs(objects, "gardener-operator"))).To(Succeed())
			Expect(opts.Validate()).To(Succeed())
			Expect(opts.GardenKubeconfig).To(BeEmpty())
			Expect(opts.ConcurrentSyncs).To(Equal(5))
		})

		It("mounts a garden kubeconfig and leaves the garden RBAC to the garden", func() {
			objects, err := Render(Operator, "gardener-operator", namespace, map[string]any{"garden": map[string]any{"kubeconfig": "apiVersion: v1\nkind: Config\n"}})
			Expect(err).NotTo(HaveOccurred())
			Expect(find(objects, "Secret", "gardener-operator-garden-kubeconfig")).NotTo(BeNil())
			Expect(find(objects, "ClusterRole", "gardener.cloud:system:gardener-operator:garden")).To(BeNil())
			opts := operatorapp.NewOptions()
			fs := pflag.NewFlagSet("gardener-operator", pflag.ContinueOnError)
			opts.AddFlags(fs)
			Expect(fs.Parse(containerArgs(objects, "gardener-operator"))).To(Succeed())
			Expect(opts.GardenKubeconfig).To(Equal("/etc/gardener-operator/garden/kubeconfig"))
		})
	})

	Describe("gardenlet", func() {
		It("renders the Deployment and the seed RBAC into the seed, with flags it knows", func() {
			objects, err := Render(Gardenlet, "gardenlet", namespace, gardenletSeedValues)
			Expect(err).NotTo(HaveOccurred())
			Expect(kindsAndNames(objects)).To(ConsistOf(
				"ClusterRole/gardener.cloud:system:gardenlet:seed",
				"ClusterRoleBinding/gardener.cloud:system:gardenlet:seed",
				"Deployment/gardenlet",
				"Secret/gardenlet-garden-kubeconfig",
				"ConfigMap/gardenlet-seed-kubeconfig",
				"ConfigMap/gardenlet-config",
				"ServiceAccount/gardenlet",
				"PodDisruptionBudget/gardenlet",
				"Role/gardener.cloud:system:gardenlet:leader-election",
				"RoleBinding/gardener.cloud:system:gardenlet:leader-election",
			))

			args := containerArgs(objects, "gardenlet")
			Expect(args).To(ContainElement("--seed-name=local"))
			expectFeatureGatesKnown(args)
			opts := gardenletapp.NewOptions()
			fs := pflag.NewFlagSet("gardenlet", pflag.ContinueOnError)
			opts.AddFlags(fs)
			Expect(fs.Parse(args)).To(Succeed())
			Expect(opts.GardenKubeconfig).NotTo(BeEmpty())
			Expect(opts.SeedKubeconfig).NotTo(BeEmpty())
			Expect(opts.ConfigFile).To(Equal("/etc/gardenlet/config/config.yaml"))
			opts.ConfigFile = renderedConfigFile(objects, "gardenlet-config")
			Expect(opts.Complete()).To(Succeed())
			Expect(opts.Validate()).To(Succeed())
			Expect(opts.Config.GardenClientConnection.QPS).To(Equal(float32(100)))
			Expect(opts.Config.SeedClientConnection.Burst).To(Equal(int32(130)))
			Expect(gardenletapp.ControllerConfig(opts.Config).ConcurrentSyncs).To(Equal(20))
			leaderElection := opts.Config.LeaderElection
			Expect(leaderElection.LeaderElect).To(HaveValue(BeTrue()))
			Expect(leaderElection.ResourceNamespace).To(Equal(namespace))
			Expect(leaderElection.LeaseDuration.Duration).To(Equal(15 * time.Second))
		})

		It("renders only the garden RBAC into the garden", func() {
			objects, err := Render(Gardenlet, "gardenlet", namespace, map[string]any{"target": "garden"})
			Expect(err).NotTo(HaveOccurred())
			Expect(kindsAndNames(objects)).To(ConsistOf(
				"ClusterRole/gardener.cloud:system:gardenlet",
				"ClusterRoleBinding/gardener.cloud:system:gardenlet",
			))
			binding := convert[rbacv1.ClusterRoleBinding](objects[1])
			Expect(binding.Subjects).To(ConsistOf(rbacv1.Subject{APIGroup: rbacv1.GroupName, Kind: rbacv1.GroupKind, Name: "gardener.cloud:system:seeds"}))
		})

		It("refuses an unknown target and a seed release without seed name or garden kubeconfig", func() {
			_, err := Render(Gardenlet, "gardenlet", namespace, map[string]any{"target": "runtime"})
			Expect(err).To(MatchError(ContainSubstring("target must be seed or garden")))
			_, err = Render(Gardenlet, "gardenlet", namespace, map[string]any{"seedName": "local"})
			Expect(err).To(MatchError(ContainSubstring("garden.kubeconfig is required")))
			_, err = Render(Gardenlet, "gardenlet", namespace, map[string]any{"garden": map[string]any{"kubeconfig": "x"}})
			Expect(err).To(MatchError(ContainSubstring("seedName is required")))
		})
	})
})
