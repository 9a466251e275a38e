// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion_test

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	. "github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
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
