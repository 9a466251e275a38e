// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package workerpools_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/test/examples"
)

// The gate is one per process: gardener-apiserver, maintenance and gardenlet are rolled back
// together (docs/operations/extensionprofiles.md).
var _ = Describe("With the feature gate ExtensionComponentVersions rolled back", Ordered, func() {
	const name = "rollback"
	// runtimePath and overridePath are where the gate-off rule refuses the sandbox pool's runtime
	// pins and the local pool's override.
	const (
		runtimePath  = "spec.provider.workers[1].cri.containerRuntimes[0].components: Forbidden"
		overridePath = "spec.provider.workers[0].extensions: Forbidden"
	)
	// seedAgent is the seed Extension agent's components: the Shoot's and the local pool's.
	seedAgent := []extensionsv1alpha1.ExtensionComponent{{Name: "agent", Version: "1.1.0"}, {Name: "agent", Version: "1.0.0", WorkerPool: "local"}}

	BeforeAll(func() {
		shoot := sandboxShoot(name, autoUpdate(runsc("1.0.0"), false))
		shoot.Spec.Maintenance.AutoUpdate.MachineImageVersion = ptr.To(true)
		shoot.Spec.Provider.Workers[0].Extensions = []gardencorev1beta1.WorkerExtension{{Type: "agent",
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.0")}}}}
		create(shoot)
		Eventually(func(g Gomega) {
			g.Expect(seedRuntimes(g, shoot)).To(Equal(map[string][]string{"gvisor-sandbox": {"runsc@1.0.0"}}))
			g.Expect(seedComponents(g, shoot, "agent")).To(ConsistOf(seedAgent))
		}).Should(Succeed())

		// Set for the whole container: featuregatetesting tracks one spec.
		Expect(features.DefaultFeatureGate.SetFromMap(map[string]bool{string(features.ExtensionComponentVersions): false})).To(Succeed())
		DeferCleanup(func() {
			Expect(features.DefaultFeatureGate.SetFromMap(map[string]bool{string(features.ExtensionComponentVersions): true})).To(Succeed())
		})
	})

	It("updates a Shoot that keeps its pool pins and override", func() {
		shoot, err := update(name, func(s *gardencorev1beta1.Shoot) { s.Labels = map[string]string{"rolled-back": "true"} })
		Expect(err).NotTo(HaveOccurred())
		Expect(pinned(shoot)).To(HaveKeyWithValue("sandbox", "1.0.0"))
		Expect(*shoot.Spec.Provider.Workers[0].Extensions[0].Components[0].Version).To(Equal("1.0.0"))
	})

	DescribeTable("accepts nothing new",
		func(path string, change func(*gardencorev1beta1.Shoot)) {
			_, err := update(name, change)
			Expect(apierrors.IsInvalid(err)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring(path))
		},
		Entry("a changed version", runtimePath, func(s *gardencorev1beta1.Shoot) {
			s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0].Components[0].Version = ptr.To("1.1.0")
		}),
		Entry("a new component", runtimePath, func(s *gardencorev1beta1.Shoot) {
			runtime := &s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0]
			runtime.Components = append(runtime.Components, shim("3.0.0"))
		}),
		Entry("a changed override", overridePath, func(s *gardencorev1beta1.Shoot) {
			s.Spec.Provider.Workers[0].Extensions[0].Components[0].Version = ptr.To("1.1.0")
		}),
	)

	It("refuses pins on a new Shoot", func() {
		err := gardenClient.Create(ctx, sandboxShoot("gate-off", runsc("1.1.0")))
		Expect(apierrors.IsInvalid(err)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring(runtimePath))
	})

	It("maintains the pools' images and leaves the expired pool pin", func() {
		setClock(examples.ReferenceTime.Add(72 * time.Hour))
		shoot := get(name)
		maintain(shoot)
		Expect(*shoot.Spec.Provider.Workers[1].Machine.Image.Version).To(Equal("1877.8.0"))
		Expect(pinned(shoot)).To(HaveKeyWithValue("sandbox", "1.0.0"))
		Expect(shoot.Status.LastMaintenance.Description).NotTo(ContainSubstring("container runtime"))
	})

	It("leaves the seed ContainerRuntime of a pool that dropped its runtime, and the seed Extension's components, as they are", func() {
		shoot, err := update(name, func(s *gardencorev1beta1.Shoot) {
			s.Spec.Provider.Workers[0].Extensions = nil
			s.Spec.Provider.Workers[1].CRI.ContainerRuntimes = nil
		})
		Expect(err).NotTo(HaveOccurred())
		// gardenlet reconciles a Shoot at a time: once it wrote the second providerConfig, the
		// reconcile that saw the dropped runtime and override has ended.
		for _, marker := range []string{`{"step":1}`, `{"step":2}`} {
			_, err := update(name, func(s *gardencorev1beta1.Shoot) {
				s.Spec.Extensions[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(marker)}
			})
			Expect(err).NotTo(HaveOccurred())
			Eventually(func(g Gomega) {
				extension := &extensionsv1alpha1.Extension{}
				g.Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: shoot.Status.TechnicalID, Name: "agent"}, extension)).To(Succeed())
				g.Expect(extension.Spec.ProviderConfig).NotTo(BeNil())
				g.Expect(string(extension.Spec.ProviderConfig.Raw)).To(Equal(marker))
			}).Should(Succeed())
		}
		Expect(seedRuntimes(Default, shoot)).To(Equal(map[string][]string{"gvisor-sandbox": {"runsc@1.0.0"}}))
		Expect(seedComponents(Default, shoot, "agent")).To(ConsistOf(seedAgent))
	})
})
