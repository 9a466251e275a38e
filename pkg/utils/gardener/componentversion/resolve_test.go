// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("ResolvePins", func() {
	var (
		ctx     = context.Background()
		profile *gardencorev1beta1.ExtensionProfile
		req     MutationRequest
	)

	rule := func(expression, message string) *gardencorev1beta1.ComponentCompatibility {
		return &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{{Rule: expression, Message: message}}}
	}

	BeforeEach(func() {
		// agent 1.1.0 holds only when the Shoot stores sidekick 2.0.0; 1.2.0 never holds.
		agent := gardencorev1beta1.ExtensionProfileComponent{Name: "agent", Versions: []gardencorev1beta1.ExtensionComponentVersion{
			{Version: "1.0.0"},
			{Version: "1.1.0", Compatibility: rule("shoot.spec.extensions.exists(e, e.components.exists(c, c.name == 'sidekick' && c.version == '2.0.0'))", "needs sidekick 2.0.0")},
			{Version: "1.2.0", Compatibility: rule("shoot.spec.kubernetes.version == '9.9.9'", "needs Kubernetes 9.9.9")},
		}}
		sidekick := gardencorev1beta1.ExtensionProfileComponent{Name: "sidekick", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "2.0.0"}}}
		profile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service", Generation: 1},
			Spec:       gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{agent, sidekick}},
		}
		req = MutationRequest{
			// A new extension-level channel; agent keeps its own policy and changes "1.0.0" to "1".
			Extensions: []gardencorev1beta1.Extension{{
				Type:    "shoot-falco-service",
				Channel: ptr.To(gardencorev1beta1.ReleaseChannelRegular),
				Components: []gardencorev1beta1.ExtensionComponent{{
					Name: "agent", Version: ptr.To("1"),
					AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor)},
				}},
			}},
			OldExtensions: []gardencorev1beta1.Extension{{
				Type:       "shoot-falco-service",
				Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.0")}, {Name: "dropped", Version: ptr.To("0.1.0")}},
			}},
			// Without spec.extensions: ResolvePins puts in the entries resolved so far.
			Shoot: func() (*gardencorev1beta1.Shoot, error) {
				return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.34.2"}}}, nil
			},
			Profile: func(_ context.Context, extensionType string) (*gardencorev1beta1.ExtensionProfile, error) {
				if extensionType == profile.Name {
					return profile, nil
				}
				return nil, nil
			},
			Rules: celutils.NewCache(),
			Now:   now,
		}
	})

	DescribeTable("resolves the pins without changing the request",
		func(mutate func(*MutationRequest), want []StoredVersion, warnings ...any) {
			mutate(&req)
			before := make([]gardencorev1beta1.Extension, len(req.Extensions))
			for i := range req.Extensions {
				req.Extensions[i].DeepCopyInto(&before[i])
			}
			stored, allErrs, gotWarnings, err := ResolvePins(ctx, req)
			Expect(err).NotTo(HaveOccurred())
			Expect(allErrs).To(BeEmpty())
			Expect(stored).To(Equal(want))
			Expect(gotWarnings).To(HaveExactElements(warnings...))
			Expect(req.Extensions).To(Equal(before), "the request's entries are not modified")
		},
		Entry("adds the channel's entries, resolves partial pins against the entries resolved so far and warns about dropped pins",
			func(*MutationRequest) {},
			[]StoredVersion{
				{ExtensionIndex: 0, ComponentIndex: 1, Component: "sidekick", Version: "2.0.0"},
				{ExtensionIndex: 0, ComponentIndex: 0, Component: "agent", Version: "1.1.0"},
			},
			ContainSubstring("component dropped of extension shoot-falco-service is no longer pinned to 0.1.0: its entry was removed"),
		),
		Entry("keeps a stored version where the new entry sets none, and drops a leading v",
			func(req *MutationRequest) {
				req.Extensions[0].Channel = nil
				req.Extensions[0].Components = []gardencorev1beta1.ExtensionComponent{{Name: "agent"}, {Name: "sidekick", Version: ptr.To("v2.0.0")}}
			},
			[]StoredVersion{
				{ExtensionIndex: 0, ComponentIndex: 0, Component: "agent", Version: "1.0.0"},
				{ExtensionIndex: 0, ComponentIndex: 1, Component: "sidekick", Version: "2.0.0"},
			},
			ContainSubstring("component dropped of extension shoot-falco-service is no longer pinned to 0.1.0: its entry was removed"),
		),
	)

	DescribeTable("leaves pins to ValidatePins",
		func(mutate func(*MutationRequest)) {
			req.Extensions[0].Channel = nil
			mutate(&req)
			stored, allErrs, _, err := ResolvePins(ctx, req)
			Expect(err).NotTo(HaveOccurred())
			Expect(allErrs).To(BeEmpty())
			Expect(stored).To(BeEmpty())
		},
		Entry("of a disabled extension", func(req *MutationRequest) { req.Extensions[0].Disabled = ptr.To(true) }),
		Entry("of a type without profile", func(req *MutationRequest) { req.Extensions[0].Type, req.OldExtensions = "shoot-dns-service", nil }),
		Entry("of a profile being deleted", func(*MutationRequest) { profile.DeletionTimestamp = &metav1.Time{Time: now} }),
		Entry("of a component the profile does not list", func(req *MutationRequest) { req.Extensions[0].Components[0].Name = "falcoctl" }),
		Entry("that did not change", func(req *MutationRequest) { req.Extensions[0].Components[0].Version = ptr.To("1.0.0") }),
		Entry("that are full versions", func(req *MutationRequest) { req.Extensions[0].Components[0].Version = ptr.To("1.2.0") }),
	)

	DescribeTable("warns about dropped pins",
		func(extensions []gardencorev1beta1.Extension, warning string) {
			req.Extensions = extensions
			_, _, warnings, err := ResolvePins(ctx, req)
			Expect(err).NotTo(HaveOccurred())
			Expect(warnings).To(ContainElement(warning))
		},
		Entry("a removed extension", nil,
			"component agent of extension shoot-falco-service is no longer pinned to 1.0.0: the extension was removed from spec.extensions[]"),
		Entry("a removed entry", []gardencorev1beta1.Extension{{Type: "shoot-falco-service", Components: []gardencorev1beta1.ExtensionComponent{{Name: "dropped"}}}},
			"component agent of extension shoot-falco-service is no longer pinned to 1.0.0: its entry was removed from spec.extensions[].components[], so the extension deploys its own default version"),
	)

	It("keeps the old version of an entry whose version is empty", func() {
		req.Extensions[0].Channel = nil
		req.Extensions[0].Components[0].Version = ptr.To("")
		stored, allErrs, _, err := ResolvePins(ctx, req)
		Expect(err).NotTo(HaveOccurred())
		Expect(allErrs).To(BeEmpty())
		Expect(stored).To(Equal([]StoredVersion{{ExtensionIndex: 0, ComponentIndex: 0, Component: "agent", Version: "1.0.0"}}))
	})

	It("reports a Shoot it cannot read as an internal error on the pin", func() {
		req.Extensions[0].Channel = nil
		req.Shoot = func() (*gardencorev1beta1.Shoot, error) { return nil, errors.New("cannot convert") }
		_, allErrs, _, err := ResolvePins(ctx, req)
		Expect(err).NotTo(HaveOccurred())
		Expect(allErrs).To(HaveExactElements(And(
			HaveField("Type", field.ErrorTypeInternal),
			HaveField("Field", "spec.extensions[0].components[0].version"),
		)))
	})

	It("reports a partial pin without a suitable version on its path", func() {
		req.Extensions[0].Channel = nil
		req.Extensions[0].Components[0].Version = ptr.To("1.2")
		stored, allErrs, _, err := ResolvePins(ctx, req)
		Expect(err).NotTo(HaveOccurred())
		Expect(stored).To(BeEmpty())
		Expect(allErrs).To(HaveExactElements(And(
			HaveField("Type", field.ErrorTypeInvalid),
			HaveField("Field", "spec.extensions[0].components[0].version"),
			HaveField("Detail", ContainSubstring("needs Kubernetes 9.9.9")),
		)))
	})

	It("returns the profile look-up's error with the warnings so far", func() {
		lookupErr := errors.New("cache not synced")
		req.Profile = func(context.Context, string) (*gardencorev1beta1.ExtensionProfile, error) { return nil, lookupErr }
		_, _, warnings, err := ResolvePins(ctx, req)
		Expect(err).To(MatchError(lookupErr))
		Expect(warnings).To(HaveLen(1))
	})
})

var _ = Describe("resolvePartialVersion", func() {
	DescribeTable("#resolvePartialVersion",
		func(pinned string, at time.Time, resolved, errDetail string) {
			got, err := resolvePartialVersion(field.NewPath("version"), component, pinned, "", at, nil)
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

	It("#resolvePartialVersion picks 1.10.0 over 1.9.0 once both are supported", func() {
		c := gardencorev1beta1.ExtensionProfileComponent{Name: "c", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.10.0"}, {Version: "1.9.0"}}}
		got, err := resolvePartialVersion(field.NewPath("version"), c, "1", "", now, nil)
		Expect(err).To(BeNil())
		Expect(got).To(Equal("1.10.0"))
	})

	It("partial resolution and auto-update agree on pre-releases", func() {
		c := gardencorev1beta1.ExtensionProfileComponent{Name: "falco", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "0.44.1"}, {Version: "0.44.2-rc.1"}}}
		resolved, err := resolvePartialVersion(field.NewPath("version"), c, "0.44", "", now, nil)
		Expect(err).To(BeNil())
		Expect(resolved).To(Equal("0.44.1"))
		update, updateErr := versionUpdateFor(c, resolved, autoUpdatePolicy{enabled: true, updateStrategy: gardencorev1beta1.UpdateStrategyPatch}, now,
			func(string) ([]string, error) { return nil, nil })
		Expect(updateErr).NotTo(HaveOccurred())
		Expect(update.target).To(BeEmpty(), "patch auto-update must not pick the pre-release the partial pin skipped")
	})

	DescribeTable("#resolvePartialVersion of a changed pin: the highest qualifying match, never below a matching current version",
		func(pinned, current, resolved string) {
			got, err := resolvePartialVersion(field.NewPath("version"), component, pinned, current, now, nil)
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

	It("#resolvePartialVersion keeps a matching current version when only deprecated ones match", func() {
		c := gardencorev1beta1.ExtensionProfileComponent{Name: "c", Versions: []gardencorev1beta1.ExtensionComponentVersion{
			{Version: "0.42.1", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationDeprecated, nil)}},
			{Version: "0.44.1"},
		}}
		got, err := resolvePartialVersion(field.NewPath("version"), c, "0.42", "0.42.1", now, nil)
		Expect(err).To(BeNil())
		Expect(got).To(Equal("0.42.1"))
		_, err = resolvePartialVersion(field.NewPath("version"), c, "0.42", "", now, nil)
		Expect(err).NotTo(BeNil())
	})

	It("#resolvePartialVersion skips versions the compatibility rules reject and names them", func() {
		incompatible := func(version string) ([]string, error) {
			if version == "1.9.0" {
				return []string{"needs Kubernetes 1.36"}, nil
			}
			return nil, nil
		}
		got, err := resolvePartialVersion(field.NewPath("version"), component, "1", "", now, incompatible)
		Expect(err).To(BeNil())
		Expect(got).To(Equal("1.8.3"))

		_, err = resolvePartialVersion(field.NewPath("version"), component, "1.9", "", now, incompatible)
		Expect(err).To(MatchError(`version: Invalid value: "1.9": couldn't find a suitable version for "1.9": suitable versions are classified supported and match "1.9" (preview and deprecated versions have to be pinned explicitly); the compatibility rules of the Shoot reject 1.9.0 (needs Kubernetes 1.36); versions that can be pinned: 1.9.1 (preview), 1.9.0, 1.8.4 (deprecated), 1.8.3`))

		got, err = resolvePartialVersion(field.NewPath("version"), component, "1.9", "1.9.0", now, incompatible)
		Expect(err).To(BeNil())
		Expect(got).To(Equal("1.9.0"), "a matching current version is kept; Validate checks its rules old-vs-new")
	})

	It("#resolvePartialVersion reports a failing compatibility evaluation as an internal error", func() {
		_, err := resolvePartialVersion(field.NewPath("version"), component, "1", "", now, func(string) ([]string, error) { return nil, errors.New("boom") })
		Expect(err).To(MatchError(ContainSubstring("Internal error: boom")))
	})

	It("#resolvePartialVersion says when nothing can be pinned", func() {
		c := gardencorev1beta1.ExtensionProfileComponent{Name: "c", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationExpired, nil)}}}}
		_, err := resolvePartialVersion(field.NewPath("version"), c, "1", "", now, nil)
		Expect(err.Detail).To(HaveSuffix("; no version of component c can be pinned at the moment"))
	})
})
