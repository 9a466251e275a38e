// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"bytes"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("the plugin's formatting", func() {
	DescribeTable("formatDay prints a UTC midnight as a date, else the time",
		func(t time.Time, want string) {
			Expect(formatDay(t)).To(Equal(want))
		},
		Entry("midnight UTC", time.Date(2027, time.January, 15, 0, 0, 0, 0, time.UTC), "2027-01-15"),
		Entry("midnight UTC in another zone", time.Date(2027, time.January, 15, 1, 0, 0, 0, time.FixedZone("CET", 3600)), "2027-01-15"),
		Entry("noon", time.Date(2027, time.January, 15, 12, 0, 0, 0, time.UTC), "2027-01-15T12:00:00Z"),
		Entry("midnight in another zone only", time.Date(2027, time.January, 15, 0, 0, 0, 0, time.FixedZone("CET", 3600)), "2027-01-14T23:00:00Z"),
	)

	DescribeTable("formatTime and formatTransition print UTC in RFC 3339, <none> for nothing",
		func(got, want string) {
			Expect(got).To(Equal(want))
		},
		Entry("no time", formatTime(nil), "<none>"),
		Entry("a time", formatTime(ptr.To(time.Date(2027, time.January, 15, 1, 0, 0, 0, time.FixedZone("CET", 3600)))), "2027-01-15T00:00:00Z"),
		Entry("no transition", formatTransition(nil), "<none>"),
		Entry("a transition", formatTransition(&gardencorev1beta1.VersionTransition{Classification: gardencorev1beta1.ClassificationExpired,
			Time: metav1.NewTime(time.Date(2027, time.January, 31, 0, 0, 0, 0, time.UTC))}), "expired@2027-01-31T00:00:00Z"),
		Entry("one", plural(1, "Shoot", "Shoots"), "Shoot"),
		Entry("none", plural(0, "Shoot", "Shoots"), "Shoots"),
		Entry("two", plural(2, "Shoot", "Shoots"), "Shoots"),
	)

	Describe("nextWindow", func() {
		shoot := func(begin, end string, annotations map[string]string) *gardencorev1beta1.Shoot {
			s := &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Annotations: annotations}}
			if begin != "" {
				s.Spec.Maintenance = &gardencorev1beta1.Maintenance{TimeWindow: &gardencorev1beta1.MaintenanceTimeWindow{Begin: begin, End: end}}
			}
			return s
		}
		noon := time.Date(2027, time.January, 15, 12, 0, 0, 0, time.UTC)

		It("says now with the maintain operation annotation, also outside the window", func() {
			Expect(nextWindow(shoot("220000+0000", "230000+0000", map[string]string{"gardener.cloud/operation": "maintain"}), noon)).
				To(Equal("now (operation annotation maintain)"))
		})

		It("says now inside the window", func() {
			Expect(nextWindow(shoot("110000+0000", "130000+0000", nil), noon)).To(Equal("now (inside the window 11:00:00-12:45:00 UTC)"), "the effective window ends 15 minutes early")
		})

		It("names the next begin outside the window", func() {
			Expect(nextWindow(shoot("220000+0000", "230000+0000", nil), noon)).To(Equal("2027-01-15T22:00:00Z (window 22:00:00-22:45:00 UTC)"))
			Expect(nextWindow(shoot("100000+0000", "110000+0000", nil), noon)).To(Equal("2027-01-16T10:00:00Z (window 10:00:00-10:45:00 UTC)"))
		})
	})

	Describe("versions of the usage table", func() {
		status := gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{
			{Name: "falco", Versions: []gardencorev1beta1.ExtensionComponentVersionStatus{{Version: "0.42.1", Classification: gardencorev1beta1.ClassificationSupported}}},
		}}

		DescribeTable("versionStatus finds a version's status by component and version",
			func(component, version string, want bool) {
				got := versionStatus(status, component, version)
				if !want {
					Expect(got).To(BeNil())
					return
				}
				Expect(got).To(BeIdenticalTo(&status.Components[0].Versions[0]))
			},
			Entry("listed", "falco", "0.42.1", true),
			Entry("another version", "falco", "0.44.1", false),
			Entry("another component", "falcosidekick", "0.42.1", false),
		)

		It("pinningShoots names each pinning Shoot once per version, sorted, ignoring other types and unpinned entries", func() {
			pin := func(namespace, name, extensionType string, versions ...string) gardencorev1beta1.Shoot {
				s := gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name}}
				e := gardencorev1beta1.Extension{Type: extensionType}
				for _, v := range versions {
					c := gardencorev1beta1.ExtensionComponent{Name: "falco"}
					if v != "" {
						c.Version = ptr.To(v)
					}
					e.Components = append(e.Components, c)
				}
				s.Spec.Extensions = []gardencorev1beta1.Extension{e}
				return s
			}
			Expect(pinningShoots([]gardencorev1beta1.Shoot{
				pin("garden-b", "x", "shoot-falco-service", "0.42.1"),
				pin("garden-a", "y", "shoot-falco-service", "0.42.1", "0.42.1"),
				pin("garden-a", "z", "shoot-falco-service", ""),
				pin("garden-a", "w", "shoot-other", "0.42.1"),
			}, "shoot-falco-service")).To(Equal(map[versionKey][]string{
				{Component: "falco", Version: "0.42.1"}: {"garden-a/y", "garden-b/x"},
			}))
		})
	})

	It("printUsage prints a row per version, <none> where nothing is set", func() {
		var out bytes.Buffer
		Expect(printUsage(&out, usageView{Rows: []usageRow{
			{Component: "falco", Version: "0.42.1", Classification: "supported", Shoots: []string{"garden-a/x", "garden-b/y"}},
			{Component: "falco", Version: "0.40.0", Classification: "deprecated", Expiration: ptr.To(time.Date(2026, time.July, 31, 23, 59, 59, 0, time.UTC))},
		}})).To(Succeed())
		Expect(out.String()).To(Equal("" +
			"COMPONENT   VERSION   CLASSIFICATION   NEXT TRANSITION   EXPIRES                SHOOTS\n" +
			"falco       0.42.1    supported        <none>            <none>                 garden-a/x,garden-b/y\n" +
			"falco       0.40.0    deprecated       <none>            2026-07-31T23:59:59Z   <none>\n"))
	})

	DescribeTable("printUsage states the scope of one namespace",
		func(view usageView, want string) {
			var out bytes.Buffer
			Expect(printUsage(&out, view)).To(Succeed())
			Expect(out.String()).To(HavePrefix("COMPONENT   VERSION   CLASSIFICATION   NEXT TRANSITION   EXPIRES   SHOOTS\n"))
			if want == "" {
				Expect(out.String()).NotTo(ContainSubstring("SHOOTS lists"))
				return
			}
			Expect(out.String()).To(HaveSuffix(want + "\n"))
		},
		Entry("all namespaces", usageView{}, ""),
		Entry("one other Shoot", usageView{Namespace: "garden-dev", Elsewhere: 1},
			"SHOOTS lists namespace garden-dev only; 1 Shoot of other namespaces pins versions of this profile (-A lists them)"),
		Entry("several", usageView{Namespace: "garden-dev", Elsewhere: 3},
			"SHOOTS lists namespace garden-dev only; 3 Shoots of other namespaces pin versions of this profile (-A lists them)"),
		Entry("not countable", usageView{Namespace: "garden-dev", ElsewhereErr: errors.New("forbidden")},
			"SHOOTS lists namespace garden-dev only; Shoots of other namespaces cannot be counted: forbidden"),
	)
})
