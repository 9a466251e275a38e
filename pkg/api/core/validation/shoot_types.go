// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	"github.com/robfig/cron/v3"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// The enumerations of the Shoot's fields, as Gardener validates them.
var (
	supportedIPFamilies         = []core.IPFamily{core.IPFamilyIPv4, core.IPFamilyIPv6}
	supportedProxyModes         = []core.ProxyMode{core.ProxyModeIPTables, core.ProxyModeIPVS, core.ProxyModeNFTables}
	supportedSchedulingProfiles = []core.SchedulingProfile{core.SchedulingProfileBalanced, core.SchedulingProfileBinPacking}
	supportedExpanders          = []core.ExpanderMode{core.ClusterAutoscalerExpanderLeastWaste, core.ClusterAutoscalerExpanderMostPods,
		core.ClusterAutoscalerExpanderPriority, core.ClusterAutoscalerExpanderRandom, core.ClusterAutoscalerExpanderLeastNodes}
	supportedEncryptionProviders = []core.EncryptionProviderType{core.EncryptionProviderTypeAESCBC, core.EncryptionProviderTypeAESGCM, core.EncryptionProviderTypeSecretbox}
	supportedSwapBehaviors       = []core.SwapBehavior{core.NoSwap, core.LimitedSwap}
	supportedPullPolicies        = []core.ImagePullCredentialsVerificationPolicy{core.NeverVerify, core.NeverVerifyPreloadedImages,
		core.NeverVerifyAllowlistedImages, core.AlwaysVerify}
	supportedUpdateStrategies  = []core.MachineUpdateStrategy{core.AutoRollingUpdate, core.AutoInPlaceUpdate, core.ManualInPlaceUpdate}
	supportedCoreDNSModes      = []core.CoreDNSAutoscalingMode{core.CoreDNSAutoscalingModeHorizontal, core.CoreDNSAutoscalingModeClusterProportional}
	supportedFailureTolerances = []core.FailureToleranceType{core.FailureToleranceTypeNode, core.FailureToleranceTypeZone}
	supportedTrafficPolicies   = []corev1.ServiceExternalTrafficPolicy{corev1.ServiceExternalTrafficPolicyCluster, corev1.ServiceExternalTrafficPolicyLocal}
	supportedTLSMinVersions    = []string{"VersionTLS12", "VersionTLS13"}
)

// validateShootTypes checks the typed and enumerated fields of a Shoot that the GEP-78 checks
// (validateShoot) do not: every enumeration against Gardener's values (NotSupported), quantities,
// durations, cron schedules and time zones that must parse, keys that must be unique, and the
// worker pools' Kubernetes versions. Each error names its field.
func validateShootTypes(spec *core.ShootSpec, specPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if spec.Networking != nil {
		allErrs = append(allErrs, validateIPFamilies(spec.Networking.IPFamilies, specPath.Child("networking", "ipFamilies"))...)
	}
	k8sPath := specPath.Child("kubernetes")
	if kp := spec.Kubernetes.KubeProxy; kp != nil && kp.Mode != nil {
		allErrs = append(allErrs, notSupported(*kp.Mode, supportedProxyModes, k8sPath.Child("kubeProxy", "mode"))...)
	}
	if ks := spec.Kubernetes.KubeScheduler; ks != nil && ks.Profile != nil {
		allErrs = append(allErrs, notSupported(*ks.Profile, supportedSchedulingProfiles, k8sPath.Child("kubeScheduler", "profile"))...)
	}
	if ca := spec.Kubernetes.ClusterAutoscaler; ca != nil && ca.Expander != nil {
		// A comma-separated list of expanders is tried in order.
		for _, e := range strings.Split(string(*ca.Expander), ",") {
			allErrs = append(allErrs, notSupported(core.ExpanderMode(e), supportedExpanders, k8sPath.Child("clusterAutoscaler", "expander"))...)
		}
	}
	if api := spec.Kubernetes.KubeAPIServer; api != nil {
		apiPath := k8sPath.Child("kubeAPIServer")
		if api.EncryptionConfig != nil && api.EncryptionConfig.Provider.Type != nil {
			allErrs = append(allErrs, notSupported(*api.EncryptionConfig.Provider.Type, supportedEncryptionProviders, apiPath.Child("encryptionConfig", "provider", "type"))...)
		}
		if api.TLSMinVersion != nil {
			allErrs = append(allErrs, notSupported(*api.TLSMinVersion, supportedTLSMinVersions, apiPath.Child("tlsMinVersion"))...)
		}
		names := sets.New[string]()
		for i, plugin := range api.AdmissionPlugins {
			namePath := apiPath.Child("admissionPlugins").Index(i).Child("name")
			if plugin.Name == "" {
				allErrs = append(allErrs, field.Required(namePath, "must provide a name"))
			} else if names.Has(plugin.Name) {
				allErrs = append(allErrs, field.Duplicate(namePath, plugin.Name))
			}
			names.Insert(plugin.Name)
		}
	}
	if spec.Kubernetes.Kubelet != nil {
		allErrs = append(allErrs, validateKubelet(spec.Kubernetes.Kubelet, k8sPath.Child("kubelet"))...)
	}
	if sc := spec.SystemComponents; sc != nil && sc.CoreDNS != nil && sc.CoreDNS.Autoscaling != nil {
		allErrs = append(allErrs, notSupported(sc.CoreDNS.Autoscaling.Mode, supportedCoreDNSModes, specPath.Child("systemComponents", "coreDNS", "autoscaling", "mode"))...)
	}
	if cp := spec.ControlPlane; cp != nil && cp.HighAvailability != nil {
		allErrs = append(allErrs, notSupported(cp.HighAvailability.FailureTolerance.Type, supportedFailureTolerances,
			specPath.Child("controlPlane", "highAvailability", "failureTolerance", "type"))...)
	}
	if a := spec.Addons; a != nil && a.NginxIngress != nil && a.NginxIngress.ExternalTrafficPolicy != nil {
		allErrs = append(allErrs, notSupported(*a.NginxIngress.ExternalTrafficPolicy, supportedTrafficPolicies, specPath.Child("addons", "nginxIngress", "externalTrafficPolicy"))...)
	}
	if spec.DNS != nil && spec.DNS.Domain != nil {
		for _, msg := range validation.IsDNS1123Subdomain(*spec.DNS.Domain) {
			allErrs = append(allErrs, field.Invalid(specPath.Child("dns", "domain"), QuotedValue(*spec.DNS.Domain), msg))
		}
	}
	if spec.Hibernation != nil {
		allErrs = append(allErrs, validateHibernationSchedules(spec.Hibernation.Schedules, specPath.Child("hibernation", "schedules"))...)
	}
	allErrs = append(allErrs, validateTolerations(spec.Tolerations, specPath.Child("tolerations"))...)
	allErrs = append(allErrs, validateResourceReferences(spec.Resources, specPath.Child("resources"))...)
	for i, worker := range spec.Provider.Workers {
		allErrs = append(allErrs, validateWorkerTypes(worker, specPath.Child("provider", "workers").Index(i))...)
	}
	return allErrs
}

func validateIPFamilies(families []core.IPFamily, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	seen := sets.New[core.IPFamily]()
	for i, family := range families {
		if seen.Has(family) {
			allErrs = append(allErrs, field.Duplicate(fldPath.Index(i), family))
		}
		seen.Insert(family)
		allErrs = append(allErrs, notSupported(family, supportedIPFamilies, fldPath.Index(i))...)
	}
	return allErrs
}

func validateKubelet(kubelet *core.KubeletConfig, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if kubelet.MemorySwap != nil && kubelet.MemorySwap.SwapBehavior != nil {
		allErrs = append(allErrs, notSupported(*kubelet.MemorySwap.SwapBehavior, supportedSwapBehaviors, fldPath.Child("memorySwap", "swapBehavior"))...)
	}
	if kubelet.ImagePullCredentialsVerificationPolicy != nil {
		allErrs = append(allErrs, notSupported(*kubelet.ImagePullCredentialsVerificationPolicy, supportedPullPolicies, fldPath.Child("imagePullCredentialsVerificationPolicy"))...)
	}
	for _, e := range []struct {
		name      string
		threshold *core.KubeletConfigEviction
	}{{"evictionHard", kubelet.EvictionHard}, {"evictionSoft", kubelet.EvictionSoft}} {
		if e.threshold == nil {
			continue
		}
		path := fldPath.Child(e.name)
		for _, v := range []struct {
			name  string
			value *string
		}{{"memoryAvailable", e.threshold.MemoryAvailable}, {"imageFSAvailable", e.threshold.ImageFSAvailable},
			{"imageFSInodesFree", e.threshold.ImageFSInodesFree}, {"nodeFSAvailable", e.threshold.NodeFSAvailable},
			{"nodeFSInodesFree", e.threshold.NodeFSInodesFree}} {
			if v.value != nil {
				allErrs = append(allErrs, validateQuantityOrPercentage(*v.value, path.Child(v.name))...)
			}
		}
	}
	if h, l := kubelet.ImageGCHighThresholdPercent, kubelet.ImageGCLowThresholdPercent; h != nil && l != nil && *l >= *h {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("imageGCLowThresholdPercent"), *l, "imageGCLowThresholdPercent must be less than imageGCHighThresholdPercent"))
	}
	for _, p := range []struct {
		name  string
		value *int32
	}{{"imageGCHighThresholdPercent", kubelet.ImageGCHighThresholdPercent}, {"imageGCLowThresholdPercent", kubelet.ImageGCLowThresholdPercent}} {
		if p.value != nil && (*p.value < 0 || *p.value > 100) {
			allErrs = append(allErrs, field.Invalid(fldPath.Child(p.name), *p.value, "value must be in [0,100]"))
		}
	}
	return allErrs
}

// validateQuantityOrPercentage checks an eviction threshold: a quantity (1Gi) or a percentage (10%).
func validateQuantityOrPercentage(value string, fldPath *field.Path) field.ErrorList {
	if number, ok := strings.CutSuffix(value, "%"); ok {
		if q, err := resource.ParseQuantity(number); err != nil || q.Sign() < 0 || q.Cmp(resource.MustParse("100")) > 0 {
			return field.ErrorList{field.Invalid(fldPath, value, "must be a percentage in [0%,100%]")}
		}
		return nil
	}
	if q, err := resource.ParseQuantity(value); err != nil || q.Sign() < 0 {
		return field.ErrorList{field.Invalid(fldPath, QuotedValue(value), "must be a non-negative quantity (e.g. 100Mi) or a percentage (e.g. 10%)")}
	}
	return nil
}

func validateHibernationSchedules(schedules []core.HibernationSchedule, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	for i, schedule := range schedules {
		idxPath := fldPath.Index(i)
		if schedule.Start == nil && schedule.End == nil {
			allErrs = append(allErrs, field.Required(idxPath.Child("start/end"), "either start or end has to be provided"))
		}
		for _, c := range []struct {
			name string
			spec *string
		}{{"start", schedule.Start}, {"end", schedule.End}} {
			if c.spec == nil {
				continue
			}
			if _, err := cron.ParseStandard(*c.spec); err != nil {
				allErrs = append(allErrs, field.Invalid(idxPath.Child(c.name), QuotedValue(*c.spec), fmt.Sprintf("not a valid cron spec: %v", err)))
			}
		}
		if schedule.Location != nil {
			if _, err := time.LoadLocation(*schedule.Location); err != nil {
				allErrs = append(allErrs, field.Invalid(idxPath.Child("location"), QuotedValue(*schedule.Location), fmt.Sprintf("not a valid location: %v", err)))
			}
		}
	}
	return allErrs
}

func validateTolerations(tolerations []core.Toleration, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	seen := sets.New[string]()
	for i, t := range tolerations {
		keyPath := fldPath.Index(i).Child("key")
		id := t.Key
		if t.Value != nil {
			id += "=" + *t.Value
		}
		switch {
		case t.Key == "":
			allErrs = append(allErrs, field.Required(keyPath, "cannot be empty"))
		case seen.Has(id):
			allErrs = append(allErrs, field.Duplicate(fldPath.Index(i), id))
		}
		seen.Insert(id)
	}
	return allErrs
}

func validateResourceReferences(resources []core.NamedResourceReference, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	names := sets.New[string]()
	for i, r := range resources {
		idxPath := fldPath.Index(i)
		switch {
		case r.Name == "":
			allErrs = append(allErrs, field.Required(idxPath.Child("name"), "field must not be empty"))
		case names.Has(r.Name):
			allErrs = append(allErrs, field.Duplicate(idxPath.Child("name"), r.Name))
		}
		names.Insert(r.Name)
		if r.ResourceRef.Kind == "" {
			allErrs = append(allErrs, field.Required(idxPath.Child("resourceRef", "kind"), "field must not be empty"))
		}
		if r.ResourceRef.Name == "" {
			allErrs = append(allErrs, field.Required(idxPath.Child("resourceRef", "name"), "field must not be empty"))
		}
	}
	return allErrs
}

func validateWorkerTypes(worker core.Worker, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if worker.UpdateStrategy != nil {
		allErrs = append(allErrs, notSupported(*worker.UpdateStrategy, supportedUpdateStrategies, fldPath.Child("updateStrategy"))...)
	}
	if worker.Kubernetes != nil {
		if worker.Kubernetes.Version != nil {
			if _, err := semver.NewVersion(*worker.Kubernetes.Version); err != nil {
				allErrs = append(allErrs, field.Invalid(fldPath.Child("kubernetes", "version"), QuotedValue(*worker.Kubernetes.Version), "must be a semantic version"))
			}
		}
		if worker.Kubernetes.Kubelet != nil {
			allErrs = append(allErrs, validateKubelet(worker.Kubernetes.Kubelet, fldPath.Child("kubernetes", "kubelet"))...)
		}
	}
	if worker.Volume != nil {
		allErrs = append(allErrs, validateVolumeSize(worker.Volume.VolumeSize, fldPath.Child("volume", "size"))...)
	}
	names := sets.New[string]()
	for i, v := range worker.DataVolumes {
		idxPath := fldPath.Child("dataVolumes").Index(i)
		switch {
		case v.Name == "":
			allErrs = append(allErrs, field.Required(idxPath.Child("name"), "must provide a name"))
		case names.Has(v.Name):
			allErrs = append(allErrs, field.Duplicate(idxPath.Child("name"), v.Name))
		}
		names.Insert(v.Name)
		allErrs = append(allErrs, validateVolumeSize(v.VolumeSize, idxPath.Child("size"))...)
	}
	if name := worker.KubeletDataVolumeName; name != nil && !names.Has(*name) {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("kubeletDataVolumeName"), *name, fmt.Sprintf("KubeletDataVolumeName refers to unrecognized data volume %q", *name)))
	}
	for key, value := range worker.Labels {
		for _, msg := range validation.IsQualifiedName(key) {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("labels").Key(key), key, msg))
		}
		for _, msg := range validation.IsValidLabelValue(value) {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("labels").Key(key), value, msg))
		}
	}
	return allErrs
}

func validateVolumeSize(size string, fldPath *field.Path) field.ErrorList {
	if size == "" {
		return field.ErrorList{field.Required(fldPath, "must specify the volume size")}
	}
	if q, err := resource.ParseQuantity(size); err != nil || q.Sign() <= 0 {
		return field.ErrorList{field.Invalid(fldPath, QuotedValue(size), "must be a positive quantity, e.g. 50Gi")}
	}
	return nil
}

// notSupported returns NotSupported on fldPath unless value is one of supported.
func notSupported[T ~string](value T, supported []T, fldPath *field.Path) field.ErrorList {
	if slices.Contains(supported, value) {
		return nil
	}
	return field.ErrorList{field.NotSupported(fldPath, value, supported)}
}
