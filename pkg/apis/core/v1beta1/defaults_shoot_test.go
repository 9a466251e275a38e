// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("Shoot defaulting", func() {
	var scheme *runtime.Scheme

	BeforeEach(func() {
		scheme = runtime.NewScheme()
		Expect(AddToScheme(scheme)).To(Succeed())
		original := RandomIntN
		RandomIntN = func(n int) int {
			Expect(n).To(Equal(23))
			return 7
		}
		DeferCleanup(func() { RandomIntN = original })
	})

	It("defaults purpose, a random one-hour window, auto-update and the worker fields", func() {
		shoot := &Shoot{Spec: ShootSpec{Provider: Provider{Workers: []Worker{{Name: "pool"}}}}}
		scheme.Default(shoot)

		Expect(shoot.Spec.Purpose).To(Equal(ptr.To(ShootPurposeEvaluation)))
		Expect(shoot.Spec.Maintenance).To(Equal(&Maintenance{
			AutoUpdate: &MaintenanceAutoUpdate{KubernetesVersion: true, MachineImageVersion: ptr.To(true)},
			TimeWindow: &MaintenanceTimeWindow{Begin: "070000+0000", End: "080000+0000"},
		}))
		Expect(shoot.Spec.Networking).To(Equal(&Networking{IPFamilies: []IPFamily{IPFamilyIPv4}}))
		worker := shoot.Spec.Provider.Workers[0]
		Expect(worker.Machine.Architecture).To(Equal(ptr.To("amd64")))
		Expect(worker.CRI).To(Equal(&CRI{Name: "containerd"}))
		Expect(worker.MaxSurge).To(Equal(ptr.To(intstr.FromInt32(1))))
		Expect(worker.MaxUnavailable).To(Equal(ptr.To(intstr.FromInt32(0))))
		Expect(worker.UpdateStrategy).To(Equal(ptr.To(AutoRollingUpdate)))
		Expect(worker.SystemComponents).To(Equal(&WorkerSystemComponents{Allow: true}))
		Expect(shoot.Spec.SchedulerName).To(Equal(ptr.To("default-scheduler")))

		k8s := shoot.Spec.Kubernetes
		Expect(k8s.KubeProxy).To(Equal(&KubeProxyConfig{Mode: ptr.To(ProxyModeIPTables), Enabled: ptr.To(true)}))
		Expect(k8s.KubeScheduler).To(Equal(&KubeSchedulerConfig{Profile: ptr.To(SchedulingProfileBalanced)}))
		Expect(k8s.KubeControllerManager.NodeCIDRMaskSize).To(Equal(ptr.To[int32](24)), "110 pods need 220 addresses: /24")
		Expect(k8s.KubeAPIServer.DefaultNotReadyTolerationSeconds).To(Equal(ptr.To[int64](300)))
		Expect(k8s.KubeAPIServer.Requests).To(Equal(&APIServerRequests{MaxNonMutatingInflight: ptr.To[int32](400), MaxMutatingInflight: ptr.To[int32](200)}))
		Expect(k8s.KubeAPIServer.EncryptionConfig.Provider.Type).To(Equal(ptr.To(EncryptionProviderTypeAESCBC)))
		Expect(k8s.Kubelet.FailSwapOn).To(Equal(ptr.To(true)))
		Expect(k8s.Kubelet.SerializeImagePulls).To(Equal(ptr.To(true)))
		Expect(shoot.Spec.SystemComponents.CoreDNS.Autoscaling.Mode).To(Equal(CoreDNSAutoscalingModeHorizontal))
		Expect(shoot.Spec.Provider.WorkersSettings).To(Equal(&WorkersSettings{SSHAccess: &SSHAccess{Enabled: true}}))
	})

	It("defaults the autoUpdate of per-pool pins as that of spec.extensions[].components[]", func() {
		strategy := ptr.To(UpdateStrategyPatch)
		shoot := &Shoot{Spec: ShootSpec{Provider: Provider{Workers: []Worker{{
			Name: "pool",
			CRI: &CRI{Name: "containerd", ContainerRuntimes: []ContainerRuntime{{Type: "gvisor", Components: []ExtensionComponent{
				{Name: "runsc", AutoUpdate: &ExtensionAutoUpdate{UpdateStrategy: strategy}},
				{Name: "shim", AutoUpdate: &ExtensionAutoUpdate{Enabled: ptr.To(false)}},
			}}}},
			Extensions: []WorkerExtension{{Type: "gpu-driver", Components: []ExtensionComponent{
				{Name: "driver", AutoUpdate: &ExtensionAutoUpdate{UpdateStrategy: strategy}},
				{Name: "toolkit"},
			}}},
		}}}}}
		scheme.Default(shoot)

		worker := shoot.Spec.Provider.Workers[0]
		Expect(worker.CRI.ContainerRuntimes[0].Components).To(Equal([]ExtensionComponent{
			{Name: "runsc", AutoUpdate: &ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: strategy}},
			{Name: "shim", AutoUpdate: &ExtensionAutoUpdate{Enabled: ptr.To(false)}},
		}))
		Expect(worker.Extensions[0].Components).To(Equal([]ExtensionComponent{
			{Name: "driver", AutoUpdate: &ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: strategy}},
			{Name: "toolkit"},
		}))
	})

	It("defaults an in-place pool, a dual-stack node CIDR, the garden namespace's toleration and the VPA", func() {
		shoot := &Shoot{Spec: ShootSpec{
			Networking: &Networking{IPFamilies: []IPFamily{IPFamilyIPv4, IPFamilyIPv6}},
			Kubernetes: Kubernetes{Kubelet: &KubeletConfig{MaxPods: ptr.To[int32](250)}, VerticalPodAutoscaler: &VerticalPodAutoscaler{}},
			Provider:   Provider{Workers: []Worker{{Name: "pool", UpdateStrategy: ptr.To(AutoInPlaceUpdate)}}},
		}}
		shoot.Namespace = "garden"
		scheme.Default(shoot)
		worker := shoot.Spec.Provider.Workers[0]
		Expect(worker.MaxSurge).To(Equal(ptr.To(intstr.FromInt32(0))))
		Expect(worker.MaxUnavailable).To(Equal(ptr.To(intstr.FromInt32(1))))
		Expect(worker.MachineControllerManagerSettings.DisableHealthTimeout).To(Equal(ptr.To(true)))
		Expect(shoot.Spec.Kubernetes.KubeControllerManager.NodeCIDRMaskSize).To(Equal(ptr.To[int32](23)), "250 pods need 500 addresses: /23")
		Expect(shoot.Spec.Kubernetes.KubeControllerManager.NodeCIDRMaskSizeIPv6).To(Equal(ptr.To[int32](64)))
		Expect(shoot.Spec.Tolerations).To(ConsistOf(Toleration{Key: SeedTaintProtected}))
		Expect(shoot.Spec.Kubernetes.VerticalPodAutoscaler.EvictionRateLimit).To(Equal(ptr.To(-1.0)))
		Expect(shoot.Spec.Kubernetes.VerticalPodAutoscaler.MemoryAggregationIntervalCount).To(Equal(ptr.To[int64](8)))
	})

	It("keeps what the owner set", func() {
		shoot := &Shoot{Spec: ShootSpec{
			Purpose: ptr.To(ShootPurposeProduction),
			Maintenance: &Maintenance{
				AutoUpdate: &MaintenanceAutoUpdate{KubernetesVersion: false, MachineImageVersion: ptr.To(false)},
				TimeWindow: &MaintenanceTimeWindow{Begin: "220000+0100", End: "230000+0100"},
			},
			Provider: Provider{Workers: []Worker{{
				Name:           "pool",
				Machine:        Machine{Architecture: ptr.To("arm64")},
				MaxSurge:       ptr.To(intstr.FromString("10%")),
				MaxUnavailable: ptr.To(intstr.FromInt32(2)),
			}}},
		}}
		want := shoot.DeepCopy()
		scheme.Default(shoot)
		Expect(shoot.Spec.Purpose).To(Equal(want.Spec.Purpose))
		Expect(shoot.Spec.Maintenance).To(Equal(want.Spec.Maintenance))
		Expect(shoot.Spec.Provider.Workers[0].Machine).To(Equal(want.Spec.Provider.Workers[0].Machine))
		Expect(shoot.Spec.Provider.Workers[0].MaxSurge).To(Equal(want.Spec.Provider.Workers[0].MaxSurge))
		Expect(shoot.Spec.Provider.Workers[0].MaxUnavailable).To(Equal(want.Spec.Provider.Workers[0].MaxUnavailable))
	})

	It("defaults machineImageVersion only for Shoots with workers", func() {
		workerless := &Shoot{Spec: ShootSpec{Maintenance: &Maintenance{}}}
		scheme.Default(workerless)
		Expect(workerless.Spec.Maintenance.AutoUpdate).To(Equal(&MaintenanceAutoUpdate{KubernetesVersion: true}))
		Expect(workerless.Spec.Maintenance.TimeWindow).To(Equal(&MaintenanceTimeWindow{Begin: "070000+0000", End: "080000+0000"}))
	})

	It("spreads defaulted windows with the real randomness", func() {
		RandomIntN = DefaultRandomIntN
		begins := map[string]bool{}
		for range 200 {
			shoot := &Shoot{}
			scheme.Default(shoot)
			begins[shoot.Spec.Maintenance.TimeWindow.Begin] = true
		}
		Expect(len(begins)).To(BeNumerically(">", 1))
		Expect(begins).NotTo(HaveKey("230000+0000"))
	})
})
