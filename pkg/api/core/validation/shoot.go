// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	"github.com/gep-78/gardener/pkg/apis/utils/timewindow"
	"github.com/gep-78/gardener/pkg/features"
)

const featureGateMessage = "requires the " + string(features.ExtensionComponentVersions) + " feature gate"

// ValidateShoot validates a new Shoot (the subset this project models):
//   - metadata: namespaced, name a DNS-1123 label;
//   - a cloud profile is referenced (ValidateCloudProfileReference);
//   - spec.region and spec.provider.type are required; spec.kubernetes.version is required and
//     MAJOR.MINOR.PATCH (validateKubernetesVersion); spec.purpose is one of Gardener's purposes
//     (validatePurpose); the networking CIDRs are valid and disjoint (validateNetworking);
//   - worker pools as validateWorkers describes; no pools (a workerless Shoot) is valid;
//   - every modelled string has a length limit (utils.go: MaxNameLength, MaxVersionLength, ...;
//     Gardener's own where it has one); an over-long value is reported as TooLong, which quotes
//     nothing, and no other check quotes it;
//   - spec.extensions[].type is required and unique across spec.extensions;
//   - spec.extensions[].components[].name is required and unique within the extension, a pinned
//     version is not empty, and autoUpdate.updateStrategy (extension and component level) is
//     patch|minor|major (GEP-78 "How a cluster owner pins a version"); autoUpdate.classifications
//     as validateExtensionAutoUpdate describes; spec.extensions[].channel and
//     spec.extensions[].components[].channel as validateReleaseChannel describes;
//   - spec.maintenance.timeWindow, if set, is valid (see validateMaintenanceTimeWindow);
//   - with the ExtensionComponentVersions feature gate off, spec.extensions[].autoUpdate,
//     spec.extensions[].channel and spec.extensions[].components are forbidden (GEP-78 "Rollout
//     and feature gating").
func ValidateShoot(shoot *core.Shoot) field.ErrorList {
	allErrs := append(validateShoot(shoot, nil), ValidateProviderConfigs(&shoot.Spec, nil, field.NewPath("spec"))...)
	return append(allErrs, validateShootExtensionComponents(shoot, nil)...)
}

// ValidateShootUpdate validates an update of a Shoot as Gardener does: the object metadata update
// rules, the spec update rules (ValidateShootSpecUpdate), the rules that depend on the Shoot's
// state (encryption configuration, high availability, hibernation, force deletion, node-local
// DNS, pending in-place updates; shoot_update_operations.go) and everything ValidateShoot checks,
// except that
//   - with the ExtensionComponentVersions feature gate off, an extension entry may keep its
//     spec.extensions[].autoUpdate, channel and components exactly as the old Shoot's
//     entry of the same type has them (semantically equal), or drop them, so that existing
//     objects keep working; new or changed values are forbidden (Gardener's "forbidden on new
//     use" pattern for gated fields). The ShootExtensionProfile admission plugin does not run
//     with the gate off, so accepting a change here would store pins nobody checked;
//   - spec.maintenance.timeWindow, spec.kubernetes.version and spec.purpose are validated only if
//     they changed, so that Shoots stored before the checks existed stay updatable.
func ValidateShootUpdate(newShoot, oldShoot *core.Shoot) field.ErrorList {
	metaPath, specPath := field.NewPath("metadata"), field.NewPath("spec")
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newShoot.ObjectMeta, &oldShoot.ObjectMeta, metaPath)
	allErrs = append(allErrs, ValidateShootObjectMetaUpdate(newShoot.ObjectMeta, oldShoot.ObjectMeta, metaPath)...)
	// The update rules report values whose length the checks of validateShoot bound.
	updateErrs := ValidateShootSpecUpdate(&newShoot.Spec, &oldShoot.Spec, newShoot.ObjectMeta, specPath)
	updateErrs = append(updateErrs, validateShootEncryptionConfigUpdate(newShoot, oldShoot)...)
	allErrs = append(allErrs, quoteBadValues(updateErrs)...)
	allErrs = append(allErrs, validateShoot(newShoot, oldShoot)...)
	updateErrs = ValidateShootHAConfigUpdate(newShoot, oldShoot)
	updateErrs = append(updateErrs, validateHibernationUpdate(newShoot, oldShoot)...)
	updateErrs = append(updateErrs, ValidateForceDeletion(newShoot, oldShoot)...)
	updateErrs = append(updateErrs, validateNodeLocalDNSUpdate(&newShoot.Spec, &oldShoot.Spec, specPath)...)
	updateErrs = append(updateErrs, ValidateInPlaceUpdates(newShoot, oldShoot)...)
	allErrs = append(allErrs, quoteBadValues(updateErrs)...)
	allErrs = append(allErrs, ValidateProviderConfigs(&newShoot.Spec, &oldShoot.Spec, specPath)...)
	return append(allErrs, validateShootExtensionComponents(newShoot, oldShoot)...)
}

// ValidateShootObjectMetaUpdate holds the Shoot's own metadata update rules; like Gardener's, it
// has none.
func ValidateShootObjectMetaUpdate(_, _ metav1.ObjectMeta, _ *field.Path) field.ErrorList {
	return field.ErrorList{}
}

// ValidateShootObjectStatusUpdate validates a write to the Shoot status subresource: the object
// metadata update rules and ValidateShootStatusUpdate.
func ValidateShootObjectStatusUpdate(newShoot, oldShoot *core.Shoot) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newShoot.ObjectMeta, &oldShoot.ObjectMeta, field.NewPath("metadata"))
	return append(allErrs, quoteBadValues(ValidateShootStatusUpdate(newShoot.Status, oldShoot.Status))...)
}

func validateShoot(shoot *core.Shoot, oldShoot *core.Shoot) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMeta(&shoot.ObjectMeta, true, apivalidation.NameIsDNSLabel, field.NewPath("metadata"))

	specPath := field.NewPath("spec")
	spec, oldSpec := &shoot.Spec, (*core.ShootSpec)(nil)
	if oldShoot != nil {
		oldSpec = &oldShoot.Spec
	}

	allErrs = append(allErrs, ValidateCloudProfileReference(spec.CloudProfile, spec.CloudProfileName, spec.Kubernetes.Version, specPath)...)
	allErrs = append(allErrs, validateCloudProfileReferenceLengths(spec.CloudProfile, spec.CloudProfileName, specPath)...)
	allErrs = append(allErrs, validateOptionalMaxLength(spec.CredentialsBindingName, MaxNameLength, specPath.Child("credentialsBindingName"))...)
	allErrs = append(allErrs, validateOptionalMaxLength(spec.SecretBindingName, MaxNameLength, specPath.Child("secretBindingName"))...)
	allErrs = append(allErrs, validateOptionalMaxLength(spec.SeedName, MaxNameLength, specPath.Child("seedName"))...)

	if regionPath := specPath.Child("region"); spec.Region == "" {
		allErrs = append(allErrs, field.Required(regionPath, "must name the provider region"))
	} else {
		allErrs = append(allErrs, validateMaxLength(spec.Region, MaxNameLength, regionPath)...)
	}
	if typePath := specPath.Child("provider", "type"); spec.Provider.Type == "" {
		allErrs = append(allErrs, field.Required(typePath, "must name the provider type"))
	} else {
		allErrs = append(allErrs, validateMaxLength(spec.Provider.Type, MaxNameLength, typePath)...)
	}
	if oldSpec == nil || spec.Kubernetes.Version != oldSpec.Kubernetes.Version {
		allErrs = append(allErrs, validateKubernetesVersion(spec.Kubernetes.Version, specPath.Child("kubernetes", "version"))...)
	}
	if spec.Purpose != nil && (oldSpec == nil || !apiequality.Semantic.DeepEqual(spec.Purpose, oldSpec.Purpose)) {
		allErrs = append(allErrs, validatePurpose(*spec.Purpose, shoot.Namespace, specPath.Child("purpose"))...)
	}
	allErrs = append(allErrs, validateNetworking(spec.Networking, len(spec.Provider.Workers) == 0, specPath.Child("networking"))...)
	allErrs = append(allErrs, validateWorkers(spec.Provider.Workers, specPath.Child("provider", "workers"))...)
	allErrs = append(allErrs, validateWorkerKubernetesVersions(spec, specPath)...)
	allErrs = append(allErrs, validateShootTypes(spec, specPath)...)
	if window := maintenanceTimeWindow(shoot); window != nil &&
		(oldShoot == nil || !apiequality.Semantic.DeepEqual(window, maintenanceTimeWindow(oldShoot))) {
		allErrs = append(allErrs, validateMaintenanceTimeWindow(window, specPath.Child("maintenance", "timeWindow"))...)
	}
	return append(allErrs, validateExtensions(spec.Extensions, specPath.Child("extensions"))...)
}

// ValidateCloudProfileReference checks the cloud profile reference as Gardener does:
// spec.cloudProfileName is forbidden for Kubernetes 1.34 and later; spec.cloudProfile, or else
// spec.cloudProfileName, must name a profile (Required on spec.cloudProfile.name otherwise); and
// spec.cloudProfile.kind is CloudProfile or NamespacedCloudProfile. The registry strategy has
// synced both fields (gardenerutils.SyncCloudProfileFields). An over-long kind is reported by the
// length checks of validateShoot, not quoted here.
func ValidateCloudProfileReference(cloudProfileReference *core.CloudProfileReference, cloudProfileName *string, kubernetesVersion string, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if v, err := semver.NewVersion(kubernetesVersion); err == nil && constraintK8sGreaterEqual134.Check(v) && ptr.Deref(cloudProfileName, "") != "" {
		allErrs = append(allErrs, field.Forbidden(fldPath.Child("cloudProfileName"), "for Kubernetes version >= 1.34, cloudProfileName field is no longer supported, use spec.cloudProfile.name instead"))
	}
	fldPath = fldPath.Child("cloudProfile")
	if cloudProfileReference == nil && cloudProfileName != nil {
		cloudProfileReference = &core.CloudProfileReference{Kind: v1beta1constants.CloudProfileReferenceKindCloudProfile, Name: *cloudProfileName}
	}
	if cloudProfileReference == nil || cloudProfileReference.Name == "" {
		return append(allErrs, field.Required(fldPath.Child("name"), "must specify a cloud profile"))
	}
	if kind := cloudProfileReference.Kind; len(kind) <= MaxNameLength && !slices.Contains(cloudProfileReferenceKinds, kind) {
		allErrs = append(allErrs, field.NotSupported(fldPath.Child("kind"), kind, cloudProfileReferenceKinds))
	}
	return allErrs
}

// validateCloudProfileReferenceLengths bounds the strings of the cloud profile reference.
func validateCloudProfileReferenceLengths(reference *core.CloudProfileReference, name *string, specPath *field.Path) field.ErrorList {
	allErrs := validateOptionalMaxLength(name, MaxNameLength, specPath.Child("cloudProfileName"))
	if reference != nil {
		allErrs = append(allErrs, validateMaxLength(reference.Name, MaxNameLength, specPath.Child("cloudProfile", "name"))...)
		allErrs = append(allErrs, validateMaxLength(reference.Kind, MaxNameLength, specPath.Child("cloudProfile", "kind"))...)
	}
	return allErrs
}

// constraintK8sGreaterEqual134 matches Kubernetes 1.34 and later, pre-releases of 1.34 included.
var constraintK8sGreaterEqual134 = func() *semver.Constraints {
	c, err := semver.NewConstraint(">= 1.34-0")
	if err != nil {
		panic(err)
	}
	return c
}()

var cloudProfileReferenceKinds = []string{
	v1beta1constants.CloudProfileReferenceKindCloudProfile,
	v1beta1constants.CloudProfileReferenceKindNamespacedCloudProfile,
}

// validateKubernetesVersion checks spec.kubernetes.version: required, at most MaxVersionLength
// bytes, and a full version MAJOR.MINOR.PATCH, the form every CloudProfile Kubernetes version has
// (a partial version has been resolved by the ShootMutator admission plugin before validation).
func validateKubernetesVersion(version string, fldPath *field.Path) field.ErrorList {
	switch {
	case version == "":
		return field.ErrorList{field.Required(fldPath, "must specify the Kubernetes version, or reference a CloudProfile that offers a supported one")}
	case len(version) > MaxVersionLength:
		return field.ErrorList{field.TooLong(fldPath, "", MaxVersionLength)}
	case !kubernetesVersionPattern.MatchString(version):
		return field.ErrorList{field.Invalid(fldPath, version, "must be a semantic version MAJOR.MINOR.PATCH (or a partial version MAJOR or MAJOR.MINOR that the CloudProfile resolves)")}
	}
	return nil
}

var shootPurposes = []string{
	string(core.ShootPurposeEvaluation), string(core.ShootPurposeTesting), string(core.ShootPurposeDevelopment),
	string(core.ShootPurposeProduction), string(core.ShootPurposeInfrastructure),
}

// validatePurpose checks spec.purpose as Gardener does: one of shootPurposes, and infrastructure
// only for Shoots in the garden namespace.
func validatePurpose(purpose core.ShootPurpose, namespace string, fldPath *field.Path) field.ErrorList {
	if errs := validateMaxLength(string(purpose), MaxNameLength, fldPath); len(errs) > 0 {
		return errs
	}
	if !slices.Contains(shootPurposes, string(purpose)) {
		return field.ErrorList{field.NotSupported(fldPath, purpose, shootPurposes)}
	}
	if purpose == core.ShootPurposeInfrastructure && namespace != v1beta1constants.GardenNamespace {
		return field.ErrorList{field.Forbidden(fldPath, fmt.Sprintf("purpose %q is only allowed for Shoots in the %q namespace", purpose, v1beta1constants.GardenNamespace))}
	}
	return nil
}

// validateNetworking checks the length of spec.networking.type and that nodes, pods and services,
// when set, are CIDRs (net.ParseCIDR) that do not overlap each other. workerless (no pools) does not
// change the checks: Gardener's rules for the networking of workerless Shoots are not modelled.
func validateNetworking(networking *core.Networking, _ bool, fldPath *field.Path) field.ErrorList {
	if networking == nil {
		return nil
	}
	allErrs := validateOptionalMaxLength(networking.Type, MaxNameLength, fldPath.Child("type"))
	type network struct {
		name string
		net  *net.IPNet
	}
	var parsed []network
	for _, n := range []struct {
		name  string
		value *string
	}{{"nodes", networking.Nodes}, {"pods", networking.Pods}, {"services", networking.Services}} {
		if n.value == nil {
			continue
		}
		path := fldPath.Child(n.name)
		if errs := validateMaxLength(*n.value, MaxCIDRLength, path); len(errs) > 0 {
			allErrs = append(allErrs, errs...)
			continue
		}
		_, ipNet, err := net.ParseCIDR(*n.value)
		if err != nil {
			allErrs = append(allErrs, field.Invalid(path, *n.value, "must be a valid CIDR in the form address/prefix-length, e.g. 10.250.0.0/16"))
			continue
		}
		for _, other := range parsed {
			if ipNet.Contains(other.net.IP) || other.net.Contains(ipNet.IP) {
				allErrs = append(allErrs, field.Invalid(path, *n.value, fmt.Sprintf("must not overlap with %s", fldPath.Child(other.name))))
			}
		}
		parsed = append(parsed, network{n.name, ipNet})
	}
	return allErrs
}

// maxWorkerNameLength is Gardener's limit on worker pool names (gardener/gardener
// pkg/api/core/validation/shoot.go): pool names become parts of machine and node names.
const maxWorkerNameLength = 15

var workerCRINames = []string{v1beta1constants.CRINameContainerD}

// validateWorkers checks the worker pools as Gardener does for the modelled fields: names are
// unique DNS-1123 labels of at most 15 characters; minimum and maximum are non-negative, maximum
// is not below minimum and not below the number of zones; machine.type is required;
// machine.architecture is amd64 or arm64; cri.name is containerd; maxSurge and maxUnavailable are
// non-negative integers or percentages (maxUnavailable at most 100%) and not both zero; zones are
// unique. Every string is length-bounded. No pools at all is a workerless Shoot, which is valid.
func validateWorkers(workers []core.Worker, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	names := sets.New[string]()
	for i, worker := range workers {
		idxPath := fldPath.Index(i)
		namePath := idxPath.Child("name")
		switch {
		case worker.Name == "":
			allErrs = append(allErrs, field.Required(namePath, "must name the worker pool"))
		case len(worker.Name) > maxWorkerNameLength:
			allErrs = append(allErrs, field.TooLong(namePath, "", maxWorkerNameLength))
		case names.Has(worker.Name):
			allErrs = append(allErrs, field.Duplicate(namePath, worker.Name))
		default:
			for _, msg := range validation.IsDNS1123Label(worker.Name) {
				allErrs = append(allErrs, field.Invalid(namePath, worker.Name, msg))
			}
		}
		names.Insert(worker.Name)

		allErrs = append(allErrs, apivalidation.ValidateNonnegativeField(int64(worker.Minimum), idxPath.Child("minimum"))...)
		allErrs = append(allErrs, apivalidation.ValidateNonnegativeField(int64(worker.Maximum), idxPath.Child("maximum"))...)
		if worker.Maximum < worker.Minimum {
			allErrs = append(allErrs, field.Forbidden(idxPath.Child("maximum"), fmt.Sprintf("maximum value (%d) must not be less than minimum value (%d)", worker.Maximum, worker.Minimum)))
		}
		if worker.Maximum > 0 && int(worker.Maximum) < len(worker.Zones) {
			allErrs = append(allErrs, field.Forbidden(idxPath.Child("maximum"), fmt.Sprintf("maximum value (%d) must not be less than the number of zones (%d)", worker.Maximum, len(worker.Zones))))
		}

		allErrs = append(allErrs, validateMachine(worker.Machine, idxPath.Child("machine"))...)
		if worker.CRI != nil {
			criPath := idxPath.Child("cri", "name")
			if errs := validateMaxLength(string(worker.CRI.Name), MaxNameLength, criPath); len(errs) > 0 {
				allErrs = append(allErrs, errs...)
			} else if !slices.Contains(workerCRINames, string(worker.CRI.Name)) {
				allErrs = append(allErrs, field.NotSupported(criPath, worker.CRI.Name, workerCRINames))
			}
		}
		allErrs = append(allErrs, validateRollingUpdate(worker.MaxSurge, worker.MaxUnavailable, idxPath)...)

		zones := sets.New[string]()
		for j, zone := range worker.Zones {
			zonePath := idxPath.Child("zones").Index(j)
			switch {
			case zone == "":
				allErrs = append(allErrs, field.Required(zonePath, "must name a zone of the region"))
			case len(zone) > MaxNameLength:
				allErrs = append(allErrs, field.TooLong(zonePath, "", MaxNameLength))
			case zones.Has(zone):
				allErrs = append(allErrs, field.Duplicate(zonePath, zone))
			}
			zones.Insert(zone)
		}
	}
	return allErrs
}

func validateMachine(machine core.Machine, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if machine.Type == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("type"), "must specify a machine type"))
	} else {
		allErrs = append(allErrs, validateMaxLength(machine.Type, MaxNameLength, fldPath.Child("type"))...)
	}
	if machine.Image != nil {
		allErrs = append(allErrs, validateMaxLength(machine.Image.Name, MaxNameLength, fldPath.Child("image", "name"))...)
		allErrs = append(allErrs, validateMaxLength(machine.Image.Version, MaxVersionLength, fldPath.Child("image", "version"))...)
	}
	if machine.Architecture != nil {
		archPath := fldPath.Child("architecture")
		if errs := validateMaxLength(*machine.Architecture, MaxNameLength, archPath); len(errs) > 0 {
			allErrs = append(allErrs, errs...)
		} else if !slices.Contains(v1beta1constants.ValidArchitectures, *machine.Architecture) {
			allErrs = append(allErrs, field.NotSupported(archPath, *machine.Architecture, v1beta1constants.ValidArchitectures))
		}
	}
	return allErrs
}

// validateRollingUpdate checks maxSurge and maxUnavailable of a worker pool as Gardener does (like
// a Deployment's rolling update): each a non-negative integer or percentage, maxUnavailable at
// most 100%, and not both zero. v1beta1 defaults unset values to 1 and 0.
func validateRollingUpdate(maxSurge, maxUnavailable *intstr.IntOrString, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	surgePath, unavailablePath := fldPath.Child("maxSurge"), fldPath.Child("maxUnavailable")
	surge, surgeErrs := intOrPercent(maxSurge, surgePath)
	unavailable, unavailableErrs := intOrPercent(maxUnavailable, unavailablePath)
	allErrs = append(append(allErrs, surgeErrs...), unavailableErrs...)
	if len(unavailableErrs) == 0 && maxUnavailable != nil && maxUnavailable.Type == intstr.String && unavailable > 100 {
		allErrs = append(allErrs, field.Invalid(unavailablePath, maxUnavailable.StrVal, "must not be greater than 100%"))
	}
	if len(surgeErrs) == 0 && len(unavailableErrs) == 0 && maxSurge != nil && maxUnavailable != nil && surge == 0 && unavailable == 0 {
		allErrs = append(allErrs, field.Invalid(unavailablePath, maxUnavailable.String(), "may not be 0 when `maxSurge` is 0"))
	}
	return allErrs
}

// intOrPercent returns the integer, or the number of a percentage, of v; an error for a negative
// or malformed value. A nil v is 0 and valid.
func intOrPercent(v *intstr.IntOrString, fldPath *field.Path) (int, field.ErrorList) {
	if v == nil {
		return 0, nil
	}
	if v.Type != intstr.String {
		if v.IntVal < 0 {
			return 0, field.ErrorList{field.Invalid(fldPath, v.IntVal, "must be greater than or equal to 0")}
		}
		return int(v.IntVal), nil
	}
	if errs := validateMaxLength(v.StrVal, MaxCIDRLength, fldPath); len(errs) > 0 {
		return 0, errs
	}
	n, err := strconv.Atoi(strings.TrimSuffix(v.StrVal, "%"))
	switch {
	case err != nil || !strings.HasSuffix(v.StrVal, "%"):
		return 0, field.ErrorList{field.Invalid(fldPath, v.StrVal, "must be an integer or a percentage, e.g. '5%'")}
	case n < 0:
		return 0, field.ErrorList{field.Invalid(fldPath, v.StrVal, "must be greater than or equal to 0")}
	}
	return n, nil
}

// Gardener's bounds for the duration of a Shoot maintenance time window
// (core.MaintenanceTimeWindowDurationMinimum and core.MaintenanceTimeWindowDurationMaximum in
// gardener/gardener pkg/apis/core).
const (
	maintenanceTimeWindowDurationMinimum = 30 * time.Minute
	maintenanceTimeWindowDurationMaximum = 6 * time.Hour
)

func maintenanceTimeWindow(shoot *core.Shoot) *core.MaintenanceTimeWindow {
	if shoot == nil || shoot.Spec.Maintenance == nil {
		return nil
	}
	return shoot.Spec.Maintenance.TimeWindow
}

// validateMaintenanceTimeWindow checks spec.maintenance.timeWindow as Gardener does
// (ValidateShootSpec → validateMaintenance in gardener/gardener pkg/api/core/validation/shoot.go):
//   - begin and end are times of day in the form HHMMSS+ZZZZ ("150405-0700"), else Invalid
//     on .begin / .end;
//   - the window, from begin to end converted to UTC and spanning midnight when end lies before
//     begin, lasts at least 30 minutes and at most 6 hours (Gardener's
//     MaintenanceTimeWindowDurationMinimum and ...Maximum), else Forbidden on the window. A
//     window whose begin equals its end lasts zero seconds and is too short.
func validateMaintenanceTimeWindow(window *core.MaintenanceTimeWindow, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	allErrs = append(allErrs, validateMaxLength(window.Begin, MaxMaintenanceTimeLength, fldPath.Child("begin"))...)
	allErrs = append(allErrs, validateMaxLength(window.End, MaxMaintenanceTimeLength, fldPath.Child("end"))...)
	if len(allErrs) > 0 {
		return allErrs
	}
	begin, err := timewindow.ParseMaintenanceTime(window.Begin)
	if err != nil {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("begin"), window.Begin, err.Error()))
	}
	end, endErr := timewindow.ParseMaintenanceTime(window.End)
	if endErr != nil {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("end"), window.End, endErr.Error()))
	}
	if err != nil || endErr != nil {
		return allErrs
	}

	parsed := timewindow.NewMaintenanceTimeWindow(begin, end)
	switch duration := parsed.Duration(); {
	case duration < maintenanceTimeWindowDurationMinimum:
		allErrs = append(allErrs, field.Forbidden(fldPath, fmt.Sprintf(
			"time window must last at least %s, but %s lasts %s", maintenanceTimeWindowDurationMinimum, parsed, duration)))
	case duration > maintenanceTimeWindowDurationMaximum:
		allErrs = append(allErrs, field.Forbidden(fldPath, fmt.Sprintf(
			"time window must last at most %s, but %s lasts %s", maintenanceTimeWindowDurationMaximum, parsed, duration)))
	}
	return allErrs
}
