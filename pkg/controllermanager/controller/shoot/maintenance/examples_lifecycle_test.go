// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	featuregatetesting "k8s.io/component-base/featuregate/testing"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/test/examples"
)

// The example whose timeline crosses lifecycle dates of the CloudProfile: the host steps must
// classify at the reconciler's clock. It does not lift: upstream's steps classify at the wall clock.
var _ = Describe("shared GEP-78 examples over their lifecycle", func() {
	BeforeEach(func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
	})

	Describe("shoot-accepted-envoy-gateway-falco.yaml", func() {
		It("should move envoy-gateway in the next window, gardenlinux when 1877.9.0 is supported, and force Kubernetes and falco on 2027-02-01", func() {
			run, entering := loadExample("shoot-accepted-envoy-gateway-falco.yaml", 0)
			expected := map[string][]string{
				"2026-11-29": {"envoy-gateway/envoy-gateway 1.8.3 -> 1.8.4"},
				"2026-12-10": {"image/local 1877.8.0 -> 1877.9.0"},
				"2027-02-01": {"kubernetes 1.36.2 -> 1.36.3", "shoot-falco-service/falco 0.42.1 -> 0.44.1"},
			}

			previous := exampleVersions(entering)
			for day := examples.ReferenceTime; !day.After(time.Date(2027, time.February, 2, 0, 0, 0, 0, time.UTC)); day = day.AddDate(0, 0, 1) {
				run.maintainAt(day.Add(3 * time.Hour)) // window 03:00–04:00 UTC
				current := exampleVersions(run.get())
				Expect(exampleChanges(previous, current)).To(ConsistOf(expected[day.Format(time.DateOnly)]), "maintenance on %s", day.Format(time.DateOnly))
				previous = current
			}

			// A window without changes (2027-02-02) does not overwrite the record of the last change.
			last := run.get().Status.LastMaintenance
			Expect(last.TriggeredTime.UTC()).To(Equal(time.Date(2027, time.February, 1, 3, 0, 0, 0, time.UTC)))
		})

		It("should record the forced upgrades of 2027-02-01 with the expiry reason", func() {
			run, entering := loadExample("shoot-accepted-envoy-gateway-falco.yaml", 0)
			// As after the earlier windows: envoy-gateway and gardenlinux maintained.
			entering.Spec.Extensions[0].Components[0].Version = ptrTo("1.8.4")
			entering.Spec.Provider.Workers[0].Machine.Image.Version = ptrTo("1877.9.0")
			Expect(run.client.Update(run.ctx, entering)).To(Succeed())

			run.maintainAt(time.Date(2027, time.February, 1, 3, 0, 0, 0, time.UTC))

			last := run.get().Status.LastMaintenance
			Expect(last.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			Expect(strings.Split(last.Description, ", ")).To(ConsistOf(
				`All maintenance operations successful. Control Plane: Updated Kubernetes version from "1.36.2" to "1.36.3". Reason: Kubernetes version expired - force update required`,
				`Extension "shoot-falco-service" component "falco": Updated version from "0.42.1" to "0.44.1". Reason: Component version expired - force update required`,
			))
		})
	})
})
