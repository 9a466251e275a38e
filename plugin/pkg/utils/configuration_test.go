// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package utils_test

import (
	"errors"
	"io"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/plugin/pkg/utils"
)

type testConfiguration struct {
	metav1.TypeMeta `json:",inline"`

	Size  *int     `json:"size,omitempty"`
	Names []string `json:"names,omitempty"`
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

var _ = Describe("DecodeConfiguration", func() {
	const apiVersion, kind = "test.admission.gardener.cloud/v1alpha1", "Configuration"
	empty := &testConfiguration{TypeMeta: metav1.TypeMeta{APIVersion: apiVersion, Kind: kind}}

	decode := func(config io.Reader) (*testConfiguration, error) {
		cfg := &testConfiguration{}
		return cfg, DecodeConfiguration(config, cfg, apiVersion, kind)
	}

	DescribeTable("no configuration gives only apiVersion and kind",
		func(config io.Reader) {
			Expect(decode(config)).To(Equal(empty))
		},
		Entry("nil reader", nil),
		Entry("empty", strings.NewReader("")),
		Entry("white space", strings.NewReader(" \n\t\n")),
	)

	It("decodes the fields", func() {
		Expect(decode(strings.NewReader("apiVersion: " + apiVersion + "\nkind: Configuration\nsize: 3\nnames: [a, b]\n"))).To(Equal(&testConfiguration{
			TypeMeta: empty.TypeMeta, Size: ptr.To(3), Names: []string{"a", "b"},
		}))
	})

	DescribeTable("errors",
		func(config io.Reader, message string) {
			_, err := decode(config)
			Expect(err).To(MatchError(ContainSubstring(message)))
		},
		Entry("the reader fails", failingReader{}, "reading the configuration: disk on fire"),
		Entry("an unknown field", strings.NewReader("apiVersion: "+apiVersion+"\nkind: Configuration\ncolour: red\n"),
			`decoding the configuration: error unmarshaling JSON: while decoding JSON: json: unknown field "colour"`),
		Entry("a duplicate field", strings.NewReader("apiVersion: "+apiVersion+"\nkind: Configuration\nsize: 1\nsize: 2\n"),
			`decoding the configuration: error converting YAML to JSON: yaml: unmarshal errors:`),
		Entry("another apiVersion", strings.NewReader("apiVersion: other/v1\nkind: Configuration\n"),
			`the configuration must have apiVersion "`+apiVersion+`" and kind "Configuration", not "other/v1" and "Configuration"`),
		Entry("an unparsable apiVersion, quoted as written", strings.NewReader("apiVersion: a/b/c\nkind: Configuration\n"),
			`not "a/b/c" and "Configuration"`),
		Entry("no kind", strings.NewReader("apiVersion: "+apiVersion+"\n"), `not "`+apiVersion+`" and ""`),
	)
})

var _ = Describe("SetDefaultSoakPeriod", func() {
	It("sets the default when unset and keeps a set period, zero included", func() {
		var period *metav1.Duration
		Expect(SetDefaultSoakPeriod(&period, time.Hour)).To(Succeed())
		Expect(period).To(Equal(&metav1.Duration{Duration: time.Hour}))

		period = &metav1.Duration{}
		Expect(SetDefaultSoakPeriod(&period, time.Hour)).To(Succeed())
		Expect(period.Duration).To(BeZero())
	})

	It("refuses a negative period", func() {
		period := &metav1.Duration{Duration: -time.Minute}
		Expect(SetDefaultSoakPeriod(&period, time.Hour)).To(MatchError("stableChannelSoakPeriod must not be negative, not -1m0s"))
	})
})

var _ = Describe("SetDefaultMaintenanceUsers", func() {
	It("sets the default when nil and keeps an empty list (nobody)", func() {
		var users []string
		Expect(SetDefaultMaintenanceUsers(&users, []string{"gcm"})).To(Succeed())
		Expect(users).To(Equal([]string{"gcm"}))

		users = []string{}
		Expect(SetDefaultMaintenanceUsers(&users, []string{"gcm"})).To(Succeed())
		Expect(users).To(BeEmpty())
	})

	It("refuses an empty user name", func() {
		users := []string{"a", ""}
		Expect(SetDefaultMaintenanceUsers(&users, []string{"gcm"})).To(MatchError("maintenanceUsers[1] must not be empty"))
	})
})
