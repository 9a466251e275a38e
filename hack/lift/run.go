// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gep-78/gardener/hack/lift/manifest"
)

// generatorTools are the tools upstream's generators call, built from upstream's
// hack/tools/go.mod as its Makefile does; protoc comes from PATH.
var generatorTools = []string{"controller-gen", "crd-ref-docs", "go-to-protobuf", "protoc-gen-gogo", "openapi-gen", "goimports", "goimports-reviser"}

// command runs name in dir of the checkout with the lift's environment; output goes to the
// log only when it fails.
func (l *lifter) command(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = filepath.Join(l.checkout, dir)
	cmd.Env = append(append([]string{"REPO_ROOT=" + l.checkout}, l.env...), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, tail(out.String(), 60))
	}
	return nil
}

func tail(s string, lines int) string {
	all := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(all) > lines {
		all = append([]string{"..."}, all[len(all)-lines:]...)
	}
	return strings.Join(all, "\n")
}

// tools builds the generator tools into a folder put first on PATH, with a GOPATH of its own
// (upstream's update-codegen.sh clears $GOPATH/bin) sharing the module cache.
func (l *lifter) tools() error {
	if l.skip["tools-ready"] {
		return nil
	}
	dir, err := os.MkdirTemp("", "lift-tools-")
	if err != nil {
		return err
	}
	l.temporary = append(l.temporary, dir)
	modcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return err
	}
	// The tools stay out of $GOPATH/bin, which update-codegen.sh clears of *-gen.
	bin, gobin := filepath.Join(dir, "tools"), filepath.Join(dir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return err
	}
	for _, tool := range generatorTools {
		cmd := exec.Command("go", "tool", "-modfile=hack/tools/go.mod", "-n", tool)
		cmd.Dir = l.checkout
		cmd.Env = append(append([]string{}, l.env...), "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("building %s: %w\n%s", tool, err, out)
		}
		if err := os.Symlink(strings.TrimSpace(string(out)), filepath.Join(bin, tool)); err != nil {
			return err
		}
	}
	l.env = append(l.env,
		"PATH="+strings.Join([]string{bin, gobin, os.Getenv("PATH")}, string(os.PathListSeparator)),
		"GOPATH="+dir, "GOBIN="+gobin, "GOMODCACHE="+strings.TrimSpace(string(modcache)))
	l.skip["tools-ready"] = true
	return nil
}

// generate runs the generators commit c names: "protobuf[:<package folder>,...]" runs
// hack/update-protobuf.sh (for those API packages), "codegen:<group>" hack/update-codegen.sh for
// the group (and the OpenAPI definitions), "generate:<folder>" go generate in the folder,
// "run:<folder>:<command>" the command (one of a go:generate directive's, narrowed to the
// changed API group) in the folder.
func (l *lifter) generate(c manifest.Commit) error {
	if len(c.Generate) == 0 || l.skip["generate"] {
		return nil
	}
	if _, err := exec.LookPath("protoc"); err != nil {
		return fmt.Errorf("upstream's protobuf generator needs protoc on PATH (Debian: protobuf-compiler)")
	}
	if err := l.tools(); err != nil {
		return err
	}
	for _, g := range c.Generate {
		kind, arg, _ := strings.Cut(g, ":")
		l.logf("  generate %s", g)
		var err error
		switch kind {
		case "protobuf":
			var env []string
			if arg != "" {
				var roots []string
				for _, p := range strings.Split(arg, ",") {
					roots = append(roots, l.m.Upstream.Module+"/"+p)
				}
				env = append(env, "APIROOTS="+strings.Join(roots, " "))
			}
			err = l.command(".", env, filepath.Join(l.checkout, "hack", "update-protobuf.sh"))
		case "codegen":
			err = l.command(".", nil, filepath.Join(l.checkout, "hack", "update-codegen.sh"), "--groups", arg, "--mode", "sequential")
		case "generate":
			err = l.command(arg, nil, "go", "generate", ".")
		case "run":
			dir, line, ok := strings.Cut(arg, ":")
			if !ok {
				return fmt.Errorf("want run:<folder>:<command>, got %q", g)
			}
			err = l.command(dir, nil, "bash", "-c", line)
		default:
			err = fmt.Errorf("unknown generator %q", g)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// format runs upstream's hack/format.sh (goimports, goimports-reviser) on the Go files among
// paths, as upstream's make generate does.
func (l *lifter) format(paths []string) error {
	if l.skip["generate"] {
		return nil
	}
	var files []string
	for _, p := range paths {
		if strings.HasSuffix(p, ".go") {
			files = append(files, p)
		}
	}
	if len(files) == 0 {
		return nil
	}
	if err := l.tools(); err != nil {
		return err
	}
	return l.command(".", []string{"MODE=sequential"}, filepath.Join(l.checkout, "hack", "format.sh"), files...)
}

// build builds and vets the packages in the folders dirs.
func (l *lifter) build(dirs []string) error {
	if len(dirs) == 0 {
		return nil
	}
	pkgs := make([]string, len(dirs))
	for i, d := range dirs {
		pkgs[i] = "./" + d
	}
	l.logf("  build %d packages", len(pkgs))
	if err := l.command(".", nil, "go", append([]string{"build"}, pkgs...)...); err != nil {
		return err
	}
	return l.command(".", nil, "go", append([]string{"vet"}, pkgs...)...)
}
