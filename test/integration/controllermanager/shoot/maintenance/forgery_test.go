// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/metrics"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardenkubernetes "github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/test/examples"
)

// A Shoot owner with edit rights on her project namespace only (impersonated through
// kube-apiserver) sets the maintenance annotations she may set in Gardener
// (maintenance.gardener.cloud/operation) and tries to forge a maintenance result. Maintenance
// reads no result from the Shoot: what it records lives in status, which her RBAC does not cover,
// and in events and metrics it creates itself.
var _ = Describe("maintenance annotations of a Shoot owner", Ordered, func() {
	const (
		pendingResult = "maintenance.gardener.cloud/pending-result"
		namespace     = "garden-owner"
		owner         = "shoot-owner@example.com"
		forged        = `{"triggeredTime":"2026-11-29T00:00:00Z","state":"Succeeded","description":"forged by the owner",` +
			`"events":[{"type":"Normal","reason":"Forged","note":"forged by the owner"}],` +
			`"metrics":[{"counter":"upgrades","extensionType":"forged-type","reason":"auto-update"}]}`
	)
	var (
		ownerClient client.Client
		shoot       *gardencorev1beta1.Shoot
	)

	forgedSeries := func() []string {
		GinkgoHelper()
		families, err := metrics.Registry.Gather()
		Expect(err).NotTo(HaveOccurred())
		var out []string
		for _, family := range families {
			for _, m := range family.GetMetric() {
				for _, l := range m.GetLabel() {
					if strings.Contains(l.GetValue(), "forged") {
						out = append(out, family.GetName()+" "+l.GetName()+"="+l.GetValue())
					}
				}
			}
		}
		return out
	}
	expectNothingForged := func() {
		GinkgoHelper()
		current := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), current)).To(Succeed())
		if last := current.Status.LastMaintenance; last != nil {
			Expect(last.Description).NotTo(ContainSubstring("forged"))
		}
		events := &eventsv1.EventList{}
		Expect(testClient.List(ctx, events, client.InNamespace(namespace))).To(Succeed())
		for _, e := range events.Items {
			Expect(e.Note).NotTo(ContainSubstring("forged"), e.Name)
			Expect(e.Reason).NotTo(Equal("Forged"), e.Name)
		}
		Expect(forgedSeries()).To(BeEmpty())
	}
	BeforeAll(func() {
		By("Create the owner's project namespace and give her edit rights on its Shoots, not on their status")
		Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		Expect(testClient.Create(ctx, &rbacv1.Role{
			ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "shoot-owner"},
			Rules: []rbacv1.PolicyRule{{
				APIGroups: []string{"core.gardener.cloud"}, Resources: []string{"shoots"},
				Verbs: []string{"get", "list", "watch", "create", "update", "patch", "delete"},
			}},
		})).To(Succeed())
		Expect(testClient.Create(ctx, &rbacv1.RoleBinding{
			ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "shoot-owner"},
			RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: "shoot-owner"},
			Subjects:   []rbacv1.Subject{{APIGroup: rbacv1.GroupName, Kind: rbacv1.UserKind, Name: owner}},
		})).To(Succeed())

		ownerConfig := rest.CopyConfig(restConfig)
		ownerConfig.Impersonate = rest.ImpersonationConfig{UserName: owner, Groups: []string{"system:authenticated"}}
		var err error
		ownerClient, err = client.New(ownerConfig, client.Options{Scheme: gardenkubernetes.GardenScheme})
		Expect(err).NotTo(HaveOccurred())

		By("The owner creates a Shoot without pins (its maintenance needs no ExtensionProfile)")
		shoot = &gardencorev1beta1.Shoot{}
		examples.MustDecode("shoot-accepted-partial-version.yaml", shoot)
		shoot.Namespace, shoot.Name, shoot.Spec.Extensions = namespace, "forgery", nil
		// gardener-apiserver asks kube-apiserver, whose RBAC informer may not have the binding yet.
		Eventually(func() error {
			err := ownerClient.Create(ctx, shoot)
			if err != nil && !apierrors.IsForbidden(err) {
				StopTrying("the owner's create failed").Wrap(err).Now()
			}
			return err
		}).Should(Succeed())
		Expect(forgedSeries()).To(BeEmpty())
	})

	It("has RBAC that keeps the owner off the status subresource", func() {
		withStatus := shoot.DeepCopy()
		withStatus.Status.LastMaintenance = &gardencorev1beta1.LastMaintenance{Description: "forged", State: gardencorev1beta1.LastOperationStateSucceeded}
		Expect(apierrors.IsForbidden(ownerClient.Status().Update(ctx, withStatus))).To(BeTrue())
	})

	It("accepts Gardener's maintenance.gardener.cloud/operation on create and update, from the owner", func() {
		withOperation := shoot.DeepCopy()
		withOperation.Name, withOperation.ResourceVersion = "owner-operation", ""
		withOperation.Annotations = map[string]string{"maintenance.gardener.cloud/operation": "rotate-ssh-keypair"}
		Expect(ownerClient.Create(ctx, withOperation)).To(Succeed())
		DeferCleanup(func() { Expect(client.IgnoreNotFound(testClient.Delete(ctx, withOperation))).To(Succeed()) })

		current := &gardencorev1beta1.Shoot{}
		Expect(ownerClient.Get(ctx, client.ObjectKeyFromObject(shoot), current)).To(Succeed())
		patch := client.MergeFrom(current.DeepCopy())
		metav1.SetMetaDataAnnotation(&current.ObjectMeta, "maintenance.gardener.cloud/operation", "rotate-ssh-keypair")
		Expect(ownerClient.Patch(ctx, current, patch)).To(Succeed())
		Expect(current.Annotations).To(HaveKeyWithValue("maintenance.gardener.cloud/operation", "rotate-ssh-keypair"))
	})

	It("stores an annotation shaped like a maintenance result as any other, by update and by server-side apply", func() {
		current := &gardencorev1beta1.Shoot{}
		Expect(ownerClient.Get(ctx, client.ObjectKeyFromObject(shoot), current)).To(Succeed())
		metav1.SetMetaDataAnnotation(&current.ObjectMeta, pendingResult, forged)
		Expect(ownerClient.Update(ctx, current)).To(Succeed())

		applied := &unstructured.Unstructured{}
		applied.SetAPIVersion(gardencorev1beta1.SchemeGroupVersion.String())
		applied.SetKind("Shoot")
		applied.SetNamespace(namespace)
		applied.SetName(shoot.Name)
		applied.SetAnnotations(map[string]string{pendingResult: forged})
		Expect(ownerClient.Patch(ctx, applied, client.Apply, client.FieldOwner("owner"), client.ForceOwnership)).To(Succeed())
	})

	It("lets the owner ask for maintenance, and the run records nothing of hers", func() {
		current := &gardencorev1beta1.Shoot{}
		Expect(ownerClient.Get(ctx, client.ObjectKeyFromObject(shoot), current)).To(Succeed())
		patch := client.MergeFrom(current.DeepCopy())
		metav1.SetMetaDataAnnotation(&current.ObjectMeta, "gardener.cloud/operation", "maintain")
		Expect(ownerClient.Patch(ctx, current, patch)).To(Succeed())

		// The run has nothing to do (the Shoot is current), so it records no lastMaintenance; the
		// owner's annotations stay as they are.
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), current)).To(Succeed())
			g.Expect(current.Annotations).NotTo(HaveKey("gardener.cloud/operation"))
		}).Should(Succeed())
		Expect(current.Status.LastMaintenance).To(BeNil())
		Expect(current.Annotations).To(HaveKeyWithValue("maintenance.gardener.cloud/operation", "rotate-ssh-keypair"))
		Expect(current.Annotations).To(HaveKeyWithValue(pendingResult, forged))
		expectNothingForged()
	})
})
