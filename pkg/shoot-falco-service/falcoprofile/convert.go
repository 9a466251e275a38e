// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package falcoprofile

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	sigsjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	falcov1alpha1 "github.com/gep-78/gardener/pkg/shoot-falco-service/apis/falco/v1alpha1"
	falcodeploy "github.com/gep-78/gardener/pkg/shoot-falco-service/falco"
)

const (
	// DefaultExtensionType is the name of the ExtensionProfile Convert writes: the extension type
	// of the falco extension.
	DefaultExtensionType = "shoot-falco-service"
	// ComponentFalco is the ExtensionProfile component of spec.versions.falco.
	ComponentFalco = "falco"
	// ComponentFalcosidekick is the component of spec.versions.falcosidekick (SubComponents only).
	ComponentFalcosidekick = "falcosidekick"
	// ComponentFalcoctl is the component of spec.versions.falcoctl (SubComponents only).
	ComponentFalcoctl = "falcoctl"
)

// Options tune Convert.
type Options struct {
	// ExtensionType is the name of the ExtensionProfile; empty means DefaultExtensionType.
	ExtensionType string
	// SubComponents converts spec.versions.falcosidekick and .falcoctl into components of their
	// own as well. Without it they are reported in Result.Warnings and left out: GEP-78 keeps
	// sub-components that shoot owners cannot select out of the profile.
	SubComponents bool
}

// Result is the outcome of Convert.
type Result struct {
	// Profile is the ExtensionProfile, ready to apply (no status).
	Profile *gardencorev1beta1.ExtensionProfile
	// Warnings say what was not carried over, or carried over with a default.
	Warnings []string
}

// Decode reads one FalcoProfile from YAML or JSON strictly: unknown and duplicate fields are
// errors, as are another apiVersion or kind and more than one document.
func Decode(data []byte) (*FalcoProfile, error) {
	reader := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	var documents [][]byte
	for {
		document, err := reader.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("cannot read the FalcoProfile: %w", err)
		}
		if len(bytes.TrimSpace(stripComments(document))) > 0 {
			documents = append(documents, document)
		}
	}
	if len(documents) != 1 {
		return nil, fmt.Errorf("expected exactly one FalcoProfile, found %d documents (convert one FalcoProfile at a time)", len(documents))
	}
	data, err := yaml.YAMLToJSONStrict(documents[0])
	if err != nil {
		return nil, fmt.Errorf("cannot decode the FalcoProfile: %w", err)
	}
	profile := &FalcoProfile{}
	strictErrs, err := sigsjson.UnmarshalStrict(data, profile)
	if err != nil {
		return nil, fmt.Errorf("cannot decode the FalcoProfile: %w", err)
	}
	if len(strictErrs) > 0 {
		return nil, fmt.Errorf("cannot decode the FalcoProfile: %w", errors.Join(strictErrs...))
	}
	if profile.APIVersion != APIVersion || profile.Kind != Kind {
		return nil, field.Invalid(field.NewPath("apiVersion"), profile.APIVersion+", Kind="+profile.Kind,
			fmt.Sprintf("expected %s, Kind=%s", APIVersion, Kind))
	}
	return profile, nil
}

func stripComments(document []byte) []byte {
	var out []byte
	for _, line := range bytes.Split(document, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("#")) {
			out = append(out, line...)
			out = append(out, '\n')
		}
	}
	return out
}

// Convert returns the ExtensionProfile that offers what the FalcoProfile offers (GEP-78
// "Motivation": the FalcoProfile pattern, retired in favour of ExtensionProfile):
//   - spec.versions.falco[] become the versions of component falco, in the same order;
//   - a classification c becomes lifecycle [{c}], and an expirationDate d appends
//     {expired, startTime: d}: a FalcoProfile version is expired once its date has passed;
//   - providerConfig is a FalcoComponentConfig with the entry's rulesVersion, the image of
//     spec.images.falco[] with the same version, and containerPlugin for falco 0.41.2 and newer
//     (the falco extension derives that from the version);
//   - falcosidekick and falcoctl versions likewise with Options.SubComponents (image only), else
//     a warning per non-empty list.
//
// Nothing is dropped silently: a malformed entry, a duplicate version or image, and an image
// whose version has no entry are errors (a field.ErrorList with the FalcoProfile's field paths);
// a version without an image is a warning (the extension then uses its default image).
func Convert(profile *FalcoProfile, opts Options) (*Result, error) {
	extensionType := opts.ExtensionType
	if extensionType == "" {
		extensionType = DefaultExtensionType
	}
	result := &Result{Profile: &gardencorev1beta1.ExtensionProfile{
		TypeMeta:   metav1.TypeMeta{APIVersion: gardencorev1beta1.SchemeGroupVersion.String(), Kind: "ExtensionProfile"},
		ObjectMeta: metav1.ObjectMeta{Name: extensionType},
	}}

	specPath := field.NewPath("spec")
	lists := []struct {
		name     string
		versions []Version
		images   []Image
		falco    bool
	}{
		{ComponentFalco, profile.Spec.Versions.Falco, profile.Spec.Images.Falco, true},
		{ComponentFalcosidekick, profile.Spec.Versions.Falcosidekick, profile.Spec.Images.Falcosidekick, false},
		{ComponentFalcoctl, profile.Spec.Versions.Falcoctl, profile.Spec.Images.Falcoctl, false},
	}
	allErrs := field.ErrorList{}
	for _, list := range lists {
		if !list.falco && !opts.SubComponents {
			if len(list.versions) > 0 || len(list.images) > 0 {
				result.Warnings = append(result.Warnings, fmt.Sprintf(
					"spec.versions.%s (%d versions) and spec.images.%s (%d images) are not converted: shoot owners cannot select %s, and GEP-78 keeps such sub-components out of the ExtensionProfile; they belong to the extension's own configuration (--sub-components converts them into a component %q)",
					list.name, len(list.versions), list.name, len(list.images), list.name, list.name))
			}
			continue
		}
		component, warnings, errs := convertComponent(list.name, list.versions, list.images, list.falco,
			specPath.Child("versions", list.name), specPath.Child("images", list.name))
		allErrs = append(allErrs, errs...)
		result.Warnings = append(result.Warnings, warnings...)
		if len(component.Versions) > 0 {
			result.Profile.Spec.Components = append(result.Profile.Spec.Components, component)
		}
	}
	if len(allErrs) == 0 && len(result.Profile.Spec.Components) == 0 {
		allErrs = append(allErrs, field.Required(specPath.Child("versions", ComponentFalco), "the FalcoProfile offers no falco version"))
	}
	if len(allErrs) > 0 {
		return nil, allErrs.ToAggregate()
	}
	return result, nil
}

func convertComponent(name string, versions []Version, images []Image, falco bool, versionsPath, imagesPath *field.Path) (gardencorev1beta1.ExtensionProfileComponent, []string, field.ErrorList) {
	var (
		allErrs  = field.ErrorList{}
		warnings []string
		byImage  = map[string]Image{}
		listed   = map[string]bool{}
	)
	for i, image := range images {
		idxPath := imagesPath.Index(i)
		switch {
		case image.Version == "":
			allErrs = append(allErrs, field.Required(idxPath.Child("version"), "the version the image belongs to"))
		case image.Repository == "" || image.Tag == "":
			allErrs = append(allErrs, field.Required(idxPath, "repository and tag"))
		default:
			if _, ok := byImage[image.Version]; ok {
				allErrs = append(allErrs, field.Duplicate(idxPath.Child("version"), image.Version))
			}
			byImage[image.Version] = image
		}
	}

	component := gardencorev1beta1.ExtensionProfileComponent{Name: name}
	for i, entry := range versions {
		idxPath := versionsPath.Index(i)
		v, err := semver.StrictNewVersion(entry.Version)
		if err != nil {
			allErrs = append(allErrs, field.Invalid(idxPath.Child("version"), entry.Version, "must be a semantic version: "+err.Error()))
			continue
		}
		if listed[entry.Version] {
			allErrs = append(allErrs, field.Duplicate(idxPath.Child("version"), entry.Version))
			continue
		}
		listed[entry.Version] = true

		lifecycle, errs := lifecycleOf(entry, idxPath)
		if len(errs) > 0 {
			allErrs = append(allErrs, errs...)
			continue
		}
		if falco && entry.RulesVersion == "" {
			allErrs = append(allErrs, field.Required(idxPath.Child("rulesVersion"), "every falco version names its rules version"))
			continue
		}

		config := &falcov1alpha1.FalcoComponentConfig{
			TypeMeta:     metav1.TypeMeta{APIVersion: falcov1alpha1.SchemeGroupVersion.String(), Kind: "FalcoComponentConfig"},
			RulesVersion: entry.RulesVersion,
		}
		if falco {
			config.ContainerPlugin = falcodeploy.ContainerPluginByDefault(v.String())
		}
		if image, ok := byImage[entry.Version]; ok {
			config.Image = &falcov1alpha1.Image{Repository: image.Repository, Tag: image.Tag}
		} else {
			warnings = append(warnings, fmt.Sprintf("%s: %s %s has no image in %s; the extension deploys its default image", idxPath, name, entry.Version, imagesPath))
		}
		raw, err := json.Marshal(config)
		if err != nil {
			allErrs = append(allErrs, field.InternalError(idxPath, err))
			continue
		}
		component.Versions = append(component.Versions, gardencorev1beta1.ExtensionComponentVersion{
			Version:        entry.Version,
			Lifecycle:      lifecycle,
			ProviderConfig: &runtime.RawExtension{Raw: raw},
		})
	}
	for i, image := range images {
		if image.Version != "" && !listed[image.Version] && semverOK(image.Version) {
			allErrs = append(allErrs, field.Invalid(imagesPath.Index(i).Child("version"), image.Version,
				fmt.Sprintf("has an image but no entry in %s; add the version there or remove the image", versionsPath)))
		}
	}
	return component, warnings, allErrs
}

func semverOK(version string) bool {
	_, err := semver.StrictNewVersion(version)
	return err == nil
}

// lifecycleOf maps classification and expirationDate onto GEP-32 lifecycle stages.
func lifecycleOf(entry Version, idxPath *field.Path) ([]gardencorev1beta1.LifecycleStage, field.ErrorList) {
	classification := gardencorev1beta1.VersionClassification(entry.Classification)
	switch classification {
	case gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationSupported, gardencorev1beta1.ClassificationDeprecated:
	default:
		return nil, field.ErrorList{field.NotSupported(idxPath.Child("classification"), entry.Classification, []string{"preview", "supported", "deprecated"})}
	}
	lifecycle := []gardencorev1beta1.LifecycleStage{{Classification: classification}}
	if entry.ExpirationDate == nil {
		return lifecycle, nil
	}
	expiration, err := parseExpirationDate(*entry.ExpirationDate)
	if err != nil {
		return nil, field.ErrorList{field.Invalid(idxPath.Child("expirationDate"), *entry.ExpirationDate, err.Error())}
	}
	return append(lifecycle, gardencorev1beta1.LifecycleStage{
		Classification: gardencorev1beta1.ClassificationExpired,
		StartTime:      &metav1.Time{Time: expiration},
	}), nil
}

// parseExpirationDate accepts what the FalcoProfile CRD's pattern accepts: RFC 3339 with
// optional fractional seconds and an optional zone (UTC when absent). An ExtensionProfile stores
// whole seconds, so fractional seconds are an error rather than being cut off.
func parseExpirationDate(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil && !strings.ContainsAny(s[min(len(s), 19):], "Z+-") {
		t, err = time.ParseInLocation("2006-01-02T15:04:05.999999999", s, time.UTC)
	}
	if err != nil {
		return time.Time{}, errors.New("must be an RFC 3339 time, e.g. 2026-07-31T23:59:59Z")
	}
	if t.Nanosecond() != 0 {
		return time.Time{}, errors.New("an ExtensionProfile lifecycle startTime has whole seconds; round the date")
	}
	return t.UTC(), nil
}
