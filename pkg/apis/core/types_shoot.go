// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Shoot is a Kubernetes cluster whose control plane Gardener runs on a seed.
type Shoot struct {
	metav1.TypeMeta
	// Standard object metadata.
	metav1.ObjectMeta
	// Spec is the desired state of the cluster; immutable once a deletion timestamp is set.
	Spec ShootSpec
	// Status is the observed state of the cluster.
	Status ShootStatus
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ShootList is a list of Shoots.
type ShootList struct {
	metav1.TypeMeta
	// Standard list metadata.
	metav1.ListMeta
	// Items are the Shoots.
	Items []Shoot
}

// ShootSpec is the desired state of a Shoot.
type ShootSpec struct {
	// Addons switches the Gardener-managed addons (deprecated in Gardener; not for Kubernetes >=
	// 1.30).
	Addons *Addons
	// CloudProfileName names the CloudProfile; deprecated in favour of CloudProfile.
	CloudProfileName *string
	// DNS holds the cluster domain and the DNS providers.
	DNS *DNS
	// Extensions configures extensions, including the GEP-78 component pins, keyed by type.
	Extensions []Extension
	// Hibernation holds whether the cluster is hibernated and the schedules that switch it.
	Hibernation *Hibernation
	// Kubernetes holds the Kubernetes version and the settings of the control-plane and node
	// components.
	Kubernetes Kubernetes
	// Networking holds the network plugin, the CIDRs and the IP families.
	Networking *Networking
	// Maintenance holds the maintenance time window and what maintenance may change.
	Maintenance *Maintenance
	// Monitoring holds the alerting settings.
	Monitoring *Monitoring
	// Provider holds the provider type, its configurations and the worker pools.
	Provider Provider
	// Purpose is evaluation (default), testing, development, production or infrastructure.
	Purpose *ShootPurpose
	// Region is the provider region; immutable.
	Region string
	// SecretBindingName names the SecretBinding of the infrastructure credentials; deprecated in
	// favour of CredentialsBindingName.
	SecretBindingName *string
	// SeedName is the seed that runs the control plane.
	SeedName *string
	// SeedSelector must match the labels (and provider types) of the seed chosen by the scheduler.
	SeedSelector *SeedSelector
	// Resources are named references that extension configurations may refer to by name.
	Resources []NamedResourceReference
	// Tolerations are the seed taints the Shoot tolerates, keyed by key.
	Tolerations []Toleration
	// ExposureClassName names the ExposureClass of the API server endpoint; immutable.
	ExposureClassName *string
	// SystemComponents holds the settings of system components (CoreDNS, node-local DNS).
	SystemComponents *SystemComponents
	// ControlPlane holds the high-availability and zone settings of the control plane.
	ControlPlane *ControlPlane
	// SchedulerName is the scheduler that places the Shoot; empty means the default scheduler.
	SchedulerName *string
	// CloudProfile references the CloudProfile or NamespacedCloudProfile.
	CloudProfile *CloudProfileReference
	// CredentialsBindingName names the CredentialsBinding of the infrastructure credentials.
	CredentialsBindingName *string
	// AccessRestrictions are the access restrictions of the cluster, each offered by its region.
	AccessRestrictions []AccessRestrictionWithOptions
}

// CloudProfileReference references a CloudProfile or NamespacedCloudProfile.
type CloudProfileReference struct {
	// Kind is CloudProfile (default) or NamespacedCloudProfile.
	Kind string
	// Name is the profile name.
	Name string
}

// ShootPurpose is the purpose of a Shoot.
type ShootPurpose string

const (
	// ShootPurposeEvaluation is the ShootPurpose "evaluation".
	ShootPurposeEvaluation ShootPurpose = "evaluation"
	// ShootPurposeTesting is the ShootPurpose "testing".
	ShootPurposeTesting ShootPurpose = "testing"
	// ShootPurposeDevelopment is the ShootPurpose "development".
	ShootPurposeDevelopment ShootPurpose = "development"
	// ShootPurposeProduction is the ShootPurpose "production".
	ShootPurposeProduction ShootPurpose = "production"
	// ShootPurposeInfrastructure is the ShootPurpose "infrastructure".
	ShootPurposeInfrastructure ShootPurpose = "infrastructure"
)

// Addons switches the Gardener-managed addons.
type Addons struct {
	// KubernetesDashboard is the kubernetes-dashboard addon.
	KubernetesDashboard *KubernetesDashboard
	// NginxIngress is the nginx-ingress addon.
	NginxIngress *NginxIngress
}

// Addon is the switch every addon has.
type Addon struct {
	// Enabled deploys the addon.
	Enabled bool
}

// KubernetesDashboard is the kubernetes-dashboard addon.
type KubernetesDashboard struct {
	Addon
	// AuthenticationMode is the dashboard's authentication mode (token).
	AuthenticationMode *string
}

// NginxIngress is the nginx-ingress addon.
type NginxIngress struct {
	Addon
	// LoadBalancerSourceRanges are the source CIDRs allowed to reach the load balancer.
	LoadBalancerSourceRanges []string
	// Config is the configuration of the nginx-ingress controller, key by key.
	Config map[string]string
	// ExternalTrafficPolicy is spec.externalTrafficPolicy of the load balancer Service (default
	// Cluster).
	ExternalTrafficPolicy *corev1.ServiceExternalTrafficPolicy
}

// ControlPlane holds settings of the control plane.
type ControlPlane struct {
	// HighAvailability is the failure tolerance of the control plane (node or zone).
	HighAvailability *HighAvailability
	// Zones are the zones the control plane runs in (zone failure tolerance needs 3).
	Zones []string
}

// DNS holds the cluster domain and the DNS providers.
type DNS struct {
	// Domain is the external domain of the cluster (api.<domain> in kubeconfigs); immutable once set.
	Domain *string
	// Providers are the DNS providers of the cluster; deprecated in Gardener.
	Providers []DNSProvider
}

// DNSProvider is a DNS provider of a Shoot.
type DNSProvider struct {
	// Domains selects the domains of the provider; deprecated in Gardener.
	Domains *DNSIncludeExclude
	// Primary marks the provider for the cluster's own domain; deprecated in Gardener.
	Primary *bool
	// SecretName names the secret with the provider's credentials.
	SecretName *string
	// Type is the DNS provider type, e.g. aws-route53.
	Type *string
	// Zones selects the hosted zones of the provider; deprecated in Gardener.
	Zones *DNSIncludeExclude
	// CredentialsRef references the credentials (Secret or WorkloadIdentity) of the provider.
	CredentialsRef *autoscalingv1.CrossVersionObjectReference
}

// DNSIncludeExclude selects domains or zones.
type DNSIncludeExclude struct {
	// Include are the selected entries.
	Include []string
	// Exclude are the excluded entries.
	Exclude []string
}

// Hibernation holds whether a Shoot is hibernated and its schedules.
type Hibernation struct {
	// Enabled hibernates the cluster (scales it to zero) when true and wakes it when false.
	Enabled *bool
	// Schedules hibernate and wake the cluster on cron schedules.
	Schedules []HibernationSchedule
}

// HibernationSchedule hibernates a Shoot at Start and wakes it at End.
type HibernationSchedule struct {
	// Start is the cron spec of hibernation.
	Start *string
	// End is the cron spec of waking up.
	End *string
	// Location is the time zone of Start and End, e.g. Europe/Berlin (default UTC).
	Location *string
}

// Monitoring holds the monitoring settings of a Shoot.
type Monitoring struct {
	// Alerting holds who receives alerts.
	Alerting *Alerting
}

// Alerting holds who receives alerts.
type Alerting struct {
	// EmailReceivers are the e-mail addresses that receive alerts.
	EmailReceivers []string
}

// SystemComponents holds settings of a Shoot's system components.
type SystemComponents struct {
	// CoreDNS holds settings of CoreDNS.
	CoreDNS *CoreDNS
	// NodeLocalDNS holds settings of node-local DNS.
	NodeLocalDNS *NodeLocalDNS
}

// CoreDNS holds settings of CoreDNS.
type CoreDNS struct {
	// Autoscaling is how CoreDNS is scaled.
	Autoscaling *CoreDNSAutoscaling
	// Rewriting holds the rewriting of queries with wrong search-path suffixes.
	Rewriting *CoreDNSRewriting
}

// CoreDNSAutoscaling is how CoreDNS is scaled.
type CoreDNSAutoscaling struct {
	// Mode is horizontal (default) or cluster-proportional.
	Mode CoreDNSAutoscalingMode
}

// CoreDNSAutoscalingMode is how CoreDNS is scaled.
type CoreDNSAutoscalingMode string

const (
	// CoreDNSAutoscalingModeHorizontal is the CoreDNSAutoscalingMode "horizontal".
	CoreDNSAutoscalingModeHorizontal CoreDNSAutoscalingMode = "horizontal"
	// CoreDNSAutoscalingModeClusterProportional is the CoreDNSAutoscalingMode "cluster-proportional".
	CoreDNSAutoscalingModeClusterProportional CoreDNSAutoscalingMode = "cluster-proportional"
)

// CoreDNSRewriting rewrites queries with wrong search-path suffixes.
type CoreDNSRewriting struct {
	// CommonSuffixes are domain suffixes (at least one dot) whose search-path queries are rewritten.
	CommonSuffixes []string
}

// NodeLocalDNS holds settings of node-local DNS.
type NodeLocalDNS struct {
	// Enabled deploys node-local DNS.
	Enabled bool
	// ForceTCPToClusterDNS uses TCP to CoreDNS (default true).
	ForceTCPToClusterDNS *bool
	// ForceTCPToUpstreamDNS uses TCP to the upstream DNS (default true).
	ForceTCPToUpstreamDNS *bool
	// DisableForwardToUpstreamDNS sends all queries to CoreDNS instead of upstream (default false).
	DisableForwardToUpstreamDNS *bool
}

// Networking holds the network settings of a Shoot.
type Networking struct {
	// Type is the network plugin, e.g. calico; immutable.
	Type *string
	// ProviderConfig is the network plugin's configuration.
	ProviderConfig *runtime.RawExtension
	// Pods is the CIDR of the pod network; immutable.
	Pods *string
	// Nodes is the CIDR of the node network.
	Nodes *string
	// Services is the CIDR of the service network; immutable.
	Services *string
	// IPFamilies are the IP families of the cluster: [IPv4] (default), [IPv6], or both for dual stack.
	IPFamilies []IPFamily
}

// Maintenance holds the maintenance settings of a Shoot.
type Maintenance struct {
	// AutoUpdate holds what maintenance may update.
	AutoUpdate *MaintenanceAutoUpdate
	// TimeWindow is the daily maintenance window.
	TimeWindow *MaintenanceTimeWindow
	// ConfineSpecUpdateRollout defers the rollout of spec changes to the maintenance window.
	ConfineSpecUpdateRollout *bool
	// AutoRotation holds what maintenance rotates.
	AutoRotation *MaintenanceAutoRotation
}

// MaintenanceAutoUpdate holds what maintenance may update.
type MaintenanceAutoUpdate struct {
	// KubernetesVersion lets maintenance update the Kubernetes patch version (default true).
	KubernetesVersion bool
	// MachineImageVersion lets maintenance update machine image versions (default true).
	MachineImageVersion *bool
}

// MaintenanceAutoRotation holds what maintenance rotates.
type MaintenanceAutoRotation struct {
	// Credentials holds which credentials are rotated.
	Credentials *MaintenanceCredentialsAutoRotation
}

// MaintenanceCredentialsAutoRotation holds which credentials maintenance rotates.
type MaintenanceCredentialsAutoRotation struct {
	// Observability rotates the observability credentials.
	Observability *MaintenanceRotationConfig
	// SSHKeypair rotates the worker nodes' SSH key pair.
	SSHKeypair *MaintenanceRotationConfig
	// ETCDEncryptionKey rotates the etcd encryption key.
	ETCDEncryptionKey *MaintenanceRotationConfig
}

// MaintenanceRotationConfig is an automatic rotation.
type MaintenanceRotationConfig struct {
	// RotationPeriod is the time between a completed rotation and the next (between 30m and 90d;
	// default 7d).
	RotationPeriod *metav1.Duration
}

// MaintenanceTimeWindow is a daily time window in the form HHMMSS+ZZZZ.
type MaintenanceTimeWindow struct {
	// Begin is the start of the window, e.g. 220000+0100.
	Begin string
	// End is the end of the window, e.g. 230000+0100.
	End string
}
