// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/utils/ptr"

	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	"github.com/gep-78/gardener/pkg/apis/utils/timewindow"
)

// DefaultRandomIntN is the production source of randomness of defaulted maintenance windows.
var DefaultRandomIntN = rand.IntN

// RandomIntN is the source of randomness of the defaulted maintenance time window
// (SetDefaults_Maintenance): it returns a value in [0, n). It is DefaultRandomIntN; tests replace
// it to get a known window.
var RandomIntN = DefaultRandomIntN

var (
	// DefaultWorkerMaxSurge is the default of workers[].maxSurge (rolling updates).
	DefaultWorkerMaxSurge = intstr.FromInt32(1)
	// DefaultAutoInPlaceWorkerMaxSurge is the default of workers[].maxSurge for AutoInPlaceUpdate.
	DefaultAutoInPlaceWorkerMaxSurge = intstr.FromInt32(0)
	// DefaultWorkerMaxUnavailable is the default of workers[].maxUnavailable (rolling updates).
	DefaultWorkerMaxUnavailable = intstr.FromInt32(0)
	// DefaultAutoInPlaceWorkerMaxUnavailable is the default of workers[].maxUnavailable for
	// AutoInPlaceUpdate.
	DefaultAutoInPlaceWorkerMaxUnavailable = intstr.FromInt32(1)
	// DefaultWorkerSystemComponentsAllow is the default of workers[].systemComponents.allow.
	DefaultWorkerSystemComponentsAllow = true
)

const (
	// KubernetesDashboardAuthModeToken is the default authentication mode of the dashboard addon.
	KubernetesDashboardAuthModeToken = "token"
	// defaultKubeletMaxPods is the kubelet's own default of maxPods.
	defaultKubeletMaxPods int32 = 110
)

// SetDefaults_Shoot defaults a Shoot as Gardener's v1beta1 defaulting does:
//   - spec.purpose evaluation; spec.kubernetes.kubeAPIServer, spec.networking and
//     spec.maintenance present, autoUpdate.kubernetesVersion true when autoUpdate is missing;
//     spec.schedulerName default-scheduler; Shoots in the garden namespace tolerate the
//     protected seed taint;
//   - per pool: cri containerd, machine.architecture amd64, a pool kubelet's failSwapOn true
//     (LimitedSwap when the NodeSwap gate is on and swap allowed), an extension exposure's type
//     the provider type;
//   - for Shoots with workers only: the API server's not-ready/unreachable tolerations (300s),
//     kube-controller-manager (node CIDR mask sizes from the IP families and maxPods, node
//     monitor grace period 40s), kube-scheduler profile balanced, kube-proxy IPTables and
//     enabled, the dashboard's token mode, kubelet (failSwapOn, image GC ages and thresholds,
//     serializeImagePulls), autoUpdate.machineImageVersion true, SSH access enabled, CoreDNS
//     autoscaling horizontal.
//
// Versions (spec.kubernetes.version, machine images) are defaulted from the CloudProfile by the
// ShootMutator admission plugin, not here.
func SetDefaults_Shoot(obj *Shoot) {
	spec := &obj.Spec
	if spec.Kubernetes.KubeAPIServer == nil {
		spec.Kubernetes.KubeAPIServer = &KubeAPIServerConfig{}
	}
	if spec.Purpose == nil {
		spec.Purpose = ptr.To(ShootPurposeEvaluation)
	}
	if obj.Namespace == v1beta1constants.GardenNamespace {
		addToleration(&spec.Tolerations, Toleration{Key: SeedTaintProtected})
	}
	if spec.Maintenance == nil {
		spec.Maintenance = &Maintenance{}
	}
	if spec.Maintenance.AutoUpdate == nil {
		spec.Maintenance.AutoUpdate = &MaintenanceAutoUpdate{KubernetesVersion: true}
	}
	if spec.Networking == nil {
		spec.Networking = &Networking{}
	}

	for i := range spec.Provider.Workers {
		worker := &spec.Provider.Workers[i]
		if worker.CRI == nil {
			worker.CRI = &CRI{Name: CRINameContainerD}
		}
		if worker.Machine.Architecture == nil {
			worker.Machine.Architecture = ptr.To(v1beta1constants.ArchitectureAMD64)
		}
		if worker.Kubernetes != nil && worker.Kubernetes.Kubelet != nil {
			defaultKubeletSwap(worker.Kubernetes.Kubelet)
		}
		if cp := worker.ControlPlane; cp != nil && cp.Exposure != nil && cp.Exposure.Extension != nil && cp.Exposure.Extension.Type == nil {
			cp.Exposure.Extension.Type = ptr.To(spec.Provider.Type)
		}
	}

	if len(spec.Provider.Workers) > 0 {
		setDefaultsOfShootWithWorkers(spec)
	}

	if spec.SchedulerName == nil {
		spec.SchedulerName = ptr.To(v1beta1constants.DefaultSchedulerName)
	}
}

// setDefaultsOfShootWithWorkers defaults the fields that matter only when a Shoot has nodes.
func setDefaultsOfShootWithWorkers(spec *ShootSpec) {
	apiServer := spec.Kubernetes.KubeAPIServer
	if apiServer.DefaultNotReadyTolerationSeconds == nil {
		apiServer.DefaultNotReadyTolerationSeconds = ptr.To[int64](300)
	}
	if apiServer.DefaultUnreachableTolerationSeconds == nil {
		apiServer.DefaultUnreachableTolerationSeconds = ptr.To[int64](300)
	}

	if spec.Kubernetes.KubeControllerManager == nil {
		spec.Kubernetes.KubeControllerManager = &KubeControllerManagerConfig{}
	}
	kcm := spec.Kubernetes.KubeControllerManager
	families := spec.Networking.IPFamilies
	switch {
	case isSingleStack(families, IPFamilyIPv4):
		if kcm.NodeCIDRMaskSize == nil {
			kcm.NodeCIDRMaskSize = defaultNodeCIDRMaskSize(spec)
		}
	case isSingleStack(families, IPFamilyIPv6):
		// IPv6 pod ranges per node are generous; 64 fits the local setup, providers set their own.
		if kcm.NodeCIDRMaskSize == nil && kcm.NodeCIDRMaskSizeIPv6 == nil {
			kcm.NodeCIDRMaskSize = ptr.To[int32](64)
		}
	case slices.Contains(families, IPFamilyIPv4) && slices.Contains(families, IPFamilyIPv6):
		if kcm.NodeCIDRMaskSize == nil {
			kcm.NodeCIDRMaskSize = defaultNodeCIDRMaskSize(spec)
		}
		if kcm.NodeCIDRMaskSizeIPv6 == nil {
			kcm.NodeCIDRMaskSizeIPv6 = ptr.To[int32](64)
		}
	}
	if kcm.NodeMonitorGracePeriod == nil {
		kcm.NodeMonitorGracePeriod = &metav1.Duration{Duration: 40 * time.Second}
	}

	if spec.Kubernetes.KubeScheduler == nil {
		spec.Kubernetes.KubeScheduler = &KubeSchedulerConfig{}
	}
	if spec.Kubernetes.KubeScheduler.Profile == nil {
		spec.Kubernetes.KubeScheduler.Profile = ptr.To(SchedulingProfileBalanced)
	}

	if spec.Kubernetes.KubeProxy == nil {
		spec.Kubernetes.KubeProxy = &KubeProxyConfig{}
	}
	if spec.Kubernetes.KubeProxy.Mode == nil {
		spec.Kubernetes.KubeProxy.Mode = ptr.To(ProxyModeIPTables)
	}
	if spec.Kubernetes.KubeProxy.Enabled == nil {
		spec.Kubernetes.KubeProxy.Enabled = ptr.To(true)
	}

	if d := spec.Addons; d != nil && d.KubernetesDashboard != nil && d.KubernetesDashboard.Enabled && d.KubernetesDashboard.AuthenticationMode == nil {
		d.KubernetesDashboard.AuthenticationMode = ptr.To(KubernetesDashboardAuthModeToken)
	}

	if spec.Kubernetes.Kubelet == nil {
		spec.Kubernetes.Kubelet = &KubeletConfig{}
	}
	kubelet := spec.Kubernetes.Kubelet
	defaultKubeletSwap(kubelet)
	if kubelet.ImageMinimumGCAge == nil {
		kubelet.ImageMinimumGCAge = &metav1.Duration{Duration: 2 * time.Minute}
	}
	if kubelet.ImageMaximumGCAge == nil {
		kubelet.ImageMaximumGCAge = &metav1.Duration{}
	}
	if kubelet.ImageGCHighThresholdPercent == nil {
		kubelet.ImageGCHighThresholdPercent = ptr.To[int32](50)
	}
	if kubelet.ImageGCLowThresholdPercent == nil {
		kubelet.ImageGCLowThresholdPercent = ptr.To[int32](40)
	}
	if kubelet.SerializeImagePulls == nil {
		// Parallel pulls (maxParallelImagePulls >= 2) need serializeImagePulls false.
		kubelet.SerializeImagePulls = ptr.To(kubelet.MaxParallelImagePulls == nil || *kubelet.MaxParallelImagePulls < 2)
	}

	if spec.Maintenance.AutoUpdate.MachineImageVersion == nil {
		spec.Maintenance.AutoUpdate.MachineImageVersion = ptr.To(true)
	}

	if spec.Provider.WorkersSettings == nil {
		spec.Provider.WorkersSettings = &WorkersSettings{}
	}
	if spec.Provider.WorkersSettings.SSHAccess == nil {
		spec.Provider.WorkersSettings.SSHAccess = &SSHAccess{Enabled: true}
	}

	if spec.SystemComponents == nil {
		spec.SystemComponents = &SystemComponents{}
	}
	if spec.SystemComponents.CoreDNS == nil {
		spec.SystemComponents.CoreDNS = &CoreDNS{}
	}
	if spec.SystemComponents.CoreDNS.Autoscaling == nil {
		spec.SystemComponents.CoreDNS.Autoscaling = &CoreDNSAutoscaling{}
	}
	if mode := spec.SystemComponents.CoreDNS.Autoscaling.Mode; mode != CoreDNSAutoscalingModeHorizontal && mode != CoreDNSAutoscalingModeClusterProportional {
		spec.SystemComponents.CoreDNS.Autoscaling.Mode = CoreDNSAutoscalingModeHorizontal
	}
}

// defaultKubeletSwap defaults failSwapOn to true, and the swap behaviour to LimitedSwap when the
// NodeSwap feature gate is on and swap is allowed.
func defaultKubeletSwap(kubelet *KubeletConfig) {
	if kubelet.FailSwapOn == nil {
		kubelet.FailSwapOn = ptr.To(true)
	}
	if kubelet.FeatureGates["NodeSwap"] && !*kubelet.FailSwapOn {
		if kubelet.MemorySwap == nil {
			kubelet.MemorySwap = &MemorySwapConfiguration{}
		}
		if kubelet.MemorySwap.SwapBehavior == nil {
			kubelet.MemorySwap.SwapBehavior = ptr.To(LimitedSwap)
		}
	}
}

// defaultNodeCIDRMaskSize is the IPv4 node CIDR mask size that gives each node about twice as
// many addresses as pods (the highest maxPods of the Shoot's and its pools' kubelets), so that
// addresses of deleted pods need not be reused at once.
func defaultNodeCIDRMaskSize(spec *ShootSpec) *int32 {
	maxPods := defaultKubeletMaxPods
	if spec.Kubernetes.Kubelet != nil && spec.Kubernetes.Kubelet.MaxPods != nil {
		maxPods = *spec.Kubernetes.Kubelet.MaxPods
	}
	for _, worker := range spec.Provider.Workers {
		if worker.Kubernetes != nil && worker.Kubernetes.Kubelet != nil && worker.Kubernetes.Kubelet.MaxPods != nil && *worker.Kubernetes.Kubelet.MaxPods > maxPods {
			maxPods = *worker.Kubernetes.Kubelet.MaxPods
		}
	}
	return ptr.To(32 - int32(math.Ceil(math.Log2(float64(maxPods*2)))))
}

// isSingleStack tells whether families is exactly the one family; an empty list is IPv4.
func isSingleStack(families []IPFamily, family IPFamily) bool {
	if len(families) == 0 {
		return family == IPFamilyIPv4
	}
	return len(families) == 1 && families[0] == family
}

// addToleration adds t unless the list has it, or has a toleration of its key without value.
func addToleration(tolerations *[]Toleration, t Toleration) {
	for _, existing := range *tolerations {
		if existing.Key == t.Key && (existing.Value == nil || (t.Value != nil && *existing.Value == *t.Value)) {
			return
		}
	}
	*tolerations = append(*tolerations, t)
}

// SetDefaults_Networking defaults the IP families to [IPv4].
func SetDefaults_Networking(obj *Networking) {
	if len(obj.IPFamilies) == 0 {
		obj.IPFamilies = []IPFamily{IPFamilyIPv4}
	}
}

// SetDefaults_Maintenance defaults a missing spec.maintenance.timeWindow to a random one-hour
// window in UTC (timewindow.RandomMaintenanceTimeWindowFrom with RandomIntN), as Gardener does, so
// that Shoots without a window spread over the day instead of being maintained at any time.
func SetDefaults_Maintenance(obj *Maintenance) {
	if obj.TimeWindow == nil {
		w := timewindow.RandomMaintenanceTimeWindowFrom(RandomIntN)
		obj.TimeWindow = &MaintenanceTimeWindow{Begin: w.Begin().Formatted(), End: w.End().Formatted()}
	}
}

// SetDefaults_MaintenanceRotationConfig defaults an automatic rotation's period to 7 days.
func SetDefaults_MaintenanceRotationConfig(obj *MaintenanceRotationConfig) {
	if obj.RotationPeriod == nil {
		obj.RotationPeriod = &metav1.Duration{Duration: 7 * 24 * time.Hour}
	}
}

// SetDefaults_Worker defaults the update strategy to AutoRollingUpdate, maxSurge/maxUnavailable
// to 1/0 for rolling updates and 0/1 for AutoInPlaceUpdate, disableHealthTimeout to true for
// in-place updates (a node being updated must not be replaced), and systemComponents.allow to
// true.
func SetDefaults_Worker(obj *Worker) {
	if obj.UpdateStrategy == nil {
		obj.UpdateStrategy = ptr.To(AutoRollingUpdate)
	}
	switch *obj.UpdateStrategy {
	case AutoInPlaceUpdate, ManualInPlaceUpdate:
		if *obj.UpdateStrategy == AutoInPlaceUpdate {
			if obj.MaxSurge == nil {
				obj.MaxSurge = ptr.To(DefaultAutoInPlaceWorkerMaxSurge)
			}
			if obj.MaxUnavailable == nil {
				obj.MaxUnavailable = ptr.To(DefaultAutoInPlaceWorkerMaxUnavailable)
			}
		}
		if obj.MachineControllerManagerSettings == nil {
			obj.MachineControllerManagerSettings = &MachineControllerManagerSettings{}
		}
		if obj.MachineControllerManagerSettings.DisableHealthTimeout == nil {
			obj.MachineControllerManagerSettings.DisableHealthTimeout = ptr.To(true)
		}
	default:
		if obj.MaxSurge == nil {
			obj.MaxSurge = ptr.To(DefaultWorkerMaxSurge)
		}
		if obj.MaxUnavailable == nil {
			obj.MaxUnavailable = ptr.To(DefaultWorkerMaxUnavailable)
		}
	}
	if obj.SystemComponents == nil {
		obj.SystemComponents = &WorkerSystemComponents{Allow: DefaultWorkerSystemComponentsAllow}
	}
}
