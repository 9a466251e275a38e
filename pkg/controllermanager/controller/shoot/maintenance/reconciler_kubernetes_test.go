// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"errors"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// K1–K10: the cases of Gardener's maintainKubernetesVersion. Base profile: 1.1.2, 1.1.1,
// 1.1.0, 1.0.2, 1.0.1, 1.0.0 (expires in 10 minutes), 2.0.0.
var _ = Describe("#maintainKubernetesVersionAt", func() {
	now := time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)

	base := func() []gardencorev1beta1.ExpirableVersion {
		versions := expirable(now, "2.0.0, 1.1.2, 1.1.1, 1.1.0, 1.0.2, 1.0.1, 1.0.0")
		versions[6].ExpirationDate = &metav1.Time{Time: now.Add(10 * time.Minute)}
		return versions
	}
	with := func(spec string) func([]gardencorev1beta1.ExpirableVersion) []gardencorev1beta1.ExpirableVersion {
		return func(versions []gardencorev1beta1.ExpirableVersion) []gardencorev1beta1.ExpirableVersion {
			for _, change := range expirable(now, spec) {
				for i := range versions {
					if versions[i].Version == change.Version {
						versions[i] = change
					}
				}
			}
			return versions
		}
	}
	only := func(spec string) func([]gardencorev1beta1.ExpirableVersion) []gardencorev1beta1.ExpirableVersion {
		return func([]gardencorev1beta1.ExpirableVersion) []gardencorev1beta1.ExpirableVersion {
			return expirable(now, spec)
		}
	}

	// run maintains current and returns the version applied and the result.
	run := func(change func([]gardencorev1beta1.ExpirableVersion) []gardencorev1beta1.ExpirableVersion, current string, autoUpdate bool) (string, *updateResult, error) {
		cloudProfile := &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{
			Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: change(base())},
		}}
		applied := current
		result, err := maintainKubernetesVersionAt(logr.Discard(), current, autoUpdate, cloudProfile, func(v string) (string, error) {
			applied = v
			return v, nil
		}, now)
		return applied, result, err
	}

	DescribeTable("vectors",
		func(change func([]gardencorev1beta1.ExpirableVersion) []gardencorev1beta1.ExpirableVersion, current string, autoUpdate bool, expected, reason string) {
			applied, result, err := run(change, current, autoUpdate)
			Expect(err).NotTo(HaveOccurred())
			Expect(applied).To(Equal(expected))
			if expected == current {
				Expect(result).To(BeNil())
				return
			}
			Expect(result).To(Equal(&updateResult{
				reason: reason, isSuccessful: true, description: `Updated Kubernetes version from "` + current + `" to "` + expected + `"`,
			}))
		},
		Entry("K1 expired: force, patch first", with("1.0.1 x"), "1.0.1", false, "1.0.2", "Kubernetes version expired - force update required"),
		Entry("K2 expired: preview patch skipped", with("1.0.0 x, 1.0.2 p"), "1.0.0", false, "1.0.1", "Kubernetes version expired - force update required"),
		Entry("K3 expired latest patch: minor+1 (auto-update off)", with("1.0.2 x"), "1.0.2", false, "1.1.2", "Kubernetes version expired - force update required"),
		Entry("K3 expired latest patch: minor+1 (auto-update on)", with("1.0.2 x"), "1.0.2", true, "1.1.2", "Kubernetes version expired - force update required"),
		Entry("K4 expired target allowed when minor+1 is all expired", with("1.0.2 x, 1.1.2 x, 1.1.1 x, 1.1.0 x"), "1.0.2", false, "1.1.2", "Kubernetes version expired - force update required"),
		Entry("K6 auto-update: patch", with(""), "1.0.1", true, "1.0.2", "Automatic update of Kubernetes version configured"),
		Entry("K7 auto-update off: unchanged", with(""), "1.0.1", false, "1.0.1", ""),
		Entry("K8 missing version: auto-update patch", only("1.1.2, 1.1.1, 1.1.0, 1.0.2"), "1.0.0", true, "1.0.2", "Version does not exist in CloudProfile"),
		Entry("K9 missing version: minor+1", only("1.1.2, 1.1.1"), "1.0.2", true, "1.1.2", "Version does not exist in CloudProfile"),
		Entry("K10 never to the next major", with("1.0.2 x"), "1.1.2", false, "1.1.2", ""),
	)

	It("K5 records a failure when minor+1 holds only preview versions", func() {
		applied, result, err := run(with("1.0.2 x, 1.1.2 p, 1.1.1 p, 1.1.0 p"), "1.0.2", false)
		Expect(err).To(HaveOccurred(), "the failure is the error as well")
		Expect(applied).To(Equal("1.0.2"))
		Expect(result.isSuccessful).To(BeFalse())
		Expect(result.reason).To(Equal("Kubernetes version expired - force update required"))
		Expect(result.description).To(Equal(`could not determine higher suitable version than "1.0.2": cannot perform forceful update of expired version "1.0.2". No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile`))
	})

	It("records a failure when the applied version is refused", func() {
		result, err := maintainKubernetesVersionAt(logr.Discard(), "1.0.1", true, &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{
			Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: base()},
		}}, func(string) (string, error) { return "", errors.New("refused") }, now)
		Expect(err).To(MatchError("refused"))
		Expect(result).To(Equal(&updateResult{reason: "Automatic update of Kubernetes version configured", description: "refused"}))
	})

	It("returns the error of a version that does not parse", func() {
		_, _, err := run(with(""), "one", true)
		Expect(err).To(HaveOccurred())
	})
})

// Gardener's worker pool Kubernetes version cases (its maintenance integration test). Profile:
// 0.0.1, 0.0.5, 0.1.1, 0.1.5; "x" expires a version.
var _ = Describe("the Kubernetes versions of worker pools", func() {
	// Upstream's steps classify at time.Now.
	now := time.Now().UTC()

	run := func(profile, controlPlane, pool string, autoUpdate bool) *maintenanceRun {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes:  gardencorev1beta1.Kubernetes{Version: controlPlane},
			Maintenance: &gardencorev1beta1.Maintenance{AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{KubernetesVersion: autoUpdate}},
			Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{
				{Name: "cpu-worker1", Kubernetes: &gardencorev1beta1.WorkerKubernetes{Version: ptr.To(pool)}},
				{Name: "cpu-worker2"},
			}},
		}}
		r := runMaintenance(context.Background(), shoot, &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{
			Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: expirable(now, profile)},
		}}, testStep(now, &fakeChecker{}))
		Expect(*shoot.Spec.Provider.Workers[0].Kubernetes.Version).To(Equal(pool), "the entering Shoot must not change")
		Expect(r.maintained.Spec.Provider.Workers[1].Kubernetes).To(BeNil(), "a pool without a version must stay without one")
		return r
	}
	poolVersion := func(r *maintenanceRun) string { return *r.maintained.Spec.Provider.Workers[0].Kubernetes.Version }
	description := func(r *maintenanceRun) string {
		d, _ := r.messages()
		return d
	}

	It("should not update the pool without auto-update", func() {
		r := run("0.0.1, 0.0.5, 0.1.1, 0.1.5", "0.0.1", "0.0.1", false)
		Expect(poolVersion(r)).To(Equal("0.0.1"))
		Expect(r.results()).To(BeEmpty())
	})

	It("should update the pool's patch with auto-update", func() {
		r := run("0.0.1, 0.0.5, 0.1.1, 0.1.5", "0.0.1", "0.0.1", true)
		Expect(poolVersion(r)).To(Equal("0.0.5"))
		Expect(description(r)).To(Equal(`All maintenance operations successful. Control Plane: Updated Kubernetes version from "0.0.1" to "0.0.5". Reason: Automatic update of Kubernetes version configured, Worker pool "cpu-worker1": Updated Kubernetes version from "0.0.1" to "0.0.5". Reason: Automatic update of Kubernetes version configured`))
		Expect(r.results()[1]).To(Equal(result{
			Kind: kindWorkerKubernetes, WorkerPool: "cpu-worker1", Successful: true,
			Reason: "Automatic update of Kubernetes version configured", Description: `Updated Kubernetes version from "0.0.1" to "0.0.5"`,
		}))
	})

	It("should force-update an expired pool patch", func() {
		r := run("0.0.1 x, 0.0.5, 0.1.1, 0.1.5", "0.0.1", "0.0.1", false)
		Expect(poolVersion(r)).To(Equal("0.0.5"))
		Expect(description(r)).To(ContainSubstring(`Control Plane: Updated Kubernetes version from "0.0.1" to "0.0.5". Reason: Kubernetes version expired - force update required, Worker pool "cpu-worker1": Updated Kubernetes version from "0.0.1" to "0.0.5". Reason: Kubernetes version expired - force update required`))
		Expect(r.results()[1].Reason).To(Equal("Kubernetes version expired - force update required"))
	})

	It("should force-update an expired pool to the next minor together with the control plane", func() {
		r := run("0.0.1, 0.0.5 x, 0.1.1, 0.1.5", "0.0.5", "0.0.5", false)
		Expect(r.maintained.Spec.Kubernetes.Version).To(Equal("0.1.5"))
		Expect(poolVersion(r)).To(Equal("0.1.5"))
		Expect(description(r)).To(ContainSubstring(`Control Plane: Updated Kubernetes version from "0.0.5" to "0.1.5". Reason: Kubernetes version expired - force update required, Worker pool "cpu-worker1": Updated Kubernetes version from "0.0.5" to "0.1.5". Reason: Kubernetes version expired - force update required`))
	})

	It("should cap a forced pool minor update at the control plane version, which stays", func() {
		r := run("0.0.1, 0.0.5 x, 0.1.1, 0.1.5", "0.1.1", "0.0.5", false)
		Expect(r.maintained.Spec.Kubernetes.Version).To(Equal("0.1.1"))
		Expect(poolVersion(r)).To(Equal("0.1.1"))
		Expect(r.results()).To(HaveLen(1))
		Expect(description(r)).To(Equal(`All maintenance operations successful. Worker pool "cpu-worker1": Updated Kubernetes version from "0.0.5" to "0.1.1". Reason: Kubernetes version expired - force update required`))
	})

	It("should cap at the maintained control plane version", func() {
		r := run("0.0.1, 0.0.5 x, 0.1.1, 0.1.5", "0.1.1", "0.0.5", true)
		Expect(r.maintained.Spec.Kubernetes.Version).To(Equal("0.1.5"))
		Expect(poolVersion(r)).To(Equal("0.1.5"))
	})

	It("should record a failed pool with Gardener's wording and keep its version", func() {
		r := run("0.0.1, 0.0.5 x, 0.1.1 p, 0.1.5 p, 0.2.0", "0.2.0", "0.0.5", false)
		Expect(poolVersion(r)).To(Equal("0.0.5"))
		Expect(r.results()).To(HaveLen(1))
		d, failureReason := r.messages()
		Expect(d).To(Equal(`(0/1) maintenance operations successful. Worker pool "cpu-worker1": Kubernetes version maintenance failed. Reason for update: Kubernetes version expired - force update required`))
		Expect(failureReason).To(Equal(`Worker pool "cpu-worker1": Kubernetes maintenance failure due to: could not determine higher suitable version than "0.0.5": cannot perform forceful update of expired version "0.0.5". No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile`))
	})

	It("should force-update a pool version the CloudProfile no longer lists", func() {
		r := run("0.0.1, 0.1.1, 0.1.5", "0.1.5", "0.0.5", false)
		Expect(poolVersion(r)).To(Equal("0.1.5"))
		Expect(r.results()[0].Reason).To(Equal("Version does not exist in CloudProfile"))
	})
})
