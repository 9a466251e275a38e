// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package workerpools_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/test/failover"
)

const (
	namespace    = "garden-pools"
	cloudProfile = "pools"
	gvisor       = "containerruntime-gvisor"
	// versionPath is the field path of the runsc pin of the sandbox pool (the Shoot's second).
	versionPath = "spec.provider.workers[1].cri.containerRuntimes[0].components[0].version"
)

var _ = Describe("Per-pool pins", Ordered, func() {
	BeforeAll(func() {
		Expect(gardenClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		Expect(gardenClient.Create(ctx, failover.CloudProfile(cloudProfile))).To(Succeed())
		agent := failover.ExtensionProfile("agent")
		agent.Spec.Components[0].PerWorkerPool = true
		agent.Spec.Components = append(agent.Spec.Components, gardencorev1beta1.ExtensionProfileComponent{
			Name: "controller", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}}})
		Expect(gardenClient.Create(ctx, agent)).To(Succeed())
		Expect(gardenClient.Create(ctx, gvisorProfile())).To(Succeed())
		// Admission reads the profiles from its informer (a miss is read live); wait until it admits.
		Eventually(func() error {
			return gardenClient.Create(ctx, sandboxShoot("probe", runsc("1.2.0")), client.DryRunAll)
		}).Should(Succeed())
	})

	Describe("admission of a container runtime's pins", func() {
		DescribeTable("stores what the profile allows, resolved",
			func(name string, entry gardencorev1beta1.ExtensionComponent, stored string) {
				shoot := sandboxShoot(name, entry)
				Expect(gardenClient.Create(ctx, shoot)).To(Succeed())
				Expect(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
				Expect(poolVersion(shoot)).To(Equal(stored))
			},
			Entry("a full version", "pin", runsc("1.1.0"), "1.1.0"),
			Entry("a partial version: the highest supported match", "partial", runsc("1.1"), "1.1.3"),
			Entry("a leading v trimmed", "prefixed", runsc("v1.1.0"), "1.1.0"),
			Entry("the stable channel, without version: the channel's version", "channel",
				gardencorev1beta1.ExtensionComponent{Name: "runsc", Channel: ptr.To(gardencorev1beta1.ReleaseChannelStable)}, "1.1.3"),
		)

		DescribeTable("refuses, at the pool's field path",
			func(entry gardencorev1beta1.ExtensionComponent, detail string) {
				err := gardenClient.Create(ctx, sandboxShoot("refused", entry))
				Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
				Expect(err.Error()).To(ContainSubstring(detail))
			},
			Entry("a version the profile does not list", runsc("9.9.9"), versionPath+`: Unsupported value: "9.9.9"`),
			Entry("an expired version", runsc("1.0.0"), versionPath+`: Invalid value: "1.0.0": version 1.0.0 of component runsc is expired`),
			Entry("a partial version nothing supported matches", runsc("2"), versionPath+`: Invalid value: "2": couldn't find a suitable version`),
			Entry("a component the profile does not list", gardencorev1beta1.ExtensionComponent{Name: "shim", Version: ptr.To("1.1.0")},
				`spec.provider.workers[1].cri.containerRuntimes[0].components[0].name: Unsupported value: "shim"`),
			Entry("a version the channel does not give", gardencorev1beta1.ExtensionComponent{Name: "runsc", Version: ptr.To("1.1.0"), Channel: ptr.To(gardencorev1beta1.ReleaseChannelStable)},
				versionPath+`: Invalid value: "1.1.0": the component follows the stable channel, which gives 1.1.3 now`),
		)

		It("warns about a preview version, naming the pool", func() {
			clientWarnings.take()
			Expect(gardenClient.Create(ctx, sandboxShoot("preview", runsc("1.2.0")))).To(Succeed())
			Expect(clientWarnings.take()).To(ContainElement(ContainSubstring("worker pool sandbox: component runsc of extension containerruntime-gvisor is pinned to preview version 1.2.0")))
		})

		It("keeps the pool's version when an update omits it", func() {
			shoot := &gardencorev1beta1.Shoot{}
			Expect(gardenClient.Get(ctx, client.ObjectKey{Namespace: namespace, Name: "pin"}, shoot)).To(Succeed())
			shoot.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0].Components[0].Version = nil
			Expect(gardenClient.Update(ctx, shoot)).To(Succeed())
			Expect(poolVersion(shoot)).To(Equal("1.1.0"))
		})
	})

	Describe("admission of a pool's override", func() {
		DescribeTable("checks it against the Shoot-level extension's profile",
			func(name, component, version, stored, detail string) {
				shoot := failover.Shoot(namespace, name, cloudProfile, "agent", "1.0.0")
				shoot.Spec.Provider.Workers[0].Extensions = []gardencorev1beta1.WorkerExtension{{Type: "agent",
					Components: []gardencorev1beta1.ExtensionComponent{{Name: component, Version: ptr.To(version)}}}}
				err := gardenClient.Create(ctx, shoot)
				if detail != "" {
					Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
					Expect(err.Error()).To(ContainSubstring(detail))
					return
				}
				Expect(err).NotTo(HaveOccurred())
				Expect(*shoot.Spec.Provider.Workers[0].Extensions[0].Components[0].Version).To(Equal(stored))
			},
			Entry("a partial version of a perWorkerPool component, resolved", "override", "agent", "1.1", "1.1.0", ""),
			Entry("a version the profile does not list", "override-unknown", "agent", "9.9.9", "",
				`spec.provider.workers[0].extensions[0].components[0].version: Unsupported value: "9.9.9"`),
			Entry("a component not marked perWorkerPool", "override-shared", "controller", "1.0.0", "",
				`spec.provider.workers[0].extensions[0].components[0].name: Forbidden: component controller of ExtensionProfile "agent" is not marked perWorkerPool`),
		)
	})

	// CEL with worker: pool-cel adds its cases for a pool's pin and for Shoot-level pins here.
	Describe("compatibility rules that read worker", func() {
		It("refuses a version whose rule the pool fails, naming the pool", func() {
			shoot := sandboxShoot("cel", runsc("1.1.3"))
			shoot.Spec.Provider.Workers[1].Maximum = 5
			err := gardenClient.Create(ctx, shoot)
			Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring(versionPath + `: Invalid value: "1.1.3": worker pool sandbox: runsc 1.1.3 runs in pools of at most 2 machines`))
		})
	})

	Describe("in-use protection", func() {
		It("refuses removing a version a pool pins, and deleting the profile, naming the Shoot and the pool", func() {
			profile := &gardencorev1beta1.ExtensionProfile{}
			Expect(gardenClient.Get(ctx, client.ObjectKey{Name: gvisor}, profile)).To(Succeed())
			profile.Spec.Components[0].Versions = profile.Spec.Components[0].Versions[2:]
			err := gardenClient.Update(ctx, profile)
			Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring(`version "1.1.0" of component "runsc" cannot be removed from ExtensionProfile "containerruntime-gvisor": still pinned by`))
			Expect(err.Error()).To(ContainSubstring("garden-pools/pin (worker pool sandbox)"))

			err = gardenClient.Delete(ctx, profile)
			Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring("garden-pools/channel (worker pool sandbox)"))
		})
	})

	Describe("with the feature gate ExtensionComponentVersions off", func() {
		BeforeEach(func() {
			featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
		})

		It("updates a Shoot that keeps its pool pins", func() {
			shoot := &gardencorev1beta1.Shoot{}
			Expect(gardenClient.Get(ctx, client.ObjectKey{Namespace: namespace, Name: "partial"}, shoot)).To(Succeed())
			shoot.Labels = map[string]string{"rolled-back": "true"}
			Expect(gardenClient.Update(ctx, shoot)).To(Succeed())
			Expect(poolVersion(shoot)).To(Equal("1.1.3"))
		})

		DescribeTable("accepts nothing new",
			func(change func(*gardencorev1beta1.Shoot)) {
				shoot := &gardencorev1beta1.Shoot{}
				Expect(gardenClient.Get(ctx, client.ObjectKey{Namespace: namespace, Name: "partial"}, shoot)).To(Succeed())
				change(shoot)
				err := gardenClient.Update(ctx, shoot)
				Expect(apierrors.IsInvalid(err)).To(BeTrue(), "%v", err)
				Expect(err.Error()).To(ContainSubstring("spec.provider.workers[1].cri.containerRuntimes[0].components: Forbidden"))
			},
			Entry("a changed version", func(s *gardencorev1beta1.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0].Components[0].Version = ptr.To("1.1.0")
			}),
			Entry("a new component", func(s *gardencorev1beta1.Shoot) {
				runtime := &s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0]
				runtime.Components = append(runtime.Components, gardencorev1beta1.ExtensionComponent{Name: "shim", Version: ptr.To("1.0.0")})
			}),
		)

		It("refuses pins on a new Shoot", func() {
			err := gardenClient.Create(ctx, sandboxShoot("gate-off", runsc("1.1.0")))
			Expect(apierrors.IsInvalid(err)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring("spec.provider.workers[1].cri.containerRuntimes[0].components: Forbidden"))
		})
	})
})

// gvisorProfile is the profile of the container runtime gvisor: runsc 1.0.0 expired, 1.1.0 and
// 1.1.3 supported (1.1.3 in pools of at most 2 machines), 1.2.0 preview.
func gvisorProfile() *gardencorev1beta1.ExtensionProfile {
	lifecycle := func(c gardencorev1beta1.VersionClassification) []gardencorev1beta1.LifecycleStage {
		return []gardencorev1beta1.LifecycleStage{{Classification: c}}
	}
	return &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: gvisor},
		Spec: gardencorev1beta1.ExtensionProfileSpec{ExtensionKind: gardencorev1beta1.ExtensionKindContainerRuntime, Components: []gardencorev1beta1.ExtensionProfileComponent{{
			Name: "runsc",
			Versions: []gardencorev1beta1.ExtensionComponentVersion{
				{Version: "1.0.0", Lifecycle: lifecycle(gardencorev1beta1.ClassificationExpired)},
				{Version: "1.1.0"},
				{Version: "1.1.3", Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{
					{Rule: "worker.maximum <= 2", Message: "runsc 1.1.3 runs in pools of at most 2 machines"}}}},
				{Version: "1.2.0", Lifecycle: lifecycle(gardencorev1beta1.ClassificationPreview)},
			},
		}}},
	}
}

// sandboxShoot is failover's Shoot with a second pool "sandbox" that runs gvisor with entry.
func sandboxShoot(name string, entry gardencorev1beta1.ExtensionComponent) *gardencorev1beta1.Shoot {
	shoot := failover.Shoot(namespace, name, cloudProfile, "agent", "1.1.0")
	sandbox := *shoot.Spec.Provider.Workers[0].DeepCopy()
	sandbox.Name = "sandbox"
	sandbox.CRI = &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{
		{Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{entry}},
	}}
	shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, sandbox)
	return shoot
}

func runsc(version string) gardencorev1beta1.ExtensionComponent {
	return gardencorev1beta1.ExtensionComponent{Name: "runsc", Version: ptr.To(version)}
}

// poolVersion is the stored runsc version of the sandbox pool.
func poolVersion(shoot *gardencorev1beta1.Shoot) string {
	return ptr.Deref(shoot.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0].Components[0].Version, "")
}
