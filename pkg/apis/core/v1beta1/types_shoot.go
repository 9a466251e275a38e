// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true

// Shoot is a Kubernetes cluster whose control plane Gardener runs on a seed.
type Shoot struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
	// Spec is the desired state of the cluster; immutable once a deletion timestamp is set.
	// +optional
	Spec ShootSpec `json:"spec,omitempty" protobuf:"bytes,2,opt,name=spec"`
	// Status is the observed state of the cluster.
	// +optional
	Status ShootStatus `json:"status,omitempty" protobuf:"bytes,3,opt,name=status"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ShootList is a list of Shoots.
type ShootList struct {
	metav1.TypeMeta `json:",inline"`
	// Standard list metadata.
	// +optional
	metav1.ListMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
	// Items are the Shoots.
	Items []Shoot `json:"items" protobuf:"bytes,2,rep,name=items"`
}

// ShootSpec is the desired state of a Shoot.
type ShootSpec struct {
	// Addons switches the Gardener-managed addons (deprecated in Gardener; not for Kubernetes >=
	// 1.30).
	// +optional
	Addons *Addons `json:"addons,omitempty" protobuf:"bytes,1,opt,name=addons"`
	// CloudProfileName names the CloudProfile; deprecated in favour of CloudProfile.
	// +optional
	CloudProfileName *string `json:"cloudProfileName,omitempty" protobuf:"bytes,2,opt,name=cloudProfileName"`
	// DNS holds the cluster domain and the DNS providers.
	// +optional
	DNS *DNS `json:"dns,omitempty" protobuf:"bytes,3,opt,name=dns"`
	// Extensions configures extensions, including the GEP-78 component pins, keyed by type.
	// +patchMergeKey=type
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=type
	// +optional
	Extensions []Extension `json:"extensions,omitempty" patchMergeKey:"type" patchStrategy:"merge" protobuf:"bytes,4,rep,name=extensions"`
	// Hibernation holds whether the cluster is hibernated and the schedules that switch it.
	// +optional
	Hibernation *Hibernation `json:"hibernation,omitempty" protobuf:"bytes,5,opt,name=hibernation"`
	// Kubernetes holds the Kubernetes version and the settings of the control-plane and node
	// components.
	Kubernetes Kubernetes `json:"kubernetes" protobuf:"bytes,6,opt,name=kubernetes"`
	// Networking holds the network plugin, the CIDRs and the IP families.
	// +optional
	Networking *Networking `json:"networking,omitempty" protobuf:"bytes,7,opt,name=networking"`
	// Maintenance holds the maintenance time window and what maintenance may change.
	// +optional
	Maintenance *Maintenance `json:"maintenance,omitempty" protobuf:"bytes,8,opt,name=maintenance"`
	// Monitoring holds the alerting settings.
	// +optional
	Monitoring *Monitoring `json:"monitoring,omitempty" protobuf:"bytes,9,opt,name=monitoring"`
	// Provider holds the provider type, its configurations and the worker pools.
	Provider Provider `json:"provider" protobuf:"bytes,10,opt,name=provider"`
	// Purpose is evaluation (default), testing, development, production or infrastructure.
	// +optional
	Purpose *ShootPurpose `json:"purpose,omitempty" protobuf:"bytes,11,opt,name=purpose,casttype=ShootPurpose"`
	// Region is the provider region; immutable.
	Region string `json:"region" protobuf:"bytes,12,opt,name=region"`
	// SecretBindingName names the SecretBinding of the infrastructure credentials; deprecated in
	// favour of CredentialsBindingName.
	// +optional
	SecretBindingName *string `json:"secretBindingName,omitempty" protobuf:"bytes,13,opt,name=secretBindingName"`
	// SeedName is the seed that runs the control plane.
	// +optional
	SeedName *string `json:"seedName,omitempty" protobuf:"bytes,14,opt,name=seedName"`
	// SeedSelector must match the labels (and provider types) of the seed chosen by the scheduler.
	// +optional
	SeedSelector *SeedSelector `json:"seedSelector,omitempty" protobuf:"bytes,15,opt,name=seedSelector"`
	// Resources are named references that extension configurations may refer to by name.
	// +optional
	Resources []NamedResourceReference `json:"resources,omitempty" protobuf:"bytes,16,rep,name=resources"`
	// Tolerations are the seed taints the Shoot tolerates, keyed by key.
	// +patchMergeKey=key
	// +patchStrategy=merge
	// +optional
	Tolerations []Toleration `json:"tolerations,omitempty" patchMergeKey:"key" patchStrategy:"merge" protobuf:"bytes,17,rep,name=tolerations"`
	// ExposureClassName names the ExposureClass of the API server endpoint; immutable.
	// +optional
	ExposureClassName *string `json:"exposureClassName,omitempty" protobuf:"bytes,18,opt,name=exposureClassName"`
	// SystemComponents holds the settings of system components (CoreDNS, node-local DNS).
	// +optional
	SystemComponents *SystemComponents `json:"systemComponents,omitempty" protobuf:"bytes,19,opt,name=systemComponents"`
	// ControlPlane holds the high-availability and zone settings of the control plane.
	// +optional
	ControlPlane *ControlPlane `json:"controlPlane,omitempty" protobuf:"bytes,20,opt,name=controlPlane"`
	// SchedulerName is the scheduler that places the Shoot; empty means the default scheduler.
	// +optional
	SchedulerName *string `json:"schedulerName,omitempty" protobuf:"bytes,21,opt,name=schedulerName"`
	// CloudProfile references the CloudProfile or NamespacedCloudProfile.
	// +optional
	CloudProfile *CloudProfileReference `json:"cloudProfile,omitempty" protobuf:"bytes,22,opt,name=cloudProfile"`
	// CredentialsBindingName names the CredentialsBinding of the infrastructure credentials.
	// +optional
	CredentialsBindingName *string `json:"credentialsBindingName,omitempty" protobuf:"bytes,23,opt,name=credentialsBindingName"`
	// AccessRestrictions are the access restrictions of the cluster, each offered by its region.
	// +optional
	AccessRestrictions []AccessRestrictionWithOptions `json:"accessRestrictions,omitempty" protobuf:"bytes,24,rep,name=accessRestrictions"`
}

// CloudProfileReference references a CloudProfile or NamespacedCloudProfile.
type CloudProfileReference struct {
	// Kind is CloudProfile (default) or NamespacedCloudProfile.
	Kind string `json:"kind" protobuf:"bytes,1,req,name=kind"`
	// Name is the profile name.
	Name string `json:"name" protobuf:"bytes,2,req,name=name"`
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
	// +optional
	KubernetesDashboard *KubernetesDashboard `json:"kubernetesDashboard,omitempty" protobuf:"bytes,1,opt,name=kubernetesDashboard"`
	// NginxIngress is the nginx-ingress addon.
	// +optional
	NginxIngress *NginxIngress `json:"nginxIngress,omitempty" protobuf:"bytes,2,opt,name=nginxIngress"`
}

// Addon is the switch every addon has.
type Addon struct {
	// Enabled deploys the addon.
	Enabled bool `json:"enabled" protobuf:"varint,1,opt,name=enabled"`
}

// KubernetesDashboard is the kubernetes-dashboard addon.
type KubernetesDashboard struct {
	Addon `json:",inline" protobuf:"bytes,2,opt,name=addon"`
	// AuthenticationMode is the dashboard's authentication mode (token).
	// +optional
	AuthenticationMode *string `json:"authenticationMode,omitempty" protobuf:"bytes,1,opt,name=authenticationMode"`
}

// NginxIngress is the nginx-ingress addon.
type NginxIngress struct {
	Addon `json:",inline" protobuf:"bytes,1,opt,name=addon"`
	// LoadBalancerSourceRanges are the source CIDRs allowed to reach the load balancer.
	// +optional
	LoadBalancerSourceRanges []string `json:"loadBalancerSourceRanges,omitempty" protobuf:"bytes,2,rep,name=loadBalancerSourceRanges"`
	// Config is the configuration of the nginx-ingress controller, key by key.
	// +optional
	Config map[string]string `json:"config,omitempty" protobuf:"bytes,3,rep,name=config"`
	// ExternalTrafficPolicy is spec.externalTrafficPolicy of the load balancer Service (default
	// Cluster).
	// +optional
	ExternalTrafficPolicy *corev1.ServiceExternalTrafficPolicy `json:"externalTrafficPolicy,omitempty" protobuf:"bytes,4,opt,name=externalTrafficPolicy,casttype=k8s.io/api/core/v1.ServiceExternalTrafficPolicy"`
}

// ControlPlane holds settings of the control plane.
type ControlPlane struct {
	// HighAvailability is the failure tolerance of the control plane (node or zone).
	// +optional
	HighAvailability *HighAvailability `json:"highAvailability,omitempty" protobuf:"bytes,1,name=highAvailability"`
	// Zones are the zones the control plane runs in (zone failure tolerance needs 3).
	// +optional
	Zones []string `json:"zones,omitempty" protobuf:"bytes,2,rep,name=zones"`
}

// DNS holds the cluster domain and the DNS providers.
type DNS struct {
	// Domain is the external domain of the cluster (api.<domain> in kubeconfigs); immutable once set.
	// +optional
	Domain *string `json:"domain,omitempty" protobuf:"bytes,1,opt,name=domain"`
	// Providers are the DNS providers of the cluster; deprecated in Gardener.
	// +optional
	Providers []DNSProvider `json:"providers,omitempty" protobuf:"bytes,2,rep,name=providers"`
}

// DNSProvider is a DNS provider of a Shoot.
type DNSProvider struct {
	// Domains selects the domains of the provider; deprecated in Gardener.
	// +optional
	Domains *DNSIncludeExclude `json:"domains,omitempty" protobuf:"bytes,1,opt,name=domains"`
	// Primary marks the provider for the cluster's own domain; deprecated in Gardener.
	// +optional
	Primary *bool `json:"primary,omitempty" protobuf:"varint,2,opt,name=primary"`
	// SecretName names the secret with the provider's credentials.
	// +optional
	SecretName *string `json:"secretName,omitempty" protobuf:"bytes,3,opt,name=secretName"`
	// Type is the DNS provider type, e.g. aws-route53.
	// +optional
	Type *string `json:"type,omitempty" protobuf:"bytes,4,opt,name=type"`
	// Zones selects the hosted zones of the provider; deprecated in Gardener.
	// +optional
	Zones *DNSIncludeExclude `json:"zones,omitempty" protobuf:"bytes,5,opt,name=zones"`
	// CredentialsRef references the credentials (Secret or WorkloadIdentity) of the provider.
	// +optional
	CredentialsRef *autoscalingv1.CrossVersionObjectReference `json:"credentialsRef,omitempty" protobuf:"bytes,6,opt,name=credentialsRef"`
}

// DNSIncludeExclude selects domains or zones.
type DNSIncludeExclude struct {
	// Include are the selected entries.
	// +optional
	Include []string `json:"include,omitempty" protobuf:"bytes,1,rep,name=include"`
	// Exclude are the excluded entries.
	// +optional
	Exclude []string `json:"exclude,omitempty" protobuf:"bytes,2,rep,name=exclude"`
}

// Hibernation holds whether a Shoot is hibernated and its schedules.
type Hibernation struct {
	// Enabled hibernates the cluster (scales it to zero) when true and wakes it when false.
	// +optional
	Enabled *bool `json:"enabled,omitempty" protobuf:"varint,1,opt,name=enabled"`
	// Schedules hibernate and wake the cluster on cron schedules.
	// +optional
	Schedules []HibernationSchedule `json:"schedules,omitempty" protobuf:"bytes,2,rep,name=schedules"`
}

// HibernationSchedule hibernates a Shoot at Start and wakes it at End.
type HibernationSchedule struct {
	// Start is the cron spec of hibernation.
	// +optional
	Start *string `json:"start,omitempty" protobuf:"bytes,1,opt,name=start"`
	// End is the cron spec of waking up.
	// +optional
	End *string `json:"end,omitempty" protobuf:"bytes,2,opt,name=end"`
	// Location is the time zone of Start and End, e.g. Europe/Berlin (default UTC).
	// +optional
	Location *string `json:"location,omitempty" protobuf:"bytes,3,opt,name=location"`
}

// Monitoring holds the monitoring settings of a Shoot.
type Monitoring struct {
	// Alerting holds who receives alerts.
	// +optional
	Alerting *Alerting `json:"alerting,omitempty" protobuf:"bytes,1,opt,name=alerting"`
}

// Alerting holds who receives alerts.
type Alerting struct {
	// EmailReceivers are the e-mail addresses that receive alerts.
	// +optional
	EmailReceivers []string `json:"emailReceivers,omitempty" protobuf:"bytes,1,rep,name=emailReceivers"`
}

// SystemComponents holds settings of a Shoot's system components.
type SystemComponents struct {
	// CoreDNS holds settings of CoreDNS.
	// +optional
	CoreDNS *CoreDNS `json:"coreDNS,omitempty" protobuf:"bytes,1,opt,name=coreDNS"`
	// NodeLocalDNS holds settings of node-local DNS.
	// +optional
	NodeLocalDNS *NodeLocalDNS `json:"nodeLocalDNS,omitempty" protobuf:"bytes,2,opt,name=nodeLocalDNS"`
}

// CoreDNS holds settings of CoreDNS.
type CoreDNS struct {
	// Autoscaling is how CoreDNS is scaled.
	// +optional
	Autoscaling *CoreDNSAutoscaling `json:"autoscaling,omitempty" protobuf:"bytes,1,opt,name=autoscaling"`
	// Rewriting holds the rewriting of queries with wrong search-path suffixes.
	// +optional
	Rewriting *CoreDNSRewriting `json:"rewriting,omitempty" protobuf:"bytes,2,opt,name=rewriting"`
}

// CoreDNSAutoscaling is how CoreDNS is scaled.
type CoreDNSAutoscaling struct {
	// Mode is horizontal (default) or cluster-proportional.
	Mode CoreDNSAutoscalingMode `json:"mode" protobuf:"bytes,1,opt,name=mode"`
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
	// +optional
	CommonSuffixes []string `json:"commonSuffixes,omitempty" protobuf:"bytes,1,rep,name=commonSuffixes"`
}

// NodeLocalDNS holds settings of node-local DNS.
type NodeLocalDNS struct {
	// Enabled deploys node-local DNS.
	Enabled bool `json:"enabled" protobuf:"varint,1,opt,name=enabled"`
	// ForceTCPToClusterDNS uses TCP to CoreDNS (default true).
	// +optional
	ForceTCPToClusterDNS *bool `json:"forceTCPToClusterDNS,omitempty" protobuf:"varint,2,opt,name=forceTCPToClusterDNS"`
	// ForceTCPToUpstreamDNS uses TCP to the upstream DNS (default true).
	// +optional
	ForceTCPToUpstreamDNS *bool `json:"forceTCPToUpstreamDNS,omitempty" protobuf:"varint,3,opt,name=forceTCPToUpstreamDNS"`
	// DisableForwardToUpstreamDNS sends all queries to CoreDNS instead of upstream (default false).
	// +optional
	DisableForwardToUpstreamDNS *bool `json:"disableForwardToUpstreamDNS,omitempty" protobuf:"varint,4,opt,name=disableForwardToUpstreamDNS"`
}

// Networking holds the network settings of a Shoot.
type Networking struct {
	// Type is the network plugin, e.g. calico; immutable.
	// +optional
	Type *string `json:"type,omitempty" protobuf:"bytes,1,opt,name=type"`
	// ProviderConfig is the network plugin's configuration.
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty" protobuf:"bytes,2,opt,name=providerConfig"`
	// Pods is the CIDR of the pod network; immutable.
	// +optional
	Pods *string `json:"pods,omitempty" protobuf:"bytes,3,opt,name=pods"`
	// Nodes is the CIDR of the node network.
	// +optional
	Nodes *string `json:"nodes,omitempty" protobuf:"bytes,4,opt,name=nodes"`
	// Services is the CIDR of the service network; immutable.
	// +optional
	Services *string `json:"services,omitempty" protobuf:"bytes,5,opt,name=services"`
	// IPFamilies are the IP families of the cluster: [IPv4] (default), [IPv6], or both for dual stack.
	// +optional
	IPFamilies []IPFamily `json:"ipFamilies,omitempty" protobuf:"bytes,6,rep,name=ipFamilies,casttype=IPFamily"`
}

// Maintenance holds the maintenance settings of a Shoot.
type Maintenance struct {
	// AutoUpdate holds what maintenance may update.
	// +optional
	AutoUpdate *MaintenanceAutoUpdate `json:"autoUpdate,omitempty" protobuf:"bytes,1,opt,name=autoUpdate"`
	// TimeWindow is the daily maintenance window.
	// +optional
	TimeWindow *MaintenanceTimeWindow `json:"timeWindow,omitempty" protobuf:"bytes,2,opt,name=timeWindow"`
	// ConfineSpecUpdateRollout defers the rollout of spec changes to the maintenance window.
	// +optional
	ConfineSpecUpdateRollout *bool `json:"confineSpecUpdateRollout,omitempty" protobuf:"varint,3,opt,name=confineSpecUpdateRollout"`
	// AutoRotation holds what maintenance rotates.
	// +optional
	AutoRotation *MaintenanceAutoRotation `json:"autoRotation,omitempty" protobuf:"bytes,4,opt,name=autoRotation"`
}

// MaintenanceAutoUpdate holds what maintenance may update.
type MaintenanceAutoUpdate struct {
	// KubernetesVersion lets maintenance update the Kubernetes patch version (default true).
	KubernetesVersion bool `json:"kubernetesVersion" protobuf:"varint,1,opt,name=kubernetesVersion"`
	// MachineImageVersion lets maintenance update machine image versions (default true).
	// +optional
	MachineImageVersion *bool `json:"machineImageVersion,omitempty" protobuf:"varint,2,opt,name=machineImageVersion"`
}

// MaintenanceAutoRotation holds what maintenance rotates.
type MaintenanceAutoRotation struct {
	// Credentials holds which credentials are rotated.
	// +optional
	Credentials *MaintenanceCredentialsAutoRotation `json:"credentials,omitempty" protobuf:"bytes,1,opt,name=credentials"`
}

// MaintenanceCredentialsAutoRotation holds which credentials maintenance rotates.
type MaintenanceCredentialsAutoRotation struct {
	// Observability rotates the observability credentials.
	// +optional
	Observability *MaintenanceRotationConfig `json:"observability,omitempty" protobuf:"bytes,1,opt,name=observability"`
	// SSHKeypair rotates the worker nodes' SSH key pair.
	// +optional
	SSHKeypair *MaintenanceRotationConfig `json:"sshKeypair,omitempty" protobuf:"bytes,2,opt,name=sshKeypair"`
	// ETCDEncryptionKey rotates the etcd encryption key.
	// +optional
	ETCDEncryptionKey *MaintenanceRotationConfig `json:"etcdEncryptionKey,omitempty" protobuf:"bytes,3,opt,name=etcdEncryptionKey"`
}

// MaintenanceRotationConfig is an automatic rotation.
type MaintenanceRotationConfig struct {
	// RotationPeriod is the time between a completed rotation and the next (between 30m and 90d;
	// default 7d).
	// +optional
	RotationPeriod *metav1.Duration `json:"rotationPeriod,omitempty" protobuf:"bytes,1,opt,name=rotationPeriod"`
}

// MaintenanceTimeWindow is a daily time window in the form HHMMSS+ZZZZ.
type MaintenanceTimeWindow struct {
	// Begin is the start of the window, e.g. 220000+0100.
	// +kubebuilder:validation:Required
	Begin string `json:"begin" protobuf:"bytes,1,opt,name=begin"`
	// End is the end of the window, e.g. 230000+0100.
	// +kubebuilder:validation:Required
	End string `json:"end" protobuf:"bytes,2,opt,name=end"`
}

// Reasons of the Shoot events of shoot maintenance.
const (
	// ShootMaintenanceFailed is the reason of the event when the maintained Shoot could not be
	// written.
	ShootMaintenanceFailed = "MaintenanceFailed"
	// ShootEventImageVersionMaintenance is the reason of the events about worker pool machine
	// image versions.
	ShootEventImageVersionMaintenance = "MachineImageVersionMaintenance"
	// ShootEventK8sVersionMaintenance is the reason of the events about Kubernetes versions.
	ShootEventK8sVersionMaintenance = "KubernetesVersionMaintenance"
)
