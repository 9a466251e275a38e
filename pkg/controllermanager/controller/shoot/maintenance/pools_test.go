// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// Per-pool pins: the runsc component of the container runtime gvisor in the pools a and b, and an
// override of agent-ext's agent in pool b, maintained after the pools' images in one run.
var _ = Describe("the component step for worker pools", func() {
	var (
		ctx = context.Background()
		// Upstream's host steps classify at time.Now.
		now     = time.Now().UTC()
		checker *fakeChecker
		shoot   *gardencorev1beta1.Shoot
		images  string
		step    componentStep
	)
	runtime := func(version string, autoUpdate bool) gardencorev1beta1.ContainerRuntime {
		return gardencorev1beta1.ContainerRuntime{Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{{
			Name: "runsc", Version: ptr.To(version), AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(autoUpdate)},
		}}}
	}
	pool := func(name string, runtime gardencorev1beta1.ContainerRuntime) gardencorev1beta1.Worker {
		return gardencorev1beta1.Worker{Name: name,
			Machine: gardencorev1beta1.Machine{Type: "m5.large", Image: &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1877.5.0")}, Architecture: ptr.To("amd64")},
			CRI:     &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{runtime}},
		}
	}
	run := func() *maintenanceRun {
		versions := imageVersions(now, images)
		for i := range versions {
			versions[i].CRI = []gardencorev1beta1.CRI{{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor"}}}}
		}
		cloudProfile := &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{
			Kubernetes:   gardencorev1beta1.KubernetesSettings{Versions: expirable(now, "1.35.4")},
			MachineTypes: []gardencorev1beta1.MachineType{{Name: "m5.large"}},
			MachineImages: []gardencorev1beta1.MachineImage{{
				Name: "gardenlinux", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor), Versions: versions,
			}},
		}}
		return runMaintenance(ctx, shoot, cloudProfile, step)
	}
	runsc := func(r *maintenanceRun, worker int) string {
		return *r.maintained.Spec.Provider.Workers[worker].CRI.ContainerRuntimes[0].Components[0].Version
	}

	BeforeEach(func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		images = "1877.5.0"
		checker = &fakeChecker{rules: map[string]func(*gardencorev1beta1.Shoot) []componentversion.RuleFailure{}}
		shoot = &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes:  gardencorev1beta1.Kubernetes{Version: "1.35.4"},
			Maintenance: &gardencorev1beta1.Maintenance{AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{MachineImageVersion: ptr.To(true)}},
			Extensions:  []gardencorev1beta1.Extension{{Type: "agent-ext", Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.0")}}}},
			Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{
				pool("a", runtime("1.0.0", true)),
				pool("b", runtime("1.1.0", false)),
			}},
		}}
		step = testStep(now, checker,
			&gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor"}, Spec: gardencorev1beta1.ExtensionProfileSpec{
				Components: []gardencorev1beta1.ExtensionProfileComponent{{Name: "runsc", Versions: componentVersions(now, "1.0.0, 1.0.1, 1.1.0")}},
			}},
			&gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "agent-ext"}, Spec: gardencorev1beta1.ExtensionProfileSpec{
				Components: []gardencorev1beta1.ExtensionProfileComponent{{Name: "agent", Versions: componentVersions(now, "1.0.0, 1.0.1, 2.0.0")}},
			}},
		)
	})

	DescribeTable("maintains each pool's pin after the pool's image",
		func(prepare func(), expectedA, expectedB string, expected []string) {
			prepare()
			r := run()
			Expect(runsc(r, 0)).To(Equal(expectedA))
			Expect(runsc(r, 1)).To(Equal(expectedB))
			description, _ := r.messages()
			for _, line := range expected {
				Expect(description).To(ContainSubstring(line))
			}
		},
		Entry("auto-update per pool: a moves, b keeps its version", func() {}, "1.0.1", "1.1.0", []string{
			`Worker pool "a": container runtime "gvisor" component "runsc": Updated version from "1.0.0" to "1.0.1". Reason: Automatic update of the component version is configured (update strategy: patch)`,
		}),
		Entry("the expiry of a's version forces a alone, b stays", func() {
			step.profiles["containerruntime-gvisor"].Spec.Components[0].Versions = componentVersions(now, "1.0.0 x, 1.0.1, 1.1.0")
			shoot.Spec.Provider.Workers[0] = pool("a", runtime("1.0.0", false))
		}, "1.0.1", "1.1.0", []string{
			`Worker pool "a": container runtime "gvisor" component "runsc": Updated version from "1.0.0" to "1.0.1". Reason: Component version expired - force update required`,
		}),
		Entry("a rule over the pools sees the images the run moved first", func() {
			images = "1877.5.0, 1877.8.0"
			checker.rules["runsc/1.0.1"] = imageAtLeast("1877.8.0", "runsc 1.0.1 needs gardenlinux 1877.8.0")
		}, "1.0.1", "1.1.0", []string{
			`Worker pool "a": Updated machine image "gardenlinux" from "1877.5.0" to "1877.8.0"`,
			`Worker pool "a": container runtime "gvisor" component "runsc": Updated version from "1.0.0" to "1.0.1"`,
		}),
		Entry("without the image the rule rejects the target", func() {
			checker.rules["runsc/1.0.1"] = imageAtLeast("1877.8.0", "runsc 1.0.1 needs gardenlinux 1877.8.0")
		}, "1.0.0", "1.1.0", nil),
	)

	It("holds back a voluntary image update that breaks a pool's pin without target", func() {
		images = "1877.5.0, 1877.8.0"
		shoot.Spec.Provider.Workers[0] = pool("a", runtime("1.0.0", false))
		checker.rules["runsc/1.0.0"] = func(s *gardencorev1beta1.Shoot) []componentversion.RuleFailure {
			if *s.Spec.Provider.Workers[0].Machine.Image.Version == "1877.8.0" {
				return []componentversion.RuleFailure{{Index: 0, Rule: "image", Status: celutils.StatusFailed, Message: "runsc 1.0.0 needs gardenlinux below 1877.8.0"}}
			}
			return nil
		}
		r := run()

		Expect(*r.maintained.Spec.Provider.Workers[0].Machine.Image.Version).To(Equal("1877.5.0"))
		Expect(runsc(r, 0)).To(Equal("1.0.0"))
		Expect(r.images["a"].isSuccessful).To(BeFalse())
		Expect(r.images["a"].description).To(Equal(`update of machine image "gardenlinux" from "1877.5.0" to "1877.8.0" held back: it would make ` +
			`component "runsc" of container runtime "gvisor" in worker pool "a" (version "1.0.0") incompatible (runsc 1.0.0 needs gardenlinux below 1877.8.0)`))
	})

	It("maintains an override with the pool named, and records events and counters per profile", func() {
		shoot.Spec.Provider.Workers[1].Extensions = []gardencorev1beta1.WorkerExtension{{Type: "agent-ext",
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.0")}}}}
		shoot.Spec.Extensions[0].AutoUpdate = &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(false)}
		r := run()

		Expect(*r.maintained.Spec.Extensions[0].Components[0].Version).To(Equal("1.0.0"), "the Shoot-level entry has auto-update off")
		Expect(*r.maintained.Spec.Provider.Workers[1].Extensions[0].Components[0].Version).To(Equal("1.0.1"), "the override follows its own (default) auto-update")
		Expect(componentEvents(r.components)).To(ConsistOf(
			`Normal ExtensionComponentVersionMaintenance Worker pool "a": container runtime "gvisor" component "runsc": Updated version from "1.0.0" to "1.0.1". Reason: Automatic update of the component version is configured (update strategy: patch).`,
			`Normal ExtensionComponentVersionMaintenance Worker pool "b": Extension "agent-ext" component "agent": Updated version from "1.0.0" to "1.0.1". Reason: Automatic update of the component version is configured (update strategy: patch).`,
		))
		Expect(counted(func() { countComponentMaintenance(GinkgoLogr, r.components) })).To(Equal([]string{
			"upgrades agent-ext auto-update", "upgrades containerruntime-gvisor auto-update",
		}))
	})

	It("leaves the override of a disabled extension alone", func() {
		shoot.Spec.Extensions[0].Disabled = ptr.To(true)
		shoot.Spec.Provider.Workers[1].Extensions = []gardencorev1beta1.WorkerExtension{{Type: "agent-ext",
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.0")}}}}
		r := run()

		Expect(*r.maintained.Spec.Provider.Workers[1].Extensions[0].Components[0].Version).To(Equal("1.0.0"))
		Expect(componentResults(r.components)).To(ConsistOf(HaveField("Component", "runsc")))
	})
})
