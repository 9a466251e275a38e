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

// The GEP-78 extension decided in doc.go: a forced host update wins over a component that has no
// compatible target; a voluntary one yields.
var _ = Describe("resolveHostComponentConflicts", func() {
	var (
		ctx = context.Background()
		// Upstream's host steps classify at time.Now.
		now     = time.Now().UTC()
		checker *fakeChecker
		run     *maintenanceRun
		// extra adds extensions and profiles before a run.
		extra func(*gardencorev1beta1.Shoot, map[string]*gardencorev1beta1.ExtensionProfile)
	)

	// runAll runs the host steps, the component step and the conflict resolution like reconcile.
	runAll := func(k8s []gardencorev1beta1.ExpirableVersion, autoUpdateKubernetes bool, images string, componentSpec string, pinned string, componentAutoUpdate bool) {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.35.4"},
			Maintenance: &gardencorev1beta1.Maintenance{AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{
				KubernetesVersion: autoUpdateKubernetes, MachineImageVersion: ptr.To(true),
			}},
			Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{{
				Name: "local", Machine: gardencorev1beta1.Machine{Type: "m5.large", Image: &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1877.5.0")}, Architecture: ptr.To("amd64")},
			}}},
			Extensions: []gardencorev1beta1.Extension{{
				Type: "agent-ext",
				Components: []gardencorev1beta1.ExtensionComponent{{
					Name: "agent", Version: ptr.To(pinned),
					AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(componentAutoUpdate), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor)},
				}},
			}},
		}}
		cloudProfile := &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{
			Kubernetes:   gardencorev1beta1.KubernetesSettings{Versions: k8s},
			MachineTypes: []gardencorev1beta1.MachineType{{Name: "m5.large"}},
			MachineImages: []gardencorev1beta1.MachineImage{{
				Name: "gardenlinux", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor), Versions: imageVersions(now, images),
			}},
		}}
		step := testStep(now, checker, &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "agent-ext"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
				{Name: "agent", Versions: componentVersions(now, componentSpec)},
			}},
		})
		if extra != nil {
			extra(shoot, step.profiles)
		}
		run = runMaintenance(ctx, shoot, cloudProfile, step)
	}
	resultOf := func(kind string) result {
		GinkgoHelper()
		for _, r := range run.results() {
			if r.Kind == kind {
				return r
			}
		}
		Fail("no result of kind " + kind)
		return result{}
	}
	pinned := func() string { return *run.maintained.Spec.Extensions[0].Components[0].Version }

	BeforeEach(func() {
		extra = nil
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		checker = &fakeChecker{rules: map[string]func(*gardencorev1beta1.Shoot) []componentversion.RuleFailure{
			"agent/1.0.0": kubernetesBelow("1.35.5", "agent 1.0 requires Kubernetes below 1.35.5"),
		}}
	})

	It("should let a forced Kubernetes update win and hold the component, naming the incompatibility", func() {
		runAll(expirable(now, "1.35.6, 1.35.4 x"), false, "1877.5.0", "1.0.0", "1.0.0", true)

		Expect(run.maintained.Spec.Kubernetes.Version).To(Equal("1.35.6"))
		Expect(pinned()).To(Equal("1.0.0"))
		Expect(resultOf(kindKubernetes).Successful).To(BeTrue())
		component := resultOf(kindComponent)
		Expect(component).To(Equal(result{
			Kind: kindComponent, ExtensionType: "agent-ext", Component: "agent", From: "1.0.0", To: "1.0.0",
			Reason:          reasonComponentIncompatible,
			Description:     `version "1.0.0" stays although it is incompatible with the maintained Shoot (agent 1.0 requires Kubernetes below 1.35.5): no compatible version is available`,
			FailureCategory: "incompatible",
		}))
	})

	It("should hold back a voluntary Kubernetes update that would make the component incompatible", func() {
		runAll(expirable(now, "1.35.6, 1.35.4"), true, "1877.5.0", "1.0.0", "1.0.0", true)

		Expect(run.maintained.Spec.Kubernetes.Version).To(Equal("1.35.4"))
		Expect(pinned()).To(Equal("1.0.0"))
		Expect(run.results()).To(HaveLen(1))
		k8s := resultOf(kindKubernetes)
		Expect(k8s.Successful).To(BeFalse())
		Expect(k8s.Description).To(Equal(`update of Kubernetes version from "1.35.4" to "1.35.6" held back: it would make component "agent" of extension "agent-ext" (version "1.0.0") incompatible (agent 1.0 requires Kubernetes below 1.35.5)`))
	})

	It("should hold back only the voluntary update that causes the incompatibility", func() {
		runAll(expirable(now, "1.35.6, 1.35.4"), true, "1877.5.0, 1877.8.0", "1.0.0", "1.0.0", true)

		Expect(*run.maintained.Spec.Provider.Workers[0].Machine.Image.Version).To(Equal("1877.8.0"))
		Expect(resultOf(kindMachineImage).Successful).To(BeTrue())
		Expect(run.maintained.Spec.Kubernetes.Version).To(Equal("1.35.4"))
		Expect(resultOf(kindKubernetes).Successful).To(BeFalse())
	})

	It("should choose the component targets again against the host state that remains", func() {
		// agent auto-updates within its major; 1.1.0 needs Kubernetes 1.35.6, 1.0.5 works with both.
		delete(checker.rules, "agent/1.0.0")
		checker.rules["agent/1.1.0"] = func(shoot *gardencorev1beta1.Shoot) []componentversion.RuleFailure {
			if shoot.Spec.Kubernetes.Version >= "1.35.6" {
				return nil
			}
			return []componentversion.RuleFailure{{Status: celutils.StatusFailed, Message: "agent 1.1 requires Kubernetes 1.35.6"}}
		}
		// guard is frozen on 2.0.0, which breaks with Kubernetes 1.35.6.
		checker.rules["guard/2.0.0"] = kubernetesBelow("1.35.5", "guard 2.0 requires Kubernetes below 1.35.5")
		extra = func(shoot *gardencorev1beta1.Shoot, profiles map[string]*gardencorev1beta1.ExtensionProfile) {
			shoot.Spec.Extensions = append(shoot.Spec.Extensions, gardencorev1beta1.Extension{
				Type: "guard-ext",
				Components: []gardencorev1beta1.ExtensionComponent{{
					Name: "guard", Version: ptr.To("2.0.0"), AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(false)},
				}},
			})
			profiles["guard-ext"] = &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "guard-ext"}, Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
				{Name: "guard", Versions: componentVersions(now, "2.0.0")},
			}}}
		}
		runAll(expirable(now, "1.35.6, 1.35.4"), true, "1877.5.0", "1.0.0, 1.0.5, 1.1.0", "1.0.0", true)

		Expect(run.maintained.Spec.Kubernetes.Version).To(Equal("1.35.4"))
		Expect(pinned()).To(Equal("1.0.5"))
		Expect(*run.maintained.Spec.Extensions[1].Components[0].Version).To(Equal("2.0.0"))
		Expect(run.results()).To(HaveLen(2))
		Expect(resultOf(kindKubernetes).Description).To(ContainSubstring(`component "guard" of extension "guard-ext" (version "2.0.0") incompatible (guard 2.0 requires Kubernetes below 1.35.5)`))
		Expect(resultOf(kindComponent).To).To(Equal("1.0.5"))
	})

	It("should not report a rule that already failed before the window", func() {
		checker.rules["agent/1.0.0"] = kubernetesBelow("1.30.0", "agent 1.0 requires Kubernetes below 1.30")
		runAll(expirable(now, "1.35.6, 1.35.4"), true, "1877.5.0", "1.0.0", "1.0.0", true)
		Expect(run.maintained.Spec.Kubernetes.Version).To(Equal("1.35.6"))
		Expect(run.results()).To(HaveLen(1))
		Expect(run.results()[0].Successful).To(BeTrue())
	})

	It("should append the incompatibility to a component that already failed", func() {
		checker.rules["agent/1.0.1"] = kubernetesBelow("1.35.5", "agent 1.0 requires Kubernetes below 1.35.5")
		runAll(expirable(now, "1.35.6, 1.35.4 x"), false, "1877.5.0", "1.0.0 x, 1.0.1", "1.0.0", false)

		Expect(run.maintained.Spec.Kubernetes.Version).To(Equal("1.35.6"))
		Expect(pinned()).To(Equal("1.0.0"))
		component := resultOf(kindComponent)
		Expect(component.Successful).To(BeFalse())
		Expect(component.Description).To(Equal(`cannot perform forceful update of expired version "1.0.0" of component "agent": no higher supported version of minor 1.0 or of a higher minor of major 1 is compatible with the Shoot: 1.0.1 (agent 1.0 requires Kubernetes below 1.35.5); version "1.0.0" stays although it is incompatible with the maintained Shoot (agent 1.0 requires Kubernetes below 1.35.5): no compatible version is available`))
	})

	Describe("worker pool Kubernetes versions", func() {
		withPoolVersion := func(version string) func(*gardencorev1beta1.Shoot, map[string]*gardencorev1beta1.ExtensionProfile) {
			return func(shoot *gardencorev1beta1.Shoot, _ map[string]*gardencorev1beta1.ExtensionProfile) {
				shoot.Spec.Provider.Workers[0].Kubernetes = &gardencorev1beta1.WorkerKubernetes{Version: ptr.To(version)}
			}
		}
		poolVersion := func() string { return *run.maintained.Spec.Provider.Workers[0].Kubernetes.Version }

		It("should choose component targets against the pools' maintained versions", func() {
			delete(checker.rules, "agent/1.0.0")
			checker.rules["agent/1.1.0"] = func(shoot *gardencorev1beta1.Shoot) []componentversion.RuleFailure {
				if v := shoot.Spec.Provider.Workers[0].Kubernetes.Version; *v >= "1.35.6" {
					return nil
				}
				return []componentversion.RuleFailure{{Status: celutils.StatusFailed, Message: "agent 1.1 requires kubelet 1.35.6"}}
			}
			extra = withPoolVersion("1.35.4")
			runAll(expirable(now, "1.35.6, 1.35.4"), true, "1877.5.0", "1.0.0, 1.1.0", "1.0.0", true)

			Expect(poolVersion()).To(Equal("1.35.6"))
			Expect(pinned()).To(Equal("1.1.0"))
		})

		It("should hold back a voluntary pool update that would make a component incompatible", func() {
			checker.rules["agent/1.0.0"] = poolsBelow("1.35.5", "agent 1.0 requires kubelets below 1.35.5")
			extra = withPoolVersion("1.35.4")
			runAll(expirable(now, "1.35.6, 1.35.4"), true, "1877.5.0", "1.0.0", "1.0.0", true)

			Expect(run.maintained.Spec.Kubernetes.Version).To(Equal("1.35.6"))
			Expect(resultOf(kindKubernetes).Successful).To(BeTrue())
			Expect(poolVersion()).To(Equal("1.35.4"))
			pool := resultOf(kindWorkerKubernetes)
			Expect(pool.Successful).To(BeFalse())
			Expect(pool.Description).To(Equal(`update of Kubernetes version from "1.35.4" to "1.35.6" held back: it would make component "agent" of extension "agent-ext" (version "1.0.0") incompatible (agent 1.0 requires kubelets below 1.35.5)`))
		})

		It("should cap the pools at a control plane version that was held back", func() {
			extra = withPoolVersion("1.35.4")
			runAll(expirable(now, "1.35.6, 1.35.4"), true, "1877.5.0", "1.0.0", "1.0.0", true)

			Expect(run.maintained.Spec.Kubernetes.Version).To(Equal("1.35.4"))
			Expect(resultOf(kindKubernetes).Successful).To(BeFalse())
			Expect(poolVersion()).To(Equal("1.35.4"))
			Expect(run.results()).To(HaveLen(1), "the pool update the cap undid is dropped")
		})

		It("should let a forced pool update win", func() {
			checker.rules["agent/1.0.0"] = poolsBelow("1.35.5", "agent 1.0 requires kubelets below 1.35.5")
			extra = withPoolVersion("1.35.3")
			runAll(expirable(now, "1.35.6, 1.35.4 x, 1.35.3 x"), false, "1877.5.0", "1.0.0", "1.0.0", true)

			Expect(run.maintained.Spec.Kubernetes.Version).To(Equal("1.35.6"))
			Expect(poolVersion()).To(Equal("1.35.6"))
			Expect(resultOf(kindWorkerKubernetes).Successful).To(BeTrue())
			Expect(resultOf(kindComponent).Reason).To(Equal(reasonComponentIncompatible))
		})
	})
})
