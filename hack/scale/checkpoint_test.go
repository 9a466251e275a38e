// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"math"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

const mib = 1 << 20

var _ = Describe("checkpoints", func() {
	It("falls on every multiple of every, and nowhere with every 0", func() {
		var hits []int
		for n := range 35 {
			if isCheckpoint(n, 10) {
				hits = append(hits, n)
			}
		}
		Expect(hits).To(Equal([]int{10, 20, 30}))
		Expect(isCheckpoint(10, 0)).To(BeFalse())
	})

	Describe("memoryRows", func() {
		It("gives each process its growth per Shoot in KiB and the ratio to kube-apiserver's per object, by name", func() {
			from := map[string]process{"gardenlet": {rssBytes: 100 * mib}, "etcd": {rssBytes: 50 * mib}}
			to := map[string]process{"gardenlet": {rssBytes: 200 * mib}, "etcd": {rssBytes: 60 * mib}, "gardener-apiserver": {rssBytes: 10 * mib}}
			rows := memoryRows(from, to, 1024, 50)
			Expect(rows).To(HaveLen(3))
			Expect(rows[0]).To(Equal(memoryRow{name: "etcd", rssBytes: 60 * mib, perShoot: 10, ratio: 0.2}))
			// A process that was not there counts from zero.
			Expect(rows[1]).To(Equal(memoryRow{name: "gardener-apiserver", rssBytes: 10 * mib, perShoot: 10, ratio: 0.2}))
			Expect(rows[2]).To(Equal(memoryRow{name: "gardenlet", rssBytes: 200 * mib, perShoot: 100, ratio: 2}))
			Expect(rows[2].ratioString()).To(Equal("2.00"))
		})

		It("has no ratio without a baseline, and shrinking RSS grows negatively", func() {
			rows := memoryRows(map[string]process{"etcd": {rssBytes: 2 * mib}}, map[string]process{"etcd": {rssBytes: mib}}, 1, 0)
			Expect(rows[0].perShoot).To(Equal(-1024.0))
			Expect(math.IsNaN(rows[0].ratio)).To(BeTrue())
			Expect(rows[0].ratioString()).To(Equal("-"))
		})
	})

	Describe("memoryBaseline.kubePerObject", func() {
		b := &memoryBaseline{
			objects: 30,
			start:   map[string]process{"kube-apiserver": {rssBytes: 100 * mib}},
			checkpoints: map[int]map[string]process{
				10: {"kube-apiserver": {rssBytes: 100*mib + 10*1024*20}},
				30: {"kube-apiserver": {rssBytes: 100*mib + 30*1024*99}},
			},
			afterCRD: map[string]process{"kube-apiserver": {rssBytes: 100*mib + 30*1024*30}},
		}

		It("takes the checkpoint at n", func() {
			Expect(b.kubePerObject(10)).To(Equal(20.0))
		})
		It("takes the settled sample after all objects at their count, beyond it and between checkpoints", func() {
			Expect(b.kubePerObject(30)).To(Equal(30.0))
			Expect(b.kubePerObject(40)).To(Equal(30.0))
			Expect(b.kubePerObject(20)).To(Equal(30.0))
		})
	})

	It("parses the load averages of /proc/loadavg", func() {
		Expect(parseLoadavg("12.50 8.01 3.00 5/1234 9999\n")).To(Equal("12.50, 8.01, 3.00"))
		_, err := parseLoadavg("1.0 2.0\n")
		Expect(err).To(MatchError(ContainSubstring("2 fields")))
		_, err = parseLoadavg("a b c\n")
		Expect(err).To(HaveOccurred())
	})

	It("parses MemAvailable of /proc/meminfo in bytes", func() {
		Expect(parseMemAvailable("MemTotal:       24000000 kB\nMemFree:  1 kB\nMemAvailable:   2048 kB\n")).To(Equal(int64(2048 * 1024)))
		_, err := parseMemAvailable("MemTotal: 1 kB\n")
		Expect(err).To(MatchError(ContainSubstring("no MemAvailable")))
		_, err = parseMemAvailable("MemAvailable: 12 MB\n")
		Expect(err).To(MatchError(ContainSubstring("unexpected")))
	})
})
