// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package workerpools_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// Compatibility rules read the pool they are evaluated for as `worker`
// (docs/usage/compatibility-rules.md, "The `worker` Variable").
var _ = Describe("Compatibility rules that read worker", func() {
	Describe("for a pool's pin", func() {
		// bigSandbox is sandboxShoot whose sandbox pool has up to 5 machines (runsc 1.1.3 allows 2).
		bigSandbox := func(name string, entry gardencorev1beta1.ExtensionComponent) *gardencorev1beta1.Shoot {
			shoot := sandboxShoot(name, entry)
			shoot.Spec.Provider.Workers[1].Maximum = 5
			return shoot
		}

		It("refuses a version whose rule the pool fails, naming the pool", func() {
			expectForbidden(gardenClient.Create(ctx, bigSandbox("cel", runsc("1.1.3"))),
				versionPath+`: Invalid value: "1.1.3": worker pool sandbox: runsc 1.1.3 runs in pools of at most 2 machines`)
		})

		It("resolves a partial version past the version whose rule the pool fails", func() {
			shoot := create(bigSandbox("cel-partial", runsc("1.1")))
			Expect(pinned(shoot)).To(HaveKeyWithValue("sandbox", "1.1.0"))
		})
	})

	Describe("for a Shoot-level pin, once per pool", func() {
		// driverShoot pins driver 570 for the Shoot, with the pool gl (gardenlinux) and, with
		// ubuntu, the pool ub.
		driverShoot := func(name string, ubuntu bool) *gardencorev1beta1.Shoot {
			pools := []gardencorev1beta1.Worker{pool("gl", "")}
			if ubuntu {
				ub := pool("ub", "")
				ub.Machine.Image = &gardencorev1beta1.ShootMachineImage{Name: "ubuntu", Version: ptr.To("24.4.20260915")}
				pools = append(pools, ub)
			}
			shoot := newShoot(name, pools...)
			shoot.Spec.Extensions = []gardencorev1beta1.Extension{{Type: gpuDriver,
				Components: []gardencorev1beta1.ExtensionComponent{{Name: "driver", Version: ptr.To("570.0.0")}}}}
			return shoot
		}
		// expectPoolRefused expects the refusal of the pin at its version, naming the pool ub only.
		expectPoolRefused := func(err error) {
			GinkgoHelper()
			expectForbidden(err, `spec.extensions[0].components[0].version: Invalid value: "570.0.0": worker pool ub: driver 570 needs gardenlinux`)
			Expect(err.Error()).NotTo(ContainSubstring("worker pool gl"))
		}

		It("refuses the pin at its version, naming the pool that fails", func() {
			expectPoolRefused(gardenClient.Create(ctx, driverShoot("driver-create", true)))
		})

		It("accepts the pin where every pool passes, and refuses a pool added that fails", func() {
			shoot := create(driverShoot("driver-update", false))
			_, err := update(shoot.Name, func(s *gardencorev1beta1.Shoot) {
				s.Spec.Provider.Workers = driverShoot(shoot.Name, true).Spec.Provider.Workers
			})
			expectPoolRefused(err)
		})

		It("does not evaluate it for a pool whose override sets its own version", func() {
			shoot := driverShoot("driver-override", true)
			shoot.Spec.Provider.Workers[1].Extensions = []gardencorev1beta1.WorkerExtension{{Type: gpuDriver,
				Components: []gardencorev1beta1.ExtensionComponent{{Name: "driver", Version: ptr.To("535.0.0")}}}}
			create(shoot)
		})
	})
})
