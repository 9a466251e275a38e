// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package pinupdates_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// A Shoot-level pin whose version has a rule that reads `worker` is checked once per pool
// (docs/usage/compatibility-rules.md, "The `worker` Variable").
var _ = Describe("compatibility rules that read worker", Ordered, func() {
	const (
		profileName = "gpu-driver"
		message     = "driver 570 needs gardenlinux"
	)

	BeforeAll(func() {
		profile := &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: profileName},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "driver",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "535.0.0"}, {
					Version: "570.0.0",
					Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{
						{Rule: "has(worker.machine.image) && worker.machine.image.name == 'gardenlinux'", Message: message},
					}},
				}},
			}}},
		}
		_, err := gardenClient.CoreV1beta1().ExtensionProfiles().Create(ctx, profile, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred(), "a new rule may read worker")
	})

	// shoot returns a Shoot pinning driver 570 with the pool gl (gardenlinux) and, with ubuntu,
	// the pool ub.
	shoot := func(name string, ubuntu bool) *gardencorev1beta1.Shoot {
		GinkgoHelper()
		s := &gardencorev1beta1.Shoot{}
		Expect(yaml.Unmarshal(manifest(name, nil), s)).To(Succeed())
		s.Spec.Extensions = []gardencorev1beta1.Extension{{Type: profileName,
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "driver", Version: ptr.To("570.0.0")}}}}
		if ubuntu {
			pool := *s.Spec.Provider.Workers[0].DeepCopy()
			pool.Name = "ub"
			pool.Machine.Image = &gardencorev1beta1.ShootMachineImage{Name: "ubuntu", Version: ptr.To("24.4.20260915")}
			s.Spec.Provider.Workers = append(s.Spec.Provider.Workers, pool)
		}
		return s
	}
	// poolError expects admission's refusal of the pin at its version, naming the pool ub.
	poolError := func(err error) {
		GinkgoHelper()
		Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring(`spec.extensions[0].components[0].version: Invalid value: "570.0.0": worker pool ub: ` + message))
		Expect(err.Error()).NotTo(ContainSubstring("worker pool gl"))
	}

	It("refuses a Shoot-level pin at its version, naming the pool that fails", func() {
		Eventually(func(g Gomega) {
			_, err := gardenClient.CoreV1beta1().Shoots(namespace).Create(ctx, shoot("worker-rules-create", true), metav1.CreateOptions{})
			g.Expect(err).To(HaveOccurred(), "the plugin has read the profile")
		}).Should(Succeed())
		_, err := gardenClient.CoreV1beta1().Shoots(namespace).Create(ctx, shoot("worker-rules-create", true), metav1.CreateOptions{})
		poolError(err)
	})

	It("accepts the pin where every pool passes, and refuses a pool added that fails", func() {
		created, err := gardenClient.CoreV1beta1().Shoots(namespace).Create(ctx, shoot("worker-rules-update", false), metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())

		updated := shoot(created.Name, true)
		updated.ObjectMeta = created.ObjectMeta
		_, err = gardenClient.CoreV1beta1().Shoots(namespace).Update(ctx, updated, metav1.UpdateOptions{})
		poolError(err)
	})
})
