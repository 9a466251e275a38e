// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance/helper"
)

func TestHelper(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "ControllerManager Shoot Maintenance Helper Suite")
}

var _ = Describe("Maintenance version decisions", func() {
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

	It("#FilterMachineImageVersions keeps the versions of the pool's architecture and CRI", func() {
		image := gardencorev1beta1.MachineImage{Name: "gl", Versions: []gardencorev1beta1.MachineImageVersion{
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0"}},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.1.0"}, Architectures: []string{"arm64"}},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.2.0"}, CRI: []gardencorev1beta1.CRI{{Name: "other"}}},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.3.0"}, Architectures: []string{"amd64", "arm64"}, CRI: []gardencorev1beta1.CRI{{Name: "containerd"}, {Name: "other"}}},
		}}
		versionsOf := func(worker gardencorev1beta1.Worker) []string {
			var out []string
			for _, v := range FilterMachineImageVersions(image, worker) {
				out = append(out, v.Version)
			}
			return out
		}
		Expect(versionsOf(gardencorev1beta1.Worker{})).To(Equal([]string{"1.0.0", "1.3.0"}))
		Expect(versionsOf(gardencorev1beta1.Worker{Machine: gardencorev1beta1.Machine{Architecture: ptr.To("arm64")}})).To(Equal([]string{"1.1.0", "1.3.0"}))
		Expect(versionsOf(gardencorev1beta1.Worker{CRI: &gardencorev1beta1.CRI{Name: "other"}})).To(Equal([]string{"1.2.0", "1.3.0"}))
	})

	It("#DetermineVersionForStrategy does not call the force rule when the version is not forced", func() {
		auto := func([]gardencorev1beta1.ExpirableVersion, string, time.Time) (bool, string, error) {
			return false, "", nil
		}
		force := func([]gardencorev1beta1.ExpirableVersion, string, time.Time) (bool, string, error) {
			Fail("must not be called")
			return false, "", nil
		}
		target, err := DetermineVersionForStrategy(nil, "1.0.0", auto, force, false, now)
		Expect(err).NotTo(HaveOccurred())
		Expect(target).To(BeEmpty())
	})
})
