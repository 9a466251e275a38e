// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package deployment_test

import (
	"context"
	"fmt"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	dto "github.com/prometheus/client_model/go"
	authorizationv1 "k8s.io/api/authorization/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	crenvtest "sigs.k8s.io/controller-runtime/pkg/envtest"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	crmetrics "sigs.k8s.io/controller-runtime/pkg/metrics"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/apis/extensions/crds"
	gardenclient "github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/controllermanager/metrics"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	"github.com/gep-78/gardener/test/examples"
)

// shootIn returns the reference Shoot of the examples under another name and namespace, without
// its extensions unless keepExtensions.
func shootIn(namespace, name string, keepExtensions bool) *gardencorev1beta1.Shoot {
	shoot := &gardencorev1beta1.Shoot{}
	examples.MustDecode("shoot-accepted-falco-traefik.yaml", shoot)
	shoot.Namespace, shoot.Name = namespace, name
	if !keepExtensions {
		shoot.Spec.Extensions = nil
	}
	return shoot
}

func createNamespace(name string) {
	ExpectWithOffset(1, client.IgnoreAlreadyExists(adminClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}))).To(Succeed())
}

func newProfile(name string) *gardencorev1beta1.ExtensionProfile {
	return &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
			Name:     "agent",
			Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}},
		}}},
	}
}

var beForbidden = Satisfy(apierrors.IsForbidden)

var _ = Describe("Deployment", func() {
	Describe("the rendered charts", func() {
		It("were all accepted by the kube-apiserver", func() {
			Expect(rendered).NotTo(BeEmpty())
			for _, obj := range rendered {
				current := &unstructured.Unstructured{}
				current.SetGroupVersionKind(obj.GroupVersionKind())
				Expect(adminClient.Get(ctx, client.ObjectKeyFromObject(obj), current)).To(Succeed(), "%s %s", obj.GetKind(), obj.GetName())
			}
		})

		It("register APIServices the kube-apiserver accepts (dry run)", func() {
			Expect(apiServices).To(HaveLen(1))
			for _, obj := range apiServices {
				Expect(apply(adminClient, obj, client.DryRunAll)).To(Succeed(), obj.GetName())
			}
		})

		It("hold the Extension CRD, established", func() {
			crd := &unstructured.Unstructured{}
			crd.SetAPIVersion("apiextensions.k8s.io/v1")
			crd.SetKind("CustomResourceDefinition")
			Eventually(func(g Gomega) {
				g.Expect(adminClient.Get(ctx, client.ObjectKey{Name: crds.ExtensionCRDName}, crd)).To(Succeed())
				conditions, _, _ := unstructured.NestedSlice(crd.Object, "status", "conditions")
				g.Expect(conditions).To(ContainElement(And(HaveKeyWithValue("type", "Established"), HaveKeyWithValue("status", "True"))))
			}).Should(Succeed())
		})
	})

	Describe("gardener-apiserver as its ServiceAccount", func() {
		It("serves core.gardener.cloud with the chart's RBAC only (delegated authentication and authorization work)", func() {
			profiles := &gardencorev1beta1.ExtensionProfileList{}
			Expect(adminClient.List(ctx, profiles)).To(Succeed())
			Expect(profiles.Items).NotTo(BeEmpty())
		})
	})

	Describe("a user in no special group", func() {
		var (
			userClient client.Client
			projectNS  string
		)

		BeforeEach(func() {
			userClient, _ = clientFor(crenvtest.User{Name: "alice", Groups: []string{"system:authenticated"}})
			projectNS = "garden-alice"
		})

		It("reads ExtensionProfiles", func() {
			profile := &gardencorev1beta1.ExtensionProfile{}
			Expect(userClient.Get(ctx, client.ObjectKey{Name: "shoot-traefik"}, profile)).To(Succeed())
			Expect(profile.Spec.Components).NotTo(BeEmpty())

			profiles := &gardencorev1beta1.ExtensionProfileList{}
			Expect(userClient.List(ctx, profiles)).To(Succeed())
			Expect(profiles.Items).To(ContainElement(HaveField("Name", "shoot-falco-service")))
		})

		It("may not create, update or delete ExtensionProfiles", func() {
			Expect(userClient.Create(ctx, newProfile("shoot-alice"))).To(beForbidden)

			profile := &gardencorev1beta1.ExtensionProfile{}
			Expect(userClient.Get(ctx, client.ObjectKey{Name: "shoot-traefik"}, profile)).To(Succeed())
			profile.Labels = map[string]string{"owner": "alice"}
			Expect(userClient.Update(ctx, profile)).To(beForbidden)
			Expect(userClient.Status().Update(ctx, profile)).To(beForbidden)
			Expect(userClient.Delete(ctx, profile)).To(beForbidden)
		})

		It("may edit the Shoots its namespace's RBAC allows, but not their status", func() {
			createNamespace(projectNS)
			role := &rbacv1.Role{
				ObjectMeta: metav1.ObjectMeta{Namespace: projectNS, Name: "shoot-editor"},
				Rules: []rbacv1.PolicyRule{{
					APIGroups: []string{gardencorev1beta1.SchemeGroupVersion.Group},
					Resources: []string{"shoots"},
					Verbs:     []string{"get", "list", "watch", "create", "update", "patch", "delete"},
				}},
			}
			Expect(client.IgnoreAlreadyExists(adminClient.Create(ctx, role))).To(Succeed())
			binding := &rbacv1.RoleBinding{
				ObjectMeta: metav1.ObjectMeta{Namespace: projectNS, Name: "alice-shoot-editor"},
				RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: role.Name},
				Subjects:   []rbacv1.Subject{{APIGroup: rbacv1.GroupName, Kind: rbacv1.UserKind, Name: "alice"}},
			}
			Expect(client.IgnoreAlreadyExists(adminClient.Create(ctx, binding))).To(Succeed())

			shoot := shootIn(projectNS, "alice", false)
			// RBAC bindings take effect once the kube-apiserver's informers have them.
			Eventually(func() error { return userClient.Create(ctx, shoot) }).Should(Succeed())
			DeferCleanup(func() { Expect(client.IgnoreNotFound(adminClient.Delete(ctx, shoot))).To(Succeed()) })

			shoot.Spec.Purpose = ptr.To(gardencorev1beta1.ShootPurpose("development"))
			Expect(userClient.Update(ctx, shoot)).To(Succeed())

			shoot.Status.TechnicalID = "shoot--alice--alice"
			Expect(userClient.Status().Update(ctx, shoot)).To(beForbidden)
			Expect(userClient.Status().Patch(ctx, shoot, client.RawPatch("application/merge-patch+json",
				[]byte(`{"status":{"technicalID":"shoot--alice--alice"}}`)))).To(beForbidden)

			By("and nothing outside its namespace")
			Expect(userClient.Create(ctx, shootIn("garden-other", "alice", false))).To(beForbidden)
		})
	})

	Describe("an operator", func() {
		It("creates, updates and deletes ExtensionProfiles, but does not write their status", func() {
			operatorClient, _ := clientFor(crenvtest.User{Name: "olivia", Groups: []string{operatorsGroup}})

			profile := newProfile("shoot-operator-test")
			Expect(operatorClient.Create(ctx, profile)).To(Succeed())
			profile.Spec.Components[0].Versions = append(profile.Spec.Components[0].Versions, gardencorev1beta1.ExtensionComponentVersion{Version: "1.1.0"})
			Expect(operatorClient.Update(ctx, profile)).To(Succeed())

			profile.Status.Components = []gardencorev1beta1.ExtensionProfileComponentStatus{{Name: "agent"}}
			Expect(operatorClient.Status().Update(ctx, profile)).To(beForbidden)

			Expect(operatorClient.Delete(ctx, profile)).To(Succeed())
		})
	})

	Describe("gardener-controller-manager as its ServiceAccount", func() {
		It("writes ExtensionProfile status", func() {
			cmClient, _ := clientFor(serviceAccount("gardener-controller-manager"))
			profile := &gardencorev1beta1.ExtensionProfile{}
			Expect(cmClient.Get(ctx, client.ObjectKey{Name: "shoot-traefik"}, profile)).To(Succeed())
			patch := client.MergeFrom(profile.DeepCopy())
			profile.Status.Components = []gardencorev1beta1.ExtensionProfileComponentStatus{{Name: "traefik"}}
			Expect(cmClient.Status().Patch(ctx, profile, patch)).To(Succeed())
		})

		It("exports gardener_extension_component_shoots from its cache", func() {
			createNamespace("garden-dev")
			shoot := shootIn("garden-dev", "metrics", true)
			Expect(adminClient.Create(ctx, shoot)).To(Succeed())
			DeferCleanup(func() { Expect(client.IgnoreNotFound(adminClient.Delete(ctx, shoot))).To(Succeed()) })

			_, cmConfig := clientFor(serviceAccount("gardener-controller-manager"))
			mgr, err := manager.New(cmConfig, manager.Options{
				Scheme:  gardenclient.GardenScheme,
				Logger:  GinkgoLogr,
				Metrics: metricsserver.Options{BindAddress: "0"},
			})
			Expect(err).NotTo(HaveOccurred())
			Expect(metrics.AddToManager(mgr, testclock.NewFakePassiveClock(examples.ReferenceTime), 0, 0)).To(Succeed())
			mgrCtx, cancel := context.WithCancel(ctx)
			DeferCleanup(cancel)
			go func() {
				defer GinkgoRecover()
				Expect(mgr.Start(mgrCtx)).To(Succeed())
			}()

			Eventually(func(g Gomega) {
				families, err := crmetrics.Registry.Gather()
				g.Expect(err).NotTo(HaveOccurred())
				g.Expect(samples(families)).To(ContainElements(
					`shoot-traefik/traefik/3.6.13/supported 1`,
					`shoot-traefik/traefik/3.6.12/deprecated 0`,
					`shoot-falco-service/falco/0.44.1/supported 1`,
					`shoot-falco-service/falco/0.45.0/preview 0`,
				))
			}).Should(Succeed())
		})
	})

	Describe("gardenlet", func() {
		It("applies the Extension and ContainerRuntime CRDs in the seed as its ServiceAccount", func() {
			_, seedConfig := clientFor(serviceAccount("gardenlet"))
			seedClient, err := client.New(seedConfig, client.Options{Scheme: gardenclient.SeedScheme})
			Expect(err).NotTo(HaveOccurred())
			Expect(bootstrappers.EnsureExtensionCRD(ctx, GinkgoLogr, seedClient, 100*time.Millisecond, 30*time.Second)).To(Succeed())
		})

		It("adds its finalizer and writes the technical ID of Shoots in the garden as its garden identity", func() {
			createNamespace("garden-seed")
			shoot := shootIn("garden-seed", "gardenlet", false)
			Expect(adminClient.Create(ctx, shoot)).To(Succeed())
			DeferCleanup(func() { Expect(client.IgnoreNotFound(adminClient.Delete(ctx, shoot))).To(Succeed()) })

			gardenletClient, _ := clientFor(crenvtest.User{Name: "gardener.cloud:system:seed:local", Groups: []string{"gardener.cloud:system:seeds"}})
			Expect(gardenletClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
			patch := client.MergeFrom(shoot.DeepCopy())
			shoot.Finalizers = append(shoot.Finalizers, "gardener.cloud/gardenlet-extensions")
			Expect(gardenletClient.Patch(ctx, shoot, patch)).To(Succeed())
			patch = client.MergeFrom(shoot.DeepCopy())
			shoot.Status.TechnicalID = "shoot--seed--gardenlet"
			Expect(gardenletClient.Status().Patch(ctx, shoot, patch)).To(Succeed())
			patch = client.MergeFrom(shoot.DeepCopy())
			shoot.Finalizers = nil
			Expect(gardenletClient.Patch(ctx, shoot, patch)).To(Succeed())

			Expect(gardenletClient.Get(ctx, client.ObjectKey{Name: "shoot-traefik"}, &gardencorev1beta1.ExtensionProfile{})).To(Succeed())
			Expect(gardenletClient.Create(ctx, newProfile("shoot-gardenlet"))).To(beForbidden)
		})
	})

	// The permissions each component's code needs, and samples of what it does not get, as the
	// kube-apiserver's RBAC authorizer decides them.
	DescribeTable("authorization of the components' identities",
		func(user crenvtest.User, attributes authorizationv1.ResourceAttributes, allowed bool) {
			review := &authorizationv1.SubjectAccessReview{Spec: authorizationv1.SubjectAccessReviewSpec{
				User:               user.Name,
				Groups:             append(user.Groups, "system:authenticated"),
				ResourceAttributes: &attributes,
			}}
			result, err := kubeClient.AuthorizationV1().SubjectAccessReviews().Create(ctx, review, metav1.CreateOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(result.Status.Allowed).To(Equal(allowed), "%s %s: %s", user.Name, describe(attributes), result.Status.Reason)
		},
		func(user crenvtest.User, attributes authorizationv1.ResourceAttributes, allowed bool) string {
			verdict := "is refused"
			if allowed {
				verdict = "may"
			}
			return fmt.Sprintf("%s %s %s", user.Name, verdict, describe(attributes))
		},
		// gardener-apiserver: delegated authentication and authorization, admission, flow control.
		Entry(nil, serviceAccount("gardener-apiserver"), res("create", "authorization.k8s.io", "subjectaccessreviews", "", ""), true),
		Entry(nil, serviceAccount("gardener-apiserver"), res("create", "authentication.k8s.io", "tokenreviews", "", ""), true),
		Entry(nil, serviceAccount("gardener-apiserver"), named(res("get", "", "configmaps", "", "kube-system"), "extension-apiserver-authentication"), true),
		Entry(nil, serviceAccount("gardener-apiserver"), res("watch", "", "namespaces", "", ""), true),
		Entry(nil, serviceAccount("gardener-apiserver"), res("list", "admissionregistration.k8s.io", "validatingwebhookconfigurations", "", ""), true),
		Entry(nil, serviceAccount("gardener-apiserver"), res("list", "admissionregistration.k8s.io", "mutatingwebhookconfigurations", "", ""), true),
		Entry(nil, serviceAccount("gardener-apiserver"), res("watch", "flowcontrol.apiserver.k8s.io", "flowschemas", "", ""), true),
		Entry(nil, serviceAccount("gardener-apiserver"), res("list", "", "secrets", "", "garden"), false),
		// gardener-controller-manager: profile status and finalizers, shoot maintenance, events, leader election.
		Entry(nil, serviceAccount("gardener-controller-manager"), res("patch", "core.gardener.cloud", "extensionprofiles", "status", ""), true),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("patch", "core.gardener.cloud", "extensionprofiles", "", ""), true),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("patch", "core.gardener.cloud", "cloudprofiles", "status", ""), true),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("patch", "core.gardener.cloud", "namespacedcloudprofiles", "status", "garden-dev"), true),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("watch", "core.gardener.cloud", "namespacedcloudprofiles", "", ""), true),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("watch", "core.gardener.cloud", "shoots", "", ""), true),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("update", "core.gardener.cloud", "shoots", "", "garden-dev"), true),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("update", "core.gardener.cloud", "shoots", "status", "garden-dev"), true),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("create", "events.k8s.io", "events", "", "garden-dev"), true),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("create", "", "events", "", ""), true),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("update", "coordination.k8s.io", "leases", "", namespace), true),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("create", "coordination.k8s.io", "leases", "", "kube-system"), false),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("delete", "core.gardener.cloud", "extensionprofiles", "", ""), false),
		Entry(nil, serviceAccount("gardener-controller-manager"), res("create", "core.gardener.cloud", "shoots", "", "garden-dev"), false),
		// gardenlet in the garden: its Shoots, their status and finalizers, profiles, events.
		Entry(nil, gardenletGarden, res("watch", "core.gardener.cloud", "shoots", "", ""), true),
		Entry(nil, gardenletGarden, res("patch", "core.gardener.cloud", "shoots", "", "garden-dev"), true),
		Entry(nil, gardenletGarden, res("patch", "core.gardener.cloud", "shoots", "status", "garden-dev"), true),
		Entry(nil, gardenletGarden, res("update", "core.gardener.cloud", "shoots", "finalizers", "garden-dev"), true),
		Entry(nil, gardenletGarden, res("watch", "core.gardener.cloud", "extensionprofiles", "", ""), true),
		Entry(nil, gardenletGarden, res("create", "", "events", "", "garden-dev"), true),
		Entry(nil, gardenletGarden, res("update", "core.gardener.cloud", "extensionprofiles", "", ""), false),
		Entry(nil, gardenletGarden, res("create", "core.gardener.cloud", "shoots", "", "garden-dev"), false),
		// gardenlet in the seed: namespaces, Extensions, the Extension CRD and no other.
		Entry(nil, serviceAccount("gardenlet"), res("create", "", "namespaces", "", ""), true),
		Entry(nil, serviceAccount("gardenlet"), res("delete", "", "namespaces", "", ""), true),
		Entry(nil, serviceAccount("gardenlet"), res("watch", "extensions.gardener.cloud", "extensions", "", ""), true),
		Entry(nil, serviceAccount("gardenlet"), res("patch", "extensions.gardener.cloud", "extensions", "", "shoot--dev--eval"), true),
		Entry(nil, serviceAccount("gardenlet"), res("delete", "extensions.gardener.cloud", "extensions", "", "shoot--dev--eval"), true),
		Entry(nil, serviceAccount("gardenlet"), named(res("patch", "apiextensions.k8s.io", "customresourcedefinitions", "", ""), crds.ExtensionCRDName), true),
		Entry(nil, serviceAccount("gardenlet"), named(res("patch", "apiextensions.k8s.io", "customresourcedefinitions", "", ""), "shoots.core.gardener.cloud"), false),
		Entry(nil, serviceAccount("gardenlet"), res("list", "core.gardener.cloud", "shoots", "", ""), false),
	)
})

// gardenletGarden is the identity of gardenlet's garden kubeconfig that the garden release of the
// gardenlet chart binds by default (group gardener.cloud:system:seeds).
var gardenletGarden = crenvtest.User{Name: "gardener.cloud:system:seed:local", Groups: []string{"gardener.cloud:system:seeds"}}

func res(verb, group, resource, subresource, namespace string) authorizationv1.ResourceAttributes {
	return authorizationv1.ResourceAttributes{Verb: verb, Group: group, Resource: resource, Subresource: subresource, Namespace: namespace}
}

func named(attributes authorizationv1.ResourceAttributes, name string) authorizationv1.ResourceAttributes {
	attributes.Name = name
	return attributes
}

func describe(a authorizationv1.ResourceAttributes) string {
	resource := a.Resource
	if a.Group != "" {
		resource += "." + a.Group
	}
	if a.Subresource != "" {
		resource += "/" + a.Subresource
	}
	return fmt.Sprintf("%s %s (namespace %q, name %q)", a.Verb, resource, a.Namespace, a.Name)
}

// samples returns the gardener_extension_component_shoots series of families as
// "<extension_type>/<component>/<version>/<classification> <shoots>".
func samples(families []*dto.MetricFamily) []string {
	var out []string
	for _, family := range families {
		if family.GetName() != "gardener_extension_component_shoots" {
			continue
		}
		for _, m := range family.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			out = append(out, fmt.Sprintf("%s %d", strings.Join([]string{
				labels["extension_type"], labels["component"], labels["version"], labels["classification"],
			}, "/"), int(m.GetGauge().GetValue())))
		}
	}
	return out
}
