// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionhealth_test

import (
	"fmt"

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
	"github.com/gep-78/gardener/test/envtest/suite"
	"github.com/gep-78/gardener/test/failover"
)

var _ = Describe("gardenlet reflects seed Extension health into the Shoot", func() {
	const (
		namespace     = "garden-extension-health"
		cloudProfile  = "extension-health"
		extensionType = "health-agent"
		taskID        = extension.TaskIDPrefixExtension + extensionType
	)

	var (
		gardenClient, seedClient client.Client
		shoot                    *gardencorev1beta1.Shoot
	)

	// seedExtension returns the seed Extension gardenlet wrote for the Shoot.
	seedExtension := func() (*extensionsv1alpha1.Extension, error) {
		if err := gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot); err != nil {
			return nil, err
		}
		list := &extensionsv1alpha1.ExtensionList{}
		if shoot.Status.TechnicalID == "" {
			return nil, fmt.Errorf("shoot has no technical ID yet")
		}
		if err := seedClient.List(ctx, list, client.InNamespace(shoot.Status.TechnicalID)); err != nil {
			return nil, err
		}
		if len(list.Items) != 1 {
			return nil, fmt.Errorf("%d seed Extensions", len(list.Items))
		}
		return &list.Items[0], nil
	}

	// report sets the Extension's status as its extension controller would.
	report := func(ext *extensionsv1alpha1.Extension, state gardencorev1beta1.LastOperationState, description string, lastError *gardencorev1beta1.LastError) {
		GinkgoHelper()
		patch := client.MergeFrom(ext.DeepCopy())
		ext.Status.LastOperation = &gardencorev1beta1.LastOperation{
			Type: gardencorev1beta1.LastOperationTypeReconcile, State: state, Progress: 100,
			Description: description, LastUpdateTime: metav1.Now(),
		}
		ext.Status.LastError = lastError
		Expect(seedClient.Status().Patch(ctx, ext, patch)).To(Succeed())
	}

	lastErrorOf := func(s *gardencorev1beta1.Shoot) *gardencorev1beta1.LastError {
		for i := range s.Status.LastErrors {
			if ptr.Deref(s.Status.LastErrors[i].TaskID, "") == taskID {
				return &s.Status.LastErrors[i]
			}
		}
		return nil
	}

	BeforeEach(func() {
		var err error
		gardenClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
		Expect(err).NotTo(HaveOccurred())
		seedClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.SeedScheme})
		Expect(err).NotTo(HaveOccurred())
		Expect(gardenClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		Expect(gardenClient.Create(ctx, failover.CloudProfile(cloudProfile))).To(Succeed())
		Expect(gardenClient.Create(ctx, failover.ExtensionProfile(extensionType))).To(Succeed())
		suite.StartGardenlet(ctx, restConfig, nil)

		shoot = failover.Shoot(namespace, "health", cloudProfile, extensionType, "1.1.0")
		Expect(gardenClient.Create(ctx, shoot)).To(Succeed())
	})

	It("shows a failed Extension in status.lastErrors and ExtensionsReady, and clears both once it is healthy", func() {
		var ext *extensionsv1alpha1.Extension
		Eventually(func() (err error) { ext, err = seedExtension(); return err }).Should(Succeed())
		Expect(v1beta1helper.GetCondition(shoot.Status.Conditions, extension.ConditionExtensionsReady)).To(BeNil(), "no condition before the Extension reported")

		By("The extension reports success")
		report(ext, gardencorev1beta1.LastOperationStateSucceeded, "Reconciled agent 1.1.0", nil)
		Eventually(func(g Gomega) {
			g.Expect(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
			condition := v1beta1helper.GetCondition(shoot.Status.Conditions, extension.ConditionExtensionsReady)
			g.Expect(condition).NotTo(BeNil())
			g.Expect(condition.Status).To(Equal(gardencorev1beta1.ConditionTrue))
			g.Expect(condition.Reason).To(Equal(extension.ReasonAllExtensionsReady))
			g.Expect(condition.Message).To(ContainSubstring("health-agent (agent 1.1.0)"))
			g.Expect(lastErrorOf(shoot)).To(BeNil())
		}).Should(Succeed())

		By("The extension fails the version")
		Expect(seedClient.Get(ctx, client.ObjectKeyFromObject(ext), ext)).To(Succeed())
		report(ext, gardencorev1beta1.LastOperationStateError, "agent 1.1.0 crashes", &gardencorev1beta1.LastError{
			Description: "agent 1.1.0 crashes on start",
			Codes:       []gardencorev1beta1.ErrorCode{gardencorev1beta1.ErrorConfigurationProblem},
		})
		Eventually(func(g Gomega) {
			g.Expect(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
			entry := lastErrorOf(shoot)
			g.Expect(entry).NotTo(BeNil())
			g.Expect(entry.Description).To(And(ContainSubstring("health-agent (agent 1.1.0)"), ContainSubstring("agent 1.1.0 crashes on start")))
			g.Expect(entry.Codes).To(ConsistOf(gardencorev1beta1.ErrorConfigurationProblem))
			g.Expect(entry.LastUpdateTime).NotTo(BeNil())
			condition := v1beta1helper.GetCondition(shoot.Status.Conditions, extension.ConditionExtensionsReady)
			g.Expect(condition).NotTo(BeNil())
			g.Expect(condition.Status).To(Equal(gardencorev1beta1.ConditionFalse))
			g.Expect(condition.Reason).To(Equal(extension.ReasonNotAllExtensionsHealthy))
			g.Expect(condition.Message).To(ContainSubstring("health-agent (agent 1.1.0): agent 1.1.0 crashes on start"))
		}).Should(Succeed())

		By("The extension recovers")
		Expect(seedClient.Get(ctx, client.ObjectKeyFromObject(ext), ext)).To(Succeed())
		report(ext, gardencorev1beta1.LastOperationStateSucceeded, "Reconciled agent 1.1.0", nil)
		Eventually(func(g Gomega) {
			g.Expect(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
			g.Expect(lastErrorOf(shoot)).To(BeNil())
			condition := v1beta1helper.GetCondition(shoot.Status.Conditions, extension.ConditionExtensionsReady)
			g.Expect(condition).NotTo(BeNil())
			g.Expect(condition.Status).To(Equal(gardencorev1beta1.ConditionTrue))
			g.Expect(condition.Message).To(ContainSubstring("health-agent (agent 1.1.0)"))
		}).Should(Succeed())
	})
})
