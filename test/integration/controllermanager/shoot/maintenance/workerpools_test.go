// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/test/examples"
)

// Gardener's maintenance cases for worker pool Kubernetes versions and kubeletVersionConstraint,
// black-box: each Shoot is created through gardener-apiserver, maintained by the running
// maintenance controller on the "maintain" operation, and read back.
var _ = Describe("Worker pool Kubernetes versions and kubelet constraints in maintenance", func() {
	const namespace = "garden-pools"
	var (
		expired = metav1.NewTime(examples.ReferenceTime.Add(-24 * time.Hour))
		rule    = "!has(shoot.spec.provider.workers) || shoot.spec.provider.workers.all(w, !has(w.kubernetes) || !has(w.kubernetes.version) || semver(w.kubernetes.version).compareTo(semver('1.36.0')) >= 0)"
	)

	BeforeEach(func() {
		Expect(client.IgnoreAlreadyExists(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}}))).To(Succeed())
	})

	// newCloudProfile creates a CloudProfile of its own for one case.
	newCloudProfile := func(name string, kubernetes []string, images ...gardencorev1beta1.MachineImageVersion) *gardencorev1beta1.CloudProfile {
		GinkgoHelper()
		profile := &gardencorev1beta1.CloudProfile{
			ObjectMeta: metav1.ObjectMeta{Name: name},
			Spec: gardencorev1beta1.CloudProfileSpec{
				Type:          "local",
				Regions:       []gardencorev1beta1.Region{{Name: "local"}},
				MachineTypes:  []gardencorev1beta1.MachineType{{Name: "local", Architecture: ptr.To("amd64"), Usable: ptr.To(true)}},
				MachineImages: []gardencorev1beta1.MachineImage{{Name: "gardenlinux", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyPatch), Versions: images}},
			},
		}
		for _, v := range kubernetes {
			profile.Spec.Kubernetes.Versions = append(profile.Spec.Kubernetes.Versions, gardencorev1beta1.ExpirableVersion{Version: v})
		}
		Expect(testClient.Create(ctx, profile)).To(Succeed())
		DeferCleanup(func() { Expect(client.IgnoreNotFound(testClient.Delete(ctx, profile))).To(Succeed()) })
		return profile
	}
	image := func(version string, kubeletConstraint *string) gardencorev1beta1.MachineImageVersion {
		return gardencorev1beta1.MachineImageVersion{
			ExpirableVersion:         gardencorev1beta1.ExpirableVersion{Version: version},
			Architectures:            []string{"amd64"},
			CRI:                      []gardencorev1beta1.CRI{{Name: gardencorev1beta1.CRINameContainerD}},
			KubeletVersionConstraint: kubeletConstraint,
		}
	}
	pool := func(name, kubernetesVersion string) gardencorev1beta1.Worker {
		w := gardencorev1beta1.Worker{
			Name:    name,
			Minimum: 1, Maximum: 2,
			Machine: gardencorev1beta1.Machine{Type: "local", Architecture: ptr.To("amd64"),
				Image: &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1.0.0")}},
		}
		if kubernetesVersion != "" {
			w.Kubernetes = &gardencorev1beta1.WorkerKubernetes{Version: ptr.To(kubernetesVersion)}
		}
		return w
	}
	// newShoot creates a Shoot on profile whose window does not contain the suite's time, so that
	// only the "maintain" operation maintains it.
	newShoot := func(name string, profile *gardencorev1beta1.CloudProfile, controlPlane string, autoUpdateKubernetes, autoUpdateImages bool, workers ...gardencorev1beta1.Worker) *gardencorev1beta1.Shoot {
		GinkgoHelper()
		shoot := &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name},
			Spec: gardencorev1beta1.ShootSpec{
				CloudProfile:           &gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: profile.Name},
				CredentialsBindingName: ptr.To("local"),
				Region:                 "local",
				Kubernetes:             gardencorev1beta1.Kubernetes{Version: controlPlane},
				Networking:             &gardencorev1beta1.Networking{Type: ptr.To("calico"), Nodes: ptr.To("10.0.0.0/16")},
				Provider:               gardencorev1beta1.Provider{Type: "local", Workers: workers},
				Maintenance: &gardencorev1beta1.Maintenance{
					TimeWindow: &gardencorev1beta1.MaintenanceTimeWindow{Begin: "100000+0000", End: "110000+0000"},
					AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{KubernetesVersion: autoUpdateKubernetes, MachineImageVersion: ptr.To(autoUpdateImages)},
				},
			},
		}
		Expect(testClient.Create(ctx, shoot)).To(Succeed())
		DeferCleanup(func() { Expect(client.IgnoreNotFound(testClient.Delete(ctx, shoot))).To(Succeed()) })
		return shoot
	}
	// expire expires a Kubernetes version of profile and waits until gardener-controller-manager's
	// cache has it (its CloudProfile controller classified it expired).
	expire := func(profile *gardencorev1beta1.CloudProfile, version string) {
		GinkgoHelper()
		patch := client.MergeFrom(profile.DeepCopy())
		for i := range profile.Spec.Kubernetes.Versions {
			if profile.Spec.Kubernetes.Versions[i].Version == version {
				profile.Spec.Kubernetes.Versions[i].ExpirationDate = &expired
			}
		}
		Expect(testClient.Patch(ctx, profile, patch)).To(Succeed())
		Eventually(func(g Gomega) {
			current := &gardencorev1beta1.CloudProfile{}
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(profile), current)).To(Succeed())
			g.Expect(current.Status.Kubernetes).NotTo(BeNil())
			g.Expect(current.Status.Kubernetes.Versions).To(ContainElement(And(
				HaveField("Version", version), HaveField("Classification", gardencorev1beta1.ClassificationExpired))))
		}).Should(Succeed())
	}
	// maintain sets the "maintain" operation and returns the Shoot once its maintenance is done.
	maintain := func(shoot *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
		GinkgoHelper()
		patch := client.MergeFrom(shoot.DeepCopy())
		metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/operation", "maintain")
		Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())
		maintained := &gardencorev1beta1.Shoot{}
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), maintained)).To(Succeed())
			g.Expect(maintained.Annotations).NotTo(HaveKey("gardener.cloud/operation"))
			g.Expect(maintained.Status.LastMaintenance).To(Or(BeNil(), HaveField("State", Not(Equal(gardencorev1beta1.LastOperationStateProcessing)))))
		}).Should(Succeed())
		return maintained
	}
	poolVersion := func(shoot *gardencorev1beta1.Shoot, i int) string {
		GinkgoHelper()
		Expect(shoot.Spec.Provider.Workers[i].Kubernetes).NotTo(BeNil())
		return *shoot.Spec.Provider.Workers[i].Kubernetes.Version
	}

	It("should auto-update the pool patch together with the control plane", func() {
		profile := newCloudProfile("pools-auto", []string{"1.35.1", "1.35.4", "1.36.2"}, image("1.0.0", nil))
		shoot := maintain(newShoot("pools-auto", profile, "1.35.1", true, false, pool("cpu-worker1", "1.35.1")))

		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.35.4"))
		Expect(poolVersion(shoot, 0)).To(Equal("1.35.4"))
		Expect(shoot.Status.LastMaintenance).NotTo(BeNil())
		Expect(shoot.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
		Expect(shoot.Status.LastMaintenance.Description).To(Equal(`All maintenance operations successful. ` +
			`Control Plane: Updated Kubernetes version from "1.35.1" to "1.35.4". Reason: Automatic update of Kubernetes version configured, ` +
			`Worker pool "cpu-worker1": Updated Kubernetes version from "1.35.1" to "1.35.4". Reason: Automatic update of Kubernetes version configured`))
	})

	It("should force-update an expired pool patch and leave a current pool alone without auto-update", func() {
		profile := newCloudProfile("pools-patch", []string{"1.35.1", "1.35.4", "1.36.2"}, image("1.0.0", nil))
		shoot := newShoot("pools-patch", profile, "1.35.4", false, false, pool("cpu-worker1", "1.35.1"), pool("cpu-worker2", "1.35.4"))
		expire(profile, "1.35.1")
		shoot = maintain(shoot)

		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.35.4"))
		Expect(poolVersion(shoot, 0)).To(Equal("1.35.4"))
		Expect(poolVersion(shoot, 1)).To(Equal("1.35.4"))
		Expect(shoot.Status.LastMaintenance.Description).To(Equal(`All maintenance operations successful. ` +
			`Worker pool "cpu-worker1": Updated Kubernetes version from "1.35.1" to "1.35.4". Reason: Kubernetes version expired - force update required`))
	})

	It("should force-update an expired pool to the next minor, capped at the control plane version, which stays", func() {
		profile := newCloudProfile("pools-minor", []string{"1.35.4", "1.36.0", "1.36.2"}, image("1.0.0", nil))
		shoot := newShoot("pools-minor", profile, "1.36.0", false, false, pool("cpu-worker1", "1.35.4"))
		expire(profile, "1.35.4")
		shoot = maintain(shoot)

		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.36.0"))
		Expect(poolVersion(shoot, 0)).To(Equal("1.36.0"))
		Expect(shoot.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
		Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(
			`Worker pool "cpu-worker1": Updated Kubernetes version from "1.35.4" to "1.36.0". Reason: Kubernetes version expired - force update required`))
	})

	It("should force the pool and the control plane to the next minor together", func() {
		profile := newCloudProfile("pools-both", []string{"1.35.4", "1.36.0", "1.36.2"}, image("1.0.0", nil))
		shoot := newShoot("pools-both", profile, "1.35.4", false, false, pool("cpu-worker1", "1.35.4"))
		expire(profile, "1.35.4")
		shoot = maintain(shoot)

		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.36.2"))
		Expect(poolVersion(shoot, 0)).To(Equal("1.36.2"))
		Expect(shoot.Status.LastMaintenance.Description).To(Equal(`All maintenance operations successful. ` +
			`Control Plane: Updated Kubernetes version from "1.35.4" to "1.36.2". Reason: Kubernetes version expired - force update required, ` +
			`Worker pool "cpu-worker1": Updated Kubernetes version from "1.35.4" to "1.36.2". Reason: Kubernetes version expired - force update required`))
	})

	It("should leave image versions whose kubeletVersionConstraint excludes the pool's kubelet out of the candidates", func() {
		profile := newCloudProfile("pools-kubelet", []string{"1.35.4", "1.36.2"},
			image("1.0.0", nil), image("1.0.3", ptr.To("< 1.36")), image("1.0.5", ptr.To(">= 1.36")))
		shoot := maintain(newShoot("pools-kubelet", profile, "1.36.2", false, true, pool("old", "1.35.4"), pool("new", "")))

		Expect(*shoot.Spec.Provider.Workers[0].Machine.Image.Version).To(Equal("1.0.3"), "the 1.35 pool must not get an image that requires kubelet 1.36")
		Expect(*shoot.Spec.Provider.Workers[1].Machine.Image.Version).To(Equal("1.0.5"), "the pool on the control plane's 1.36 gets the newest image")
		Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(
			`Worker pool "old": Updated machine image "gardenlinux" from "1.0.0" to "1.0.3". Reason: Automatic update of the machine image version is configured (image update strategy: patch)`))
		Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(
			`Worker pool "new": Updated machine image "gardenlinux" from "1.0.0" to "1.0.5"`))
	})

	It("should evaluate component rules against the pools' maintained versions", func() {
		profile := newCloudProfile("pools-cel", []string{"1.35.4", "1.36.0"}, image("1.0.0", nil))
		extensionProfile := &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "pool-agent"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "agent",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{
					{Version: "1.0.0"},
					{Version: "1.1.0", Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{{
						Rule: rule, Message: "agent 1.1 requires kubelet 1.36 or newer on every pool",
					}}}},
				},
			}}},
		}
		Expect(testClient.Create(ctx, extensionProfile)).To(Succeed())
		// The Shoot's deletion (an earlier cleanup) reaches the in-use index asynchronously.
		DeferCleanup(func() {
			Eventually(func() error { return client.IgnoreNotFound(testClient.Delete(ctx, extensionProfile)) }).Should(Succeed())
		})
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(extensionProfile), extensionProfile)).To(Succeed())
			g.Expect(extensionProfile.Status.Components).NotTo(BeEmpty())
		}).Should(Succeed())

		shoot := newShoot("pools-cel", profile, "1.36.0", false, false, pool("cpu-worker1", "1.35.4"))
		patch := client.MergeFrom(shoot.DeepCopy())
		shoot.Spec.Extensions = []gardencorev1beta1.Extension{{
			Type: "pool-agent",
			Components: []gardencorev1beta1.ExtensionComponent{{
				Name: "agent", Version: ptr.To("1.0.0"),
				AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor)},
			}},
		}}
		Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())
		expire(profile, "1.35.4")
		shoot = maintain(shoot)

		Expect(poolVersion(shoot, 0)).To(Equal("1.36.0"))
		Expect(*shoot.Spec.Extensions[0].Components[0].Version).To(Equal("1.1.0"), "1.1.0 only holds against the maintained pool version")
		Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(`Extension "pool-agent" component "agent": Updated version from "1.0.0" to "1.1.0"`))
	})
})
