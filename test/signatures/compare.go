// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package signatures

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// VariantSuffix ends the name of a function that takes what upstream's namesake reads itself (a
// time: "fooAt" beside "foo"). Upstream's function stays beside it under its own name.
const VariantSuffix = "At"

// Mismatch is an upstream function that this project has under another signature or key.
type Mismatch struct {
	// Key is upstream's key.
	Key string
	// Upstream and Here are the signatures; Here is that of HereKey when it is set.
	Upstream, Here string
	// HereKey is set when this project has no function under Key but keeps upstream's under this
	// key instead (Kind says how).
	HereKey string
	// Kind says how the function differs.
	Kind Kind
}

// Kind is how a function here differs from upstream's.
type Kind string

const (
	// KindSignature is a function under upstream's key with another signature.
	KindSignature Kind = "signature"
	// KindVariant is upstream's function renamed to its variant (Key+VariantSuffix) instead of kept
	// beside it.
	KindVariant Kind = "variant"
	// KindExported is a function (or method, or its receiver type) upstream keeps unexported that
	// is exported here.
	KindExported Kind = "exported"
	// KindFunction is a method upstream that is a function here.
	KindFunction Kind = "function"
)

// Compare returns the functions of upstream (one package) that here (the same package of this
// project) has with another signature, only as a variant, exported where upstream's is not, or as
// a function where upstream's is a method, sorted by Key. A function that only one side has is no
// mismatch: this project implements a part of each package.
func Compare(upstream, here []Func) []Mismatch {
	ours := make(map[string]string, len(here))
	for _, f := range here {
		ours[f.Key] = f.Signature
	}
	theirs := make(map[string]bool, len(upstream))
	for _, f := range upstream {
		theirs[f.Key] = true
	}
	// kept returns the first of keys that here has and upstream has not.
	kept := func(keys ...string) string {
		for _, key := range keys {
			if _, ok := ours[key]; ok && !theirs[key] {
				return key
			}
		}
		return ""
	}
	var mismatches []Mismatch
	for _, f := range upstream {
		if sig, ok := ours[f.Key]; ok {
			if sig != f.Signature {
				mismatches = append(mismatches, Mismatch{Key: f.Key, Upstream: f.Signature, Here: sig, Kind: KindSignature})
			}
			continue
		}
		m := Mismatch{Key: f.Key, Upstream: f.Signature}
		recv, name, isMethod := strings.Cut(f.Key, ".")
		if !isMethod {
			name = recv
		}
		switch {
		case kept(f.Key+VariantSuffix) != "":
			m.HereKey, m.Kind = f.Key+VariantSuffix, KindVariant
		case !f.Exported() && kept(exportedKeys(f.Key)...) != "":
			m.HereKey, m.Kind = kept(exportedKeys(f.Key)...), KindExported
		case isMethod && kept(name, exportName(name)) != "":
			m.HereKey, m.Kind = kept(name, exportName(name)), KindFunction
		default:
			continue
		}
		m.Here = ours[m.HereKey]
		mismatches = append(mismatches, m)
	}
	sort.Slice(mismatches, func(i, j int) bool { return mismatches[i].Key < mismatches[j].Key })
	return mismatches
}

// Describe prints m for a reader: the key, how it differs and both signatures.
func Describe(m Mismatch) string {
	var what string
	switch m.Kind {
	case KindVariant:
		what = " missing beside its variant " + m.HereKey
	case KindExported:
		what = " unexported upstream, exported here as " + m.HereKey
	case KindFunction:
		what = " a method upstream, a function here: " + m.HereKey
	}
	return m.Key + what + "\n    upstream: " + m.Upstream + "\n    here:     " + m.Here
}

// exportedKeys returns the keys that export at least one more part of key (receiver type or
// name): "reconciler.reconcile" gives "Reconciler.reconcile", "reconciler.Reconcile" and
// "Reconciler.Reconcile".
func exportedKeys(key string) []string {
	parts := strings.Split(key, ".")
	var keys []string
	for mask := 1; mask < 1<<len(parts); mask++ {
		changed := make([]string, len(parts))
		differs := false
		for i, part := range parts {
			changed[i] = part
			if mask&(1<<i) != 0 {
				changed[i] = exportName(part)
				differs = differs || changed[i] != part
			}
		}
		if key := strings.Join(changed, "."); differs && !slices.Contains(keys, key) {
			keys = append(keys, key)
		}
	}
	return keys
}

// exportName returns name with its first letter upper case.
func exportName(name string) string {
	r, size := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[size:]
}
