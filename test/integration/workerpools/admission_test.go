// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package workerpools_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// versionPath is the field path of the runsc pin of the sandbox pool (the Shoot's second).
const versionPath = "spec.provider.workers[1].cri.containerRuntimes[0].components[0].version"

// expectForbidden expects admission's refusal with detail.
func expectForbidden(err error, detail string) {
	GinkgoHelper()
	Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
	Expect(err.Error()).To(ContainSubstring(detail))
}

var _ = Describe("Admission of per-pool pins", Ordered, func() {
	Describe("a container runtime's pins", func() {
		DescribeTable("stores what the profile allows, resolved",
			func(name string, entry gardencorev1beta1.ExtensionComponent, stored string) {
				shoot := create(sandboxShoot(name, entry))
				Expect(pinned(get(shoot.Name))).To(HaveKeyWithValue("sandbox", stored))
			},
			Entry("a full version", "pin", runsc("1.1.0"), "1.1.0"),
			Entry("a partial version: the highest supported match", "partial", runsc("1.1"), "1.1.3"),
			Entry("a leading v trimmed", "prefixed", runsc("v1.1.0"), "1.1.0"),
			Entry("the stable channel, without version: the channel's version", "channel",
				gardencorev1beta1.ExtensionComponent{Name: "runsc", Channel: ptr.To(gardencorev1beta1.ReleaseChannelStable)}, "1.1.3"),
		)

		DescribeTable("refuses, at the pool's field path",
			func(entry gardencorev1beta1.ExtensionComponent, detail string) {
				expectForbidden(gardenClient.Create(ctx, sandboxShoot("refused", entry)), detail)
			},
			Entry("a version the profile does not list", runsc("9.9.9"), versionPath+`: Unsupported value: "9.9.9"`),
			Entry("an expired version", runsc("0.9.0"), versionPath+`: Invalid value: "0.9.0": version 0.9.0 of component runsc is expired`),
			Entry("a partial version nothing supported matches", runsc("2"), versionPath+`: Invalid value: "2": couldn't find a suitable version`),
			Entry("a component the profile does not list", shim("1.1.0"),
				`spec.provider.workers[1].cri.containerRuntimes[0].components[0].name: Unsupported value: "shim"`),
			Entry("a version the channel does not give", gardencorev1beta1.ExtensionComponent{Name: "runsc", Version: ptr.To("1.1.0"), Channel: ptr.To(gardencorev1beta1.ReleaseChannelStable)},
				versionPath+`: Invalid value: "1.1.0": the component follows the stable channel, which gives 1.1.3 now`),
		)

		It("warns about a preview version, naming the pool", func() {
			clientWarnings.Take()
			create(sandboxShoot("preview", runsc("1.2.0")))
			Expect(clientWarnings.Take()).To(ContainElement(ContainSubstring("worker pool sandbox: component runsc of extension containerruntime-gvisor is pinned to preview version 1.2.0")))
		})

		It("keeps the pool's version when an update omits it", func() {
			shoot, err := update("pin", func(s *gardencorev1beta1.Shoot) {
				s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0].Components[0].Version = nil
			})
			Expect(err).NotTo(HaveOccurred())
			Expect(pinned(shoot)).To(HaveKeyWithValue("sandbox", "1.1.0"))
		})
	})

	Describe("a pool's override", func() {
		DescribeTable("is checked against the Shoot-level extension's profile",
			func(name, component, version, stored, detail string) {
				local := pool("local", "")
				local.Extensions = []gardencorev1beta1.WorkerExtension{{Type: "agent",
					Components: []gardencorev1beta1.ExtensionComponent{{Name: component, Version: ptr.To(version)}}}}
				shoot := newShoot(name, local)
				err := gardenClient.Create(ctx, shoot)
				if detail != "" {
					expectForbidden(err, detail)
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

	Describe("in-use protection", func() {
		// Only the Shoot preview pins runsc 1.2.0; the other versions are pinned by Shoots of other
		// specs, and the message names the first three.
		It("refuses removing a version a pool pins, and deleting the profile, naming the Shoot and the pool", func() {
			profile := &gardencorev1beta1.ExtensionProfile{}
			Expect(gardenClient.Get(ctx, client.ObjectKey{Name: gvisor}, profile)).To(Succeed())
			versions := profile.Spec.Components[0].Versions
			profile.Spec.Components[0].Versions = versions[:len(versions)-1]
			Expect(versions[len(versions)-1].Version).To(Equal("1.2.0"))
			expectForbidden(gardenClient.Update(ctx, profile), `version "1.2.0" of component "runsc" cannot be removed from ExtensionProfile "containerruntime-gvisor": still pinned by 1 Shoot (garden-pools/preview (worker pool sandbox))`)

			err := gardenClient.Delete(ctx, profile)
			expectForbidden(err, "still pinned by")
			Expect(err.Error()).To(MatchRegexp(`garden-pools/[a-z-]+ \(worker pool [a-z]+\)`))
		})
	})
})
