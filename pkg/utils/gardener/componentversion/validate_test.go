// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"errors"
	"reflect"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("autoUpdateEqual", func() {
	It("compares every field of ExtensionAutoUpdate", func() {
		// autoUpdateEqual compares Enabled, UpdateStrategy and Classifications. A new field must be
		// added there (and to the cases below) before this passes again.
		Expect(reflect.TypeFor[gardencorev1beta1.ExtensionAutoUpdate]().NumField()).To(Equal(3))
	})

	It("decides as apiequality.Semantic.DeepEqual does", func() {
		minor, patch := gardencorev1beta1.UpdateStrategyMinor, gardencorev1beta1.UpdateStrategyPatch
		policies := []*gardencorev1beta1.ExtensionAutoUpdate{
			nil,
			{},
			{Enabled: ptr.To(true)},
			{Enabled: ptr.To(false)},
			{UpdateStrategy: &minor},
			{Enabled: ptr.To(true), UpdateStrategy: &minor},
			{Enabled: ptr.To(true), UpdateStrategy: &patch},
			{Classifications: []gardencorev1beta1.VersionClassification{}},
			{Classifications: []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported}},
			{Classifications: []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationSupported}},
			{Classifications: []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported, gardencorev1beta1.ClassificationPreview}},
			{Enabled: ptr.To(true), UpdateStrategy: &patch, Classifications: []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported}},
		}
		for _, a := range policies {
			for _, b := range policies {
				// Distinct pointers with equal contents.
				a, b := a.DeepCopy(), b.DeepCopy()
				Expect(autoUpdateEqual(a, b)).To(Equal(apiequality.Semantic.DeepEqual(a, b)), "%+v vs %+v", a, b)
			}
		}
	})
})

var _ = Describe("ValidatePins", func() {
	const falcoType = "shoot-falco-service"
	var (
		ctx     = context.Background()
		profile *gardencorev1beta1.ExtensionProfile
		lookups map[string]int
		req     AdmissionRequest
	)

	rule := func(expression, message string) *gardencorev1beta1.ComponentCompatibility {
		return &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{{Rule: expression, Message: message}}}
	}
	shootWith := func(kubernetes string, extensions ...gardencorev1beta1.Extension) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Kubernetes: gardencorev1beta1.Kubernetes{Version: kubernetes}, Extensions: extensions}}
	}
	falco := func(version string) gardencorev1beta1.Extension {
		return gardencorev1beta1.Extension{Type: falcoType, Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To(version)}}}
	}
	// validate runs ValidatePins on shoot, as an update of old when old is set, and renders the errors.
	validate := func(shoot, old *gardencorev1beta1.Shoot) ([]string, []string) {
		req.Shoot = shoot
		if old != nil {
			req.Update, req.OldExtensions = true, old.Spec.Extensions
			req.OldShoot = func() (*gardencorev1beta1.Shoot, error) { return old, nil }
		}
		errs, warnings, err := ValidatePins(ctx, req)
		Expect(err).NotTo(HaveOccurred())
		var messages []string
		for _, e := range errs {
			messages = append(messages, e.Error())
		}
		return messages, warnings
	}

	BeforeEach(func() {
		profile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: falcoType, Generation: 1},
			Spec: gardencorev1beta1.ExtensionProfileSpec{
				UpdateStrategy: &gardencorev1beta1.ExtensionUpdateStrategy{Supported: []gardencorev1beta1.MachineImageUpdateStrategy{patch, minor}},
				Components: []gardencorev1beta1.ExtensionProfileComponent{
					{Name: "falco", Versions: []gardencorev1beta1.ExtensionComponentVersion{
						{Version: "0.40.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(supported, nil), stage(gardencorev1beta1.ClassificationExpired, at(-1))}},
						{Version: "0.41.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(supported, nil), stage(gardencorev1beta1.ClassificationDeprecated, at(-1)), stage(gardencorev1beta1.ClassificationExpired, at(10))}},
						{Version: "0.42.0", Compatibility: rule("semver(shoot.spec.kubernetes.version).compareTo(semver('1.35.0')) >= 0", "falco 0.42.0 needs Kubernetes 1.35")},
						{Version: "0.43.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(preview, nil)}},
					}},
					{Name: "sidekick", Versions: []gardencorev1beta1.ExtensionComponentVersion{
						{Version: "1.0.0", Compatibility: rule("semver(shoot.spec.kubernetes.version).isLessThan(semver('1.36.0'))", "sidekick 1.0.0 needs Kubernetes below 1.36")},
					}},
				},
			},
		}
		lookups = map[string]int{}
		req = AdmissionRequest{
			Profile: func(_ context.Context, extensionType string) (*gardencorev1beta1.ExtensionProfile, error) {
				lookups[extensionType]++
				if extensionType == falcoType {
					return profile, nil
				}
				return nil, nil
			},
			Rules: celutils.NewCache(),
			Now:   now,
		}
	})

	DescribeTable("a new Shoot",
		func(shoot *gardencorev1beta1.Shoot, errs, warnings []string) {
			gotErrs, gotWarnings := validate(shoot, nil)
			Expect(gotErrs).To(Equal(errs))
			Expect(gotWarnings).To(Equal(warnings))
		},
		Entry("a supported version whose rules hold", shootWith("1.35.1", falco("0.42.0")), nil, nil),
		Entry("an entry without version", shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco"}}}), nil, nil),
		Entry("a version the profile does not list", shootWith("1.35.1", falco("9.9.9")),
			[]string{`spec.extensions[0].components[0].version: Unsupported value: "9.9.9": supported values: "0.41.0 (deprecated)", "0.42.0", "0.43.0 (preview)"`}, nil),
		Entry("an expired version", shootWith("1.35.1", falco("0.40.0")),
			[]string{`spec.extensions[0].components[0].version: Invalid value: "0.40.0": version 0.40.0 of component falco is expired (since 2026-11-28T00:00:00Z); versions that can be pinned: 0.41.0 (deprecated), 0.42.0, 0.43.0 (preview)`}, nil),
		Entry("a deprecated version: a warning naming its expiry and the force path's target", shootWith("1.35.1", falco("0.41.0")), nil,
			[]string{"component falco of extension shoot-falco-service is pinned to deprecated version 0.41.0; it expires at 2026-12-09T00:00:00Z and is then force-upgraded in the next maintenance window (to 0.42.0 as the profile stands)"}),
		Entry("a preview version: a warning", shootWith("1.35.1", falco("0.43.0")), nil,
			[]string{"component falco of extension shoot-falco-service is pinned to preview version 0.43.0, which is excluded from defaulting and auto-updates"}),
		Entry("a version whose rule fails", shootWith("1.34.2", falco("0.42.0")),
			[]string{`spec.extensions[0].components[0].version: Invalid value: "0.42.0": falco 0.42.0 needs Kubernetes 1.35`}, nil),
		Entry("a rejected version is not evaluated", shootWith("1.34.2", falco("0.40.0")),
			[]string{`spec.extensions[0].components[0].version: Invalid value: "0.40.0": version 0.40.0 of component falco is expired (since 2026-11-28T00:00:00Z); versions that can be pinned: 0.41.0 (deprecated), 0.42.0, 0.43.0 (preview)`}, nil),
		Entry("a component the profile does not list", shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, Components: []gardencorev1beta1.ExtensionComponent{{Name: "falcoctl", Version: ptr.To("1.0.0")}}}),
			[]string{`spec.extensions[0].components[0].name: Unsupported value: "falcoctl": supported values: "falco", "sidekick"`}, nil),
		Entry("a type without ExtensionProfile", shootWith("1.35.1", gardencorev1beta1.Extension{Type: "shoot-dns-service", Components: []gardencorev1beta1.ExtensionComponent{{Name: "dns", Version: ptr.To("1.0.0")}}}),
			[]string{`spec.extensions[0].components[0]: Invalid value: "dns": no ExtensionProfile "shoot-dns-service" exists; component versions can only be pinned for extension types with a profile`}, nil),
		Entry("a disabled extension: one error for all its pins", shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, Disabled: ptr.To(true),
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.42.0")}, {Name: "sidekick", Version: ptr.To("1.0.0")}}}),
			[]string{"spec.extensions[0].components: Forbidden: component versions cannot be pinned for a disabled extension"}, nil),
		Entry("a strategy the component does not support, on the component", shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, Components: []gardencorev1beta1.ExtensionComponent{
			{Name: "falco", Version: ptr.To("0.42.0"), AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(major)}}}}),
			[]string{`spec.extensions[0].components[0].autoUpdate.updateStrategy: Unsupported value: "major": supported values: "patch", "minor"`}, nil),
		Entry("a strategy the extension requests for two pins: one error", shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType,
			AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(major)},
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.42.0")}, {Name: "sidekick", Version: ptr.To("1.0.0")}}}),
			[]string{`spec.extensions[0].autoUpdate.updateStrategy: Unsupported value: "major": supported values: "patch", "minor"`}, nil),
	)

	It("rejects a new pin of a profile that is being deleted", func() {
		profile.DeletionTimestamp = &metav1.Time{Time: now}
		errs, _ := validate(shootWith("1.35.1", falco("0.42.0")), nil)
		Expect(errs).To(Equal([]string{`spec.extensions[0].components[0]: Forbidden: ExtensionProfile "shoot-falco-service" is being deleted; new component versions cannot be pinned`}))
	})

	DescribeTable("an update",
		func(old, shoot *gardencorev1beta1.Shoot, errs, warnings []string) {
			gotErrs, gotWarnings := validate(shoot, old)
			Expect(gotErrs).To(Equal(errs))
			Expect(gotWarnings).To(Equal(warnings))
		},
		Entry("an unchanged expired pin is not checked again", shootWith("1.35.1", falco("0.40.0")), shootWith("1.35.1", falco("0.40.0")), nil, nil),
		Entry("an unchanged pin of a type without profile is left alone",
			shootWith("1.35.1", gardencorev1beta1.Extension{Type: "shoot-dns-service", Components: []gardencorev1beta1.ExtensionComponent{{Name: "dns", Version: ptr.To("1.0.0")}}}),
			shootWith("1.35.2", gardencorev1beta1.Extension{Type: "shoot-dns-service", Components: []gardencorev1beta1.ExtensionComponent{{Name: "dns", Version: ptr.To("1.0.0")}}}), nil, nil),
		Entry("a downgrade is told", shootWith("1.35.1", falco("0.42.0")), shootWith("1.35.1", falco("0.41.0")), nil, []string{
			"component falco of extension shoot-falco-service is pinned to deprecated version 0.41.0; it expires at 2026-12-09T00:00:00Z and is then force-upgraded in the next maintenance window (to 0.42.0 as the profile stands)",
			"component falco of extension shoot-falco-service is downgraded from 0.42.0 to 0.41.0; the extension deploys the older version",
		}),
		Entry("a rule that failed before on the same version stays allowed", shootWith("1.34.1", falco("0.42.0")), shootWith("1.34.2", falco("0.42.0")), nil, nil),
		Entry("a rule the change breaks is rejected", shootWith("1.35.1", falco("0.42.0")), shootWith("1.34.2", falco("0.42.0")),
			[]string{`spec.extensions[0].components[0].version: Invalid value: "0.42.0": falco 0.42.0 needs Kubernetes 1.35`}, nil),
		Entry("a changed version has no baseline", shootWith("1.34.1", falco("0.41.0")), shootWith("1.34.1", falco("0.42.0")),
			[]string{`spec.extensions[0].components[0].version: Invalid value: "0.42.0": falco 0.42.0 needs Kubernetes 1.35`}, nil),
		Entry("a pin the old Shoot had on a disabled extension has no baseline",
			shootWith("1.34.1", gardencorev1beta1.Extension{Type: falcoType, Disabled: ptr.To(true), Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.42.0")}}}),
			shootWith("1.34.1", falco("0.42.0")),
			[]string{`spec.extensions[0].components[0].version: Invalid value: "0.42.0": falco 0.42.0 needs Kubernetes 1.35`}, nil),
		Entry("a changed version alone does not check a stored unsupported strategy",
			shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(major)}, Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.41.0")}}}),
			shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(major)}, Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.42.0")}}}),
			nil, nil),
		Entry("a changed autoUpdate checks the strategy",
			shootWith("1.35.1", falco("0.42.0")),
			shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(major)}, Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.42.0")}}}),
			[]string{`spec.extensions[0].autoUpdate.updateStrategy: Unsupported value: "major": supported values: "patch", "minor"`}, nil),
		Entry("unchanged pins of a disabled extension are left alone",
			shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, Disabled: ptr.To(true), Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.40.0")}}}),
			shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, Disabled: ptr.To(true), Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.40.0")}}}),
			nil, nil),
		Entry("an unchanged pin of a component the profile no longer lists is left alone",
			shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, Components: []gardencorev1beta1.ExtensionComponent{{Name: "falcoctl", Version: ptr.To("1.0.0")}}}),
			shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, Components: []gardencorev1beta1.ExtensionComponent{{Name: "falcoctl", Version: ptr.To("1.0.0")}}}),
			nil, nil),
		Entry("removing the version is no change", shootWith("1.35.1", falco("0.40.0")),
			shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco"}}}), nil, nil),
	)

	Context("a maintenance write", func() {
		var cloudProfile *gardencorev1beta1.CloudProfile
		sidekick := func(kubernetes string) *gardencorev1beta1.Shoot {
			return shootWith(kubernetes, gardencorev1beta1.Extension{Type: falcoType, Components: []gardencorev1beta1.ExtensionComponent{{Name: "sidekick", Version: ptr.To("1.0.0")}}})
		}

		BeforeEach(func() {
			cloudProfile = &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{
				{Version: "1.35.1", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(supported, nil), stage(gardencorev1beta1.ClassificationExpired, at(-1))}},
				{Version: "1.35.2"},
				{Version: "1.36.0"},
			}}}}
			req.Maintenance = true
			req.CloudProfile = func(*gardencorev1beta1.Shoot) *gardencorev1beta1.CloudProfile { return cloudProfile }
		})

		It("warns instead of rejecting a rule that only the forced Kubernetes update breaks", func() {
			errs, warnings := validate(sidekick("1.36.0"), sidekick("1.35.1"))
			Expect(errs).To(BeEmpty())
			Expect(warnings).To(Equal([]string{"component sidekick of extension shoot-falco-service keeps version 1.0.0, which the update forced by shoot maintenance " +
				"(Kubernetes version 1.35.1 to 1.36.0 (Kubernetes version expired - force update required)) makes incompatible: sidekick 1.0.0 needs Kubernetes below 1.36"}))
		})

		It("rejects it when the Kubernetes update is voluntary", func() {
			errs, _ := validate(sidekick("1.36.0"), sidekick("1.35.2"))
			Expect(errs).To(Equal([]string{`spec.extensions[0].components[0].version: Invalid value: "1.0.0": sidekick 1.0.0 needs Kubernetes below 1.36`}))
		})

		It("rejects it without CloudProfile", func() {
			req.CloudProfile = func(*gardencorev1beta1.Shoot) *gardencorev1beta1.CloudProfile { return nil }
			errs, _ := validate(sidekick("1.36.0"), sidekick("1.35.1"))
			Expect(errs).To(HaveLen(1))
		})

		It("rejects it for any other writer", func() {
			req.Maintenance = false
			errs, _ := validate(sidekick("1.36.0"), sidekick("1.35.1"))
			Expect(errs).To(HaveLen(1))
		})
	})

	It("reads each profile once and never the old Shoot while every rule holds", func() {
		req.Update, req.OldExtensions = true, []gardencorev1beta1.Extension{falco("0.41.0")}
		req.OldShoot = func() (*gardencorev1beta1.Shoot, error) {
			Fail("the old Shoot is only a baseline of a failing rule")
			return nil, nil
		}
		shoot := shootWith("1.35.1", gardencorev1beta1.Extension{Type: falcoType, Components: []gardencorev1beta1.ExtensionComponent{
			{Name: "falco", Version: ptr.To("0.42.0")}, {Name: "sidekick", Version: ptr.To("1.0.0")}}})
		req.Shoot = shoot
		errs, warnings, err := ValidatePins(ctx, req)
		Expect(err).NotTo(HaveOccurred())
		Expect(errs).To(BeEmpty())
		Expect(warnings).To(BeEmpty())
		Expect(lookups).To(Equal(map[string]int{falcoType: 1}))
	})

	It("treats an old Shoot it cannot read as no baseline", func() {
		req.Update, req.OldExtensions = true, []gardencorev1beta1.Extension{falco("0.42.0")}
		req.OldShoot = func() (*gardencorev1beta1.Shoot, error) { return nil, errors.New("cannot convert") }
		req.Shoot = shootWith("1.34.2", falco("0.42.0"))
		errs, _, err := ValidatePins(ctx, req)
		Expect(err).NotTo(HaveOccurred())
		Expect(errs).To(HaveLen(1))
	})

	It("returns the profile look-up's error with the errors so far", func() {
		req.Profile = func(_ context.Context, extensionType string) (*gardencorev1beta1.ExtensionProfile, error) {
			if extensionType == "broken" {
				return nil, errors.New("cache not synced")
			}
			return nil, nil
		}
		req.Shoot = shootWith("1.35.1",
			gardencorev1beta1.Extension{Type: "shoot-dns-service", Components: []gardencorev1beta1.ExtensionComponent{{Name: "dns", Version: ptr.To("1.0.0")}}},
			gardencorev1beta1.Extension{Type: "broken", Components: []gardencorev1beta1.ExtensionComponent{{Name: "b", Version: ptr.To("1.0.0")}}})
		errs, _, err := ValidatePins(ctx, req)
		Expect(err).To(MatchError("cache not synced"))
		Expect(errs).To(HaveLen(1))
	})
})

var _ = Describe("pin comparisons", func() {
	pins := func(extensions ...gardencorev1beta1.Extension) []v1beta1helper.ComponentPin {
		return v1beta1helper.ComponentPins(extensions)
	}
	entry := func(version *string) gardencorev1beta1.Extension {
		return gardencorev1beta1.Extension{Type: "t", Components: []gardencorev1beta1.ExtensionComponent{{Name: "c", Version: version}}}
	}

	DescribeTable("#pinChanged and #newlyPinned",
		func(old []gardencorev1beta1.Extension, current gardencorev1beta1.Extension, changed, newly bool) {
			pin := pins(current)[0]
			Expect(pinChanged(pins(old...), pin)).To(Equal(changed))
			Expect(newlyPinned(pins(old...), pin)).To(Equal(newly))
		},
		Entry("a new entry", nil, entry(ptr.To("1.0.0")), true, true),
		Entry("the same version", []gardencorev1beta1.Extension{entry(ptr.To("1.0.0"))}, entry(ptr.To("1.0.0")), false, false),
		Entry("another version (what maintenance writes)", []gardencorev1beta1.Extension{entry(ptr.To("1.0.0"))}, entry(ptr.To("1.0.1")), true, false),
		Entry("a version where there was none", []gardencorev1beta1.Extension{entry(nil)}, entry(ptr.To("1.0.0")), true, true),
		Entry("a removed version", []gardencorev1beta1.Extension{entry(ptr.To("1.0.0"))}, entry(nil), false, false),
	)

	DescribeTable("#autoUpdateChanged",
		func(old []gardencorev1beta1.Extension, update bool, current gardencorev1beta1.Extension, expected bool) {
			Expect(autoUpdateChanged(old, update, &current, pins(current)[0])).To(Equal(expected))
		},
		Entry("everything on create", []gardencorev1beta1.Extension{entry(ptr.To("1.0.0"))}, false, entry(ptr.To("1.0.0")), true),
		Entry("unchanged", []gardencorev1beta1.Extension{entry(ptr.To("1.0.0"))}, true, entry(ptr.To("1.0.1")), false),
		Entry("a new extension", nil, true, entry(ptr.To("1.0.0")), true),
		Entry("a new component entry", []gardencorev1beta1.Extension{{Type: "t"}}, true, entry(ptr.To("1.0.0")), true),
		Entry("the extension's autoUpdate", []gardencorev1beta1.Extension{entry(ptr.To("1.0.0"))}, true,
			gardencorev1beta1.Extension{Type: "t", AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(false)}, Components: entry(ptr.To("1.0.0")).Components}, true),
		Entry("the component's autoUpdate", []gardencorev1beta1.Extension{entry(ptr.To("1.0.0"))}, true,
			gardencorev1beta1.Extension{Type: "t", Components: []gardencorev1beta1.ExtensionComponent{{Name: "c", Version: ptr.To("1.0.0"), AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(minor)}}}}, true),
	)
})
