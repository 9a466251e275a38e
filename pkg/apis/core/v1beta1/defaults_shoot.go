// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	"math/rand/v2"

	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/utils/ptr"

	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	"github.com/gep-78/gardener/pkg/utils/timewindow"
)

// DefaultRandomIntN is the production source of randomness of defaulted maintenance windows.
var DefaultRandomIntN = rand.IntN

// RandomIntN is the source of randomness of the defaulted maintenance time window
// (SetDefaults_Maintenance): it returns a value in [0, n). It is DefaultRandomIntN; tests replace
// it to get a known window.
var RandomIntN = DefaultRandomIntN

var (
	// DefaultWorkerMaxSurge is the default of spec.provider.workers[].maxSurge.
	DefaultWorkerMaxSurge = intstr.FromInt32(1)
	// DefaultWorkerMaxUnavailable is the default of spec.provider.workers[].maxUnavailable.
	DefaultWorkerMaxUnavailable = intstr.FromInt32(0)
)

// SetDefaults_Shoot defaults the modelled Shoot fields as Gardener's v1beta1 defaulting does:
//   - spec.purpose: evaluation;
//   - spec.maintenance: present, with autoUpdate.kubernetesVersion true when autoUpdate is
//     missing; for a Shoot with workers also autoUpdate.machineImageVersion true (a workerless
//     Shoot has no machine images and keeps it unset); the time window is defaulted by
//     SetDefaults_Maintenance;
//   - spec.networking: present (empty);
//   - per worker pool: machine.architecture amd64 and cri.name containerd.
//
// Versions (spec.kubernetes.version, machine images) are defaulted from the CloudProfile by the
// ShootMutator admission plugin, not here.
func SetDefaults_Shoot(obj *Shoot) {
	if obj.Spec.Purpose == nil {
		obj.Spec.Purpose = ptr.To(ShootPurposeEvaluation)
	}

	if obj.Spec.Maintenance == nil {
		obj.Spec.Maintenance = &Maintenance{}
	}
	if obj.Spec.Maintenance.AutoUpdate == nil {
		obj.Spec.Maintenance.AutoUpdate = &MaintenanceAutoUpdate{KubernetesVersion: true}
	}
	if len(obj.Spec.Provider.Workers) > 0 && obj.Spec.Maintenance.AutoUpdate.MachineImageVersion == nil {
		obj.Spec.Maintenance.AutoUpdate.MachineImageVersion = ptr.To(true)
	}

	if obj.Spec.Networking == nil {
		obj.Spec.Networking = &Networking{}
	}

	for i := range obj.Spec.Provider.Workers {
		worker := &obj.Spec.Provider.Workers[i]
		if worker.Machine.Architecture == nil {
			worker.Machine.Architecture = ptr.To(v1beta1constants.ArchitectureAMD64)
		}
		if worker.CRI == nil {
			worker.CRI = &CRI{Name: v1beta1constants.CRINameContainerD}
		}
	}
}

// SetDefaults_Maintenance defaults a missing spec.maintenance.timeWindow to a random one-hour
// window in UTC (timewindow.RandomMaintenanceTimeWindow with RandomIntN), as Gardener does, so
// that Shoots without a window spread over the day instead of being maintained at any time.
func SetDefaults_Maintenance(obj *Maintenance) {
	if obj.TimeWindow == nil {
		w := timewindow.RandomMaintenanceTimeWindow(RandomIntN)
		obj.TimeWindow = &MaintenanceTimeWindow{Begin: w.Begin.Formatted(), End: w.End.Formatted()}
	}
}

// SetDefaults_Worker defaults maxSurge to 1 and maxUnavailable to 0 (Gardener's rolling-update
// defaults).
func SetDefaults_Worker(obj *Worker) {
	if obj.MaxSurge == nil {
		obj.MaxSurge = ptr.To(DefaultWorkerMaxSurge)
	}
	if obj.MaxUnavailable == nil {
		obj.MaxUnavailable = ptr.To(DefaultWorkerMaxUnavailable)
	}
}
