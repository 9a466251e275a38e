// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover

import (
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
	"github.com/gep-78/gardener/test/examples"
)

// CloudProfile is the example CloudProfile "local" renamed, with only versions without
// lifecycle, so that the upgrades do not depend on the day: Kubernetes 1.35.4 -> 1.35.6 (patch)
// and gardenlinux 1877.5.0 -> 1877.8.0 (image update strategy minor).
func CloudProfile(name string) *gardencorev1beta1.CloudProfile {
	profile := &gardencorev1beta1.CloudProfile{}
	examples.MustDecode("cloudprofile-local.yaml", profile)
	profile.ObjectMeta = metav1.ObjectMeta{Name: name}
	profile.Spec.Kubernetes.Versions = []gardencorev1beta1.ExpirableVersion{{Version: "1.35.6"}, {Version: "1.35.4"}}
	for i := range profile.Spec.MachineImages {
		image := &profile.Spec.MachineImages[i]
		if image.Name != "gardenlinux" {
			continue
		}
		var versions []gardencorev1beta1.MachineImageVersion
		for _, v := range image.Versions {
			if v.Version == "1877.8.0" || v.Version == "1877.5.0" {
				v.ExpirationDate, v.Classification, v.Lifecycle = nil, nil, nil
				versions = append(versions, v)
			}
		}
		image.Versions = versions
		image.UpdateStrategy = ptr.To(gardencorev1beta1.UpdateStrategyMinor)
	}
	return profile
}

// ExtensionProfile offers component agent 1.0.0 and 1.1.0, without lifecycle or rules.
func ExtensionProfile(name string) *gardencorev1beta1.ExtensionProfile {
	return &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: gardencorev1beta1.ExtensionProfileSpec{
			UpdateStrategy: &gardencorev1beta1.ExtensionUpdateStrategy{
				Default:   ptr.To(gardencorev1beta1.UpdateStrategyPatch),
				Supported: []gardencorev1beta1.MachineImageUpdateStrategy{gardencorev1beta1.UpdateStrategyPatch, gardencorev1beta1.UpdateStrategyMinor},
			},
			Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name:     "agent",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.1.0"}, {Version: "1.0.0"}},
			}},
		},
	}
}

// Shoot is the example Shoot of the maintenance order on the given profiles, pinning agent at
// version (auto-update, strategy minor), with a maintenance window twelve hours from now, so that
// only the operation "maintain" maintains it.
func Shoot(namespace, name, cloudProfileName, extensionType, version string) *gardencorev1beta1.Shoot {
	shoot := &gardencorev1beta1.Shoot{}
	examples.MustDecode("shoot-accepted-maintenance-ordering.yaml", shoot)
	shoot.ObjectMeta = metav1.ObjectMeta{Namespace: namespace, Name: name}
	shoot.Spec.CloudProfile = &gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: cloudProfileName}
	begin := time.Now().UTC().Add(12 * time.Hour)
	shoot.Spec.Maintenance.TimeWindow = &gardencorev1beta1.MaintenanceTimeWindow{
		Begin: fmt.Sprintf("%02d0000+0000", begin.Hour()),
		End:   fmt.Sprintf("%02d0000+0000", begin.Add(time.Hour).Hour()),
	}
	shoot.Spec.Extensions = []gardencorev1beta1.Extension{{
		Type:       extensionType,
		AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor)},
		Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To(version)}},
	}}
	return shoot
}

// ShootToMaintain is Shoot with the operation "maintain", so that it is maintained once, now.
func ShootToMaintain(namespace, name, cloudProfileName, extensionType, version string) *gardencorev1beta1.Shoot {
	shoot := Shoot(namespace, name, cloudProfileName, extensionType, version)
	shoot.Annotations = map[string]string{gardenerutils.AnnotationShootOperation: gardenerutils.ShootOperationMaintain}
	return shoot
}

// Maintained reports whether a Shoot has finished its maintenance: no operation "maintain", a
// last maintenance that succeeded.
func Maintained(shoot *gardencorev1beta1.Shoot) bool {
	return !gardenerutils.HasMaintainNowAnnotation(shoot) &&
		shoot.Status.LastMaintenance != nil && shoot.Status.LastMaintenance.State == gardencorev1beta1.LastOperationStateSucceeded
}
