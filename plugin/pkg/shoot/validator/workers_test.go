// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validator_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/validator"
	"github.com/gep-78/gardener/test/examples"
)

var _ = Describe("ShootValidator worker pools", func() {
	var (
		ctx       = context.Background()
		now       = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		profile   *gardencorev1beta1.CloudProfile
		validator *ValidateShoot
		shoot     *core.Shoot
	)

	BeforeEach(func() {
		profile = &gardencorev1beta1.CloudProfile{}
		examples.MustDecode("cloudprofile-local.yaml", profile)
		profile.Spec.Regions = []gardencorev1beta1.Region{
			{Name: "local", Zones: []gardencorev1beta1.AvailabilityZone{
				{Name: "a"}, {Name: "b", UnavailableMachineTypes: []string{"large"}, UnavailableVolumeTypes: []string{"fast"}},
			}},
			{Name: "zoneless"},
		}
		profile.Spec.MachineTypes = append(profile.Spec.MachineTypes,
			gardencorev1beta1.MachineType{Name: "large", Usable: ptr.To(true), Architecture: ptr.To("amd64"),
				Storage: &gardencorev1beta1.MachineTypeStorage{Type: "standard", MinSize: ptr.To(resource.MustParse("50Gi"))}},
			gardencorev1beta1.MachineType{Name: "retired", Usable: ptr.To(false), Architecture: ptr.To("amd64")},
			gardencorev1beta1.MachineType{Name: "graviton", Usable: ptr.To(true), Architecture: ptr.To("arm64")},
		)
		profile.Spec.VolumeTypes = []gardencorev1beta1.VolumeType{
			{Name: "standard", Usable: ptr.To(true), MinSize: ptr.To(resource.MustParse("20Gi"))},
			{Name: "fast", Usable: ptr.To(true)},
			{Name: "magnetic", Usable: ptr.To(false)},
		}
		// gardenlinux 1877.9.0 needs kubelet 1.36 or later, ubuntu 22.4.20260601 a kubelet before 1.35.
		for i := range profile.Spec.MachineImages {
			for j := range profile.Spec.MachineImages[i].Versions {
				v := &profile.Spec.MachineImages[i].Versions[j]
				switch v.Version {
				case "1877.9.0":
					v.KubeletVersionConstraint = ptr.To(">= 1.36")
				case "22.4.20260601":
					v.KubeletVersionConstraint = ptr.To("< 1.35")
				}
			}
		}

		client := fake.NewSimpleClientset()
		factory := gardencoreinformers.NewSharedInformerFactory(client, 0)
		Expect(factory.Core().V1beta1().CloudProfiles().Informer().GetStore().Add(profile)).To(Succeed())
		var err error
		validator, err = New()
		Expect(err).NotTo(HaveOccurred())
		validator.SetCoreInformerFactory(factory)
		validator.SetCoreClientSet(client)
		validator.AssignReadyFunc(func() bool { return true })
		validator.Clock = testclock.NewFakePassiveClock(now)
		Expect(validator.ValidateInitialization()).To(Succeed())

		shoot = &core.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "dev", Namespace: "garden-dev"},
			Spec: core.ShootSpec{
				CloudProfile: &core.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
				Region:       "local",
				Kubernetes:   core.Kubernetes{Version: "1.35.6"},
				Provider: core.Provider{Type: "local", Workers: []core.Worker{{
					Name:  "pool",
					Zones: []string{"a", "b"},
					Machine: core.Machine{Type: "local", Architecture: ptr.To("amd64"),
						Image: &core.ShootMachineImage{Name: "gardenlinux", Version: "1877.8.0"}},
					Volume: &core.Volume{Type: ptr.To("standard"), VolumeSize: "20Gi"},
				}}},
			},
		}
	})

	validate := func(shoot, oldShoot *core.Shoot) error {
		return validator.Validate(ctx, attributes(shoot, oldShoot), nil)
	}
	pool := func(s *core.Shoot) *core.Worker { return &s.Spec.Provider.Workers[0] }

	It("accepts a pool that the profile fully offers", func() {
		Expect(validate(shoot, nil)).To(Succeed())
		pool(shoot).Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.34.9")}
		pool(shoot).Machine.Image = &core.ShootMachineImage{Name: "ubuntu", Version: "22.4.20260601"}
		Expect(validate(shoot, nil)).To(Succeed())
	})

	DescribeTable("rejects on create",
		func(mutate func(*core.Shoot), message string) {
			mutate(shoot)
			err := validate(shoot, nil)
			Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring(message))
		},
		Entry("a pool Kubernetes version the profile does not offer", func(s *core.Shoot) {
			pool(s).Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.33.0")}
		}, `spec.provider.workers[0].kubernetes.version: Unsupported value: "1.33.0": supported values: "1.37.1 (preview)", "1.36.3"`),
		Entry("an image whose kubelet constraint excludes the control plane's version", func(s *core.Shoot) {
			pool(s).Machine.Image.Version = "1877.9.0"
		}, `spec.provider.workers[0].machine.image: Invalid value: "gardenlinux:1877.9.0": machine image 'gardenlinux@1877.9.0' does not support kubelet version '1.35.6', supported kubelet versions by this machine image version: '>= 1.36'`),
		Entry("an image whose kubelet constraint excludes the pool's version", func(s *core.Shoot) {
			s.Spec.Kubernetes.Version = "1.36.3"
			pool(s).Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.35.6")}
			pool(s).Machine.Image.Version = "1877.9.0"
		}, `does not support kubelet version '1.35.6'`),
		Entry("an unknown machine type", func(s *core.Shoot) { pool(s).Machine.Type = "huge" },
			`spec.provider.workers[0].machine.type: Unsupported value: "huge": supported values: "local"`),
		Entry("an unusable machine type", func(s *core.Shoot) { pool(s).Machine.Type = "retired" },
			`spec.provider.workers[0].machine.type: Invalid value: "retired": machine type "retired" is unusable, supported types are [local]`),
		Entry("a machine type unavailable in a zone of the pool", func(s *core.Shoot) { pool(s).Machine.Type = "large" },
			`machine type "large" is unavailable in at least one zone, supported types are [local]`),
		Entry("a machine type of another architecture", func(s *core.Shoot) { pool(s).Machine.Type = "graviton" },
			`machine type "graviton" does not support CPU architecture "amd64", supported types are [local]`),
		Entry("an unknown volume type", func(s *core.Shoot) { pool(s).Volume.Type = ptr.To("ssd") },
			`spec.provider.workers[0].volume.type: Unsupported value: "ssd": supported values: "standard"`),
		Entry("an unusable volume type", func(s *core.Shoot) { pool(s).Volume.Type = ptr.To("magnetic") },
			`spec.provider.workers[0].volume.type: Invalid value: "magnetic": volume type "magnetic" is unusable, supported types are [standard]`),
		Entry("a volume type unavailable in a zone of the pool", func(s *core.Shoot) { pool(s).Volume.Type = ptr.To("fast") },
			`volume type "fast" is unavailable in at least one zone, supported types are [standard]`),
		Entry("a volume below the volume type's minimum size", func(s *core.Shoot) { pool(s).Volume.VolumeSize = "19Gi" },
			`spec.provider.workers[0].volume.size: Invalid value: "19Gi": size must be >= 20Gi`),
		Entry("a volume below the machine type's storage minimum", func(s *core.Shoot) {
			pool(s).Zones = []string{"a"}
			pool(s).Machine.Type = "large"
			pool(s).Volume.VolumeSize = "30Gi"
		}, `spec.provider.workers[0].volume.size: Invalid value: "30Gi": size must be >= 50Gi`),
		Entry("a zone the region does not have", func(s *core.Shoot) { pool(s).Zones = []string{"a", "c"} },
			`spec.provider.workers[0].zones[1]: Unsupported value: "c": supported values: "a", "b"`),
		Entry("zones in a region without zones", func(s *core.Shoot) {
			s.Spec.Region = "zoneless"
			pool(s).Zones = []string{"a"}
		}, `spec.provider.workers[0].zones[0]: Invalid value: "zoneless": this region does not support availability zones, please do not configure them`),
		Entry("a zone twice", func(s *core.Shoot) { pool(s).Zones = []string{"a", "a"} },
			`spec.provider.workers[0].zones[1]: Duplicate value: "a"`),
	)

	It("accepts a pool kubelet the image's constraint admits although the control plane's is excluded", func() {
		pool(shoot).Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.34.9")}
		pool(shoot).Machine.Image = &core.ShootMachineImage{Name: "ubuntu", Version: "22.4.20260601"}
		Expect(validate(shoot, nil)).To(Succeed())
		pool(shoot).Kubernetes = nil
		Expect(validate(shoot, nil)).To(MatchError(ContainSubstring(
			`machine image 'ubuntu@22.4.20260601' does not support kubelet version '1.35.6', supported kubelet versions by this machine image version: '< 1.35'`)))
	})

	It("does not check machine types against a profile that lists none", func() {
		profile.Spec.MachineTypes = nil
		pool(shoot).Machine.Type = "anything"
		Expect(validate(shoot, nil)).To(Succeed())
	})

	It("rejects a control-plane upgrade that takes a pool without a version out of its image's kubelet constraint", func() {
		shoot.Spec.Kubernetes.Version = "1.34.9"
		pool(shoot).Machine.Image = &core.ShootMachineImage{Name: "ubuntu", Version: "22.4.20260601"}
		oldShoot := shoot.DeepCopy()
		shoot.Spec.Kubernetes.Version = "1.35.6"
		Expect(validate(shoot, oldShoot)).To(MatchError(ContainSubstring(`does not support kubelet version '1.35.6'`)))
	})

	It("does not re-check an unchanged machine type, volume type or zones on update", func() {
		oldShoot := shoot.DeepCopy()
		pool(oldShoot).Machine.Type = "retired"
		pool(oldShoot).Volume.Type = ptr.To("magnetic")
		pool(oldShoot).Zones = []string{"a", "gone"}
		shoot = oldShoot.DeepCopy()
		pool(shoot).Maximum = 3
		Expect(validate(shoot, oldShoot)).To(Succeed())

		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, *pool(shoot).DeepCopy())
		shoot.Spec.Provider.Workers[1].Name = "second"
		err := validate(shoot, oldShoot)
		Expect(err).To(MatchError(And(
			ContainSubstring(`spec.provider.workers[1].machine.type: Invalid value: "retired"`),
			ContainSubstring(`spec.provider.workers[1].volume.type: Invalid value: "magnetic"`),
			ContainSubstring(`spec.provider.workers[1].zones[1]: Unsupported value: "gone"`),
		)))
		Expect(err.Error()).NotTo(ContainSubstring("workers[0]"))
	})

	It("checks the minimum volume size on every spec change", func() {
		pool(shoot).Volume.VolumeSize = "10Gi"
		oldShoot := shoot.DeepCopy()
		pool(shoot).Maximum = 3
		Expect(validate(shoot, oldShoot)).To(MatchError(ContainSubstring(`size must be >= 20Gi`)))
	})

	Describe("container runtimes (gardenlinux 1877.8.0 runs gvisor, ubuntu none)", func() {
		runtimes := func(criName string, types ...string) *core.CRI {
			cri := &core.CRI{Name: core.CRIName(criName)}
			for _, t := range types {
				cri.ContainerRuntimes = append(cri.ContainerRuntimes, core.ContainerRuntime{Type: t})
			}
			return cri
		}

		It("accepts a runtime the pool's image version lists", func() {
			pool(shoot).CRI = runtimes("containerd", "gvisor")
			Expect(validate(shoot, nil)).To(Succeed())
		})

		DescribeTable("rejects on create",
			func(cri *core.CRI, image *core.ShootMachineImage, message string) {
				pool(shoot).CRI = cri
				if image != nil {
					pool(shoot).Machine.Image = image
				}
				err := validate(shoot, nil)
				Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
				Expect(err.Error()).To(ContainSubstring(message))
			},
			Entry("a CRI the image version does not list", runtimes("docker"), nil,
				`spec.provider.workers[0].cri.name: Invalid value: "docker": machine image 'gardenlinux@1877.8.0' does not support CRI 'docker', supported values: [containerd]`),
			Entry("a runtime the image version does not list", runtimes("containerd", "gvisor", "kata"), nil,
				`spec.provider.workers[0].cri.containerRuntimes[1].type: Invalid value: "kata": machine image 'gardenlinux@1877.8.0' does not support container runtime 'kata', supported values: [gvisor]`),
			Entry("a runtime on an image version that lists none", runtimes("containerd", "gvisor"),
				&core.ShootMachineImage{Name: "ubuntu", Version: "24.4.20260915"},
				`spec.provider.workers[0].cri.containerRuntimes[0].type: Invalid value: "gvisor": machine image 'ubuntu@24.4.20260915' does not support container runtime 'gvisor', supported values: []`),
		)

		It("leaves an image the profile does not offer to the image check", func() {
			pool(shoot).CRI = runtimes("containerd", "kata")
			pool(shoot).Machine.Image.Version = "1.0.0"
			err := validate(shoot, nil)
			Expect(err).To(MatchError(ContainSubstring(`spec.provider.workers[0].machine.image: Invalid value: "gardenlinux:1.0.0"`)))
			Expect(err.Error()).NotTo(ContainSubstring("cri"))
		})

		DescribeTable("on update, checks a pool only when it is new or its CRI or image changed",
			func(mutate func(*core.Shoot), message string) {
				oldShoot := shoot.DeepCopy()
				pool(oldShoot).CRI = runtimes("containerd", "kata")
				shoot = oldShoot.DeepCopy()
				mutate(shoot)
				if message == "" {
					Expect(validate(shoot, oldShoot)).To(Succeed())
					return
				}
				Expect(validate(shoot, oldShoot)).To(MatchError(ContainSubstring(message)))
			},
			Entry("an unchanged pool keeps its runtime", func(s *core.Shoot) { pool(s).Maximum = 3 }, ""),
			Entry("a new pool with it", func(s *core.Shoot) {
				s.Spec.Provider.Workers = append(s.Spec.Provider.Workers, *pool(s).DeepCopy())
				s.Spec.Provider.Workers[1].Name = "second"
			}, `spec.provider.workers[1].cri.containerRuntimes[0].type: Invalid value: "kata"`),
			Entry("a changed runtime list", func(s *core.Shoot) { pool(s).CRI = runtimes("containerd", "kata", "gvisor") },
				`spec.provider.workers[0].cri.containerRuntimes[0].type: Invalid value: "kata"`),
			Entry("a changed image", func(s *core.Shoot) { pool(s).Machine.Image.Version = "1877.9.0"; s.Spec.Kubernetes.Version = "1.36.3" },
				`machine image 'gardenlinux@1877.9.0' does not support container runtime 'kata'`),
		)
	})

	Context("with expired pool versions (2027-01-01: 1.34.9 is expired)", func() {
		BeforeEach(func() {
			validator.Clock = testclock.NewFakePassiveClock(time.Date(2027, time.January, 1, 0, 0, 0, 0, time.UTC))
		})

		It("rejects them on create", func() {
			pool(shoot).Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.34.9")}
			Expect(validate(shoot, nil)).To(MatchError(ContainSubstring(`spec.provider.workers[0].kubernetes.version: Unsupported value: "1.34.9"`)))
		})

		It("accepts an existing pool moved to an expired version but not a new pool with one", func() {
			oldShoot := shoot.DeepCopy()
			pool(oldShoot).Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.33.4")}
			pool(shoot).Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.34.9")}
			Expect(validate(shoot, oldShoot)).To(Succeed())

			shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, *pool(shoot).DeepCopy())
			shoot.Spec.Provider.Workers[1].Name = "second"
			Expect(validate(shoot, oldShoot)).To(MatchError(ContainSubstring(`spec.provider.workers[1].kubernetes.version: Unsupported value: "1.34.9"`)))
		})

		It("does not re-check an unchanged pool version", func() {
			pool(shoot).Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.34.9")}
			oldShoot := shoot.DeepCopy()
			pool(shoot).Maximum = 3
			Expect(validate(shoot, oldShoot)).To(Succeed())
		})
	})
})
