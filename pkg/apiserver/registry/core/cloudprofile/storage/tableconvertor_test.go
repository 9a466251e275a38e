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
	It("prints name, provider and age", func() {
		profile := &core.CloudProfile{ObjectMeta: metav1.ObjectMeta{Name: "local"}, Spec: core.CloudProfileSpec{Type: "local"}}
		table, err := newTableConvertor().ConvertToTable(context.Background(), profile, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(table.ColumnDefinitions).To(HaveLen(3))
		Expect(table.ColumnDefinitions[1].Name).To(Equal("Provider"))
		Expect(table.Rows).To(HaveLen(1))
		Expect(table.Rows[0].Cells).To(Equal([]interface{}{"local", "local", "<unknown>"}))
	})
})
