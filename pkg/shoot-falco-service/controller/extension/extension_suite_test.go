// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"sigs.k8s.io/yaml"

	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/test/examples"
)

func TestExtension(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Shoot Falco Service Controller Extension Suite")
}

// exampleExtensions returns both documents of the shared example seed-extension-shoot-falco-service.yaml:
// the Extension as gardenlet wrote it (status stripped) and as the extension leaves it.
func exampleExtensions() (written, reconciled *extensionsv1alpha1.Extension) {
	GinkgoHelper()
	data, err := examples.Read("seed-extension-shoot-falco-service.yaml")
	Expect(err).NotTo(HaveOccurred())
	first, second, found := strings.Cut(string(data), "\n---\n")
	Expect(found).To(BeTrue())
	written, reconciled = &extensionsv1alpha1.Extension{}, &extensionsv1alpha1.Extension{}
	Expect(yaml.Unmarshal([]byte(first), written)).To(Succeed())
	Expect(yaml.Unmarshal([]byte(second), reconciled)).To(Succeed())
	written.Status = extensionsv1alpha1.ExtensionStatus{}
	return written, reconciled
}
