// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"os"
	"path/filepath"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestLift(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Hack Lift Suite")
}

// writeFiles writes name → content into a new temporary folder and returns it.
func writeFiles(files map[string]string) string {
	GinkgoHelper()
	dir := GinkgoT().TempDir()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		Expect(os.MkdirAll(filepath.Dir(path), 0o755)).To(Succeed())
		Expect(os.WriteFile(path, []byte(content), 0o644)).To(Succeed())
	}
	return dir
}

// ourFile parses src as one of our files named name.
func ourFile(name, src string) *goFile {
	GinkgoHelper()
	f, err := parseGo(name, []byte(src))
	Expect(err).NotTo(HaveOccurred())
	return f
}
