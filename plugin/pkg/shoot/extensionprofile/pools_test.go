// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
)

var _ = Describe("ShootExtensionProfile per-pool pins", func() {
	var (
		ctx      context.Context
		warnings *recorder
		admitter *ShootExtensionProfile
		factory  gardencoreinformers.SharedInformerFactory
	)

	BeforeEach(func() {
		ctx, warnings, factory, admitter, _ = newPlugin()
		lifecycle := func(c gardencorev1beta1.VersionClassification) []gardencorev1beta1.LifecycleStage {
			return []gardencorev1beta1.LifecycleStage{{Classification: c}}
		}
		Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(&gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor", Generation: 1},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "runsc", Versions: []gardencorev1beta1.ExtensionComponentVersion{
					{Version: "1.0.0", Lifecycle: lifecycle(gardencorev1beta1.ClassificationExpired)},
					{Version: "1.1.0"},
					{Version: "1.1.4"},
					{Version: "1.2.0", Lifecycle: lifecycle(gardencorev1beta1.ClassificationPreview)},
				},
			}}},
		})).To(Succeed())
	})

	// sandboxed adds a second pool "sandbox" running gvisor (and kata without pins) with the runsc pin.
	sandboxed := func(shoot *core.Shoot, runsc string) *core.Shoot {
		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, core.Worker{
			Name: "sandbox", Machine: core.Machine{Type: "local"},
			CRI: &core.CRI{Name: core.CRINameContainerD, ContainerRuntimes: []core.ContainerRuntime{
				{Type: "kata"}, {Type: "gvisor", Components: []core.ExtensionComponent{{Name: "runsc", Version: ptr.To(runsc)}}},
			}},
		})
		return shoot
	}
	runsc := func(shoot *core.Shoot) string {
		return ptr.Deref(shoot.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Components[0].Version, "")
	}
	const versionPath = "spec.provider.workers[1].cri.containerRuntimes[1].components[0].version"

	DescribeTable("a container runtime's pins are admitted as Shoot-level pins are",
		func(version, stored, detail, warning string) {
			shoot := sandboxed(shootWith(traefik("3.6.13")), version)
			err := admitThenValidate(ctx, admitter, attributes(shoot, nil, admission.Create, ""))
			if detail != "" {
				Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
				Expect(err).To(MatchError(ContainSubstring(detail)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(runsc(shoot)).To(Equal(stored))
			if warning != "" {
				Expect(warnings.warnings).To(ContainElement(ContainSubstring(warning)))
			}
		},
		Entry("a supported version", "1.1.0", "1.1.0", "", ""),
		Entry("a partial version resolves into the pool's entry", "1.1", "1.1.4", "", ""),
		Entry("a preview version, with the pool named in the warning", "1.2.0", "1.2.0", "",
			"worker pool sandbox: component runsc of extension containerruntime-gvisor is pinned to preview version 1.2.0"),
		Entry("an unknown version", "9.9.9", "", versionPath+`: Unsupported value: "9.9.9"`, ""),
		Entry("an expired version", "1.0.0", "", versionPath+`: Invalid value: "1.0.0": version 1.0.0 of component runsc is expired`, ""),
		Entry("a partial version nothing matches", "2", "", versionPath+`: Invalid value: "2": couldn't find a suitable version`, ""),
	)

	It("refuses a runtime without profile at the runtime's component", func() {
		shoot := sandboxed(shootWith(), "1.1.0")
		shoot.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Type = "runc-ng"
		err := admitter.Validate(ctx, attributes(shoot, nil, admission.Create, ""), nil)
		Expect(err).To(MatchError(ContainSubstring(`spec.provider.workers[1].cri.containerRuntimes[1].components[0]: Invalid value: "runsc": no ExtensionProfile "containerruntime-runc-ng" exists`)))
	})

	It("keeps a pool's version an update omits, and leaves an unchanged expired pin alone", func() {
		old := sandboxed(shootWith(), "1.0.0")
		shoot := sandboxed(shootWith(), "")
		shoot.Spec.Provider.Workers[1].CRI.ContainerRuntimes[1].Components[0].Version = nil
		Expect(admitter.Admit(ctx, attributes(shoot, old, admission.Update, ""), nil)).To(Succeed())
		Expect(runsc(shoot)).To(Equal("1.0.0"))
		Expect(admitter.Validate(ctx, attributes(shoot, old, admission.Update, ""), nil)).To(Succeed())
	})

	DescribeTable("admits a pool's override only of a component marked perWorkerPool",
		func(perWorkerPool bool, version, detail string) {
			Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(&gardencorev1beta1.ExtensionProfile{
				ObjectMeta: metav1.ObjectMeta{Name: "gpu-driver", Generation: 1},
				Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
					Name: "driver", PerWorkerPool: perWorkerPool, Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "535.0.0"}, {Version: "570.2.0"}, {Version: "570.4.1"}},
				}}},
			})).To(Succeed())
			shoot := shootWith(core.Extension{Type: "gpu-driver", Components: []core.ExtensionComponent{{Name: "driver", Version: ptr.To("535.0.0")}}})
			shoot.Spec.Provider.Workers[0].Extensions = []core.WorkerExtension{{Type: "gpu-driver", Components: []core.ExtensionComponent{{Name: "driver", Version: ptr.To(version)}}}}
			err := admitThenValidate(ctx, admitter, attributes(shoot, nil, admission.Create, ""))
			if detail != "" {
				Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
				Expect(err).To(MatchError(ContainSubstring(detail)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(*shoot.Spec.Provider.Workers[0].Extensions[0].Components[0].Version).To(Equal("570.4.1"))
		},
		Entry("a partial version resolved into the pool's override", true, "570", ""),
		Entry("a component not marked perWorkerPool", false, "570.4.1",
			`spec.provider.workers[0].extensions[0].components[0].name: Forbidden: component driver of ExtensionProfile "gpu-driver" is not marked perWorkerPool`),
	)
})
