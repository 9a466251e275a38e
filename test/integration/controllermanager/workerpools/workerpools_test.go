// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package workerpools_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/test/examples"
	"github.com/gep-78/gardener/test/failover"
)

const cloudProfileName = "pools"

var _ = Describe("Shoot maintenance per worker pool", Ordered, func() {
	var namespace string

	BeforeAll(func() {
		cloudProfile := failover.CloudProfile(cloudProfileName)
		for i := range cloudProfile.Spec.MachineImages {
			for j := range cloudProfile.Spec.MachineImages[i].Versions {
				cloudProfile.Spec.MachineImages[i].Versions[j].CRI = []gardencorev1beta1.CRI{{Name: gardencorev1beta1.CRINameContainerD,
					ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor"}, {Type: "kata"}}}}
			}
		}
		Expect(testClient.Create(ctx, cloudProfile)).To(Succeed())
		Expect(testClient.Create(ctx, failover.ExtensionProfile("agent"))).To(Succeed())
		// runsc 1.0.0 expires two days after the reference time; admission stays at it.
		expires := metav1.NewTime(examples.ReferenceTime.Add(48 * time.Hour))
		Expect(testClient.Create(ctx, runtimeProfile("gvisor", "runsc",
			gardencorev1beta1.ExtensionComponentVersion{Version: "1.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{
				{Classification: gardencorev1beta1.ClassificationSupported}, {Classification: gardencorev1beta1.ClassificationExpired, StartTime: &expires}}},
			gardencorev1beta1.ExtensionComponentVersion{Version: "1.0.1"},
			gardencorev1beta1.ExtensionComponentVersion{Version: "1.1.0"},
		))).To(Succeed())
		// shim 3.0.1 needs gardenlinux 1877.8.0 on its pool (worker), read against the Shoot as
		// maintenance changed it.
		Expect(testClient.Create(ctx, runtimeProfile("kata", "shim",
			gardencorev1beta1.ExtensionComponentVersion{Version: "3.0.0"},
			gardencorev1beta1.ExtensionComponentVersion{Version: "3.0.1", Compatibility: &gardencorev1beta1.ComponentCompatibility{
				Validations: []gardencorev1beta1.CompatibilityValidation{{
					Rule:    "worker.machine.image.version == '1877.8.0'",
					Message: "shim 3.0.1 needs gardenlinux 1877.8.0",
				}},
			}},
		))).To(Succeed())
		ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "garden-pools"}}
		Expect(testClient.Create(ctx, ns)).To(Succeed())
		namespace = ns.Name
	})

	It("auto-updates a pool's runtime version and keeps another pool's", func() {
		fakeClock.SetTime(examples.ReferenceTime)
		shoot := createShoot(namespace, "auto", false,
			pool("a", "gvisor", "runsc", "1.0.0", true), pool("b", "gvisor", "runsc", "1.0.1", false))

		maintain(shoot)
		Expect(pinned(shoot)).To(Equal(map[string]string{"a": "1.0.1", "b": "1.0.1"}))
		Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(
			`Worker pool "a": container runtime "gvisor" component "runsc": Updated version from "1.0.0" to "1.0.1". Reason: Automatic update of the component version is configured (update strategy: patch)`))
		Expect(shoot.Status.LastMaintenance.Description).NotTo(ContainSubstring(`Worker pool "b"`))
		Eventually(func() []string { return shootEvents(shoot) }).Should(ContainElement(
			`ExtensionComponentVersionMaintenance: Worker pool "a": container runtime "gvisor" component "runsc": Updated version from "1.0.0" to "1.0.1". Reason: Automatic update of the component version is configured (update strategy: patch).`))
	})

	It("force-upgrades the pool whose version expired while the other pool stays", func() {
		shoot := createShoot(namespace, "forced", false,
			pool("a", "gvisor", "runsc", "1.0.0", false), pool("b", "gvisor", "runsc", "1.1.0", false))

		fakeClock.SetTime(examples.ReferenceTime.Add(72 * time.Hour))
		DeferCleanup(func() { fakeClock.SetTime(examples.ReferenceTime) })
		maintain(shoot)
		Expect(pinned(shoot)).To(Equal(map[string]string{"a": "1.0.1", "b": "1.1.0"}))
		Expect(shoot.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
		Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(
			`Worker pool "a": container runtime "gvisor" component "runsc": Updated version from "1.0.0" to "1.0.1". Reason: Component version expired - force update required`))
	})

	It("moves a pool's image first and decides its runtime against the new image, in one write", func() {
		shoot := createShoot(namespace, "image-first", true, pool("a", "kata", "shim", "3.0.0", true))
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
		shoot := createShoot(namespace, "image-kept", false, pool("a", "kata", "shim", "3.0.0", true))

		maintain(shoot)
		Expect(*shoot.Spec.Provider.Workers[0].Machine.Image.Version).To(Equal("1877.5.0"))
		Expect(pinned(shoot)).To(Equal(map[string]string{"a": "3.0.0"}))
		Expect(shoot.Status.LastMaintenance).To(BeNil(), "no compatible target is no result")
	})
})

// runtimeProfile is the ExtensionProfile of a container runtime type with one component.
func runtimeProfile(runtimeType, component string, versions ...gardencorev1beta1.ExtensionComponentVersion) *gardencorev1beta1.ExtensionProfile {
	return &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-" + runtimeType},
		Spec: gardencorev1beta1.ExtensionProfileSpec{
			ExtensionKind: gardencorev1beta1.ExtensionKindContainerRuntime,
			Components:    []gardencorev1beta1.ExtensionProfileComponent{{Name: component, Versions: versions}},
		},
	}
}

// pool is a worker pool running the container runtime with component pinned at version, with
// auto-update (strategy patch) or without; createShoot fills in the rest.
func pool(name, runtimeType, component, version string, autoUpdate bool) gardencorev1beta1.Worker {
	return gardencorev1beta1.Worker{
		Name: name,
		CRI: &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{
			Type: runtimeType,
			Components: []gardencorev1beta1.ExtensionComponent{{Name: component, Version: ptr.To(version),
				AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(autoUpdate)}}},
		}}},
	}
}

// createShoot creates a Shoot of purpose evaluation with the pools (each otherwise the example's
// pool on gardenlinux 1877.5.0), machine image auto-update on or off and Kubernetes auto-update off.
func createShoot(namespace, name string, imageAutoUpdate bool, pools ...gardencorev1beta1.Worker) *gardencorev1beta1.Shoot {
	GinkgoHelper()
	shoot := failover.Shoot(namespace, name, cloudProfileName, "agent", "1.1.0")
	shoot.Spec.Purpose = ptr.To(gardencorev1beta1.ShootPurposeEvaluation)
	shoot.Spec.Maintenance.AutoUpdate = &gardencorev1beta1.MaintenanceAutoUpdate{MachineImageVersion: ptr.To(imageAutoUpdate)}
	template := shoot.Spec.Provider.Workers[0]
	shoot.Spec.Provider.Workers = nil
	for _, p := range pools {
		worker := *template.DeepCopy()
		worker.Name, worker.CRI = p.Name, p.CRI
		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, worker)
	}
	Expect(testClient.Create(ctx, shoot)).To(Succeed())
	return shoot
}

// maintain sets the "maintain" operation on shoot and reads it back once its maintenance is done.
func maintain(shoot *gardencorev1beta1.Shoot) {
	GinkgoHelper()
	patch := client.MergeFrom(shoot.DeepCopy())
	metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/operation", "maintain")
	Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())
	Eventually(func(g Gomega) {
		g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
		g.Expect(shoot.Annotations).NotTo(HaveKey("gardener.cloud/operation"), "not maintained yet")
		if shoot.Status.LastMaintenance != nil {
			g.Expect(shoot.Status.LastMaintenance.State).NotTo(Equal(gardencorev1beta1.LastOperationStateProcessing))
		}
	}).Should(Succeed())
}

// pinned returns the version of each pool's first runtime component.
func pinned(shoot *gardencorev1beta1.Shoot) map[string]string {
	out := map[string]string{}
	for _, w := range shoot.Spec.Provider.Workers {
		out[w.Name] = *w.CRI.ContainerRuntimes[0].Components[0].Version
	}
	return out
}

// shootEvents returns "<reason>: <note>" of the events recorded on shoot.
func shootEvents(shoot *gardencorev1beta1.Shoot) []string {
	GinkgoHelper()
	list := &eventsv1.EventList{}
	Expect(testClient.List(ctx, list, client.InNamespace(shoot.Namespace))).To(Succeed())
	var out []string
	for _, e := range list.Items {
		if e.Regarding.Kind == "Shoot" && e.Regarding.Name == shoot.Name {
			out = append(out, e.Reason+": "+e.Note)
		}
	}
	return out
}
