// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	gomegatypes "github.com/onsi/gomega/types"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

var _ = Describe("Shoot validation of the modelled fields", func() {
	long := strings.Repeat("x", 300)

	DescribeTable("ValidateShoot",
		func(mutate func(*core.Shoot), matchers ...gomegatypes.GomegaMatcher) {
			shoot := withoutComponentVersions(validShoot())
			mutate(shoot)
			errs := ValidateShoot(shoot)
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
			// No error quotes more than the bounded prefix of a value.
			for _, err := range errs {
				Expect(len(err.Error())).To(BeNumerically("<", 600), err.Error())
			}
		},
		Entry("a workerless Shoot", func(s *core.Shoot) { s.Spec.Provider.Workers = nil }),
		Entry("no cloud profile", func(s *core.Shoot) { s.Spec.CloudProfile = nil },
			fieldErr(field.ErrorTypeRequired, "spec.cloudProfile.name")),
		Entry("only the deprecated cloudProfileName, Kubernetes 1.33", func(s *core.Shoot) {
			s.Spec.CloudProfile, s.Spec.CloudProfileName, s.Spec.Kubernetes.Version = nil, ptr.To("local"), "1.33.9"
		}),
		Entry("only the deprecated cloudProfileName, Kubernetes 1.34", func(s *core.Shoot) {
			s.Spec.CloudProfile, s.Spec.CloudProfileName, s.Spec.Kubernetes.Version = nil, ptr.To("local"), "1.34.0"
		}, fieldErrDetail(field.ErrorTypeForbidden, "spec.cloudProfileName",
			"for Kubernetes version >= 1.34, cloudProfileName field is no longer supported, use spec.cloudProfile.name instead")),
		Entry("unknown cloud profile kind", func(s *core.Shoot) { s.Spec.CloudProfile.Kind = "Bogus" },
			fieldErr(field.ErrorTypeNotSupported, "spec.cloudProfile.kind")),
		Entry("over-long cloud profile kind", func(s *core.Shoot) { s.Spec.CloudProfile.Kind = long },
			fieldErr(field.ErrorTypeTooLong, "spec.cloudProfile.kind")),
		Entry("Kubernetes version abc", func(s *core.Shoot) { s.Spec.Kubernetes.Version = "abc" },
			fieldErr(field.ErrorTypeInvalid, "spec.kubernetes.version")),
		Entry("Kubernetes version with a leading v", func(s *core.Shoot) { s.Spec.Kubernetes.Version = "v1.35.6" },
			fieldErr(field.ErrorTypeInvalid, "spec.kubernetes.version")),
		Entry("over-long Kubernetes version", func(s *core.Shoot) { s.Spec.Kubernetes.Version = long },
			fieldErr(field.ErrorTypeTooLong, "spec.kubernetes.version")),
		Entry("purpose bogus", func(s *core.Shoot) { s.Spec.Purpose = ptr.To[core.ShootPurpose]("bogus") },
			fieldErr(field.ErrorTypeNotSupported, "spec.purpose")),
		Entry("purpose production", func(s *core.Shoot) { s.Spec.Purpose = ptr.To(core.ShootPurposeProduction) }),
		Entry("purpose infrastructure outside the garden namespace", func(s *core.Shoot) {
			s.Spec.Purpose = ptr.To(core.ShootPurposeInfrastructure)
		}, fieldErr(field.ErrorTypeForbidden, "spec.purpose")),
		Entry("purpose infrastructure in the garden namespace", func(s *core.Shoot) {
			s.Namespace, s.Spec.Purpose = "garden", ptr.To(core.ShootPurposeInfrastructure)
		}),
		Entry("over-long region", func(s *core.Shoot) { s.Spec.Region = long },
			fieldErr(field.ErrorTypeTooLong, "spec.region")),
		Entry("negative minimum, maximum below minimum", func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].Minimum, s.Spec.Provider.Workers[0].Maximum = -5, -6
		},
			fieldErr(field.ErrorTypeInvalid, "spec.provider.workers[0].minimum"),
			fieldErr(field.ErrorTypeInvalid, "spec.provider.workers[0].maximum"),
			fieldErr(field.ErrorTypeForbidden, "spec.provider.workers[0].maximum")),
		Entry("maximum below minimum", func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].Minimum, s.Spec.Provider.Workers[0].Maximum = 3, 2
		}, fieldErr(field.ErrorTypeForbidden, "spec.provider.workers[0].maximum")),
		Entry("maximum below the number of zones", func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].Minimum, s.Spec.Provider.Workers[0].Maximum = 1, 1
			s.Spec.Provider.Workers[0].Zones = []string{"a", "b"}
		}, fieldErr(field.ErrorTypeForbidden, "spec.provider.workers[0].maximum")),
		Entry("duplicate zones", func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].Maximum = 2
			s.Spec.Provider.Workers[0].Zones = []string{"a", "a"}
		}, fieldErr(field.ErrorTypeDuplicate, "spec.provider.workers[0].zones[1]")),
		Entry("worker name longer than 15 characters", func(s *core.Shoot) { s.Spec.Provider.Workers[0].Name = "a-very-long-pool-name" },
			fieldErr(field.ErrorTypeTooLong, "spec.provider.workers[0].name")),
		Entry("worker without machine type", func(s *core.Shoot) { s.Spec.Provider.Workers[0].Machine.Type = "" },
			fieldErr(field.ErrorTypeRequired, "spec.provider.workers[0].machine.type")),
		Entry("unknown architecture", func(s *core.Shoot) { s.Spec.Provider.Workers[0].Machine.Architecture = ptr.To("sparc") },
			fieldErr(field.ErrorTypeNotSupported, "spec.provider.workers[0].machine.architecture")),
		Entry("unknown CRI", func(s *core.Shoot) { s.Spec.Provider.Workers[0].CRI = &core.CRI{Name: "docker"} },
			fieldErr(field.ErrorTypeNotSupported, "spec.provider.workers[0].cri.name")),
		Entry("over-long machine image version", func(s *core.Shoot) { s.Spec.Provider.Workers[0].Machine.Image.Version = long },
			fieldErr(field.ErrorTypeTooLong, "spec.provider.workers[0].machine.image.version")),
		Entry("maxSurge and maxUnavailable both zero", func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].MaxSurge = ptr.To(intstr.FromInt32(0))
			s.Spec.Provider.Workers[0].MaxUnavailable = ptr.To(intstr.FromString("0%"))
		}, fieldErr(field.ErrorTypeInvalid, "spec.provider.workers[0].maxUnavailable")),
		Entry("negative maxSurge, malformed and too big maxUnavailable", func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].MaxSurge = ptr.To(intstr.FromInt32(-1))
			s.Spec.Provider.Workers[1].MaxUnavailable = ptr.To(intstr.FromString("half"))
			s.Spec.Provider.Workers[0].MaxUnavailable = ptr.To(intstr.FromString("150%"))
		},
			fieldErr(field.ErrorTypeInvalid, "spec.provider.workers[0].maxSurge"),
			fieldErr(field.ErrorTypeInvalid, "spec.provider.workers[0].maxUnavailable"),
			fieldErr(field.ErrorTypeInvalid, "spec.provider.workers[1].maxUnavailable")),
		Entry("valid networks", func(s *core.Shoot) {
			s.Spec.Networking = &core.Networking{Type: ptr.To("calico"), Nodes: ptr.To("10.250.0.0/16"), Pods: ptr.To("100.96.0.0/11"), Services: ptr.To("100.64.0.0/13")}
		}),
		Entry("nodes bogus", func(s *core.Shoot) { s.Spec.Networking = &core.Networking{Nodes: ptr.To("bogus")} },
			fieldErr(field.ErrorTypeInvalid, "spec.networking.nodes")),
		Entry("over-long nodes", func(s *core.Shoot) { s.Spec.Networking = &core.Networking{Nodes: &long} },
			fieldErr(field.ErrorTypeTooLong, "spec.networking.nodes")),
		Entry("overlapping pods and services", func(s *core.Shoot) {
			s.Spec.Networking = &core.Networking{Pods: ptr.To("100.64.0.0/10"), Services: ptr.To("100.64.0.0/13")}
		}, fieldErr(field.ErrorTypeInvalid, "spec.networking.services")),
		Entry("extension type over 63 characters (not a DNS-1123 label, as in Gardener)", func(s *core.Shoot) { s.Spec.Extensions[0].Type = strings.Repeat("x", 64) },
			fieldErr(field.ErrorTypeInvalid, "spec.extensions[0].type")),
		Entry("extension type over MaxNameLength, refused without quoting it", func(s *core.Shoot) { s.Spec.Extensions[0].Type = long },
			fieldErr(field.ErrorTypeTooLong, "spec.extensions[0].type")),
		Entry("extension type with capitals", func(s *core.Shoot) { s.Spec.Extensions[0].Type = "Shoot-Falco" },
			fieldErr(field.ErrorTypeInvalid, "spec.extensions[0].type")),
		Entry("over-long providerConfig", func(s *core.Shoot) {
			s.Spec.Extensions[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(`"` + strings.Repeat("y", MaxProviderConfigBytes) + `"`)}
		}, fieldErr(field.ErrorTypeTooLong, "spec.extensions[0].providerConfig")),
		Entry("over-long component version", func(s *core.Shoot) {
			s.Spec.Extensions[0].Components = []core.ExtensionComponent{{Name: "falco", Version: &long}}
		},
			fieldErr(field.ErrorTypeTooLong, "spec.extensions[0].components[0].version"),
			// the gate is off in this context: components are forbidden on new use
			fieldErr(field.ErrorTypeForbidden, "spec.extensions[0].components")),
		Entry("over-long maintenance begin", func(s *core.Shoot) {
			s.Spec.Maintenance = &core.Maintenance{TimeWindow: &core.MaintenanceTimeWindow{Begin: long, End: "230000+0000"}}
		}, fieldErr(field.ErrorTypeTooLong, "spec.maintenance.timeWindow.begin")),
	)

	It("does not re-check an unchanged Kubernetes version and purpose on update", func() {
		oldShoot := withoutComponentVersions(validShoot())
		oldShoot.Spec.Kubernetes.Version = "1.35"
		oldShoot.Spec.Purpose = ptr.To[core.ShootPurpose]("legacy")
		newShoot := oldShoot.DeepCopy()
		newShoot.Spec.Provider.Workers[0].Maximum = 3
		Expect(ValidateShootUpdate(newShoot, oldShoot)).To(BeEmpty())
	})

	It("forbids changing region and provider type and downgrading Kubernetes", func() {
		oldShoot := withoutComponentVersions(validShoot())
		newShoot := oldShoot.DeepCopy()
		newShoot.Spec.Region, newShoot.Spec.Provider.Type, newShoot.Spec.Kubernetes.Version = "other", "aws", "1.34.9"
		// The pools run the control plane's version, so theirs is downgraded too (as in Gardener).
		Expect(ValidateShootUpdate(newShoot, oldShoot)).To(ConsistOf(
			fieldErr(field.ErrorTypeInvalid, "spec.region"),
			fieldErr(field.ErrorTypeInvalid, "spec.provider.type"),
			fieldErr(field.ErrorTypeForbidden, "spec.kubernetes.version"),
			fieldErr(field.ErrorTypeForbidden, "spec.provider.workers[0].kubernetes.version"),
			fieldErr(field.ErrorTypeForbidden, "spec.provider.workers[1].kubernetes.version"),
		))
		newShoot = oldShoot.DeepCopy()
		newShoot.Spec.Kubernetes.Version = "1.36.3"
		Expect(ValidateShootUpdate(newShoot, oldShoot)).To(BeEmpty())
	})

	DescribeTable("QuotedValue",
		func(in, out string) { Expect(QuotedValue(in)).To(Equal(out)) },
		Entry("short values unchanged", "1.35.6", "1.35.6"),
		Entry("long values cut", strings.Repeat("a", 100), strings.Repeat("a", 64)+"... (100 bytes)"),
		Entry("cut at a rune boundary", strings.Repeat("a", 63)+"äb", strings.Repeat("a", 63)+"... (66 bytes)"),
	)
})
