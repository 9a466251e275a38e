// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"reflect"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorefake "github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
)

var _ = Describe("ValidateInitialization", func() {
	DescribeTable("fails without each dependency the initializer sets",
		func(drop func(*ShootExtensionProfile), message string) {
			p, err := New()
			Expect(err).NotTo(HaveOccurred())
			p.SetCoreInformerFactory(gardencoreinformers.NewSharedInformerFactory(nil, 0))
			p.SetCoreClientSet(gardencorefake.NewSimpleClientset())
			Expect(p.ValidateInitialization()).To(Succeed())

			drop(p)
			Expect(p.ValidateInitialization()).To(MatchError(message))
		},
		Entry("the ExtensionProfile lister", func(p *ShootExtensionProfile) { p.extensionProfileLister = nil }, "missing ExtensionProfile lister"),
		Entry("the CloudProfile lister", func(p *ShootExtensionProfile) { p.cloudProfileLister = nil }, "missing CloudProfile lister"),
		Entry("the NamespacedCloudProfile lister", func(p *ShootExtensionProfile) { p.namespacedCloudProfileLister = nil }, "missing NamespacedCloudProfile lister"),
		Entry("the core.gardener.cloud client", func(p *ShootExtensionProfile) { p.coreClient = nil }, "missing core.gardener.cloud client"),
	)
})

var _ = Describe("oldPoolPins", func() {
	pools := func() []core.Worker {
		return []core.Worker{
			{Name: "a", Maximum: 1, CRI: &core.CRI{Name: core.CRINameContainerD, ContainerRuntimes: []core.ContainerRuntime{{
				Type: "gvisor", Components: []core.ExtensionComponent{{Name: "runsc", Version: ptr.To("1.0.0")}},
			}}}},
			{Name: "b", Extensions: []core.WorkerExtension{{Type: "gpu", Components: []core.ExtensionComponent{{Name: "driver", Version: ptr.To("570")}}}}},
		}
	}

	DescribeTable("reuses the new Shoot's converted pools only when no pool's name or pins changed",
		func(change func(old *core.Shoot), reused bool) {
			shoot := &core.Shoot{Spec: core.ShootSpec{Provider: core.Provider{Workers: pools()}}}
			old := shoot.DeepCopy()
			change(old)
			converted, err := poolPinsToV1beta1(shoot)
			Expect(err).NotTo(HaveOccurred())

			got, err := oldPoolPins(old, shoot, converted)
			Expect(err).NotTo(HaveOccurred())
			Expect(&got[0] == &converted[0]).To(Equal(reused))
			want, err := poolPinsToV1beta1(old)
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(Equal(want))
		},
		Entry("only a pool's maximum changed", func(old *core.Shoot) { old.Spec.Provider.Workers[0].Maximum = 3 }, true),
		Entry("a runtime's version", func(old *core.Shoot) {
			old.Spec.Provider.Workers[0].CRI.ContainerRuntimes[0].Components[0].Version = ptr.To("0.9.0")
		}, false),
		Entry("a runtime's autoUpdate", func(old *core.Shoot) {
			old.Spec.Provider.Workers[0].CRI.ContainerRuntimes[0].Components[0].AutoUpdate = &core.ExtensionAutoUpdate{Enabled: ptr.To(true)}
		}, false),
		Entry("a runtime's channel", func(old *core.Shoot) {
			old.Spec.Provider.Workers[0].CRI.ContainerRuntimes[0].Components[0].Channel = ptr.To(core.ReleaseChannel("stable"))
		}, false),
		Entry("a runtime's type", func(old *core.Shoot) { old.Spec.Provider.Workers[0].CRI.ContainerRuntimes[0].Type = "kata" }, false),
		Entry("no cri", func(old *core.Shoot) { old.Spec.Provider.Workers[0].CRI = nil }, false),
		Entry("an override's version", func(old *core.Shoot) {
			old.Spec.Provider.Workers[1].Extensions[0].Components[0].Version = ptr.To("535")
		}, false),
		Entry("an override more", func(old *core.Shoot) {
			old.Spec.Provider.Workers[1].Extensions = append(old.Spec.Provider.Workers[1].Extensions, core.WorkerExtension{Type: "other"})
		}, false),
		Entry("a pool's name", func(old *core.Shoot) { old.Spec.Provider.Workers[1].Name = "c" }, false),
		Entry("a pool fewer", func(old *core.Shoot) { old.Spec.Provider.Workers = old.Spec.Provider.Workers[:1] }, false),
	)

	It("compares every field of a component entry", func() {
		// sameComponents compares Name, Version, AutoUpdate and Channel; a new field must join them.
		Expect(reflect.TypeFor[core.ExtensionComponent]().NumField()).To(Equal(4))
	})
})
