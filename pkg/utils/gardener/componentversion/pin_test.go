// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion_test

import (
	"errors"
	"slices"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

var (
	now         = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
	patch       = gardencorev1beta1.UpdateStrategyPatch
	minor       = gardencorev1beta1.UpdateStrategyMinor
	major       = gardencorev1beta1.UpdateStrategyMajor
	unavailable = gardencorev1beta1.ClassificationUnavailable
	preview     = gardencorev1beta1.ClassificationPreview
	supported   = gardencorev1beta1.ClassificationSupported
)

func at(days int) *metav1.Time { return &metav1.Time{Time: now.AddDate(0, 0, days)} }

func stage(c gardencorev1beta1.VersionClassification, start *metav1.Time) gardencorev1beta1.LifecycleStage {
	return gardencorev1beta1.LifecycleStage{Classification: c, StartTime: start}
}

// component has one version per classification at now, out of semver order, plus 1.10.0 to show
// semver ordering.
var component = gardencorev1beta1.ExtensionProfileComponent{
	Name: "comp",
	Versions: []gardencorev1beta1.ExtensionComponentVersion{
		{Version: "1.10.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationPreview, at(3))}},
		{Version: "1.9.1", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationPreview, nil)}},
		{Version: "1.9.0"},
		{Version: "1.8.4", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationSupported, nil), stage(gardencorev1beta1.ClassificationDeprecated, at(-1))}},
		{Version: "1.8.3", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationSupported, at(-10))}},
		{Version: "1.8.2", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationExpired, nil)}},
	},
}

var _ = Describe("ExtensionProfile decisions", func() {
	It("#ClassifyComponentVersions keeps profile order", func() {
		Expect(ClassifyComponentVersions(component, now)).To(Equal([]ClassifiedVersion{
			{Version: "1.10.0", Classification: unavailable},
			{Version: "1.9.1", Classification: gardencorev1beta1.ClassificationPreview},
			{Version: "1.9.0", Classification: gardencorev1beta1.ClassificationSupported},
			{Version: "1.8.4", Classification: gardencorev1beta1.ClassificationDeprecated},
			{Version: "1.8.3", Classification: gardencorev1beta1.ClassificationSupported},
			{Version: "1.8.2", Classification: gardencorev1beta1.ClassificationExpired},
		}))
	})

	It("#PinnableVersions lists active versions", func() {
		var versions []string
		for _, v := range PinnableVersions(component, now) {
			versions = append(versions, v.Version)
		}
		Expect(versions).To(Equal([]string{"1.9.1", "1.9.0", "1.8.4", "1.8.3"}))
	})

	DescribeTable("#ResolvePartialComponentVersion",
		func(pinned string, at time.Time, resolved, errDetail string) {
			got, err := ResolvePartialComponentVersion(field.NewPath("version"), component, pinned, "", at, nil)
			if errDetail != "" {
				Expect(err).To(MatchError(`version: Invalid value: "` + pinned + `": ` + errDetail))
				Expect(got).To(BeEmpty())
				return
			}
			Expect(err).To(BeNil())
			Expect(got).To(Equal(resolved))
		},
		Entry("major: highest supported", "1", now, "1.9.0", ""),
		Entry("deprecated 1.8.4 is skipped", "1.8", now, "1.8.3", ""),
		Entry("v prefix", "v1.8", now, "1.8.3", ""),
		Entry("1.10.0 once supported sorts above 1.9.0", "1", now.AddDate(1, 0, 0), "1.9.0", ""),
		Entry("no supported match", "2", now, "",
			`couldn't find a suitable version for "2": suitable versions are classified supported and match "2" (preview and deprecated versions have to be pinned explicitly); versions that can be pinned: 1.9.1 (preview), 1.9.0, 1.8.4 (deprecated), 1.8.3`),
		Entry("malformed", "1.y", now, "", "must be a semantic version"),
	)

	It("#ResolvePartialComponentVersion picks 1.10.0 over 1.9.0 once both are supported", func() {
		c := gardencorev1beta1.ExtensionProfileComponent{Name: "c", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.10.0"}, {Version: "1.9.0"}}}
		got, err := ResolvePartialComponentVersion(field.NewPath("version"), c, "1", "", now, nil)
		Expect(err).To(BeNil())
		Expect(got).To(Equal("1.10.0"))
	})

	It("partial resolution and auto-update agree on pre-releases", func() {
		c := gardencorev1beta1.ExtensionProfileComponent{Name: "falco", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "0.44.1"}, {Version: "0.44.2-rc.1"}}}
		resolved, err := ResolvePartialComponentVersion(field.NewPath("version"), c, "0.44", "", now, nil)
		Expect(err).To(BeNil())
		Expect(resolved).To(Equal("0.44.1"))
		update, updateErr := ComponentVersionUpdateFor(c, resolved, EffectiveAutoUpdate{Enabled: true, UpdateStrategy: gardencorev1beta1.UpdateStrategyPatch}, now,
			func(string) ([]string, error) { return nil, nil })
		Expect(updateErr).NotTo(HaveOccurred())
		Expect(update.Target).To(BeEmpty(), "patch auto-update must not pick the pre-release the partial pin skipped")
	})

	DescribeTable("#ResolvePartialComponentVersion of a changed pin: the highest qualifying match, never below a matching current version",
		func(pinned, current, resolved string) {
			got, err := ResolvePartialComponentVersion(field.NewPath("version"), component, pinned, current, now, nil)
			Expect(err).To(BeNil())
			Expect(got).To(Equal(resolved))
		},
		Entry("the deprecated current 1.8.4 is not downgraded to the supported 1.8.3", "1.8", "1.8.4", "1.8.4"),
		Entry("the supported current 1.8.3 stays when nothing higher qualifies", "1.8", "1.8.3", "1.8.3"),
		Entry("a lower matching current moves up", "1", "1.8.3", "1.9.0"),
		Entry("the deprecated current 1.8.4 moves up to the supported 1.9.0", "1", "1.8.4", "1.9.0"),
		Entry("a current above every qualifying match stays (preview 1.9.1 pinned explicitly before)", "1.9", "1.9.1", "1.9.1"),
		Entry("a current the prefix does not match is no floor", "1.8", "1.9.0", "1.8.3"),
		Entry("an expired matching current moves up to the supported 1.8.3", "1.8", "1.8.2", "1.8.3"),
	)

	It("#ResolvePartialComponentVersion keeps a matching current version when only deprecated ones match", func() {
		c := gardencorev1beta1.ExtensionProfileComponent{Name: "c", Versions: []gardencorev1beta1.ExtensionComponentVersion{
			{Version: "0.42.1", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationDeprecated, nil)}},
			{Version: "0.44.1"},
		}}
		got, err := ResolvePartialComponentVersion(field.NewPath("version"), c, "0.42", "0.42.1", now, nil)
		Expect(err).To(BeNil())
		Expect(got).To(Equal("0.42.1"))
		_, err = ResolvePartialComponentVersion(field.NewPath("version"), c, "0.42", "", now, nil)
		Expect(err).NotTo(BeNil())
	})

	It("#ResolvePartialComponentVersion skips versions the compatibility rules reject and names them", func() {
		incompatible := func(version string) ([]string, error) {
			if version == "1.9.0" {
				return []string{"needs Kubernetes 1.36"}, nil
			}
			return nil, nil
		}
		got, err := ResolvePartialComponentVersion(field.NewPath("version"), component, "1", "", now, incompatible)
		Expect(err).To(BeNil())
		Expect(got).To(Equal("1.8.3"))

		_, err = ResolvePartialComponentVersion(field.NewPath("version"), component, "1.9", "", now, incompatible)
		Expect(err).To(MatchError(`version: Invalid value: "1.9": couldn't find a suitable version for "1.9": suitable versions are classified supported and match "1.9" (preview and deprecated versions have to be pinned explicitly); the compatibility rules of the Shoot reject 1.9.0 (needs Kubernetes 1.36); versions that can be pinned: 1.9.1 (preview), 1.9.0, 1.8.4 (deprecated), 1.8.3`))

		got, err = ResolvePartialComponentVersion(field.NewPath("version"), component, "1.9", "1.9.0", now, incompatible)
		Expect(err).To(BeNil())
		Expect(got).To(Equal("1.9.0"), "a matching current version is kept; Validate checks its rules old-vs-new")
	})

	It("#ResolvePartialComponentVersion reports a failing compatibility evaluation as an internal error", func() {
		_, err := ResolvePartialComponentVersion(field.NewPath("version"), component, "1", "", now, func(string) ([]string, error) { return nil, errors.New("boom") })
		Expect(err).To(MatchError(ContainSubstring("Internal error: boom")))
	})

	It("#ResolvePartialComponentVersion says when nothing can be pinned", func() {
		c := gardencorev1beta1.ExtensionProfileComponent{Name: "c", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationExpired, nil)}}}}
		_, err := ResolvePartialComponentVersion(field.NewPath("version"), c, "1", "", now, nil)
		Expect(err.Detail).To(HaveSuffix("; no version of component c can be pinned at the moment"))
	})

	DescribeTable("#ValidateComponentVersionPin",
		func(pinned string, expected field.ErrorList) {
			Expect(ValidateComponentVersionPin(field.NewPath("version"), component, pinned, now)).To(Equal(expected))
		},
		Entry("supported", "1.9.0", nil),
		Entry("preview", "1.9.1", nil),
		Entry("deprecated", "1.8.4", nil),
		Entry("unknown", "1.7.0", field.ErrorList{field.NotSupported(field.NewPath("version"), "1.7.0", []string{"1.9.1 (preview)", "1.9.0", "1.8.4 (deprecated)", "1.8.3"})}),
		Entry("unavailable", "1.10.0", field.ErrorList{field.Invalid(field.NewPath("version"), "1.10.0",
			"version 1.10.0 of component comp is unavailable (its lifecycle has not started; it becomes preview at 2026-12-02T00:00:00Z); versions that can be pinned: 1.9.1 (preview), 1.9.0, 1.8.4 (deprecated), 1.8.3")}),
		Entry("expired without a start time", "1.8.2", field.ErrorList{field.Invalid(field.NewPath("version"), "1.8.2",
			"version 1.8.2 of component comp is expired; versions that can be pinned: 1.9.1 (preview), 1.9.0, 1.8.4 (deprecated), 1.8.3")}),
	)

	DescribeTable("#ComponentVersionPinWarning",
		func(pinned string, channel gardencorev1beta1.ReleaseChannel, expected string) {
			Expect(ComponentVersionPinWarning("ext", component, pinned, channel, now)).To(Equal(expected))
		},
		Entry("supported", "1.9.0", gardencorev1beta1.ReleaseChannel(""), ""),
		Entry("unknown", "0.1.0", gardencorev1beta1.ReleaseChannel(""), ""),
		Entry("expired", "1.8.2", gardencorev1beta1.ReleaseChannel(""), ""),
		Entry("preview", "1.9.1", gardencorev1beta1.ReleaseChannel(""), "component comp of extension ext is pinned to preview version 1.9.1, which is excluded from defaulting and auto-updates"),
		Entry("preview on the regular channel", "1.9.1", gardencorev1beta1.ReleaseChannelRegular, "component comp of extension ext is pinned to preview version 1.9.1, which is excluded from defaulting and auto-updates"),
		Entry("preview on the rapid channel", "1.9.1", gardencorev1beta1.ReleaseChannelRapid, ""),
		Entry("deprecated without scheduled expiry", "1.8.4", gardencorev1beta1.ReleaseChannel(""), "component comp of extension ext is pinned to deprecated version 1.8.4"),
		Entry("deprecated on the rapid channel", "1.8.4", gardencorev1beta1.ReleaseChannelRapid, "component comp of extension ext is pinned to deprecated version 1.8.4"),
	)

	Describe("update strategies", func() {
		var profile gardencorev1beta1.ExtensionProfileSpec
		auto := func(enabled *bool, s *gardencorev1beta1.MachineImageUpdateStrategy) *gardencorev1beta1.ExtensionAutoUpdate {
			return &gardencorev1beta1.ExtensionAutoUpdate{Enabled: enabled, UpdateStrategy: s}
		}

		BeforeEach(func() {
			profile = gardencorev1beta1.ExtensionProfileSpec{
				UpdateStrategy: &gardencorev1beta1.ExtensionUpdateStrategy{Default: ptr.To(major), Supported: []gardencorev1beta1.MachineImageUpdateStrategy{patch, minor, major}},
				Components: []gardencorev1beta1.ExtensionProfileComponent{
					{Name: "override", UpdateStrategy: &gardencorev1beta1.ExtensionUpdateStrategy{Default: ptr.To(minor), Supported: []gardencorev1beta1.MachineImageUpdateStrategy{patch, minor}}},
					{Name: "plain"},
				},
			}
		})

		DescribeTable("#ResolveEffectiveAutoUpdate (GEP-78 order)",
			func(componentName string, extension, comp *gardencorev1beta1.ExtensionAutoUpdate, expected EffectiveAutoUpdate) {
				// The order of the requested strategy: what the Shoot or profile asks for, before the
				// fallback for an unsupported one.
				effective := ResolveEffectiveAutoUpdate(profile, componentName, extension, comp)
				requested := EffectiveAutoUpdate{Enabled: effective.Enabled, UpdateStrategy: effective.UpdateStrategy, Source: effective.RequestedSource}
				if effective.Unsupported != "" {
					requested.UpdateStrategy = effective.Unsupported
				}
				Expect(requested).To(Equal(expected))
			},
			Entry("component autoUpdate first", "override", auto(ptr.To(false), ptr.To(major)), auto(ptr.To(true), ptr.To(patch)),
				EffectiveAutoUpdate{Enabled: true, UpdateStrategy: patch, Source: UpdateStrategyFromComponent}),
			Entry("then extension autoUpdate", "override", auto(ptr.To(false), ptr.To(major)), nil,
				EffectiveAutoUpdate{Enabled: false, UpdateStrategy: major, Source: UpdateStrategyFromExtension}),
			Entry("component block without strategy: strategy from the extension, enabled from the component", "override", auto(ptr.To(false), ptr.To(major)), auto(ptr.To(true), nil),
				EffectiveAutoUpdate{Enabled: true, UpdateStrategy: major, Source: UpdateStrategyFromExtension}),
			Entry("then the profile component default", "override", auto(ptr.To(false), nil), nil,
				EffectiveAutoUpdate{Enabled: false, UpdateStrategy: minor, Source: UpdateStrategyFromProfileComponent}),
			Entry("then the profile default", "plain", nil, nil,
				EffectiveAutoUpdate{Enabled: true, UpdateStrategy: major, Source: UpdateStrategyFromProfile}),
			Entry("unknown component: profile default", "unknown", nil, nil,
				EffectiveAutoUpdate{Enabled: true, UpdateStrategy: major, Source: UpdateStrategyFromProfile}),
		)

		DescribeTable("#ResolveEffectiveAutoUpdate classifications",
			func(extension, comp *gardencorev1beta1.ExtensionAutoUpdate, expected []gardencorev1beta1.VersionClassification) {
				effective := ResolveEffectiveAutoUpdate(profile, "plain", extension, comp)
				Expect(effective.TargetClassifications()).To(Equal(expected))
				Expect(effective.AllowsPreview()).To(Equal(slices.Contains(expected, gardencorev1beta1.ClassificationPreview)))
			},
			Entry("none set: [supported]", nil, nil, []gardencorev1beta1.VersionClassification{supported}),
			Entry("blocks without classifications: [supported]", auto(nil, ptr.To(minor)), auto(ptr.To(true), nil), []gardencorev1beta1.VersionClassification{supported}),
			Entry("from the extension", &gardencorev1beta1.ExtensionAutoUpdate{Classifications: []gardencorev1beta1.VersionClassification{preview, supported}}, nil,
				[]gardencorev1beta1.VersionClassification{preview, supported}),
			Entry("a component block without classifications takes the extension's",
				&gardencorev1beta1.ExtensionAutoUpdate{Classifications: []gardencorev1beta1.VersionClassification{preview, supported}}, auto(ptr.To(true), ptr.To(patch)),
				[]gardencorev1beta1.VersionClassification{preview, supported}),
			Entry("the component's first",
				&gardencorev1beta1.ExtensionAutoUpdate{Classifications: []gardencorev1beta1.VersionClassification{preview, supported}},
				&gardencorev1beta1.ExtensionAutoUpdate{Classifications: []gardencorev1beta1.VersionClassification{supported}},
				[]gardencorev1beta1.VersionClassification{supported}),
		)

		It("#ResolveEffectiveAutoUpdate falls back to patch, enabled", func() {
			Expect(ResolveEffectiveAutoUpdate(gardencorev1beta1.ExtensionProfileSpec{}, "x", nil, nil)).To(Equal(
				EffectiveAutoUpdate{Enabled: true, UpdateStrategy: patch, Source: UpdateStrategyFromFallback, RequestedSource: UpdateStrategyFromFallback}))
		})

		DescribeTable("#ResolveEffectiveAutoUpdate falls back from an unsupported strategy",
			func(change func(*gardencorev1beta1.ExtensionProfileSpec), componentName string, extension, comp *gardencorev1beta1.ExtensionAutoUpdate, expected EffectiveAutoUpdate) {
				if change != nil {
					change(&profile)
				}
				Expect(ResolveEffectiveAutoUpdate(profile, componentName, extension, comp)).To(Equal(expected))
			},
			Entry("a supported strategy is kept", nil, "override", nil, auto(nil, ptr.To(patch)),
				EffectiveAutoUpdate{Enabled: true, UpdateStrategy: patch, Source: UpdateStrategyFromComponent, RequestedSource: UpdateStrategyFromComponent}),
			Entry("an unsupported Shoot strategy falls back to the component default", nil, "override", auto(ptr.To(false), ptr.To(major)), nil,
				EffectiveAutoUpdate{Enabled: false, UpdateStrategy: minor, Source: UpdateStrategyFromProfileComponent, Unsupported: major, RequestedSource: UpdateStrategyFromExtension}),
			Entry("then to the profile default",
				func(p *gardencorev1beta1.ExtensionProfileSpec) {
					p.UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Default: ptr.To(minor), Supported: []gardencorev1beta1.MachineImageUpdateStrategy{patch, minor}}
				}, "plain", nil, auto(nil, ptr.To(major)),
				EffectiveAutoUpdate{Enabled: true, UpdateStrategy: minor, Source: UpdateStrategyFromProfile, Unsupported: major, RequestedSource: UpdateStrategyFromComponent}),
			Entry("past an unsupported component default to the profile default",
				func(p *gardencorev1beta1.ExtensionProfileSpec) {
					p.UpdateStrategy.Default = ptr.To(patch)
					p.Components[0].UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Default: ptr.To(major), Supported: []gardencorev1beta1.MachineImageUpdateStrategy{patch}}
				}, "override", nil, auto(nil, ptr.To(minor)),
				EffectiveAutoUpdate{Enabled: true, UpdateStrategy: patch, Source: UpdateStrategyFromProfile, Unsupported: minor, RequestedSource: UpdateStrategyFromComponent}),
			Entry("then to patch",
				func(p *gardencorev1beta1.ExtensionProfileSpec) {
					p.UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Supported: []gardencorev1beta1.MachineImageUpdateStrategy{patch}}
				}, "plain", nil, auto(nil, ptr.To(major)),
				EffectiveAutoUpdate{Enabled: true, UpdateStrategy: patch, Source: UpdateStrategyFromFallback, Unsupported: major, RequestedSource: UpdateStrategyFromComponent}),
			Entry("else to the most conservative supported strategy",
				func(p *gardencorev1beta1.ExtensionProfileSpec) {
					p.UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Supported: []gardencorev1beta1.MachineImageUpdateStrategy{major, minor}}
				}, "plain", nil, auto(nil, ptr.To(patch)),
				EffectiveAutoUpdate{Enabled: true, UpdateStrategy: minor, Source: UpdateStrategyFromSupported, Unsupported: patch, RequestedSource: UpdateStrategyFromComponent}),
		)

		It("#SupportedUpdateStrategies prefers the component list, then the profile list, then all", func() {
			Expect(SupportedUpdateStrategies(profile, "override")).To(Equal([]gardencorev1beta1.MachineImageUpdateStrategy{patch, minor}))
			Expect(SupportedUpdateStrategies(profile, "plain")).To(Equal([]gardencorev1beta1.MachineImageUpdateStrategy{patch, minor, major}))
			Expect(SupportedUpdateStrategies(gardencorev1beta1.ExtensionProfileSpec{}, "plain")).To(Equal(AllUpdateStrategies))
		})

		DescribeTable("#ValidateComponentUpdateStrategy",
			func(componentName string, extension, comp *gardencorev1beta1.ExtensionAutoUpdate, expected field.ErrorList) {
				p := &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "ext"}, Spec: profile}
				Expect(ValidateComponentUpdateStrategy(field.NewPath("ext"), field.NewPath("comp"), p, componentName, extension, comp)).To(Equal(expected))
			},
			Entry("supported", "override", nil, auto(nil, ptr.To(patch)), nil),
			Entry("component request", "override", nil, auto(nil, ptr.To(major)),
				field.ErrorList{field.NotSupported(field.NewPath("comp", "autoUpdate", "updateStrategy"), "major", []gardencorev1beta1.MachineImageUpdateStrategy{patch, minor})}),
			Entry("extension request", "override", auto(nil, ptr.To(major)), nil,
				field.ErrorList{field.NotSupported(field.NewPath("ext", "autoUpdate", "updateStrategy"), "major", []gardencorev1beta1.MachineImageUpdateStrategy{patch, minor})}),
			Entry("profile default allowed by the profile list", "plain", nil, nil, nil),
		)
	})
})
