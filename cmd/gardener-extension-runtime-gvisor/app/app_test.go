// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/spf13/pflag"
)

var _ = Describe("the command", func() {
	DescribeTable("validates its flags",
		func(args []string, wantErr string) {
			opts := &Options{}
			fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
			opts.AddFlags(fs)
			Expect(fs.Parse(args)).To(Succeed())
			if wantErr == "" {
				Expect(opts.Validate()).To(Succeed())
				return
			}
			Expect(opts.Validate()).To(MatchError(ContainSubstring(wantErr)))
		},
		Entry("the defaults", nil, ""),
		Entry("two reconciles in parallel", []string{"--max-concurrent-reconciles=2"}, ""),
		Entry("no reconcile", []string{"--max-concurrent-reconciles=0"}, "--max-concurrent-reconciles must be at least 1, got 0"),
	)

	It("defaults to no metrics and the health port of Gardener's extensions", func() {
		fs := NewCommand().Flags()
		Expect(fs.Lookup("metrics-bind-address").DefValue).To(Equal("0"))
		Expect(fs.Lookup("health-probe-bind-address").DefValue).To(Equal(":8081"))
		Expect(fs.Lookup("max-concurrent-reconciles").DefValue).To(Equal("5"))
	})
})
