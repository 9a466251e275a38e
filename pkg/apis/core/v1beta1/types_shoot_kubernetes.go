// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Kubernetes holds the Kubernetes version and the settings of its components.
type Kubernetes struct {
	// ClusterAutoscaler holds cluster-autoscaler flags.
	// +optional
	ClusterAutoscaler *ClusterAutoscaler `json:"clusterAutoscaler,omitempty" protobuf:"bytes,2,opt,name=clusterAutoscaler"`
	// KubeAPIServer holds kube-apiserver settings.
	// +optional
	KubeAPIServer *KubeAPIServerConfig `json:"kubeAPIServer,omitempty" protobuf:"bytes,3,opt,name=kubeAPIServer"`
	// KubeControllerManager holds kube-controller-manager settings.
	// +optional
	KubeControllerManager *KubeControllerManagerConfig `json:"kubeControllerManager,omitempty" protobuf:"bytes,4,opt,name=kubeControllerManager"`
	// KubeScheduler holds kube-scheduler settings.
	// +optional
	KubeScheduler *KubeSchedulerConfig `json:"kubeScheduler,omitempty" protobuf:"bytes,5,opt,name=kubeScheduler"`
	// KubeProxy holds kube-proxy settings.
	// +optional
	KubeProxy *KubeProxyConfig `json:"kubeProxy,omitempty" protobuf:"bytes,6,opt,name=kubeProxy"`
	// Kubelet holds the kubelet settings of every pool that sets none.
	// +optional
	Kubelet *KubeletConfig `json:"kubelet,omitempty" protobuf:"bytes,7,opt,name=kubelet"`
	// Version is the Kubernetes version of the control plane; a partial version is defaulted from the
	// CloudProfile.
	// +optional
	Version string `json:"version,omitempty" protobuf:"bytes,8,opt,name=version"`
	// VerticalPodAutoscaler holds settings of the cluster's VPA.
	// +optional
	VerticalPodAutoscaler *VerticalPodAutoscaler `json:"verticalPodAutoscaler,omitempty" protobuf:"bytes,9,opt,name=verticalPodAutoscaler"`
	// ETCD holds settings of the main and events etcd.
	// +optional
	ETCD *ETCD `json:"etcd,omitempty" protobuf:"bytes,11,opt,name=etcd"`
}

// ETCD holds settings of the etcds of a Shoot.
type ETCD struct {
	// Main is the main etcd.
	// +optional
	Main *ETCDConfig `json:"main,omitempty" protobuf:"bytes,1,opt,name=main"`
	// Events is the events etcd.
	// +optional
	Events *ETCDConfig `json:"events,omitempty" protobuf:"bytes,2,opt,name=events"`
}

// ETCDConfig holds settings of one etcd.
type ETCDConfig struct {
	// Autoscaling holds the minimum resources of its vertical autoscaling.
	// +optional
	Autoscaling *ControlPlaneAutoscaling `json:"autoscaling,omitempty" protobuf:"bytes,1,opt,name=autoscaling"`
}

// ControlPlaneAutoscaling holds vertical autoscaling settings of a control-plane component.
type ControlPlaneAutoscaling struct {
	// MinAllowed are the minimum resource requests (cpu, memory).
	MinAllowed corev1.ResourceList `json:"minAllowed" protobuf:"bytes,1,rep,name=minAllowed,casttype=k8s.io/api/core/v1.ResourceList,castkey=k8s.io/api/core/v1.ResourceName"`
}

// ClusterAutoscaler holds cluster-autoscaler flags; durations are Go durations.
type ClusterAutoscaler struct {
	// ScaleDownDelayAfterAdd is the wait after a scale-up before scale-down is evaluated (default 1h).
	// +optional
	ScaleDownDelayAfterAdd *metav1.Duration `json:"scaleDownDelayAfterAdd,omitempty" protobuf:"bytes,1,opt,name=scaleDownDelayAfterAdd"`
	// ScaleDownDelayAfterDelete is the wait after a node deletion before scale-down is evaluated
	// (default scanInterval).
	// +optional
	ScaleDownDelayAfterDelete *metav1.Duration `json:"scaleDownDelayAfterDelete,omitempty" protobuf:"bytes,2,opt,name=scaleDownDelayAfterDelete"`
	// ScaleDownDelayAfterFailure is the wait after a failed scale-down (default 3m).
	// +optional
	ScaleDownDelayAfterFailure *metav1.Duration `json:"scaleDownDelayAfterFailure,omitempty" protobuf:"bytes,3,opt,name=scaleDownDelayAfterFailure"`
	// ScaleDownUnneededTime is how long a node must be unneeded to be removed (default 30m).
	// +optional
	ScaleDownUnneededTime *metav1.Duration `json:"scaleDownUnneededTime,omitempty" protobuf:"bytes,4,opt,name=scaleDownUnneededTime"`
	// ScaleDownUtilizationThreshold is the utilization (0.0-1.0) below which a node may be removed
	// (default 0.5).
	// +optional
	ScaleDownUtilizationThreshold *float64 `json:"scaleDownUtilizationThreshold,omitempty" protobuf:"fixed64,5,opt,name=scaleDownUtilizationThreshold"`
	// ScanInterval is the period of re-evaluation (default 10s).
	// +optional
	ScanInterval *metav1.Duration `json:"scanInterval,omitempty" protobuf:"bytes,6,opt,name=scanInterval"`
	// Expander is the scale-up strategy (default least-waste).
	// +optional
	Expander *ExpanderMode `json:"expander,omitempty" protobuf:"bytes,7,opt,name=expander"`
	// MaxNodeProvisionTime is the wait for a node to be provisioned (default 20m).
	// +optional
	MaxNodeProvisionTime *metav1.Duration `json:"maxNodeProvisionTime,omitempty" protobuf:"bytes,8,opt,name=maxNodeProvisionTime"`
	// MaxGracefulTerminationSeconds is the wait for pod termination on scale-down, in seconds (default
	// 600).
	// +optional
	MaxGracefulTerminationSeconds *int32 `json:"maxGracefulTerminationSeconds,omitempty" protobuf:"varint,9,opt,name=maxGracefulTerminationSeconds"`
	// IgnoreTaints are taint keys ignored in node templates; deprecated in favour of StartupTaints.
	// +optional
	IgnoreTaints []string `json:"ignoreTaints,omitempty" protobuf:"bytes,10,opt,name=ignoreTaints"`
	// NewPodScaleUpDelay is how long new pods are ignored for scale-up (default 0s).
	// +optional
	NewPodScaleUpDelay *metav1.Duration `json:"newPodScaleUpDelay,omitempty" protobuf:"bytes,11,opt,name=newPodScaleUpDelay"`
	// MaxEmptyBulkDelete is how many empty nodes may be deleted at once (default 10).
	// +optional
	MaxEmptyBulkDelete *int32 `json:"maxEmptyBulkDelete,omitempty" protobuf:"varint,12,opt,name=maxEmptyBulkDelete"`
	// IgnoreDaemonsetsUtilization leaves DaemonSet pods out of the utilization (default false).
	// +optional
	IgnoreDaemonsetsUtilization *bool `json:"ignoreDaemonsetsUtilization,omitempty" protobuf:"varint,13,opt,name=ignoreDaemonsetsUtilization"`
	// Verbosity is the log level (default 2).
	// +optional
	Verbosity *int32 `json:"verbosity,omitempty" protobuf:"varint,14,opt,name=verbosity"`
	// StartupTaints are taint keys treated as transient at node start.
	// +optional
	StartupTaints []string `json:"startupTaints,omitempty" protobuf:"bytes,15,opt,name=startupTaints"`
	// StatusTaints are taint keys that report node status and are ignored in templates.
	// +optional
	StatusTaints []string `json:"statusTaints,omitempty" protobuf:"bytes,16,opt,name=statusTaints"`
	// MaxScaleDownParallelism is how many nodes may be removed at once (default maxEmptyBulkDelete).
	// +optional
	MaxScaleDownParallelism *int32 `json:"maxScaleDownParallelism,omitempty" protobuf:"varint,17,opt,name=maxScaleDownParallelism"`
	// MaxDrainParallelism is how many nodes may be drained at once (default 1).
	// +optional
	MaxDrainParallelism *int32 `json:"maxDrainParallelism,omitempty" protobuf:"varint,18,opt,name=maxDrainParallelism"`
	// InitialNodeGroupBackoffDuration is the first backoff after a failed node start (default 5m).
	// +optional
	InitialNodeGroupBackoffDuration *metav1.Duration `json:"initialNodeGroupBackoffDuration,omitempty" protobuf:"bytes,19,opt,name=initialNodeGroupBackoffDuration"`
	// MaxNodeGroupBackoffDuration is the longest backoff of a node group (default 30m).
	// +optional
	MaxNodeGroupBackoffDuration *metav1.Duration `json:"maxNodeGroupBackoffDuration,omitempty" protobuf:"bytes,20,opt,name=maxNodeGroupBackoffDuration"`
	// NodeGroupBackoffResetTimeout resets the backoff after this time without failure (default 3h).
	// +optional
	NodeGroupBackoffResetTimeout *metav1.Duration `json:"nodeGroupBackoffResetTimeout,omitempty" protobuf:"bytes,21,opt,name=nodeGroupBackoffResetTimeout"`
	// EmitPerNodeGroupMetrics emits metrics per node group (default false).
	// +optional
	EmitPerNodeGroupMetrics *bool `json:"emitPerNodeGroupMetrics,omitempty" protobuf:"varint,22,opt,name=emitPerNodeGroupMetrics"`
	// MaxBinpackingTime caps the binpacking of one scale-up (default 10s).
	// +optional
	MaxBinpackingTime *metav1.Duration `json:"maxBinpackingTime,omitempty" protobuf:"bytes,23,opt,name=maxBinpackingTime"`
	// Autoscaling holds the minimum resources of its vertical autoscaling.
	// +optional
	Autoscaling *ControlPlaneAutoscaling `json:"autoscaling,omitempty" protobuf:"bytes,24,opt,name=autoscaling"`
}

// ExpanderMode is a cluster-autoscaler expander, or a comma-separated list of them.
type ExpanderMode string

const (
	// ClusterAutoscalerExpanderLeastWaste is the ExpanderMode "least-waste".
	ClusterAutoscalerExpanderLeastWaste ExpanderMode = "least-waste"
	// ClusterAutoscalerExpanderMostPods is the ExpanderMode "most-pods".
	ClusterAutoscalerExpanderMostPods ExpanderMode = "most-pods"
	// ClusterAutoscalerExpanderPriority is the ExpanderMode "priority".
	ClusterAutoscalerExpanderPriority ExpanderMode = "priority"
	// ClusterAutoscalerExpanderRandom is the ExpanderMode "random".
	ClusterAutoscalerExpanderRandom ExpanderMode = "random"
	// ClusterAutoscalerExpanderLeastNodes is the ExpanderMode "least-nodes".
	ClusterAutoscalerExpanderLeastNodes ExpanderMode = "least-nodes"
)

// VerticalPodAutoscaler holds settings of a Shoot's VPA; durations are Go durations.
type VerticalPodAutoscaler struct {
	// Enabled deploys the VPA into the cluster.
	Enabled bool `json:"enabled" protobuf:"varint,1,opt,name=enabled"`
	// EvictAfterOOMThreshold evicts a pod that OOMed within this time after start (default 10m).
	// +optional
	EvictAfterOOMThreshold *metav1.Duration `json:"evictAfterOOMThreshold,omitempty" protobuf:"bytes,2,opt,name=evictAfterOOMThreshold"`
	// EvictionRateBurst is the burst of evictions (default 1).
	// +optional
	EvictionRateBurst *int32 `json:"evictionRateBurst,omitempty" protobuf:"varint,3,opt,name=evictionRateBurst"`
	// EvictionRateLimit is evictions per second; 0 or -1 means unlimited (default -1).
	// +optional
	EvictionRateLimit *float64 `json:"evictionRateLimit,omitempty" protobuf:"fixed64,4,opt,name=evictionRateLimit"`
	// EvictionTolerance is the fraction of replicas that may be evicted (default 0.5).
	// +optional
	EvictionTolerance *float64 `json:"evictionTolerance,omitempty" protobuf:"fixed64,5,opt,name=evictionTolerance"`
	// RecommendationMarginFraction is the safety margin added to recommendations (default 0.15).
	// +optional
	RecommendationMarginFraction *float64 `json:"recommendationMarginFraction,omitempty" protobuf:"fixed64,6,opt,name=recommendationMarginFraction"`
	// UpdaterInterval is the period of the updater (default 1m).
	// +optional
	UpdaterInterval *metav1.Duration `json:"updaterInterval,omitempty" protobuf:"bytes,7,opt,name=updaterInterval"`
	// RecommenderInterval is the period of metrics fetching (default 1m).
	// +optional
	RecommenderInterval *metav1.Duration `json:"recommenderInterval,omitempty" protobuf:"bytes,8,opt,name=recommenderInterval"`
	// TargetCPUPercentile is the CPU usage percentile of the target (default 0.9).
	// +optional
	TargetCPUPercentile *float64 `json:"targetCPUPercentile,omitempty" protobuf:"fixed64,9,opt,name=targetCPUPercentile"`
	// RecommendationLowerBoundCPUPercentile is the CPU percentile of the lower bound (default 0.5).
	// +optional
	RecommendationLowerBoundCPUPercentile *float64 `json:"recommendationLowerBoundCPUPercentile,omitempty" protobuf:"fixed64,10,opt,name=recommendationLowerBoundCPUPercentile"`
	// RecommendationUpperBoundCPUPercentile is the CPU percentile of the upper bound (default 0.95).
	// +optional
	RecommendationUpperBoundCPUPercentile *float64 `json:"recommendationUpperBoundCPUPercentile,omitempty" protobuf:"fixed64,11,opt,name=recommendationUpperBoundCPUPercentile"`
	// TargetMemoryPercentile is the memory usage percentile of the target (default 0.9).
	// +optional
	TargetMemoryPercentile *float64 `json:"targetMemoryPercentile,omitempty" protobuf:"fixed64,12,opt,name=targetMemoryPercentile"`
	// RecommendationLowerBoundMemoryPercentile is the memory percentile of the lower bound (default
	// 0.5).
	// +optional
	RecommendationLowerBoundMemoryPercentile *float64 `json:"recommendationLowerBoundMemoryPercentile,omitempty" protobuf:"fixed64,13,opt,name=recommendationLowerBoundMemoryPercentile"`
	// RecommendationUpperBoundMemoryPercentile is the memory percentile of the upper bound (default
	// 0.95).
	// +optional
	RecommendationUpperBoundMemoryPercentile *float64 `json:"recommendationUpperBoundMemoryPercentile,omitempty" protobuf:"fixed64,14,opt,name=recommendationUpperBoundMemoryPercentile"`
	// CPUHistogramDecayHalfLife is the half-life of CPU samples (default 24h).
	// +optional
	CPUHistogramDecayHalfLife *metav1.Duration `json:"cpuHistogramDecayHalfLife,omitempty" protobuf:"bytes,15,opt,name=cpuHistogramDecayHalfLife"`
	// MemoryHistogramDecayHalfLife is the half-life of memory samples (default 24h).
	// +optional
	MemoryHistogramDecayHalfLife *metav1.Duration `json:"memoryHistogramDecayHalfLife,omitempty" protobuf:"bytes,16,opt,name=memoryHistogramDecayHalfLife"`
	// MemoryAggregationInterval is the interval of one memory peak (default 24h).
	// +optional
	MemoryAggregationInterval *metav1.Duration `json:"memoryAggregationInterval,omitempty" protobuf:"bytes,17,opt,name=memoryAggregationInterval"`
	// MemoryAggregationIntervalCount is how many intervals make the memory history (default 8).
	// +optional
	MemoryAggregationIntervalCount *int64 `json:"memoryAggregationIntervalCount,omitempty" protobuf:"varint,18,opt,name=memoryAggregationIntervalCount"`
	// FeatureGates are the VPA's feature gates.
	// +optional
	FeatureGates map[string]bool `json:"featureGates,omitempty" protobuf:"bytes,19,rep,name=featureGates"`
	// MaxAllowed caps every recommendation of the VPA.
	// +optional
	MaxAllowed corev1.ResourceList `json:"maxAllowed,omitempty" protobuf:"bytes,20,rep,name=maxAllowed,casttype=k8s.io/api/core/v1.ResourceList,castkey=k8s.io/api/core/v1.ResourceName"`
	// RecommenderUpdateWorkerCount is the recommender's worker count (default 10).
	// +optional
	RecommenderUpdateWorkerCount *int64 `json:"recommenderUpdateWorkerCount,omitempty" protobuf:"varint,21,opt,name=recommenderUpdateWorkerCount"`
}

// KubernetesConfig holds what every Kubernetes component setting has.
type KubernetesConfig struct {
	// FeatureGates are the component's feature gates.
	// +optional
	FeatureGates map[string]bool `json:"featureGates,omitempty" protobuf:"bytes,1,rep,name=featureGates"`
}

// KubeControllerManagerConfig holds kube-controller-manager settings.
type KubeControllerManagerConfig struct {
	KubernetesConfig `json:",inline" protobuf:"bytes,1,opt,name=kubernetesConfig"`
	// HorizontalPodAutoscalerConfig holds HPA controller settings.
	// +optional
	HorizontalPodAutoscalerConfig *HorizontalPodAutoscalerConfig `json:"horizontalPodAutoscaler,omitempty" protobuf:"bytes,2,opt,name=horizontalPodAutoscaler"`
	// NodeCIDRMaskSize is the IPv4 node CIDR mask size (default 24); immutable.
	// +optional
	NodeCIDRMaskSize *int32 `json:"nodeCIDRMaskSize,omitempty" protobuf:"varint,3,opt,name=nodeCIDRMaskSize"`
	// PodEvictionTimeout is ignored by current Kubernetes; deprecated.
	// +optional
	PodEvictionTimeout *metav1.Duration `json:"podEvictionTimeout,omitempty" protobuf:"bytes,4,opt,name=podEvictionTimeout"`
	// NodeMonitorGracePeriod is the wait before an unresponsive node is unhealthy.
	// +optional
	NodeMonitorGracePeriod *metav1.Duration `json:"nodeMonitorGracePeriod,omitempty" protobuf:"bytes,5,opt,name=nodeMonitorGracePeriod"`
	// NodeCIDRMaskSizeIPv6 is the IPv6 node CIDR mask size (default 64); immutable.
	// +optional
	NodeCIDRMaskSizeIPv6 *int32 `json:"nodeCIDRMaskSizeIPv6,omitempty" protobuf:"varint,6,opt,name=nodeCIDRMaskSizeIPv6"`
}

// HorizontalPodAutoscalerConfig holds HPA controller settings.
type HorizontalPodAutoscalerConfig struct {
	// CPUInitializationPeriod is the period after start in which CPU samples are skipped (default 5m).
	// +optional
	CPUInitializationPeriod *metav1.Duration `json:"cpuInitializationPeriod,omitempty" protobuf:"bytes,1,opt,name=cpuInitializationPeriod"`
	// DownscaleStabilization is the window of downscale recommendations (default 5m).
	// +optional
	DownscaleStabilization *metav1.Duration `json:"downscaleStabilization,omitempty" protobuf:"bytes,3,opt,name=downscaleStabilization"`
	// InitialReadinessDelay is the period after start in which readiness changes are ignored (default
	// 30s).
	// +optional
	InitialReadinessDelay *metav1.Duration `json:"initialReadinessDelay,omitempty" protobuf:"bytes,4,opt,name=initialReadinessDelay"`
	// SyncPeriod is the sync period (default 30s).
	// +optional
	SyncPeriod *metav1.Duration `json:"syncPeriod,omitempty" protobuf:"bytes,5,opt,name=syncPeriod"`
	// Tolerance is the minimum change of the metrics ratio that scales (default 0.1).
	// +optional
	Tolerance *float64 `json:"tolerance,omitempty" protobuf:"fixed64,6,opt,name=tolerance"`
}

// KubeSchedulerConfig holds kube-scheduler settings.
type KubeSchedulerConfig struct {
	KubernetesConfig `json:",inline" protobuf:"bytes,1,opt,name=kubernetesConfig"`
	// KubeMaxPDVols is ignored by current Kubernetes; deprecated.
	// +optional
	KubeMaxPDVols *string `json:"kubeMaxPDVols,omitempty" protobuf:"bytes,2,opt,name=kubeMaxPDVols"`
	// Profile is the scheduling profile, balanced (default) or bin-packing.
	// +optional
	Profile *SchedulingProfile `json:"profile,omitempty" protobuf:"bytes,3,opt,name=profile,casttype=SchedulingProfile"`
}

// SchedulingProfile is a kube-scheduler profile.
type SchedulingProfile string

const (
	// SchedulingProfileBalanced is the SchedulingProfile "balanced".
	SchedulingProfileBalanced SchedulingProfile = "balanced"
	// SchedulingProfileBinPacking is the SchedulingProfile "bin-packing".
	SchedulingProfileBinPacking SchedulingProfile = "bin-packing"
)

// KubeProxyConfig holds kube-proxy settings.
type KubeProxyConfig struct {
	KubernetesConfig `json:",inline" protobuf:"bytes,1,opt,name=kubernetesConfig"`
	// Mode is the proxy mode: IPTables (default), IPVS or NFTables.
	// +optional
	Mode *ProxyMode `json:"mode,omitempty" protobuf:"bytes,2,opt,name=mode,casttype=ProxyMode"`
	// Enabled deploys kube-proxy (default true).
	// +optional
	Enabled *bool `json:"enabled,omitempty" protobuf:"varint,3,opt,name=enabled"`
}

// ProxyMode is a kube-proxy mode.
type ProxyMode string

const (
	// ProxyModeIPTables is the ProxyMode "IPTables".
	ProxyModeIPTables ProxyMode = "IPTables"
	// ProxyModeNFTables is the ProxyMode "NFTables".
	ProxyModeNFTables ProxyMode = "NFTables"
	// ProxyModeIPVS is the ProxyMode "IPVS".
	ProxyModeIPVS ProxyMode = "IPVS"
)
