// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// KubeletConfig holds kubelet settings.
type KubeletConfig struct {
	KubernetesConfig
	// CPUCFSQuota enforces CPU limits with CFS quota.
	CPUCFSQuota *bool
	// CPUManagerPolicy is the CPU manager policy (default none).
	CPUManagerPolicy *string
	// EvictionHard are hard eviction thresholds.
	EvictionHard *KubeletConfigEviction
	// EvictionMaxPodGracePeriod caps the grace period of soft evictions, in seconds.
	EvictionMaxPodGracePeriod *int32
	// EvictionMinimumReclaim is the minimum reclaimed below a threshold.
	EvictionMinimumReclaim *KubeletConfigEvictionMinimumReclaim
	// EvictionPressureTransitionPeriod is the wait before leaving a pressure condition (default 4m).
	EvictionPressureTransitionPeriod *metav1.Duration
	// EvictionSoft are soft eviction thresholds.
	EvictionSoft *KubeletConfigEviction
	// EvictionSoftGracePeriod are the grace periods of the soft thresholds.
	EvictionSoftGracePeriod *KubeletConfigEvictionSoftGracePeriod
	// MaxPods is the pod limit per node (default 110).
	MaxPods *int32
	// PodPIDsLimit is the process ID limit per pod.
	PodPIDsLimit *int64
	// FailSwapOn makes the kubelet fail when swap is on (default true).
	FailSwapOn *bool
	// KubeReserved are resources reserved for Kubernetes node components.
	KubeReserved *KubeletConfigReserved
	// ImageGCHighThresholdPercent is the disk usage (percent) that starts image GC (default 50).
	ImageGCHighThresholdPercent *int32
	// ImageGCLowThresholdPercent is the disk usage (percent) image GC aims at (default 40).
	ImageGCLowThresholdPercent *int32
	// SerializeImagePulls pulls one image at a time (default true).
	SerializeImagePulls *bool
	// RegistryPullQPS is the registry pull rate; 0 is unlimited (default 5).
	RegistryPullQPS *int32
	// RegistryBurst is the burst of pulls (default 10).
	RegistryBurst *int32
	// SeccompDefault makes RuntimeDefault the default seccomp profile.
	SeccompDefault *bool
	// ContainerLogMaxSize is the log size that triggers rotation, e.g. 10Mi.
	ContainerLogMaxSize *resource.Quantity
	// ContainerLogMaxFiles is the number of log files kept per container.
	ContainerLogMaxFiles *int32
	// ProtectKernelDefaults fails the kubelet on kernel tunables that differ from its defaults
	// (default true).
	ProtectKernelDefaults *bool
	// StreamingConnectionIdleTimeout closes idle streaming connections (between 30s and 4h; default
	// 5m).
	StreamingConnectionIdleTimeout *metav1.Duration
	// MemorySwap is the swap behaviour of workloads.
	MemorySwap *MemorySwapConfiguration
	// MaxParallelImagePulls caps parallel pulls (needs serializeImagePulls false).
	MaxParallelImagePulls *int32
	// ImageMinimumGCAge is the minimum age of an unused image before GC (default 2m).
	ImageMinimumGCAge *metav1.Duration
	// ImageMaximumGCAge is the maximum age of an unused image before GC; 0 disables (default 0s).
	ImageMaximumGCAge *metav1.Duration
	// SingleProcessOOMKill keeps memory.oom.group unset, so only the offending process is killed.
	SingleProcessOOMKill *bool
	// ImagePullCredentialsVerificationPolicy is when pull credentials of cached images are verified.
	ImagePullCredentialsVerificationPolicy *ImagePullCredentialsVerificationPolicy
	// PreloadedImagesVerificationAllowlist are images exempt from credential verification.
	PreloadedImagesVerificationAllowlist []string
}

// KubeletConfigEviction are eviction thresholds, each a quantity or a percentage.
type KubeletConfigEviction struct {
	// MemoryAvailable is the threshold of free memory.
	MemoryAvailable *string
	// ImageFSAvailable is the threshold of free space in imagefs.
	ImageFSAvailable *string
	// ImageFSInodesFree is the threshold of free inodes in imagefs.
	ImageFSInodesFree *string
	// NodeFSAvailable is the threshold of free space in nodefs.
	NodeFSAvailable *string
	// NodeFSInodesFree is the threshold of free inodes in nodefs.
	NodeFSInodesFree *string
}

// KubeletConfigEvictionMinimumReclaim are minimum reclaims of eviction.
type KubeletConfigEvictionMinimumReclaim struct {
	// MemoryAvailable is the memory reclaim.
	MemoryAvailable *resource.Quantity
	// ImageFSAvailable is the imagefs space reclaim.
	ImageFSAvailable *resource.Quantity
	// ImageFSInodesFree is the imagefs inodes reclaim.
	ImageFSInodesFree *resource.Quantity
	// NodeFSAvailable is the nodefs space reclaim.
	NodeFSAvailable *resource.Quantity
	// NodeFSInodesFree is the nodefs inodes reclaim.
	NodeFSInodesFree *resource.Quantity
}

// KubeletConfigEvictionSoftGracePeriod are the grace periods of soft eviction thresholds.
type KubeletConfigEvictionSoftGracePeriod struct {
	// MemoryAvailable is the grace period of memoryAvailable.
	MemoryAvailable *metav1.Duration
	// ImageFSAvailable is the grace period of imageFSAvailable.
	ImageFSAvailable *metav1.Duration
	// ImageFSInodesFree is the grace period of imageFSInodesFree.
	ImageFSInodesFree *metav1.Duration
	// NodeFSAvailable is the grace period of nodeFSAvailable.
	NodeFSAvailable *metav1.Duration
	// NodeFSInodesFree is the grace period of nodeFSInodesFree.
	NodeFSInodesFree *metav1.Duration
}

// KubeletConfigReserved are reserved resources.
type KubeletConfigReserved struct {
	// CPU is the reserved CPU.
	CPU *resource.Quantity
	// Memory is the reserved memory.
	Memory *resource.Quantity
	// EphemeralStorage is the reserved ephemeral storage.
	EphemeralStorage *resource.Quantity
	// PID is the reserved number of process IDs.
	PID *resource.Quantity
}

// MemorySwapConfiguration holds the kubelet's swap settings.
type MemorySwapConfiguration struct {
	// SwapBehavior is NoSwap (default) or LimitedSwap.
	SwapBehavior *SwapBehavior
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
