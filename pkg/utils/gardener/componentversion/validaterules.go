// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

// compatibilityCheck evaluates the rules of the pinned versions of one request against the new
// Shoot, the old one and the old one with only the forced changes, each prepared on first use and
// with one cost budget; the old Shoot is read only when a rule fails on the new one.
type compatibilityCheck struct {
	cache *celutils.Cache
	// external is the new Shoot in v1beta1.
	external *gardencorev1beta1.Shoot
	// oldShoot converts the old Shoot (nil on create); old is its result, nil for no baseline.
	oldShoot func() (*gardencorev1beta1.Shoot, error)
	old      *gardencorev1beta1.Shoot
	// maintenance is set for a maintenance write; cloudProfile returns the Shoot's CloudProfile.
	maintenance  bool
	cloudProfile func(*gardencorev1beta1.Shoot) *gardencorev1beta1.CloudProfile
	now          time.Time
	// forced are the host version changes maintenance forces (forcedHostChanges).
	forced []forcedChange

	oldPrepared, forcedPrepared     bool
	newRules, oldRules, forcedRules *shootRules
}

// newCompatibilityCheck prepares the check of one request; it converts and reads nothing yet.
func newCompatibilityCheck(req AdmissionRequest) *compatibilityCheck {
	return &compatibilityCheck{
		cache:        req.Rules,
		external:     req.Shoot,
		oldShoot:     req.OldShoot,
		maintenance:  req.Update && req.Maintenance,
		cloudProfile: req.CloudProfile,
		now:          req.Now,
		newRules:     newShootRules(req.Shoot),
	}
}

// prepareOld converts the old Shoot on first use; oldRules stays nil without baseline.
func (c *compatibilityCheck) prepareOld() {
	if c.oldPrepared {
		return
	}
	c.oldPrepared = true
	if c.oldShoot == nil {
		return
	}
	old, err := c.oldShoot()
	if err != nil {
		return
	}
	c.old, c.oldRules = old, newShootRules(old)
}

// prepareForced computes the forced host changes of a maintenance write on first use.
func (c *compatibilityCheck) prepareForced() {
	if c.forcedPrepared {
		return
	}
	c.forcedPrepared = true
	c.prepareOld()
	if !c.maintenance || c.old == nil {
		return
	}
	c.forced = forcedHostChanges(c.old, c.external, c.cloudProfile(c.external), c.now)
	if len(c.forced) > 0 {
		c.forcedRules = newShootRules(withForcedOnly(c.old, c.external, c.forced))
	}
}

// forcedChange is one host version change that shoot maintenance forces.
type forcedChange struct {
	// pool is the worker pool of a change, "" for the control plane; kubernetes marks a pool's
	// Kubernetes version, else its machine image.
	pool       string
	kubernetes bool
	from, to   string
	// reason is Gardener's reason of the forced update.
	reason string
}

func (f forcedChange) String() string {
	if f.pool == "" {
		return fmt.Sprintf("Kubernetes version %s to %s (%s)", f.from, f.to, f.reason)
	}
	if f.kubernetes {
		return fmt.Sprintf("Kubernetes version of worker pool %s %s to %s (%s)", f.pool, f.from, f.to, f.reason)
	}
	return fmt.Sprintf("machine image of worker pool %s %s to %s (%s)", f.pool, f.from, f.to, f.reason)
}

// forcedHostChanges returns the Kubernetes and machine image version changes from old to shoot
// that maintenance forces at now; none without cloudProfile.
func forcedHostChanges(old, shoot *gardencorev1beta1.Shoot, cloudProfile *gardencorev1beta1.CloudProfile, now time.Time) []forcedChange {
	if cloudProfile == nil {
		return nil
	}
	var forced []forcedChange
	if from, to := old.Spec.Kubernetes.Version, shoot.Spec.Kubernetes.Version; from != to {
		if decision, _ := v1beta1helper.KubernetesVersionUpdate(cloudProfile.Spec.Kubernetes.Versions, from, false, now); decision.Forced {
			forced = append(forced, forcedChange{from: from, to: to, reason: decision.Reason})
		}
	}
	for _, worker := range shoot.Spec.Provider.Workers {
		i := slices.IndexFunc(old.Spec.Provider.Workers, func(w gardencorev1beta1.Worker) bool { return w.Name == worker.Name })
		if i < 0 {
			continue
		}
		oldWorker := old.Spec.Provider.Workers[i]
		if from, to := poolKubernetesVersion(oldWorker), poolKubernetesVersion(worker); from != "" && to != "" && from != to {
			if decision, _ := v1beta1helper.KubernetesVersionUpdate(cloudProfile.Spec.Kubernetes.Versions, from, false, now); decision.Forced {
				forced = append(forced, forcedChange{pool: worker.Name, kubernetes: true, from: from, to: to, reason: decision.Reason})
			}
		}
		oldImage, newImage := oldWorker.Machine.Image, worker.Machine.Image
		if oldImage == nil || newImage == nil || oldImage.Name != newImage.Name || oldImage.Version == nil || newImage.Version == nil || *oldImage.Version == *newImage.Version {
			continue
		}
		j := slices.IndexFunc(cloudProfile.Spec.MachineImages, func(m gardencorev1beta1.MachineImage) bool { return m.Name == oldImage.Name })
		if j < 0 {
			continue
		}
		image := cloudProfile.Spec.MachineImages[j]
		var kubelet *semver.Version
		if controlPlane, err := semver.NewVersion(old.Spec.Kubernetes.Version); err == nil {
			kubelet, _ = v1beta1helper.CalculateEffectiveKubernetesVersion(controlPlane, oldWorker.Kubernetes)
		}
		machineType := v1beta1helper.FindMachineTypeByName(cloudProfile.Spec.MachineTypes, oldWorker.Machine.Type)
		candidates := v1beta1helper.MachineImageVersionsForWorkerAndType(&image, oldWorker, kubelet, machineType, cloudProfile.Spec.MachineCapabilities)
		decision, _ := v1beta1helper.MachineImageVersionUpdate(*candidates, *oldImage.Version, false, now)
		if decision.Forced {
			forced = append(forced, forcedChange{pool: worker.Name, from: *oldImage.Version, to: *newImage.Version, reason: decision.Reason})
		}
	}
	return forced
}

func poolKubernetesVersion(worker gardencorev1beta1.Worker) string {
	if worker.Kubernetes == nil || worker.Kubernetes.Version == nil {
		return ""
	}
	return *worker.Kubernetes.Version
}

// withForcedOnly returns old with the forced changes of shoot applied, and nothing else.
func withForcedOnly(old, shoot *gardencorev1beta1.Shoot, forced []forcedChange) *gardencorev1beta1.Shoot {
	out := old.DeepCopy()
	for _, f := range forced {
		if f.pool == "" {
			out.Spec.Kubernetes.Version = shoot.Spec.Kubernetes.Version
			continue
		}
		for i := range out.Spec.Provider.Workers {
			w := &out.Spec.Provider.Workers[i]
			switch {
			case w.Name != f.pool:
			case f.kubernetes && w.Kubernetes != nil:
				w.Kubernetes.Version = ptr.To(f.to)
			case !f.kubernetes && w.Machine.Image != nil:
				w.Machine.Image.Version = ptr.To(f.to)
			}
		}
	}
	return out
}

// check returns an error per rule of a pinned version that the new Shoot fails and, with baseline
// (the old Shoot ran the version), that passed on the old one; a failure that the forced host
// changes of a maintenance write alone cause is a warning instead. A rule that reads `worker` is
// checked per pool that runs the Shoot-level version, and its error names the pool.
func (c *compatibilityCheck) check(ctx context.Context, fldPath func() *field.Path, profile *gardencorev1beta1.ExtensionProfile, extensionType, component, version string, baseline bool) (field.ErrorList, []string) {
	return c.checkScope(ctx, fldPath, profile, &ruleScope{extensionType: extensionType, component: component}, version, baseline)
}

// checkPool is check for a pin of the pool (a runtime's or an override's), with `worker` bound to
// it; baseline means the old Shoot's pool ran the version.
func (c *compatibilityCheck) checkPool(ctx context.Context, fldPath func() *field.Path, profile *gardencorev1beta1.ExtensionProfile, extensionType, component, version, pool string, baseline bool) (field.ErrorList, []string) {
	return c.checkScope(ctx, fldPath, profile, &ruleScope{extensionType: extensionType, component: component, pool: pool}, version, baseline)
}

func (c *compatibilityCheck) checkScope(ctx context.Context, fldPath func() *field.Path, profile *gardencorev1beta1.ExtensionProfile, scope *ruleScope, version string, baseline bool) (field.ErrorList, []string) {
	rules := c.cache.Get(profile).Rules(scope.component, version)
	current, _ := c.newRules.check(ctx, rules, scope)
	if len(current) == 0 {
		return nil, nil
	}

	var previous []RuleFailure
	if baseline {
		c.prepareOld()
	}
	if baseline && c.oldRules != nil {
		previous, baseline = c.oldRules.check(ctx, rules, scope)
	} else {
		baseline = false
	}

	var (
		allErrs  field.ErrorList
		warnings []string
	)
	for _, failure := range IntroducedRuleFailures(current, previous, baseline) {
		detail := failure.Detail()
		if baseline && c.brokenByForced(ctx, rules[failure.Index], scope, failure.Pool) {
			changes := make([]string, 0, len(c.forced))
			for _, f := range c.forced {
				changes = append(changes, f.String())
			}
			warnings = append(warnings, fmt.Sprintf("component %s of extension %s keeps version %s, which the update forced by shoot maintenance (%s) makes incompatible: %s",
				scope.component, scope.extensionType, version, strings.Join(changes, ", "), detail))
			continue
		}
		allErrs = append(allErrs, field.Invalid(fldPath(), version, detail))
	}
	return allErrs, warnings
}

// brokenByForced reports whether rule fails (for pool, if it reads `worker`) on the old Shoot with
// only the forced host changes applied; false without them.
func (c *compatibilityCheck) brokenByForced(ctx context.Context, rule celutils.CompiledRule, scope *ruleScope, pool string) bool {
	c.prepareForced()
	if c.forcedRules == nil {
		return false
	}
	failures, ok := c.forcedRules.check(ctx, celutils.RuleSet{rule}, scope)
	return ok && slices.ContainsFunc(failures, func(f RuleFailure) bool { return f.Pool == pool })
}
