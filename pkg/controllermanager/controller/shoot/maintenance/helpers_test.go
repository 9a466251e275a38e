// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// expirable builds CloudProfile versions from "1.2.3 tag, ..." relative to now: p preview,
// d deprecated (legacy classification), x expired (expirationDate in the past), dx deprecated and
// expired, u unavailable (lifecycle starting in the future), arm64 (architecture arm64 instead of
// amd64); no tag: nothing set.
func expirable(now time.Time, spec string) []gardencorev1beta1.ExpirableVersion {
	var out []gardencorev1beta1.ExpirableVersion
	for _, v := range imageVersions(now, spec) {
		out = append(out, v.ExpirableVersion)
	}
	return out
}

func imageVersions(now time.Time, spec string) []gardencorev1beta1.MachineImageVersion {
	var out []gardencorev1beta1.MachineImageVersion
	if strings.TrimSpace(spec) == "" {
		return nil
	}
	for _, item := range strings.Split(spec, ",") {
		fields := strings.Fields(item)
		v := gardencorev1beta1.MachineImageVersion{
			ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: fields[0]},
			Architectures:    []string{"amd64"},
			CRI:              []gardencorev1beta1.CRI{{Name: "containerd"}},
		}
		past := &metav1.Time{Time: now.Add(-time.Hour)}
		for _, tag := range fields[1:] {
			switch tag {
			case "p":
				v.Classification = ptr.To(gardencorev1beta1.ClassificationPreview)
			case "d":
				v.Classification = ptr.To(gardencorev1beta1.ClassificationDeprecated)
			case "x":
				v.ExpirationDate = past
			case "dx":
				v.Classification = ptr.To(gardencorev1beta1.ClassificationDeprecated)
				v.ExpirationDate = past
			case "u":
				v.Lifecycle = []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported, StartTime: &metav1.Time{Time: now.Add(time.Hour)}}}
			case "arm64":
				v.Architectures = []string{"arm64"}
			default:
				panic("unknown tag " + tag)
			}
		}
		out = append(out, v)
	}
	return out
}

// lifecycle builds a component version lifecycle: "p" preview, "s" supported, "d" deprecated,
// "x" expired (each started a day before now), "u" unavailable (preview a day after now).
func lifecycle(now time.Time, tag string) []gardencorev1beta1.LifecycleStage {
	past := &metav1.Time{Time: now.Add(-24 * time.Hour)}
	switch tag {
	case "p":
		return []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationPreview}}
	case "s":
		return nil
	case "d":
		return []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported}, {Classification: gardencorev1beta1.ClassificationDeprecated, StartTime: past}}
	case "x":
		return []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported}, {Classification: gardencorev1beta1.ClassificationExpired, StartTime: past}}
	case "u":
		return []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationPreview, StartTime: &metav1.Time{Time: now.Add(24 * time.Hour)}}}
	}
	panic("unknown tag " + tag)
}

// componentVersions builds component versions from "1.2.3 tag, ..." (tags as in lifecycle).
func componentVersions(now time.Time, spec string) []gardencorev1beta1.ExtensionComponentVersion {
	var out []gardencorev1beta1.ExtensionComponentVersion
	for _, item := range strings.Split(spec, ",") {
		fields := strings.Fields(item)
		tag := "s"
		if len(fields) > 1 {
			tag = fields[1]
		}
		out = append(out, gardencorev1beta1.ExtensionComponentVersion{Version: fields[0], Lifecycle: lifecycle(now, tag)})
	}
	return out
}

// fakeChecker evaluates compatibility rules written in Go: rules[component/version] returns the
// failures against a Shoot. Versions without an entry are compatible. calls counts the checks.
type fakeChecker struct {
	rules map[string]func(*gardencorev1beta1.Shoot) []componentversion.RuleFailure
	err   error
	calls int
}

func (f *fakeChecker) ForShoot(shoot *gardencorev1beta1.Shoot) componentversion.ShootCompatibility {
	return checkFunc(func(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) ([]componentversion.RuleFailure, bool) {
		return f.check(ctx, profile, component, version, shoot)
	})
}

func (f *fakeChecker) check(_ context.Context, _ *gardencorev1beta1.ExtensionProfile, component, version string, shoot *gardencorev1beta1.Shoot) ([]componentversion.RuleFailure, bool) {
	f.calls++
	if f.err != nil {
		return []componentversion.RuleFailure{{Rule: "any", Status: celutils.StatusEvaluationError, Message: f.err.Error()}}, false
	}
	if rule, ok := f.rules[component+"/"+version]; ok {
		return rule(shoot), true
	}
	return nil, true
}

// kubernetesBelow is a fake rule: the Shoot's Kubernetes version must sort below limit
// (compared as strings of equal shape in these tests).
func kubernetesBelow(limit, message string) func(*gardencorev1beta1.Shoot) []componentversion.RuleFailure {
	return func(shoot *gardencorev1beta1.Shoot) []componentversion.RuleFailure {
		if shoot.Spec.Kubernetes.Version < limit {
			return nil
		}
		return []componentversion.RuleFailure{{Index: 0, Rule: "kubernetes < " + limit, Status: celutils.StatusFailed, Message: message}}
	}
}

// imageAtLeast is a fake rule: every pool's image version must be at least min (strings of
// equal shape).
func imageAtLeast(minimum, message string) func(*gardencorev1beta1.Shoot) []componentversion.RuleFailure {
	return func(shoot *gardencorev1beta1.Shoot) []componentversion.RuleFailure {
		for _, w := range shoot.Spec.Provider.Workers {
			if w.Machine.Image != nil && w.Machine.Image.Version != nil && *w.Machine.Image.Version < minimum {
				return []componentversion.RuleFailure{{Index: 1, Rule: "image >= " + minimum, Status: celutils.StatusFailed, Message: message}}
			}
		}
		return nil
	}
}

// poolsBelow is a fake rule: every pool's Kubernetes version (strings of equal shape) must sort
// below limit.
func poolsBelow(limit, message string) func(*gardencorev1beta1.Shoot) []componentversion.RuleFailure {
	return func(shoot *gardencorev1beta1.Shoot) []componentversion.RuleFailure {
		for _, w := range shoot.Spec.Provider.Workers {
			if w.Kubernetes != nil && w.Kubernetes.Version != nil && *w.Kubernetes.Version >= limit {
				return []componentversion.RuleFailure{{Index: 2, Rule: "pools < " + limit, Status: celutils.StatusFailed, Message: message}}
			}
		}
		return nil
	}
}

// checkFunc is a componentversion.ShootCompatibility written as a function.
type checkFunc func(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) ([]componentversion.RuleFailure, bool)

func (f checkFunc) Check(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) ([]componentversion.RuleFailure, bool) {
	return f(ctx, profile, component, version)
}

// CheckWorker checks as Check: the fake rules read the pools from the Shoot.
func (f checkFunc) CheckWorker(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version, _ string) ([]componentversion.RuleFailure, bool) {
	return f(ctx, profile, component, version)
}
