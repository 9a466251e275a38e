// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"errors"
	"maps"
	"path/filepath"
	"slices"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	clienttesting "k8s.io/client-go/testing"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencorefake "github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
	"github.com/gep-78/gardener/test/examples"
)

var _ = Describe("ShootExtensionProfile", func() {
	var (
		ctx       context.Context
		warnings  *recorder
		admitter  *ShootExtensionProfile
		fakeClock *testclock.FakePassiveClock

		admitAndValidate = func(a admission.Attributes) error { return admitThenValidate(ctx, admitter, a) }
	)

	BeforeEach(func() {
		ctx, warnings, _, admitter, fakeClock = newPlugin()
	})

	Describe("plugin conventions", func() {
		It("registers under its name", func() {
			plugins := admission.NewPlugins()
			Register(plugins)
			Expect(plugins.Registered()).To(ConsistOf(plugin.PluginNameShootExtensionProfile))
		})

		It("handles Create and Update only", func() {
			Expect(admitter.Handles(admission.Create)).To(BeTrue())
			Expect(admitter.Handles(admission.Update)).To(BeTrue())
			Expect(admitter.Handles(admission.Delete)).To(BeFalse())
			Expect(admitter.Handles(admission.Connect)).To(BeFalse())
		})

		It("fails initialization until the informer factory and the client are set", func() {
			p, err := New()
			Expect(err).NotTo(HaveOccurred())
			Expect(p.ValidateInitialization()).To(MatchError("missing ExtensionProfile lister"))
			p.SetCoreInformerFactory(gardencoreinformers.NewSharedInformerFactory(nil, 0))
			Expect(p.ValidateInitialization()).To(MatchError("missing core.gardener.cloud client"))
			p.SetCoreClientSet(gardencorefake.NewSimpleClientset())
			Expect(p.ValidateInitialization()).To(Succeed())
		})

		It("defaults to the real clock", func() {
			p, err := New()
			Expect(err).NotTo(HaveOccurred())
			Expect(p.Clock).NotTo(BeNil())
		})

		It("refuses requests until the ExtensionProfile informer has synced", func() {
			// The informer of a fresh factory is never started, so HasSynced stays false and the
			// plugin gives up after the admission handler's 10s wait.
			p, err := New()
			Expect(err).NotTo(HaveOccurred())
			p.SetCoreInformerFactory(gardencoreinformers.NewSharedInformerFactory(nil, 0))
			a := attributes(loadShoot("shoot-accepted-falco-traefik.yaml"), nil, admission.Create, "")

			err = p.Validate(ctx, a, nil)
			Expect(apierrors.IsForbidden(err)).To(BeTrue())
			Expect(err).To(MatchError(forbidden("falco-traefik-eval", "not yet ready to handle request")))
		})

		Describe("a profile the informer has not seen yet", func() {
			var shoot *core.Shoot
			BeforeEach(func() {
				shoot = shootWith(core.Extension{Type: "shoot-new", Components: []core.ExtensionComponent{{Name: "agent", Version: ptr.To("1")}}})
			})
			fresh := &gardencorev1beta1.ExtensionProfile{
				ObjectMeta: metav1.ObjectMeta{Name: "shoot-new"},
				Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
					{Name: "agent", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}}},
				}},
			}

			It("is read live instead of rejecting the pin", func() {
				admitter.SetCoreClientSet(gardencorefake.NewSimpleClientset(fresh))
				Expect(admitAndValidate(attributes(shoot, nil, admission.Create, ""))).To(Succeed())
				Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal("1.0.0")))
			})

			It("is still missing when the live read does not find it either", func() {
				admitter.SetCoreClientSet(gardencorefake.NewSimpleClientset())
				err := admitAndValidate(attributes(shoot, nil, admission.Create, ""))
				Expect(err).To(MatchError(ContainSubstring(`no ExtensionProfile "shoot-new" exists`)))
			})

			DescribeTable("is not read for a type no object can be named, which is no internal error",
				func(extensionType string) {
					client := gardencorefake.NewSimpleClientset()
					client.PrependReactor("*", "*", func(action clienttesting.Action) (bool, runtime.Object, error) {
						return true, nil, errors.New("resource name may not be empty")
					})
					admitter.SetCoreClientSet(client)
					shoot.Spec.Extensions[0].Type = extensionType
					err := admitAndValidate(attributes(shoot, nil, admission.Create, ""))
					Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
					Expect(err).To(MatchError(ContainSubstring("no ExtensionProfile %q exists", extensionType)))
					Expect(client.Actions()).To(BeEmpty())
				},
				Entry("empty", ""),
				Entry("blank", " "),
				Entry("a path", "a/b"),
				Entry("a dot segment", ".."),
				Entry("upper case", "Shoot-New"),
			)
		})

		It("ignores other kinds", func() {
			profile := &core.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "x"}}
			a := admission.NewAttributesRecord(profile, nil, core.Kind("ExtensionProfile").WithVersion("version"), "", "x",
				core.Resource("extensionprofiles").WithVersion("version"), "", admission.Create, &metav1.CreateOptions{}, false, nil)
			Expect(admitAndValidate(a)).To(Succeed())
		})

		It("ignores subresources", func() {
			Expect(admitAndValidate(attributes(loadShoot("shoot-rejected-expired-pin.yaml"), nil, admission.Create, "status"))).To(Succeed())
		})

		It("does nothing while the ExtensionComponentVersions feature gate is off", func() {
			featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)

			Expect(admitAndValidate(attributes(loadShoot("shoot-rejected-expired-pin.yaml"), nil, admission.Create, ""))).To(Succeed())

			shoot := loadShoot("shoot-accepted-partial-version.yaml")
			Expect(admitAndValidate(attributes(shoot, nil, admission.Create, ""))).To(Succeed())
			Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal("3.6")))
		})
	})

	Describe("shared GEP-78 examples at 2026-11-29T00:00:00Z", func() {
		type outcome struct {
			// errorPrefix is the start of the only field error; empty when accepted.
			errorPrefix string
			warnings    []string
		}
		expectations := map[string]outcome{
			"shoot-accepted-falco-traefik.yaml": {},
			"shoot-accepted-envoy-gateway-falco.yaml": {warnings: []string{
				"component envoy-gateway of extension envoy-gateway is pinned to deprecated version 1.8.3; it expires at 2027-02-15T00:00:00Z and is then force-upgraded in the next maintenance window (to 1.8.4 as the profile stands)",
				"component falco of extension shoot-falco-service is pinned to deprecated version 0.42.1; it expires at 2027-02-01T00:00:00Z and is then force-upgraded in the next maintenance window (to 0.44.1 as the profile stands)",
			}},
			"shoot-accepted-maintenance-ordering.yaml": {warnings: []string{
				"component falco of extension shoot-falco-service is pinned to deprecated version 0.42.1; it expires at 2027-02-01T00:00:00Z and is then force-upgraded in the next maintenance window (to 0.44.1 as the profile stands)",
			}},
			"shoot-accepted-partial-version.yaml":        {},
			"shoot-rejected-expired-pin.yaml":            {errorPrefix: `spec.extensions[0].components[0].version: Invalid value: "1.8.2": version 1.8.2 of component envoy-gateway is expired`},
			"shoot-rejected-unavailable-pin.yaml":        {errorPrefix: `spec.extensions[0].components[0].version: Invalid value: "3.6.14": version 3.6.14 of component traefik is unavailable`},
			"shoot-rejected-unknown-component.yaml":      {errorPrefix: `spec.extensions[0].components[1].name: Unsupported value: "falcosidekick"`},
			"shoot-rejected-unknown-version.yaml":        {errorPrefix: `spec.extensions[0].components[0].version: Unsupported value: "3.6.10"`},
			"shoot-rejected-strategy-not-supported.yaml": {errorPrefix: `spec.extensions[0].autoUpdate.updateStrategy: Unsupported value: "major"`},
			"shoot-rejected-no-profile.yaml":             {errorPrefix: `spec.extensions[0].components[0]: Invalid value: "cert-manager": no ExtensionProfile "shoot-cert-service" exists`},
			"shoot-rejected-cel-rule-kubernetes.yaml": {
				errorPrefix: `spec.extensions[0].components[0].version: Invalid value: "3.7.0": traefik 3.7 requires Kubernetes 1.35 or newer (illustrative rule)`,
				warnings:    []string{"component traefik of extension shoot-traefik is pinned to preview version 3.7.0, which is excluded from defaulting and auto-updates"},
			},
			"shoot-rejected-cel-rule-machine-image.yaml": {errorPrefix: `spec.extensions[0].components[0].version: Invalid value: "0.44.1": falco 0.44 requires Garden Linux 1877.8.0 or newer on gardenlinux worker pools (illustrative rule)`},
		}
		It("has an expectation for every example Shoot", func() {
			files := examples.Names("shoot-")
			var names []string
			for _, f := range files {
				names = append(names, filepath.Base(f))
			}
			var expected []string
			for name := range expectations {
				expected = append(expected, name)
			}
			Expect(names).To(ConsistOf(expected))
		})

		for _, file := range slices.Sorted(maps.Keys(expectations)) {
			expected := expectations[file]
			It("admits "+file+" as documented", func() {
				shoot := loadShoot(file)
				err := admitAndValidate(attributes(shoot, nil, admission.Create, ""))
				if expected.errorPrefix == "" {
					Expect(err).NotTo(HaveOccurred())
				} else {
					Expect(apierrors.IsForbidden(err)).To(BeTrue(), "error: %v", err)
					// One error only: an aggregate of several would start with "[".
					Expect(err.Error()).To(HavePrefix(forbidden(shoot.Name, expected.errorPrefix)))
				}
				Expect(warnings.warnings).To(Equal(expected.warnings))
			})
		}

		It("stores the resolved partial versions traefik 3.6.13 and falco 0.44.1", func() {
			shoot := loadShoot("shoot-accepted-partial-version.yaml")
			Expect(admitAndValidate(attributes(shoot, nil, admission.Create, ""))).To(Succeed())
			Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal("3.6.13")))
			Expect(shoot.Spec.Extensions[1].Components[0].Version).To(PointTo(Equal("0.44.1")))
		})
	})

	Describe("#Admit", func() {
		DescribeTable("partial versions",
			func(extensionType, component, pinned, resolved string) {
				shoot := shootWith(core.Extension{Type: extensionType, Components: []core.ExtensionComponent{{Name: component, Version: ptr.To(pinned)}}})
				Expect(admitter.Admit(ctx, attributes(shoot, nil, admission.Create, ""), nil)).To(Succeed())
				Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal(resolved)))
			},
			Entry("major.minor: highest supported, not the unavailable 3.6.14 nor the deprecated 3.6.12", "shoot-traefik", "traefik", "3.6", "3.6.13"),
			Entry("major: the preview 3.7.0 is not chosen", "shoot-traefik", "traefik", "3", "3.6.13"),
			Entry("leading v stripped", "shoot-traefik", "traefik", "v3.6", "3.6.13"),
			Entry("major 0", "shoot-falco-service", "falco", "0", "0.44.1"),
			Entry("major.minor 0.44", "shoot-falco-service", "falco", "0.44", "0.44.1"),
			Entry("1 → 1.9.0: semver order, preview 1.9.1 and unavailable 1.10.0 skipped", "envoy-gateway", "envoy-gateway", "1", "1.9.0"),
			Entry("1.8 → 1.8.4", "envoy-gateway", "envoy-gateway", "1.8", "1.8.4"),
			Entry("a full version is kept", "shoot-traefik", "traefik", "3.6.12", "3.6.12"),
			Entry("a full version loses its leading v", "shoot-traefik", "traefik", "v3.6.13", "3.6.13"),
			Entry("an unknown full version is left for Validate", "shoot-traefik", "traefik", "3.6.10", "3.6.10"),
			Entry("a partial pin of an unknown component is left for Validate", "shoot-traefik", "proxy", "1", "1"),
			Entry("a partial pin of a type without profile is left for Validate", "shoot-cert-service", "cert-manager", "1", "1"),
		)

		DescribeTable("partial versions without a suitable match",
			func(extensionType, component, pinned, detail string) {
				shoot := shootWith(core.Extension{Type: extensionType, Components: []core.ExtensionComponent{{Name: component, Version: ptr.To(pinned)}}})
				err := admitter.Admit(ctx, attributes(shoot, nil, admission.Create, ""), nil)
				Expect(apierrors.IsForbidden(err)).To(BeTrue())
				Expect(err).To(MatchError(forbidden("test", `spec.extensions[0].components[0].version: Invalid value: "`+pinned+`": `+detail)))
				Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal(pinned)))
			},
			Entry("no such minor", "shoot-traefik", "traefik", "3.9",
				`couldn't find a suitable version for "3.9": suitable versions are classified supported and match "3.9" (preview and deprecated versions have to be pinned explicitly); versions that can be pinned: 3.6.11, 3.6.12 (deprecated), 3.6.13, 3.7.0 (preview)`),
			Entry("only preview matches", "shoot-traefik", "traefik", "3.7",
				`couldn't find a suitable version for "3.7": suitable versions are classified supported and match "3.7" (preview and deprecated versions have to be pinned explicitly); versions that can be pinned: 3.6.11, 3.6.12 (deprecated), 3.6.13, 3.7.0 (preview)`),
			Entry("only deprecated matches", "shoot-falco-service", "falco", "0.42",
				`couldn't find a suitable version for "0.42": suitable versions are classified supported and match "0.42" (preview and deprecated versions have to be pinned explicitly); versions that can be pinned: 0.42.1 (deprecated), 0.44.1, 0.45.0 (preview)`),
			Entry("only expired matches", "shoot-falco-service", "falco", "0.40",
				`couldn't find a suitable version for "0.40": suitable versions are classified supported and match "0.40" (preview and deprecated versions have to be pinned explicitly); versions that can be pinned: 0.42.1 (deprecated), 0.44.1, 0.45.0 (preview)`),
			Entry("not a number", "shoot-traefik", "traefik", "latest", "must be a semantic version"),
			Entry("wildcard", "shoot-traefik", "traefik", "3.x", "must be a semantic version"),
			Entry("empty", "shoot-traefik", "traefik", "", "must be a semantic version"),
		)

		Describe("updates, as Gardener's ShootMutator treats machine-image versions", func() {
			falcoShoot := func(version *string) *core.Shoot {
				return shootWith(core.Extension{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falco", Version: version}}})
			}

			DescribeTable("the stored version",
				func(stored string, pinned *string, expected string) {
					oldShoot, shoot := falcoShoot(ptr.To(stored)), falcoShoot(pinned)
					Expect(admitAndValidate(attributes(shoot, oldShoot, admission.Update, ""))).To(Succeed())
					Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal(expected)))
					Expect(warnings.warnings).To(BeEmpty())
				},
				Entry("an entry without version keeps the pin", "0.42.1", nil, "0.42.1"),
				Entry(`an entry with version "" keeps the pin`, "0.42.1", ptr.To(""), "0.42.1"),
				Entry("the same version keeps the pin", "0.42.1", ptr.To("0.42.1"), "0.42.1"),
				Entry(`"0" moves the deprecated 0.42.1 to the newest supported 0.44.1`, "0.42.1", ptr.To("0"), "0.44.1"),
				Entry(`"0.42" keeps the deprecated 0.42.1: nothing higher qualifies, and a matching pin is never downgraded`, "0.42.1", ptr.To("0.42"), "0.42.1"),
				Entry(`"v0.44" keeps 0.44.1`, "0.44.1", ptr.To("v0.44"), "0.44.1"),
				Entry(`"0.44" moves 0.42.1 up to 0.44.1`, "0.42.1", ptr.To("0.44"), "0.44.1"),
			)

			It("changes the deprecated 3.6.12 to the newest supported 3.6.13 for a changed partial pin", func() {
				for _, pinned := range []string{"3.6", "v3.6", "3"} {
					old := shootWith(traefik("3.6.12"))
					shoot := shootWith(traefik(pinned))
					Expect(admitAndValidate(attributes(shoot, old, admission.Update, ""))).To(Succeed())
					Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal("3.6.13")), pinned)
				}
			})

			It("keeps a pin of a disabled extension whose entry sets no version", func() {
				old := shootWith(core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.12")}}})
				shoot := shootWith(core.Extension{Type: "shoot-traefik", Disabled: ptr.To(true), Components: []core.ExtensionComponent{{Name: "traefik"}}})
				Expect(admitAndValidate(attributes(shoot, old, admission.Update, ""))).To(Succeed())
				Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal("3.6.12")))
			})

			It("leaves an entry without version unpinned when the old Shoot had no pin", func() {
				old := shootWith(core.Extension{Type: "shoot-falco-service"})
				shoot := falcoShoot(nil)
				Expect(admitAndValidate(attributes(shoot, old, admission.Update, ""))).To(Succeed())
				Expect(shoot.Spec.Extensions[0].Components[0].Version).To(BeNil())
			})

			It("warns about the pin a removed component entry drops", func() {
				old := shootWith(core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}}})
				shoot := shootWith(core.Extension{Type: "shoot-traefik"})
				Expect(admitAndValidate(attributes(shoot, old, admission.Update, ""))).To(Succeed())
				Expect(warnings.warnings).To(ConsistOf("component traefik of extension shoot-traefik is no longer pinned to 3.6.13: its entry was removed from spec.extensions[].components[], so the extension deploys its own default version"))
			})

			It("warns about the pins a removed extension drops", func() {
				old := shootWith(traefik("3.6.13"), falcoShoot(ptr.To("0.44.1")).Spec.Extensions[0])
				shoot := shootWith(traefik("3.6.13"))
				Expect(admitAndValidate(attributes(shoot, old, admission.Update, ""))).To(Succeed())
				Expect(warnings.warnings).To(ConsistOf("component falco of extension shoot-falco-service is no longer pinned to 0.44.1: the extension was removed from spec.extensions[]"))
			})

			It("does not warn about a removed entry that pinned nothing", func() {
				old := shootWith(core.Extension{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falco"}}})
				shoot := shootWith()
				Expect(admitAndValidate(attributes(shoot, old, admission.Update, ""))).To(Succeed())
				Expect(warnings.warnings).To(BeEmpty())
			})

			It("resolves a changed partial pin to the newest version whose compatibility rules hold on the Shoot", func() {
				// falco 0.44.1 supports only Garden Linux and Ubuntu workers: on another image "0"
				// keeps the matching deprecated 0.42.1 instead of moving to an incompatible version.
				old, shoot := falcoShoot(ptr.To("0.42.1")), falcoShoot(ptr.To("0"))
				old.Spec.Provider.Workers[0].Machine.Image.Name = "suse-chost"
				shoot.Spec.Provider.Workers[0].Machine.Image.Name = "suse-chost"
				Expect(admitAndValidate(attributes(shoot, old, admission.Update, ""))).To(Succeed())
				Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal("0.42.1")))

				created := falcoShoot(ptr.To("0"))
				created.Spec.Provider.Workers[0].Machine.Image.Name = "suse-chost"
				Expect(admitter.Admit(ctx, attributes(created, nil, admission.Create, ""), nil)).To(MatchError(ContainSubstring(
					`the compatibility rules of the Shoot reject 0.44.1 (falco 0.44 supports only Garden Linux and Ubuntu worker nodes (illustrative rule))`)))
			})

			It("warns about an explicit downgrade", func() {
				oldShoot, shoot := falcoShoot(ptr.To("0.44.1")), falcoShoot(ptr.To("0.42.1"))
				Expect(admitAndValidate(attributes(shoot, oldShoot, admission.Update, ""))).To(Succeed())
				Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal("0.42.1")))
				Expect(warnings.warnings).To(ContainElement("component falco of extension shoot-falco-service is downgraded from 0.44.1 to 0.42.1; the extension deploys the older version"))
			})
		})

		It("reports every unresolvable partial pin at once", func() {
			shoot := shootWith(
				core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik", Version: ptr.To("4")}}},
				core.Extension{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falco", Version: ptr.To("1.x")}}},
			)
			err := admitter.Admit(ctx, attributes(shoot, nil, admission.Create, ""), nil)
			Expect(err).To(MatchError(And(
				ContainSubstring(`[spec.extensions[0].components[0].version: Invalid value: "4": couldn't find a suitable version for "4"`),
				ContainSubstring(`, spec.extensions[1].components[0].version: Invalid value: "1.x": must be a semantic version]`),
			)))
		})

		It("leaves pins of a disabled extension untouched", func() {
			shoot := shootWith(core.Extension{Type: "shoot-traefik", Disabled: ptr.To(true), Components: []core.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.9")}}})
			Expect(admitter.Admit(ctx, attributes(shoot, nil, admission.Create, ""), nil)).To(Succeed())
			Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal("3.9")))
		})

		It("resolves a partial pin again when an update changes it to one the stored version does not match", func() {
			old := shootWith(traefik("3.5.0"))
			shoot := shootWith(traefik("3.6"))
			Expect(admitter.Admit(ctx, attributes(shoot, old, admission.Update, ""), nil)).To(Succeed())
			Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal("3.6.13")))
		})

		It("resolves against the classification at the plugin's clock", func() {
			// On 2027-01-11 3.6.14 becomes supported.
			fakeClock.SetTime(time.Date(2027, time.January, 11, 0, 0, 0, 0, time.UTC))
			shoot := shootWith(traefik("3.6"))
			Expect(admitter.Admit(ctx, attributes(shoot, nil, admission.Create, ""), nil)).To(Succeed())
			Expect(shoot.Spec.Extensions[0].Components[0].Version).To(PointTo(Equal("3.6.14")))
		})
	})
})
