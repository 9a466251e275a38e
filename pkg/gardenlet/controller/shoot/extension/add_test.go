// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"context"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/api/indexer"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

// shootWith returns a Shoot with one extension per type; a type "t=v" pins component c of t at v.
func shootWith(namespace, name string, seedName *string, types ...string) *gardencorev1beta1.Shoot {
	shoot := &gardencorev1beta1.Shoot{
		ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name},
		Spec:       gardencorev1beta1.ShootSpec{SeedName: seedName},
	}
	for _, t := range types {
		extension := gardencorev1beta1.Extension{Type: t}
		if typ, version, pinned := strings.Cut(t, "="); pinned {
			extension.Type = typ
			extension.Components = []gardencorev1beta1.ExtensionComponent{{Name: "c", Version: ptr.To(version)}}
		}
		shoot.Spec.Extensions = append(shoot.Spec.Extensions, extension)
	}
	return shoot
}

var _ = Describe("Add", func() {
	Describe("MapExtensionProfileToShoots", func() {
		It("maps a profile to the Shoots of this seed that pin a version under its type", func() {
			gardenClient := fakeclient.NewClientBuilder().
				WithScheme(kubernetes.GardenScheme).
				WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedExtensionTypes, indexer.ShootPinnedExtensionTypesIndexerFunc).
				WithObjects(
					shootWith("garden-dev", "ours", ptr.To("local"), "shoot-traefik=3.6.13", "shoot-falco-service=0.44.1"),
					shootWith("garden-dev", "traefik-without-pin", ptr.To("local"), "shoot-traefik", "shoot-falco-service=0.44.1"),
					shootWith("garden-dev", "no-traefik", ptr.To("local"), "shoot-falco-service=0.44.1"),
					shootWith("garden-dev", "other-seed", ptr.To("other"), "shoot-traefik=3.6.13"),
					shootWith("garden", "unscheduled", nil, "shoot-traefik=3.6.13"),
				).Build()
			profile := &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "shoot-traefik"}}

			r := &Reconciler{GardenClient: gardenClient, Config: Config{SeedName: "local"}}
			Expect(r.MapExtensionProfileToShoots(context.Background(), profile)).To(ConsistOf(
				reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "garden-dev", Name: "ours"}},
			))

			r.Config.AdoptUnscheduledShoots = true
			Expect(r.MapExtensionProfileToShoots(context.Background(), profile)).To(ConsistOf(
				reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "garden-dev", Name: "ours"}},
				reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "garden", Name: "unscheduled"}},
			))
		})
	})

	DescribeTable("MapExtensionToShoot",
		func(labels map[string]string, want []reconcile.Request) {
			extension := &extensionsv1alpha1.Extension{ObjectMeta: metav1.ObjectMeta{Namespace: "shoot--dev--s", Name: "x", Labels: labels}}
			Expect(MapExtensionToShoot(context.Background(), extension)).To(Equal(want))
		},
		Entry("labelled", map[string]string{LabelShootNamespace: "garden-dev", LabelShootName: "s"},
			[]reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: "garden-dev", Name: "s"}}}),
		Entry("name missing", map[string]string{LabelShootNamespace: "garden-dev"}, nil),
		Entry("not labelled", nil, nil),
	)

	Describe("ShootPredicate", func() {
		p := (&Reconciler{Config: Config{SeedName: "local"}}).ShootPredicate()
		base := func() *gardencorev1beta1.Shoot {
			return shootWith("garden-dev", "s", ptr.To("local"), "shoot-traefik")
		}

		DescribeTable("create",
			func(shoot *gardencorev1beta1.Shoot, want bool) {
				Expect(p.Create(event.TypedCreateEvent[*gardencorev1beta1.Shoot]{Object: shoot})).To(Equal(want))
			},
			Entry("this seed", base(), true),
			Entry("another seed", shootWith("garden-dev", "s", ptr.To("other")), false),
			Entry("unscheduled", shootWith("garden-dev", "s", nil), false),
			Entry("another seed with our finalizer", func() *gardencorev1beta1.Shoot {
				s := shootWith("garden-dev", "s", ptr.To("other"))
				s.Finalizers = []string{FinalizerName}
				return s
			}(), true),
		)

		DescribeTable("update",
			func(mutate func(*gardencorev1beta1.Shoot), want bool) {
				old, updated := base(), base()
				mutate(updated)
				Expect(p.Update(event.TypedUpdateEvent[*gardencorev1beta1.Shoot]{ObjectOld: old, ObjectNew: updated})).To(Equal(want))
			},
			Entry("status only", func(s *gardencorev1beta1.Shoot) { s.Status.TechnicalID = "x"; s.ResourceVersion = "2" }, false),
			Entry("spec", func(s *gardencorev1beta1.Shoot) { s.Spec.Extensions = nil }, true),
			Entry("deletion", func(s *gardencorev1beta1.Shoot) { s.DeletionTimestamp = &metav1.Time{} }, true),
			Entry("only our finalizer added", func(s *gardencorev1beta1.Shoot) { s.Finalizers = []string{FinalizerName} }, false),
			Entry("our finalizer added with another", func(s *gardencorev1beta1.Shoot) { s.Finalizers = []string{"other", FinalizerName} }, true),
			Entry("another finalizer added", func(s *gardencorev1beta1.Shoot) { s.Finalizers = []string{"other"} }, true),
			Entry("moved away from this seed", func(s *gardencorev1beta1.Shoot) { s.Spec.SeedName = ptr.To("other") }, true),
		)

		It("lets through the removal of our finalizer", func() {
			old, updated := base(), base()
			old.Finalizers = []string{FinalizerName}
			Expect(p.Update(event.TypedUpdateEvent[*gardencorev1beta1.Shoot]{ObjectOld: old, ObjectNew: updated})).To(BeTrue())
		})
	})

	DescribeTable("ExtensionProfileSpecChangedPredicate",
		func(mutate func(*gardencorev1beta1.ExtensionProfile), want bool) {
			old := &gardencorev1beta1.ExtensionProfile{Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
				{Name: "traefik", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "3.6.13", ProviderConfig: raw(`{"a":1}`)}}},
			}}}
			updated := old.DeepCopy()
			mutate(updated)
			Expect(ExtensionProfileSpecChangedPredicate().Update(event.TypedUpdateEvent[*gardencorev1beta1.ExtensionProfile]{ObjectOld: old, ObjectNew: updated})).To(Equal(want))
		},
		Entry("status only", func(p *gardencorev1beta1.ExtensionProfile) {
			p.Status.Components = []gardencorev1beta1.ExtensionProfileComponentStatus{{Name: "traefik"}}
		}, false),
		Entry("a version providerConfig", func(p *gardencorev1beta1.ExtensionProfile) {
			p.Spec.Components[0].Versions[0].ProviderConfig = raw(`{"a":2}`)
		}, true),
		Entry("a version removed", func(p *gardencorev1beta1.ExtensionProfile) { p.Spec.Components[0].Versions = nil }, true),
	)

	Describe("ManagedExtensionPredicate", func() {
		p := ManagedExtensionPredicate()
		managed := func() *extensionsv1alpha1.Extension {
			return &extensionsv1alpha1.Extension{
				ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{LabelManagedBy: ManagedByGardenlet}},
				Spec:       extensionsv1alpha1.ExtensionSpec{DefaultSpec: extensionsv1alpha1.DefaultSpec{Type: "shoot-traefik"}},
			}
		}

		It("lets through delete events of managed Extensions only, and no create events", func() {
			Expect(p.Delete(event.TypedDeleteEvent[*extensionsv1alpha1.Extension]{Object: managed()})).To(BeTrue())
			Expect(p.Delete(event.TypedDeleteEvent[*extensionsv1alpha1.Extension]{Object: &extensionsv1alpha1.Extension{}})).To(BeFalse())
			Expect(p.Create(event.TypedCreateEvent[*extensionsv1alpha1.Extension]{Object: managed()})).To(BeFalse())
			Expect(p.Create(event.TypedCreateEvent[*extensionsv1alpha1.Extension]{Object: &extensionsv1alpha1.Extension{}})).To(BeFalse())
		})

		DescribeTable("update",
			func(mutate func(*extensionsv1alpha1.Extension), want bool) {
				old, updated := managed(), managed()
				mutate(updated)
				Expect(p.Update(event.TypedUpdateEvent[*extensionsv1alpha1.Extension]{ObjectOld: old, ObjectNew: updated})).To(Equal(want))
			},
			Entry("status written by the extension controller", func(e *extensionsv1alpha1.Extension) { e.Status.ObservedGeneration = 3 }, false),
			Entry("operation annotation removed", func(e *extensionsv1alpha1.Extension) { e.Annotations = map[string]string{"x": "y"} }, false),
			Entry("spec edited", func(e *extensionsv1alpha1.Extension) {
				e.Spec.Components = []extensionsv1alpha1.ExtensionComponent{{Name: "traefik", Version: "3.7.0"}}
			}, true),
			Entry("managed-by label removed", func(e *extensionsv1alpha1.Extension) { e.Labels = nil }, true),
		)
	})
})
