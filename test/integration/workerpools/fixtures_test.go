// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package workerpools_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/test/examples"
	"github.com/gep-78/gardener/test/failover"
)

const (
	namespace        = "garden-pools"
	cloudProfileName = "pools"
	gvisor           = "containerruntime-gvisor"
	gpuDriver        = "gpu-driver"
	// runscConfig is the providerConfig of runsc 1.1.0 in the profile.
	runscConfig = `{"platform":"systrap"}`
)

// cloudProfile is failover's CloudProfile whose machine image versions run gvisor and kata.
func cloudProfile() *gardencorev1beta1.CloudProfile {
	profile := failover.CloudProfile(cloudProfileName)
	for i := range profile.Spec.MachineImages {
		for j := range profile.Spec.MachineImages[i].Versions {
			profile.Spec.MachineImages[i].Versions[j].CRI = []gardencorev1beta1.CRI{{Name: gardencorev1beta1.CRINameContainerD,
				ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor"}, {Type: "kata"}}}}
		}
	}
	return profile
}

// extensionProfiles are the profiles of the suite:
//   - agent (failover's), its component agent perWorkerPool, plus a shared component controller;
//   - gpu-driver: driver 535.0.0, and 570.0.0 for gardenlinux pools only (perWorkerPool);
//   - containerruntime-gvisor: runsc 0.9.0 expired, 1.0.0 expiring two days after the reference
//     time, 1.0.1, 1.1.0 (with a providerConfig), 1.1.3 for pools of at most 2 machines, 1.2.0
//     preview;
//   - containerruntime-kata: shim 3.0.0, and 3.0.1 for pools on gardenlinux 1877.8.0.
func extensionProfiles() []*gardencorev1beta1.ExtensionProfile {
	agent := failover.ExtensionProfile("agent")
	agent.Spec.Components[0].PerWorkerPool = true
	agent.Spec.Components = append(agent.Spec.Components, gardencorev1beta1.ExtensionProfileComponent{
		Name: "controller", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}}})

	driver := &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: gpuDriver},
		Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
			Name: "driver", PerWorkerPool: true,
			Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "535.0.0"}, {Version: "570.0.0", Compatibility: rule(
				"has(worker.machine.image) && worker.machine.image.name == 'gardenlinux'", "driver 570 needs gardenlinux")}},
		}}},
	}

	expires := metav1.NewTime(examples.ReferenceTime.Add(48 * time.Hour))
	runscVersions := []gardencorev1beta1.ExtensionComponentVersion{
		{Version: "0.9.0", Lifecycle: []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationExpired}}},
		{Version: "1.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{
			{Classification: gardencorev1beta1.ClassificationSupported}, {Classification: gardencorev1beta1.ClassificationExpired, StartTime: &expires}}},
		{Version: "1.0.1"},
		{Version: "1.1.0", ProviderConfig: &runtime.RawExtension{Raw: []byte(runscConfig)}},
		{Version: "1.1.3", Compatibility: rule("worker.maximum <= 2", "runsc 1.1.3 runs in pools of at most 2 machines")},
		{Version: "1.2.0", Lifecycle: []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationPreview}}},
	}
	shimVersions := []gardencorev1beta1.ExtensionComponentVersion{
		{Version: "3.0.0"},
		{Version: "3.0.1", Compatibility: rule("worker.machine.image.version == '1877.8.0'", "shim 3.0.1 needs gardenlinux 1877.8.0")},
	}
	return []*gardencorev1beta1.ExtensionProfile{agent, driver, runtimeProfile("gvisor", "runsc", runscVersions), runtimeProfile("kata", "shim", shimVersions)}
}

func rule(expression, message string) *gardencorev1beta1.ComponentCompatibility {
	return &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{{Rule: expression, Message: message}}}
}

// runtimeProfile is the ExtensionProfile of a container runtime type with one component.
func runtimeProfile(runtimeType, component string, versions []gardencorev1beta1.ExtensionComponentVersion) *gardencorev1beta1.ExtensionProfile {
	return &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-" + runtimeType},
		Spec: gardencorev1beta1.ExtensionProfileSpec{
			ExtensionKind: gardencorev1beta1.ExtensionKindContainerRuntime,
			Components:    []gardencorev1beta1.ExtensionProfileComponent{{Name: component, Versions: versions}},
		},
	}
}

// newShoot is failover's Shoot (agent 1.1.0, purpose evaluation, Kubernetes auto-update off, its
// window away from the fake clock's times) with the pools, each otherwise the example's pool on
// gardenlinux 1877.5.0 with at most 2 machines.
func newShoot(name string, pools ...gardencorev1beta1.Worker) *gardencorev1beta1.Shoot {
	shoot := failover.Shoot(namespace, name, cloudProfileName, "agent", "1.1.0")
	shoot.Spec.Purpose = ptr.To(gardencorev1beta1.ShootPurposeEvaluation)
	shoot.Spec.Maintenance.AutoUpdate = &gardencorev1beta1.MaintenanceAutoUpdate{MachineImageVersion: ptr.To(false)}
	shoot.Spec.Maintenance.TimeWindow = &gardencorev1beta1.MaintenanceTimeWindow{Begin: "120000+0000", End: "130000+0000"}
	template := shoot.Spec.Provider.Workers[0]
	shoot.Spec.Provider.Workers = nil
	for _, p := range pools {
		worker := *template.DeepCopy()
		worker.Name, worker.Extensions = p.Name, p.Extensions
		if p.CRI != nil {
			worker.CRI = p.CRI
		}
		if p.Machine.Image != nil {
			worker.Machine.Image = p.Machine.Image
		}
		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, worker)
	}
	return shoot
}

// sandboxShoot is a Shoot with the pool local and the pool sandbox, which runs gvisor with entry.
func sandboxShoot(name string, entry gardencorev1beta1.ExtensionComponent) *gardencorev1beta1.Shoot {
	return newShoot(name, pool("local", ""), pool("sandbox", "gvisor", entry))
}

// pool is a worker pool running the container runtime runtimeType with entries ("": none).
func pool(name, runtimeType string, entries ...gardencorev1beta1.ExtensionComponent) gardencorev1beta1.Worker {
	worker := gardencorev1beta1.Worker{Name: name}
	if runtimeType != "" {
		worker.CRI = &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD,
			ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: runtimeType, Components: entries}}}
	}
	return worker
}

func runsc(version string) gardencorev1beta1.ExtensionComponent {
	return gardencorev1beta1.ExtensionComponent{Name: "runsc", Version: ptr.To(version)}
}

func shim(version string) gardencorev1beta1.ExtensionComponent {
	return gardencorev1beta1.ExtensionComponent{Name: "shim", Version: ptr.To(version)}
}

// autoUpdate is entry with auto-update (the profile's strategy, patch) on or off.
func autoUpdate(entry gardencorev1beta1.ExtensionComponent, enabled bool) gardencorev1beta1.ExtensionComponent {
	entry.AutoUpdate = &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(enabled)}
	return entry
}

// create creates shoot and fails the spec unless it is stored.
func create(shoot *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
	GinkgoHelper()
	Expect(gardenClient.Create(ctx, shoot)).To(Succeed())
	return shoot
}

// get reads the Shoot name.
func get(name string) *gardencorev1beta1.Shoot {
	GinkgoHelper()
	shoot := &gardencorev1beta1.Shoot{}
	Expect(gardenClient.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, shoot)).To(Succeed())
	return shoot
}

// update reads the Shoot name, changes it and writes it, again while the write conflicts with
// another writer (gardenlet); it returns the Shoot as stored, or the write's error.
func update(name string, change func(*gardencorev1beta1.Shoot)) (*gardencorev1beta1.Shoot, error) {
	shoot := &gardencorev1beta1.Shoot{}
	err := retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		if err := gardenClient.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, shoot); err != nil {
			return err
		}
		change(shoot)
		return gardenClient.Update(ctx, shoot)
	})
	return shoot, err
}

// pinned returns the version of each pool's first runtime component.
func pinned(shoot *gardencorev1beta1.Shoot) map[string]string {
	out := map[string]string{}
	for _, w := range shoot.Spec.Provider.Workers {
		if w.CRI != nil && len(w.CRI.ContainerRuntimes) > 0 {
			out[w.Name] = ptr.Deref(w.CRI.ContainerRuntimes[0].Components[0].Version, "")
		}
	}
	return out
}
