// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package charts_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	appsv1 "k8s.io/api/apps/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/charts"
)

var _ = Describe("High availability", func() {
	DescribeTable("runs two replicas spread over nodes, one disruption at a time",
		func(chart, name string, values map[string]any) {
			objects, err := Render(chart, name, namespace, values)
			Expect(err).NotTo(HaveOccurred())

			deployment := convert[appsv1.Deployment](find(objects, "Deployment", name))
			Expect(deployment.Spec.Replicas).To(Equal(ptr.To[int32](2)))
			Expect(deployment.Spec.Strategy.Type).NotTo(Equal(appsv1.RecreateDeploymentStrategyType))
			podLabels := deployment.Spec.Template.Labels
			antiAffinity := deployment.Spec.Template.Spec.Affinity.PodAntiAffinity
			Expect(antiAffinity).NotTo(BeNil())
			Expect(antiAffinity.PreferredDuringSchedulingIgnoredDuringExecution).To(ContainElement(And(
				HaveField("PodAffinityTerm.TopologyKey", "kubernetes.io/hostname"),
				HaveField("PodAffinityTerm.LabelSelector.MatchLabels", Equal(deployment.Spec.Selector.MatchLabels)),
			)))
			for k, v := range deployment.Spec.Selector.MatchLabels {
				Expect(podLabels).To(HaveKeyWithValue(k, v))
			}

			pdb := convert[policyv1.PodDisruptionBudget](find(objects, "PodDisruptionBudget", name))
			Expect(pdb.Spec.MaxUnavailable).To(Equal(ptr.To(intstr.FromInt32(1))))
			Expect(pdb.Spec.Selector.MatchLabels).To(Equal(deployment.Spec.Selector.MatchLabels))

			single := map[string]any{"replicas": 1}
			for k, v := range values {
				single[k] = v
			}
			objects, err = Render(chart, name, namespace, single)
			Expect(err).NotTo(HaveOccurred())
			Expect(find(objects, "PodDisruptionBudget", name)).To(BeNil(), "a single replica gets no PodDisruptionBudget, which would block every drain")
		},
		Entry("gardener-apiserver", APIServer, "gardener-apiserver", apiServerValues),
		Entry("gardener-controller-manager", ControllerManager, "gardener-controller-manager", map[string]any{}),
		Entry("gardenlet", Gardenlet, "gardenlet", gardenletSeedValues),
	)
})
