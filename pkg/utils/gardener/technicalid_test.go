// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/gardener"
)

var _ = Describe("Technical ID", func() {
	DescribeTable("ProjectNameForNamespace",
		func(namespace, project, errSubstring string) {
			got, err := ProjectNameForNamespace(namespace)
			if errSubstring != "" {
				Expect(err).To(MatchError(ContainSubstring(errSubstring)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(Equal(project))
		},
		Entry("project namespace", "garden-dev", "dev", ""),
		Entry("project name with hyphens", "garden-my-team", "my-team", ""),
		Entry("garden namespace is the garden project", "garden", "garden", ""),
		Entry("prefix without a project", "garden-", "", `namespace "garden-" is not a project namespace`),
		Entry("foreign namespace", "default", "", `namespace "default" is not a project namespace`),
		Entry("similar but not prefixed", "gardendev", "", "is not a project namespace"),
	)

	DescribeTable("ComputeTechnicalID (upstream's: status.technicalID, else from the given project, unvalidated)",
		func(project, statusID, want string) {
			shoot := &gardencorev1beta1.Shoot{
				ObjectMeta: metav1.ObjectMeta{Namespace: "ignored", Name: "local"},
				Status:     gardencorev1beta1.ShootStatus{TechnicalID: statusID},
			}
			Expect(ComputeTechnicalID(project, shoot)).To(Equal(want))
		},
		Entry("computed", "dev", "", "shoot--dev--local"),
		Entry("status.technicalID wins", "dev", "shoot--legacy--local", "shoot--legacy--local"),
	)

	DescribeTable("ComputeTechnicalIDFromNamespace",
		func(namespace, name, statusID, want, errSubstring string) {
			shoot := &gardencorev1beta1.Shoot{
				ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name},
				Status:     gardencorev1beta1.ShootStatus{TechnicalID: statusID},
			}
			got, err := ComputeTechnicalIDFromNamespace(shoot)
			if errSubstring != "" {
				Expect(err).To(MatchError(ContainSubstring(errSubstring)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(Equal(want))
		},
		Entry("GEP-78 example shoot", "garden-dev", "falco-traefik-eval", "", "shoot--dev--falco-traefik-eval", ""),
		Entry("shoot of the garden project", "garden", "local", "", "shoot--garden--local", ""),
		Entry("status.technicalID wins", "garden-dev", "local", "shoot--legacy--local", "shoot--legacy--local", ""),
		Entry("status.technicalID wins even outside a project namespace", "default", "local", "shoot--x--local", "shoot--x--local", ""),
		Entry("shoot outside a project namespace", "default", "local", "", "", "is not a project namespace"),
		Entry("ID longer than a namespace name may be", "garden-dev", strings.Repeat("a", 60), "", "", "is not a valid namespace name"),
	)
})
