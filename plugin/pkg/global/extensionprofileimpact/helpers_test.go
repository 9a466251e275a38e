// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	admissioninitializer "github.com/gep-78/gardener/pkg/apiserver/admission/initializer"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
)

const extensionType = "shoot-falco-service"

var (
	now = time.Date(2026, time.December, 1, 12, 0, 0, 0, time.UTC)
	day = 24 * time.Hour
)

func stage(classification gardencorev1beta1.VersionClassification, start time.Time) gardencorev1beta1.LifecycleStage {
	return gardencorev1beta1.LifecycleStage{Classification: classification, StartTime: &metav1.Time{Time: start}}
}

// expiringAt is a supported version that expires at t.
func expiringAt(t time.Time) []gardencorev1beta1.LifecycleStage {
	return []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported}, stage(gardencorev1beta1.ClassificationExpired, t)}
}

// requiresKubernetes is a rule that a Shoot runs at least Kubernetes minimum.
func requiresKubernetes(minimum string) *gardencorev1beta1.ComponentCompatibility {
	return &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{{
		Rule:    "semver(shoot.spec.kubernetes.version).compareTo(semver('" + minimum + "')) >= 0",
		Message: "requires Kubernetes " + minimum + " or later",
	}}}
}

// newProfile is the falco profile of the tests: 0.41.0 (supported, no expiry), 0.41.2
// (Kubernetes >= 1.31), 0.42.1 and 0.43.0 (Kubernetes >= 1.32), all supported, and falcoctl 0.11.0.
func newProfile() *gardencorev1beta1.ExtensionProfile {
	return &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: extensionType, Generation: 1, ResourceVersion: "1"},
		Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
			{Name: "falco", Versions: []gardencorev1beta1.ExtensionComponentVersion{
				{Version: "0.43.0", Compatibility: requiresKubernetes("1.32.0")},
				{Version: "0.42.1", Compatibility: requiresKubernetes("1.32.0")},
				{Version: "0.41.2", Compatibility: requiresKubernetes("1.31.0")},
				{Version: "0.41.0"},
			}},
			{Name: "falcoctl", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "0.11.0"}}},
		}},
	}
}

// version returns the entry of a version of falco in profile.
func version(profile *gardencorev1beta1.ExtensionProfile, v string) *gardencorev1beta1.ExtensionComponentVersion {
	for i := range profile.Spec.Components[0].Versions {
		if profile.Spec.Components[0].Versions[i].Version == v {
			return &profile.Spec.Components[0].Versions[i]
		}
	}
	panic("no version " + v)
}

// newShoot is a Shoot in garden-dev on Kubernetes kubernetesVersion that pins falco at
// falcoVersion, with the given component autoUpdate (nil: the default, patch).
func newShoot(name, kubernetesVersion, falcoVersion string, autoUpdate *gardencorev1beta1.ExtensionAutoUpdate) *gardencorev1beta1.Shoot {
	return &gardencorev1beta1.Shoot{
		ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: name},
		Spec: gardencorev1beta1.ShootSpec{
			Kubernetes: gardencorev1beta1.Kubernetes{Version: kubernetesVersion},
			Extensions: []gardencorev1beta1.Extension{{Type: extensionType, Components: []gardencorev1beta1.ExtensionComponent{
				{Name: "falco", Version: ptr.To(falcoVersion), AutoUpdate: autoUpdate},
			}}},
		},
	}
}

var (
	autoUpdateOff   = &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(false)}
	autoUpdateMinor = &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor)}
)

// testInitializer gives a plugin what gardener-apiserver's plugin initializer gives it: the core
// informers, the core client and the clock.
type testInitializer struct {
	informers gardencoreinformers.SharedInformerFactory
	client    gardencoreclientset.Interface
	clock     clock.PassiveClock
}

func (i testInitializer) Initialize(plugin admission.Interface) {
	if wants, ok := plugin.(admissioninitializer.WantsCoreInformerFactory); ok {
		wants.SetCoreInformerFactory(i.informers)
	}
	if wants, ok := plugin.(admissioninitializer.WantsCoreClientSet); ok {
		wants.SetCoreClientSet(i.client)
	}
	if wants, ok := plugin.(admissioninitializer.WantsClock); ok {
		wants.SetClock(i.clock)
	}
}
