// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileinuse

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apiserver/pkg/admission"
	featuregatetesting "k8s.io/component-base/featuregate/testing"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
)

var _ = Describe("ExtensionProfileInUse with per-pool pins", func() {
	var validator *extensionProfileInUse

	// pooled returns a Shoot whose pools pin traefik: override entries of the pools given, and
	// shootLevel (when set) in spec.extensions.
	pooled := func(name, shootLevel string, pools ...string) *gardencorev1beta1.Shoot {
		shoot := newShoot("garden-dev", name)
		if shootLevel != "" {
			shoot.Spec.Extensions = []gardencorev1beta1.Extension{extension(profileName, component("traefik", shootLevel))}
		} else {
			shoot.Spec.Extensions = []gardencorev1beta1.Extension{extension(profileName)}
		}
		for _, pool := range pools {
			shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, gardencorev1beta1.Worker{Name: pool,
				Extensions: []gardencorev1beta1.WorkerExtension{{Type: profileName, Components: []gardencorev1beta1.ExtensionComponent{component("traefik", "3.6.12")}}}})
		}
		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, gardencorev1beta1.Worker{Name: "plain"})
		return shoot
	}

	BeforeEach(func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		var err error
		validator, err = newPlugin()
		Expect(err).NotTo(HaveOccurred())
		validator.AssignReadyFunc(func() bool { return true })
		factory := gardencoreinformers.NewSharedInformerFactory(nil, 0)
		validator.SetCoreInformerFactory(factory)
		for _, shoot := range []*gardencorev1beta1.Shoot{pooled("a", "", "gpu"), pooled("b", "3.6.12", "gpu", "gpu-new"), pooled("c", "3.6.13")} {
			Expect(factory.Core().V1beta1().Shoots().Informer().GetStore().Add(shoot)).To(Succeed())
		}
	})

	DescribeTable("counts a pool's pin as use, naming the pools",
		func(attributes func() admission.Attributes, detail string) {
			Expect(validator.Validate(context.Background(), attributes(), nil)).To(MatchError(forbidden(detail)))
		},
		Entry("removing a version only pools pin", func() admission.Attributes {
			profile := newProfile()
			profile.Spec.Components[0].Versions = profile.Spec.Components[0].Versions[:2]
			return profileAttributes(profile, newProfile(), admission.Update, "")
		}, `spec.components[0].versions: Forbidden: version "3.6.12" of component "traefik" cannot be removed from ExtensionProfile "shoot-traefik": still pinned by 2 Shoots (garden-dev/a (worker pool gpu), garden-dev/b (spec.extensions, worker pool gpu, worker pool gpu-new))`),
		Entry("deleting the profile", func() admission.Attributes {
			return profileAttributes(nil, newProfile(), admission.Delete, "")
		}, `ExtensionProfile "shoot-traefik" cannot be deleted: still pinned by 3 Shoots (garden-dev/a (worker pool gpu), garden-dev/b (spec.extensions, worker pool gpu, worker pool gpu-new), garden-dev/c)`),
	)

	It("names no pool for a version only spec.extensions pins", func() {
		profile := newProfile()
		profile.Spec.Components[0].Versions = []core.ExtensionComponentVersion{{Version: "3.7.0"}, {Version: "3.6.12"}}
		err := validator.Validate(context.Background(), profileAttributes(profile, newProfile(), admission.Update, ""), nil)
		Expect(err).To(MatchError(ContainSubstring(`version "3.6.13" of component "traefik" cannot be removed from ExtensionProfile "shoot-traefik": still pinned by 1 Shoot (garden-dev/c)`)))
	})
})
