// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

const upstreamLists = "package v1beta1\n\n" +
	"type Spec struct {\n" +
	"\t// Extensions are upstream's.\n" +
	"\t// +optional\n" +
	"\tExtensions []Extension `json:\"extensions,omitempty\" protobuf:\"bytes,4,rep,name=extensions\"`\n" +
	"\t// Runtimes are upstream's.\n" +
	"\tRuntimes []Runtime `json:\"runtimes,omitempty\" protobuf:\"bytes,2,rep,name=runtimes\"`\n" +
	"\t// Resources are keyed upstream only.\n" +
	"\t// +patchMergeKey=name\n" +
	"\t// +patchStrategy=merge\n" +
	"\tResources []Resource `json:\"resources,omitempty\" patchStrategy:\"merge\" patchMergeKey:\"name\"`\n" +
	"\t// Conditions are keyed alike, upstream without markers.\n" +
	"\t// +optional\n" +
	"\tConditions []Condition `json:\"conditions,omitempty\" patchMergeKey:\"type\" patchStrategy:\"merge\"`\n" +
	"}\n"

var _ = Describe("carryKeys", func() {
	It("gives upstream's existing fields the list keys ours adds, keeps keys only upstream has, and leaves a field keyed alike", func() {
		dir := writeFiles(map[string]string{"v1beta1/types.go": upstreamLists})
		target := filepath.Join(dir, "v1beta1", "types.go")
		fe := newFileEdits()
		report, err := merge(fe, ourFile("types.go", "package v1beta1\n\n"+
			"type Spec struct {\n"+
			"\t// Extensions are ours, keyed by type.\n"+
			"\t// +patchMergeKey=type\n"+
			"\t// +patchStrategy=merge\n"+
			"\t// +listType=map\n"+
			"\t// +listMapKey=type\n"+
			"\t// +optional\n"+
			"\tExtensions []Extension `json:\"extensions,omitempty\" patchMergeKey:\"type\" patchStrategy:\"merge\" protobuf:\"bytes,4,rep,name=extensions\"`\n"+
			"\t// +listType=map\n"+
			"\t// +listMapKey=type\n"+
			"\tRuntimes []Runtime `json:\"runtimes,omitempty\" patchMergeKey:\"type\" patchStrategy:\"merge\" protobuf:\"bytes,2,rep,name=runtimes\"`\n"+
			"\tResources []Resource `json:\"resources,omitempty\"`\n"+
			"\t// +patchMergeKey=type\n"+
			"\t// +patchStrategy=merge\n"+
			"\tConditions []Condition `json:\"conditions,omitempty\" patchStrategy:\"merge\" patchMergeKey:\"type\"`\n"+
			"}\n"), target, map[string]bool{}, nil, map[string]string{})
		Expect(err).NotTo(HaveOccurred())
		Expect(report.keyed).To(Equal([]string{"Spec.Extensions", "Spec.Runtimes"}))
		Expect(report.fields).To(BeEmpty())
		out, err := fe.results()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out[target])).To(Equal("package v1beta1\n\n"+
			"type Spec struct {\n"+
			"\t// Extensions are upstream's.\n"+
			"\t// +patchMergeKey=type\n"+
			"\t// +patchStrategy=merge\n"+
			"\t// +listType=map\n"+
			"\t// +listMapKey=type\n"+
			"\t// +optional\n"+
			"\tExtensions []Extension `json:\"extensions,omitempty\" patchMergeKey:\"type\" patchStrategy:\"merge\" protobuf:\"bytes,4,rep,name=extensions\"`\n"+
			"\t// Runtimes are upstream's.\n"+
			"\t// +listType=map\n"+
			"\t// +listMapKey=type\n"+
			"\tRuntimes []Runtime `json:\"runtimes,omitempty\" patchMergeKey:\"type\" patchStrategy:\"merge\" protobuf:\"bytes,2,rep,name=runtimes\"`\n"+
			"\t// Resources are keyed upstream only.\n"+
			"\t// +patchMergeKey=name\n"+
			"\t// +patchStrategy=merge\n"+
			"\tResources []Resource `json:\"resources,omitempty\" patchStrategy:\"merge\" patchMergeKey:\"name\"`\n"+
			"\t// Conditions are keyed alike, upstream without markers.\n"+
			"\t// +optional\n"+
			"\tConditions []Condition `json:\"conditions,omitempty\" patchMergeKey:\"type\" patchStrategy:\"merge\"`\n"+
			"}\n"), "a field keyed alike stays upstream's, markers, tag order and all")
	})

	DescribeTable("keyedTag",
		func(ours, up, want string, changed bool) {
			tag, ok := keyedTag(ours, up)
			Expect(ok).To(Equal(changed))
			Expect(tag).To(Equal(want))
		},
		Entry("adds ours after json", `json:"a" patchMergeKey:"type" protobuf:"bytes,1"`, `json:"a" protobuf:"bytes,1"`, `json:"a" patchMergeKey:"type" protobuf:"bytes,1"`, true),
		Entry("changes upstream's value in place", `json:"a" patchMergeKey:"type"`, `json:"a" patchMergeKey:"name" patchStrategy:"merge"`, `json:"a" patchMergeKey:"type" patchStrategy:"merge"`, true),
		Entry("leaves json and protobuf upstream's", `json:"b" protobuf:"bytes,9"`, `json:"a" protobuf:"bytes,1"`, "", false),
		Entry("keeps a key ours lacks", `json:"a"`, `json:"a" patchStrategy:"merge"`, "", false),
	)
})

var _ = Describe("adapt of a name upstream's file binds to another package", func() {
	It("imports ours under an alias of the package and its parent element", func() {
		target := ourFile("up_test.go", "package v_test\n\nimport \"example.com/mod/pkg/apiserver/features\"\n\nvar _ = features.RegisterFeatureGates\n")
		ours := ourFile("ours_test.go", "package v_test\n\nimport \"example.com/mod/pkg/features\"\n\nfunc gate() bool { return features.DefaultFeatureGate.Enabled(features.X) }\n")
		fn := ours.findFunc("gate")
		need := importSet{}
		text, err := ours.takeSnippet(ours.off(fn.Pos()), ours.off(fn.End()), fn).adapt(target, need)
		Expect(err).NotTo(HaveOccurred())
		Expect(text).To(Equal("func gate() bool { return modfeatures.DefaultFeatureGate.Enabled(modfeatures.X) }"))
		Expect(need).To(Equal(importSet{"example.com/mod/pkg/features": "modfeatures"}))
	})
})
