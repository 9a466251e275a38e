// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/features"
	. "github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

var _ = Describe("Reconciler", func() {
	BeforeEach(setUpReconciler)

	Describe("a Shoot of this seed", func() {
		It("creates the seed namespace and the Extensions with their components", func() {
			reconcileShoot()

			current := &gardencorev1beta1.Shoot{}
			Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
			Expect(current.Finalizers).To(ConsistOf(FinalizerName))
			Expect(current.Status.TechnicalID).To(Equal(seedNamespace))

			namespace := &corev1.Namespace{}
			Expect(seedClient.Get(ctx, client.ObjectKey{Name: seedNamespace}, namespace)).To(Succeed())
			Expect(namespace.Labels).To(Equal(map[string]string{
				"gardener.cloud/role": "shoot",
				LabelManagedBy:        ManagedByGardenlet,
				LabelShootNamespace:   "garden-dev",
				LabelShootName:        "falco-traefik-eval",
			}))
			Expect(namespace.Annotations).To(HaveKeyWithValue("shoot.gardener.cloud/uid", "shoot-uid"))

			Expect(extensionNames()).To(ConsistOf("shoot-falco-service", "shoot-traefik", "shoot-cert-service"))
			falco := getExtension("shoot-falco-service")
			Expect(toJSON(falco.Spec)).To(MatchJSON(toJSON(exampleSeedExtension().Spec)))
			Expect(falco.Annotations).To(Equal(map[string]string{
				AnnotationOperation:  OperationReconcile,
				AnnotationTimestamp:  "2026-11-29T09:14:03.512734019Z",
				AnnotationComponents: "falco=0.44.1",
			}))
			Expect(falco.Labels).To(HaveKeyWithValue(LabelManagedBy, ManagedByGardenlet))
			Expect(getExtension("shoot-traefik").Spec.Components).To(ConsistOf(HaveField("Version", "3.6.13")))
			Expect(getExtension("shoot-cert-service").Spec.Components).To(BeEmpty())
			Expect(getExtension("shoot-cert-service").Annotations).NotTo(HaveKey(AnnotationComponents))

			Expect(events()).To(ConsistOf(
				"Normal ExtensionComponentsUpdated shoot-falco-service: falco none -> 0.44.1",
				"Normal ExtensionComponentsUpdated shoot-traefik: traefik none -> 3.6.13",
			))
		})

		It("writes a new Shoot twice: the finalizer before the seed objects, status.technicalID with the Extensions", func() {
			var (
				mu     sync.Mutex
				writes []string
			)
			add := func(w string) {
				mu.Lock()
				defer mu.Unlock()
				writes = append(writes, w)
			}
			record := func(prefix string) interceptor.Funcs {
				return interceptor.Funcs{
					Create: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
						add(prefix + " create " + fmt.Sprintf("%T", obj))
						return c.Create(ctx, obj, opts...)
					},
					Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
						add(prefix + " patch " + fmt.Sprintf("%T", obj))
						return c.Patch(ctx, obj, patch, opts...)
					},
					Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
						add(prefix + " update " + fmt.Sprintf("%T", obj))
						return c.Update(ctx, obj, opts...)
					},
					SubResourcePatch: func(ctx context.Context, c client.Client, sub string, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
						add(prefix + " patch/" + sub + " " + fmt.Sprintf("%T", obj))
						return c.SubResource(sub).Patch(ctx, obj, patch, opts...)
					},
				}
			}
			reconciler.GardenClient = interceptor.NewClient(gardenClient.(client.WithWatch), record("garden"))
			reconciler.SeedClient = interceptor.NewClient(seedClient.(client.WithWatch), record("seed"))

			reconcileShoot()

			// The Extensions and the status patch run in parallel; only what precedes the seed
			// namespace has an order.
			namespaceCreate := slices.Index(writes, "seed create *v1.Namespace")
			Expect(namespaceCreate).To(BeNumerically(">", 0), "writes: %v", writes)
			Expect(writes[:namespaceCreate]).To(Equal([]string{"garden patch *v1beta1.Shoot"}))
			var gardenWrites []string
			for _, w := range writes {
				if strings.HasPrefix(w, "garden ") {
					gardenWrites = append(gardenWrites, w)
				}
			}
			Expect(gardenWrites).To(ConsistOf("garden patch *v1beta1.Shoot", "garden patch/status *v1beta1.Shoot"))
			current := &gardencorev1beta1.Shoot{}
			Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
			Expect(current.Status.TechnicalID).To(Equal(seedNamespace))
		})

		It("surfaces a rejected seed Extension write on the Shoot and clears it once the write succeeds", func() {
			reject := true
			reconciler.SeedClient = interceptor.NewClient(seedClient.(client.WithWatch), interceptor.Funcs{
				Create: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
					if _, ok := obj.(*extensionsv1alpha1.Extension); ok && reject && obj.GetName() == "shoot-falco-service" {
						return errors.New("spec.components[0].providerConfig: Invalid value: \"string\": must be of type object")
					}
					return c.Create(ctx, obj, opts...)
				},
			})
			_, err := reconciler.Reconcile(ctx, request)
			Expect(err).To(MatchError(ContainSubstring("must be of type object")))
			Expect(events()).To(ContainElement(And(HavePrefix("Warning ExtensionDeploymentFailed Extension shoot-falco-service:"), ContainSubstring("must be of type object"))))

			current := &gardencorev1beta1.Shoot{}
			Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
			Expect(current.Status.LastErrors).To(ConsistOf(MatchFields(IgnoreExtras, Fields{
				"TaskID":      PointTo(Equal("extension/shoot-falco-service")),
				"Description": And(HavePrefix("failed to write the seed Extension shoot-falco-service: "), ContainSubstring("must be of type object")),
			})))

			reject = false
			reconcileShoot()
			Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
			Expect(current.Status.LastErrors).To(BeEmpty())
		})

		It("writes nothing on a second reconcile", func() {
			reconcileShoot()
			before := resourceVersions()
			events()

			fakeClock.Step(time.Hour)
			reconcileShoot()

			Expect(resourceVersions()).To(Equal(before))
			Expect(events()).To(BeEmpty())
		})

		It("writes nothing when the extension controller only removed the operation annotation and wrote status", func() {
			reconcileShoot()
			falco := getExtension("shoot-falco-service")
			delete(falco.Annotations, AnnotationOperation)
			Expect(seedClient.Update(ctx, falco)).To(Succeed())
			falco.Status.ObservedGeneration = 1
			Expect(seedClient.Status().Update(ctx, falco)).To(Succeed())
			before := resourceVersions()

			reconcileShoot()

			Expect(resourceVersions()).To(Equal(before))
			Expect(getExtension("shoot-falco-service").Annotations).NotTo(HaveKey(AnnotationOperation))
		})

		It("updates the component version when the pin changes, with fresh annotations and an event", func() {
			updateShoot(func(s *gardencorev1beta1.Shoot) { s.Spec.Extensions[0].Components[0].Version = ptr.To("0.42.1") })
			reconcileShoot()
			falco := getExtension("shoot-falco-service")
			delete(falco.Annotations, AnnotationOperation)
			Expect(seedClient.Update(ctx, falco)).To(Succeed())
			traefikVersion := getExtension("shoot-traefik").ResourceVersion
			events()

			fakeClock.Step(time.Minute)
			updateShoot(func(s *gardencorev1beta1.Shoot) { s.Spec.Extensions[0].Components[0].Version = ptr.To("0.44.1") })
			reconcileShoot()

			falco = getExtension("shoot-falco-service")
			Expect(falco.Spec.Components).To(HaveLen(1))
			Expect(falco.Spec.Components[0].Version).To(Equal("0.44.1"))
			Expect(toJSON(falco.Spec.Components[0].ProviderConfig)).To(MatchJSON(toJSON(exampleSeedExtension().Spec.Components[0].ProviderConfig)))
			Expect(falco.Annotations).To(Equal(map[string]string{
				AnnotationOperation:  OperationReconcile,
				AnnotationTimestamp:  "2026-11-29T09:15:03.512734019Z",
				AnnotationComponents: "falco=0.44.1",
			}))
			Expect(getExtension("shoot-traefik").ResourceVersion).To(Equal(traefikVersion))
			Expect(events()).To(ConsistOf("Normal ExtensionComponentsUpdated shoot-falco-service: falco 0.42.1 -> 0.44.1"))
		})

		It("updates the Extension when the providerConfig of the profile entry changes", func() {
			reconcileShoot()
			events()

			profile := &gardencorev1beta1.ExtensionProfile{}
			Expect(gardenClient.Get(ctx, client.ObjectKey{Name: "shoot-traefik"}, profile)).To(Succeed())
			for i := range profile.Spec.Components[0].Versions {
				if v := &profile.Spec.Components[0].Versions[i]; v.Version == "3.6.13" {
					v.ProviderConfig = raw(`{"apiVersion":"traefik.extensions.gardener.cloud/v1alpha1","kind":"TraefikComponentConfig","crdBundle":"v3.6.13"}`)
				}
			}
			Expect(gardenClient.Update(ctx, profile)).To(Succeed())
			reconcileShoot()

			traefik := getExtension("shoot-traefik")
			Expect(toJSON(traefik.Spec.Components[0].ProviderConfig)).To(MatchJSON(
				`{"apiVersion":"traefik.extensions.gardener.cloud/v1alpha1","kind":"TraefikComponentConfig","crdBundle":"v3.6.13"}`))
			Expect(events()).To(ConsistOf("Normal ExtensionComponentsUpdated shoot-traefik: traefik 3.6.13 (providerConfig changed)"))
		})

		It("removes a component that is no longer pinned", func() {
			reconcileShoot()
			events()

			updateShoot(func(s *gardencorev1beta1.Shoot) { s.Spec.Extensions[1].Components = nil })
			reconcileShoot()

			Expect(getExtension("shoot-traefik").Spec.Components).To(BeEmpty())
			Expect(getExtension("shoot-traefik").Annotations).NotTo(HaveKey(AnnotationComponents))
			Expect(events()).To(ConsistOf("Normal ExtensionComponentsUpdated shoot-traefik: traefik 3.6.13 -> none"))
		})

		It("summarises every component in the components annotation, and restores a stale one without a reconcile request", func() {
			updateShoot(func(s *gardencorev1beta1.Shoot) {
				s.Spec.Extensions[0].Components = append(s.Spec.Extensions[0].Components,
					gardencorev1beta1.ExtensionComponent{Name: "falcoctl", Version: ptr.To("0.9.0")})
			})
			reconcileShoot()
			falco := getExtension("shoot-falco-service")
			Expect(falco.Spec.Components).To(HaveLen(2))
			Expect(falco.Annotations).To(HaveKeyWithValue(AnnotationComponents, "falco=0.44.1,falcoctl=0.9.0"))

			delete(falco.Annotations, AnnotationOperation)
			falco.Annotations[AnnotationComponents] = "falco=0.44.1"
			Expect(seedClient.Update(ctx, falco)).To(Succeed())
			reconcileShoot()
			falco = getExtension("shoot-falco-service")
			Expect(falco.Annotations).To(HaveKeyWithValue(AnnotationComponents, "falco=0.44.1,falcoctl=0.9.0"))
			Expect(falco.Annotations).NotTo(HaveKey(AnnotationOperation), "only the summary changed: no reconcile request")
		})

		It("deletes the Extension of an extension removed from the Shoot", func() {
			reconcileShoot()

			updateShoot(func(s *gardencorev1beta1.Shoot) { s.Spec.Extensions = s.Spec.Extensions[:2] })
			reconcileShoot()

			Expect(extensionNames()).To(ConsistOf("shoot-falco-service", "shoot-traefik"))
		})

		It("does not create a disabled extension, and deletes one that gets disabled", func() {
			updateShoot(func(s *gardencorev1beta1.Shoot) { s.Spec.Extensions[2].Disabled = ptr.To(true) })
			reconcileShoot()
			Expect(extensionNames()).To(ConsistOf("shoot-falco-service", "shoot-traefik"))

			updateShoot(func(s *gardencorev1beta1.Shoot) { s.Spec.Extensions[0].Disabled = ptr.To(true) })
			reconcileShoot()
			Expect(extensionNames()).To(ConsistOf("shoot-traefik"))
		})

		It("leaves Extensions in the namespace alone that it does not manage", func() {
			Expect(seedClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: seedNamespace}})).To(Succeed())
			Expect(seedClient.Create(ctx, &extensionsv1alpha1.Extension{
				ObjectMeta: metav1.ObjectMeta{Namespace: seedNamespace, Name: "foreign"},
				Spec:       extensionsv1alpha1.ExtensionSpec{DefaultSpec: extensionsv1alpha1.DefaultSpec{Type: "foreign"}},
			})).To(Succeed())

			reconcileShoot()

			Expect(extensionNames()).To(ConsistOf("foreign", "shoot-falco-service", "shoot-traefik", "shoot-cert-service"))
		})

		It("reverts a manual change of an Extension", func() {
			reconcileShoot()
			falco := getExtension("shoot-falco-service")
			falco.Spec.Components[0].Version = "0.45.0"
			falco.Spec.ProviderConfig = nil
			delete(falco.Labels, LabelManagedBy)
			Expect(seedClient.Update(ctx, falco)).To(Succeed())
			events()

			reconcileShoot()

			falco = getExtension("shoot-falco-service")
			Expect(toJSON(falco.Spec)).To(MatchJSON(toJSON(exampleSeedExtension().Spec)))
			Expect(falco.Labels).To(HaveKeyWithValue(LabelManagedBy, ManagedByGardenlet))
			Expect(events()).To(ConsistOf("Normal ExtensionComponentsUpdated shoot-falco-service: falco 0.45.0 -> 0.44.1"))
		})

		It("recreates a deleted Extension", func() {
			reconcileShoot()
			Expect(seedClient.Delete(ctx, getExtension("shoot-cert-service"))).To(Succeed())

			reconcileShoot()

			Expect(extensionNames()).To(ConsistOf("shoot-falco-service", "shoot-traefik", "shoot-cert-service"))
		})

		It("keeps an existing spec.class", func() {
			reconcileShoot()
			cert := getExtension("shoot-cert-service")
			cert.Spec.Class = ptr.To(extensionsv1alpha1.ExtensionClassShoot)
			Expect(seedClient.Update(ctx, cert)).To(Succeed())
			before := resourceVersions()

			reconcileShoot()

			Expect(resourceVersions()).To(Equal(before))
		})

		It("writes a pin missing from the profile without providerConfig and records a warning", func() {
			profile := &gardencorev1beta1.ExtensionProfile{}
			Expect(gardenClient.Get(ctx, client.ObjectKey{Name: "shoot-falco-service"}, profile)).To(Succeed())
			profile.Spec.Components[0].Versions = profile.Spec.Components[0].Versions[:4]
			Expect(gardenClient.Update(ctx, profile)).To(Succeed())

			reconcileShoot()

			falco := getExtension("shoot-falco-service")
			Expect(falco.Spec.Components).To(ConsistOf(extensionsv1alpha1.ExtensionComponent{Name: "falco", Version: "0.44.1"}))
			Expect(events()).To(ContainElement(
				"Warning ExtensionComponentUnresolved shoot-falco-service: falco 0.44.1 is not listed in ExtensionProfile shoot-falco-service; the pinned version is deployed without providerConfig"))
		})

		It("writes no components with the gate off", func() {
			featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
			reconcileShoot()

			Expect(extensionNames()).To(ConsistOf("shoot-falco-service", "shoot-traefik", "shoot-cert-service"))
			for _, name := range extensionNames() {
				extension := getExtension(name)
				Expect(extension.Spec.Components).To(BeEmpty())
				Expect(extension.Annotations).To(HaveKeyWithValue(AnnotationOperation, OperationReconcile))
			}
			Expect(toJSON(getExtension("shoot-falco-service").Spec.ProviderConfig)).To(MatchJSON(toJSON(exampleSeedExtension().Spec.ProviderConfig)))
			Expect(events()).To(BeEmpty())
		})

		It("keeps the components of existing Extensions as they are when the gate is turned off later (frozen, not removed)", func() {
			reconcileShoot()
			before := getExtension("shoot-falco-service")
			Expect(before.Spec.Components).NotTo(BeEmpty())
			featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
			events()

			reconcileShoot()
			after := getExtension("shoot-falco-service")
			Expect(after.Spec.Components).To(Equal(before.Spec.Components))
			Expect(after.ResourceVersion).To(Equal(before.ResourceVersion), "nothing is written")

			By("a pin changed while the gate is off does not reach the Extension either")
			shoot := &gardencorev1beta1.Shoot{}
			Expect(gardenClient.Get(ctx, request.NamespacedName, shoot)).To(Succeed())
			for i := range shoot.Spec.Extensions {
				if shoot.Spec.Extensions[i].Type == "shoot-falco-service" {
					shoot.Spec.Extensions[i].Components = nil
				}
			}
			Expect(gardenClient.Update(ctx, shoot)).To(Succeed())
			reconcileShoot()
			Expect(getExtension("shoot-falco-service").Spec.Components).To(Equal(before.Spec.Components))
			Expect(events()).To(BeEmpty())

			By("turned on again, gardenlet resolves the pins again")
			featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
			reconcileShoot()
			Expect(getExtension("shoot-falco-service").Spec.Components).To(BeEmpty())
		})

		It("keeps an existing status.technicalID", func() {
			current := &gardencorev1beta1.Shoot{}
			Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
			current.Status.TechnicalID = "shoot--legacy--name"
			Expect(gardenClient.Status().Update(ctx, current)).To(Succeed())

			reconcileShoot()

			Expect(seedClient.Get(ctx, client.ObjectKey{Name: "shoot--legacy--name"}, &corev1.Namespace{})).To(Succeed())
			list := &extensionsv1alpha1.ExtensionList{}
			Expect(seedClient.List(ctx, list, client.InNamespace("shoot--legacy--name"))).To(Succeed())
			Expect(list.Items).To(HaveLen(3))
		})

		It("fails while the seed namespace is still terminating", func() {
			Expect(seedClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: seedNamespace, Finalizers: []string{"test"}}})).To(Succeed())
			Expect(seedClient.Delete(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: seedNamespace}})).To(Succeed())

			_, err := reconciler.Reconcile(ctx, request)
			Expect(err).To(MatchError(ContainSubstring("is still being deleted")))
			Expect(extensionNames()).To(BeEmpty())
		})
	})
})
