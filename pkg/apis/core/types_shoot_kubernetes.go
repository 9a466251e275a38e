// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Kubernetes holds the Kubernetes version and the settings of its components.
type Kubernetes struct {
	// ClusterAutoscaler holds cluster-autoscaler flags.
	ClusterAutoscaler *ClusterAutoscaler
	// KubeAPIServer holds kube-apiserver settings.
	KubeAPIServer *KubeAPIServerConfig
	// KubeControllerManager holds kube-controller-manager settings.
	KubeControllerManager *KubeControllerManagerConfig
	// KubeScheduler holds kube-scheduler settings.
	KubeScheduler *KubeSchedulerConfig
	// KubeProxy holds kube-proxy settings.
	KubeProxy *KubeProxyConfig
	// Kubelet holds the kubelet settings of every pool that sets none.
	Kubelet *KubeletConfig
	// Version is the Kubernetes version of the control plane; a partial version is defaulted from the
	// CloudProfile.
	Version string
	// VerticalPodAutoscaler holds settings of the cluster's VPA.
	VerticalPodAutoscaler *VerticalPodAutoscaler
	// ETCD holds settings of the main and events etcd.
	ETCD *ETCD
}

// ETCD holds settings of the etcds of a Shoot.
type ETCD struct {
	// Main is the main etcd.
	Main *ETCDConfig
	// Events is the events etcd.
	Events *ETCDConfig
}

// ETCDConfig holds settings of one etcd.
type ETCDConfig struct {
	// Autoscaling holds the minimum resources of its vertical autoscaling.
	Autoscaling *ControlPlaneAutoscaling
}

// ControlPlaneAutoscaling holds vertical autoscaling settings of a control-plane component.
type ControlPlaneAutoscaling struct {
	// MinAllowed are the minimum resource requests (cpu, memory).
	MinAllowed corev1.ResourceList
}

// ClusterAutoscaler holds cluster-autoscaler flags; durations are Go durations.
type ClusterAutoscaler struct {
	// ScaleDownDelayAfterAdd is the wait after a scale-up before scale-down is evaluated (default 1h).
	ScaleDownDelayAfterAdd *metav1.Duration
	// ScaleDownDelayAfterDelete is the wait after a node deletion before scale-down is evaluated
	// (default scanInterval).
	ScaleDownDelayAfterDelete *metav1.Duration
	// ScaleDownDelayAfterFailure is the wait after a failed scale-down (default 3m).
	ScaleDownDelayAfterFailure *metav1.Duration
	// ScaleDownUnneededTime is how long a node must be unneeded to be removed (default 30m).
	ScaleDownUnneededTime *metav1.Duration
	// ScaleDownUtilizationThreshold is the utilization (0.0-1.0) below which a node may be removed
	// (default 0.5).
	ScaleDownUtilizationThreshold *float64
	// ScanInterval is the period of re-evaluation (default 10s).
	ScanInterval *metav1.Duration
	// Expander is the scale-up strategy (default least-waste).
	Expander *ExpanderMode
	// MaxNodeProvisionTime is the wait for a node to be provisioned (default 20m).
	MaxNodeProvisionTime *metav1.Duration
	// MaxGracefulTerminationSeconds is the wait for pod termination on scale-down, in seconds (default
	// 600).
	MaxGracefulTerminationSeconds *int32
	// IgnoreTaints are taint keys ignored in node templates; deprecated in favour of StartupTaints.
	IgnoreTaints []string
	// NewPodScaleUpDelay is how long new pods are ignored for scale-up (default 0s).
	NewPodScaleUpDelay *metav1.Duration
	// MaxEmptyBulkDelete is how many empty nodes may be deleted at once (default 10).
	MaxEmptyBulkDelete *int32
	// IgnoreDaemonsetsUtilization leaves DaemonSet pods out of the utilization (default false).
	IgnoreDaemonsetsUtilization *bool
	// Verbosity is the log level (default 2).
	Verbosity *int32
	// StartupTaints are taint keys treated as transient at node start.
	StartupTaints []string
	// StatusTaints are taint keys that report node status and are ignored in templates.
	StatusTaints []string
	// MaxScaleDownParallelism is how many nodes may be removed at once (default maxEmptyBulkDelete).
	MaxScaleDownParallelism *int32
	// MaxDrainParallelism is how many nodes may be drained at once (default 1).
	MaxDrainParallelism *int32
	// InitialNodeGroupBackoffDuration is the first backoff after a failed node start (default 5m).
	InitialNodeGroupBackoffDuration *metav1.Duration
	// MaxNodeGroupBackoffDuration is the longest backoff of a node group (default 30m).
	MaxNodeGroupBackoffDuration *metav1.Duration
	// NodeGroupBackoffResetTimeout resets the backoff after this time without failure (default 3h).
	NodeGroupBackoffResetTimeout *metav1.Duration
	// EmitPerNodeGroupMetrics emits metrics per node group (default false).
	EmitPerNodeGroupMetrics *bool
	// MaxBinpackingTime caps the binpacking of one scale-up (default 10s).
	MaxBinpackingTime *metav1.Duration
	// Autoscaling holds the minimum resources of its vertical autoscaling.
	Autoscaling *ControlPlaneAutoscaling
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
	Enabled bool
	// EvictAfterOOMThreshold evicts a pod that OOMed within this time after start (default 10m).
	EvictAfterOOMThreshold *metav1.Duration
	// EvictionRateBurst is the burst of evictions (default 1).
	EvictionRateBurst *int32
	// EvictionRateLimit is evictions per second; 0 or -1 means unlimited (default -1).
	EvictionRateLimit *float64
	// EvictionTolerance is the fraction of replicas that may be evicted (default 0.5).
	EvictionTolerance *float64
	// RecommendationMarginFraction is the safety margin added to recommendations (default 0.15).
	RecommendationMarginFraction *float64
	// UpdaterInterval is the period of the updater (default 1m).
	UpdaterInterval *metav1.Duration
	// RecommenderInterval is the period of metrics fetching (default 1m).
	RecommenderInterval *metav1.Duration
	// TargetCPUPercentile is the CPU usage percentile of the target (default 0.9).
	TargetCPUPercentile *float64
	// RecommendationLowerBoundCPUPercentile is the CPU percentile of the lower bound (default 0.5).
	RecommendationLowerBoundCPUPercentile *float64
	// RecommendationUpperBoundCPUPercentile is the CPU percentile of the upper bound (default 0.95).
	RecommendationUpperBoundCPUPercentile *float64
	// TargetMemoryPercentile is the memory usage percentile of the target (default 0.9).
	TargetMemoryPercentile *float64
	// RecommendationLowerBoundMemoryPercentile is the memory percentile of the lower bound (default
	// 0.5).
	RecommendationLowerBoundMemoryPercentile *float64
	// RecommendationUpperBoundMemoryPercentile is the memory percentile of the upper bound (default
	// 0.95).
	RecommendationUpperBoundMemoryPercentile *float64
	// CPUHistogramDecayHalfLife is the half-life of CPU samples (default 24h).
	CPUHistogramDecayHalfLife *metav1.Duration
	// MemoryHistogramDecayHalfLife is the half-life of memory samples (default 24h).
	MemoryHistogramDecayHalfLife *metav1.Duration
	// MemoryAggregationInterval is the interval of one memory peak (default 24h).
	MemoryAggregationInterval *metav1.Duration
	// MemoryAggregationIntervalCount is how many intervals make the memory history (default 8).
	MemoryAggregationIntervalCount *int64
	// FeatureGates are the VPA's feature gates.
	FeatureGates map[string]bool
	// MaxAllowed caps every recommendation of the VPA.
	MaxAllowed corev1.ResourceList
	// RecommenderUpdateWorkerCount is the recommender's worker count (default 10).
	RecommenderUpdateWorkerCount *int64
}

// KubernetesConfig holds what every Kubernetes component setting has.
type KubernetesConfig struct {
	// FeatureGates are the component's feature gates.
	FeatureGates map[string]bool
}

// KubeControllerManagerConfig holds kube-controller-manager settings.
type KubeControllerManagerConfig struct {
	KubernetesConfig
	// HorizontalPodAutoscalerConfig holds HPA controller settings.
	HorizontalPodAutoscalerConfig *HorizontalPodAutoscalerConfig
	// NodeCIDRMaskSize is the IPv4 node CIDR mask size (default 24); immutable.
	NodeCIDRMaskSize *int32
	// PodEvictionTimeout is ignored by current Kubernetes; deprecated.
	PodEvictionTimeout *metav1.Duration
	// NodeMonitorGracePeriod is the wait before an unresponsive node is unhealthy.
	NodeMonitorGracePeriod *metav1.Duration
	// NodeCIDRMaskSizeIPv6 is the IPv6 node CIDR mask size (default 64); immutable.
	NodeCIDRMaskSizeIPv6 *int32
}

// HorizontalPodAutoscalerConfig holds HPA controller settings.
type HorizontalPodAutoscalerConfig struct {
	// CPUInitializationPeriod is the period after start in which CPU samples are skipped (default 5m).
	CPUInitializationPeriod *metav1.Duration
	// DownscaleStabilization is the window of downscale recommendations (default 5m).
	DownscaleStabilization *metav1.Duration
	// InitialReadinessDelay is the period after start in which readiness changes are ignored (default
	// 30s).
	InitialReadinessDelay *metav1.Duration
	// SyncPeriod is the sync period (default 30s).
	SyncPeriod *metav1.Duration
	// Tolerance is the minimum change of the metrics ratio that scales (default 0.1).
	Tolerance *float64
}

// KubeSchedulerConfig holds kube-scheduler settings.
type KubeSchedulerConfig struct {
	KubernetesConfig
	// KubeMaxPDVols is ignored by current Kubernetes; deprecated.
	KubeMaxPDVols *string
	// Profile is the scheduling profile, balanced (default) or bin-packing.
	Profile *SchedulingProfile
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
	KubernetesConfig
	// Mode is the proxy mode: IPTables (default), IPVS or NFTables.
	Mode *ProxyMode
	// Enabled deploys kube-proxy (default true).
	Enabled *bool
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
