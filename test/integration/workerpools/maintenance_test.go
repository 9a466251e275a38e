// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package workerpools_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	eventsv1 "k8s.io/api/events/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/test/examples"
)

var _ = Describe("Shoot maintenance per worker pool", func() {
	It("auto-updates a pool's runtime version and keeps another pool's, and the seed follows", func() {
		shoot := create(newShoot("auto",
			pool("a", "gvisor", autoUpdate(runsc("1.0.0"), true)), pool("b", "gvisor", autoUpdate(runsc("1.0.1"), false))))

		maintain(shoot)
		Expect(pinned(shoot)).To(Equal(map[string]string{"a": "1.0.1", "b": "1.0.1"}))
		line := `Worker pool "a": container runtime "gvisor" component "runsc": Updated version from "1.0.0" to "1.0.1". Reason: Automatic update of the component version is configured (update strategy: patch)`
		Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(line))
		Expect(shoot.Status.LastMaintenance.Description).NotTo(ContainSubstring(`Worker pool "b"`))
		Eventually(func() []string { return shootEvents(shoot) }).Should(ContainElement("ExtensionComponentVersionMaintenance: " + line + "."))
		Eventually(func(g Gomega) {
			g.Expect(seedRuntimes(g, shoot)).To(HaveKeyWithValue("gvisor-a", []string{"runsc@1.0.1"}))
		}).Should(Succeed())
	})

	It("force-upgrades the pool whose version expired while the other pool stays", func() {
		shoot := create(newShoot("forced",
			pool("a", "gvisor", autoUpdate(runsc("1.0.0"), false)), pool("b", "gvisor", autoUpdate(runsc("1.1.0"), false))))

		setClock(examples.ReferenceTime.Add(72 * time.Hour))
		maintain(shoot)
		Expect(pinned(shoot)).To(Equal(map[string]string{"a": "1.0.1", "b": "1.1.0"}))
		Expect(shoot.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
		Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(
			`Worker pool "a": container runtime "gvisor" component "runsc": Updated version from "1.0.0" to "1.0.1". Reason: Component version expired - force update required`))
	})

	It("moves a pool that follows the stable channel to the channel's version, naming the channel", func() {
		shoot := create(newShoot("channel-follower",
			pool("a", "gvisor", autoUpdate(runsc("1.1.0"), false)), pool("b", "gvisor", autoUpdate(runsc("1.1.0"), false))))
		// A pool follows a channel below its version only by switching to it; the version stays.
		shoot, err := update(shoot.Name, func(s *gardencorev1beta1.Shoot) {
			entry := &s.Spec.Provider.Workers[0].CRI.ContainerRuntimes[0].Components[0]
			entry.AutoUpdate, entry.Channel = nil, ptr.To(gardencorev1beta1.ReleaseChannelStable)
		})
		Expect(err).NotTo(HaveOccurred())
		Expect(pinned(shoot)).To(HaveKeyWithValue("a", "1.1.0"))

		maintain(shoot)
		Expect(pinned(shoot)).To(Equal(map[string]string{"a": "1.1.3", "b": "1.1.0"}))
		Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(
			`Worker pool "a": container runtime "gvisor" component "runsc": Updated version from "1.1.0" to "1.1.3" (channel stable). Reason: The component follows the stable release channel`))
	})

	It("moves a pool's image first and decides its runtime against the new image, in one write", func() {
		shoot := newShoot("image-first", pool("a", "kata", autoUpdate(shim("3.0.0"), true)))
		shoot.Spec.Maintenance.AutoUpdate.MachineImageVersion = ptr.To(true)
		create(shoot)
		generation := shoot.Generation

		maintain(shoot)
		Expect(*shoot.Spec.Provider.Workers[0].Machine.Image.Version).To(Equal("1877.8.0"))
		Expect(pinned(shoot)).To(Equal(map[string]string{"a": "3.0.1"}))
		Expect(shoot.Generation).To(Equal(generation+1), "one spec write")
		Expect(shoot.Status.LastMaintenance.Description).To(And(
			ContainSubstring(`Worker pool "a": Updated machine image "gardenlinux" from "1877.5.0" to "1877.8.0"`),
			ContainSubstring(`Worker pool "a": container runtime "kata" component "shim": Updated version from "3.0.0" to "3.0.1"`),
		))
	})

	It("keeps the runtime version when the pool's image does not move", func() {
		shoot := create(newShoot("image-kept", pool("a", "kata", autoUpdate(shim("3.0.0"), true))))

		maintain(shoot)
		Expect(*shoot.Spec.Provider.Workers[0].Machine.Image.Version).To(Equal("1877.5.0"))
		Expect(pinned(shoot)).To(Equal(map[string]string{"a": "3.0.0"}))
		Expect(shoot.Status.LastMaintenance).To(BeNil(), "no compatible target is no result")
	})
})

// setClock sets the fake clock of maintenance and gardenlet to t until the node's cleanup.
func setClock(t time.Time) {
	fakeClock.SetTime(t)
	DeferCleanup(func() { fakeClock.SetTime(examples.ReferenceTime) })
}

// maintain sets the operation "maintain" on shoot and reads it back once its maintenance is done.
func maintain(shoot *gardencorev1beta1.Shoot) {
	GinkgoHelper()
	patch := client.MergeFrom(shoot.DeepCopy())
	metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/operation", "maintain")
	Expect(gardenClient.Patch(ctx, shoot, patch)).To(Succeed())
	Eventually(func(g Gomega) {
		g.Expect(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
		g.Expect(shoot.Annotations).NotTo(HaveKey("gardener.cloud/operation"), "not maintained yet")
		if shoot.Status.LastMaintenance != nil {
			g.Expect(shoot.Status.LastMaintenance.State).NotTo(Equal(gardencorev1beta1.LastOperationStateProcessing))
		}
	}).Should(Succeed())
}

// shootEvents returns "<reason>: <note>" of the events recorded on shoot.
func shootEvents(shoot *gardencorev1beta1.Shoot) []string {
	GinkgoHelper()
	list := &eventsv1.EventList{}
	Expect(gardenClient.List(ctx, list, client.InNamespace(shoot.Namespace))).To(Succeed())
	var out []string
	for _, e := range list.Items {
		if e.Regarding.Kind == "Shoot" && e.Regarding.Name == shoot.Name {
			out = append(out, e.Reason+": "+e.Note)
		}
	}
	return out
}
