// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"

	"github.com/gep-78/gardener/test/examples"
)

func TestCEL(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Utils CEL Suite")
}

// The files are the project's shared GEP-78 examples (test/examples)
// (extensionprofile-*.yaml and the Shoots the expectations below refer to).
var exampleProfiles = []string{
	"extensionprofile-envoy-gateway.yaml",
	"extensionprofile-shoot-falco-service.yaml",
	"extensionprofile-shoot-traefik.yaml",
}

// fataler is the part of testing.TB and GinkgoT() that decodeFile needs, so that both tests and
// benchmarks can load files.
type fataler interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

func decodeFile(tb fataler, file string, into any) {
	tb.Helper()
	data, err := examples.Read(file)
	if err != nil {
		tb.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(data, into); err != nil {
		tb.Fatalf("%s: %v", file, err)
	}
}

func loadProfile(file string) *gardencorev1beta1.ExtensionProfile {
	GinkgoHelper()
	profile := &gardencorev1beta1.ExtensionProfile{}
	decodeFile(GinkgoT(), file, profile)
	return profile
}

func loadShoot(file string) *gardencorev1beta1.Shoot {
	GinkgoHelper()
	shoot := &gardencorev1beta1.Shoot{}
	decodeFile(GinkgoT(), file, shoot)
	return shoot
}

// versionRules returns the compatibility rules of one component version of a profile.
func versionRules(profile *gardencorev1beta1.ExtensionProfile, component, version string) []gardencorev1beta1.CompatibilityValidation {
	GinkgoHelper()
	for _, c := range profile.Spec.Components {
		if c.Name != component {
			continue
		}
		for _, v := range c.Versions {
			if v.Version == version {
				Expect(v.Compatibility).NotTo(BeNil(), "%s %s has no compatibility rules", component, version)
				return v.Compatibility.Validations
			}
		}
	}
	Fail("no version " + version + " of component " + component)
	return nil
}

func rules(expressions ...string) []gardencorev1beta1.CompatibilityValidation {
	out := make([]gardencorev1beta1.CompatibilityValidation, 0, len(expressions))
	for _, e := range expressions {
		out = append(out, gardencorev1beta1.CompatibilityValidation{Rule: e})
	}
	return out
}
