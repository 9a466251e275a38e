// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/Masterminds/semver/v3"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// MutationRequest is a Shoot create or update as ResolvePins resolves it.
type MutationRequest struct {
	// Extensions is the new Shoot's spec.extensions; it is not modified.
	Extensions []gardencorev1beta1.Extension
	// OldExtensions is the old Shoot's spec.extensions; nil on create.
	OldExtensions []gardencorev1beta1.Extension
	// Workers and OldWorkers are the new and old Shoot's spec.provider.workers, for per-pool pins;
	// they may be nil when neither Shoot pins per pool. Only a pool's name, cri and extensions are
	// read; they are not modified.
	Workers, OldWorkers []gardencorev1beta1.Worker
	// Shoot returns the new Shoot, read once for the first rule; its spec.extensions and pools'
	// entries are replaced by those as resolved so far.
	Shoot func() (*gardencorev1beta1.Shoot, error)
	// Profile returns the ExtensionProfile of a type, nil for none.
	Profile func(ctx context.Context, extensionType string) (*gardencorev1beta1.ExtensionProfile, error)
	Rules   *celutils.Cache
	Now     time.Time
	// StableChannelSoakPeriod resolves the stable channel of a profile whose status publishes no
	// soak period yet (v1beta1helper.StableChannelSoakPeriod).
	StableChannelSoakPeriod time.Duration
}

// StoredVersion is a version to store on component Component at the indexes; an index past the
// extension's components is an entry to add (a channel covering all components), in index order.
// Pool marks a pool's pin: Worker is the pool's index in spec.provider.workers[], ContainerRuntime
// selects its cri.containerRuntimes[] over its extensions[], and ExtensionIndex indexes that list.
type StoredVersion struct {
	Pool                           bool
	Worker                         int
	ContainerRuntime               bool
	ExtensionIndex, ComponentIndex int
	Component                      string
	Version                        string
}

// ResolvePins decides the versions the ShootExtensionProfile plugin's Admit stores, in
// spec.extensions[] and per pool: the old Shoot's for an entry without one, the channel's for one
// that follows a channel, a changed one without leading "v", resolved when partial. It returns them
// in order with the unresolvable pins, the warnings and req.Profile's error; the rest is left to
// ValidatePins.
func ResolvePins(ctx context.Context, req MutationRequest) ([]StoredVersion, field.ErrorList, []string, error) {
	m := &pinMutation{req: req, profiles: map[string]*gardencorev1beta1.ExtensionProfile{}}
	shootList := &pinList{worker: -1, entries: deepCopyExtensions(req.Extensions), old: req.OldExtensions}
	m.shootExtensions = shootList.entries
	err := m.resolveList(ctx, shootList)
	for _, list := range poolPinLists(req.Extensions, req.Workers, req.OldExtensions, req.OldWorkers) {
		if err != nil {
			break
		}
		list.entries = deepCopyExtensions(list.entries)
		err = m.resolveList(ctx, list)
	}
	if err != nil {
		return nil, nil, m.warnings, err
	}
	return m.stored, m.allErrs, m.warnings, nil
}

// resolveList resolves the pins of one list.
func (m *pinMutation) resolveList(ctx context.Context, list *pinList) error {
	m.list, m.extensions, m.oldPins = list, list.entries, list.appendPins(nil, true)
	if list.worker >= 0 {
		m.pools = append(m.pools, list)
	}
	m.keepUnchangedPins()
	m.warnDroppedPins()
	if err := m.resolveChannels(ctx); err != nil {
		return err
	}
	return m.resolveChangedPins(ctx)
}

// pinMutation is the state of one ResolvePins call: extensions is the working copy of the entries
// of list, the pin list being resolved, every version set on it is recorded in stored;
// shootExtensions is the working copy of spec.extensions[], pools the pool lists resolved so far.
// rules evaluate against shoot with those entries; stale marks a version set since.
type pinMutation struct {
	req             MutationRequest
	list            *pinList
	extensions      []gardencorev1beta1.Extension
	shootExtensions []gardencorev1beta1.Extension
	oldPins         []v1beta1helper.ComponentPin
	profiles        map[string]*gardencorev1beta1.ExtensionProfile
	pools           []*pinList
	shoot           *gardencorev1beta1.Shoot
	rules           *shootRules
	stale           bool

	stored   []StoredVersion
	allErrs  field.ErrorList
	warnings []string
}

func deepCopyExtensions(extensions []gardencorev1beta1.Extension) []gardencorev1beta1.Extension {
	out := make([]gardencorev1beta1.Extension, len(extensions))
	for i := range extensions {
		extensions[i].DeepCopyInto(&out[i])
	}
	return out
}

// setVersion stores version on component entry j of extension i.
func (m *pinMutation) setVersion(i, j int, version string) {
	component := &m.extensions[i].Components[j]
	component.Version = ptr.To(version)
	stored := StoredVersion{ExtensionIndex: i, ComponentIndex: j, Component: component.Name, Version: version}
	if m.list.worker >= 0 {
		stored.Pool, stored.Worker, stored.ContainerRuntime = true, m.list.worker, m.list.runtime
	}
	m.stored = append(m.stored, stored)
	m.stale = true
}

// profileOf returns the ExtensionProfile of an extension type, read once per call.
func (m *pinMutation) profileOf(ctx context.Context, extensionType string) (*gardencorev1beta1.ExtensionProfile, error) {
	if profile, ok := m.profiles[extensionType]; ok {
		return profile, nil
	}
	profile, err := m.req.Profile(ctx, extensionType)
	if err != nil {
		return nil, err
	}
	m.profiles[extensionType] = profile
	return profile, nil
}

// keepUnchangedPins sets the old Shoot's pinned version on every entry that sets none.
func (m *pinMutation) keepUnchangedPins() {
	if len(m.oldPins) == 0 {
		return
	}
	for i := range m.extensions {
		extension := &m.extensions[i]
		for j := range extension.Components {
			if ptr.Deref(extension.Components[j].Version, "") != "" {
				continue
			}
			if old, found := v1beta1helper.FindComponentPin(m.oldPins, extension.Type, extension.Components[j].Name); found && old.Pinned() {
				m.setVersion(i, j, old.Version)
			}
		}
	}
}

// warnDroppedPins warns about every pinned entry or extension of the old Shoot that was removed.
func (m *pinMutation) warnDroppedPins() {
	for _, old := range m.oldPins {
		if !old.Pinned() {
			continue
		}
		extension := findExtension(m.extensions, old.ExtensionType)
		switch {
		case extension == nil:
			m.warnings = append(m.warnings, m.list.message(fmt.Sprintf("component %s of extension %s is no longer pinned to %s: the extension was removed from %s",
				old.Component, old.ExtensionType, old.Version, m.list.listName())))
		case !hasComponentEntry(m.extensions, old.ExtensionType, old.Component):
			m.warnings = append(m.warnings, m.list.message(fmt.Sprintf("component %s of extension %s is no longer pinned to %s: its entry was removed from %s.components[], so the extension deploys its own default version",
				old.Component, old.ExtensionType, old.Version, m.list.listName())))
		}
	}
}

// resolveChangedPins normalises and resolves every changed pin of an enabled extension.
func (m *pinMutation) resolveChangedPins(ctx context.Context) error {
	for _, pin := range v1beta1helper.ComponentPins(m.extensions) {
		// An empty version left here is a (malformed) partial pin, reported by the resolution below.
		if m.extensions[pin.ExtensionIndex].Components[pin.ComponentIndex].Version == nil || pin.Disabled || !pinChanged(m.oldPins, pin) {
			continue
		}
		if !versionutils.IsPartial(pin.Version) {
			if trimmed := versionutils.TrimShootPrefix(pin.Version); trimmed != pin.Version {
				m.setVersion(pin.ExtensionIndex, pin.ComponentIndex, trimmed)
			}
			continue
		}

		profile, err := m.profileOf(ctx, pin.ExtensionType)
		if err != nil {
			return err
		}
		if profile == nil || profile.DeletionTimestamp != nil {
			continue
		}
		profileComponent := v1beta1helper.FindExtensionComponent(profile.Spec, pin.Component)
		if profileComponent == nil {
			continue
		}
		var current string
		if old, found := v1beta1helper.FindComponentPin(m.oldPins, pin.ExtensionType, pin.Component); found {
			current = old.Version
		}
		fldPath := m.list.entryPath(pin.ExtensionIndex).Child("components").Index(pin.ComponentIndex).Child("version")
		resolved, fieldErr := resolvePartialVersion(fldPath, *profileComponent, pin.Version, current, m.req.Now, m.compatible(ctx, profile, pin.Component))
		if fieldErr != nil {
			m.allErrs = append(m.allErrs, fieldErr)
			continue
		}
		m.setVersion(pin.ExtensionIndex, pin.ComponentIndex, resolved)
	}
	return nil
}

// compatible checks a component's versions against the new Shoot, with `worker` bound to the pool
// of a pool's pin, each with its own cost budget.
func (m *pinMutation) compatible(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component string) compatibleFunc {
	pool := m.list.pool
	return func(version string) ([]string, error) {
		rules := m.req.Rules.Get(profile).Rules(component, version)
		if len(rules) == 0 {
			return nil, nil
		}
		if err := m.prepareRules(); err != nil {
			return nil, err
		}
		failures, _ := m.rules.checkIsolated(ctx, rules, &ruleScope{extensionType: profile.Name, component: component, pool: pool})
		return ruleFailureDetails(failures), nil
	}
}

// prepareRules makes m.rules evaluate against the new Shoot with spec.extensions[] and the pools'
// entries as resolved so far, so that a rule sees every version stored before it is evaluated.
func (m *pinMutation) prepareRules() error {
	if m.rules != nil && !m.stale {
		return nil
	}
	if m.shoot == nil {
		shoot, err := m.req.Shoot()
		if err != nil {
			return err
		}
		m.shoot = shoot
	}
	m.shoot.Spec.Extensions = deepCopyExtensions(m.shootExtensions)
	workers := slices.Clone(m.shoot.Spec.Provider.Workers)
	for _, list := range m.pools {
		if list.worker >= len(workers) {
			continue
		}
		worker := workers[list.worker].DeepCopy()
		for j, entry := range deepCopyExtensions(list.entries) {
			switch {
			case list.runtime && worker.CRI != nil && j < len(worker.CRI.ContainerRuntimes):
				worker.CRI.ContainerRuntimes[j].Components = entry.Components
			case !list.runtime && j < len(worker.Extensions):
				worker.Extensions[j].Components = entry.Components
			}
		}
		workers[list.worker] = *worker
	}
	m.shoot.Spec.Provider.Workers = workers
	m.rules, m.stale = newShootRules(m.shoot), false
	return nil
}

func findExtension(extensions []gardencorev1beta1.Extension, extensionType string) *gardencorev1beta1.Extension {
	for i := range extensions {
		if extensions[i].Type == extensionType {
			return &extensions[i]
		}
	}
	return nil
}

func hasComponentEntry(extensions []gardencorev1beta1.Extension, extensionType, component string) bool {
	for _, e := range extensions {
		if e.Type != extensionType {
			continue
		}
		for _, c := range e.Components {
			if c.Name == component {
				return true
			}
		}
	}
	return false
}

// resolvePartialVersion resolves a partial pin to the highest supported match that passes
// compatible (nil accepts all); current, the old version, is kept when it matches and nothing
// higher qualifies.
func resolvePartialVersion(fldPath *field.Path, component gardencorev1beta1.ExtensionProfileComponent, pinned, current string, now time.Time, compatible compatibleFunc) (string, *field.Error) {
	prefix, err := versionutils.ParsePartialVersion(pinned)
	if err != nil {
		return "", field.Invalid(fldPath, pinned, err.Error())
	}
	var floor *semver.Version
	if current != "" {
		if v, err := parseComponentVersion(current); err == nil && prefix.Matches(v) {
			floor = v
		}
	}

	var rejected []rejectedVersion
	for _, c := range candidates(component, nil, now, false) {
		if c.classification != gardencorev1beta1.ClassificationSupported || !prefix.Matches(c.parsed) {
			continue
		}
		if floor != nil && !c.parsed.GreaterThan(floor) {
			break
		}
		if compatible != nil {
			failures, err := compatible(c.version)
			if err != nil {
				return "", field.InternalError(fldPath, err)
			}
			if len(failures) > 0 {
				rejected = append(rejected, rejectedVersion{version: c.version, failures: failures})
				continue
			}
		}
		return c.version, nil
	}
	if floor != nil {
		return current, nil
	}

	detail := fmt.Sprintf("suitable versions are classified supported and match %q (preview and deprecated versions have to be pinned explicitly)", prefix.String())
	if len(rejected) > 0 {
		detail += "; the compatibility rules of the Shoot reject " + describeRejected(rejected)
	}
	return "", field.Invalid(fldPath, pinned, fmt.Sprintf("couldn't find a suitable version for %q: %s; %s", pinned, detail, describePinnable(component, now)))
}
