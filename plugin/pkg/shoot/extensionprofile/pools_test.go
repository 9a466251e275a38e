// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
)

var _ = Describe("ShootExtensionProfile per-pool pins", func() {
	var (
		ctx      context.Context
		admitter *ShootExtensionProfile
	)

	BeforeEach(func() {
		ctx, _, _, admitter, _ = newPlugin()
	})

	const notYet = "per-pool component versions are not checked against ExtensionProfiles yet"

	DescribeTable("are refused until they are checked against the profile",
		func(mutate func(*core.Worker), detail string) {
			shoot := shootWith(traefik("3.6.13"))
			mutate(&shoot.Spec.Provider.Workers[0])
			err := admitter.Validate(ctx, attributes(shoot, nil, admission.Create, ""), nil)
			if detail == "" {
				Expect(err).NotTo(HaveOccurred())
				return
			}
			Expect(apierrors.IsForbidden(err)).To(BeTrue())
			Expect(err).To(MatchError(ContainSubstring(detail)))
		},
		Entry("a container runtime without components", func(w *core.Worker) {
			w.CRI = &core.CRI{Name: core.CRINameContainerD, ContainerRuntimes: []core.ContainerRuntime{{Type: "gvisor"}}}
		}, ""),
		Entry("a container runtime pin", func(w *core.Worker) {
			w.CRI = &core.CRI{Name: core.CRINameContainerD, ContainerRuntimes: []core.ContainerRuntime{
				{Type: "kata"}, {Type: "gvisor", Components: []core.ExtensionComponent{{Name: "runsc", Version: ptr.To("1.0.0")}}},
			}}
		}, "spec.provider.workers[0].cri.containerRuntimes[1].components: Forbidden: "+notYet),
		Entry("a pool override", func(w *core.Worker) {
			w.Extensions = []core.WorkerExtension{{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.12")}}}}
		}, "spec.provider.workers[0].extensions: Forbidden: "+notYet),
	)
})
