// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package rollout_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/utils/gardener/rollout"
	"github.com/gep-78/gardener/test/examples"
	"github.com/gep-78/gardener/test/failover"
)

var _ = Describe("Staged rollouts of a container runtime's version", func() {
	const (
		namespace   = "garden-rollout-runtime"
		runtimeType = "gvisor" // a runtime the CloudProfile's images list
		profileName = "containerruntime-" + runtimeType
	)

	// runtimeShoot creates a Shoot of purpose whose pools run the runtime at 1.0.0 with
	// auto-update (strategy minor), and no extension.
	runtimeShoot := func(name string, purpose gardencorev1beta1.ShootPurpose, pools ...string) *gardencorev1beta1.Shoot {
		GinkgoHelper()
		shoot := failover.Shoot(namespace, name, cloudProfileName, "unused", "1.0.0")
		shoot.Spec.Purpose, shoot.Spec.Extensions = ptr.To(purpose), nil
		template := shoot.Spec.Provider.Workers[0]
		shoot.Spec.Provider.Workers = nil
		for _, pool := range pools {
			worker := *template.DeepCopy()
			worker.Name = pool
			worker.CRI = &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{
				Type: runtimeType, Components: []gardencorev1beta1.ExtensionComponent{{Name: component, Version: ptr.To("1.0.0"),
					AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor)}}},
			}}}
			shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, worker)
		}
		Expect(testClient.Create(ctx, shoot)).To(Succeed())
		return shoot
	}
	// poolVersions runs maintenance on shoot now and returns the runtime version of each pool.
	poolVersions := func(shoot *gardencorev1beta1.Shoot) map[string]string {
		GinkgoHelper()
		patch := client.MergeFrom(shoot.DeepCopy())
		metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/operation", "maintain")
		Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
			g.Expect(shoot.Annotations).NotTo(HaveKey("gardener.cloud/operation"), "shoot %s not maintained yet", shoot.Name)
			g.Expect(shoot.Status.LastMaintenance).To(HaveField("State", Not(Equal(gardencorev1beta1.LastOperationStateProcessing))))
		}).Should(Succeed())
		out := map[string]string{}
		for _, w := range shoot.Spec.Provider.Workers {
			out[w.Name] = *w.CRI.ContainerRuntimes[0].Components[0].Version
		}
		return out
	}
	// failPool makes the seed ContainerRuntime of pool report that the runtime failed at version,
	// as the runtime's extension does, and waits until gardenlet shows it in the Shoot's status.
	failPool := func(shoot *gardencorev1beta1.Shoot, pool, version string) {
		GinkgoHelper()
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
			g.Expect(shoot.Status.TechnicalID).NotTo(BeEmpty())
			cr := &extensionsv1alpha1.ContainerRuntime{}
			g.Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: shoot.Status.TechnicalID, Name: runtimeType + "-" + pool}, cr)).To(Succeed())
			g.Expect(cr.Spec.Components).To(ContainElement(HaveField("Version", version)), "gardenlet has not delivered %s yet", version)
			patch := client.MergeFrom(cr.DeepCopy())
			cr.Status.LastOperation = &gardencorev1beta1.LastOperation{Type: gardencorev1beta1.LastOperationTypeReconcile,
				State: gardencorev1beta1.LastOperationStateError, Description: "crash loop", LastUpdateTime: metav1.Time{Time: fakeClock.Now()}}
			cr.Status.LastError = &gardencorev1beta1.LastError{Description: component + " " + version + " crashes on start"}
			g.Expect(seedClient.Status().Patch(ctx, cr, patch)).To(Succeed())
		}).Should(Succeed())
		Eventually(func(g Gomega) []gardencorev1beta1.LastError {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
			return shoot.Status.LastErrors
		}).Should(ContainElement(HaveField("TaskID", ptr.To(rollout.ContainerRuntimeTaskID(runtimeType, pool)))))
	}

	It("halts a version on which a pool that moved to it failed, before the production Shoot's pool moves", func() {
		Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		profile := newProfile(profileName)
		profile.Spec.ExtensionKind = gardencorev1beta1.ExtensionKindContainerRuntime
		Expect(testClient.Create(ctx, profile)).To(Succeed())
		Eventually(rolloutOf(profileName, "1.0.0")).Should(HaveField("State", gardencorev1beta1.RolloutStateComplete))
		DeferCleanup(func() { fakeClock.SetTime(examples.ReferenceTime) })
		dev := runtimeShoot("dev", gardencorev1beta1.ShootPurposeDevelopment, "a", "b")
		prod := runtimeShoot("prod", gardencorev1beta1.ShootPurposeProduction, "a")

		By("A new version, halted by one failed Shoot, opens the early stage; the development Shoot's pools move")
		addVersion(profileName, gardencorev1beta1.ExtensionComponentVersion{Version: "1.1.0", Rollout: &gardencorev1beta1.ComponentVersionRollout{
			Policy: &gardencorev1beta1.RolloutPolicy{FailureThreshold: &gardencorev1beta1.RolloutFailureThreshold{Count: ptr.To[int32](1), Percentage: ptr.To[int32](50)}},
		}})
		Eventually(rolloutOf(profileName, "1.1.0")).Should(And(stageOpen("early"), Not(stageOpen("production"))))
		Expect(poolVersions(dev)).To(Equal(map[string]string{"a": "1.1.0", "b": "1.1.0"}))
		Expect(poolVersions(prod)).To(Equal(map[string]string{"a": "1.0.0"}))
		Eventually(rolloutOf(profileName, "1.1.0")).Should(And(HaveField("Moved", int32(1)), HaveField("Failed", int32(0))))

		By("Pool b's runtime fails the version: the Shoot counts as failed and the rollout halts")
		failPool(dev, "b", "1.1.0")
		Eventually(rolloutOf(profileName, "1.1.0")).Should(And(
			HaveField("State", gardencorev1beta1.RolloutStateHalted),
			HaveField("Moved", int32(1)), HaveField("Failed", int32(1)),
			HaveField("FailingShoots", Equal([]string{namespace + "/dev"})),
		))

		By("The production stage stays closed after the soak, and the production Shoot's pool stays")
		// 2.0.0 soaks beside the halt; no pool may move to it (strategy minor). Its production
		// stage opening shows the controller reconciled after the soak.
		addVersion(profileName, gardencorev1beta1.ExtensionComponentVersion{Version: "2.0.0"})
		Eventually(rolloutOf(profileName, "2.0.0")).Should(And(stageOpen("early"), Not(stageOpen("production"))))
		fakeClock.Step(soak)
		poke(profileName)
		Eventually(rolloutOf(profileName, "2.0.0")).Should(stageOpen("production"))
		Expect(rolloutOf(profileName, "1.1.0")(Default)).To(And(HaveField("State", gardencorev1beta1.RolloutStateHalted), Not(stageOpen("production"))))
		Expect(poolVersions(prod)).To(Equal(map[string]string{"a": "1.0.0"}))
	})
})
