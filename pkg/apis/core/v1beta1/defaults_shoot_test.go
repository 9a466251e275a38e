// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("Shoot defaulting", func() {
	var scheme *runtime.Scheme

	BeforeEach(func() {
		scheme = runtime.NewScheme()
		Expect(AddToScheme(scheme)).To(Succeed())
		original := RandomIntN
		RandomIntN = func(n int) int {
			Expect(n).To(Equal(23))
			return 7
		}
		DeferCleanup(func() { RandomIntN = original })
	})

	It("defaults purpose, a random one-hour window, auto-update and the worker fields", func() {
		shoot := &Shoot{Spec: ShootSpec{Provider: Provider{Workers: []Worker{{Name: "pool"}}}}}
		scheme.Default(shoot)

		Expect(shoot.Spec.Purpose).To(Equal(ptr.To(ShootPurposeEvaluation)))
		Expect(shoot.Spec.Maintenance).To(Equal(&Maintenance{
			AutoUpdate: &MaintenanceAutoUpdate{KubernetesVersion: true, MachineImageVersion: ptr.To(true)},
			TimeWindow: &MaintenanceTimeWindow{Begin: "070000+0000", End: "080000+0000"},
		}))
		Expect(shoot.Spec.Networking).To(Equal(&Networking{}))
		Expect(shoot.Spec.Provider.Workers[0].Machine.Architecture).To(Equal(ptr.To("amd64")))
		Expect(shoot.Spec.Provider.Workers[0].CRI).To(Equal(&CRI{Name: "containerd"}))
		Expect(shoot.Spec.Provider.Workers[0].MaxSurge).To(Equal(ptr.To(intstr.FromInt32(1))))
		Expect(shoot.Spec.Provider.Workers[0].MaxUnavailable).To(Equal(ptr.To(intstr.FromInt32(0))))
	})

	It("keeps what the owner set", func() {
		shoot := &Shoot{Spec: ShootSpec{
			Purpose: ptr.To(ShootPurposeProduction),
			Maintenance: &Maintenance{
				AutoUpdate: &MaintenanceAutoUpdate{KubernetesVersion: false, MachineImageVersion: ptr.To(false)},
				TimeWindow: &MaintenanceTimeWindow{Begin: "220000+0100", End: "230000+0100"},
			},
			Provider: Provider{Workers: []Worker{{
				Name:           "pool",
				Machine:        Machine{Architecture: ptr.To("arm64")},
				MaxSurge:       ptr.To(intstr.FromString("10%")),
				MaxUnavailable: ptr.To(intstr.FromInt32(2)),
			}}},
		}}
		want := shoot.DeepCopy()
		want.Spec.Networking = &Networking{}
		want.Spec.Provider.Workers[0].CRI = &CRI{Name: "containerd"}
		scheme.Default(shoot)
		Expect(shoot).To(Equal(want))
	})

	It("defaults machineImageVersion only for Shoots with workers", func() {
		workerless := &Shoot{Spec: ShootSpec{Maintenance: &Maintenance{}}}
		scheme.Default(workerless)
		Expect(workerless.Spec.Maintenance.AutoUpdate).To(Equal(&MaintenanceAutoUpdate{KubernetesVersion: true}))
		Expect(workerless.Spec.Maintenance.TimeWindow).To(Equal(&MaintenanceTimeWindow{Begin: "070000+0000", End: "080000+0000"}))
	})

	It("spreads defaulted windows with the real randomness", func() {
		RandomIntN = DefaultRandomIntN
		begins := map[string]bool{}
		for range 200 {
			shoot := &Shoot{}
			scheme.Default(shoot)
			begins[shoot.Spec.Maintenance.TimeWindow.Begin] = true
		}
		Expect(len(begins)).To(BeNumerically(">", 1))
		Expect(begins).NotTo(HaveKey("230000+0000"))
	})
})
