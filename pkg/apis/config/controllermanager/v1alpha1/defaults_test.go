// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1_test

import (
	"os"
	"path/filepath"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("Load", func() {
	load := func(content string) *ControllerManagerConfiguration {
		GinkgoHelper()
		path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
		Expect(os.WriteFile(path, []byte(content), 0o600)).To(Succeed())
		cfg, err := Load(path)
		Expect(err).NotTo(HaveOccurred())
		return cfg
	}

	It("should default every section left out", func() {
		cfg, err := Load("")
		Expect(err).NotTo(HaveOccurred())
		Expect(cfg.Controllers).To(Equal(ControllerManagerControllerConfiguration{
			CloudProfile: &CloudProfileControllerConfiguration{ConcurrentSyncs: ptr.To(5)},
			ExtensionProfile: &ExtensionProfileControllerConfiguration{ConcurrentSyncs: ptr.To(5),
				StableChannelSoakPeriod: &metav1.Duration{Duration: 14 * 24 * time.Hour},
				Rollout: &gardencorev1beta1.RolloutPolicy{
					Stages: []gardencorev1beta1.RolloutStage{
						{Name: "early", Purposes: []gardencorev1beta1.ShootPurpose{"evaluation", "testing", "development"}},
						{Name: "production", Purposes: []gardencorev1beta1.ShootPurpose{"production", "infrastructure"}},
					},
					SoakPeriod:        &metav1.Duration{Duration: 72 * time.Hour},
					ObservationWindow: &metav1.Duration{Duration: 24 * time.Hour},
					FailureThreshold:  &gardencorev1beta1.RolloutFailureThreshold{Count: ptr.To[int32](3), Percentage: ptr.To[int32](50)},
				}},
			ShootMaintenance: ShootMaintenanceControllerConfiguration{ConcurrentSyncs: ptr.To(5)},
		}))
		Expect(cfg.Server).To(Equal(ServerConfiguration{HealthProbes: &Server{Port: 2718}}))
		Expect(cfg.Metrics.ExtensionComponentExpirationHorizon).To(Equal(&metav1.Duration{Duration: 30 * 24 * time.Hour}))
		Expect(Validate(cfg)).To(BeEmpty())
	})

	It("should default a zero concurrentSyncs and the port of a given metrics endpoint", func() {
		cfg := load("controllers:\n  cloudProfile:\n    concurrentSyncs: 0\n  shootMaintenance:\n    concurrentSyncs: 7\nserver:\n  metrics:\n    bindAddress: 127.0.0.1\n")
		Expect(cfg.Controllers.CloudProfile.ConcurrentSyncs).To(HaveValue(Equal(5)))
		Expect(cfg.Controllers.ShootMaintenance.ConcurrentSyncs).To(HaveValue(Equal(7)))
		Expect(cfg.Server.Metrics).To(Equal(&Server{BindAddress: "127.0.0.1", Port: 2719}))
	})

	It("should reject a negative port and concurrency", func() {
		cfg := load("controllers:\n  extensionProfile:\n    concurrentSyncs: -2\nserver:\n  healthProbes:\n    port: -1\n")
		Expect(Validate(cfg).ToAggregate()).To(MatchError(And(
			ContainSubstring("controllers.extensionProfile.concurrentSyncs: Invalid value: -2: must be at least 1"),
			ContainSubstring("server.healthProbes.port: Invalid value: -1: must be between 0 and 65535"),
		)))
	})

	It("should keep the rollout fields a file sets and default the others", func() {
		cfg := load("controllers:\n  extensionProfile:\n    rollout:\n      soakPeriod: 1h\n      failureThreshold:\n        count: 5\n")
		r := cfg.Controllers.ExtensionProfile.Rollout
		Expect(r.SoakPeriod.Duration).To(Equal(time.Hour))
		Expect(r.FailureThreshold.Count).To(HaveValue(BeEquivalentTo(5)))
		Expect(r.FailureThreshold.Percentage).To(HaveValue(BeEquivalentTo(50)))
		Expect(r.ObservationWindow.Duration).To(Equal(24 * time.Hour))
		Expect(r.Stages).To(HaveLen(2))
	})
})
