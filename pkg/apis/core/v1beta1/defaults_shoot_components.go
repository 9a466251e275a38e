// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// Defaults of spec.kubernetes.verticalPodAutoscaler, Gardener's (which are the VPA's own).
const (
	DefaultEvictionRateBurst                        int32   = 1
	DefaultEvictionRateLimit                        float64 = -1
	DefaultEvictionTolerance                        float64 = 0.5
	DefaultRecommendationMarginFraction             float64 = 0.15
	DefaultTargetCPUPercentile                      float64 = 0.9
	DefaultRecommendationLowerBoundCPUPercentile    float64 = 0.5
	DefaultRecommendationUpperBoundCPUPercentile    float64 = 0.95
	DefaultTargetMemoryPercentile                   float64 = 0.9
	DefaultRecommendationLowerBoundMemoryPercentile float64 = 0.5
	DefaultRecommendationUpperBoundMemoryPercentile float64 = 0.95
	DefaultMemoryAggregationIntervalCount           int64   = 8
	DefaultRecommenderUpdateWorkerCount             int64   = 10
)

// Duration defaults of spec.kubernetes.verticalPodAutoscaler.
var (
	DefaultEvictAfterOOMThreshold       = metav1.Duration{Duration: 10 * time.Minute}
	DefaultUpdaterInterval              = metav1.Duration{Duration: time.Minute}
	DefaultRecommenderInterval          = metav1.Duration{Duration: time.Minute}
	DefaultCPUHistogramDecayHalfLife    = metav1.Duration{Duration: 24 * time.Hour}
	DefaultMemoryHistogramDecayHalfLife = metav1.Duration{Duration: 24 * time.Hour}
	DefaultMemoryAggregationInterval    = metav1.Duration{Duration: 24 * time.Hour}
)

// SetDefaults_KubeAPIServerConfig defaults the in-flight limits (400 non-mutating, 200
// mutating), the event TTL (1h), the log verbosity (2) and the etcd encryption provider (aescbc).
func SetDefaults_KubeAPIServerConfig(obj *KubeAPIServerConfig) {
	if obj.Requests == nil {
		obj.Requests = &APIServerRequests{}
	}
	if obj.Requests.MaxNonMutatingInflight == nil {
		obj.Requests.MaxNonMutatingInflight = ptr.To[int32](400)
	}
	if obj.Requests.MaxMutatingInflight == nil {
		obj.Requests.MaxMutatingInflight = ptr.To[int32](200)
	}
	if obj.EventTTL == nil {
		obj.EventTTL = &metav1.Duration{Duration: time.Hour}
	}
	if obj.Logging == nil {
		obj.Logging = &APIServerLogging{}
	}
	if obj.Logging.Verbosity == nil {
		obj.Logging.Verbosity = ptr.To[int32](2)
	}
	if obj.EncryptionConfig == nil {
		obj.EncryptionConfig = &EncryptionConfig{}
	}
	if obj.EncryptionConfig.Provider.Type == nil {
		obj.EncryptionConfig.Provider.Type = ptr.To(EncryptionProviderTypeAESCBC)
	}
}

// SetDefaults_VerticalPodAutoscaler defaults every unset VPA setting to the VPA's own default.
func SetDefaults_VerticalPodAutoscaler(obj *VerticalPodAutoscaler) {
	setDefault(&obj.EvictAfterOOMThreshold, DefaultEvictAfterOOMThreshold)
	setDefault(&obj.EvictionRateBurst, DefaultEvictionRateBurst)
	setDefault(&obj.EvictionRateLimit, DefaultEvictionRateLimit)
	setDefault(&obj.EvictionTolerance, DefaultEvictionTolerance)
	setDefault(&obj.RecommendationMarginFraction, DefaultRecommendationMarginFraction)
	setDefault(&obj.UpdaterInterval, DefaultUpdaterInterval)
	setDefault(&obj.RecommenderInterval, DefaultRecommenderInterval)
	setDefault(&obj.TargetCPUPercentile, DefaultTargetCPUPercentile)
	setDefault(&obj.RecommendationLowerBoundCPUPercentile, DefaultRecommendationLowerBoundCPUPercentile)
	setDefault(&obj.RecommendationUpperBoundCPUPercentile, DefaultRecommendationUpperBoundCPUPercentile)
	setDefault(&obj.CPUHistogramDecayHalfLife, DefaultCPUHistogramDecayHalfLife)
	setDefault(&obj.TargetMemoryPercentile, DefaultTargetMemoryPercentile)
	setDefault(&obj.RecommendationLowerBoundMemoryPercentile, DefaultRecommendationLowerBoundMemoryPercentile)
	setDefault(&obj.RecommendationUpperBoundMemoryPercentile, DefaultRecommendationUpperBoundMemoryPercentile)
	setDefault(&obj.MemoryHistogramDecayHalfLife, DefaultMemoryHistogramDecayHalfLife)
	setDefault(&obj.MemoryAggregationInterval, DefaultMemoryAggregationInterval)
	setDefault(&obj.MemoryAggregationIntervalCount, DefaultMemoryAggregationIntervalCount)
	setDefault(&obj.RecommenderUpdateWorkerCount, DefaultRecommenderUpdateWorkerCount)
}

// SetDefaults_ClusterAutoscaler defaults every unset cluster-autoscaler flag to Gardener's
// default; maxScaleDownParallelism follows maxEmptyBulkDelete when that is set.
func SetDefaults_ClusterAutoscaler(obj *ClusterAutoscaler) {
	setDefault(&obj.ScaleDownDelayAfterAdd, metav1.Duration{Duration: time.Hour})
	setDefault(&obj.ScaleDownDelayAfterDelete, metav1.Duration{})
	setDefault(&obj.ScaleDownDelayAfterFailure, metav1.Duration{Duration: 3 * time.Minute})
	setDefault(&obj.ScaleDownUnneededTime, metav1.Duration{Duration: 30 * time.Minute})
	setDefault(&obj.ScaleDownUtilizationThreshold, 0.5)
	setDefault(&obj.ScanInterval, metav1.Duration{Duration: 10 * time.Second})
	setDefault(&obj.Expander, ClusterAutoscalerExpanderLeastWaste)
	setDefault(&obj.MaxNodeProvisionTime, metav1.Duration{Duration: 20 * time.Minute})
	setDefault(&obj.MaxGracefulTerminationSeconds, 600)
	setDefault(&obj.IgnoreDaemonsetsUtilization, false)
	setDefault(&obj.EmitPerNodeGroupMetrics, false)
	setDefault(&obj.Verbosity, 2)
	setDefault(&obj.NewPodScaleUpDelay, metav1.Duration{})
	if obj.MaxScaleDownParallelism == nil {
		obj.MaxScaleDownParallelism = ptr.To(ptr.Deref(obj.MaxEmptyBulkDelete, 10))
	}
	setDefault(&obj.MaxDrainParallelism, 1)
	setDefault(&obj.InitialNodeGroupBackoffDuration, metav1.Duration{Duration: 5 * time.Minute})
	setDefault(&obj.MaxNodeGroupBackoffDuration, metav1.Duration{Duration: 30 * time.Minute})
	setDefault(&obj.NodeGroupBackoffResetTimeout, metav1.Duration{Duration: 3 * time.Hour})
	setDefault(&obj.MaxBinpackingTime, metav1.Duration{Duration: 5 * time.Minute})
}

// SetDefaults_NginxIngress defaults the load balancer's external traffic policy to Cluster.
func SetDefaults_NginxIngress(obj *NginxIngress) {
	setDefault(&obj.ExternalTrafficPolicy, corev1.ServiceExternalTrafficPolicyCluster)
}

// setDefault points *field at value when it is nil.
func setDefault[T any](field **T, value T) {
	if *field == nil {
		*field = &value
	}
}
