// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

const (
	// ControllerManagerServiceAccountUser is the user name of gardener-controller-manager when it
	// runs in the garden cluster with its service account in the namespace garden. Deployed into
	// another namespace, or run with another identity (the local garden's client certificate), it
	// must be configured as a maintenance user (Configuration); the gardener-apiserver chart and
	// local-garden do that.
	ControllerManagerServiceAccountUser = "system:serviceaccount:garden:gardener-controller-manager"

	// MaintenanceFieldManager is the field manager of the Shoot writes of shoot maintenance
	// (pkg/controllermanager/controller/shoot/maintenance.FieldManager). The maintenance exception
	// applies only to updates with this field manager; being client-supplied, it narrows the
	// exception and grants nothing by itself.
	MaintenanceFieldManager = "gardener-controller-manager-shoot-maintenance"
)

// DefaultMaintenanceUsers returns the user names New puts into MaintenanceUsers when the plugin's
// Configuration sets none: only ControllerManagerServiceAccountUser, a service account identity
// that only the token of that ServiceAccount authenticates as. A bare user name is never a
// default: any client certificate, token or OIDC identity may carry it.
func DefaultMaintenanceUsers() sets.Set[string] {
	return sets.New(ControllerManagerServiceAccountUser)
}

// compatibilityCheck evaluates the compatibility.validations[] rules of the pinned component
// versions for one admission request. It builds at most one Evaluator per Shoot (new and old), on
// first use, so that a request without rules to evaluate never converts a Shoot, and all
// components of a Shoot share one cost budget (celutils.DefaultCostBudget).
type compatibilityCheck struct {
	cache *celutils.Cache
	// external is the new Shoot in v1beta1; oldShoot the internal old Shoot (nil on create).
	external *gardencorev1beta1.Shoot
	oldShoot *core.Shoot
	// forced are the host version changes of a maintenance write that maintenance forces
	// (forcedHostChanges); empty for every other request.
	forced []forcedChange

	newEvaluator, oldEvaluator, forcedEvaluator *celutils.Evaluator
	newErr, oldErr, forcedErr                   error
	newBuilt, oldBuilt, forcedBuilt             bool
	oldExternal                                 *gardencorev1beta1.Shoot
}

// newCompatibilityCheck prepares the check of one request. A maintenance write is an update by one
// of maintenanceUsers (the authenticated user name) with the field manager MaintenanceFieldManager;
// only for it are the forced host changes computed, against cloudProfile (nil: none is forced) at
// now.
func newCompatibilityCheck(cache *celutils.Cache, external *gardencorev1beta1.Shoot, oldShoot *core.Shoot, userInfo user.Info, fieldManager string,
	maintenanceUsers sets.Set[string], cloudProfile *gardencorev1beta1.CloudProfile, now time.Time) *compatibilityCheck {
	c := &compatibilityCheck{cache: cache, external: external, oldShoot: oldShoot}
	if oldShoot != nil && userInfo != nil && maintenanceUsers.Has(userInfo.GetName()) && fieldManager == MaintenanceFieldManager {
		if old := c.old(); old != nil {
			c.forced = forcedHostChanges(old, external, cloudProfile, now)
		}
	}
	return c
}

// forcedChange is one host version change that shoot maintenance forces.
type forcedChange struct {
	// pool is the worker pool of a machine image change; "" for the Kubernetes version.
	pool     string
	from, to string
	// reason is Gardener's reason of the forced update, e.g. "Kubernetes version expired - force
	// update required".
	reason string
}

func (f forcedChange) String() string {
	if f.pool == "" {
		return fmt.Sprintf("Kubernetes version %s to %s (%s)", f.from, f.to, f.reason)
	}
	return fmt.Sprintf("machine image of worker pool %s %s to %s (%s)", f.pool, f.from, f.to, f.reason)
}

// forcedHostChanges returns the host version changes from old to shoot that maintenance forces,
// decided as maintenance decides them (gardenerutils.KubernetesVersionUpdate,
// gardenerutils.MachineImageVersionUpdate): the Kubernetes version when the old one is expired at
// now or not listed by cloudProfile, and the machine image version of each worker pool (same
// name, same image) whose old version is expired or not listed for that image. Without
// cloudProfile nothing is forced.
func forcedHostChanges(old, shoot *gardencorev1beta1.Shoot, cloudProfile *gardencorev1beta1.CloudProfile, now time.Time) []forcedChange {
	if cloudProfile == nil {
		return nil
	}
	var forced []forcedChange
	if from, to := old.Spec.Kubernetes.Version, shoot.Spec.Kubernetes.Version; from != to {
		if decision, _ := gardenerutils.KubernetesVersionUpdate(cloudProfile.Spec.Kubernetes.Versions, from, false, now); decision.Forced {
			forced = append(forced, forcedChange{from: from, to: to, reason: decision.Reason})
		}
	}
	for _, worker := range shoot.Spec.Provider.Workers {
		i := slices.IndexFunc(old.Spec.Provider.Workers, func(w gardencorev1beta1.Worker) bool { return w.Name == worker.Name })
		if i < 0 {
			continue
		}
		oldWorker := old.Spec.Provider.Workers[i]
		oldImage, newImage := oldWorker.Machine.Image, worker.Machine.Image
		if oldImage == nil || newImage == nil || oldImage.Name != newImage.Name || oldImage.Version == nil || newImage.Version == nil || *oldImage.Version == *newImage.Version {
			continue
		}
		j := slices.IndexFunc(cloudProfile.Spec.MachineImages, func(m gardencorev1beta1.MachineImage) bool { return m.Name == oldImage.Name })
		if j < 0 {
			continue
		}
		image := cloudProfile.Spec.MachineImages[j]
		decision, _ := gardenerutils.MachineImageVersionUpdate(image, gardenerutils.FilterMachineImageVersions(image, oldWorker), *oldImage.Version, false, now)
		if decision.Forced {
			forced = append(forced, forcedChange{pool: worker.Name, from: *oldImage.Version, to: *newImage.Version, reason: decision.Reason})
		}
	}
	return forced
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
			if w := &out.Spec.Provider.Workers[i]; w.Name == f.pool && w.Machine.Image != nil {
				w.Machine.Image.Version = ptr.To(f.to)
			}
		}
	}
	return out
}

// check evaluates the rules of one pinned component version against the new Shoot and returns
// an error per rule to reject and a warning per rule the request may violate:
//   - without a baseline (create, a changed pin, or a pin the old Shoot did not run), every rule
//     that failed or could not be evaluated is an error;
//   - with a baseline (the old Shoot ran the same version), the rules that fail now are also
//     evaluated against the old Shoot, and only a rule that passed there is reported: as an
//     error, or as a warning when the request is a maintenance write with forced host changes
//     and the rule fails also on the old Shoot with only those forced changes applied (the
//     forced upgrade alone breaks it; a voluntary change in the same request does not count).
func (c *compatibilityCheck) check(ctx context.Context, fldPath *field.Path, profile *gardencorev1beta1.ExtensionProfile, extensionType, component, version string, baseline bool) (field.ErrorList, []string) {
	rules := c.cache.Get(profile).Rules(component, version)
	if len(rules) == 0 {
		return nil, nil
	}

	var failed []celutils.Result
	for _, result := range c.evaluateNew(ctx, rules) {
		if !result.Passed() {
			failed = append(failed, result)
		}
	}
	if len(failed) == 0 {
		return nil, nil
	}

	// Only the rules that fail now are evaluated against the old Shoot: the others cannot be
	// introduced violations. passedBefore[k] tells whether failed[k] passed on the old Shoot.
	var passedBefore []bool
	if baseline {
		failedRules := make(celutils.RuleSet, 0, len(failed))
		for _, result := range failed {
			failedRules = append(failedRules, rules[result.Index])
		}
		if oldResults := c.evaluateOld(ctx, failedRules); oldResults != nil {
			for _, result := range oldResults {
				passedBefore = append(passedBefore, result.Passed())
			}
		}
	}

	var (
		allErrs  field.ErrorList
		warnings []string
	)
	for k, result := range failed {
		detail := failureDetail(result)
		if passedBefore == nil {
			allErrs = append(allErrs, field.Invalid(fldPath, version, detail))
			continue
		}
		if !passedBefore[k] {
			// The old Shoot already violated this rule: the update does not introduce it.
			continue
		}
		if c.brokenByForced(ctx, rules[result.Index]) {
			changes := make([]string, 0, len(c.forced))
			for _, f := range c.forced {
				changes = append(changes, f.String())
			}
			warnings = append(warnings, fmt.Sprintf("component %s of extension %s keeps version %s, which the update forced by shoot maintenance (%s) makes incompatible: %s",
				component, extensionType, version, strings.Join(changes, ", "), detail))
			continue
		}
		allErrs = append(allErrs, field.Invalid(fldPath, version, detail))
	}
	return allErrs, warnings
}

// evaluateNew evaluates rules against the new Shoot. If the Shoot cannot be prepared for CEL,
// every rule is an evaluation error.
func (c *compatibilityCheck) evaluateNew(ctx context.Context, rules celutils.RuleSet) []celutils.Result {
	if !c.newBuilt {
		c.newBuilt = true
		c.newEvaluator, c.newErr = celutils.NewEvaluator(c.external, celutils.DefaultCostBudget)
	}
	return evaluateWith(ctx, c.newEvaluator, c.newErr, rules)
}

// brokenByForced reports whether rule fails on the old Shoot with only the forced host changes of
// a maintenance write applied. It is false without forced changes, and when that Shoot cannot be
// evaluated.
func (c *compatibilityCheck) brokenByForced(ctx context.Context, rule celutils.CompiledRule) bool {
	if len(c.forced) == 0 {
		return false
	}
	if !c.forcedBuilt {
		c.forcedBuilt = true
		c.forcedEvaluator, c.forcedErr = celutils.NewEvaluator(withForcedOnly(c.old(), c.external, c.forced), celutils.DefaultCostBudget)
	}
	if c.forcedErr != nil {
		return false
	}
	results := c.forcedEvaluator.Evaluate(ctx, celutils.RuleSet{rule})
	return len(results) == 1 && !results[0].Passed()
}

// old returns the old Shoot in v1beta1, converted once; nil when there is none or it cannot be
// converted.
func (c *compatibilityCheck) old() *gardencorev1beta1.Shoot {
	if c.oldExternal == nil && c.oldErr == nil && c.oldShoot != nil {
		external := &gardencorev1beta1.Shoot{}
		if c.oldErr = api.Scheme.Convert(c.oldShoot, external, nil); c.oldErr == nil {
			c.oldExternal = external
		}
	}
	return c.oldExternal
}

// evaluateOld evaluates rules against the old Shoot. It returns nil, which check treats as "no
// baseline", if the old Shoot cannot be converted or prepared for CEL, so that a problem with the
// old Shoot never lets a violation through.
func (c *compatibilityCheck) evaluateOld(ctx context.Context, rules celutils.RuleSet) []celutils.Result {
	if !c.oldBuilt {
		c.oldBuilt = true
		if external := c.old(); external != nil {
			c.oldEvaluator, c.oldErr = celutils.NewEvaluator(external, celutils.DefaultCostBudget)
		}
	}
	if c.oldErr != nil || c.oldEvaluator == nil {
		return nil
	}
	return c.oldEvaluator.Evaluate(ctx, rules)
}

func evaluateWith(ctx context.Context, evaluator *celutils.Evaluator, err error, rules celutils.RuleSet) []celutils.Result {
	if err == nil {
		return evaluator.Evaluate(ctx, rules)
	}
	results := make([]celutils.Result, 0, len(rules))
	for i, rule := range rules {
		results = append(results, celutils.Result{Index: i, Rule: rule.Rule, Status: celutils.StatusError, Message: "rule evaluation error: " + err.Error()})
	}
	return results
}

// failureDetail is the message of a rule that did not pass: the rule's message (or "failed rule:
// <rule>") when it evaluated to false, "compatibility rule evaluation failed: <cause> (rule:
// <rule>)" when it could not be evaluated, and "compatibility rule compilation failed: <cause>"
// (which names the rule) when the stored rule does not compile.
func failureDetail(result celutils.Result) string {
	const (
		evaluationError  = "rule evaluation error: "
		compilationError = "rule compilation error: "
	)
	switch {
	case result.Status == celutils.StatusFailed:
		return result.Message
	case strings.HasPrefix(result.Message, compilationError):
		return "compatibility rule compilation failed: " + strings.TrimPrefix(result.Message, compilationError)
	default:
		return fmt.Sprintf("compatibility rule evaluation failed: %s (rule: %s)", strings.TrimPrefix(result.Message, evaluationError), result.Rule)
	}
}

// activePinsOf returns the pinned versions of the enabled extensions of a Shoot: the component
// versions the old Shoot actually ran, which are the baseline of the compatibility check. A nil
// Shoot (create) has none.
func activePinsOf(shoot *core.Shoot) map[pinKey]string {
	pins := map[pinKey]string{}
	if shoot == nil {
		return pins
	}
	for _, extension := range shoot.Spec.Extensions {
		if extension.Disabled != nil && *extension.Disabled {
			continue
		}
		for _, component := range extension.Components {
			key := pinKey{extension.Type, component.Name}
			if _, ok := pins[key]; !ok && component.Version != nil {
				pins[key] = *component.Version
			}
		}
	}
	return pins
}
