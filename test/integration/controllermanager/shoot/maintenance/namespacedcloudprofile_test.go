// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// A project extends the expiration of a Kubernetes version of its landscape's CloudProfile with a
// NamespacedCloudProfile; admission and maintenance decide on the merged spec.
var _ = Describe("NamespacedCloudProfile", Ordered, func() {
	const namespace = "garden-ncp"
	var (
		parentExpiry   = metav1.NewTime(time.Date(2026, time.November, 1, 0, 0, 0, 0, time.UTC))
		extendedExpiry = metav1.NewTime(time.Date(2027, time.June, 1, 0, 0, 0, 0, time.UTC))
		profile        = &gardencorev1beta1.NamespacedCloudProfile{}
	)

	shoot := func(kind, profileName string) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "on-" + profileName},
			Spec: gardencorev1beta1.ShootSpec{
				CloudProfile:           &gardencorev1beta1.CloudProfileReference{Kind: kind, Name: profileName},
				CredentialsBindingName: ptr.To("local"),
				Region:                 "local",
				Kubernetes:             gardencorev1beta1.Kubernetes{Version: "1.35.9"},
				Provider:               gardencorev1beta1.Provider{Type: "local"},
				Maintenance: &gardencorev1beta1.Maintenance{
					TimeWindow: &gardencorev1beta1.MaintenanceTimeWindow{Begin: "010000+0000", End: "020000+0000"},
					AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{KubernetesVersion: false},
				},
			},
		}
	}

	maintainAt := func(now time.Time, key client.ObjectKey) *gardencorev1beta1.Shoot {
		reconciler := maintenanceReconciler(testclock.NewFakeClock(now))
		_, err := reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: key})
		Expect(err).NotTo(HaveOccurred())
		maintained := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, key, maintained)).To(Succeed())
		return maintained
	}

	BeforeAll(func() {
		Expect(client.IgnoreAlreadyExists(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}}))).To(Succeed())
		parent := &gardencorev1beta1.CloudProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "ncp-parent"},
			Spec: gardencorev1beta1.CloudProfileSpec{
				Type:         "local",
				Regions:      []gardencorev1beta1.Region{{Name: "local"}},
				MachineTypes: []gardencorev1beta1.MachineType{{Name: "local", CPU: resource.MustParse("1"), Memory: resource.MustParse("1Gi")}},
				Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{
					{Version: "1.36.3"}, {Version: "1.35.9", ExpirationDate: &parentExpiry},
				}},
				MachineImages: []gardencorev1beta1.MachineImage{{Name: "gardenlinux", Versions: []gardencorev1beta1.MachineImageVersion{
					{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1877.8.0"}},
				}}},
			},
		}
		Expect(testClient.Create(ctx, parent)).To(Succeed())
		profile = &gardencorev1beta1.NamespacedCloudProfile{
			ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "extended"},
			Spec: gardencorev1beta1.NamespacedCloudProfileSpec{
				Parent: gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: parent.Name},
				Kubernetes: &gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{
					{Version: "1.35.9", ExpirationDate: &extendedExpiry},
				}},
				MachineTypes: []gardencorev1beta1.MachineType{
					{Name: "project-large", CPU: resource.MustParse("8"), Memory: resource.MustParse("32Gi"), Usable: ptr.To(true), Architecture: ptr.To("amd64")},
				},
			},
		}
		Expect(testClient.Create(ctx, profile)).To(Succeed())
		DeferCleanup(func() {
			for _, name := range []string{"on-extended", "on-ncp-parent", "pools-on-extended"} {
				s := &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name}}
				Expect(client.IgnoreNotFound(testClient.Delete(ctx, s))).To(Succeed())
			}
			Expect(client.IgnoreNotFound(testClient.Delete(ctx, profile))).To(Succeed())
			Eventually(func() bool {
				return apierrors.IsNotFound(testClient.Get(ctx, client.ObjectKeyFromObject(profile), &gardencorev1beta1.NamespacedCloudProfile{}))
			}).Should(BeTrue())
			Expect(testClient.Delete(ctx, parent)).To(Succeed())
		})
	})

	It("gets the parent's spec merged into its status by gardener-controller-manager", func() {
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(profile), profile)).To(Succeed())
			g.Expect(profile.Finalizers).To(ContainElement(gardencorev1beta1.GardenerName))
			g.Expect(profile.Status.ObservedGeneration).To(Equal(profile.Generation))
			merged := profile.Status.CloudProfileSpec
			g.Expect(merged.Type).To(Equal("local"))
			g.Expect(merged.Kubernetes.Versions).To(HaveLen(2))
			g.Expect(merged.Kubernetes.Versions[1].ExpirationDate.Time).To(BeTemporally("==", extendedExpiry.Time))
			g.Expect(merged.MachineImages).To(HaveLen(1))
		}).Should(Succeed())
	})

	It("admits a Shoot on the extended version, which its parent has expired", func() {
		Expect(testClient.Create(ctx, shoot("CloudProfile", "ncp-parent"))).To(MatchError(ContainSubstring("1.35.9")))
		Expect(testClient.Create(ctx, shoot("NamespacedCloudProfile", "extended"))).To(Succeed())
	})

	It("decides worker pool versions and machine types on the merged spec", func() {
		poolShoot := func(kind, profileName, machineType string) *gardencorev1beta1.Shoot {
			s := shoot(kind, profileName)
			s.Name = "pools-on-" + profileName
			s.Spec.Kubernetes.Version = "1.36.3"
			s.Spec.Provider.Workers = []gardencorev1beta1.Worker{{
				Name: "pool", Minimum: 1, Maximum: 2,
				Kubernetes: &gardencorev1beta1.WorkerKubernetes{Version: ptr.To("1.35.9")},
				Machine: gardencorev1beta1.Machine{Type: machineType,
					Image: &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1877.8.0")}},
			}}
			return s
		}
		Expect(testClient.Create(ctx, poolShoot("CloudProfile", "ncp-parent", "local"))).To(MatchError(
			ContainSubstring(`spec.provider.workers[0].kubernetes.version: Unsupported value: "1.35.9"`)))
		Expect(testClient.Create(ctx, poolShoot("NamespacedCloudProfile", "extended", "other"))).To(MatchError(
			ContainSubstring(`spec.provider.workers[0].machine.type: Unsupported value: "other": supported values: "local", "project-large"`)))
		accepted := poolShoot("NamespacedCloudProfile", "extended", "project-large")
		Expect(testClient.Create(ctx, accepted)).To(Succeed())
		Expect(testClient.Delete(ctx, accepted)).To(Succeed())
	})

	It("maintains the Shoot on the merged spec: no force upgrade before the extended expiration, one after it", func() {
		key := client.ObjectKey{Namespace: namespace, Name: "on-extended"}
		Expect(maintainAt(time.Date(2026, time.November, 29, 1, 0, 30, 0, time.UTC), key).Spec.Kubernetes.Version).To(Equal("1.35.9"))
		Expect(maintainAt(time.Date(2027, time.June, 2, 1, 0, 30, 0, time.UTC), key).Spec.Kubernetes.Version).To(Equal("1.36.3"))
	})

	It("follows a change of the parent CloudProfile", func() {
		parent := &gardencorev1beta1.CloudProfile{}
		Expect(testClient.Get(ctx, client.ObjectKey{Name: "ncp-parent"}, parent)).To(Succeed())
		patch := client.MergeFrom(parent.DeepCopy())
		parent.Spec.Kubernetes.Versions = append([]gardencorev1beta1.ExpirableVersion{{Version: "1.37.0"}}, parent.Spec.Kubernetes.Versions...)
		Expect(testClient.Patch(ctx, parent, patch)).To(Succeed())
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(profile), profile)).To(Succeed())
			g.Expect(profile.Status.CloudProfileSpec.Kubernetes.Versions).To(ContainElement(HaveField("Version", "1.37.0")))
		}).Should(Succeed())
	})

	It("is kept while a Shoot references it", func() {
		Expect(testClient.Delete(ctx, profile)).To(Succeed())
		Consistently(func() error {
			return testClient.Get(ctx, client.ObjectKeyFromObject(profile), &gardencorev1beta1.NamespacedCloudProfile{})
		}, 2*time.Second).Should(Succeed())
		Expect(testClient.Delete(ctx, &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "on-extended"}})).To(Succeed())
		Eventually(func() bool {
			return apierrors.IsNotFound(testClient.Get(ctx, client.ObjectKeyFromObject(profile), &gardencorev1beta1.NamespacedCloudProfile{}))
		}).Should(BeTrue())
	})
})
