// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/Masterminds/semver/v3"
	"github.com/go-logr/logr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// reasonComponentIncompatible is the reason of a component whose pinned version a forced
// Kubernetes or machine-image update made incompatible.
const reasonComponentIncompatible = "Component version is incompatible with the maintained Shoot"

// hostResults are the results of a run's Kubernetes and machine-image steps.
type hostResults struct {
	controlPlane              **updateResult
	kubernetes, machineImages map[string]updateResult
}

// hostChange is a successful host update of a run: the control plane's Kubernetes version (pool
// ""), a pool's Kubernetes version, or a pool's machine image.
type hostChange struct {
	pool     string
	image    string
	from, to string
	kubelet  bool
	result   updateResult
}

func (c hostChange) isControlPlane() bool { return c.pool == "" }

// forced reports whether the update had to happen: the version was expired or not offered.
// A voluntary update's reason starts with "Automatic update".
func (c hostChange) forced() bool { return !strings.HasPrefix(c.result.reason, "Automatic update") }

// hostChanges returns the successful host updates of the run, latest first: pools' Kubernetes
// versions (in reverse spec order), the control plane, pools' machine images (reverse order).
func hostChanges(shoot, maintainedShoot *gardencorev1beta1.Shoot, hosts hostResults) []hostChange {
	var kubernetes, images []hostChange
	for _, pool := range maintainedShoot.Spec.Provider.Workers {
		entering := findWorker(shoot, pool.Name)
		if entering == nil {
			continue
		}
		if result, ok := hosts.kubernetes[pool.Name]; ok && result.isSuccessful && pool.Kubernetes != nil && pool.Kubernetes.Version != nil {
			kubernetes = append(kubernetes, hostChange{pool: pool.Name, kubelet: true, from: *entering.Kubernetes.Version, to: *pool.Kubernetes.Version, result: result})
		}
		if result, ok := hosts.machineImages[pool.Name]; ok && result.isSuccessful && pool.Machine.Image != nil && pool.Machine.Image.Version != nil {
			images = append(images, hostChange{pool: pool.Name, image: pool.Machine.Image.Name, from: *entering.Machine.Image.Version, to: *pool.Machine.Image.Version, result: result})
		}
	}
	slices.Reverse(kubernetes)
	slices.Reverse(images)
	changes := kubernetes
	if result := *hosts.controlPlane; result != nil && result.isSuccessful {
		changes = append(changes, hostChange{from: shoot.Spec.Kubernetes.Version, to: maintainedShoot.Spec.Kubernetes.Version, result: *result})
	}
	return append(changes, images...)
}

func findWorker(shoot *gardencorev1beta1.Shoot, name string) *gardencorev1beta1.Worker {
	if i := slices.IndexFunc(shoot.Spec.Provider.Workers, func(w gardencorev1beta1.Worker) bool { return w.Name == name }); i >= 0 {
		return &shoot.Spec.Provider.Workers[i]
	}
	return nil
}

// set applies version to the version c is about on shoot.
func (c hostChange) set(shoot *gardencorev1beta1.Shoot, version string) {
	if c.isControlPlane() {
		shoot.Spec.Kubernetes.Version = version
		return
	}
	pool := findWorker(shoot, c.pool)
	if c.kubelet {
		pool.Kubernetes.Version = &version
	} else {
		pool.Machine.Image.Version = &version
	}
}

// record replaces the result of c in hosts.
func (c hostChange) record(hosts hostResults, result updateResult) {
	switch {
	case c.isControlPlane():
		*hosts.controlPlane = &result
	case c.kubelet:
		hosts.kubernetes[c.pool] = result
	default:
		hosts.machineImages[c.pool] = result
	}
}

// incompatibility is a pinned component, left at its entering version, whose compatibility rules
// fail against the maintained Shoot although they pass against the entering one.
type incompatibility struct {
	pin v1beta1helper.ComponentPin
	// pool and runtimeType are those of a pool's pin, as in componentUpdate.
	pool, runtimeType string
	introduced        []componentversion.RuleFailure
}

func (i incompatibility) key(f componentversion.RuleFailure) string {
	return fmt.Sprintf("%s/%s/%s/%d/%s", i.pool, i.pin.ExtensionType, i.pin.Component, f.Index, f.Pool)
}

func (i incompatibility) String() string {
	what := fmt.Sprintf("extension %q", i.pin.ExtensionType)
	if i.runtimeType != "" {
		what = fmt.Sprintf("container runtime %q", i.runtimeType)
	}
	if i.pool != "" {
		what += fmt.Sprintf(" in worker pool %q", i.pool)
	}
	return fmt.Sprintf("component %q of %s (version %q) incompatible (%s)", i.pin.Component, what, i.pin.Version, ruleFailureDetails(i.introduced))
}

// introducedIncompatibilities returns the rule failures maintainedShoot introduces for the pins
// the run left at their entering version, as admission's old-vs-new check decides.
func (s componentStep) introducedIncompatibilities(ctx context.Context, shoot, maintainedShoot *gardencorev1beta1.Shoot) []incompatibility {
	var out []incompatibility
	entering := v1beta1helper.ActiveComponentPins(shoot.Spec.Extensions)
	// One conversion of each Shoot for all pins: neither changes during this function.
	maintained, entered := s.checker.ForShoot(maintainedShoot), s.checker.ForShoot(shoot)
	checkOn := func(c componentversion.ShootCompatibility, profile *gardencorev1beta1.ExtensionProfile, i incompatibility) ([]componentversion.RuleFailure, bool) {
		if i.pool != "" {
			return c.CheckWorker(ctx, profile, i.pin.Component, i.pin.Version, i.pool)
		}
		return c.Check(ctx, profile, i.pin.Component, i.pin.Version)
	}
	check := func(i incompatibility) {
		profile := s.profiles[i.pin.ExtensionType]
		if profile == nil {
			return
		}
		current, _ := checkOn(maintained, profile, i)
		if len(current) == 0 {
			return
		}
		previous, baseline := checkOn(entered, profile, i)
		if i.introduced = componentversion.IntroducedRuleFailures(current, previous, baseline); len(i.introduced) > 0 {
			out = append(out, i)
		}
	}
	for _, pin := range v1beta1helper.ActiveComponentPins(maintainedShoot.Spec.Extensions) {
		if original, ran := v1beta1helper.FindComponentPin(entering, pin.ExtensionType, pin.Component); ran && original.Version == pin.Version {
			check(incompatibility{pin: pin})
		}
	}
	// The run changes versions, not the pools' entries: a pin has the same indexes in both Shoots.
	for _, pin := range v1beta1helper.ActivePoolComponentPins(maintainedShoot.Spec.Extensions, maintainedShoot.Spec.Provider.Workers) {
		if original := poolEntry(shoot, pin).Version; original != nil && *original == pin.Version {
			check(incompatibility{pin: pin.ComponentPin, pool: pin.Pool, runtimeType: runtimeTypeOf(pin)})
		}
	}
	return out
}

// runtimeTypeOf returns the container runtime type of a runtime's pin, "" for an override's.
func runtimeTypeOf(pin v1beta1helper.PoolComponentPin) string {
	if pin.Kind == gardencorev1beta1.ExtensionKindContainerRuntime {
		return pin.Type
	}
	return ""
}

// resetPins sets the pinned versions of maintainedShoot, the pools' included, back to shoot's.
func resetPins(shoot, maintainedShoot *gardencorev1beta1.Shoot) {
	entering := shoot.DeepCopy()
	maintainedShoot.Spec.Extensions = entering.Spec.Extensions
	for _, pin := range v1beta1helper.PoolComponentPins(entering.Spec.Extensions, entering.Spec.Provider.Workers) {
		poolEntry(maintainedShoot, pin).Version = poolEntry(entering, pin).Version
	}
}

func failureKeys(incompatibilities []incompatibility) map[string]incompatibility {
	keys := map[string]incompatibility{}
	for _, i := range incompatibilities {
		for _, f := range i.introduced {
			keys[i.key(f)] = i
		}
	}
	return keys
}

// resolveHostComponentConflicts reverts, latest first, the voluntary host updates that break a
// pinned component and reruns the component step; a forced one stays and fails the component
// (docs/usage/shoot-maintenance.md, "When a Host Update Breaks a Pinned Component").
func (s componentStep) resolveHostComponentConflicts(ctx context.Context, log logr.Logger, shoot, maintainedShoot *gardencorev1beta1.Shoot, hosts hostResults, components []componentUpdate) []componentUpdate {
	conflicts := s.introducedIncompatibilities(ctx, shoot, maintainedShoot)
	if len(conflicts) == 0 {
		return components
	}

	reverted := false
	for _, c := range hostChanges(shoot, maintainedShoot, hosts) {
		if len(conflicts) == 0 {
			break
		}
		if c.forced() {
			continue
		}
		c.set(maintainedShoot, c.from)
		after := s.introducedIncompatibilities(ctx, shoot, maintainedShoot)
		remaining := failureKeys(after)
		var resolved []string
		for key, incompatibility := range failureKeys(conflicts) {
			if _, still := remaining[key]; !still {
				resolved = append(resolved, incompatibility.String())
			}
		}
		if len(resolved) == 0 {
			c.set(maintainedShoot, c.to)
			continue
		}
		log.Info("Holding back a voluntary update that would make components incompatible", "workerPool", c.pool, "from", c.from, "to", c.to)
		what := "Kubernetes version"
		if c.image != "" {
			what = fmt.Sprintf("machine image %q", c.image)
		}
		result := c.result
		result.description = fmt.Sprintf("update of %s from %q to %q held back: it would make %s", what, c.from, c.to, strings.Join(slices.Compact(slices.Sorted(slices.Values(resolved))), ", "))
		result.isSuccessful = false
		c.record(hosts, result)
		conflicts, reverted = after, true
		if c.isControlPlane() {
			capPoolsAtControlPlane(shoot, maintainedShoot, hosts)
		}
	}

	if reverted {
		resetPins(shoot, maintainedShoot)
		components = s.maintain(ctx, log, maintainedShoot)
		conflicts = s.introducedIncompatibilities(ctx, shoot, maintainedShoot)
	}

	for _, c := range conflicts {
		messages := ruleFailureDetails(c.introduced)
		description := fmt.Sprintf("version %q stays although it is incompatible with the maintained Shoot (%s): no compatible version is available", c.pin.Version, messages)
		log.Info("Component left incompatible by a forced update", "extensionType", c.pin.ExtensionType, "component", c.pin.Component, "worker", c.pool, "version", c.pin.Version, "rules", messages)
		if i := slices.IndexFunc(components, func(u componentUpdate) bool {
			return u.extensionType == c.pin.ExtensionType && u.component == c.pin.Component && u.pool == c.pool
		}); i >= 0 && !components[i].isSuccessful {
			components[i].description += "; " + description
			continue
		}
		components = append(components, componentUpdate{
			updateResult:  updateResult{reason: reasonComponentIncompatible, description: description},
			extensionType: c.pin.ExtensionType, component: c.pin.Component, pool: c.pool, runtimeType: c.runtimeType, from: c.pin.Version, to: c.pin.Version,
			failureCategory: failureIncompatible, hasProfile: s.profiles[c.pin.ExtensionType] != nil,
		})
	}
	return components
}

// capPoolsAtControlPlane caps the pools' Kubernetes updates of the run at the control plane
// version after the control plane's update was held back; an update the cap undoes is dropped.
func capPoolsAtControlPlane(shoot, maintainedShoot *gardencorev1beta1.Shoot, hosts hostResults) {
	controlPlane, err := semver.NewVersion(maintainedShoot.Spec.Kubernetes.Version)
	if err != nil {
		return
	}
	for i := range maintainedShoot.Spec.Provider.Workers {
		pool := &maintainedShoot.Spec.Provider.Workers[i]
		result, ok := hosts.kubernetes[pool.Name]
		entering := findWorker(shoot, pool.Name)
		if !ok || !result.isSuccessful || entering == nil || pool.Kubernetes == nil || pool.Kubernetes.Version == nil {
			continue
		}
		version, err := semver.NewVersion(*pool.Kubernetes.Version)
		if err != nil || !version.GreaterThan(controlPlane) {
			continue
		}
		capped := controlPlane.String()
		pool.Kubernetes.Version = &capped
		if capped == *entering.Kubernetes.Version {
			delete(hosts.kubernetes, pool.Name)
			continue
		}
		result.description = fmt.Sprintf("Updated Kubernetes version from %q to %q", *entering.Kubernetes.Version, capped)
		hosts.kubernetes[pool.Name] = result
	}
}

// ruleFailureDetails joins the details of failures with "; ".
func ruleFailureDetails(failures []componentversion.RuleFailure) string {
	details := make([]string, 0, len(failures))
	for _, f := range failures {
		details = append(details, f.Detail())
	}
	return strings.Join(details, "; ")
}
