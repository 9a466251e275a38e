// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/authentication/user"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
)

var _ = Describe("ShootExtensionProfile #Validate", func() {
	var (
		ctx       context.Context
		warnings  *recorder
		factory   gardencoreinformers.SharedInformerFactory
		admitter  *ShootExtensionProfile
		fakeClock *testclock.FakePassiveClock

		admitAndValidate = func(a admission.Attributes) error { return admitThenValidate(ctx, admitter, a) }
		addProfile       = func(profile *gardencorev1beta1.ExtensionProfile) {
			GinkgoHelper()
			Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(profile)).To(Succeed())
		}
	)

	BeforeEach(func() {
		ctx, warnings, factory, admitter, fakeClock = newPlugin()
	})

	DescribeTable("pins on create",
		func(detail string, extensions ...core.Extension) {
			err := admitter.Validate(ctx, attributes(shootWith(extensions...), nil, admission.Create, ""), nil)
			if detail == "" {
				Expect(err).NotTo(HaveOccurred())
				return
			}
			Expect(apierrors.IsForbidden(err)).To(BeTrue())
			Expect(err).To(MatchError(forbidden("test", detail)))
		},
		Entry("supported version", "", traefik("3.6.13")),
		Entry("supported version without a lifecycle", "", traefik("3.6.11")),
		Entry("deprecated version", "", traefik("3.6.12")),
		Entry("preview version", "", traefik("3.7.0")),
		Entry("extension without components is not checked", "", core.Extension{Type: "shoot-cert-service"}),
		Entry("(a) type without ExtensionProfile",
			`spec.extensions[0].components[0]: Invalid value: "cert-manager": no ExtensionProfile "shoot-cert-service" exists; component versions can only be pinned for extension types with a profile`,
			core.Extension{Type: "shoot-cert-service", Components: []core.ExtensionComponent{{Name: "cert-manager", Version: ptr.To("1.18.2")}}}),
		Entry("(a) type without ExtensionProfile, component entry without version",
			`spec.extensions[0].components[0]: Invalid value: "cert-manager": no ExtensionProfile "shoot-cert-service" exists; component versions can only be pinned for extension types with a profile`,
			core.Extension{Type: "shoot-cert-service", Components: []core.ExtensionComponent{{Name: "cert-manager"}}}),
		Entry("(b) disabled extension",
			`spec.extensions[0].components: Forbidden: component versions cannot be pinned for a disabled extension`,
			core.Extension{Type: "shoot-traefik", Disabled: ptr.To(true), Components: []core.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}, {Name: "proxy"}}}),
		Entry("(c) unknown component",
			`spec.extensions[0].components[0].name: Unsupported value: "proxy": supported values: "traefik"`,
			core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "proxy", Version: ptr.To("1.0.0")}}}),
		Entry("(d) version not in the profile, preview tagged, inactive versions not listed",
			`spec.extensions[0].components[0].version: Unsupported value: "3.6.10": supported values: "3.6.11", "3.6.12 (deprecated)", "3.6.13", "3.7.0 (preview)"`,
			traefik("3.6.10")),
		Entry("(d) a malformed full version is just not in the profile",
			`spec.extensions[0].components[0].version: Unsupported value: "3.6.13.1": supported values: "3.6.11", "3.6.12 (deprecated)", "3.6.13", "3.7.0 (preview)"`,
			traefik("3.6.13.1")),
		Entry("(e) unavailable version",
			`spec.extensions[0].components[0].version: Invalid value: "3.6.14": version 3.6.14 of component traefik is unavailable (its lifecycle has not started; it becomes preview at 2026-12-07T00:00:00Z); versions that can be pinned: 3.6.11, 3.6.12 (deprecated), 3.6.13, 3.7.0 (preview)`,
			traefik("3.6.14")),
		Entry("(e) expired version",
			`spec.extensions[0].components[0].version: Invalid value: "3.6.7": version 3.6.7 of component traefik is expired (since 2026-05-01T00:00:00Z); versions that can be pinned: 3.6.11, 3.6.12 (deprecated), 3.6.13, 3.7.0 (preview)`,
			traefik("3.6.7")),
		Entry("(e) expired version in semver order 0.43.0",
			`spec.extensions[0].components[0].version: Invalid value: "0.43.0": version 0.43.0 of component falco is expired (since 2026-08-01T00:00:00Z); versions that can be pinned: 0.42.1 (deprecated), 0.44.1, 0.45.0 (preview)`,
			core.Extension{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falco", Version: ptr.To("0.43.0")}}}),
		Entry("all errors at once",
			`[spec.extensions[0].components[0].version: Unsupported value: "3.6.10": supported values: "3.6.11", "3.6.12 (deprecated)", "3.6.13", "3.7.0 (preview)", `+
				`spec.extensions[1].components[0].name: Unsupported value: "falcosidekick": supported values: "falco"]`,
			traefik("3.6.10"),
			core.Extension{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falcosidekick", Version: ptr.To("2.35.1")}}}),
	)

	DescribeTable("warnings",
		func(extension core.Extension, expected []string) {
			Expect(admitter.Validate(ctx, attributes(shootWith(extension), nil, admission.Create, ""), nil)).To(Succeed())
			Expect(warnings.warnings).To(Equal(expected))
		},
		Entry("supported: none", traefik("3.6.13"), nil),
		Entry("deprecated with a scheduled expiry",
			traefik("3.6.12"),
			[]string{"component traefik of extension shoot-traefik is pinned to deprecated version 3.6.12; it expires at 2027-01-31T00:00:00Z and is then force-upgraded in the next maintenance window (to 3.6.14 as the profile stands)"}),
		Entry("preview",
			traefik("3.7.0"),
			[]string{"component traefik of extension shoot-traefik is pinned to preview version 3.7.0, which is excluded from defaulting and auto-updates"}),
	)

	It("does not warn about rejected pins", func() {
		Expect(admitter.Validate(ctx, attributes(shootWith(traefik("3.6.14")), nil, admission.Create, ""), nil)).NotTo(Succeed())
		Expect(warnings.warnings).To(BeEmpty())
	})

	Describe("(f) effective update strategy", func() {
		BeforeEach(func() {
			// A profile whose defaults contradict its supported lists, to reach the
			// resolved-default paths, and two components sharing the profile-level list.
			addProfile(&gardencorev1beta1.ExtensionProfile{
				ObjectMeta: metav1.ObjectMeta{Name: "shoot-strategy"},
				Spec: gardencorev1beta1.ExtensionProfileSpec{
					UpdateStrategy: &gardencorev1beta1.ExtensionUpdateStrategy{
						Default:   ptr.To(gardencorev1beta1.UpdateStrategyMajor),
						Supported: []gardencorev1beta1.MachineImageUpdateStrategy{gardencorev1beta1.UpdateStrategyMajor},
					},
					Components: []gardencorev1beta1.ExtensionProfileComponent{
						{Name: "a", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}}},
						{Name: "b", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}}},
						{Name: "narrow", UpdateStrategy: &gardencorev1beta1.ExtensionUpdateStrategy{
							Supported: []gardencorev1beta1.MachineImageUpdateStrategy{gardencorev1beta1.UpdateStrategyPatch, gardencorev1beta1.UpdateStrategyMinor},
						}, Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}, {Version: "1.1.0"}}},
						{Name: "minor-default", UpdateStrategy: &gardencorev1beta1.ExtensionUpdateStrategy{
							Default: ptr.To(gardencorev1beta1.UpdateStrategyMinor),
						}, Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}}},
					},
				},
			})
			addProfile(&gardencorev1beta1.ExtensionProfile{
				ObjectMeta: metav1.ObjectMeta{Name: "shoot-no-default"},
				Spec: gardencorev1beta1.ExtensionProfileSpec{
					UpdateStrategy: &gardencorev1beta1.ExtensionUpdateStrategy{
						Supported: []gardencorev1beta1.MachineImageUpdateStrategy{gardencorev1beta1.UpdateStrategyMinor},
					},
					Components: []gardencorev1beta1.ExtensionProfileComponent{
						{Name: "c", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}}},
					},
				},
			})
		})

		DescribeTable("on create",
			func(detail string, extension core.Extension) {
				err := admitter.Validate(ctx, attributes(shootWith(extension), nil, admission.Create, ""), nil)
				if detail == "" {
					Expect(err).NotTo(HaveOccurred())
					return
				}
				Expect(err).To(MatchError(forbidden("test", detail)))
			},
			Entry("profile default, supported", "", pinned("shoot-strategy", nil, component("a", nil))),
			Entry("component override of the profile list wins: extension-level major rejected",
				`spec.extensions[0].autoUpdate.updateStrategy: Unsupported value: "major": supported values: "patch", "minor"`,
				pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyMajor), component("narrow", nil))),
			Entry("requested on the component",
				`spec.extensions[0].components[0].autoUpdate.updateStrategy: Unsupported value: "patch": supported values: "major"`,
				pinned("shoot-strategy", nil, component("a", strategy(gardencorev1beta1.UpdateStrategyPatch)))),
			Entry("the component request wins over the extension request", "",
				pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyPatch), component("a", strategy(gardencorev1beta1.UpdateStrategyMajor)))),
			Entry("an autoUpdate without strategy falls through to the defaults", "",
				pinned("shoot-strategy", &core.ExtensionAutoUpdate{Enabled: ptr.To(false)}, component("a", &core.ExtensionAutoUpdate{Enabled: ptr.To(true)}))),
			Entry("an unsupported extension-level request is reported once for several components",
				`spec.extensions[0].autoUpdate.updateStrategy: Unsupported value: "minor": supported values: "major"`,
				pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyMinor), component("a", nil), component("b", nil))),
			Entry("profile default not supported by the component",
				`spec.extensions[0].components[0]: Invalid value: "narrow": the default update strategy "major" of ExtensionProfile "shoot-strategy" is not supported for component narrow (supported: "patch", "minor"); set autoUpdate.updateStrategy to a supported strategy`,
				pinned("shoot-strategy", nil, component("narrow", nil))),
			Entry("component default not supported by the profile list",
				`spec.extensions[0].components[0]: Invalid value: "minor-default": the default update strategy "minor" of component minor-default in ExtensionProfile "shoot-strategy" is not supported for component minor-default (supported: "major"); set autoUpdate.updateStrategy to a supported strategy`,
				pinned("shoot-strategy", nil, component("minor-default", nil))),
			Entry("fallback patch not supported",
				`spec.extensions[0].components[0]: Invalid value: "c": the fallback update strategy "patch" (ExtensionProfile "shoot-no-default" sets no default) is not supported for component c (supported: "minor"); set autoUpdate.updateStrategy to a supported strategy`,
				pinned("shoot-no-default", nil, component("c", nil))),
			Entry("a requested strategy avoids the unsupported default", "",
				pinned("shoot-no-default", strategy(gardencorev1beta1.UpdateStrategyMinor), component("c", nil))),
			Entry("entries without a version are not checked", "",
				core.Extension{Type: "shoot-strategy", AutoUpdate: strategy(gardencorev1beta1.UpdateStrategyPatch), Components: []core.ExtensionComponent{{Name: "a"}}}),
		)

		It("checks an update that changes only the strategy", func() {
			old := shootWith(pinned("shoot-strategy", nil, component("a", nil)))
			shoot := shootWith(pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyPatch), component("a", nil)))
			Expect(admitter.Validate(ctx, attributes(shoot, old, admission.Update, ""), nil)).To(MatchError(forbidden("test",
				`spec.extensions[0].autoUpdate.updateStrategy: Unsupported value: "patch": supported values: "major"`)))
		})

		// The stored Shoots requested major while narrow still supported it; the profile has
		// since narrowed the list to patch and minor.
		DescribeTable("on update",
			func(old, shoot *core.Shoot, detail string) {
				err := admitter.Validate(ctx, attributes(shoot, old, admission.Update, ""), nil)
				if detail == "" {
					Expect(err).NotTo(HaveOccurred())
					return
				}
				Expect(err).To(MatchError(forbidden("test", detail)))
			},
			Entry("a version-only change (as maintenance writes it) is not checked",
				shootWith(pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyMajor), component("narrow", nil))),
				shootWith(pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyMajor), versioned(component("narrow", nil), "1.1.0"))), ""),
			Entry("a version-only change of a component-level request is not checked",
				shootWith(pinned("shoot-strategy", nil, component("narrow", strategy(gardencorev1beta1.UpdateStrategyMajor)))),
				shootWith(pinned("shoot-strategy", nil, versioned(component("narrow", strategy(gardencorev1beta1.UpdateStrategyMajor)), "1.1.0"))), ""),
			Entry("a version change together with an autoUpdate change is checked",
				shootWith(pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyMajor), component("narrow", nil))),
				shootWith(pinned("shoot-strategy", &core.ExtensionAutoUpdate{Enabled: ptr.To(false), UpdateStrategy: ptr.To(core.UpdateStrategyMajor)}, versioned(component("narrow", nil), "1.1.0"))),
				`spec.extensions[0].autoUpdate.updateStrategy: Unsupported value: "major": supported values: "patch", "minor"`),
			Entry("a new component entry is checked",
				shootWith(pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyMajor), component("a", nil))),
				shootWith(pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyMajor), component("a", nil), component("narrow", nil))),
				`spec.extensions[0].autoUpdate.updateStrategy: Unsupported value: "major": supported values: "patch", "minor"`),
			Entry("a version set on an entry that had none is checked",
				shootWith(pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyMajor), core.ExtensionComponent{Name: "narrow"})),
				shootWith(pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyMajor), component("narrow", nil))),
				`spec.extensions[0].autoUpdate.updateStrategy: Unsupported value: "major": supported values: "patch", "minor"`),
		)

		It("accepts a maintenance update of the falco example whose stored strategy the profile no longer supports", func() {
			// falco supports patch and minor; the Shoot was stored while it supported major.
			old := loadShoot("shoot-accepted-falco-traefik.yaml")
			old.Spec.Extensions[0].AutoUpdate.UpdateStrategy = ptr.To(core.UpdateStrategyMajor)
			old.Spec.Extensions[0].Components[0].Version = ptr.To("0.42.1")
			shoot := old.DeepCopy()
			shoot.Spec.Extensions[0].Components[0].Version = ptr.To("0.44.1")
			a := admission.NewAttributesRecord(shoot, old, core.Kind("Shoot").WithVersion("version"), "garden-dev", shoot.Name,
				core.Resource("shoots").WithVersion("version"), "", admission.Update, &metav1.UpdateOptions{}, false,
				&user.DefaultInfo{Name: ControllerManagerServiceAccountUser})
			Expect(admitAndValidate(a)).To(Succeed())
		})

		It("does not check an update that leaves pin and strategy unchanged", func() {
			old := shootWith(pinned("shoot-strategy", strategy(gardencorev1beta1.UpdateStrategyPatch), component("a", nil)))
			shoot := old.DeepCopy()
			shoot.Spec.Kubernetes.Version = "1.36.3"
			Expect(admitter.Validate(ctx, attributes(shoot, old, admission.Update, ""), nil)).To(Succeed())
		})
	})

	Describe("a profile that is being deleted", func() {
		const detail = `spec.extensions[0].components[0]: Forbidden: ExtensionProfile "shoot-traefik" is being deleted; new component versions cannot be pinned`

		BeforeEach(func() {
			profile := &gardencorev1beta1.ExtensionProfile{}
			decodeFile("extensionprofile-shoot-traefik.yaml", profile)
			profile.DeletionTimestamp = &metav1.Time{Time: reference}
			profile.Finalizers = []string{"gardener"}
			Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Update(profile)).To(Succeed())
		})

		DescribeTable("requests",
			func(old, shoot *core.Shoot, detail string) {
				operation := admission.Update
				if old == nil {
					operation = admission.Create
				}
				err := admitAndValidate(attributes(shoot, old, operation, ""))
				if detail == "" {
					Expect(err).NotTo(HaveOccurred())
					return
				}
				Expect(apierrors.IsForbidden(err)).To(BeTrue())
				Expect(err).To(MatchError(forbidden("test", detail)))
			},
			Entry("a new Shoot with a pin is rejected", nil, shootWith(traefik("3.6.13")), detail),
			Entry("a partial pin is not resolved, and rejected", nil, shootWith(traefik("3.6")), detail),
			Entry("changing a pin is rejected", shootWith(traefik("3.6.12")), shootWith(traefik("3.6.13")), detail),
			Entry("pinning a version where there was none is rejected",
				shootWith(core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik"}}}), shootWith(traefik("3.6.13")), detail),
			Entry("an unchanged pin keeps working", shootWith(traefik("3.6.13")), withKubernetes(shootWith(traefik("3.6.13")), "1.36.3"), ""),
			Entry("removing a pin is allowed",
				shootWith(traefik("3.6.13")), shootWith(core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik"}}}), ""),
			Entry("a component entry without version is allowed", nil,
				shootWith(core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik"}}}), ""),
		)
	})

	Describe("only on change (GEP-78: unchanged pins are not re-checked)", func() {
		DescribeTable("updates",
			func(old, shoot *core.Shoot, detail string) {
				err := admitter.Validate(ctx, attributes(shoot, old, admission.Update, ""), nil)
				if detail == "" {
					Expect(err).NotTo(HaveOccurred())
					return
				}
				Expect(err).To(MatchError(forbidden("test", detail)))
			},
			Entry("unchanged expired pin, other fields changed",
				shootWith(traefik("3.6.7")), withKubernetes(shootWith(traefik("3.6.7")), "1.36.3"), ""),
			Entry("unchanged pin that is no longer in the profile",
				shootWith(traefik("3.6.10")), withKubernetes(shootWith(traefik("3.6.10")), "1.36.3"), ""),
			Entry("unchanged pin of a type whose profile is gone",
				shootWith(core.Extension{Type: "shoot-cert-service", Components: []core.ExtensionComponent{{Name: "cert-manager", Version: ptr.To("1.18.2")}}}),
				shootWith(core.Extension{Type: "shoot-cert-service", Components: []core.ExtensionComponent{{Name: "cert-manager", Version: ptr.To("1.18.2")}}}), ""),
			Entry("unchanged pin on an extension that is now disabled",
				shootWith(traefik("3.6.13")),
				shootWith(core.Extension{Type: "shoot-traefik", Disabled: ptr.To(true), Components: []core.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}}}), ""),
			Entry("removing an expired version",
				shootWith(traefik("3.6.7")),
				shootWith(core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik"}}}), ""),
			Entry("changing a supported pin to an expired one",
				shootWith(traefik("3.6.13")), shootWith(traefik("3.6.7")),
				`spec.extensions[0].components[0].version: Invalid value: "3.6.7": version 3.6.7 of component traefik is expired (since 2026-05-01T00:00:00Z); versions that can be pinned: 3.6.11, 3.6.12 (deprecated), 3.6.13, 3.7.0 (preview)`),
			Entry("changing an expired pin to another expired one",
				shootWith(traefik("3.6.1")), shootWith(traefik("3.6.7")),
				`spec.extensions[0].components[0].version: Invalid value: "3.6.7": version 3.6.7 of component traefik is expired (since 2026-05-01T00:00:00Z); versions that can be pinned: 3.6.11, 3.6.12 (deprecated), 3.6.13, 3.7.0 (preview)`),
			Entry("changing an expired pin to a supported one", shootWith(traefik("3.6.7")), shootWith(traefik("3.6.13")), ""),
			Entry("pinning a version where there was none",
				shootWith(core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik"}}}), shootWith(traefik("3.6.14")),
				`spec.extensions[0].components[0].version: Invalid value: "3.6.14": version 3.6.14 of component traefik is unavailable (its lifecycle has not started; it becomes preview at 2026-12-07T00:00:00Z); versions that can be pinned: 3.6.11, 3.6.12 (deprecated), 3.6.13, 3.7.0 (preview)`),
			Entry("adding a component entry next to an unchanged expired pin",
				shootWith(core.Extension{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falco", Version: ptr.To("0.40.0")}}}),
				shootWith(core.Extension{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falco", Version: ptr.To("0.40.0")}, {Name: "falcosidekick", Version: ptr.To("2.35.1")}}}),
				`spec.extensions[0].components[1].name: Unsupported value: "falcosidekick": supported values: "falco"`),
			Entry("adding an extension with a pin",
				shootWith(traefik("3.6.7")),
				shootWith(traefik("3.6.7"), core.Extension{Type: "envoy-gateway", Components: []core.ExtensionComponent{{Name: "envoy-gateway", Version: ptr.To("1.8.2")}}}),
				`spec.extensions[1].components[0].version: Invalid value: "1.8.2": version 1.8.2 of component envoy-gateway is expired (since 2026-10-01T00:00:00Z); versions that can be pinned: 1.8.3 (deprecated), 1.8.4, 1.9.0, 1.9.1 (preview)`),
			Entry("reordered extensions keep their pins",
				shootWith(traefik("3.6.7"), core.Extension{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falco", Version: ptr.To("0.40.0")}}}),
				shootWith(core.Extension{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falco", Version: ptr.To("0.40.0")}}}, traefik("3.6.7")), ""),
		)

		It("admits an unchanged expired pin of an example Shoot on update and rejects changing it to an expired version", func() {
			// shoot-accepted-envoy-gateway-falco.yaml pins falco 0.42.1, which expires on 2027-02-01.
			// On 2027-02-02 0.45.0 is supported and 0.45.1 in preview.
			old := loadShoot("shoot-accepted-envoy-gateway-falco.yaml")
			fakeClock.SetTime(time.Date(2027, time.February, 2, 0, 0, 0, 0, time.UTC))

			shoot := old.DeepCopy()
			shoot.Spec.Kubernetes.Version = "1.36.3"
			Expect(admitAndValidate(attributes(shoot, old, admission.Update, ""))).To(Succeed())

			shoot = old.DeepCopy()
			shoot.Spec.Extensions[1].Components[0].Version = ptr.To("0.41.3")
			Expect(admitAndValidate(attributes(shoot, old, admission.Update, ""))).To(MatchError(forbidden("gw-pinned",
				`spec.extensions[1].components[0].version: Invalid value: "0.41.3": version 0.41.3 of component falco is expired (since 2026-08-01T00:00:00Z); versions that can be pinned: 0.44.1, 0.45.0, 0.45.1 (preview)`)))
		})
	})
})
