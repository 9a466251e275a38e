// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("validateChannelPin", func() {
	fleet := channelFleet()

	Describe("#validateChannelPin", func() {
		versionPath, channelPath := field.NewPath("v"), field.NewPath("c")
		DescribeTable("an explicit version must be the channel's",
			func(channel gardencorev1beta1.ReleaseChannel, pinned, expected, errDetail string) {
				version, err := validateChannelPin(versionPath, channelPath, fleet, channel, pinned, now, soak)
				if errDetail != "" {
					Expect(err).To(HaveOccurred())
					Expect(err.Error()).To(ContainSubstring(errDetail))
					return
				}
				Expect(err).To(BeNil())
				Expect(version).To(Equal(expected))
			},
			Entry("the channel's version", regular, "0.42.0", "0.42.0", ""),
			Entry("with a leading v", regular, "v0.42.0", "0.42.0", ""),
			Entry("a partial version it matches", stable, "0.41", "0.41.0", ""),
			Entry("rapid takes the preview", rapid, "0.43", "0.43.0", ""),
			Entry("another version", stable, "0.42.0", "", `v: Invalid value: "0.42.0": the component follows the stable channel, which gives 0.41.0 now`),
			Entry("a partial version it does not match", regular, "0.41", "", "which gives 0.42.0 now"),
		)

		It("reports a channel without version on the channel's path", func() {
			_, err := validateChannelPin(versionPath, channelPath, channelComponent(cv("1.0.0", lc(preview, -day))), stable, "1.0.0", now, soak)
			Expect(err).To(HaveOccurred())
			Expect(err.Field).To(Equal("c"))
			Expect(err.Detail).To(Equal(`the stable channel of component "falco" has no version now: it takes the highest version classified supported for at least 168h0m0s`))
		})
	})
})

var _ = Describe("resolveChannels", func() {
	const falcoType = "shoot-falco-service"
	var profile *gardencorev1beta1.ExtensionProfile

	BeforeEach(func() {
		profile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: falcoType, Generation: 1},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
				channelFleet(),
				{Name: "sidekick", Versions: []gardencorev1beta1.ExtensionComponentVersion{cv("2.0.0")}},
				{Name: "previews", Versions: []gardencorev1beta1.ExtensionComponentVersion{cv("0.1.0", lc(preview, -day))}},
			}},
		}
	})

	extension := func(channel *gardencorev1beta1.ReleaseChannel, components ...gardencorev1beta1.ExtensionComponent) gardencorev1beta1.Extension {
		return gardencorev1beta1.Extension{Type: falcoType, Channel: channel, Components: components}
	}
	entry := func(name string, version *string, channel *gardencorev1beta1.ReleaseChannel) gardencorev1beta1.ExtensionComponent {
		return gardencorev1beta1.ExtensionComponent{Name: name, Version: version, Channel: channel}
	}
	resolve := func(extensions, old []gardencorev1beta1.Extension) ([]StoredVersion, []string) {
		stored, errs, _, err := ResolvePins(context.Background(), MutationRequest{
			Extensions: extensions, OldExtensions: old,
			Shoot: func() (*gardencorev1beta1.Shoot, error) { return &gardencorev1beta1.Shoot{}, nil },
			Profile: func(_ context.Context, extensionType string) (*gardencorev1beta1.ExtensionProfile, error) {
				if extensionType == falcoType {
					return profile, nil
				}
				return nil, nil
			},
			Rules: celutils.NewCache(), Now: now, StableChannelSoakPeriod: soak,
		})
		Expect(err).NotTo(HaveOccurred())
		var messages []string
		for _, e := range errs {
			messages = append(messages, e.Error())
		}
		return stored, messages
	}

	DescribeTable("stores the channel's version",
		func(extensions, old []gardencorev1beta1.Extension, stored []StoredVersion, errs []string) {
			gotStored, gotErrs := resolve(extensions, old)
			Expect(gotStored).To(Equal(stored))
			Expect(gotErrs).To(Equal(errs))
		},
		Entry("a new extension channel covers every component of the profile",
			[]gardencorev1beta1.Extension{extension(ptr.To(regular), entry("falco", nil, nil))}, nil,
			[]StoredVersion{
				{ExtensionIndex: 0, ComponentIndex: 0, Component: "falco", Version: "0.42.0"},
				{ExtensionIndex: 0, ComponentIndex: 1, Component: "sidekick", Version: "2.0.0"},
			}, []string{`spec.extensions[0].channel: Invalid value: "regular": the regular channel of component "previews" has no version now: it takes the highest version classified supported`}),
		Entry("a component's own channel", []gardencorev1beta1.Extension{extension(nil, entry("falco", nil, ptr.To(stable)))}, nil,
			[]StoredVersion{{ExtensionIndex: 0, ComponentIndex: 0, Component: "falco", Version: "0.41.0"}}, nil),
		Entry("a partial version the channel's matches", []gardencorev1beta1.Extension{extension(nil, entry("falco", ptr.To("0.42"), ptr.To(regular)))}, nil,
			[]StoredVersion{{ExtensionIndex: 0, ComponentIndex: 0, Component: "falco", Version: "0.42.0"}}, nil),
		Entry("another version than the channel's", []gardencorev1beta1.Extension{extension(nil, entry("falco", ptr.To("0.41.0"), ptr.To(regular)))}, nil,
			nil, []string{`spec.extensions[0].components[0].version: Invalid value: "0.41.0": the component follows the regular channel, which gives 0.42.0 now: omit the version, set 0.42.0, or remove the channel to pin another version`}),
		Entry("a component channel without version", []gardencorev1beta1.Extension{extension(nil, entry("previews", nil, ptr.To(stable)))}, nil,
			nil, []string{`spec.extensions[0].components[0].channel: Invalid value: "stable": the stable channel of component "previews" has no version now: it takes the highest version classified supported for at least 168h0m0s`}),
		Entry("an unchanged entry keeps its version",
			[]gardencorev1beta1.Extension{extension(nil, entry("falco", ptr.To("0.40.0"), ptr.To(regular)))},
			[]gardencorev1beta1.Extension{extension(nil, entry("falco", ptr.To("0.40.0"), ptr.To(regular)))}, nil, nil),
		Entry("a changed channel keeps the stored version for maintenance to move",
			[]gardencorev1beta1.Extension{extension(nil, entry("falco", ptr.To("0.43.0"), ptr.To(stable)))},
			[]gardencorev1beta1.Extension{extension(nil, entry("falco", ptr.To("0.43.0"), ptr.To(rapid)))}, nil, nil),
		Entry("a version changed together with the channel must be the channel's",
			[]gardencorev1beta1.Extension{extension(nil, entry("falco", ptr.To("0.43.0"), ptr.To(stable)))},
			[]gardencorev1beta1.Extension{extension(nil, entry("falco", ptr.To("0.42.0"), ptr.To(rapid)))},
			nil, []string{`spec.extensions[0].components[0].version: Invalid value: "0.43.0": the component follows the stable channel, which gives 0.41.0 now: omit the version, set 0.41.0, or remove the channel to pin another version`}),
		Entry("an entry that drops its version gets the old one back, not the channel's",
			[]gardencorev1beta1.Extension{extension(nil, entry("falco", nil, ptr.To(regular)))},
			[]gardencorev1beta1.Extension{extension(nil, entry("falco", ptr.To("0.40.0"), ptr.To(regular)))},
			[]StoredVersion{{ExtensionIndex: 0, ComponentIndex: 0, Component: "falco", Version: "0.40.0"}}, nil),
		Entry("a new channel of a type without profile",
			[]gardencorev1beta1.Extension{{Type: "shoot-dns-service", Channel: ptr.To(stable)}}, nil,
			nil, []string{`spec.extensions[0].type: Invalid value: "shoot-dns-service": no ExtensionProfile "shoot-dns-service" exists; release channels can only be followed for extension types with a profile`}),
		Entry("a new component channel of a type without profile",
			[]gardencorev1beta1.Extension{{Type: "shoot-dns-service", Components: []gardencorev1beta1.ExtensionComponent{entry("dns", nil, ptr.To(stable))}}},
			[]gardencorev1beta1.Extension{{Type: "shoot-dns-service", Components: []gardencorev1beta1.ExtensionComponent{entry("dns", nil, nil)}}},
			nil, []string{`spec.extensions[0].type: Invalid value: "shoot-dns-service": no ExtensionProfile "shoot-dns-service" exists; release channels can only be followed for extension types with a profile`}),
		Entry("an unchanged channel of a type without profile",
			[]gardencorev1beta1.Extension{{Type: "shoot-dns-service", Channel: ptr.To(stable)}},
			[]gardencorev1beta1.Extension{{Type: "shoot-dns-service", Channel: ptr.To(stable)}}, nil, nil),
		Entry("a disabled extension is left alone",
			[]gardencorev1beta1.Extension{{Type: falcoType, Disabled: ptr.To(true), Channel: ptr.To(regular)}}, nil, nil, nil),
		Entry("a component the profile does not list is left alone",
			[]gardencorev1beta1.Extension{extension(nil, entry("falcoctl", nil, ptr.To(regular)))}, nil, nil, nil),
	)

	It("leaves the entries of a profile that is being deleted alone", func() {
		profile.DeletionTimestamp = &metav1.Time{Time: now}
		stored, errs := resolve([]gardencorev1beta1.Extension{extension(ptr.To(regular), entry("falco", nil, nil))}, nil)
		Expect(stored).To(BeEmpty())
		Expect(errs).To(BeEmpty())
	})
})

var _ = Describe("resolveChannelVersion", func() {
	previews := channelComponent(cv("0.1.0", lc(gardencorev1beta1.ClassificationDeprecated, -day)))

	DescribeTable("names what a channel without version takes",
		func(channel gardencorev1beta1.ReleaseChannel, detail string) {
			_, err := resolveChannelVersion(field.NewPath("c"), previews, channel, now, soak)
			Expect(err).To(Equal(field.Invalid(field.NewPath("c"), channel, detail)))
		},
		Entry("rapid", rapid, `the rapid channel of component "falco" has no version now: it takes the highest version classified preview or supported`),
		Entry("regular", regular, `the regular channel of component "falco" has no version now: it takes the highest version classified supported`),
		Entry("stable", stable, `the stable channel of component "falco" has no version now: it takes the highest version classified supported for at least 168h0m0s`),
	)

	It("returns the channel's version", func() {
		version, err := resolveChannelVersion(field.NewPath("c"), channelFleet(), stable, now, soak)
		Expect(err).To(BeNil())
		Expect(version).To(Equal("0.41.0"))
	})
})
