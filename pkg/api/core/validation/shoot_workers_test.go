// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

var _ = Describe("Worker pool Kubernetes versions", func() {
	const poolPath = "spec.provider.workers[0].kubernetes.version"
	withPoolVersion := func(controlPlane string, pool *string) *core.Shoot {
		shoot := withoutComponentVersions(validShoot())
		shoot.Spec.Kubernetes.Version = controlPlane
		shoot.Spec.Provider.Workers[0].Kubernetes = &core.WorkerKubernetes{Version: pool}
		return shoot
	}
	forbidden := func(errs field.ErrorList) []string {
		var details []string
		for _, err := range errs {
			if err.Field == poolPath && err.Type == field.ErrorTypeForbidden {
				details = append(details, err.Detail)
			}
		}
		return details
	}

	DescribeTable("against the control plane",
		func(controlPlane, pool string, details ...string) {
			errs := ValidateShoot(withPoolVersion(controlPlane, ptr.To(pool)))
			if len(details) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(forbidden(errs)).To(ConsistOf(details))
		},
		Entry("the control plane's version", "1.35.6", "1.35.6"),
		Entry("three minor versions behind", "1.35.6", "1.32.0"),
		Entry("four minor versions behind", "1.35.6", "1.31.9", "worker group kubernetes version must be at most three minor versions behind control plane version"),
		Entry("a higher patch", "1.35.4", "1.35.6", "worker group kubernetes version must not be higher than control plane version"),
		Entry("a higher minor", "1.35.6", "1.36.0", "worker group kubernetes version must not be higher than control plane version"),
	)

	It("refuses a downgrade of a pool's effective version on update", func() {
		oldShoot := withPoolVersion("1.36.3", nil)
		shoot := withPoolVersion("1.36.3", ptr.To("1.35.6"))
		Expect(forbidden(ValidateShootUpdate(shoot, oldShoot))).To(ConsistOf("kubernetes version downgrade is not supported"))

		oldShoot = withPoolVersion("1.36.3", ptr.To("1.35.6"))
		shoot = withPoolVersion("1.36.3", ptr.To("1.35.4"))
		Expect(forbidden(ValidateShootUpdate(shoot, oldShoot))).To(ConsistOf("kubernetes version downgrade is not supported"))
		shoot = withPoolVersion("1.36.3", nil)
		Expect(ValidateShootUpdate(shoot, oldShoot)).To(BeEmpty())
	})

	It("allows skipping a minor version, except with an in-place update strategy", func() {
		oldShoot := withPoolVersion("1.36.3", ptr.To("1.34.9"))
		shoot := withPoolVersion("1.36.3", ptr.To("1.36.3"))
		Expect(ValidateShootUpdate(shoot, oldShoot)).To(BeEmpty())

		oldShoot.Spec.Provider.Workers[0].UpdateStrategy = ptr.To(core.AutoInPlaceUpdate)
		shoot.Spec.Provider.Workers[0].UpdateStrategy = ptr.To(core.AutoInPlaceUpdate)
		Expect(forbidden(ValidateShootUpdate(shoot, oldShoot))).To(ConsistOf("kubernetes version upgrade cannot skip a minor version"))
	})

	It("does not compare a new pool with anything on update", func() {
		oldShoot := withPoolVersion("1.36.3", nil)
		shoot := oldShoot.DeepCopy()
		shoot.Spec.Provider.Workers[1].Name = "new"
		shoot.Spec.Provider.Workers[1].Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.34.9")}
		Expect(ValidateShootUpdate(shoot, oldShoot)).To(BeEmpty())
	})
})
