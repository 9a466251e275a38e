// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package storage

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/gep-78/gardener/pkg/apis/core"
)

var _ = Describe("table convertor", func() {
	var (
		ctx     = context.Background()
		profile *core.ExtensionProfile
	)

	BeforeEach(func() {
		profile = &core.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "shoot-traefik", ResourceVersion: "42"},
			Spec: core.ExtensionProfileSpec{ExtensionKind: core.ExtensionKindExtension, Components: []core.ExtensionProfileComponent{
				{Name: "traefik"}, {Name: "proxy"},
			}},
			Status: core.ExtensionProfileStatus{Components: []core.ExtensionProfileComponentStatus{
				{Name: "traefik", Versions: []core.ExtensionComponentVersionStatus{
					{Version: "3.6.7", Classification: core.ClassificationExpired},
					{Version: "3.6.12", Classification: core.ClassificationDeprecated,
						NextTransition: &core.VersionTransition{Classification: core.ClassificationExpired, Time: metav1.NewTime(time.Date(2027, time.January, 31, 0, 0, 0, 0, time.UTC))}},
					{Version: "3.6.13", Classification: core.ClassificationSupported},
					{Version: "3.6.14", Classification: core.ClassificationUnavailable,
						NextTransition: &core.VersionTransition{Classification: core.ClassificationPreview, Time: metav1.NewTime(time.Date(2026, time.December, 7, 0, 0, 0, 0, time.UTC))}},
					{Version: "3.7.0", Classification: core.ClassificationPreview},
				}},
				{Name: "proxy", Versions: []core.ExtensionComponentVersionStatus{
					{Version: "1.0.0", Classification: core.ClassificationSupported},
				}},
			}},
		}
	})

	It("prints the column headers", func() {
		table, err := newTableConvertor().ConvertToTable(ctx, profile, nil)
		Expect(err).NotTo(HaveOccurred())
		var names []string
		for _, c := range table.ColumnDefinitions {
			names = append(names, c.Name)
		}
		Expect(names).To(Equal([]string{"Name", "Kind", "Components", "Preview", "Supported", "Deprecated", "Expired", "Unavailable", "Next Transition", "Age"}))
		Expect(table.ColumnDefinitions[8].Priority).To(Equal(int32(1)), "Next Transition is shown with -o wide only")
		Expect(table.ResourceVersion).To(Equal("42"))
	})

	It("counts the classifications per component from the status and names the next transitions", func() {
		table, err := newTableConvertor().ConvertToTable(ctx, profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(table.Rows).To(HaveLen(1))
		Expect(table.Rows[0].Cells).To(Equal([]interface{}{"shoot-traefik", "Extension", "traefik,proxy",
			"traefik=1,proxy=0", "traefik=1,proxy=1", "traefik=1,proxy=0", "traefik=1,proxy=0", "traefik=1,proxy=0",
			"traefik 3.6.14=preview@2026-12-07T00:00:00Z", "<unknown>"}))
	})

	It("prints plain counts for a profile with one component", func() {
		profile.Spec.Components = profile.Spec.Components[:1]
		profile.Status.Components = profile.Status.Components[:1]
		table, err := newTableConvertor().ConvertToTable(ctx, profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(table.Rows[0].Cells[2:9]).To(Equal([]interface{}{"traefik", "1", "1", "1", "1", "1", "traefik 3.6.14=preview@2026-12-07T00:00:00Z"}))
	})

	It("names the next transition of every component that has one", func() {
		profile.Status.Components[1].Versions[0].NextTransition = &core.VersionTransition{
			Classification: core.ClassificationDeprecated, Time: metav1.NewTime(time.Date(2027, time.March, 1, 12, 0, 0, 0, time.UTC))}
		table, err := newTableConvertor().ConvertToTable(ctx, profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(table.Rows[0].Cells[8]).To(Equal("traefik 3.6.14=preview@2026-12-07T00:00:00Z,proxy 1.0.0=deprecated@2027-03-01T12:00:00Z"))
	})

	It("prints <none> as next transition when no version changes any more", func() {
		for i := range profile.Status.Components {
			for j := range profile.Status.Components[i].Versions {
				profile.Status.Components[i].Versions[j].NextTransition = nil
			}
		}
		table, err := newTableConvertor().ConvertToTable(ctx, profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(table.Rows[0].Cells[8]).To(Equal("<none>"))
	})

	It("prints the kind of a container runtime's profile", func() {
		profile.Name, profile.Spec.ExtensionKind = "containerruntime-gvisor", core.ExtensionKindContainerRuntime
		table, err := newTableConvertor().ConvertToTable(ctx, profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(table.Rows[0].Cells[:2]).To(Equal([]interface{}{"containerruntime-gvisor", "ContainerRuntime"}))
	})

	It("prints <unknown> counts before the profile was classified", func() {
		profile.Status = core.ExtensionProfileStatus{}
		table, err := newTableConvertor().ConvertToTable(ctx, profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(table.Rows[0].Cells[3:9]).To(Equal([]interface{}{"<unknown>", "<unknown>", "<unknown>", "<unknown>", "<unknown>", "<unknown>"}))
	})

	It("converts lists and omits headers on request", func() {
		other := profile.DeepCopy()
		other.Name = "shoot-falco-service"
		list := &core.ExtensionProfileList{ListMeta: metav1.ListMeta{ResourceVersion: "7", Continue: "next"}, Items: []core.ExtensionProfile{*profile, *other}}
		table, err := newTableConvertor().ConvertToTable(ctx, list, &metav1.TableOptions{NoHeaders: true})
		Expect(err).NotTo(HaveOccurred())
		Expect(table.ColumnDefinitions).To(BeEmpty())
		Expect(table.ResourceVersion).To(Equal("7"))
		Expect(table.Continue).To(Equal("next"))
		Expect(table.Rows).To(HaveLen(2))
		Expect(table.Rows[1].Cells[0]).To(Equal("shoot-falco-service"))
	})
})
