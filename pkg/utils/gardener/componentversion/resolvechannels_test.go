// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("validateChannelPin", func() {
	fleet := channelFleet()

	Describe("#validateChannelPin", func() {
		versionPath, channelPath := field.NewPath("v"), field.NewPath("c")
		DescribeTable("an explicit version must be the channel's",
			func(channel gardencorev1beta1.ReleaseChannel, pinned, expected, errDetail string) {
				version, err := validateChannelPin(versionPath, channelPath, fleet, channel, pinned, now, soak)
				if errDetail != "" {
					Expect(err).To(HaveOccurred())
					Expect(err.Error()).To(ContainSubstring(errDetail))
					return
				}
				Expect(err).To(BeNil())
				Expect(version).To(Equal(expected))
			},
			Entry("the channel's version", regular, "0.42.0", "0.42.0", ""),
			Entry("with a leading v", regular, "v0.42.0", "0.42.0", ""),
			Entry("a partial version it matches", stable, "0.41", "0.41.0", ""),
			Entry("rapid takes the preview", rapid, "0.43", "0.43.0", ""),
			Entry("another version", stable, "0.42.0", "", `v: Invalid value: "0.42.0": the component follows the stable channel, which gives 0.41.0 now`),
			Entry("a partial version it does not match", regular, "0.41", "", "which gives 0.42.0 now"),
		)

		It("reports a channel without version on the channel's path", func() {
			_, err := validateChannelPin(versionPath, channelPath, channelComponent(cv("1.0.0", lc(preview, -day))), stable, "1.0.0", now, soak)
			Expect(err).To(HaveOccurred())
			Expect(err.Field).To(Equal("c"))
			Expect(err.Detail).To(Equal(`the stable channel of component "falco" has no version now: it takes the highest version classified supported for at least 168h0m0s`))
		})
	})
})
