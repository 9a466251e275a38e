// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package storage

import (
	"context"

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
			Spec: core.ExtensionProfileSpec{Components: []core.ExtensionProfileComponent{
				{Name: "traefik"}, {Name: "proxy"},
			}},
			Status: core.ExtensionProfileStatus{Components: []core.ExtensionProfileComponentStatus{
				{Name: "traefik", Versions: []core.ExpirableVersionStatus{
					{Version: "3.6.7", Classification: core.ClassificationExpired},
					{Version: "3.6.12", Classification: core.ClassificationDeprecated},
					{Version: "3.6.13", Classification: core.ClassificationSupported},
					{Version: "3.6.14", Classification: core.ClassificationUnavailable},
					{Version: "3.7.0", Classification: core.ClassificationPreview},
				}},
				{Name: "proxy", Versions: []core.ExpirableVersionStatus{
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
		Expect(names).To(Equal([]string{"Name", "Components", "Preview", "Supported", "Deprecated", "Expired", "Unavailable", "Age"}))
		Expect(table.ResourceVersion).To(Equal("42"))
	})

	It("counts the classifications over all components from the status", func() {
		table, err := newTableConvertor().ConvertToTable(ctx, profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(table.Rows).To(HaveLen(1))
		Expect(table.Rows[0].Cells).To(Equal([]interface{}{"shoot-traefik", "traefik,proxy", "1", "2", "1", "1", "1", "<unknown>"}))
	})

	It("prints <unknown> counts before the profile was classified", func() {
		profile.Status = core.ExtensionProfileStatus{}
		table, err := newTableConvertor().ConvertToTable(ctx, profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(table.Rows[0].Cells[2:7]).To(Equal([]interface{}{"<unknown>", "<unknown>", "<unknown>", "<unknown>", "<unknown>"}))
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
