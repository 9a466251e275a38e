// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"maps"
	"os"
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
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/warning"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencorefake "github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
	"github.com/gep-78/gardener/test/examples"
)

// The example profiles and Shoots are the shared GEP-78 examples (test/examples). Their expected admission outcomes are the table of the examples README at the
// reference time 2026-11-29T00:00:00Z.
var reference = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)

var profileFiles = []string{
	"extensionprofile-shoot-traefik.yaml",
	"extensionprofile-shoot-falco-service.yaml",
	"extensionprofile-envoy-gateway.yaml",
}

func decodeFile(file string, into any) {
	GinkgoHelper()
	data, err := examples.Read(file)
	if err != nil {
		// Files of this package's own (e.g. the docs example) live in testdata/.
		data, err = os.ReadFile(filepath.Join("testdata", file))
	}
	Expect(err).NotTo(HaveOccurred())
	Expect(yaml.UnmarshalStrict(data, into)).To(Succeed())
}

// loadShoot decodes a v1beta1 Shoot, defaults it and converts it to the internal version, as
// gardener-apiserver does before admission.
func loadShoot(file string) *core.Shoot {
	GinkgoHelper()
	versioned := &gardencorev1beta1.Shoot{}
	decodeFile(file, versioned)
	return toInternal(versioned)
}

func toInternal(versioned *gardencorev1beta1.Shoot) *core.Shoot {
	GinkgoHelper()
	api.Scheme.Default(versioned)
	internal := &core.Shoot{}
	Expect(api.Scheme.Convert(versioned, internal, nil)).To(Succeed())
	return internal
}

func attributes(shoot, oldShoot runtime.Object, operation admission.Operation, subresource string) admission.Attributes {
	var options runtime.Object = &metav1.CreateOptions{}
	if operation == admission.Update {
		options = &metav1.UpdateOptions{}
	}
	name := ""
	if accessor, ok := shoot.(metav1.Object); ok {
		name = accessor.GetName()
	}
	return admission.NewAttributesRecord(shoot, oldShoot, core.Kind("Shoot").WithVersion("version"), "garden-dev", name,
		core.Resource("shoots").WithVersion("version"), subresource, operation, options, false, nil)
}

// recorder collects admission warnings.
type recorder struct{ warnings []string }

func (r *recorder) AddWarning(_, text string) { r.warnings = append(r.warnings, text) }

// forbidden is the message of admission.NewForbidden for a Shoot.
func forbidden(name, detail string) string {
	return `shoots.core.gardener.cloud "` + name + `" is forbidden: ` + detail
}

var _ = Describe("ShootExtensionProfile", func() {
	var (
		ctx       context.Context
		warnings  *recorder
		factory   gardencoreinformers.SharedInformerFactory
		admitter  *ShootExtensionProfile
		fakeClock *testclock.FakePassiveClock

		// admitAndValidate runs the plugin as the admission chain does: Admit, then Validate.
		admitAndValidate = func(a admission.Attributes) error {
			if err := admitter.Admit(ctx, a, nil); err != nil {
				return err
			}
			return admitter.Validate(ctx, a, nil)
		}
		addProfile = func(profile *gardencorev1beta1.ExtensionProfile) {
			GinkgoHelper()
			Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(profile)).To(Succeed())
		}
	)

	BeforeEach(func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

		warnings = &recorder{}
		ctx = warning.WithWarningRecorder(context.Background(), warnings)

		var err error
		admitter, err = New()
		Expect(err).NotTo(HaveOccurred())
		admitter.AssignReadyFunc(func() bool { return true })
		fakeClock = testclock.NewFakePassiveClock(reference)
		admitter.Clock = fakeClock

		factory = gardencoreinformers.NewSharedInformerFactory(nil, 0)
		admitter.SetCoreInformerFactory(factory)
		for _, file := range profileFiles {
			profile := &gardencorev1beta1.ExtensionProfile{}
			decodeFile(file, profile)
			addProfile(profile)
		}
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

		It("fails initialization without an ExtensionProfile lister", func() {
			p, err := New()
			Expect(err).NotTo(HaveOccurred())
			Expect(p.ValidateInitialization()).To(MatchError("missing ExtensionProfile lister"))
			p.SetCoreInformerFactory(gardencoreinformers.NewSharedInformerFactory(nil, 0))
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

	Describe("#Validate", func() {
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
})

func shootWith(extensions ...core.Extension) *core.Shoot {
	return &core.Shoot{
		ObjectMeta: metav1.ObjectMeta{Name: "test", Namespace: "garden-dev"},
		Spec: core.ShootSpec{
			Kubernetes: core.Kubernetes{Version: "1.35.6"},
			Provider: core.Provider{Type: "local", Workers: []core.Worker{{
				Name: "local", Machine: core.Machine{Type: "local", Image: &core.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1877.8.0")}},
			}}},
			Extensions: extensions,
		},
	}
}

func withKubernetes(shoot *core.Shoot, version string) *core.Shoot {
	shoot.Spec.Kubernetes.Version = version
	return shoot
}

func traefik(version string) core.Extension {
	return core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik", Version: ptr.To(version)}}}
}

func strategy(s gardencorev1beta1.MachineImageUpdateStrategy) *core.ExtensionAutoUpdate {
	return &core.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(core.MachineImageUpdateStrategy(s))}
}

func component(name string, autoUpdate *core.ExtensionAutoUpdate) core.ExtensionComponent {
	return core.ExtensionComponent{Name: name, Version: ptr.To("1.0.0"), AutoUpdate: autoUpdate}
}

func versioned(c core.ExtensionComponent, version string) core.ExtensionComponent {
	c.Version = ptr.To(version)
	return c
}

func pinned(extensionType string, autoUpdate *core.ExtensionAutoUpdate, components ...core.ExtensionComponent) core.Extension {
	return core.Extension{Type: extensionType, AutoUpdate: autoUpdate, Components: components}
}
