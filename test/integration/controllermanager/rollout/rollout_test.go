// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package rollout_test

import (
	"fmt"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/test/examples"
)

var _ = Describe("Staged rollouts", func() {
	var (
		evaluation  = gardencorev1beta1.ShootPurposeEvaluation
		development = gardencorev1beta1.ShootPurposeDevelopment
		production  = gardencorev1beta1.ShootPurposeProduction
	)

	// setUp creates the namespace and the profile, and waits for the rollout of 1.0.0, which is
	// not staged (the profile's first version).
	setUp := func(namespace string, profile *gardencorev1beta1.ExtensionProfile) {
		GinkgoHelper()
		Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		Expect(testClient.Create(ctx, profile)).To(Succeed())
		Eventually(rolloutOf(profile.Name, "1.0.0")).Should(HaveField("State", gardencorev1beta1.RolloutStateComplete))
		DeferCleanup(func() { fakeClock.SetTime(examples.ReferenceTime) })
	}

	It("moves a healthy version through three stages, one soak period apart", func() {
		const namespace, profileName = "garden-rollout-stages", "rollout-stages"
		setUp(namespace, newProfile(profileName,
			gardencorev1beta1.RolloutStage{Name: "canary", Purposes: []gardencorev1beta1.ShootPurpose{evaluation}},
			gardencorev1beta1.RolloutStage{Name: "early", Purposes: []gardencorev1beta1.ShootPurpose{"testing", development}},
			gardencorev1beta1.RolloutStage{Name: "production", Purposes: []gardencorev1beta1.ShootPurpose{production, "infrastructure"}},
		))
		eval := createShoot(namespace, "eval", profileName, evaluation)
		dev := createShoot(namespace, "dev", profileName, development)
		prod := createShoot(namespace, "prod", profileName, production)

		By("A new version opens the canary stage")
		addVersion(profileName, gardencorev1beta1.ExtensionComponentVersion{Version: "1.1.0"})
		Eventually(rolloutOf(profileName, "1.1.0")).Should(And(stageOpen("canary"), Not(stageOpen("early")),
			HaveField("State", gardencorev1beta1.RolloutStateProgressing)))
		maintainTo(map[string]string{"eval": "1.1.0", "dev": "1.0.0", "prod": "1.0.0"}, eval, dev, prod)

		By("After the soak the early stage opens")
		fakeClock.Step(soak)
		poke(profileName)
		Eventually(rolloutOf(profileName, "1.1.0")).Should(And(stageOpen("early"), Not(stageOpen("production"))))
		maintainTo(map[string]string{"dev": "1.1.0", "prod": "1.0.0"}, dev, prod)

		By("After another soak the production stage opens")
		fakeClock.Step(soak)
		poke(profileName)
		Eventually(rolloutOf(profileName, "1.1.0")).Should(And(stageOpen("production"), HaveField("State", gardencorev1beta1.RolloutStateComplete)))
		maintainTo(map[string]string{"prod": "1.1.0"}, prod)
		Eventually(rolloutOf(profileName, "1.1.0")).Should(And(HaveField("Moved", int32(3)), HaveField("Healthy", int32(3)), HaveField("Failed", int32(0))))
		Eventually(func() []string { return profileEvents(profileName) }).Should(And(
			contains("RolloutStageOpened: "+profileName+" agent 1.1.0: stage canary opened"),
			contains("RolloutStageOpened: "+profileName+" agent 1.1.0: stage early opened"),
			contains("RolloutStageOpened: "+profileName+" agent 1.1.0: stage production opened"),
		))
	})

	It("halts a version that fails on 3 of 5 early Shoots before any production Shoot moves; a forced upgrade skips it", func() {
		const namespace, profileName = "garden-rollout-halt", "rollout-halt"
		setUp(namespace, newProfile(profileName))
		var early, prod []*gardencorev1beta1.Shoot
		for i := range 5 {
			early = append(early, createShoot(namespace, fmt.Sprintf("early-%d", i), profileName, development))
		}
		for i := range 2 {
			prod = append(prod, createShoot(namespace, fmt.Sprintf("prod-%d", i), profileName, production))
		}

		addVersion(profileName, gardencorev1beta1.ExtensionComponentVersion{Version: "1.1.0"})
		Eventually(rolloutOf(profileName, "1.1.0")).Should(stageOpen("early"))
		maintainTo(map[string]string{"early-0": "1.1.0", "early-1": "1.1.0", "early-2": "1.1.0", "early-3": "1.1.0", "early-4": "1.1.0",
			"prod-0": "1.0.0", "prod-1": "1.0.0"}, append(early, prod...)...)

		By("Three early Shoots report the component failed")
		for _, shoot := range early[:3] {
			failExtension(shoot)
		}
		Eventually(rolloutOf(profileName, "1.1.0")).Should(And(
			HaveField("State", gardencorev1beta1.RolloutStateHalted),
			HaveField("Moved", int32(5)), HaveField("Failed", int32(3)), HaveField("Healthy", int32(2)),
			HaveField("FailingShoots", Equal(names(early[:3]))),
		))
		Eventually(func() []string { return profileEvents(profileName) }).Should(contains("RolloutHalted: " + profileName + " agent 1.1.0: rollout halted: 3 of 5 moved Shoots failed"))

		By("The production stage stays closed after the soak, and no production Shoot moves")
		// 0.9.0, below every Shoot's version, turns deprecated within the soak; its classification
		// shows the controller reconciled after the soak.
		addVersion(profileName, gardencorev1beta1.ExtensionComponentVersion{Version: "0.9.0", Lifecycle: []gardencorev1beta1.LifecycleStage{
			{Classification: gardencorev1beta1.ClassificationSupported},
			{Classification: gardencorev1beta1.ClassificationDeprecated, StartTime: &metav1.Time{Time: fakeClock.Now().Add(soak / 2)}}}})
		Eventually(classificationOf(profileName, "0.9.0")).Should(Equal(gardencorev1beta1.ClassificationSupported))
		fakeClock.Step(soak)
		poke(profileName)
		Eventually(classificationOf(profileName, "0.9.0")).Should(Equal(gardencorev1beta1.ClassificationDeprecated))
		Expect(rolloutOf(profileName, "1.1.0")(Default)).To(And(HaveField("State", gardencorev1beta1.RolloutStateHalted), Not(stageOpen("production"))))
		Expect(maintain(prod...)).To(Equal(map[string]string{"prod-0": "1.0.0", "prod-1": "1.0.0"}))

		By("A forced upgrade of an expired version skips the halted version for another compatible one")
		addVersion(profileName, gardencorev1beta1.ExtensionComponentVersion{Version: "1.0.5"})
		Eventually(rolloutOf(profileName, "1.0.5")).Should(stageOpen("early"))
		editVersion(profileName, "1.0.0", func(v *gardencorev1beta1.ExtensionComponentVersion) {
			v.Lifecycle = []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported},
				{Classification: gardencorev1beta1.ClassificationExpired, StartTime: &metav1.Time{Time: fakeClock.Now().Add(-soak / 2)}}}
		})
		maintainTo(map[string]string{"prod-0": "1.0.5"}, prod[0])

		By("A resume later than the halt continues the rollout; the failures before it no longer count")
		editVersion(profileName, "1.1.0", func(v *gardencorev1beta1.ExtensionComponentVersion) {
			v.Rollout = &gardencorev1beta1.ComponentVersionRollout{HaltAcknowledgement: &gardencorev1beta1.RolloutHaltAcknowledgement{
				Action: gardencorev1beta1.RolloutHaltActionResume, Time: metav1.Time{Time: fakeClock.Now().Add(time.Second)}}}
		})
		fakeClock.Step(2 * time.Second)
		poke(profileName)
		Eventually(rolloutOf(profileName, "1.1.0")).Should(And(HaveField("State", gardencorev1beta1.RolloutStateComplete), stageOpen("production"), HaveField("Failed", int32(0))))
		Eventually(func() []string { return profileEvents(profileName) }).Should(contains("RolloutResumed: "))
	})

	It("holds a paused rollout across a restart of gardener-controller-manager", func() {
		const namespace, profileName = "garden-rollout-pause", "rollout-pause"
		setUp(namespace, newProfile(profileName))
		prod := createShoot(namespace, "prod", profileName, production)

		addVersion(profileName, gardencorev1beta1.ExtensionComponentVersion{Version: "1.1.0"})
		Eventually(rolloutOf(profileName, "1.1.0")).Should(stageOpen("early"))
		editVersion(profileName, "1.1.0", func(v *gardencorev1beta1.ExtensionComponentVersion) {
			v.Rollout = &gardencorev1beta1.ComponentVersionRollout{Paused: true}
		})
		Eventually(rolloutOf(profileName, "1.1.0")).Should(HaveField("State", gardencorev1beta1.RolloutStatePaused))

		By("Restart gardener-controller-manager and move the clock past the soak")
		fakeClock.Step(2 * soak)
		restartControllerManager()
		By("A component added now shows that the new controller reconciled the profile after the soak")
		editProfile(profileName, func(p *gardencorev1beta1.ExtensionProfile) {
			p.Spec.Components = append(p.Spec.Components, gardencorev1beta1.ExtensionProfileComponent{Name: "probe",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "0.1.0"}}})
		})
		Eventually(func(g Gomega) []gardencorev1beta1.ExtensionProfileComponentStatus {
			p := &gardencorev1beta1.ExtensionProfile{}
			g.Expect(testClient.Get(ctx, client.ObjectKey{Name: profileName}, p)).To(Succeed())
			return p.Status.Components
		}).Should(ContainElement(HaveField("Name", "probe")))
		Expect(rolloutOf(profileName, "1.1.0")(Default)).To(And(HaveField("State", gardencorev1beta1.RolloutStatePaused), Not(stageOpen("production"))))
		Expect(maintain(prod)).To(Equal(map[string]string{"prod": "1.0.0"}))

		By("Unpaused, the due stage opens at once")
		editVersion(profileName, "1.1.0", func(v *gardencorev1beta1.ExtensionComponentVersion) { v.Rollout = nil })
		Eventually(rolloutOf(profileName, "1.1.0")).Should(And(HaveField("State", gardencorev1beta1.RolloutStateComplete), stageOpen("production")))
		maintainTo(map[string]string{"prod": "1.1.0"}, prod)
	})
})
