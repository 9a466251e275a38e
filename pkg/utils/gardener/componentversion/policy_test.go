// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"slices"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("update strategies", func() {
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

	DescribeTable("#resolveAutoUpdate (GEP-78 order)",
		func(componentName string, extension, comp *gardencorev1beta1.ExtensionAutoUpdate, expected autoUpdatePolicy) {
			// The order of the requested strategy: what the Shoot or profile asks for, before the
			// fallback for an unsupported one.
			effective := resolveAutoUpdate(profile, componentName, extension, comp)
			requested := autoUpdatePolicy{enabled: effective.enabled, updateStrategy: effective.updateStrategy, source: effective.requestedSource}
			if effective.unsupported != "" {
				requested.updateStrategy = effective.unsupported
			}
			Expect(requested).To(Equal(expected))
		},
		Entry("component autoUpdate first", "override", auto(ptr.To(false), ptr.To(major)), auto(ptr.To(true), ptr.To(patch)),
			autoUpdatePolicy{enabled: true, updateStrategy: patch, source: fromComponent}),
		Entry("then extension autoUpdate", "override", auto(ptr.To(false), ptr.To(major)), nil,
			autoUpdatePolicy{enabled: false, updateStrategy: major, source: fromExtension}),
		Entry("component block without strategy: strategy from the extension, enabled from the component", "override", auto(ptr.To(false), ptr.To(major)), auto(ptr.To(true), nil),
			autoUpdatePolicy{enabled: true, updateStrategy: major, source: fromExtension}),
		Entry("then the profile component default", "override", auto(ptr.To(false), nil), nil,
			autoUpdatePolicy{enabled: false, updateStrategy: minor, source: fromProfileComponent}),
		Entry("then the profile default", "plain", nil, nil,
			autoUpdatePolicy{enabled: true, updateStrategy: major, source: fromProfile}),
		Entry("unknown component: profile default", "unknown", nil, nil,
			autoUpdatePolicy{enabled: true, updateStrategy: major, source: fromProfile}),
	)

	DescribeTable("#resolveAutoUpdate classifications",
		func(extension, comp *gardencorev1beta1.ExtensionAutoUpdate, expected []gardencorev1beta1.VersionClassification) {
			effective := resolveAutoUpdate(profile, "plain", extension, comp)
			Expect(effective.targetClassifications()).To(Equal(expected))
			Expect(effective.allowsPreview()).To(Equal(slices.Contains(expected, gardencorev1beta1.ClassificationPreview)))
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

	It("#resolveAutoUpdate falls back to patch, enabled", func() {
		Expect(resolveAutoUpdate(gardencorev1beta1.ExtensionProfileSpec{}, "x", nil, nil)).To(Equal(
			autoUpdatePolicy{enabled: true, updateStrategy: patch, source: fromFallback, requestedSource: fromFallback}))
	})

	DescribeTable("#resolveAutoUpdate falls back from an unsupported strategy",
		func(change func(*gardencorev1beta1.ExtensionProfileSpec), componentName string, extension, comp *gardencorev1beta1.ExtensionAutoUpdate, expected autoUpdatePolicy) {
			if change != nil {
				change(&profile)
			}
			Expect(resolveAutoUpdate(profile, componentName, extension, comp)).To(Equal(expected))
		},
		Entry("a supported strategy is kept", nil, "override", nil, auto(nil, ptr.To(patch)),
			autoUpdatePolicy{enabled: true, updateStrategy: patch, source: fromComponent, requestedSource: fromComponent}),
		Entry("an unsupported Shoot strategy falls back to the component default", nil, "override", auto(ptr.To(false), ptr.To(major)), nil,
			autoUpdatePolicy{enabled: false, updateStrategy: minor, source: fromProfileComponent, unsupported: major, requestedSource: fromExtension}),
		Entry("then to the profile default",
			func(p *gardencorev1beta1.ExtensionProfileSpec) {
				p.UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Default: ptr.To(minor), Supported: []gardencorev1beta1.MachineImageUpdateStrategy{patch, minor}}
			}, "plain", nil, auto(nil, ptr.To(major)),
			autoUpdatePolicy{enabled: true, updateStrategy: minor, source: fromProfile, unsupported: major, requestedSource: fromComponent}),
		Entry("past an unsupported component default to the profile default",
			func(p *gardencorev1beta1.ExtensionProfileSpec) {
				p.UpdateStrategy.Default = ptr.To(patch)
				p.Components[0].UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Default: ptr.To(major), Supported: []gardencorev1beta1.MachineImageUpdateStrategy{patch}}
			}, "override", nil, auto(nil, ptr.To(minor)),
			autoUpdatePolicy{enabled: true, updateStrategy: patch, source: fromProfile, unsupported: minor, requestedSource: fromComponent}),
		Entry("then to patch",
			func(p *gardencorev1beta1.ExtensionProfileSpec) {
				p.UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Supported: []gardencorev1beta1.MachineImageUpdateStrategy{patch}}
			}, "plain", nil, auto(nil, ptr.To(major)),
			autoUpdatePolicy{enabled: true, updateStrategy: patch, source: fromFallback, unsupported: major, requestedSource: fromComponent}),
		Entry("else to the most conservative supported strategy",
			func(p *gardencorev1beta1.ExtensionProfileSpec) {
				p.UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Supported: []gardencorev1beta1.MachineImageUpdateStrategy{major, minor}}
			}, "plain", nil, auto(nil, ptr.To(patch)),
			autoUpdatePolicy{enabled: true, updateStrategy: minor, source: fromSupported, unsupported: patch, requestedSource: fromComponent}),
	)

	It("#supportedStrategies prefers the component list, then the profile list, then all", func() {
		Expect(supportedStrategies(profile, "override")).To(Equal([]gardencorev1beta1.MachineImageUpdateStrategy{patch, minor}))
		Expect(supportedStrategies(profile, "plain")).To(Equal([]gardencorev1beta1.MachineImageUpdateStrategy{patch, minor, major}))
		Expect(supportedStrategies(gardencorev1beta1.ExtensionProfileSpec{}, "plain")).To(Equal(allUpdateStrategies))
	})

	DescribeTable("#checkUpdateStrategy",
		func(componentName string, extension, comp *gardencorev1beta1.ExtensionAutoUpdate, expected field.ErrorList) {
			p := &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "ext"}, Spec: profile}
			Expect(checkUpdateStrategy(field.NewPath("ext"), field.NewPath("comp"), p, componentName, extension, comp)).To(Equal(expected))
		},
		Entry("supported", "override", nil, auto(nil, ptr.To(patch)), nil),
		Entry("component request", "override", nil, auto(nil, ptr.To(major)),
			field.ErrorList{field.NotSupported(field.NewPath("comp", "autoUpdate", "updateStrategy"), "major", []gardencorev1beta1.MachineImageUpdateStrategy{patch, minor})}),
		Entry("extension request", "override", auto(nil, ptr.To(major)), nil,
			field.ErrorList{field.NotSupported(field.NewPath("ext", "autoUpdate", "updateStrategy"), "major", []gardencorev1beta1.MachineImageUpdateStrategy{patch, minor})}),
		Entry("profile default allowed by the profile list", "plain", nil, nil, nil),
	)

	DescribeTable("#checkUpdateStrategy names the profile when its own default is unsupported",
		func(change func(*gardencorev1beta1.ExtensionProfileSpec), componentName, detail string) {
			change(&profile)
			p := &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "ext"}, Spec: profile}
			Expect(checkUpdateStrategy(field.NewPath("ext"), field.NewPath("comp"), p, componentName, nil, nil)).To(Equal(field.ErrorList{field.Invalid(field.NewPath("comp"), componentName, detail)}))
		},
		Entry("the component's default",
			func(p *gardencorev1beta1.ExtensionProfileSpec) {
				p.Components[0].UpdateStrategy.Default = ptr.To(major)
			}, "override",
			`the default update strategy "major" of component override in ExtensionProfile "ext" is not supported for component override (supported: "patch", "minor"); set autoUpdate.updateStrategy to a supported strategy`),
		Entry("the profile's default",
			func(p *gardencorev1beta1.ExtensionProfileSpec) {
				p.UpdateStrategy.Supported = []gardencorev1beta1.MachineImageUpdateStrategy{minor}
			}, "plain",
			`the default update strategy "major" of ExtensionProfile "ext" is not supported for component plain (supported: "minor"); set autoUpdate.updateStrategy to a supported strategy`),
		Entry("the fallback",
			func(p *gardencorev1beta1.ExtensionProfileSpec) {
				p.UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Supported: []gardencorev1beta1.MachineImageUpdateStrategy{major}}
			}, "plain",
			`the fallback update strategy "patch" (ExtensionProfile "ext" sets no default) is not supported for component plain (supported: "major"); set autoUpdate.updateStrategy to a supported strategy`),
	)

	DescribeTable("#AutoUpdatePolicy renders what maintenance applies",
		func(componentName string, extension, comp *gardencorev1beta1.ExtensionAutoUpdate, expected string) {
			Expect(AutoUpdatePolicy(profile, componentName, extension, comp)).To(Equal(expected))
		},
		Entry("the profile's default", "plain", nil, nil, "on, major (profile)"),
		Entry("the component's default, turned off on the extension", "override", auto(ptr.To(false), nil), nil, "off, minor (profileComponent)"),
		Entry("the component's request", "override", nil, auto(nil, ptr.To(patch)), "on, patch (component)"),
		Entry("an unsupported request and its fallback", "override", auto(nil, ptr.To(major)), nil, "on, major unsupported, minor (profileComponent)"),
		Entry("into preview", "plain", &gardencorev1beta1.ExtensionAutoUpdate{Classifications: []gardencorev1beta1.VersionClassification{preview, supported}}, nil,
			"on, major (profile), into preview"),
		Entry("an unknown component", "unknown", nil, nil, "on, major (profile)"),
	)

	It("#AutoUpdatePolicy falls back to patch without any setting", func() {
		Expect(AutoUpdatePolicy(gardencorev1beta1.ExtensionProfileSpec{}, "x", nil, nil)).To(Equal("on, patch (fallback)"))
	})
})
