// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel

import (
	"sync"

	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// CompiledProfile holds the compiled compatibility rules of every version of one ExtensionProfile,
// compiled with StoredExpressions. It is immutable and safe for concurrent use.
type CompiledProfile struct {
	// Name, UID, Generation and ResourceVersion identify the profile the rules were compiled from.
	Name            string
	UID             types.UID
	Generation      int64
	ResourceVersion string
	// Errors lists the rules that failed to compile, with their paths below spec. They stay in
	// their RuleSet and evaluate as errors, so such a version is never considered compatible.
	Errors field.ErrorList

	rules map[componentVersion]RuleSet
}

type componentVersion struct{ component, version string }

// Rules returns the compiled rules of a component version, nil if it has none or is not listed.
func (p *CompiledProfile) Rules(component, version string) RuleSet {
	return p.rules[componentVersion{component, version}]
}

// CompileProfile compiles every compatibility rule of an ExtensionProfile with StoredExpressions.
func CompileProfile(profile *gardencorev1beta1.ExtensionProfile) *CompiledProfile {
	out := &CompiledProfile{
		Name:            profile.Name,
		UID:             profile.UID,
		Generation:      profile.Generation,
		ResourceVersion: profile.ResourceVersion,
		rules:           make(map[componentVersion]RuleSet),
	}
	componentsPath := field.NewPath("spec", "components")
	for i, c := range profile.Spec.Components {
		for j, v := range c.Versions {
			if v.Compatibility == nil || len(v.Compatibility.Validations) == 0 {
				continue
			}
			path := componentsPath.Index(i).Child("versions").Index(j).Child("compatibility", "validations")
			rules, errs := Compile(v.Compatibility.Validations, path, StoredExpressions)
			out.rules[componentVersion{c.Name, v.Version}] = rules
			out.Errors = append(out.Errors, errs...)
		}
	}
	return out
}

// Cache holds the CompiledProfile of each ExtensionProfile per name, replaced when the UID or
// generation changes, so that a profile is compiled once per generation. It is safe for concurrent
// use; the zero value is ready to use.
type Cache struct {
	mu      sync.RWMutex
	entries map[string]*CompiledProfile
}

// NewCache returns an empty Cache.
func NewCache() *Cache { return &Cache{} }

// Get returns the compiled rules of profile, compiling them on a miss; a profile without generation
// or resourceVersion is not cached.
func (c *Cache) Get(profile *gardencorev1beta1.ExtensionProfile) *CompiledProfile {
	c.mu.RLock()
	entry, ok := c.entries[profile.Name]
	c.mu.RUnlock()
	if ok && matches(entry, profile) {
		return entry
	}

	compiled := CompileProfile(profile)
	if profile.Generation == 0 && profile.ResourceVersion == "" {
		return compiled
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[string]*CompiledProfile)
	}
	if current, ok := c.entries[profile.Name]; ok && matches(current, profile) {
		return current
	}
	c.entries[profile.Name] = compiled
	return compiled
}

// Delete drops the entry of the profile with this name.
func (c *Cache) Delete(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.entries, name)
}

// Len returns the number of cached profiles.
func (c *Cache) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.entries)
}

func matches(entry *CompiledProfile, profile *gardencorev1beta1.ExtensionProfile) bool {
	if entry.UID != profile.UID || entry.Generation != profile.Generation {
		return false
	}
	if profile.Generation != 0 {
		return true
	}
	return profile.ResourceVersion != "" && entry.ResourceVersion == profile.ResourceVersion
}
