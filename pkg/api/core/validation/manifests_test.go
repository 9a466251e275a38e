// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/yaml"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/apis/core/install"
)

// repositoryCloudProfiles returns the CloudProfile documents of the repository's example and
// test manifests, keyed by file and document index. example/*.yaml is read as
// hack/render-examples.sh renders it (its lifecycle times written relative to now).
func repositoryCloudProfiles() map[string]string {
	root := filepath.Join("..", "..", "..", "..")
	rendered := GinkgoT().TempDir()
	out, err := exec.Command(filepath.Join(root, "hack", "render-examples.sh"), rendered).CombinedOutput()
	Expect(err).NotTo(HaveOccurred(), string(out))
	profiles := map[string]string{}
	for _, dir := range []struct{ name, path string }{
		{"example", rendered},
		{"test/examples", filepath.Join(root, "test", "examples")},
		{"test/upstream", filepath.Join(root, "test", "upstream")},
	} {
		files, err := filepath.Glob(filepath.Join(dir.path, "*.yaml"))
		Expect(err).NotTo(HaveOccurred())
		for _, file := range files {
			data, err := os.ReadFile(file)
			Expect(err).NotTo(HaveOccurred())
			for i, doc := range strings.Split(string(data), "\n---\n") {
				var meta struct{ Kind string }
				Expect(yaml.Unmarshal([]byte(doc), &meta)).To(Succeed(), file)
				if meta.Kind == "CloudProfile" {
					profiles[fmt.Sprintf("%s/%s#%d", dir.name, filepath.Base(file), i)] = doc
				}
			}
		}
	}
	return profiles
}

var _ = Describe("the repository's CloudProfile manifests", func() {
	It("are valid after defaulting", func() {
		scheme := runtime.NewScheme()
		install.Install(scheme)
		decoder := serializer.NewCodecFactory(scheme).UniversalDecoder(core.SchemeGroupVersion)

		profiles := repositoryCloudProfiles()
		Expect(profiles).To(HaveKey("example/10-cloudprofile-local.yaml#0"))
		invalid := map[string]string{}
		for name, doc := range profiles {
			profile := &core.CloudProfile{}
			if _, _, err := decoder.Decode([]byte(doc), nil, profile); err != nil {
				invalid[name] = err.Error()
			} else if errs := ValidateCloudProfile(profile); len(errs) > 0 {
				invalid[name] = errs.ToAggregate().Error()
			}
		}
		Expect(invalid).To(BeEmpty())
	})
})
