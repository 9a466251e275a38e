// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// KubeletConfig holds kubelet settings.
type KubeletConfig struct {
	KubernetesConfig `json:",inline" protobuf:"bytes,1,opt,name=kubernetesConfig"`
	// CPUCFSQuota enforces CPU limits with CFS quota.
	// +optional
	CPUCFSQuota *bool `json:"cpuCFSQuota,omitempty" protobuf:"varint,2,opt,name=cpuCFSQuota"`
	// CPUManagerPolicy is the CPU manager policy (default none).
	// +optional
	CPUManagerPolicy *string `json:"cpuManagerPolicy,omitempty" protobuf:"bytes,3,opt,name=cpuManagerPolicy"`
	// EvictionHard are hard eviction thresholds.
	// +optional
	EvictionHard *KubeletConfigEviction `json:"evictionHard,omitempty" protobuf:"bytes,4,opt,name=evictionHard"`
	// EvictionMaxPodGracePeriod caps the grace period of soft evictions, in seconds.
	// +optional
	EvictionMaxPodGracePeriod *int32 `json:"evictionMaxPodGracePeriod,omitempty" protobuf:"varint,5,opt,name=evictionMaxPodGracePeriod"`
	// EvictionMinimumReclaim is the minimum reclaimed below a threshold.
	// +optional
	EvictionMinimumReclaim *KubeletConfigEvictionMinimumReclaim `json:"evictionMinimumReclaim,omitempty" protobuf:"bytes,6,opt,name=evictionMinimumReclaim"`
	// EvictionPressureTransitionPeriod is the wait before leaving a pressure condition (default 4m).
	// +optional
	EvictionPressureTransitionPeriod *metav1.Duration `json:"evictionPressureTransitionPeriod,omitempty" protobuf:"bytes,7,opt,name=evictionPressureTransitionPeriod"`
	// EvictionSoft are soft eviction thresholds.
	// +optional
	EvictionSoft *KubeletConfigEviction `json:"evictionSoft,omitempty" protobuf:"bytes,8,opt,name=evictionSoft"`
	// EvictionSoftGracePeriod are the grace periods of the soft thresholds.
	// +optional
	EvictionSoftGracePeriod *KubeletConfigEvictionSoftGracePeriod `json:"evictionSoftGracePeriod,omitempty" protobuf:"bytes,9,opt,name=evictionSoftGracePeriod"`
	// MaxPods is the pod limit per node (default 110).
	// +optional
	MaxPods *int32 `json:"maxPods,omitempty" protobuf:"varint,10,opt,name=maxPods"`
	// PodPIDsLimit is the process ID limit per pod.
	// +optional
	PodPIDsLimit *int64 `json:"podPidsLimit,omitempty" protobuf:"varint,11,opt,name=podPidsLimit"`
	// FailSwapOn makes the kubelet fail when swap is on (default true).
	// +optional
	FailSwapOn *bool `json:"failSwapOn,omitempty" protobuf:"varint,13,opt,name=failSwapOn"`
	// KubeReserved are resources reserved for Kubernetes node components.
	// +optional
	KubeReserved *KubeletConfigReserved `json:"kubeReserved,omitempty" protobuf:"bytes,14,opt,name=kubeReserved"`
	// ImageGCHighThresholdPercent is the disk usage (percent) that starts image GC (default 50).
	// +optional
	ImageGCHighThresholdPercent *int32 `json:"imageGCHighThresholdPercent,omitempty" protobuf:"bytes,16,opt,name=imageGCHighThresholdPercent"`
	// ImageGCLowThresholdPercent is the disk usage (percent) image GC aims at (default 40).
	// +optional
	ImageGCLowThresholdPercent *int32 `json:"imageGCLowThresholdPercent,omitempty" protobuf:"bytes,17,opt,name=imageGCLowThresholdPercent"`
	// SerializeImagePulls pulls one image at a time (default true).
	// +optional
	SerializeImagePulls *bool `json:"serializeImagePulls,omitempty" protobuf:"varint,18,opt,name=serializeImagePulls"`
	// RegistryPullQPS is the registry pull rate; 0 is unlimited (default 5).
	// +optional
	RegistryPullQPS *int32 `json:"registryPullQPS,omitempty" protobuf:"varint,19,opt,name=registryPullQPS"`
	// RegistryBurst is the burst of pulls (default 10).
	// +optional
	RegistryBurst *int32 `json:"registryBurst,omitempty" protobuf:"varint,20,opt,name=registryBurst"`
	// SeccompDefault makes RuntimeDefault the default seccomp profile.
	// +optional
	SeccompDefault *bool `json:"seccompDefault,omitempty" protobuf:"varint,21,opt,name=seccompDefault"`
	// ContainerLogMaxSize is the log size that triggers rotation, e.g. 10Mi.
	// +optional
	ContainerLogMaxSize *resource.Quantity `json:"containerLogMaxSize,omitempty" protobuf:"bytes,22,opt,name=containerLogMaxSize"`
	// ContainerLogMaxFiles is the number of log files kept per container.
	// +optional
	ContainerLogMaxFiles *int32 `json:"containerLogMaxFiles,omitempty" protobuf:"bytes,23,opt,name=containerLogMaxFiles"`
	// ProtectKernelDefaults fails the kubelet on kernel tunables that differ from its defaults
	// (default true).
	// +optional
	ProtectKernelDefaults *bool `json:"protectKernelDefaults,omitempty" protobuf:"varint,24,opt,name=protectKernelDefaults"`
	// StreamingConnectionIdleTimeout closes idle streaming connections (between 30s and 4h; default
	// 5m).
	// +optional
	StreamingConnectionIdleTimeout *metav1.Duration `json:"streamingConnectionIdleTimeout,omitempty" protobuf:"bytes,25,opt,name=streamingConnectionIdleTimeout"`
	// MemorySwap is the swap behaviour of workloads.
	// +optional
	MemorySwap *MemorySwapConfiguration `json:"memorySwap,omitempty" protobuf:"bytes,26,opt,name=memorySwap"`
	// MaxParallelImagePulls caps parallel pulls (needs serializeImagePulls false).
	// +optional
	MaxParallelImagePulls *int32 `json:"maxParallelImagePulls,omitempty" protobuf:"varint,27,opt,name=maxParallelImagePulls"`
	// ImageMinimumGCAge is the minimum age of an unused image before GC (default 2m).
	// +optional
	ImageMinimumGCAge *metav1.Duration `json:"imageMinimumGCAge,omitempty" protobuf:"bytes,28,opt,name=imageMinimumGCAge"`
	// ImageMaximumGCAge is the maximum age of an unused image before GC; 0 disables (default 0s).
	// +optional
	ImageMaximumGCAge *metav1.Duration `json:"imageMaximumGCAge,omitempty" protobuf:"bytes,29,opt,name=imageMaximumGCAge"`
	// SingleProcessOOMKill keeps memory.oom.group unset, so only the offending process is killed.
	// +optional
	SingleProcessOOMKill *bool `json:"singleProcessOOMKill,omitempty" protobuf:"varint,30,opt,name=singleProcessOOMKill"`
	// ImagePullCredentialsVerificationPolicy is when pull credentials of cached images are verified.
	// +optional
	ImagePullCredentialsVerificationPolicy *ImagePullCredentialsVerificationPolicy `json:"imagePullCredentialsVerificationPolicy,omitempty" protobuf:"bytes,31,opt,name=imagePullCredentialsVerificationPolicy,casttype=ImagePullCredentialsVerificationPolicy"`
	// PreloadedImagesVerificationAllowlist are images exempt from credential verification.
	// +optional
	PreloadedImagesVerificationAllowlist []string `json:"preloadedImagesVerificationAllowlist,omitempty" protobuf:"bytes,32,rep,name=preloadedImagesVerificationAllowlist"`
}

// KubeletConfigEviction are eviction thresholds, each a quantity or a percentage.
type KubeletConfigEviction struct {
	// MemoryAvailable is the threshold of free memory.
	// +optional
	MemoryAvailable *string `json:"memoryAvailable,omitempty" protobuf:"bytes,1,opt,name=memoryAvailable"`
	// ImageFSAvailable is the threshold of free space in imagefs.
	// +optional
	ImageFSAvailable *string `json:"imageFSAvailable,omitempty" protobuf:"bytes,2,opt,name=imageFSAvailable"`
	// ImageFSInodesFree is the threshold of free inodes in imagefs.
	// +optional
	ImageFSInodesFree *string `json:"imageFSInodesFree,omitempty" protobuf:"bytes,3,opt,name=imageFSInodesFree"`
	// NodeFSAvailable is the threshold of free space in nodefs.
	// +optional
	NodeFSAvailable *string `json:"nodeFSAvailable,omitempty" protobuf:"bytes,4,opt,name=nodeFSAvailable"`
	// NodeFSInodesFree is the threshold of free inodes in nodefs.
	// +optional
	NodeFSInodesFree *string `json:"nodeFSInodesFree,omitempty" protobuf:"bytes,5,opt,name=nodeFSInodesFree"`
}

// KubeletConfigEvictionMinimumReclaim are minimum reclaims of eviction.
type KubeletConfigEvictionMinimumReclaim struct {
	// MemoryAvailable is the memory reclaim.
	// +optional
	MemoryAvailable *resource.Quantity `json:"memoryAvailable,omitempty" protobuf:"bytes,1,opt,name=memoryAvailable"`
	// ImageFSAvailable is the imagefs space reclaim.
	// +optional
	ImageFSAvailable *resource.Quantity `json:"imageFSAvailable,omitempty" protobuf:"bytes,2,opt,name=imageFSAvailable"`
	// ImageFSInodesFree is the imagefs inodes reclaim.
	// +optional
	ImageFSInodesFree *resource.Quantity `json:"imageFSInodesFree,omitempty" protobuf:"bytes,3,opt,name=imageFSInodesFree"`
	// NodeFSAvailable is the nodefs space reclaim.
	// +optional
	NodeFSAvailable *resource.Quantity `json:"nodeFSAvailable,omitempty" protobuf:"bytes,4,opt,name=nodeFSAvailable"`
	// NodeFSInodesFree is the nodefs inodes reclaim.
	// +optional
	NodeFSInodesFree *resource.Quantity `json:"nodeFSInodesFree,omitempty" protobuf:"bytes,5,opt,name=nodeFSInodesFree"`
}

// KubeletConfigEvictionSoftGracePeriod are the grace periods of soft eviction thresholds.
type KubeletConfigEvictionSoftGracePeriod struct {
	// MemoryAvailable is the grace period of memoryAvailable.
	// +optional
	MemoryAvailable *metav1.Duration `json:"memoryAvailable,omitempty" protobuf:"bytes,1,opt,name=memoryAvailable"`
	// ImageFSAvailable is the grace period of imageFSAvailable.
	// +optional
	ImageFSAvailable *metav1.Duration `json:"imageFSAvailable,omitempty" protobuf:"bytes,2,opt,name=imageFSAvailable"`
	// ImageFSInodesFree is the grace period of imageFSInodesFree.
	// +optional
	ImageFSInodesFree *metav1.Duration `json:"imageFSInodesFree,omitempty" protobuf:"bytes,3,opt,name=imageFSInodesFree"`
	// NodeFSAvailable is the grace period of nodeFSAvailable.
	// +optional
	NodeFSAvailable *metav1.Duration `json:"nodeFSAvailable,omitempty" protobuf:"bytes,4,opt,name=nodeFSAvailable"`
	// NodeFSInodesFree is the grace period of nodeFSInodesFree.
	// +optional
	NodeFSInodesFree *metav1.Duration `json:"nodeFSInodesFree,omitempty" protobuf:"bytes,5,opt,name=nodeFSInodesFree"`
}

// KubeletConfigReserved are reserved resources.
type KubeletConfigReserved struct {
	// CPU is the reserved CPU.
	// +optional
	CPU *resource.Quantity `json:"cpu,omitempty" protobuf:"bytes,1,opt,name=cpu"`
	// Memory is the reserved memory.
	// +optional
	Memory *resource.Quantity `json:"memory,omitempty" protobuf:"bytes,2,opt,name=memory"`
	// EphemeralStorage is the reserved ephemeral storage.
	// +optional
	EphemeralStorage *resource.Quantity `json:"ephemeralStorage,omitempty" protobuf:"bytes,3,opt,name=ephemeralStorage"`
	// PID is the reserved number of process IDs.
	// +optional
	PID *resource.Quantity `json:"pid,omitempty" protobuf:"bytes,4,opt,name=pid"`
}

// MemorySwapConfiguration holds the kubelet's swap settings.
type MemorySwapConfiguration struct {
	// SwapBehavior is NoSwap (default) or LimitedSwap.
	// +optional
	SwapBehavior *SwapBehavior `json:"swapBehavior,omitempty" protobuf:"bytes,1,opt,name=swapBehavior"`
}

// SwapBehavior is the swap behaviour of workloads.
type SwapBehavior string

const (
	// NoSwap is the SwapBehavior "NoSwap".
	NoSwap SwapBehavior = "NoSwap"
	// LimitedSwap is the SwapBehavior "LimitedSwap".
	LimitedSwap SwapBehavior = "LimitedSwap"
)

// ImagePullCredentialsVerificationPolicy is when the kubelet verifies pull credentials of cached
// images.
type ImagePullCredentialsVerificationPolicy string

const (
	// NeverVerify is the ImagePullCredentialsVerificationPolicy "NeverVerify".
	NeverVerify ImagePullCredentialsVerificationPolicy = "NeverVerify"
	// NeverVerifyPreloadedImages is the ImagePullCredentialsVerificationPolicy "NeverVerifyPreloadedImages".
	NeverVerifyPreloadedImages ImagePullCredentialsVerificationPolicy = "NeverVerifyPreloadedImages"
	// NeverVerifyAllowlistedImages is the ImagePullCredentialsVerificationPolicy "NeverVerifyAllowlistedImages".
	NeverVerifyAllowlistedImages ImagePullCredentialsVerificationPolicy = "NeverVerifyAllowlistedImages"
	// AlwaysVerify is the ImagePullCredentialsVerificationPolicy "AlwaysVerify".
	AlwaysVerify ImagePullCredentialsVerificationPolicy = "AlwaysVerify"
)
