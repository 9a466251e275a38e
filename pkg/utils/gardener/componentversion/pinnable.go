// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"fmt"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/util/validation/field"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// classifiedVersion is a component version with its classification at a point in time.
type classifiedVersion struct {
	version        string
	classification gardencorev1beta1.VersionClassification
}

// pinnableVersions returns the versions of component a Shoot may pin explicitly at now (preview,
// supported, deprecated), in profile order.
func pinnableVersions(component gardencorev1beta1.ExtensionProfileComponent, now time.Time) []classifiedVersion {
	var out []classifiedVersion
	for _, v := range component.Versions {
		if c := v1beta1helper.CurrentClassification(v.Lifecycle, now); v1beta1helper.IsActive(c) {
			out = append(out, classifiedVersion{version: v.Version, classification: c})
		}
	}
	return out
}

// taggedVersion renders a version for a list in an error or warning: "3.6.12 (deprecated)", "3.7.0
// (preview)", a supported one alone, as Gardener's ShootValidator tags preview versions.
func taggedVersion(v classifiedVersion) string {
	switch v.classification {
	case gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationDeprecated:
		return fmt.Sprintf("%s (%s)", v.version, v.classification)
	}
	return v.version
}

// describePinnable lists the versions that can be pinned at now, tagged, for error details.
func describePinnable(component gardencorev1beta1.ExtensionProfileComponent, now time.Time) string {
	var names []string
	for _, v := range pinnableVersions(component, now) {
		names = append(names, taggedVersion(v))
	}
	if len(names) == 0 {
		return "no version of component " + component.Name + " can be pinned at the moment"
	}
	return "versions that can be pinned: " + strings.Join(names, ", ")
}

// checkVersionPin checks an explicit, full pin on fldPath: a version the component does not list
// is NotSupported with the tagged pinnable versions; an unavailable or expired one is Invalid,
// naming when that began or ends and the pinnable versions. Preview and deprecated are accepted.
func checkVersionPin(fldPath *field.Path, component gardencorev1beta1.ExtensionProfileComponent, pinned string, now time.Time) field.ErrorList {
	entry := v1beta1helper.FindComponentVersion(&component, pinned)
	if entry == nil {
		var valid []string
		for _, v := range pinnableVersions(component, now) {
			valid = append(valid, taggedVersion(v))
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

// pinWarning returns the warning for an explicit pin of a preview or deprecated version at now,
// "" otherwise; a preview on the rapid channel (the entry's effective channel) gets none. A
// scheduled expiry is named with the version the force path would then take.
func pinWarning(extensionType string, component gardencorev1beta1.ExtensionProfileComponent, pinned string, channel gardencorev1beta1.ReleaseChannel, now time.Time) string {
	entry := v1beta1helper.FindComponentVersion(&component, pinned)
	if entry == nil {
		return ""
	}
	var msg string
	switch v1beta1helper.CurrentClassification(entry.Lifecycle, now) {
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

// forceUpgradeTarget returns the version the force path takes for pinned when it expires,
// ignoring compatibility rules; "" for none.
func forceUpgradeTarget(component gardencorev1beta1.ExtensionProfileComponent, pinned string, expiry time.Time) string {
	anyVersion := func(string) ([]string, error) { return nil, nil }
	update, err := versionUpdateFor(component, pinned, autoUpdatePolicy{}, expiry, anyVersion)
	if err != nil {
		return ""
	}
	return update.target
}
