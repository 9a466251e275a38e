// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/operator/controller/extension/extensionprofile"
)

// shoot pins the versions of component c of each extension type; a type without version is
// enabled without a pin.
func shoot(typeVersions ...string) *gardencorev1beta1.Shoot {
	s := &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "s"}}
	for i := 0; i < len(typeVersions); i += 2 {
		extension := gardencorev1beta1.Extension{Type: typeVersions[i]}
		if v := typeVersions[i+1]; v != "" {
			extension.Components = []gardencorev1beta1.ExtensionComponent{{Name: "c", Version: ptr.To(v)}}
		}
		s.Spec.Extensions = append(s.Spec.Extensions, extension)
	}
	return s
}

// inPool moves the Shoot's pins into a worker pool's override, and pins runsc of gVisor there.
func inPool(s *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
	var overrides []gardencorev1beta1.WorkerExtension
	for _, extension := range s.Spec.Extensions {
		overrides = append(overrides, gardencorev1beta1.WorkerExtension{Type: extension.Type, Components: extension.Components})
	}
	s.Spec.Provider.Workers = []gardencorev1beta1.Worker{{Name: "pool", Extensions: overrides,
		CRI: &gardencorev1beta1.CRI{Name: "containerd", ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{
			{Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{{Name: "runsc", Version: ptr.To("2026.6.0")}}}}}}}
	s.Spec.Extensions = nil
	return s
}

func requests(names ...string) []reconcile.Request {
	var out []reconcile.Request
	for _, name := range names {
		out = append(out, reconcile.Request{NamespacedName: types.NamespacedName{Name: name}})
	}
	return out
}

var _ = Describe("mapping to operator Extensions", func() {
	var reconciler *Reconciler

	BeforeEach(func() {
		withTraefik := operatorExtension(traefik)
		withTraefik.Name = "extension-shoot-traefik"
		both := operatorExtension(falco, traefik)
		both.Name = "extension-both"
		none := operatorExtension()
		none.Name = "extension-none"
		gvisor := operatorExtension("containerruntime-gvisor")
		gvisor.Name = "extension-gvisor"
		reconciler = &Reconciler{RuntimeClient: fake.NewClientBuilder().WithScheme(scheme()).
			WithObjects(operatorExtension(falco), withTraefik, both, none, gvisor).Build()}
	})

	DescribeTable("MapExtensionProfileToExtensions maps a profile to the Extensions listing its type and to its label's owner, once each",
		func(profile *gardencorev1beta1.ExtensionProfile, want []reconcile.Request) {
			Expect(reconciler.MapExtensionProfileToExtensions(ctx, profile)).To(ConsistOf(want))
		},
		Entry("listed by two", gardenProfile(falco, "", gardencorev1beta1.ExtensionProfileSpec{}), requests(owner, "extension-both")),
		Entry("listed and labelled by one", gardenProfile(falco, owner, gardencorev1beta1.ExtensionProfileSpec{}), requests(owner, "extension-both")),
		Entry("labelled for an Extension that no longer lists it", gardenProfile("shoot-gone", "extension-old", gardencorev1beta1.ExtensionProfileSpec{}),
			requests("extension-old")),
		Entry("neither listed nor labelled", gardenProfile("shoot-gone", "", gardencorev1beta1.ExtensionProfileSpec{}), requests()),
	)

	DescribeTable("MapShootToExtensions maps a Shoot to the Extensions listing a type it pins",
		func(obj client.Object, want []reconcile.Request) {
			Expect(reconciler.MapShootToExtensions(ctx, obj)).To(ConsistOf(want))
		},
		Entry("a falco pin", shoot(falco, "0.44.1"), requests(owner, "extension-both")),
		Entry("both pinned", shoot(falco, "0.44.1", traefik, "3.6.13"), requests(owner, "extension-both", "extension-shoot-traefik")),
		Entry("falco enabled without a pin", shoot(falco, ""), requests()),
		Entry("a pool's falco pin, and a runtime's pin", inPool(shoot(falco, "0.44.1")), requests(owner, "extension-both", "extension-gvisor")),
		Entry("no extensions", shoot(), requests()),
		Entry("not a Shoot", &corev1.ConfigMap{}, requests()),
	)

	It("maps to nothing when the operator Extensions cannot be listed", func() {
		reconciler.RuntimeClient = interceptor.NewClient(fake.NewClientBuilder().WithScheme(scheme()).Build(), interceptor.Funcs{
			List: func(context.Context, client.WithWatch, client.ObjectList, ...client.ListOption) error {
				return errors.New("down")
			},
		})
		Expect(reconciler.MapShootToExtensions(ctx, shoot(falco, "0.44.1"))).To(BeEmpty())
		Expect(reconciler.MapExtensionProfileToExtensions(ctx, gardenProfile(falco, owner, gardencorev1beta1.ExtensionProfileSpec{}))).To(Equal(requests(owner)))
	})
})

var _ = Describe("ShootPinsChangedPredicate", func() {
	p := ShootPinsChangedPredicate()
	deleting := func(s *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
		s.DeletionTimestamp = &metav1.Time{Time: now}
		return s
	}

	DescribeTable("lets through creations and deletions of Shoots with pins",
		func(obj client.Object, want bool) {
			Expect(p.Create(event.CreateEvent{Object: obj})).To(Equal(want))
			Expect(p.Delete(event.DeleteEvent{Object: obj})).To(Equal(want))
			Expect(p.Generic(event.GenericEvent{Object: obj})).To(BeFalse())
		},
		Entry("a pin", shoot(falco, "0.44.1"), true),
		Entry("an extension without a pin", shoot(falco, ""), false),
		Entry("a pool's pin", inPool(shoot(falco, "")), true),
		Entry("not a Shoot", &corev1.ConfigMap{}, false),
	)

	DescribeTable("lets through updates that change the pins or start the deletion of a Shoot with pins",
		func(old, updated *gardencorev1beta1.Shoot, want bool) {
			Expect(p.Update(event.UpdateEvent{ObjectOld: old, ObjectNew: updated})).To(Equal(want))
		},
		Entry("a pin added", shoot(falco, ""), shoot(falco, "0.44.1"), true),
		Entry("a pin removed", shoot(falco, "0.44.1"), shoot(falco, ""), true),
		Entry("a version changed", shoot(falco, "0.42.1"), shoot(falco, "0.44.1"), true),
		Entry("a pin of another type added", shoot(falco, "0.44.1"), shoot(falco, "0.44.1", traefik, "3.6.13"), true),
		Entry("the same pins", shoot(falco, "0.44.1"), shoot(falco, "0.44.1"), false),
		Entry("a pool's version changed", inPool(shoot(falco, "0.42.1")), inPool(shoot(falco, "0.44.1")), true),
		Entry("the same pool pins", inPool(shoot(falco, "0.44.1")), inPool(shoot(falco, "0.44.1")), false),
		Entry("deletion started with pins", shoot(falco, "0.44.1"), deleting(shoot(falco, "0.44.1")), true),
		Entry("deletion started without pins", shoot(falco, ""), deleting(shoot(falco, "")), false),
		Entry("no pins before or after", shoot(), shoot(traefik, ""), false),
	)
})
