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
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
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
	// sandbox returns a Shoot whose only pin is runsc 2026.11.0 of gvisor in pool b.
	sandbox := func() *gardencorev1beta1.Shoot {
		s := shoot("")
		s.Spec.Provider.Workers = []gardencorev1beta1.Worker{{Name: "b", CRI: &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD,
			ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{{Name: "runsc", Version: ptr.To("2026.11.0")}}}}}}}
		return s
	}
	withDeletion := func(s *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
		s.DeletionTimestamp = deletionTimestamp
		return s
	}
	withVersion := func(s *gardencorev1beta1.Shoot, version string) *gardencorev1beta1.Shoot {
		s.Spec.Extensions[0].Components[0].Version = ptr.To(version)
		return s
	}
	withMove := func(s *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
		s.Status.ExtensionComponentMoves = []gardencorev1beta1.ExtensionComponentMove{{Type: "shoot-traefik", Component: "traefik", From: "3.6.12", To: "3.6.13"}}
		return s
	}
	withMaintenance := func(s *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
		s.Status.LastMaintenance = &gardencorev1beta1.LastMaintenance{Description: "All maintenance operations successful.", State: gardencorev1beta1.LastOperationStateSucceeded}
		return s
	}
	withError := func(s *gardencorev1beta1.Shoot, taskID string) *gardencorev1beta1.Shoot {
		s.Status.LastErrors = []gardencorev1beta1.LastError{{TaskID: ptr.To(taskID), Description: "failed"}}
		return s
	}

	Describe("#MapShootToExtensionProfiles", func() {
		request := func(profileName string) reconcile.Request {
			return reconcile.Request{NamespacedName: types.NamespacedName{Name: profileName}}
		}

		DescribeTable("maps a Shoot to the profiles of its pinned types",
			func(obj client.Object, expected []reconcile.Request) {
				Expect((&Reconciler{}).MapShootToExtensionProfiles(context.Background(), obj)).To(Equal(expected))
			},
			Entry("pins of two types", shoot("", "shoot-b", "shoot-a"), []reconcile.Request{request("shoot-a"), request("shoot-b")}),
			Entry("an extension without pins", shoot("shoot-a", "shoot-b"), []reconcile.Request{request("shoot-b")}),
			Entry("no pins", shoot("shoot-a"), nil),
			Entry("a pool's runtime pin", sandbox(), []reconcile.Request{request("containerruntime-gvisor")}),
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
			Entry("with a pool's pin only", sandbox(), true),
			Entry("not a Shoot", &gardencorev1beta1.ExtensionProfile{}, false),
		)

		DescribeTable("update passes when the pins, the deletion state, the last maintenance or extension errors change",
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
			Entry("pinned version changed", shoot("", "shoot-traefik"), withVersion(shoot("", "shoot-traefik"), "3.6.14"), true),
			Entry("a move recorded", shoot("", "shoot-traefik"), withMove(shoot("", "shoot-traefik")), true),
			Entry("a move recorded without pins", shoot("shoot-traefik"), withMove(shoot("shoot-traefik")), false),
			Entry("only the last maintenance changed", shoot("", "shoot-traefik"), withMaintenance(shoot("", "shoot-traefik")), false),
			Entry("extension error reported", shoot("", "shoot-traefik"), withError(shoot("", "shoot-traefik"), "extension/shoot-traefik"), true),
			Entry("other error reported", shoot("", "shoot-traefik"), withError(shoot("", "shoot-traefik"), "infrastructure"), false),
			Entry("container runtime error reported in a Shoot with a pool's pin only", sandbox(), withError(sandbox(), "containerruntime/gvisor/b"), true),
		)
	})
})
