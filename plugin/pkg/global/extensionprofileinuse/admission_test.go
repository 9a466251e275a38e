// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileinuse

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/api/indexer"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	plugin "github.com/gep-78/gardener/plugin/pkg"
)

const profileName = "shoot-traefik"

// forbidden is the message of admission.NewForbidden for the ExtensionProfile.
func forbidden(detail string) string {
	return `extensionprofiles.core.gardener.cloud "` + profileName + `" is forbidden: ` + detail
}

func profileAttributes(profile, oldProfile runtime.Object, operation admission.Operation, subresource string) admission.Attributes {
	var options runtime.Object
	switch operation {
	case admission.Update:
		options = &metav1.UpdateOptions{}
	case admission.Delete:
		options = &metav1.DeleteOptions{}
	default:
		options = &metav1.CreateOptions{}
	}
	return admission.NewAttributesRecord(profile, oldProfile, core.Kind("ExtensionProfile").WithVersion("version"), "", profileName,
		core.Resource("extensionprofiles").WithVersion("version"), subresource, operation, options, false, nil)
}

// newProfile returns the profile under test: traefik 3.7.0, 3.6.13, 3.6.12 and dashboard 1.0.0.
func newProfile() *core.ExtensionProfile {
	versions := func(vs ...string) []core.ExtensionComponentVersion {
		var out []core.ExtensionComponentVersion
		for _, v := range vs {
			out = append(out, core.ExtensionComponentVersion{Version: v})
		}
		return out
	}
	return &core.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: profileName, ResourceVersion: "1"},
		Spec: core.ExtensionProfileSpec{Components: []core.ExtensionProfileComponent{
			{Name: "traefik", Versions: versions("3.7.0", "3.6.13", "3.6.12")},
			{Name: "dashboard", Versions: versions("1.0.0")},
		}},
	}
}

// component is a Shoot component entry; an empty version means no pin.
func component(name, version string) gardencorev1beta1.ExtensionComponent {
	c := gardencorev1beta1.ExtensionComponent{Name: name}
	if version != "" {
		c.Version = ptr.To(version)
	}
	return c
}

func extension(extensionType string, components ...gardencorev1beta1.ExtensionComponent) gardencorev1beta1.Extension {
	return gardencorev1beta1.Extension{Type: extensionType, Components: components}
}

func newShoot(namespace, name string, extensions ...gardencorev1beta1.Extension) *gardencorev1beta1.Shoot {
	return &gardencorev1beta1.Shoot{
		ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name},
		Spec:       gardencorev1beta1.ShootSpec{Extensions: extensions},
	}
}

func deleting(shoot *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
	shoot.DeletionTimestamp = &metav1.Time{Time: time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)}
	return shoot
}

var _ = Describe("ExtensionProfileInUse", func() {
	var (
		ctx       context.Context
		factory   gardencoreinformers.SharedInformerFactory
		validator *extensionProfileInUse

		addShoots = func(shoots ...*gardencorev1beta1.Shoot) {
			GinkgoHelper()
			for _, shoot := range shoots {
				Expect(factory.Core().V1beta1().Shoots().Informer().GetStore().Add(shoot)).To(Succeed())
			}
		}
		// update validates an update from newProfile() to the profile that change returns.
		update = func(change func(*core.ExtensionProfile)) error {
			oldProfile := newProfile()
			profile := newProfile()
			change(profile)
			return validator.Validate(ctx, profileAttributes(profile, oldProfile, admission.Update, ""), nil)
		}
		remove = func(componentName string, version string) func(*core.ExtensionProfile) {
			return func(p *core.ExtensionProfile) {
				for i := range p.Spec.Components {
					c := &p.Spec.Components[i]
					if c.Name != componentName {
						continue
					}
					if version == "" {
						p.Spec.Components = append(p.Spec.Components[:i], p.Spec.Components[i+1:]...)
						return
					}
					for j := range c.Versions {
						if c.Versions[j].Version == version {
							c.Versions = append(c.Versions[:j], c.Versions[j+1:]...)
							return
						}
					}
				}
			}
		}
		deleteProfile = func() error {
			return validator.Validate(ctx, profileAttributes(nil, newProfile(), admission.Delete, ""), nil)
		}
	)

	BeforeEach(func() {
		ctx = context.Background()
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

		var err error
		validator, err = newPlugin()
		Expect(err).NotTo(HaveOccurred())
		validator.AssignReadyFunc(func() bool { return true })
		factory = gardencoreinformers.NewSharedInformerFactory(nil, 0)
		validator.SetCoreInformerFactory(factory)
		Expect(validator.ValidateInitialization()).To(Succeed())
	})

	Describe("plugin conventions", func() {
		It("registers under its name", func() {
			plugins := admission.NewPlugins()
			Register(plugins)
			Expect(plugins.Registered()).To(ConsistOf(plugin.PluginNameExtensionProfileInUse))
		})

		It("handles Update and Delete only", func() {
			Expect(validator.Handles(admission.Update)).To(BeTrue())
			Expect(validator.Handles(admission.Delete)).To(BeTrue())
			Expect(validator.Handles(admission.Create)).To(BeFalse())
			Expect(validator.Handles(admission.Connect)).To(BeFalse())
		})

		It("fails initialization without a Shoot informer", func() {
			p, err := newPlugin()
			Expect(err).NotTo(HaveOccurred())
			Expect(p.ValidateInitialization()).To(MatchError("missing Shoot informer"))
		})

		It("adds its indexes once and shares them with another instance on the same factory", func() {
			p, err := newPlugin()
			Expect(err).NotTo(HaveOccurred())
			p.SetCoreInformerFactory(factory)
			Expect(p.ValidateInitialization()).To(Succeed())
			indexers := factory.Core().V1beta1().Shoots().Informer().GetIndexer().GetIndexers()
			Expect(indexers).To(HaveKey(indexer.ShootPinnedExtensionTypeIndex))
			Expect(indexers).To(HaveKey(indexer.ShootPinnedComponentIndex))
			Expect(indexers).To(HaveKey(indexer.ShootPinnedComponentVersionIndex))
		})

		It("refuses requests until the Shoot informer has synced", func() {
			// The informer of a fresh factory is never started, so HasSynced stays false and the
			// plugin gives up after the admission handler's 10s wait.
			p, err := newPlugin()
			Expect(err).NotTo(HaveOccurred())
			p.SetCoreInformerFactory(gardencoreinformers.NewSharedInformerFactory(nil, 0))

			err = p.Validate(ctx, profileAttributes(nil, newProfile(), admission.Delete, ""), nil)
			Expect(apierrors.IsForbidden(err)).To(BeTrue())
			Expect(err).To(MatchError(forbidden("not yet ready to handle request")))
		})

		It("ignores other kinds", func() {
			addShoots(newShoot("garden-dev", "a", extension(profileName, component("traefik", "3.6.13"))))
			shoot := &core.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: profileName}}
			a := admission.NewAttributesRecord(nil, shoot, core.Kind("Shoot").WithVersion("version"), "garden-dev", profileName,
				core.Resource("shoots").WithVersion("version"), "", admission.Delete, &metav1.DeleteOptions{}, false, nil)
			Expect(validator.Validate(ctx, a, nil)).To(Succeed())
		})

		It("ignores subresources", func() {
			addShoots(newShoot("garden-dev", "a", extension(profileName, component("traefik", "3.6.13"))))
			profile := newProfile()
			remove("traefik", "")(profile)
			Expect(validator.Validate(ctx, profileAttributes(profile, newProfile(), admission.Update, "status"), nil)).To(Succeed())
		})

		It("protects pins while the ExtensionComponentVersions feature gate is off", func() {
			featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
			addShoots(newShoot("garden-dev", "a", extension(profileName, component("traefik", "3.6.13"))))

			Expect(update(remove("traefik", "3.6.13"))).To(MatchError(forbidden(
				`spec.components[0].versions: Forbidden: version "3.6.13" of component "traefik" cannot be removed from ExtensionProfile "shoot-traefik": still pinned by 1 Shoot (garden-dev/a)`)))
			Expect(deleteProfile()).To(MatchError(forbidden(`ExtensionProfile "shoot-traefik" cannot be deleted: still pinned by 1 Shoot (garden-dev/a)`)))
		})
	})

	Describe("#Validate on Update", func() {
		BeforeEach(func() {
			addShoots(
				newShoot("garden-dev", "b", extension(profileName, component("traefik", "3.6.13"), component("dashboard", ""))),
				newShoot("garden-dev", "a", extension(profileName, component("traefik", "3.6.13"))),
				newShoot("garden-prod", "c", extension(profileName, component("traefik", "3.6.12"))),
				deleting(newShoot("garden-dev", "gone", extension(profileName, component("traefik", "3.7.0"), component("dashboard", "1.0.0")))),
				// The same component name and version under another extension type.
				newShoot("garden-dev", "other", extension("envoy-gateway", component("traefik", "3.7.0"), component("dashboard", "1.0.0"))),
			)
		})

		DescribeTable("changes to the spec",
			func(change func(*core.ExtensionProfile), message string) {
				err := update(change)
				if message == "" {
					Expect(err).NotTo(HaveOccurred())
					return
				}
				Expect(apierrors.IsForbidden(err)).To(BeTrue())
				Expect(err).To(MatchError(forbidden(message)))
			},
			Entry("removing a version pinned only by a deleting Shoot and another type's Shoot is allowed",
				remove("traefik", "3.7.0"), ""),
			Entry("removing a pinned version is forbidden, naming the Shoots in order",
				remove("traefik", "3.6.13"),
				`spec.components[0].versions: Forbidden: version "3.6.13" of component "traefik" cannot be removed from ExtensionProfile "shoot-traefik": still pinned by 2 Shoots (garden-dev/a, garden-dev/b)`),
			Entry("removing a pinned component is forbidden, whatever version is pinned",
				remove("traefik", ""),
				`spec.components: Forbidden: component "traefik" cannot be removed from ExtensionProfile "shoot-traefik": still pinned by 3 Shoots (garden-dev/a, garden-dev/b, garden-prod/c)`),
			Entry("removing a component that is listed but not pinned is allowed",
				remove("dashboard", ""), ""),
			Entry("every removal in use is reported at once, on the component's index in the new spec",
				func(p *core.ExtensionProfile) {
					remove("dashboard", "")(p)
					remove("traefik", "3.6.13")(p)
					remove("traefik", "3.6.12")(p)
					p.Spec.Components = append([]core.ExtensionProfileComponent{{Name: "new"}}, p.Spec.Components...)
				},
				`[spec.components[1].versions: Forbidden: version "3.6.13" of component "traefik" cannot be removed from ExtensionProfile "shoot-traefik": still pinned by 2 Shoots (garden-dev/a, garden-dev/b), `+
					`spec.components[1].versions: Forbidden: version "3.6.12" of component "traefik" cannot be removed from ExtensionProfile "shoot-traefik": still pinned by 1 Shoot (garden-prod/c)]`),
			Entry("reclassifying a pinned version to expired is allowed (maintenance force-upgrades it)",
				func(p *core.ExtensionProfile) {
					p.Spec.Components[0].Versions[1].Lifecycle = []core.LifecycleStage{{Classification: core.ClassificationExpired}}
				}, ""),
			Entry("adding a version is allowed",
				func(p *core.ExtensionProfile) {
					p.Spec.Components[0].Versions = append(p.Spec.Components[0].Versions, core.ExtensionComponentVersion{Version: "3.8.0"})
				}, ""),
			Entry("a metadata-only change is allowed",
				func(p *core.ExtensionProfile) { p.Labels = map[string]string{"foo": "bar"} }, ""),
		)

		It("names the first three pinning Shoots in order and counts the rest", func() {
			addShoots(
				newShoot("garden-zz", "z", extension(profileName, component("traefik", "3.6.13"))),
				newShoot("garden-aa", "y", extension(profileName, component("traefik", "3.6.13"))),
				newShoot("garden-dev", "0", extension(profileName, component("traefik", "3.6.13"))),
			)
			Expect(update(remove("traefik", "3.6.13"))).To(MatchError(forbidden(
				`spec.components[0].versions: Forbidden: version "3.6.13" of component "traefik" cannot be removed from ExtensionProfile "shoot-traefik": still pinned by 5 Shoots (garden-aa/y, garden-dev/0, garden-dev/a, and 2 more)`)))
		})

		It("counts a pin under a disabled extension", func() {
			addShoots(newShoot("garden-dev", "disabled", gardencorev1beta1.Extension{Type: profileName, Disabled: ptr.To(true),
				Components: []gardencorev1beta1.ExtensionComponent{component("dashboard", "1.0.0")}}))

			Expect(update(remove("dashboard", "1.0.0"))).To(MatchError(forbidden(
				`spec.components[1].versions: Forbidden: version "1.0.0" of component "dashboard" cannot be removed from ExtensionProfile "shoot-traefik": still pinned by 1 Shoot (garden-dev/disabled)`)))
		})

		It("follows changes of the Shoot cache", func() {
			a := newShoot("garden-dev", "a", extension(profileName, component("traefik", "3.6.12")))
			b := newShoot("garden-dev", "b", extension(profileName, component("traefik", "3.6.12")))
			store := factory.Core().V1beta1().Shoots().Informer().GetStore()
			Expect(store.Update(a)).To(Succeed())
			Expect(store.Update(b)).To(Succeed())

			Expect(update(remove("traefik", "3.6.13"))).To(Succeed())
		})

		DescribeTable("a profile that is being deleted (the gardener finalizer holds it) is checked alike",
			func(change func(*core.ExtensionProfile), message string) {
				oldProfile := newProfile()
				oldProfile.DeletionTimestamp = &metav1.Time{Time: time.Now()}
				oldProfile.Finalizers = []string{"gardener"}
				profile := oldProfile.DeepCopy()
				change(profile)
				err := validator.Validate(ctx, profileAttributes(profile, oldProfile, admission.Update, ""), nil)
				if message == "" {
					Expect(err).NotTo(HaveOccurred())
					return
				}
				Expect(apierrors.IsForbidden(err)).To(BeTrue())
				Expect(err).To(MatchError(forbidden(message)))
			},
			Entry("removing a pinned version is forbidden",
				remove("traefik", "3.6.13"),
				`spec.components[0].versions: Forbidden: version "3.6.13" of component "traefik" cannot be removed from ExtensionProfile "shoot-traefik": still pinned by 2 Shoots (garden-dev/a, garden-dev/b)`),
			Entry("removing every component is forbidden for the pinned ones",
				func(p *core.ExtensionProfile) { p.Spec.Components = nil },
				`spec.components: Forbidden: component "traefik" cannot be removed from ExtensionProfile "shoot-traefik": still pinned by 3 Shoots (garden-dev/a, garden-dev/b, garden-prod/c)`),
			Entry("removing a version that no Shoot pins is allowed",
				remove("traefik", "3.7.0"), ""),
			Entry("removing the finalizer is allowed",
				func(p *core.ExtensionProfile) { p.Finalizers = nil }, ""),
		)

		It("rejects objects of the wrong type", func() {
			err := validator.Validate(ctx, profileAttributes(&core.Shoot{}, newProfile(), admission.Update, ""), nil)
			Expect(apierrors.IsBadRequest(err)).To(BeTrue())
			Expect(err).To(MatchError("could not convert resource into ExtensionProfile object"))

			err = validator.Validate(ctx, profileAttributes(newProfile(), &core.Shoot{}, admission.Update, ""), nil)
			Expect(apierrors.IsBadRequest(err)).To(BeTrue())
			Expect(err).To(MatchError("could not convert old resource into ExtensionProfile object"))
		})
	})

	Describe("#Validate on Delete", func() {
		DescribeTable("the Shoots in the cache",
			func(shoots []*gardencorev1beta1.Shoot, message string) {
				addShoots(shoots...)
				err := deleteProfile()
				if message == "" {
					Expect(err).NotTo(HaveOccurred())
					return
				}
				Expect(apierrors.IsForbidden(err)).To(BeTrue())
				Expect(err).To(MatchError(forbidden(message)))
			},
			Entry("no Shoots", nil, ""),
			Entry("Shoots that use the extension without pins",
				[]*gardencorev1beta1.Shoot{
					newShoot("garden-dev", "a", extension(profileName)),
					newShoot("garden-dev", "b", extension(profileName, component("traefik", ""))),
				}, ""),
			Entry("pins under another type",
				[]*gardencorev1beta1.Shoot{newShoot("garden-dev", "a", extension("envoy-gateway", component("traefik", "3.6.13")))}, ""),
			Entry("pins only by deleting Shoots",
				[]*gardencorev1beta1.Shoot{deleting(newShoot("garden-dev", "a", extension(profileName, component("traefik", "3.6.13"))))}, ""),
			Entry("one pinning Shoot",
				[]*gardencorev1beta1.Shoot{newShoot("garden-dev", "a", extension(profileName, component("dashboard", "1.0.0")))},
				`ExtensionProfile "shoot-traefik" cannot be deleted: still pinned by 1 Shoot (garden-dev/a)`),
			Entry("a pin of a version or component the profile does not list",
				[]*gardencorev1beta1.Shoot{newShoot("garden-dev", "a", extension(profileName, component("unknown", "0.1.0")))},
				`ExtensionProfile "shoot-traefik" cannot be deleted: still pinned by 1 Shoot (garden-dev/a)`),
			Entry("five pinning Shoots: the count and the first three in order",
				[]*gardencorev1beta1.Shoot{
					newShoot("garden-prod", "e", extension(profileName, component("traefik", "3.6.13"))),
					newShoot("garden-dev", "d", extension(profileName, component("traefik", "3.6.12"))),
					newShoot("garden-dev", "b", extension(profileName, component("dashboard", "1.0.0"))),
					newShoot("garden-dev", "c", extension(profileName, component("traefik", "3.7.0"))),
					newShoot("garden-dev", "a", extension(profileName, component("traefik", "3.6.13"))),
					deleting(newShoot("garden-dev", "0", extension(profileName, component("traefik", "3.6.13")))),
				},
				`ExtensionProfile "shoot-traefik" cannot be deleted: still pinned by 5 Shoots (garden-dev/a, garden-dev/b, garden-dev/c, and 2 more)`),
		)

		It("also rejects deleting a profile whose deletion is pending", func() {
			addShoots(newShoot("garden-dev", "a", extension(profileName, component("traefik", "3.6.13"))))
			oldProfile := newProfile()
			oldProfile.DeletionTimestamp = &metav1.Time{Time: time.Now()}
			err := validator.Validate(ctx, profileAttributes(nil, oldProfile, admission.Delete, ""), nil)
			Expect(err).To(MatchError(forbidden(`ExtensionProfile "shoot-traefik" cannot be deleted: still pinned by 1 Shoot (garden-dev/a)`)))
		})
	})
})
