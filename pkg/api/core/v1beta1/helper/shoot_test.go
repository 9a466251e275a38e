// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"github.com/Masterminds/semver/v3"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("Worker pool kubelet versions", func() {
	controlPlane := semver.MustParse("1.35.2")

	It("#CalculateEffectiveKubernetesVersion returns the pool's version when set, else the control plane's", func() {
		Expect(CalculateEffectiveKubernetesVersion(controlPlane, nil)).To(BeIdenticalTo(controlPlane))
		Expect(CalculateEffectiveKubernetesVersion(controlPlane, &gardencorev1beta1.WorkerKubernetes{})).To(BeIdenticalTo(controlPlane))
		v, err := CalculateEffectiveKubernetesVersion(controlPlane, &gardencorev1beta1.WorkerKubernetes{Version: ptr.To("1.34.5")})
		Expect(err).NotTo(HaveOccurred())
		Expect(v.String()).To(Equal("1.34.5"))
		_, err = CalculateEffectiveKubernetesVersion(controlPlane, &gardencorev1beta1.WorkerKubernetes{Version: ptr.To("one")})
		Expect(err).To(HaveOccurred())
	})

	DescribeTable("#KubeletVersionSupported",
		func(constraint *string, kubelet string, supported bool) {
			version := gardencorev1beta1.MachineImageVersion{KubeletVersionConstraint: constraint}
			Expect(KubeletVersionSupported(version, semver.MustParse(kubelet))).To(Equal(supported))
		},
		Entry("no constraint admits every kubelet", nil, "1.20.0", true),
		Entry("a lower bound admits the bound", ptr.To(">= 1.36"), "1.36.0", true),
		Entry("a lower bound refuses a lower minor", ptr.To(">= 1.36"), "1.35.9", false),
		Entry("an upper bound refuses the bound", ptr.To("< 1.35"), "1.35.0", false),
		Entry("an unparsable constraint admits nothing", ptr.To(">= one"), "1.35.0", false),
	)
})

var _ = Describe("Gardener's Shoot helpers", func() {
	It("#IsWorkerless reports a Shoot without pools", func() {
		Expect(IsWorkerless(&gardencorev1beta1.Shoot{})).To(BeTrue())
		Expect(IsWorkerless(&gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{{Name: "a"}}}}})).To(BeFalse())
	})

	DescribeTable("#IsUpdateStrategyInPlace",
		func(strategy *gardencorev1beta1.MachineUpdateStrategy, inPlace bool) {
			Expect(IsUpdateStrategyInPlace(strategy)).To(Equal(inPlace))
		},
		Entry("unset", nil, false),
		Entry("rolling", ptr.To(gardencorev1beta1.AutoRollingUpdate), false),
		Entry("automatic in place", ptr.To(gardencorev1beta1.AutoInPlaceUpdate), true),
		Entry("manual in place", ptr.To(gardencorev1beta1.ManualInPlaceUpdate), true),
	)

	DescribeTable("#GetShootGardenerOperations and #GetShootMaintenanceOperations split at ';' and trim",
		func(value *string, operations []string) {
			annotations := map[string]string{}
			if value != nil {
				annotations["gardener.cloud/operation"] = *value
				annotations["maintenance.gardener.cloud/operation"] = *value
			}
			Expect(GetShootGardenerOperations(annotations)).To(Equal(operations))
			Expect(GetShootMaintenanceOperations(annotations)).To(Equal(operations))
		},
		Entry("no annotation", nil, nil),
		Entry("empty", ptr.To(""), nil),
		Entry("one", ptr.To("maintain"), []string{"maintain"}),
		Entry("several, with spaces", ptr.To("reconcile; maintain ;rotate-ssh-keypair"), []string{"reconcile", "maintain", "rotate-ssh-keypair"}),
	)
})
