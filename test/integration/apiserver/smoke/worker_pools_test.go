// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package smoke_test

import (
	"fmt"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// workerPoolsCloudProfile offers 1.35.6, 1.34.7 (expired since 2020, so on any day) and 1.34.3; gardenlinux 1877.9.0 requires kubelet >= 1.35, 1877.8.0 kubelet < 1.35. Its machine
// types, volume types and zones exercise the rest of ShootValidator's pool checks.
func workerPoolsCloudProfile() *gardencorev1beta1.CloudProfile {
	expired := metav1.NewTime(time.Date(2020, time.January, 1, 0, 0, 0, 0, time.UTC))
	image := func(v, kubelet string) gardencorev1beta1.MachineImageVersion {
		return gardencorev1beta1.MachineImageVersion{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: v},
			Architectures: []string{"amd64"}, CRI: []gardencorev1beta1.CRI{{Name: "containerd"}}, KubeletVersionConstraint: ptr.To(kubelet)}
	}
	return &gardencorev1beta1.CloudProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "worker-pools"},
		Spec: gardencorev1beta1.CloudProfileSpec{
			Type:    "local",
			Regions: []gardencorev1beta1.Region{{Name: "local", Zones: []gardencorev1beta1.AvailabilityZone{{Name: "a"}, {Name: "b"}}}},
			Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{
				{Version: "1.35.6"}, {Version: "1.34.7", ExpirationDate: &expired}, {Version: "1.34.3"},
			}},
			MachineImages: []gardencorev1beta1.MachineImage{{Name: "gardenlinux", Versions: []gardencorev1beta1.MachineImageVersion{
				image("1877.9.0", ">= 1.35"), image("1877.8.0", "< 1.35"),
			}}},
			MachineTypes: []gardencorev1beta1.MachineType{
				{Name: "local", CPU: resource.MustParse("2"), Memory: resource.MustParse("8Gi"), Usable: ptr.To(true)},
				{Name: "retired", CPU: resource.MustParse("2"), Memory: resource.MustParse("8Gi"), Usable: ptr.To(false)},
			},
			VolumeTypes: []gardencorev1beta1.VolumeType{{Name: "standard", Usable: ptr.To(true), MinSize: ptr.To(resource.MustParse("20Gi"))}},
		},
	}
}

// Gardener's ShootMutator and ShootValidator cases for worker-pool Kubernetes versions and
// kubelet version constraints (plugin/pkg/shoot/mutator and validator in gardener/gardener), sent
// through kube-apiserver.
var _ = Describe("Worker pool Kubernetes versions and kubelet constraints", Ordered, func() {
	const namespace = "garden-worker-pools"

	BeforeAll(func() {
		_, err := kubeClient.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}}, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
		_, err = gardenClient.CoreV1beta1().CloudProfiles().Create(ctx, workerPoolsCloudProfile(), metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
	})

	var n int
	// newShoot is a Shoot on 1.35.6 with one pool on gardenlinux 1877.9.0, without a pool version.
	newShoot := func() *gardencorev1beta1.Shoot {
		n++
		return &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("pools-%d", n), Namespace: namespace},
			Spec: gardencorev1beta1.ShootSpec{
				CloudProfile: &gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: "worker-pools"},
				Region:       "local",
				Kubernetes:   gardencorev1beta1.Kubernetes{Version: "1.35.6"},
				Networking:   &gardencorev1beta1.Networking{Type: ptr.To("calico"), Nodes: ptr.To("10.0.0.0/16")},
				Provider: gardencorev1beta1.Provider{Type: "local", Workers: []gardencorev1beta1.Worker{{
					Name: "pool", Minimum: 1, Maximum: 2,
					Machine: gardencorev1beta1.Machine{Type: "local", Image: &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1877.9.0")}},
				}}},
			},
		}
	}
	withPool := func(shoot *gardencorev1beta1.Shoot, version, image string) *gardencorev1beta1.Shoot {
		shoot.Spec.Provider.Workers[0].Kubernetes = &gardencorev1beta1.WorkerKubernetes{Version: ptr.To(version)}
		shoot.Spec.Provider.Workers[0].Machine.Image.Version = ptr.To(image)
		return shoot
	}
	create := func(shoot *gardencorev1beta1.Shoot) (*gardencorev1beta1.Shoot, error) {
		return gardenClient.CoreV1beta1().Shoots(namespace).Create(ctx, shoot, metav1.CreateOptions{})
	}
	update := func(shoot *gardencorev1beta1.Shoot) (*gardencorev1beta1.Shoot, error) {
		return gardenClient.CoreV1beta1().Shoots(namespace).Update(ctx, shoot, metav1.UpdateOptions{})
	}
	rejected := func(err error, message string) {
		GinkgoHelper()
		Expect(err).To(HaveOccurred())
		Expect(apierrors.IsForbidden(err) || apierrors.IsInvalid(err)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring(message))
	}

	It("creates a cluster with a pool version smaller than the control plane's", func() {
		_, err := create(withPool(newShoot(), "1.34.3", "1877.8.0"))
		Expect(err).NotTo(HaveOccurred())
	})

	It("creates a cluster with a pool version equal to the control plane's", func() {
		_, err := create(withPool(newShoot(), "1.35.6", "1877.9.0"))
		Expect(err).NotTo(HaveOccurred())
	})

	It("defaults a partial pool version to the latest supported patch of its minor", func() {
		shoot, err := create(withPool(newShoot(), "1.34", "1877.8.0"))
		Expect(err).NotTo(HaveOccurred())
		Expect(shoot.Spec.Provider.Workers[0].Kubernetes.Version).To(Equal(ptr.To("1.34.3")))
	})

	It("rejects a pool version higher than the control plane's, or more than three minors behind it", func() {
		shoot := withPool(newShoot(), "1.35.6", "1877.9.0")
		shoot.Spec.Kubernetes.Version = "1.34.3"
		_, err := create(shoot)
		rejected(err, "spec.provider.workers[0].kubernetes.version: Forbidden: worker group kubernetes version must not be higher than control plane version")

		_, err = create(withPool(newShoot(), "1.31.0", "1877.8.0"))
		rejected(err, "spec.provider.workers[0].kubernetes.version: Forbidden: worker group kubernetes version must be at most three minor versions behind control plane version")
	})

	It("rejects creating a cluster with an expired pool version", func() {
		_, err := create(withPool(newShoot(), "1.34.7", "1877.8.0"))
		rejected(err, `spec.provider.workers[0].kubernetes.version: Unsupported value: "1.34.7": supported values: "1.35.6", "1.34.3"`)
	})

	It("allows updating an existing pool to an expired version, but not a new pool with one", func() {
		shoot, err := create(withPool(newShoot(), "1.34.3", "1877.8.0"))
		Expect(err).NotTo(HaveOccurred())
		shoot.Spec.Provider.Workers[0].Kubernetes.Version = ptr.To("1.34.7")
		shoot, err = update(shoot)
		Expect(err).NotTo(HaveOccurred())
		Expect(shoot.Spec.Provider.Workers[0].Kubernetes.Version).To(Equal(ptr.To("1.34.7")))

		second := shoot.Spec.Provider.Workers[0].DeepCopy()
		second.Name = "second"
		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, *second)
		_, err = update(shoot)
		rejected(err, `spec.provider.workers[1].kubernetes.version: Unsupported value: "1.34.7"`)
	})

	It("rejects an image whose kubelet constraint excludes the control plane's version when the pool has none", func() {
		shoot := newShoot()
		shoot.Spec.Provider.Workers[0].Machine.Image.Version = ptr.To("1877.8.0")
		_, err := create(shoot)
		rejected(err, `spec.provider.workers[0].machine.image: Invalid value: "gardenlinux:1877.8.0": machine image 'gardenlinux@1877.8.0' does not support kubelet version '1.35.6', supported kubelet versions by this machine image version: '< 1.35'`)
	})

	It("rejects an image whose kubelet constraint excludes the pool's version", func() {
		_, err := create(withPool(newShoot(), "1.34.3", "1877.9.0"))
		rejected(err, `machine image 'gardenlinux@1877.9.0' does not support kubelet version '1.34.3', supported kubelet versions by this machine image version: '>= 1.35'`)
	})

	It("rejects a control-plane upgrade that takes a pool without a version out of its image's constraint", func() {
		shoot := newShoot()
		shoot.Spec.Kubernetes.Version = "1.34.3"
		shoot.Spec.Provider.Workers[0].Machine.Image.Version = ptr.To("1877.8.0")
		shoot, err := create(shoot)
		Expect(err).NotTo(HaveOccurred())
		shoot.Spec.Kubernetes.Version = "1.35.6"
		_, err = update(shoot)
		rejected(err, `does not support kubelet version '1.35.6'`)
	})

	It("rejects an unusable machine type, a volume below its minimum size and an unknown zone", func() {
		shoot := newShoot()
		shoot.Spec.Provider.Workers[0].Machine.Type = "retired"
		shoot.Spec.Provider.Workers[0].Volume = &gardencorev1beta1.Volume{Type: ptr.To("standard"), VolumeSize: "10Gi"}
		shoot.Spec.Provider.Workers[0].Zones = []string{"a", "c"}
		_, err := create(shoot)
		rejected(err, `spec.provider.workers[0].machine.type: Invalid value: "retired": machine type "retired" is unusable, supported types are [local]`)
		Expect(err.Error()).To(And(
			ContainSubstring(`spec.provider.workers[0].volume.size: Invalid value: "10Gi": size must be >= 20Gi`),
			ContainSubstring(`spec.provider.workers[0].zones[1]: Unsupported value: "c": supported values: "a", "b"`),
		))
	})
})
