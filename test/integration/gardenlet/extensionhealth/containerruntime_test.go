// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionhealth_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
	"github.com/gep-78/gardener/pkg/utils/gardener/rollout"
	"github.com/gep-78/gardener/test/envtest/suite"
	"github.com/gep-78/gardener/test/failover"
)

var _ = Describe("gardenlet reflects seed ContainerRuntime health into the Shoot", func() {
	const (
		namespace    = "garden-runtime-health"
		cloudProfile = "runtime-health"
		pool         = "sandbox"
		subject      = "gvisor in worker pool sandbox (runsc 2026.1.1)"
	)
	taskID := rollout.ContainerRuntimeTaskID("gvisor", pool)

	var (
		gardenClient, seedClient client.Client
		shoot                    *gardencorev1beta1.Shoot
	)

	// report sets the ContainerRuntime's status as the runtime's extension controller would.
	report := func(state gardencorev1beta1.LastOperationState, lastError *gardencorev1beta1.LastError) {
		GinkgoHelper()
		Eventually(func(g Gomega) {
			g.Expect(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
			g.Expect(shoot.Status.TechnicalID).NotTo(BeEmpty())
			cr := &extensionsv1alpha1.ContainerRuntime{}
			g.Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: shoot.Status.TechnicalID, Name: "gvisor-" + pool}, cr)).To(Succeed())
			patch := client.MergeFrom(cr.DeepCopy())
			cr.Status.LastOperation = &gardencorev1beta1.LastOperation{Type: gardencorev1beta1.LastOperationTypeReconcile, State: state,
				Progress: 100, Description: string(state), LastUpdateTime: metav1.Now()}
			cr.Status.LastError = lastError
			g.Expect(seedClient.Status().Patch(ctx, cr, patch)).To(Succeed())
		}).Should(Succeed())
	}
	// status returns the Shoot's entry of the pool's runtime and its ExtensionsReady condition.
	status := func(g Gomega) (*gardencorev1beta1.LastError, *gardencorev1beta1.Condition) {
		g.Expect(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
		var entry *gardencorev1beta1.LastError
		for i, e := range shoot.Status.LastErrors {
			if ptr.Deref(e.TaskID, "") == taskID {
				entry = &shoot.Status.LastErrors[i]
			}
		}
		return entry, v1beta1helper.GetCondition(shoot.Status.Conditions, extension.ConditionExtensionsReady)
	}

	BeforeEach(func() {
		var err error
		gardenClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
		Expect(err).NotTo(HaveOccurred())
		seedClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.SeedScheme})
		Expect(err).NotTo(HaveOccurred())
		Expect(gardenClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		Expect(gardenClient.Create(ctx, failover.CloudProfile(cloudProfile))).To(Succeed())
		Expect(gardenClient.Create(ctx, failover.ExtensionProfile("runtime-health-agent"))).To(Succeed())
		Expect(gardenClient.Create(ctx, &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{ExtensionKind: gardencorev1beta1.ExtensionKindContainerRuntime, Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "runsc", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "2026.1.1"}},
			}}},
		})).To(Succeed())

		suite.StartGardenlet(ctx, restConfig, nil)

		shoot = failover.Shoot(namespace, "runtime-health", cloudProfile, "runtime-health-agent", "1.1.0")
		shoot.Spec.Provider.Workers = shoot.Spec.Provider.Workers[:1]
		shoot.Spec.Provider.Workers[0].Name = pool
		shoot.Spec.Provider.Workers[0].CRI = &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{
			Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{{Name: "runsc", Version: ptr.To("2026.1.1")}},
		}}}
		Expect(gardenClient.Create(ctx, shoot)).To(Succeed())
	})

	It("shows a failed pool's runtime in status.lastErrors and ExtensionsReady, and clears both once it is healthy", func() {
		By("The runtime's extension fails the pool's version")
		report(gardencorev1beta1.LastOperationStateError, &gardencorev1beta1.LastError{
			Description: "runsc 2026.1.1 crashes on start",
			Codes:       []gardencorev1beta1.ErrorCode{gardencorev1beta1.ErrorConfigurationProblem},
		})
		Eventually(func(g Gomega) {
			entry, condition := status(g)
			g.Expect(entry).NotTo(BeNil())
			g.Expect(entry.Description).To(Equal("ContainerRuntime " + subject + " reports: runsc 2026.1.1 crashes on start"))
			g.Expect(entry.Codes).To(ConsistOf(gardencorev1beta1.ErrorConfigurationProblem))
			g.Expect(condition).NotTo(BeNil())
			g.Expect(condition.Status).To(Equal(gardencorev1beta1.ConditionFalse))
			g.Expect(condition.Message).To(ContainSubstring(subject + ": runsc 2026.1.1 crashes on start"))
		}).Should(Succeed())
		Expect(rollout.PoolComponentFailure(shoot, "containerruntime-gvisor", pool, "runsc", "2026.1.1")).NotTo(BeNil(), "the rollout counts it")

		By("The runtime recovers")
		report(gardencorev1beta1.LastOperationStateSucceeded, nil)
		Eventually(func(g Gomega) {
			entry, condition := status(g)
			g.Expect(entry).To(BeNil())
			g.Expect(condition).NotTo(BeNil())
			g.Expect(condition.Status).To(Equal(gardencorev1beta1.ConditionTrue))
			g.Expect(condition.Message).To(ContainSubstring(subject))
		}).Should(Succeed())
	})
})
