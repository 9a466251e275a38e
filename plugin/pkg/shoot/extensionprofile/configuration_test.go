// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"io"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
)

var _ = Describe("Configuration", func() {
	typeMeta := metav1.TypeMeta{APIVersion: ConfigurationAPIVersion, Kind: ConfigurationKind}
	defaultSoak := &metav1.Duration{Duration: 336 * time.Hour}
	defaults := &Configuration{TypeMeta: typeMeta, MaintenanceUsers: []string{"system:serviceaccount:garden:gardener-controller-manager"}, StableChannelSoakPeriod: defaultSoak}

	DescribeTable("#LoadConfiguration",
		func(config io.Reader, expected *Configuration, message string) {
			cfg, err := LoadConfiguration(config)
			if message != "" {
				Expect(err).To(MatchError(ContainSubstring(message)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(cfg).To(Equal(expected))
		},
		Entry("no configuration (nil reader): the defaults", nil, defaults, ""),
		Entry("an empty configuration: the defaults", strings.NewReader(" \n"), defaults, ""),
		Entry("maintenance users replace the defaults",
			strings.NewReader("apiVersion: shootextensionprofile.admission.gardener.cloud/v1alpha1\nkind: Configuration\nmaintenanceUsers:\n- system:serviceaccount:gardener-system:gardener-controller-manager\n"),
			&Configuration{TypeMeta: typeMeta, MaintenanceUsers: []string{"system:serviceaccount:gardener-system:gardener-controller-manager"}, StableChannelSoakPeriod: defaultSoak}, ""),
		Entry("JSON, as an inline configuration of an AdmissionConfiguration arrives",
			strings.NewReader(`{"apiVersion":"shootextensionprofile.admission.gardener.cloud/v1alpha1","kind":"Configuration","maintenanceUsers":["maintainer"]}`),
			&Configuration{TypeMeta: typeMeta, MaintenanceUsers: []string{"maintainer"}, StableChannelSoakPeriod: defaultSoak}, ""),
		Entry("without maintenanceUsers: the defaults",
			strings.NewReader("apiVersion: shootextensionprofile.admission.gardener.cloud/v1alpha1\nkind: Configuration\n"), defaults, ""),
		Entry("an empty list: no maintenance user",
			strings.NewReader("apiVersion: shootextensionprofile.admission.gardener.cloud/v1alpha1\nkind: Configuration\nmaintenanceUsers: []\n"),
			&Configuration{TypeMeta: typeMeta, MaintenanceUsers: []string{}, StableChannelSoakPeriod: defaultSoak}, ""),
		Entry("the stable channel's soak period",
			strings.NewReader("apiVersion: shootextensionprofile.admission.gardener.cloud/v1alpha1\nkind: Configuration\nstableChannelSoakPeriod: 48h\n"),
			&Configuration{TypeMeta: typeMeta, MaintenanceUsers: defaults.MaintenanceUsers, StableChannelSoakPeriod: &metav1.Duration{Duration: 48 * time.Hour}}, ""),
		Entry("a negative soak period is rejected",
			strings.NewReader("apiVersion: shootextensionprofile.admission.gardener.cloud/v1alpha1\nkind: Configuration\nstableChannelSoakPeriod: -1h\n"),
			nil, "stableChannelSoakPeriod must not be negative"),
		Entry("an unknown field is rejected",
			strings.NewReader("apiVersion: shootextensionprofile.admission.gardener.cloud/v1alpha1\nkind: Configuration\nmaintenanceUser:\n- maintainer\n"),
			nil, `unknown field "maintenanceUser"`),
		Entry("another apiVersion is rejected",
			strings.NewReader("apiVersion: shootextensionprofile.admission.gardener.cloud/v1\nkind: Configuration\nmaintenanceUsers: [maintainer]\n"),
			nil, `the configuration must have apiVersion "shootextensionprofile.admission.gardener.cloud/v1alpha1" and kind "Configuration", not "shootextensionprofile.admission.gardener.cloud/v1" and "Configuration"`),
		Entry("a missing kind is rejected",
			strings.NewReader("apiVersion: shootextensionprofile.admission.gardener.cloud/v1alpha1\nmaintenanceUsers: [maintainer]\n"),
			nil, `and kind "Configuration", not`),
		Entry("an empty user name is rejected",
			strings.NewReader("apiVersion: shootextensionprofile.admission.gardener.cloud/v1alpha1\nkind: Configuration\nmaintenanceUsers: [maintainer, \"\"]\n"),
			nil, "maintenanceUsers[1] must not be empty"),
		Entry("malformed YAML is rejected", strings.NewReader("maintenanceUsers: [\n"), nil, "decoding the configuration"),
	)
})
