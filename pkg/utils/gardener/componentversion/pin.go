// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"fmt"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	"k8s.io/apimachinery/pkg/util/validation/field"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// PinnableVersions returns the versions of a component that a Shoot may pin explicitly at now:
// the active ones (preview, supported, deprecated), in profile order (GEP-78 "Admission").
func PinnableVersions(component gardencorev1beta1.ExtensionProfileComponent, now time.Time) []ClassifiedVersion {
	var out []ClassifiedVersion
	for _, v := range ClassifyComponentVersions(component, now) {
		if v1beta1helper.IsActive(v.Classification) {
			out = append(out, v)
		}
	}
	return out
}

// ResolvePartialComponentVersion resolves a partial pin ("3", "3.6", with an optional leading
// "v") that a Shoot sets or changes (GEP-78 "Partial versions"), as Gardener's ShootMutator
// resolves a changed machine-image version prefix: to the highest qualifying version of the
// component that matches the prefix. A version qualifies when it is among
// ComponentVersionCandidates without a current version (so never a pre-release), is
// classified exactly supported at now (never preview, deprecated, expired or unavailable: those
// are pinned by their full string), and passes compatible (its compatibility rules hold on the
// Shoot; nil accepts every version).
//
// current is the version the old Shoot pins for the component ("" on create or for a new pin).
// When the prefix matches current, the result is never lower than current: a higher qualifying
// version replaces it, otherwise current is kept, even when it is deprecated or nothing else
// qualifies, so changing "3.6.12" to "3.6" never downgrades.
//
// Errors are reported on fldPath (the pin's spec.extensions[i].components[j].version):
//   - a malformed prefix: Invalid, "must be a semantic version";
//   - no qualifying version (and no matching current): Invalid, `couldn't find a suitable
//     version for "<pin>": ...`, naming the supported matches the Shoot's compatibility rules
//     reject and the versions that can be pinned, each with its classification;
//   - an error of compatible: InternalError.
func ResolvePartialComponentVersion(fldPath *field.Path, component gardencorev1beta1.ExtensionProfileComponent, pinned, current string, now time.Time, compatible CompatibilityFunc) (string, *field.Error) {
	prefix, err := versionutils.ParsePartialVersion(pinned)
	if err != nil {
		return "", field.Invalid(fldPath, pinned, err.Error())
	}
	var floor *semver.Version
	if current != "" {
		if v, err := parseComponentVersion(current); err == nil && prefix.Matches(v) {
			floor = v
		}
	}

	var rejected []RejectedVersion
	for _, c := range ComponentVersionCandidates(component, nil, now) {
		if c.Classification != gardencorev1beta1.ClassificationSupported || !prefix.Matches(c.Parsed) {
			continue
		}
		if floor != nil && !c.Parsed.GreaterThan(floor) {
			break
		}
		if compatible != nil {
			failures, err := compatible(c.Version)
			if err != nil {
				return "", field.InternalError(fldPath, err)
			}
			if len(failures) > 0 {
				rejected = append(rejected, RejectedVersion{Version: c.Version, Failures: failures})
				continue
			}
		}
		return c.Version, nil
	}
	if floor != nil {
		return current, nil
	}

	detail := fmt.Sprintf("suitable versions are classified supported and match %q (preview and deprecated versions have to be pinned explicitly)", prefix.String())
	if len(rejected) > 0 {
		detail += "; the compatibility rules of the Shoot reject " + DescribeRejectedVersions(rejected)
	}
	return "", field.Invalid(fldPath, pinned, fmt.Sprintf("couldn't find a suitable version for %q: %s; %s", pinned, detail, describePinnable(component, now)))
}

// ValidateComponentVersionPin checks an explicit, full pin against a component (GEP-78
// "Admission"; GEP-32 classifications):
//   - a version the component does not list: NotSupported on fldPath with the versions that can
//     be pinned, each tagged as TaggedVersion does (Gardener's ShootValidator tags preview only);
//   - a listed version that is unavailable or expired at now: Invalid on fldPath, naming the
//     classification, when it began or begins, and the versions that can be pinned.
//
// Preview and deprecated versions are accepted (see ComponentVersionPinWarning). fldPath is the
// pin's spec.extensions[i].components[j].version.
func ValidateComponentVersionPin(fldPath *field.Path, component gardencorev1beta1.ExtensionProfileComponent, pinned string, now time.Time) field.ErrorList {
	entry := v1beta1helper.FindComponentVersion(&component, pinned)
	if entry == nil {
		var valid []string
		for _, v := range PinnableVersions(component, now) {
			valid = append(valid, TaggedVersion(v))
		}
		return field.ErrorList{field.NotSupported(fldPath, pinned, valid)}
	}

	switch classification := v1beta1helper.CurrentClassification(entry.Lifecycle, now); classification {
	case gardencorev1beta1.ClassificationUnavailable:
		reason := "its lifecycle has not started"
		if stage, ok := v1beta1helper.NextStage(entry.Lifecycle, now); ok {
			reason += fmt.Sprintf("; it becomes %s at %s", stage.Classification, stage.StartTime.UTC().Format(time.RFC3339))
		}
		return field.ErrorList{field.Invalid(fldPath, pinned, fmt.Sprintf("version %s of component %s is unavailable (%s); %s",
			pinned, component.Name, reason, describePinnable(component, now)))}
	case gardencorev1beta1.ClassificationExpired:
		since := ""
		if stage, ok := v1beta1helper.CurrentStage(entry.Lifecycle, now); ok && stage.StartTime != nil {
			since = fmt.Sprintf(" (since %s)", stage.StartTime.UTC().Format(time.RFC3339))
		}
		return field.ErrorList{field.Invalid(fldPath, pinned, fmt.Sprintf("version %s of component %s is expired%s; %s",
			pinned, component.Name, since, describePinnable(component, now)))}
	}
	return nil
}

// ComponentVersionPinWarning returns the warning for an explicit pin of a preview or deprecated
// version at now, and "" for any other pin (GEP-78 "Admission": preview may be pinned
// explicitly; deprecated still works but is going away). A preview on the rapid channel (the
// entry's effective channel, "" for none) gets none: previews are what that channel follows. When
// a later expired stage is scheduled, the warning names its start, after which maintenance
// force-upgrades the component (GEP-5).
func ComponentVersionPinWarning(extensionType string, component gardencorev1beta1.ExtensionProfileComponent, pinned string, channel gardencorev1beta1.ReleaseChannel, now time.Time) string {
	entry := v1beta1helper.FindComponentVersion(&component, pinned)
	if entry == nil {
		return ""
	}
	classification := v1beta1helper.CurrentClassification(entry.Lifecycle, now)
	var msg string
	switch classification {
	case gardencorev1beta1.ClassificationPreview:
		if channel == gardencorev1beta1.ReleaseChannelRapid {
			return ""
		}
		msg = fmt.Sprintf("component %s of extension %s is pinned to preview version %s, which is excluded from defaulting and auto-updates", component.Name, extensionType, pinned)
	case gardencorev1beta1.ClassificationDeprecated:
		msg = fmt.Sprintf("component %s of extension %s is pinned to deprecated version %s", component.Name, extensionType, pinned)
	default:
		return ""
	}
	for _, stage := range entry.Lifecycle {
		if stage.Classification == gardencorev1beta1.ClassificationExpired && stage.StartTime != nil && stage.StartTime.After(now) {
			msg += fmt.Sprintf("; it expires at %s and is then force-upgraded in the next maintenance window", stage.StartTime.UTC().Format(time.RFC3339))
			if target := forceUpgradeTarget(component, pinned, stage.StartTime.Time); target != "" {
				msg += fmt.Sprintf(" (to %s as the profile stands)", target)
			}
			break
		}
	}
	return msg
}

// forceUpgradeTarget returns the version the force-upgrade path (GEP-78 "Force-upgrade path")
// would choose for pinned at the time it expires, ignoring compatibility rules, or "" when there is
// none.
func forceUpgradeTarget(component gardencorev1beta1.ExtensionProfileComponent, pinned string, expiry time.Time) string {
	anyVersion := func(string) ([]string, error) { return nil, nil }
	update, err := ComponentVersionUpdateFor(component, pinned, EffectiveAutoUpdate{}, expiry, anyVersion)
	if err != nil {
		return ""
	}
	return update.Target
}

// TaggedVersion renders a version for a list in an error or warning: preview and deprecated
// versions carry their classification ("3.6.12 (deprecated)", "3.7.0 (preview)"), supported ones
// stand alone, like Gardener's ShootValidator tags preview versions. Every list of component
// versions in an admission error uses it.
func TaggedVersion(v ClassifiedVersion) string {
	switch v.Classification {
	case gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationDeprecated:
		return fmt.Sprintf("%s (%s)", v.Version, v.Classification)
	}
	return v.Version
}

// describePinnable lists the versions that can be pinned at now, tagged (TaggedVersion), for
// error details.
func describePinnable(component gardencorev1beta1.ExtensionProfileComponent, now time.Time) string {
	var names []string
	for _, v := range PinnableVersions(component, now) {
		names = append(names, TaggedVersion(v))
	}
	if len(names) == 0 {
		return "no version of component " + component.Name + " can be pinned at the moment"
	}
	return "versions that can be pinned: " + strings.Join(names, ", ")
}
