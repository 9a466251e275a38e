// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/yaml"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/apis/core/install"
)

// relativeTime is hack/render-examples.sh's placeholder for a time relative to now.
var relativeTime = regexp.MustCompile(`\$\{NOW([+-])([0-9]+)([dhms])\}`)

// renderExample replaces the placeholders of example/*.yaml as hack/render-examples.sh does,
// relative to now (${SOON} is now + 10m).
func renderExample(content string, now time.Time) string {
	content = strings.ReplaceAll(content, "${SOON}", "${NOW+10m}")
	return relativeTime.ReplaceAllStringFunc(content, func(token string) string {
		m := relativeTime.FindStringSubmatch(token)
		amount, _ := strconv.Atoi(m[2])
		unit := map[string]time.Duration{"d": 24 * time.Hour, "h": time.Hour, "m": time.Minute, "s": time.Second}[m[3]]
		offset := time.Duration(amount) * unit
		if m[1] == "-" {
			offset = -offset
		}
		return now.Add(offset).UTC().Format(time.RFC3339)
	})
}

// repositoryCloudProfiles returns the CloudProfile documents of the repository's example and
// test manifests, keyed by file and document index.
func repositoryCloudProfiles() map[string]string {
	root := filepath.Join("..", "..", "..", "..")
	profiles := map[string]string{}
	for _, pattern := range []string{"example/*.yaml", "test/examples/*.yaml", "test/upstream/*.yaml"} {
		files, err := filepath.Glob(filepath.Join(root, pattern))
		Expect(err).NotTo(HaveOccurred())
		for _, file := range files {
			data, err := os.ReadFile(file)
			Expect(err).NotTo(HaveOccurred())
			for i, doc := range strings.Split(renderExample(string(data), time.Now()), "\n---\n") {
				var meta struct{ Kind string }
				Expect(yaml.Unmarshal([]byte(doc), &meta)).To(Succeed(), file)
				if meta.Kind == "CloudProfile" {
					rel, _ := filepath.Rel(root, file)
					profiles[fmt.Sprintf("%s#%d", rel, i)] = doc
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
