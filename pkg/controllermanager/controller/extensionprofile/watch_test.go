// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
)

var _ = Describe("Shoot watch", func() {
	deletionTimestamp := &metav1.Time{Time: time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)}

	// shoot returns a Shoot that pins traefik 3.6.13 under each of pinnedTypes and uses
	// unpinned as an extension without pins.
	shoot := func(unpinned string, pinnedTypes ...string) *gardencorev1beta1.Shoot {
		s := &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "a"}}
		for _, t := range pinnedTypes {
			s.Spec.Extensions = append(s.Spec.Extensions, gardencorev1beta1.Extension{
				Type: t, Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}},
			})
		}
		if unpinned != "" {
			s.Spec.Extensions = append(s.Spec.Extensions, gardencorev1beta1.Extension{
				Type: unpinned, Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik"}},
			})
		}
		return s
	}
	withDeletion := func(s *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
		s.DeletionTimestamp = deletionTimestamp
		return s
	}

	Describe("#MapShootToExtensionProfiles", func() {
		var reconciler *Reconciler

		BeforeEach(func() {
			profile := func(profileName string, deleting bool) client.Object {
				p := &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: profileName}}
				if deleting {
					p.Finalizers = []string{gardencorev1beta1.GardenerName}
					p.DeletionTimestamp = deletionTimestamp
				}
				return p
			}
			reconciler = &Reconciler{Client: fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithObjects(
				profile("deleting-a", true),
				profile("deleting-b", true),
				profile("active", false),
			).Build()}
		})

		request := func(profileName string) reconcile.Request {
			return reconcile.Request{NamespacedName: types.NamespacedName{Name: profileName}}
		}

		DescribeTable("maps a Shoot to the deleting profiles of its pinned types",
			func(obj client.Object, expected []reconcile.Request) {
				Expect(reconciler.MapShootToExtensionProfiles(context.Background(), obj)).To(Equal(expected))
			},
			Entry("pins of deleting profiles", shoot("", "deleting-b", "deleting-a"), []reconcile.Request{request("deleting-a"), request("deleting-b")}),
			Entry("a pin of a profile that is not being deleted", shoot("", "active"), nil),
			Entry("a pin of a type without a profile", shoot("", "unknown"), nil),
			Entry("a deleting profile used without pins", shoot("deleting-a", "active"), nil),
			Entry("no Shoot", &gardencorev1beta1.ExtensionProfile{}, nil),
		)
	})

	Describe("#ShootPinsChangedPredicate", func() {
		p := ShootPinsChangedPredicate()

		DescribeTable("create and delete pass for Shoots with pins",
			func(obj client.Object, expected bool) {
				Expect(p.Create(event.CreateEvent{Object: obj})).To(Equal(expected))
				Expect(p.Delete(event.DeleteEvent{Object: obj})).To(Equal(expected))
				Expect(p.Generic(event.GenericEvent{Object: obj})).To(BeFalse())
			},
			Entry("with pins", shoot("", "shoot-traefik"), true),
			Entry("without pins", shoot("shoot-traefik"), false),
			Entry("not a Shoot", &gardencorev1beta1.ExtensionProfile{}, false),
		)

		DescribeTable("update passes when the pinned types or the deletion state change",
			func(oldObj, newObj client.Object, expected bool) {
				Expect(p.Update(event.UpdateEvent{ObjectOld: oldObj, ObjectNew: newObj})).To(Equal(expected))
			},
			Entry("pin added", shoot("shoot-traefik"), shoot("", "shoot-traefik"), true),
			Entry("pin removed", shoot("", "shoot-traefik"), shoot("shoot-traefik"), true),
			Entry("pinned type changed", shoot("", "shoot-traefik"), shoot("", "envoy-gateway"), true),
			Entry("deletion started", shoot("", "shoot-traefik"), withDeletion(shoot("", "shoot-traefik")), true),
			Entry("same pinned types", shoot("", "shoot-traefik"), shoot("envoy-gateway", "shoot-traefik"), false),
			Entry("deletion started without pins", shoot("shoot-traefik"), withDeletion(shoot("shoot-traefik")), false),
			Entry("not Shoots", &gardencorev1beta1.ExtensionProfile{}, &gardencorev1beta1.ExtensionProfile{}, false),
		)
	})
})
