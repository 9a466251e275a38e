// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"io"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

var _ = Describe("Configuration", func() {
	typeMeta := metav1.TypeMeta{APIVersion: configurationAPIVersion, Kind: configurationKind}
	defaults := &configuration{TypeMeta: typeMeta, StableChannelSoakPeriod: &metav1.Duration{Duration: 336 * time.Hour}}
	header := "apiVersion: extensionprofileimpact.admission.gardener.cloud/v1alpha1\nkind: Configuration\n"

	DescribeTable("#LoadConfiguration",
		func(config io.Reader, expected *configuration, message string) {
			cfg, err := loadConfiguration(config)
			if message != "" {
				Expect(err).To(MatchError(ContainSubstring(message)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(cfg).To(Equal(expected))
		},
		Entry("no configuration (nil reader): the defaults", nil, defaults, ""),
		Entry("an empty configuration: the defaults", strings.NewReader(" \n"), defaults, ""),
		Entry("no soak period: the default", strings.NewReader(header), defaults, ""),
		Entry("a soak period", strings.NewReader(header+"stableChannelSoakPeriod: 48h\n"),
			&configuration{TypeMeta: typeMeta, StableChannelSoakPeriod: &metav1.Duration{Duration: 48 * time.Hour}}, ""),
		Entry("a negative soak period is rejected", strings.NewReader(header+"stableChannelSoakPeriod: -1h\n"), nil, "stableChannelSoakPeriod must not be negative, not -1h0m0s"),
		Entry("an unknown field is rejected", strings.NewReader(header+"soakPeriod: 1h\n"), nil, `unknown field "soakPeriod"`),
		Entry("another kind is rejected", strings.NewReader("apiVersion: extensionprofileimpact.admission.gardener.cloud/v1alpha1\nkind: Config\n"), nil, "must have apiVersion"),
	)

	It("holds the configured soak period", func() {
		cfg, err := loadConfiguration(strings.NewReader(header + "stableChannelSoakPeriod: 48h\n"))
		Expect(err).NotTo(HaveOccurred())
		p, err := newFromConfiguration(cfg)
		Expect(err).NotTo(HaveOccurred())
		Expect(p.StableChannelSoakPeriod).To(Equal(48 * time.Hour))
	})
})
