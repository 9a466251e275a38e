// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package manifest reads hack/lift/manifest.yaml: what of this repository lifts into
// gardener/gardener, where, in which commit of the series, and what stays here and why.
package manifest

import (
	"fmt"
	"os"
	"path"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// File is the manifest's path relative to the repository root.
const File = "hack/lift/manifest.yaml"

// Manifest drives hack/lift.sh.
type Manifest struct {
	// Module is this repository's module path; Upstream.Module replaces it in every lifted file.
	Module   string   `json:"module"`
	Upstream Upstream `json:"upstream"`
	// Series names the commits the lift writes, in order.
	Series []Commit `json:"series"`
	// Copy lists the files that lift as files of their own.
	Copy []Copy `json:"copy"`
	// Merge lists the files whose additions (declarations and struct fields upstream's package
	// lacks) merge into an upstream file.
	Merge []Merge `json:"merge"`
	// Insert lists registrations and insertion points in upstream's functions and variables.
	Insert []Insert `json:"insert"`
	// Exclude lists what does not lift, with the reason.
	Exclude []Exclude `json:"exclude"`
	// Moves relocate packages: imports of From (a package folder here) become imports of To.
	Moves []Move `json:"moves,omitempty"`
	// Adapt rewrites copied Go files for upstream's versions of their dependencies.
	Adapt []Adapt `json:"adapt,omitempty"`
}

// Adapt rewrites the copied Go files that Files (a glob) matches: the functions and methods
// named in DropFirstParameter lose their first parameter, and calls of them their first argument;
// the statements that call a function named in DropStatements go; imports of the package folders
// that Imports maps become imports of upstream's folders.
type Adapt struct {
	Files              string            `json:"files"`
	DropFirstParameter []string          `json:"dropFirstParameter,omitempty"`
	DropStatements     []string          `json:"dropStatements,omitempty"`
	Imports            map[string]string `json:"imports,omitempty"`
	Why                string            `json:"why"`
}

// Move is a package that lifts to another folder, with the reason.
type Move struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Reason string `json:"reason"`
}

// Upstream is the gardener/gardener commit the manifest is checked against.
type Upstream struct {
	Repository string `json:"repository"`
	Commit     string `json:"commit"`
	Module     string `json:"module"`
}

// Commit is one commit of the series and what the lift runs after applying its entries.
type Commit struct {
	Name    string `json:"name"`
	Subject string `json:"subject"`
	Body    string `json:"body,omitempty"`
	// Generate names upstream's generators to run after the commit's entries: protobuf[:<folders>],
	// codegen:<group> (a group of hack/update-codegen.sh), generate:<folder> (go generate there),
	// run:<folder>:<command> (a command of a go:generate directive there).
	Generate []string `json:"generate,omitempty"`
}

// Copy lifts From (a path or a glob with * and **) to To: a file, or for a glob a folder that
// takes the part of each path below the glob's fixed prefix. To defaults to From.
type Copy struct {
	Commit string `json:"commit"`
	From   string `json:"from"`
	To     string `json:"to,omitempty"`
	// KeepUpstream names top-level declarations that upstream's package already has; they are
	// left out of the copy and upstream's stay.
	KeepUpstream []string `json:"keepUpstream,omitempty"`
	// Skip names top-level declarations of a Go file that stay here, with the reason.
	Skip []Skip `json:"skip,omitempty"`
}

// Merge adds the declarations of From that upstream's package lacks to To (default From), and
// the fields of From's struct types that upstream's same-named structs lack.
type Merge struct {
	Commit string `json:"commit"`
	From   string `json:"from"`
	To     string `json:"to,omitempty"`
	// Skip names additions that stay here, with the reason.
	Skip []Skip `json:"skip,omitempty"`
	// Only, when set, names the only declarations that merge (the rest of a file that is a subset
	// of upstream's stays here; Skip then names fields of these only); Why says why these do.
	Only []string `json:"only,omitempty"`
	Why  string   `json:"why,omitempty"`
	// Place puts additions after a named upstream declaration (into its parenthesized group).
	Place []Place `json:"place,omitempty"`
}

// Place puts the declaration Name after upstream's declaration After.
type Place struct {
	Name  string `json:"name"`
	After string `json:"after"`
}

// Skip is a declaration or field ("Type.Field") that does not lift.
type Skip struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// Insert adds elements or statements in In (a function, "Recv.Method", or a variable) of the
// upstream file Into: Elements (composite literal elements or call arguments, by their text or
// key) and Statements (the statements that call the named functions) taken from the same
// function of From, or Code. The additions go after the element or statement that After names
// (its text, a function it calls, a selector or string literal it holds), or before Before;
// without either, at the end (before a final return).
type Insert struct {
	Commit     string   `json:"commit"`
	Into       string   `json:"into"`
	In         string   `json:"in"`
	From       string   `json:"from,omitempty"`
	Elements   []string `json:"elements,omitempty"`
	Statements []string `json:"statements,omitempty"`
	Code       string   `json:"code,omitempty"`
	// Element makes Code one element of a composite literal or call instead of statements.
	Element bool `json:"element,omitempty"`
	// All inserts the elements into every list of the file that holds the After element and, when
	// InCall is set, is a composite literal of that type or passed to a call of InCall (In is then
	// empty: the whole file, e.g. the matchers of a test that lists every field of a struct).
	All    bool   `json:"all,omitempty"`
	InCall string `json:"inCall,omitempty"`
	// Imports are the imports Code needs: "path" or "name path".
	Imports []string `json:"imports,omitempty"`
	After   string   `json:"after,omitempty"`
	Before  string   `json:"before,omitempty"`
	// Why says what the insertion does, for the summary and the reviewer.
	Why string `json:"why"`
}

// Exclude is a path or glob that does not lift, with the reason.
type Exclude struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// Load reads and checks the manifest at file.
func Load(file string) (*Manifest, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	m := &Manifest{}
	if err := yaml.UnmarshalStrict(data, m); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if err := m.validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return m, nil
}

func (m *Manifest) validate() error {
	if m.Module == "" || m.Upstream.Module == "" || len(m.Upstream.Commit) < 10 {
		return fmt.Errorf("module, upstream.module and upstream.commit are required")
	}
	commits := map[string]bool{}
	for _, c := range m.Series {
		if c.Name == "" || c.Subject == "" || commits[c.Name] {
			return fmt.Errorf("series: commit %q needs a unique name and a subject", c.Name)
		}
		commits[c.Name] = true
	}
	check := func(kind, what, commit string) error {
		if !commits[commit] {
			return fmt.Errorf("%s %s: unknown commit %q", kind, what, commit)
		}
		return nil
	}
	for _, c := range m.Copy {
		if err := check("copy", c.From, c.Commit); err != nil {
			return err
		}
		if IsGlob(c.From) && c.To != "" && !strings.HasSuffix(c.To, "/") {
			return fmt.Errorf("copy %s: the target of a glob is a folder ending in /", c.From)
		}
		if len(c.KeepUpstream)+len(c.Skip) > 0 && (IsGlob(c.From) || !strings.HasSuffix(c.From, ".go")) {
			return fmt.Errorf("copy %s: keepUpstream and skip apply to one Go file", c.From)
		}
		for _, s := range c.Skip {
			if s.Reason == "" {
				return fmt.Errorf("copy %s: skip %s needs a reason", c.From, s.Name)
			}
		}
	}
	for _, mg := range m.Merge {
		if err := check("merge", mg.From, mg.Commit); err != nil {
			return err
		}
		if IsGlob(mg.From) || !strings.HasSuffix(mg.From, ".go") {
			return fmt.Errorf("merge %s: merges one Go file", mg.From)
		}
		for _, s := range mg.Skip {
			if s.Reason == "" {
				return fmt.Errorf("merge %s: skip %s needs a reason", mg.From, s.Name)
			}
		}
		if len(mg.Only) > 0 && mg.Why == "" {
			return fmt.Errorf("merge %s: only goes with why", mg.From)
		}
		for _, sk := range mg.Skip {
			if typeName, _, isField := strings.Cut(sk.Name, "."); len(mg.Only) > 0 && (!isField || !slices.Contains(mg.Only, typeName)) {
				return fmt.Errorf("merge %s: with only, skip names fields of the types only names, not %s", mg.From, sk.Name)
			}
		}
	}
	for _, in := range m.Insert {
		if err := check("insert", in.Into+" "+in.In, in.Commit); err != nil {
			return err
		}
		n := 0
		for _, set := range []bool{len(in.Elements) > 0, len(in.Statements) > 0, in.Code != ""} {
			if set {
				n++
			}
		}
		if in.All && (!in.Element || in.After == "" || in.In != "") {
			return fmt.Errorf("insert %s: all goes with element, after and no in", in.Into)
		}
		if n != 1 || (in.Code == "" && in.From == "") || in.Why == "" || (in.Element && in.Code == "") {
			return fmt.Errorf("insert %s %s: one of elements, statements (both with from) or code, and why", in.Into, in.In)
		}
	}
	for _, a := range m.Adapt {
		if a.Files == "" || len(a.DropFirstParameter)+len(a.DropStatements)+len(a.Imports) == 0 || a.Why == "" {
			return fmt.Errorf("adapt %s: needs files, dropFirstParameter, dropStatements or imports, and why", a.Files)
		}
	}
	for _, mv := range m.Moves {
		if mv.From == "" || mv.To == "" || mv.Reason == "" {
			return fmt.Errorf("moves: %s needs from, to and a reason", mv.From)
		}
	}
	for _, e := range m.Exclude {
		if e.Reason == "" {
			return fmt.Errorf("exclude %s: a reason is required", e.Path)
		}
	}
	return nil
}

// Entry is what the manifest says about one path of this repository.
type Entry struct {
	Copy    *Copy
	Merge   *Merge
	Exclude *Exclude
	// Pattern is the entry's from or path.
	Pattern string
}

// Resolve returns the entry of file (a slash path relative to the repository root): the one
// entry naming it exactly, else the first exclusion glob matching it, else the one copy glob.
// It fails when there is none, or when exact entries or copy globs are ambiguous.
func (m *Manifest) Resolve(file string) (Entry, error) {
	var exact, globs []Entry
	add := func(e Entry) {
		if IsGlob(e.Pattern) {
			globs = append(globs, e)
		} else {
			exact = append(exact, e)
		}
	}
	for i := range m.Copy {
		if Match(m.Copy[i].From, file) {
			add(Entry{Copy: &m.Copy[i], Pattern: m.Copy[i].From})
		}
	}
	for i := range m.Merge {
		if m.Merge[i].From == file {
			add(Entry{Merge: &m.Merge[i], Pattern: m.Merge[i].From})
		}
	}
	for i := range m.Exclude {
		if Match(m.Exclude[i].Path, file) {
			add(Entry{Exclude: &m.Exclude[i], Pattern: m.Exclude[i].Path})
		}
	}
	switch {
	case len(exact) == 1:
		return exact[0], nil
	case len(exact) > 1:
		return Entry{}, fmt.Errorf("%s: named by %d entries", file, len(exact))
	case len(globs) == 1:
		return globs[0], nil
	case firstExclude(globs) != nil:
		// An exclusion is the narrower statement: it wins over a copy glob; of several, the
		// first one's reason.
		return *firstExclude(globs), nil
	case len(globs) > 1:
		var patterns []string
		for _, g := range globs {
			patterns = append(patterns, g.Pattern)
		}
		return Entry{}, fmt.Errorf("%s: matched by %s; name it exactly", file, strings.Join(patterns, ", "))
	}
	return Entry{}, fmt.Errorf("%s: no entry; copy, merge or exclude it with a reason", file)
}

func firstExclude(entries []Entry) *Entry {
	for i := range entries {
		if entries[i].Exclude != nil {
			return &entries[i]
		}
	}
	return nil
}

// Target returns the upstream path of file, which c.From matches.
func (c *Copy) Target(file string) string {
	if c.To == "" {
		return file
	}
	if !IsGlob(c.From) {
		return c.To
	}
	return c.To + strings.TrimPrefix(file, globBase(c.From))
}

// Target returns the upstream file the additions go to.
func (mg *Merge) Target() string {
	if mg.To == "" {
		return mg.From
	}
	return mg.To
}

// IsGlob reports whether pattern has a wildcard.
func IsGlob(pattern string) bool {
	return strings.ContainsAny(pattern, "*?[")
}

// globBase is the folder part of pattern before its first wildcard segment, with a trailing /.
func globBase(pattern string) string {
	segments := strings.Split(pattern, "/")
	for i, s := range segments {
		if IsGlob(s) {
			return strings.Join(segments[:i], "/") + "/"
		}
	}
	return path.Dir(pattern) + "/"
}

// Match reports whether the slash path file matches pattern: segments match as path.Match
// does, and a "**" segment matches any number of segments.
func Match(pattern, file string) bool {
	return matchSegments(strings.Split(pattern, "/"), strings.Split(file, "/"))
}

func matchSegments(pattern, file []string) bool {
	for len(pattern) > 0 {
		if pattern[0] == "**" {
			for i := len(file); i >= 0; i-- {
				if matchSegments(pattern[1:], file[i:]) {
					return true
				}
			}
			return false
		}
		if len(file) == 0 {
			return false
		}
		if ok, err := path.Match(pattern[0], file[0]); err != nil || !ok {
			return false
		}
		pattern, file = pattern[1:], file[1:]
	}
	return len(file) == 0
}
