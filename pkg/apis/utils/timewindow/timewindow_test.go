// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package timewindow_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/util/rand"

	. "github.com/gep-78/gardener/pkg/apis/utils/timewindow"
)

var _ = Describe("MaintenanceTimeWindow", func() {
	day := func(h, m, s int) time.Time { return time.Date(2026, time.November, 29, h, m, s, 0, time.UTC) }
	mustParse := func(begin, end string) *MaintenanceTimeWindow {
		GinkgoHelper()
		w, err := ParseMaintenanceTimeWindow(begin, end)
		Expect(err).NotTo(HaveOccurred())
		return w
	}

	It("should parse and convert to UTC", func() {
		w := mustParse("220000+0100", "230000+0100")
		Expect(w.String()).To(Equal("begin=21:00:00, end=22:00:00"))
		Expect(w.Begin().Formatted()).To(Equal("210000+0000"))
		Expect(w.Duration()).To(Equal(time.Hour))
	})

	DescribeTable("parse errors",
		func(begin, end, message string) {
			_, err := ParseMaintenanceTimeWindow(begin, end)
			Expect(err).To(MatchError(ContainSubstring(message)))
		},
		Entry("bad begin", "22:00", "230000+0100", "could not parse begin time"),
		Entry("bad end", "220000+0100", "2300", "could not parse end time"),
	)

	DescribeTable("#Contains (both ends included)",
		func(begin, end string, t time.Time, contained bool) {
			Expect(mustParse(begin, end).Contains(t)).To(Equal(contained))
		},
		Entry("at begin", "010000+0000", "020000+0000", day(1, 0, 0), true),
		Entry("at end", "010000+0000", "020000+0000", day(2, 0, 0), true),
		Entry("before", "010000+0000", "020000+0000", day(0, 59, 59), false),
		Entry("after", "010000+0000", "020000+0000", day(2, 0, 1), false),
		Entry("other zone", "030000+0200", "040000+0200", day(1, 30, 0), true),
		Entry("spanning midnight, before midnight", "233000+0000", "013000+0000", day(23, 45, 0), true),
		Entry("spanning midnight, after midnight", "233000+0000", "013000+0000", day(0, 30, 0), true),
		Entry("spanning midnight, outside", "233000+0000", "013000+0000", day(12, 0, 0), false),
	)

	It("AlwaysTimeWindow contains every second of the day", func() {
		Expect(AlwaysTimeWindow.Contains(day(0, 0, 0))).To(BeTrue())
		Expect(AlwaysTimeWindow.Contains(day(23, 59, 59))).To(BeTrue())
	})

	DescribeTable("#NextBegin (strictly after from)",
		func(begin, end string, from, next time.Time) {
			Expect(mustParse(begin, end).NextBegin(from)).To(Equal(next))
		},
		Entry("before today's window", "030000+0000", "040000+0000", day(1, 0, 0), day(3, 0, 0)),
		Entry("at today's begin: tomorrow", "030000+0000", "040000+0000", day(3, 0, 0), day(3, 0, 0).Add(24*time.Hour)),
		Entry("inside today's window: tomorrow", "030000+0000", "040000+0000", day(3, 30, 0), day(3, 0, 0).Add(24*time.Hour)),
		Entry("after today's window: tomorrow", "030000+0000", "040000+0000", day(5, 0, 0), day(3, 0, 0).Add(24*time.Hour)),
		Entry("inside a window that began yesterday", "233000+0000", "013000+0000", day(0, 30, 0), day(23, 30, 0)),
	)

	It("#DurationUntilNext adds a random offset into the window", func() {
		w := mustParse("030000+0000", "040000+0000")
		var bound int64
		Expect(w.DurationUntilNext(day(1, 0, 0), func(n int64) int64 { bound = n; return 0 })).To(Equal(2 * time.Hour))
		Expect(bound).To(Equal(int64(time.Hour)))
		Expect(w.DurationUntilNext(day(1, 0, 0), func(n int64) int64 { return n - 1 })).To(Equal(3*time.Hour - time.Nanosecond))
		Expect(w.DurationUntilNext(day(1, 0, 0), nil)).To(Equal(2 * time.Hour))
	})

	It("MaintenanceTime arithmetic wraps around the day", func() {
		Expect(NewMaintenanceTime(0, 10, 0).Add(0, -15, 0).String()).To(Equal("23:55:00"))
		Expect(NewMaintenanceTime(23, 59, 0).Add(0, 2, 0).String()).To(Equal("00:01:00"))
		Expect(NewMaintenanceTime(1, 0, 0).Add(-25, 0, 1).String()).To(Equal("00:00:01"))
		Expect(NewMaintenanceTime(1, 0, 0).Compare(NewMaintenanceTime(2, 0, 0))).To(BeNumerically("<", 0))
		Expect(NewMaintenanceTime(2, 0, 0).Compare(NewMaintenanceTime(1, 59, 59))).To(BeNumerically(">", 0))
		Expect(NewMaintenanceTime(13, 4, 5).Compare(NewMaintenanceTime(13, 4, 5))).To(BeZero())
	})

	It("MaintenanceTime exposes its parts", func() {
		m := NewMaintenanceTime(13, 4, 5)
		Expect([]int{m.Hour(), m.Minute(), m.Second()}).To(Equal([]int{13, 4, 5}))
	})

	DescribeTable("NewMaintenanceTime panics out of range",
		func(h, m, s int) { Expect(func() { NewMaintenanceTime(h, m, s) }).To(Panic()) },
		Entry("hour 24", 24, 0, 0),
		Entry("negative hour", -1, 0, 0),
		Entry("minute 60", 0, 60, 0),
		Entry("second 60", 0, 0, 60),
	)

	It("#Equal, #WithBegin and #WithEnd", func() {
		w := mustParse("030000+0000", "040000+0000")
		Expect(w.Equal(mustParse("040000+0100", "050000+0100"))).To(BeTrue())
		Expect(w.Equal(AlwaysTimeWindow)).To(BeFalse())
		Expect(w.WithBegin(NewMaintenanceTime(2, 0, 0)).String()).To(Equal("begin=02:00:00, end=04:00:00"))
		Expect(w.WithEnd(NewMaintenanceTime(5, 0, 0)).String()).To(Equal("begin=03:00:00, end=05:00:00"))
		Expect(w.String()).To(Equal("begin=03:00:00, end=04:00:00"), "the receiver is unchanged")
	})

	DescribeTable("#AdjustedBegin and #AdjustedEnd (the occurrence beginning on t's UTC day)",
		func(begin, end string, t, adjustedBegin, adjustedEnd time.Time) {
			w := mustParse(begin, end)
			Expect(w.AdjustedBegin(t)).To(Equal(adjustedBegin))
			Expect(w.AdjustedEnd(t)).To(Equal(adjustedEnd))
		},
		Entry("same day", "030000+0000", "040000+0000", day(12, 0, 0), day(3, 0, 0), day(4, 0, 0)),
		Entry("spanning midnight", "233000+0000", "013000+0000", day(12, 0, 0), day(23, 30, 0), day(1, 30, 0).Add(24*time.Hour)),
		Entry("t in another zone", "030000+0000", "040000+0000", day(23, 0, 0).In(time.FixedZone("", -2*3600)), day(3, 0, 0), day(4, 0, 0)),
	)

	DescribeTable("#Duration",
		func(begin, end string, d time.Duration) { Expect(mustParse(begin, end).Duration()).To(Equal(d)) },
		Entry("one hour", "030000+0000", "040000+0000", time.Hour),
		Entry("spanning midnight", "233000+0000", "013000+0000", 2*time.Hour),
		Entry("begin equals end", "030000+0000", "030000+0000", time.Duration(0)),
		Entry("always", "000000+0000", "235959+0000", 24*time.Hour-time.Second),
	)
})

var _ = Describe("RandomMaintenanceTimeWindow", func() {
	It("is a one-hour window beginning on a full hour before 23:00", func() {
		for range 50 {
			w := RandomMaintenanceTimeWindow()
			Expect(w.Duration()).To(Equal(time.Hour))
			Expect(w.Begin().Hour()).To(BeNumerically("<=", 22))
			Expect([]int{w.Begin().Minute(), w.Begin().Second()}).To(Equal([]int{0, 0}))
		}
	})

	It("draws the hour from k8s.io/apimachinery's rand, so that a seed repeats it", func() {
		rand.Seed(7)
		first := RandomMaintenanceTimeWindow()
		rand.Seed(7)
		Expect(RandomMaintenanceTimeWindow()).To(Equal(first))
	})

	DescribeTable("#RandomMaintenanceTimeWindowFrom is one hour from the drawn hour, in UTC",
		func(hour int, begin, end string) {
			var bound int
			w := RandomMaintenanceTimeWindowFrom(func(n int) int { bound = n; return hour })
			Expect(bound).To(Equal(23), "hours 0..22 are drawn, as in Gardener")
			Expect(w.Begin().Formatted()).To(Equal(begin))
			Expect(w.End().Formatted()).To(Equal(end))
			Expect(w.Duration()).To(Equal(time.Hour))
		},
		Entry("first hour", 0, "000000+0000", "010000+0000"),
		Entry("an hour in the day", 13, "130000+0000", "140000+0000"),
		Entry("last drawable hour", 22, "220000+0000", "230000+0000"),
	)
})
