// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

// channelShoot is validShoot with falco following the stable channel (extension level, no
// autoUpdate) and traefik following rapid (component level, no autoUpdate).
func channelShoot() *core.Shoot {
	s := validShoot()
	s.Spec.Extensions[0].AutoUpdate = nil
	s.Spec.Extensions[0].Channel = ptr.To(core.ReleaseChannelStable)
	s.Spec.Extensions[1].Components[0].AutoUpdate = nil
	s.Spec.Extensions[1].Components[0].Channel = ptr.To(core.ReleaseChannelRapid)
	return s
}

var _ = Describe("Shoot release channels", func() {
	Context("with the ExtensionComponentVersions feature gate on", func() {
		componentVersionsGate(true)

		DescribeTable("ValidateShoot",
			validateMutated(channelShoot),
			Entry("channels at both levels", noChange),
			Entry("a component channel beside an extension channel", func(s *core.Shoot) {
				s.Spec.Extensions[0].Components[0].Channel = ptr.To(core.ReleaseChannelRegular)
			}),
			Entry("a component autoUpdate beside an extension channel (the component opts out of it)", func(s *core.Shoot) {
				s.Spec.Extensions[0].Components[0].AutoUpdate = &core.ExtensionAutoUpdate{Enabled: ptr.To(false)}
			}),
			Entry("a channel without a version (admission resolves it)", func(s *core.Shoot) {
				s.Spec.Extensions[0].Components[0].Version = nil
			}),
			Entry("an unknown extension channel", func(s *core.Shoot) {
				s.Spec.Extensions[0].Channel = ptr.To[core.ReleaseChannel]("beta")
			}, fieldErr(field.ErrorTypeNotSupported, "spec.extensions[0].channel")),
			Entry("an unknown component channel", func(s *core.Shoot) {
				s.Spec.Extensions[1].Components[0].Channel = ptr.To[core.ReleaseChannel]("Stable")
			}, fieldErr(field.ErrorTypeNotSupported, "spec.extensions[1].components[0].channel")),
			Entry("an extension channel together with an extension autoUpdate", func(s *core.Shoot) {
				s.Spec.Extensions[0].AutoUpdate = &core.ExtensionAutoUpdate{Enabled: ptr.To(true)}
			}, fieldErrDetail(field.ErrorTypeForbidden, "spec.extensions[0].autoUpdate", "must not be set together with channel")),
			Entry("a component channel together with a component autoUpdate", func(s *core.Shoot) {
				s.Spec.Extensions[1].Components[0].AutoUpdate = &core.ExtensionAutoUpdate{UpdateStrategy: ptr.To(core.UpdateStrategyMajor)}
			}, fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].components[0].autoUpdate")),
		)

		It("reports each error of the GEP-78 fields once on update", func() {
			newShoot := channelShoot()
			newShoot.Spec.Extensions[0].Channel = ptr.To[core.ReleaseChannel]("beta")
			newShoot.Spec.Extensions[1].Components[0].Name = ""
			expectFieldErrs(ValidateShootUpdate(newShoot, channelShoot()),
				fieldErr(field.ErrorTypeNotSupported, "spec.extensions[0].channel"),
				fieldErr(field.ErrorTypeRequired, "spec.extensions[1].components[0].name"),
			)
		})
	})

	Context("with the ExtensionComponentVersions feature gate off", func() {
		componentVersionsGate(false)

		It("refuses a channel on a new Shoot", func() {
			s := withoutComponentVersions(validShoot())
			s.Spec.Extensions[0].Channel = ptr.To(core.ReleaseChannelStable)
			Expect(ValidateShoot(s)).To(ConsistOf(
				fieldErrDetail(field.ErrorTypeForbidden, "spec.extensions[0].channel", "requires the ExtensionComponentVersions feature gate")))
		})

		DescribeTable("ValidateShootUpdate keeps stored channels frozen",
			validateMutatedUpdate(channelShoot),
			Entry("unchanged channels, other fields changed", func(s *core.Shoot) {
				s.Spec.Kubernetes.Version = "1.36.3"
			}),
			Entry("dropped extension channel", func(s *core.Shoot) {
				s.Spec.Extensions[0].Channel = nil
			}),
			Entry("changed extension channel", func(s *core.Shoot) {
				s.Spec.Extensions[0].Channel = ptr.To(core.ReleaseChannelRapid)
			}, fieldErr(field.ErrorTypeForbidden, "spec.extensions[0].channel")),
			Entry("changed component channel", func(s *core.Shoot) {
				s.Spec.Extensions[1].Components[0].Channel = ptr.To(core.ReleaseChannelStable)
			}, fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].components")),
			Entry("channel added on an extension that had none", func(s *core.Shoot) {
				s.Spec.Extensions[1].Channel = ptr.To(core.ReleaseChannelRegular)
			}, fieldErr(field.ErrorTypeForbidden, "spec.extensions[1].channel")),
		)
	})
})
