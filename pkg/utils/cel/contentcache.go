// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel

import (
	"crypto/sha256"
	"encoding/json"
	"slices"
	"sync"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// ProfileCompiler returns the compiled rules of an ExtensionProfile: Cache (by generation, for
// stored profiles) or ContentCache (by content, for profiles being admitted).
type ProfileCompiler interface {
	Get(profile *gardencorev1beta1.ExtensionProfile) *CompiledProfile
}

var (
	_ ProfileCompiler = (*Cache)(nil)
	_ ProfileCompiler = (*ContentCache)(nil)
)

// ContentCacheEntriesPerProfile is how many contents ContentCache keeps per profile name, the most
// recently used ones: the stored profile and a few variants of a change that is being tried.
const ContentCacheEntriesPerProfile = 4

// ContentCache holds CompiledProfiles by profile name and rule content, for objects not stored yet,
// so that a dry run and the same write after it compile once. It is safe for concurrent use; the
// zero value is ready to use.
type ContentCache struct {
	mu      sync.Mutex
	entries map[string][]contentEntry
	misses  int
}

type contentEntry struct {
	digest   [sha256.Size]byte
	compiled *CompiledProfile
}

// NewContentCache returns an empty ContentCache.
func NewContentCache() *ContentCache { return &ContentCache{} }

// Get returns the compiled rules of profile, compiling them when no entry of its name has the same
// rules. The CompiledProfile's identity fields are those of the profile first compiled with this
// content. Concurrent misses for the same content may compile it more than once.
func (c *ContentCache) Get(profile *gardencorev1beta1.ExtensionProfile) *CompiledProfile {
	digest := rulesDigest(profile)
	c.mu.Lock()
	entries := c.entries[profile.Name]
	if i := slices.IndexFunc(entries, func(e contentEntry) bool { return e.digest == digest }); i >= 0 {
		hit := entries[i]
		c.entries[profile.Name] = append(append([]contentEntry{hit}, entries[:i]...), entries[i+1:]...)
		c.mu.Unlock()
		return hit.compiled
	}
	c.mu.Unlock()

	compiled := CompileProfile(profile)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.misses++
	if c.entries == nil {
		c.entries = map[string][]contentEntry{}
	}
	entries = append([]contentEntry{{digest: digest, compiled: compiled}}, c.entries[profile.Name]...)
	if len(entries) > ContentCacheEntriesPerProfile {
		entries = entries[:ContentCacheEntriesPerProfile]
	}
	c.entries[profile.Name] = entries
	return compiled
}

// Misses returns how many times Get compiled a profile.
func (c *ContentCache) Misses() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.misses
}

// Len returns the number of cached contents of all profiles.
func (c *ContentCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, entries := range c.entries {
		n += len(entries)
	}
	return n
}

// rulesDigest is the SHA-256 of what CompileProfile reads: per component its name and per version
// the version and its validations, in spec order (the order gives the paths of compile errors).
func rulesDigest(profile *gardencorev1beta1.ExtensionProfile) [sha256.Size]byte {
	type version struct {
		Version     string                                      `json:"v"`
		Validations []gardencorev1beta1.CompatibilityValidation `json:"r,omitempty"`
	}
	type component struct {
		Name     string    `json:"n"`
		Versions []version `json:"vs"`
	}
	components := make([]component, 0, len(profile.Spec.Components))
	for _, c := range profile.Spec.Components {
		out := component{Name: c.Name, Versions: make([]version, 0, len(c.Versions))}
		for _, v := range c.Versions {
			entry := version{Version: v.Version}
			if v.Compatibility != nil {
				entry.Validations = v.Compatibility.Validations
			}
			out.Versions = append(out.Versions, entry)
		}
		components = append(components, out)
	}
	// Marshalling plain strings and structs cannot fail.
	raw, _ := json.Marshal(components)
	return sha256.Sum256(raw)
}
