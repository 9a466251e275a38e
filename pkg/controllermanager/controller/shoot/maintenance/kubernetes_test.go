// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
)

// K1–K10: the cases of Gardener's maintainKubernetesVersion. Base profile: 1.1.2, 1.1.1,
// 1.1.0, 1.0.2, 1.0.1, 1.0.0 (expires in 10 minutes), 2.0.0.
var _ = Describe("MaintainKubernetesVersion", func() {
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

	run := func(change func([]gardencorev1beta1.ExpirableVersion) []gardencorev1beta1.ExpirableVersion, current string, autoUpdate bool) *Operation {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes:  gardencorev1beta1.Kubernetes{Version: current},
			Maintenance: &gardencorev1beta1.Maintenance{AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{KubernetesVersion: autoUpdate}},
		}}
		op := NewOperation(shoot, now)
		op.CloudProfile = &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{
			Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: change(base())},
		}}
		MaintainKubernetesVersion(logr.Discard(), op)
		Expect(op.Original.Spec.Kubernetes.Version).To(Equal(current), "the entering Shoot must not change")
		return op
	}

	DescribeTable("vectors",
		func(change func([]gardencorev1beta1.ExpirableVersion) []gardencorev1beta1.ExpirableVersion, current string, autoUpdate bool, expected, reason string) {
			op := run(change, current, autoUpdate)
			Expect(op.Shoot.Spec.Kubernetes.Version).To(Equal(expected))
			if expected == current {
				Expect(op.Results()).To(BeEmpty())
				return
			}
			Expect(op.Results()).To(ConsistOf(Result{
				Kind: ResultKindKubernetes, From: current, To: expected, Reason: reason, Forced: reason != "Automatic update of Kubernetes version configured",
				Successful: true, Description: `Updated Kubernetes version from "` + current + `" to "` + expected + `"`,
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
		op := run(with("1.0.2 x, 1.1.2 p, 1.1.1 p, 1.1.0 p"), "1.0.2", false)
		Expect(op.Shoot.Spec.Kubernetes.Version).To(Equal("1.0.2"))
		Expect(op.Results()).To(HaveLen(1))
		Expect(op.Results()[0].Successful).To(BeFalse())
		Expect(op.Results()[0].Forced).To(BeTrue())
		Expect(op.Results()[0].Description).To(Equal(`could not determine higher suitable version than "1.0.2": cannot perform forceful update of expired version "1.0.2". No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile`))
	})

	It("records a failure without a CloudProfile", func() {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.0.0"}}}
		op := NewOperation(shoot, now)
		op.CloudProfileErr = errNotFound("local")
		MaintainKubernetesVersion(logr.Discard(), op)
		Expect(op.Results()).To(HaveLen(1))
		Expect(op.Results()[0].Successful).To(BeFalse())
		Expect(op.Results()[0].Description).To(Equal(`could not determine higher suitable version than "1.0.0": CloudProfile "local" not found`))
	})
})

type errNotFound string

func (e errNotFound) Error() string { return `CloudProfile "` + string(e) + `" not found` }

// Gardener's worker pool Kubernetes version cases (its maintenance integration test). Profile:
// 0.0.1, 0.0.5, 0.1.1, 0.1.5; "x" expires a version.
var _ = Describe("MaintainKubernetesVersion of worker pools", func() {
	now := time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)

	run := func(profile, controlPlane, pool string, autoUpdate bool) *Operation {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes:  gardencorev1beta1.Kubernetes{Version: controlPlane},
			Maintenance: &gardencorev1beta1.Maintenance{AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{KubernetesVersion: autoUpdate}},
			Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{
				{Name: "cpu-worker1", Kubernetes: &gardencorev1beta1.WorkerKubernetes{Version: ptr.To(pool)}},
				{Name: "cpu-worker2"},
			}},
		}}
		op := NewOperation(shoot, now)
		op.CloudProfile = &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{
			Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: expirable(now, profile)},
		}}
		MaintainKubernetesVersion(logr.Discard(), op)
		Expect(*op.Original.Spec.Provider.Workers[0].Kubernetes.Version).To(Equal(pool), "the entering Shoot must not change")
		Expect(op.Shoot.Spec.Provider.Workers[1].Kubernetes).To(BeNil(), "a pool without a version must stay without one")
		return op
	}
	poolVersion := func(op *Operation) string { return *op.Shoot.Spec.Provider.Workers[0].Kubernetes.Version }
	description := func(op *Operation) string {
		d, _ := Messages(op.Results())
		return d
	}

	It("should not update the pool without auto-update", func() {
		op := run("0.0.1, 0.0.5, 0.1.1, 0.1.5", "0.0.1", "0.0.1", false)
		Expect(poolVersion(op)).To(Equal("0.0.1"))
		Expect(op.Results()).To(BeEmpty())
	})

	It("should update the pool's patch with auto-update", func() {
		op := run("0.0.1, 0.0.5, 0.1.1, 0.1.5", "0.0.1", "0.0.1", true)
		Expect(poolVersion(op)).To(Equal("0.0.5"))
		Expect(description(op)).To(Equal(`All maintenance operations successful. Control Plane: Updated Kubernetes version from "0.0.1" to "0.0.5". Reason: Automatic update of Kubernetes version configured, Worker pool "cpu-worker1": Updated Kubernetes version from "0.0.1" to "0.0.5". Reason: Automatic update of Kubernetes version configured`))
		Expect(op.Results()[1]).To(Equal(Result{
			Kind: ResultKindWorkerKubernetes, WorkerPool: "cpu-worker1", From: "0.0.1", To: "0.0.5", Successful: true,
			Reason: "Automatic update of Kubernetes version configured", Description: `Updated Kubernetes version from "0.0.1" to "0.0.5"`,
		}))
	})

	It("should force-update an expired pool patch", func() {
		op := run("0.0.1 x, 0.0.5, 0.1.1, 0.1.5", "0.0.1", "0.0.1", false)
		Expect(poolVersion(op)).To(Equal("0.0.5"))
		Expect(description(op)).To(ContainSubstring(`Control Plane: Updated Kubernetes version from "0.0.1" to "0.0.5". Reason: Kubernetes version expired - force update required, Worker pool "cpu-worker1": Updated Kubernetes version from "0.0.1" to "0.0.5". Reason: Kubernetes version expired - force update required`))
		Expect(op.Results()[1].Forced).To(BeTrue())
	})

	It("should force-update an expired pool to the next minor together with the control plane", func() {
		op := run("0.0.1, 0.0.5 x, 0.1.1, 0.1.5", "0.0.5", "0.0.5", false)
		Expect(op.Shoot.Spec.Kubernetes.Version).To(Equal("0.1.5"))
		Expect(poolVersion(op)).To(Equal("0.1.5"))
		Expect(description(op)).To(ContainSubstring(`Control Plane: Updated Kubernetes version from "0.0.5" to "0.1.5". Reason: Kubernetes version expired - force update required, Worker pool "cpu-worker1": Updated Kubernetes version from "0.0.5" to "0.1.5". Reason: Kubernetes version expired - force update required`))
	})

	It("should cap a forced pool minor update at the control plane version, which stays", func() {
		op := run("0.0.1, 0.0.5 x, 0.1.1, 0.1.5", "0.1.1", "0.0.5", false)
		Expect(op.Shoot.Spec.Kubernetes.Version).To(Equal("0.1.1"))
		Expect(poolVersion(op)).To(Equal("0.1.1"))
		Expect(op.Results()).To(HaveLen(1))
		Expect(description(op)).To(Equal(`All maintenance operations successful. Worker pool "cpu-worker1": Updated Kubernetes version from "0.0.5" to "0.1.1". Reason: Kubernetes version expired - force update required`))
	})

	It("should cap at the maintained control plane version", func() {
		op := run("0.0.1, 0.0.5 x, 0.1.1, 0.1.5", "0.1.1", "0.0.5", true)
		Expect(op.Shoot.Spec.Kubernetes.Version).To(Equal("0.1.5"))
		Expect(poolVersion(op)).To(Equal("0.1.5"))
	})

	It("should record a failed pool with Gardener's wording and keep its version", func() {
		op := run("0.0.1, 0.0.5 x, 0.1.1 p, 0.1.5 p, 0.2.0", "0.2.0", "0.0.5", false)
		Expect(poolVersion(op)).To(Equal("0.0.5"))
		Expect(op.Results()).To(HaveLen(1))
		d, failureReason := Messages(op.Results())
		Expect(d).To(Equal(`(0/1) maintenance operations successful. Worker pool "cpu-worker1": Kubernetes version maintenance failed. Reason for update: Kubernetes version expired - force update required`))
		Expect(failureReason).To(Equal(`Worker pool "cpu-worker1": Kubernetes maintenance failure due to: could not determine higher suitable version than "0.0.5": cannot perform forceful update of expired version "0.0.5". No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile`))
	})

	It("should force-update a pool version the CloudProfile no longer lists", func() {
		op := run("0.0.1, 0.1.1, 0.1.5", "0.1.5", "0.0.5", false)
		Expect(poolVersion(op)).To(Equal("0.1.5"))
		Expect(op.Results()[0].Reason).To(Equal("Version does not exist in CloudProfile"))
	})

	It("should leave the pools alone without a CloudProfile", func() {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes: gardencorev1beta1.Kubernetes{Version: "0.0.1"},
			Provider:   gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{{Name: "a", Kubernetes: &gardencorev1beta1.WorkerKubernetes{Version: ptr.To("0.0.1")}}}},
		}}
		op := NewOperation(shoot, now)
		op.CloudProfileErr = errNotFound("local")
		MaintainKubernetesVersion(logr.Discard(), op)
		Expect(op.Results()).To(HaveLen(1))
		Expect(op.Results()[0].Kind).To(Equal(ResultKindKubernetes))
	})
})
