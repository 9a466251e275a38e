// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared_test

import (
	"encoding/json"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"

	"github.com/gep-78/gardener/test/examples"
)

func TestShared(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Component Shared Suite")
}

// readTestdata decodes the first YAML document of the shared example <name> (test/examples) into obj.
func readTestdata(name string, obj any) {
	GinkgoHelper()
	data, err := examples.Read(name)
	Expect(err).NotTo(HaveOccurred())
	first, _, _ := strings.Cut(string(data), "\n---\n")
	Expect(yaml.Unmarshal([]byte(first), obj)).To(Succeed())
}

func exampleShoot() *gardencorev1beta1.Shoot {
	shoot := &gardencorev1beta1.Shoot{}
	readTestdata("shoot-accepted-falco-traefik.yaml", shoot)
	return shoot
}

func exampleProfiles() map[string]*gardencorev1beta1.ExtensionProfile {
	profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
	for _, file := range []string{"extensionprofile-shoot-falco-service.yaml", "extensionprofile-shoot-traefik.yaml"} {
		profile := &gardencorev1beta1.ExtensionProfile{}
		readTestdata(file, profile)
		profiles[profile.Name] = profile
	}
	return profiles
}

func exampleSeedExtension() *extensionsv1alpha1.Extension {
	extension := &extensionsv1alpha1.Extension{}
	readTestdata("seed-extension-shoot-falco-service.yaml", extension)
	return extension
}

func raw(json string) *runtime.RawExtension {
	return &runtime.RawExtension{Raw: []byte(json)}
}

// toJSON returns the JSON of obj, for MatchJSON.
func toJSON(obj any) string {
	GinkgoHelper()
	data, err := json.Marshal(obj)
	Expect(err).NotTo(HaveOccurred())
	return string(data)
}
