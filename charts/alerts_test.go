// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package charts_test

import (
	"os"
	"os/exec"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"sigs.k8s.io/yaml"

	. "github.com/gep-78/gardener/charts"
)

const alertsDir = "gardener/controller-manager/alerts"

// promtool returns the promtool of bin/ (hack/tools/install-promtool.sh, run by `make tools`) or of
// PATH. Without one the spec fails in CI (CI=true) and is skipped elsewhere.
func promtool() string {
	GinkgoHelper()
	if path, err := filepath.Abs(filepath.Join("..", "bin", "promtool")); err == nil {
		if _, err := os.Stat(path); err == nil {
			return path
		}
	}
	if path, err := exec.LookPath("promtool"); err == nil {
		return path
	}
	message := "promtool not found in bin/ or PATH: run `make tools` (hack/tools/install-promtool.sh extracts it from the Debian package prometheus)"
	if os.Getenv("CI") == "true" {
		Fail(message)
	}
	Skip(message)
	return ""
}

var _ = Describe("controller-manager alerting rules", func() {
	It("pass `promtool check rules` and `promtool test rules`", func() {
		tool := promtool()
		for _, args := range [][]string{
			{"check", "rules", "extension-components.rules.yaml"},
			{"test", "rules", "extension-components.rules.test.yaml"},
		} {
			cmd := exec.Command(tool, args...)
			cmd.Dir = alertsDir
			out, err := cmd.CombinedOutput()
			Expect(err).NotTo(HaveOccurred(), "promtool %v:\n%s", args, out)
		}
	})

	It("are rendered unchanged as a PrometheusRule when enabled, and not at all by default", func() {
		objects, err := Render(ControllerManager, "gardener-controller-manager", namespace, nil)
		Expect(err).NotTo(HaveOccurred())
		for _, obj := range objects {
			Expect(obj.GetKind()).NotTo(Equal("PrometheusRule"))
		}

		objects, err = Render(ControllerManager, "gardener-controller-manager", namespace, map[string]any{
			"alerting": map[string]any{"prometheusRule": map[string]any{"enabled": true, "labels": map[string]any{"prometheus": "garden"}}},
		})
		Expect(err).NotTo(HaveOccurred())
		rule := find(objects, "PrometheusRule", "gardener-controller-manager-extension-components")
		Expect(rule).NotTo(BeNil())
		Expect(rule.GetAPIVersion()).To(Equal("monitoring.coreos.com/v1"))
		Expect(rule.GetNamespace()).To(Equal(namespace))
		Expect(rule.GetLabels()).To(HaveKeyWithValue("prometheus", "garden"))

		raw, err := os.ReadFile(filepath.Join(alertsDir, "extension-components.rules.yaml"))
		Expect(err).NotTo(HaveOccurred())
		var file map[string]any
		Expect(yaml.Unmarshal(raw, &file)).To(Succeed())
		Expect(rule.Object["spec"]).To(Equal(file))
	})
})
