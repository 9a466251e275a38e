// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package deployment_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// No container engine runs here, so the Dockerfile is checked against the repository instead of
// built: one target per binary the charts deploy, built from its cmd/ package with the ldflags of
// `make build`.
var _ = Describe("Dockerfile", func() {
	repoRoot := filepath.Join("..", "..", "..")
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(repoRoot, name))
		ExpectWithOffset(1, err).NotTo(HaveOccurred())
		return string(data)
	}

	DescribeTable("has a target per binary that runs it as non-root from a static base image",
		func(binary string) {
			dockerfile := read("Dockerfile")
			Expect(filepath.Join(repoRoot, "cmd", binary, "main.go")).To(BeAnExistingFile())
			Expect(dockerfile).To(ContainSubstring("FROM gcr.io/distroless/static-debian12:nonroot AS " + binary + "\n"))
			Expect(dockerfile).To(ContainSubstring("COPY --from=builder /out/" + binary + " /" + binary + "\n"))
			Expect(dockerfile).To(ContainSubstring(`ENTRYPOINT ["/` + binary + `"]`))
			Expect(dockerfile).To(MatchRegexp(`(?s)go build .* \./cmd/` + binary + `\b`))
		},
		Entry(nil, "gardener-apiserver"),
		Entry(nil, "gardener-controller-manager"),
		Entry(nil, "gardenlet"),
		Entry(nil, "gardener-operator"),
	)

	It("sets the version variables `make build` sets", func() {
		dockerfile, makefile := read("Dockerfile"), read("Makefile")
		variables := regexp.MustCompile(`-X (\S+)=`).FindAllStringSubmatch(makefile, -1)
		Expect(variables).NotTo(BeEmpty())
		for _, v := range variables {
			Expect(dockerfile).To(ContainSubstring("-X "+v[1]+"="), v[1])
		}
		kubeVersion := regexp.MustCompile(`KUBE_VERSION\s*:=\s*(\S+)`).FindStringSubmatch(makefile)
		Expect(kubeVersion).To(HaveLen(2))
		Expect(dockerfile).To(ContainSubstring("ARG KUBE_VERSION=" + kubeVersion[1]))
		minor := strings.Split(kubeVersion[1], ".")[1]
		Expect(dockerfile).To(ContainSubstring("version.gitMinor=" + minor + " "))
	})
})
