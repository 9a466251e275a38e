// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package signatures_test

import (
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/gep-78/gardener/test/signatures"
)

// upstreamSource and hereSource are one package as gardener/gardener and this project write it.
const (
	upstreamSource = `package demo

import (
	"context"
	"time"

	gardencorev1beta1 "github.com/gardener/gardener/pkg/apis/core/v1beta1"
	"k8s.io/utils/clock"
)

type reconciler struct{ clock clock.Clock }

func Same(ctx context.Context, shoot *gardencorev1beta1.Shoot, names ...string) (bool, error) { return false, nil }
func Differs(shoot *gardencorev1beta1.Shoot) bool { return false }
func OnlyUpstream() {}
func defaultImage(images []string) string { return "" }
func pickAt(images []string, now time.Time) string { return "" }
func pick(images []string) string { return "" }
func (r *reconciler) reconcile(ctx context.Context, shoot *gardencorev1beta1.Shoot) error { return nil }
func (r *reconciler) Name() string { return "" }
func maintainImages(images []string) string { return "" }
func (r *reconciler) predicate() bool { return false }
func (r *reconciler) Predicate() bool { return false }
func (r *reconciler) start() {}
func keep() {}
`
	hereSource = `package demo

import (
	"context"
	"time"

	v1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

type reconciler struct{}

func Same(c context.Context, s *v1beta1.Shoot, n ...string) (ok bool, err error) { return false, nil }
func Differs(shoot *v1beta1.Shoot, now time.Time) bool { return false }
func OnlyHere() {}
func defaultImageAt(images []string, now time.Time) string { return "" }
func pickAt(images []string, now time.Time) string { return "" }
func (r reconciler) reconcile(ctx context.Context, shoot *v1beta1.Shoot) error { return nil }
func (r *reconciler) Name() string { return "" }
func MaintainImages(images []string, now time.Time) string { return "" }
func predicate() bool { return false }
func Predicate() bool { return false }
func (r *Reconciler) Start() {}
func keep() {}
`
)

var _ = Describe("Signatures", func() {
	var upstream, here []signatures.Func

	BeforeEach(func() {
		var err error
		upstream, err = signatures.Files(map[string][]byte{"demo.go": []byte(upstreamSource)})
		Expect(err).NotTo(HaveOccurred())
		here, err = signatures.Files(map[string][]byte{"demo.go": []byte(hereSource)})
		Expect(err).NotTo(HaveOccurred())
	})

	Describe("#Files", func() {
		It("keys methods by receiver type, drops parameter names and qualifies types by the upstream import path", func() {
			Expect(upstream).To(ContainElements(
				signatures.Func{Key: "Same", Signature: "func(context.Context, *github.com/gardener/gardener/pkg/apis/core/v1beta1.Shoot, ...string) (bool, error)"},
				signatures.Func{Key: "reconciler.reconcile", Signature: "func(*reconciler)(context.Context, *github.com/gardener/gardener/pkg/apis/core/v1beta1.Shoot) error"},
			))
			Expect(here).To(ContainElement(
				signatures.Func{Key: "Same", Signature: "func(context.Context, *github.com/gardener/gardener/pkg/apis/core/v1beta1.Shoot, ...string) (bool, error)"},
			))
		})

		It("sorts by key and tells exported functions and methods from the others", func() {
			var keys []string
			exported := map[string]bool{}
			for _, f := range upstream {
				keys = append(keys, f.Key)
				exported[f.Key] = f.Exported()
			}
			Expect(keys).To(Equal([]string{"Differs", "OnlyUpstream", "Same", "defaultImage", "keep", "maintainImages", "pick", "pickAt",
				"reconciler.Name", "reconciler.Predicate", "reconciler.predicate", "reconciler.reconcile", "reconciler.start"}))
			Expect(exported).To(Equal(map[string]bool{
				"Differs": true, "OnlyUpstream": true, "Same": true,
				"defaultImage": false, "keep": false, "maintainImages": false, "pick": false, "pickAt": false,
				"reconciler.Name": false, "reconciler.Predicate": false, "reconciler.predicate": false, "reconciler.reconcile": false, "reconciler.start": false,
			}))
		})
	})

	Describe("#Compare", func() {
		It("reports differing signatures, exported or not, and upstream functions kept under another key", func() {
			Expect(signatures.Compare(upstream, here)).To(Equal([]signatures.Mismatch{
				{
					Key:      "Differs",
					Upstream: "func(*github.com/gardener/gardener/pkg/apis/core/v1beta1.Shoot) bool",
					Here:     "func(*github.com/gardener/gardener/pkg/apis/core/v1beta1.Shoot, time.Time) bool",
					Kind:     signatures.KindSignature,
				},
				{
					Key:      "defaultImage",
					Upstream: "func([]string) string",
					Here:     "func([]string, time.Time) string",
					HereKey:  "defaultImageAt",
					Kind:     signatures.KindVariant,
				},
				{
					Key:      "maintainImages",
					Upstream: "func([]string) string",
					Here:     "func([]string, time.Time) string",
					HereKey:  "MaintainImages",
					Kind:     signatures.KindExported,
				},
				{
					Key:      "reconciler.Predicate",
					Upstream: "func(*reconciler)() bool",
					Here:     "func() bool",
					HereKey:  "Predicate",
					Kind:     signatures.KindFunction,
				},
				{
					Key:      "reconciler.predicate",
					Upstream: "func(*reconciler)() bool",
					Here:     "func() bool",
					HereKey:  "predicate",
					Kind:     signatures.KindFunction,
				},
				{
					Key:      "reconciler.reconcile",
					Upstream: "func(*reconciler)(context.Context, *github.com/gardener/gardener/pkg/apis/core/v1beta1.Shoot) error",
					Here:     "func(reconciler)(context.Context, *github.com/gardener/gardener/pkg/apis/core/v1beta1.Shoot) error",
					Kind:     signatures.KindSignature,
				},
				{
					Key:      "reconciler.start",
					Upstream: "func(*reconciler)()",
					Here:     "func(*Reconciler)()",
					HereKey:  "Reconciler.Start",
					Kind:     signatures.KindExported,
				},
			}))
		})

		It("does not report a function only one side has, nor one missing beside a variant upstream has too", func() {
			for _, m := range signatures.Compare(upstream, here) {
				Expect(m.Key).NotTo(BeElementOf("OnlyUpstream", "OnlyHere", "pick", "pickAt", "keep", "Same", "reconciler.Name"))
			}
		})

		DescribeTable("tells how a function is kept under another key",
			func(upstreamKey, hereKey string, kind signatures.Kind, description string) {
				m := signatures.Mismatch{Key: upstreamKey, Upstream: "func()", Here: "func(int)", HereKey: hereKey, Kind: kind}
				Expect(signatures.Describe(m)).To(Equal(upstreamKey + description + "\n    upstream: func()\n    here:     func(int)"))
			},
			Entry("another signature", "Differs", "", signatures.KindSignature, ""),
			Entry("only the variant", "pick", "pickAt", signatures.KindVariant, " missing beside its variant pickAt"),
			Entry("exported here", "maintainImages", "MaintainImages", signatures.KindExported, " unexported upstream, exported here as MaintainImages"),
			Entry("a function here", "Reconciler.ShootPredicate", "ShootPredicate", signatures.KindFunction, " a method upstream, a function here: ShootPredicate"),
		)

		It("reports nothing for a package that matches after the module-path rewrite", func() {
			Expect(signatures.Compare(upstream, upstream)).To(BeEmpty())
			Expect(signatures.Compare(here, here)).To(BeEmpty())
		})
	})

	Describe("#Fields", func() {
		const types = `package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Shoot struct {
	metav1.TypeMeta ` + "`json:\",inline\"`" + `
	Spec ShootSpec ` + "`protobuf:\"bytes,2,opt,name=spec\" json:\"spec,omitempty\"`" + `
}

type ShootSpec struct {
	Extensions []Extension ` + "`json:\"extensions,omitempty\" patchStrategy:\"merge\" patchMergeKey:\"type\" protobuf:\"bytes,4,rep,name=extensions\"`" + `
	Paused, Hibernated *bool
}
`

		It("keys the fields of struct types by type and field, with the type qualified and the tag normalized", func() {
			fields, err := signatures.Fields(map[string][]byte{"types.go": []byte(types)})
			Expect(err).NotTo(HaveOccurred())
			Expect(fields).To(Equal([]signatures.Func{
				{Key: "Shoot.Spec", Signature: `field ShootSpec json:"spec,omitempty" protobuf:"bytes,2,name=spec"`},
				{Key: "Shoot.TypeMeta", Signature: `field k8s.io/apimachinery/pkg/apis/meta/v1.TypeMeta json:",inline"`},
				{Key: "ShootSpec.Extensions", Signature: `field []Extension json:"extensions,omitempty" patchMergeKey:"type" patchStrategy:"merge" protobuf:"bytes,4,name=extensions"`},
				{Key: "ShootSpec.Hibernated", Signature: "field *bool"},
				{Key: "ShootSpec.Paused", Signature: "field *bool"},
			}))
		})

		It("tells a changed field type or JSON name from a reordered tag", func() {
			upstreamFields, err := signatures.Fields(map[string][]byte{"types.go": []byte(types)})
			Expect(err).NotTo(HaveOccurred())
			reordered := strings.Replace(types, `patchStrategy:"merge" patchMergeKey:"type"`, `patchMergeKey:"type" patchStrategy:"merge"`, 1)
			changed := strings.Replace(strings.Replace(reordered, "Hibernated *bool", "Hibernated bool", 1), `json:"spec,omitempty"`, `json:"spec"`, 1)
			hereFields, err := signatures.Fields(map[string][]byte{"types.go": []byte(changed)})
			Expect(err).NotTo(HaveOccurred())
			Expect(reordered).NotTo(Equal(types))
			Expect(signatures.Compare(upstreamFields, hereFields)).To(ConsistOf(
				HaveField("Key", "Shoot.Spec"),
				HaveField("Key", "ShootSpec.Hibernated"),
				HaveField("Key", "ShootSpec.Paused"),
			))
		})

		It("is part of Dir for a folder of API types only", func() {
			root := GinkgoT().TempDir()
			for _, dir := range []string{filepath.Join(root, "pkg", "apis", "core"), filepath.Join(root, "pkg", "utils")} {
				Expect(os.MkdirAll(dir, 0o755)).To(Succeed())
				Expect(os.WriteFile(filepath.Join(dir, "types.go"), []byte(types), 0o644)).To(Succeed())
			}
			api, err := signatures.Dir(filepath.Join(root, "pkg", "apis", "core"))
			Expect(err).NotTo(HaveOccurred())
			Expect(api).To(HaveLen(5))
			other, err := signatures.Dir(filepath.Join(root, "pkg", "utils"))
			Expect(err).NotTo(HaveOccurred())
			Expect(other).To(BeEmpty())
		})
	})

	Describe("#Dir", func() {
		It("reads the package's buildable, hand-written, non-test files", func() {
			dir := GinkgoT().TempDir()
			for name, source := range map[string]string{
				"demo.go":           hereSource,
				"demo_test.go":      "package demo\n\nfunc TestOnly() {}\n",
				"zz_generated.go":   "// Code generated by generator. DO NOT EDIT.\n\npackage demo\n\nfunc Generated() {}\n",
				"ignored.go":        "//go:build ignore\n\npackage demo\n\nfunc Ignored() {}\n",
				"other_plan9.go":    "package demo\n\nfunc Plan9() {}\n",
				"sub/nested_pkg.go": "package sub\n\nfunc Nested() {}\n",
			} {
				Expect(os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)).To(Succeed())
				Expect(os.WriteFile(filepath.Join(dir, name), []byte(source), 0o644)).To(Succeed())
			}
			funcs, err := signatures.Dir(dir)
			Expect(err).NotTo(HaveOccurred())
			Expect(funcs).To(Equal(here))
		})
	})
})
