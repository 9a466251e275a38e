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
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
)

var _ = Describe("table convertor", func() {
	var ctx = context.Background()

	shoot := func(mutate func(*core.Shoot)) *core.Shoot {
		s := &core.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "falco-traefik-eval", Namespace: "garden-dev"},
			Spec: core.ShootSpec{
				CloudProfile: &core.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
				Region:       "local",
				Kubernetes:   core.Kubernetes{Version: "1.35.6"},
				Provider:     core.Provider{Type: "local"},
				Extensions: []core.Extension{
					{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falco", Version: ptr.To("0.44.1")}}},
					{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}, {Name: "proxy"}}},
					{Type: "shoot-cert-service"},
				},
			},
		}
		mutate(s)
		return s
	}

	It("prints the column headers", func() {
		table, err := newTableConvertor().ConvertToTable(ctx, shoot(func(*core.Shoot) {}), nil)
		Expect(err).NotTo(HaveOccurred())
		var names []string
		for _, c := range table.ColumnDefinitions {
			names = append(names, c.Name)
		}
		Expect(names).To(Equal([]string{"Name", "CloudProfile", "Provider", "Region", "K8S Version", "Pinned Components", "Seed", "Last Maintenance", "Age"}))
		Expect(table.ColumnDefinitions[6].Priority).To(Equal(int32(1)), "Seed is shown with -o wide only")
		Expect(table.ColumnDefinitions[7].Priority).To(Equal(int32(1)), "Last Maintenance is shown with -o wide only")
	})

	DescribeTable("rows",
		func(mutate func(*core.Shoot), cells ...interface{}) {
			table, err := newTableConvertor().ConvertToTable(ctx, shoot(mutate), nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(table.Rows).To(HaveLen(1))
			Expect(table.Rows[0].Cells).To(Equal(cells))
		},
		Entry("pinned components in spec order, components without version left out", func(*core.Shoot) {},
			"falco-traefik-eval", "local", "local", "local", "1.35.6", "shoot-falco-service/falco=0.44.1,shoot-traefik/traefik=3.6.13", "<none>", "<none>", "<unknown>"),
		Entry("no pins", func(s *core.Shoot) { s.Spec.Extensions = nil },
			"falco-traefik-eval", "local", "local", "local", "1.35.6", "<none>", "<none>", "<none>", "<unknown>"),
		Entry("a NamespacedCloudProfile", func(s *core.Shoot) { s.Spec.CloudProfile.Kind = "NamespacedCloudProfile" },
			"falco-traefik-eval", "garden-dev/local", "local", "local", "1.35.6", "shoot-falco-service/falco=0.44.1,shoot-traefik/traefik=3.6.13", "<none>", "<none>", "<unknown>"),
		Entry("the deprecated cloudProfileName", func(s *core.Shoot) {
			s.Spec.CloudProfile = nil
			s.Spec.CloudProfileName = ptr.To("aws")
		}, "falco-traefik-eval", "aws", "local", "local", "1.35.6", "shoot-falco-service/falco=0.44.1,shoot-traefik/traefik=3.6.13", "<none>", "<none>", "<unknown>"),
		Entry("seed and last maintenance (-o wide)", func(s *core.Shoot) {
			s.Spec.SeedName = ptr.To("local")
			s.Status.LastMaintenance = &core.LastMaintenance{State: "Failed", TriggeredTime: metav1.NewTime(time.Date(2026, time.November, 29, 0, 10, 0, 0, time.UTC))}
		}, "falco-traefik-eval", "local", "local", "local", "1.35.6", "shoot-falco-service/falco=0.44.1,shoot-traefik/traefik=3.6.13", "local", "Failed 2026-11-29T00:10:00Z", "<unknown>"),
		Entry("no cloud profile", func(s *core.Shoot) { s.Spec.CloudProfile = nil },
			"falco-traefik-eval", "<none>", "local", "local", "1.35.6", "shoot-falco-service/falco=0.44.1,shoot-traefik/traefik=3.6.13", "<none>", "<none>", "<unknown>"),
	)

	It("converts lists", func() {
		list := &core.ShootList{ListMeta: metav1.ListMeta{ResourceVersion: "9"}, Items: []core.Shoot{*shoot(func(*core.Shoot) {}), *shoot(func(s *core.Shoot) { s.Name = "other" })}}
		table, err := newTableConvertor().ConvertToTable(ctx, list, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(table.ResourceVersion).To(Equal("9"))
		Expect(table.Rows).To(HaveLen(2))
		Expect(table.Rows[1].Cells[0]).To(Equal("other"))
	})
})
