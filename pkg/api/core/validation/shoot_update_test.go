// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	gomegatypes "github.com/onsi/gomega/types"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

// updatableShoot is a scheduled Shoot with every field the update rules look at set.
func updatableShoot() *core.Shoot {
	shoot := withoutComponentVersions(validShoot())
	shoot.Spec.SeedName = ptr.To("local")
	shoot.Spec.SchedulerName = ptr.To("default-scheduler")
	shoot.Spec.CredentialsBindingName = ptr.To("local")
	shoot.Spec.Networking = &core.Networking{
		Type: ptr.To("calico"), Nodes: ptr.To("10.250.0.0/16"), Pods: ptr.To("100.96.0.0/11"), Services: ptr.To("100.64.0.0/13"),
		IPFamilies: []core.IPFamily{core.IPFamilyIPv4},
	}
	shoot.Spec.Kubernetes.KubeControllerManager = &core.KubeControllerManagerConfig{NodeCIDRMaskSize: ptr.To[int32](24)}
	shoot.Spec.DNS = &core.DNS{Domain: ptr.To("dev.example.com"), Providers: []core.DNSProvider{
		{Primary: ptr.To(true), Type: ptr.To("aws-route53")}, {Type: ptr.To("google-clouddns")},
	}}
	return shoot
}

// selfHosted makes the first pool of s run the control plane, with an etcd backup.
func selfHosted(s *core.Shoot) { selfHostedProvider(&s.Spec.Provider) }

func selfHostedProvider(p *core.Provider) {
	p.Workers[0].ControlPlane = &core.WorkerControlPlane{Backup: &core.Backup{Provider: "local", Region: ptr.To("local")}}
}

func inPlace(s *core.Shoot) {
	for i := range s.Spec.Provider.Workers {
		s.Spec.Provider.Workers[i].UpdateStrategy = ptr.To(core.AutoInPlaceUpdate)
	}
}

const immutable = "field is immutable"

// expectUpdate validates the update of oldShoot (prepared by mutateOld) to a copy changed by
// mutateNew, and expects exactly the matched errors.
func expectUpdate(mutateOld, mutateNew func(*core.Shoot), matchers ...gomegatypes.GomegaMatcher) {
	oldShoot := updatableShoot()
	mutateOld(oldShoot)
	newShoot := oldShoot.DeepCopy()
	mutateNew(newShoot)
	errs := ValidateShootUpdate(newShoot, oldShoot)
	if len(matchers) == 0 {
		Expect(errs).To(BeEmpty())
		return
	}
	Expect(errs).To(ConsistOf(matchers))
}

var _ = Describe("Shoot spec update rules (ValidateShootSpecUpdate)", func() {
	DescribeTable("ValidateShootUpdate",
		expectUpdate,
		Entry("nothing changed", noChange, noChange),
		Entry("a mutable field changed", noChange, func(s *core.Shoot) { s.Spec.Provider.Workers[0].Maximum = 4 }),

		Entry("deletionTimestamp: the spec changed", func(s *core.Shoot) { s.DeletionTimestamp = &metav1.Time{} },
			func(s *core.Shoot) { s.Spec.Provider.Workers[0].Maximum = 4 },
			fieldErrExact(field.ErrorTypeForbidden, "spec", "cannot update shoot spec if deletion timestamp is set. Requested changes: Provider.Workers.slice[0].Maximum: 4 != 0")),
		Entry("deletionTimestamp: only the metadata changed", func(s *core.Shoot) { s.DeletionTimestamp = &metav1.Time{} },
			func(s *core.Shoot) { s.Labels = map[string]string{"a": "b"} }),

		Entry("region", noChange, func(s *core.Shoot) { s.Spec.Region = "other" },
			fieldErrExact(field.ErrorTypeInvalid, "spec.region", immutable)),
		Entry("provider type", noChange, func(s *core.Shoot) { s.Spec.Provider.Type = "aws" },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.type", immutable)),
		Entry("cloudProfileName on Kubernetes 1.34 or later (checked by the spec rules as well, as in Gardener)", noChange,
			func(s *core.Shoot) { s.Spec.CloudProfileName = ptr.To("local") },
			fieldErrExact(field.ErrorTypeForbidden, "spec.cloudProfileName", "for Kubernetes version >= 1.34, cloudProfileName field is no longer supported, use spec.cloudProfile.name instead"),
			fieldErrExact(field.ErrorTypeForbidden, "spec.cloudProfileName", "for Kubernetes version >= 1.34, cloudProfileName field is no longer supported, use spec.cloudProfile.name instead")),

		Entry("control plane zones changed", func(s *core.Shoot) { s.Spec.ControlPlane = &core.ControlPlane{Zones: []string{"a"}} },
			func(s *core.Shoot) { s.Spec.ControlPlane.Zones = []string{"b"} },
			fieldErrExact(field.ErrorTypeForbidden, "spec.controlPlane.zones", immutable)),
		Entry("control plane zones cleared", func(s *core.Shoot) { s.Spec.ControlPlane = &core.ControlPlane{Zones: []string{"a"}} },
			func(s *core.Shoot) { s.Spec.ControlPlane.Zones = nil }),
		Entry("control plane zones grown for zone failure tolerance", func(s *core.Shoot) { s.Spec.ControlPlane = &core.ControlPlane{Zones: []string{"a"}} },
			func(s *core.Shoot) {
				s.Spec.ControlPlane = &core.ControlPlane{Zones: []string{"b", "a", "c"},
					HighAvailability: &core.HighAvailability{FailureTolerance: core.FailureTolerance{Type: core.FailureToleranceTypeZone}}}
			}),
		Entry("control plane zones grown for zone failure tolerance without the old zone", func(s *core.Shoot) { s.Spec.ControlPlane = &core.ControlPlane{Zones: []string{"a"}} },
			func(s *core.Shoot) {
				s.Spec.ControlPlane = &core.ControlPlane{Zones: []string{"b", "c", "d"},
					HighAvailability: &core.HighAvailability{FailureTolerance: core.FailureTolerance{Type: core.FailureToleranceTypeZone}}}
			},
			fieldErrExact(field.ErrorTypeForbidden, "spec.controlPlane.zones", "existing zones cannot be removed when expanding for zone failure tolerance upgrade")),

		Entry("credentialsBindingName unset", noChange, func(s *core.Shoot) { s.Spec.CredentialsBindingName = nil },
			fieldErrExact(field.ErrorTypeForbidden, "spec.credentialsBindingName", "the field cannot be unset")),
		Entry("credentialsBindingName changed", noChange, func(s *core.Shoot) { s.Spec.CredentialsBindingName = ptr.To("other") }),
		Entry("secretBindingName changed", func(s *core.Shoot) { s.Spec.SecretBindingName = ptr.To("local") },
			func(s *core.Shoot) { s.Spec.SecretBindingName = ptr.To("other") },
			fieldErrExact(field.ErrorTypeInvalid, "spec.secretBindingName", immutable)),
		Entry("secretBindingName set", noChange, func(s *core.Shoot) { s.Spec.SecretBindingName = ptr.To("local") },
			fieldErrExact(field.ErrorTypeInvalid, "spec.secretBindingName", immutable)),
		Entry("secretBindingName replaced by credentialsBindingName (migration)",
			func(s *core.Shoot) { s.Spec.SecretBindingName, s.Spec.CredentialsBindingName = ptr.To("local"), nil },
			func(s *core.Shoot) { s.Spec.SecretBindingName, s.Spec.CredentialsBindingName = nil, ptr.To("local") }),
		Entry("secretBindingName removed without credentialsBindingName",
			func(s *core.Shoot) { s.Spec.SecretBindingName, s.Spec.CredentialsBindingName = ptr.To("local"), nil },
			func(s *core.Shoot) { s.Spec.SecretBindingName = nil },
			fieldErrExact(field.ErrorTypeInvalid, "spec.secretBindingName", immutable)),

		Entry("dns removed", noChange, func(s *core.Shoot) { s.Spec.DNS = nil },
			fieldErrExact(field.ErrorTypeInvalid, "spec.dns", immutable)),
		Entry("dns domain changed", noChange, func(s *core.Shoot) { s.Spec.DNS.Domain = ptr.To("other.example.com") },
			fieldErrExact(field.ErrorTypeInvalid, "spec.dns.domain", immutable)),
		Entry("dns domain set", func(s *core.Shoot) { s.Spec.DNS.Domain = nil }, noChange),
		Entry("dns set", func(s *core.Shoot) { s.Spec.DNS = nil }, func(s *core.Shoot) { s.Spec.DNS = updatableShoot().Spec.DNS }),
		Entry("a secondary DNS provider removed", noChange, func(s *core.Shoot) { s.Spec.DNS.Providers = s.Spec.DNS.Providers[:1] }),
		Entry("primary DNS provider removed before scheduling", func(s *core.Shoot) { s.Spec.SeedName = nil }, func(s *core.Shoot) { s.Spec.DNS.Providers = nil }),
		Entry("primary DNS provider removed", noChange, func(s *core.Shoot) { s.Spec.DNS.Providers = s.Spec.DNS.Providers[1:] },
			fieldErrExact(field.ErrorTypeForbidden, "spec.dns.providers", "removing a primary provider is not allowed")),
		Entry("primary DNS provider type removed", noChange, func(s *core.Shoot) { s.Spec.DNS.Providers[0].Type = nil },
			fieldErrExact(field.ErrorTypeForbidden, "spec.dns.providers", "removing the primary provider type is not allowed")),
		Entry("primary DNS provider type changed", noChange, func(s *core.Shoot) { s.Spec.DNS.Providers[0].Type = ptr.To("azure-dns") },
			fieldErrExact(field.ErrorTypeForbidden, "spec.dns.providers", "changing primary provider type is not allowed")),
		Entry("primary DNS provider type changed before scheduling", func(s *core.Shoot) { s.Spec.SeedName = nil },
			func(s *core.Shoot) { s.Spec.DNS.Providers[0].Type = ptr.To("azure-dns") }),

		Entry("Kubernetes downgrade (the pools follow the control plane)", noChange, func(s *core.Shoot) { s.Spec.Kubernetes.Version = "1.35.5" },
			fieldErrExact(field.ErrorTypeForbidden, "spec.kubernetes.version", "kubernetes version downgrade is not supported"),
			fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers[0].kubernetes.version", "kubernetes version downgrade is not supported"),
			fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers[1].kubernetes.version", "kubernetes version downgrade is not supported")),
		Entry("Kubernetes upgrade to the next minor", noChange, func(s *core.Shoot) { s.Spec.Kubernetes.Version = "1.36.0" }),
		Entry("Kubernetes upgrade skipping a minor (pools may skip)", noChange, func(s *core.Shoot) { s.Spec.Kubernetes.Version = "1.37.0" },
			fieldErrExact(field.ErrorTypeForbidden, "spec.kubernetes.version", "kubernetes version upgrade cannot skip a minor version")),
		Entry("a new pool without a version follows the control plane", noChange, func(s *core.Shoot) {
			s.Spec.Kubernetes.Version = "1.35.5"
			s.Spec.Provider.Workers = []core.Worker{{Name: "new", Machine: s.Spec.Provider.Workers[0].Machine}}
		},
			fieldErrExact(field.ErrorTypeForbidden, "spec.kubernetes.version", "kubernetes version downgrade is not supported"),
			fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers[0].kubernetes.version", "kubernetes version downgrade is not supported")),
		Entry("a pool downgraded below the control plane", noChange, func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.34.9")}
		}, fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers[0].kubernetes.version", "kubernetes version downgrade is not supported")),
		Entry("an in-place pool skipping a minor", func(s *core.Shoot) {
			inPlace(s)
			s.Spec.Kubernetes.Version = "1.36.3"
			s.Spec.Provider.Workers[0].Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.34.9")}
		}, func(s *core.Shoot) { s.Spec.Provider.Workers[0].Kubernetes.Version = ptr.To("1.36.3") },
			fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers[0].kubernetes.version", "kubernetes version upgrade cannot skip a minor version")),

		Entry("nodeCIDRMaskSize changed", noChange, func(s *core.Shoot) { s.Spec.Kubernetes.KubeControllerManager.NodeCIDRMaskSize = ptr.To[int32](25) },
			fieldErrExact(field.ErrorTypeInvalid, "spec.kubernetes.kubeControllerManager.nodeCIDRMaskSize", immutable)),
		Entry("nodeCIDRMaskSizeIPv6 added (dual-stack migration)", noChange, func(s *core.Shoot) {
			s.Spec.Kubernetes.KubeControllerManager.NodeCIDRMaskSizeIPv6 = ptr.To[int32](64)
		}),
		Entry("nodeCIDRMaskSizeIPv6 changed", func(s *core.Shoot) { s.Spec.Kubernetes.KubeControllerManager.NodeCIDRMaskSizeIPv6 = ptr.To[int32](64) },
			func(s *core.Shoot) { s.Spec.Kubernetes.KubeControllerManager.NodeCIDRMaskSizeIPv6 = ptr.To[int32](72) },
			fieldErrExact(field.ErrorTypeInvalid, "spec.kubernetes.kubeControllerManager.nodeCIDRMaskSizeIPv6", immutable)),

		Entry("workers removed (workerless)", noChange, func(s *core.Shoot) { s.Spec.Provider.Workers = nil },
			fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers", "cannot switch from a Shoot with workers to a workerless Shoot")),
		Entry("workers added to a workerless Shoot", func(s *core.Shoot) { s.Spec.Provider.Workers = nil },
			func(s *core.Shoot) { s.Spec.Provider.Workers = validShoot().Spec.Provider.Workers },
			fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers", "cannot switch from a workerless Shoot to a Shoot with workers")),

		Entry("update strategy from in-place to rolling", inPlace, func(s *core.Shoot) { s.Spec.Provider.Workers[0].UpdateStrategy = ptr.To(core.AutoRollingUpdate) },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[0].updateStrategy", "update strategy cannot be changed from AutoInPlaceUpdate/ManualInPlaceUpdate to AutoRollingUpdate")),
		Entry("update strategy from rolling to in-place", noChange, func(s *core.Shoot) { s.Spec.Provider.Workers[0].UpdateStrategy = ptr.To(core.ManualInPlaceUpdate) },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[0].updateStrategy", "update strategy cannot be changed from AutoRollingUpdate to AutoInPlaceUpdate/ManualInPlaceUpdate")),
		Entry("update strategy between the in-place ones", inPlace, func(s *core.Shoot) { s.Spec.Provider.Workers[0].UpdateStrategy = ptr.To(core.ManualInPlaceUpdate) }),
		Entry("a new in-place pool (Gardener's InPlaceNodeUpdates gate is taken as on)", noChange, func(s *core.Shoot) {
			s.Spec.Provider.Workers[1].Name, s.Spec.Provider.Workers[1].UpdateStrategy = "new", ptr.To(core.AutoInPlaceUpdate)
		}),
		Entry("in-place: machine type", inPlace, func(s *core.Shoot) { s.Spec.Provider.Workers[0].Machine.Type = "large" },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[0].machine.type", "machine type cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate")),
		Entry("in-place: machine image name", inPlace, func(s *core.Shoot) { s.Spec.Provider.Workers[0].Machine.Image.Name = "ubuntu" },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[0].machine.image.name", "machine image name cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate"),
			// gardenlinux 1877.8.0 to ubuntu 1877.8.0 is no downgrade
		),
		Entry("in-place: CRI name", func(s *core.Shoot) {
			inPlace(s)
			s.Spec.Provider.Workers[0].CRI = &core.CRI{Name: core.CRINameContainerD}
		},
			func(s *core.Shoot) { s.Spec.Provider.Workers[0].CRI.Name = "cri-o" },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[0].cri.name", "CRI name cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate"),
			fieldErr(field.ErrorTypeNotSupported, "spec.provider.workers[0].cri.name")),
		Entry("in-place: volume", inPlace, func(s *core.Shoot) { s.Spec.Provider.Workers[0].Volume = &core.Volume{VolumeSize: "50Gi"} },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[0].volume", "volume cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate")),
		Entry("rolling: machine type, image and volume change", noChange, func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].Machine = core.Machine{Type: "large", Image: &core.ShootMachineImage{Name: "ubuntu", Version: "1.0.0"}}
			s.Spec.Provider.Workers[0].Volume = &core.Volume{VolumeSize: "50Gi"}
		}),
		Entry("in-place: machine image downgrade", inPlace, func(s *core.Shoot) { s.Spec.Provider.Workers[0].Machine.Image.Version = "1877.7.0" },
			fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers[0].machine.image.version", "machine image version downgrade is not supported when the update strategy is AutoInPlaceUpdate or ManualInPlaceUpdate")),
		Entry("in-place: machine image upgrade", inPlace, func(s *core.Shoot) { s.Spec.Provider.Workers[0].Machine.Image.Version = "1877.9.0" }),
		Entry("in-place: machine image removed", inPlace, func(s *core.Shoot) { s.Spec.Provider.Workers[0].Machine.Image = nil },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[0].machine.image.version", "cannot validate machine image version upgrade because it is unset")),

		Entry("control plane pool: backup provider", selfHosted, func(s *core.Shoot) { s.Spec.Provider.Workers[0].ControlPlane.Backup.Provider = "aws" },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[0].controlPlane.backup.provider", immutable)),
		Entry("control plane pool: backup region", selfHosted, func(s *core.Shoot) { s.Spec.Provider.Workers[0].ControlPlane.Backup.Region = ptr.To("eu") },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[0].controlPlane.backup.region", immutable)),
		Entry("control plane pool: backup removed", selfHosted, func(s *core.Shoot) { s.Spec.Provider.Workers[0].ControlPlane.Backup = nil },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[0].controlPlane.backup", immutable)),
		Entry("self-hosted to hosted", selfHosted, func(s *core.Shoot) { s.Spec.Provider.Workers[0].ControlPlane = nil },
			fieldErrExact(field.ErrorTypeInvalid, "spec.provider.workers[0].controlPlane.backup", immutable),
			fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers", "cannot switch a Shoot between self-hosted and hosted mode")),
		Entry("hosted to self-hosted", noChange, selfHosted,
			fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers", "cannot switch a Shoot between self-hosted and hosted mode")),
		Entry("control plane moved to another pool", func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].ControlPlane = &core.WorkerControlPlane{}
		}, func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].ControlPlane, s.Spec.Provider.Workers[1].ControlPlane = nil, &core.WorkerControlPlane{}
		}, fieldErrExact(field.ErrorTypeForbidden, "spec.provider.workers", "cannot change control plane worker pool")),

		Entry("networking removed", noChange, func(s *core.Shoot) { s.Spec.Networking = nil },
			fieldErrExact(field.ErrorTypeForbidden, "spec.networking", "networking cannot be set to nil if it's already set")),
		Entry("networking set", func(s *core.Shoot) { s.Spec.Networking = nil }, func(s *core.Shoot) { s.Spec.Networking = updatableShoot().Spec.Networking }),
		Entry("networking type", noChange, func(s *core.Shoot) { s.Spec.Networking.Type = ptr.To("cilium") },
			fieldErrExact(field.ErrorTypeInvalid, "spec.networking.type", immutable)),
		Entry("pods CIDR", noChange, func(s *core.Shoot) { s.Spec.Networking.Pods = ptr.To("100.128.0.0/11") },
			fieldErrExact(field.ErrorTypeInvalid, "spec.networking.pods", immutable)),
		Entry("services CIDR", noChange, func(s *core.Shoot) { s.Spec.Networking.Services = ptr.To("100.72.0.0/13") },
			fieldErrExact(field.ErrorTypeInvalid, "spec.networking.services", immutable)),
		Entry("pods and services CIDRs set where unset", func(s *core.Shoot) { s.Spec.Networking.Pods, s.Spec.Networking.Services = nil, nil },
			func(s *core.Shoot) { s.Spec.Networking = updatableShoot().Spec.Networking }),
		Entry("nodes CIDR", noChange, func(s *core.Shoot) { s.Spec.Networking.Nodes = ptr.To("10.251.0.0/16") }),
		Entry("IP families set where none were stored (v1beta1 defaults them on every read)", func(s *core.Shoot) { s.Spec.Networking.IPFamilies = nil },
			func(s *core.Shoot) { s.Spec.Networking.IPFamilies = []core.IPFamily{core.IPFamilyIPv4} },
			fieldErrExact(field.ErrorTypeForbidden, "spec.networking.ipFamilies", "unsupported IP family update: oldIPFamilies=[], newIPFamilies=[IPv4]")),
		Entry("IP families [IPv4] to [IPv6]", noChange, func(s *core.Shoot) { s.Spec.Networking.IPFamilies = []core.IPFamily{core.IPFamilyIPv6} },
			fieldErrExact(field.ErrorTypeForbidden, "spec.networking.ipFamilies", "unsupported IP family update: oldIPFamilies=[IPv4], newIPFamilies=[IPv6]")),
		Entry("IP families [IPv4] to [IPv4, IPv6]", noChange, func(s *core.Shoot) {
			s.Spec.Networking.IPFamilies = []core.IPFamily{core.IPFamilyIPv4, core.IPFamilyIPv6}
		}),
		Entry("IP families [IPv4, IPv6] to [IPv4]", func(s *core.Shoot) {
			s.Spec.Networking.IPFamilies = []core.IPFamily{core.IPFamilyIPv4, core.IPFamilyIPv6}
		},
			func(s *core.Shoot) { s.Spec.Networking.IPFamilies = []core.IPFamily{core.IPFamilyIPv4} }),
		Entry("IP families [IPv4, IPv6] to [IPv6, IPv4]", func(s *core.Shoot) {
			s.Spec.Networking.IPFamilies = []core.IPFamily{core.IPFamilyIPv4, core.IPFamilyIPv6}
		},
			func(s *core.Shoot) {
				s.Spec.Networking.IPFamilies = []core.IPFamily{core.IPFamilyIPv6, core.IPFamilyIPv4}
			},
			fieldErrExact(field.ErrorTypeForbidden, "spec.networking.ipFamilies", "unsupported IP family update: oldIPFamilies=[IPv4 IPv6], newIPFamilies=[IPv6 IPv4]")),
		Entry("IP families [IPv6] to [IPv4]", func(s *core.Shoot) { s.Spec.Networking.IPFamilies = []core.IPFamily{core.IPFamilyIPv6} },
			func(s *core.Shoot) { s.Spec.Networking.IPFamilies = []core.IPFamily{core.IPFamilyIPv4} },
			fieldErrExact(field.ErrorTypeForbidden, "spec.networking.ipFamilies", "unsupported IP family update: oldIPFamilies=[IPv6], newIPFamilies=[IPv4]")),

		Entry("scheduler name set to the default", func(s *core.Shoot) { s.Spec.SchedulerName = nil }, func(s *core.Shoot) { s.Spec.SchedulerName = ptr.To("default-scheduler") }),
		Entry("scheduler name set to another", func(s *core.Shoot) { s.Spec.SchedulerName = nil }, func(s *core.Shoot) { s.Spec.SchedulerName = ptr.To("custom") },
			fieldErrExact(field.ErrorTypeInvalid, "spec.schedulerName", immutable)),
		Entry("scheduler name changed", noChange, func(s *core.Shoot) { s.Spec.SchedulerName = ptr.To("custom") },
			fieldErrExact(field.ErrorTypeInvalid, "spec.schedulerName", immutable)),
	)

	It("cuts the values it reports to a bounded prefix", func() {
		long := strings.Repeat("y", 5000)
		oldShoot := updatableShoot()
		newShoot := oldShoot.DeepCopy()
		newShoot.Spec.Region, newShoot.Spec.Kubernetes.Version = long, long
		for _, err := range ValidateShootUpdate(newShoot, oldShoot) {
			Expect(len(err.Error())).To(BeNumerically("<", 600), err.Error())
		}
		Expect(ValidateShootUpdate(newShoot, oldShoot)).To(ContainElement(
			PointTo(MatchFields(IgnoreExtras, Fields{"Field": Equal("spec.region"), "BadValue": Equal(QuotedValue(long)), "Detail": Equal(immutable)}))))

		oldShoot.DeletionTimestamp = &metav1.Time{}
		newShoot = oldShoot.DeepCopy()
		newShoot.Spec.Region = long
		errs := ValidateShootUpdate(newShoot, oldShoot)
		Expect(errs).To(ContainElement(fieldErrDetail(field.ErrorTypeForbidden, "spec", "Requested changes: Region: yyy")))
		for _, err := range errs {
			Expect(len(err.Error())).To(BeNumerically("<", 600), err.Error())
		}
	})

	DescribeTable("ValidateCloudProfileReference",
		func(reference *core.CloudProfileReference, name *string, version string, matchers ...gomegatypes.GomegaMatcher) {
			errs := ValidateCloudProfileReference(reference, name, version, field.NewPath("spec"))
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("a CloudProfile", &core.CloudProfileReference{Kind: "CloudProfile", Name: "local"}, nil, "1.35.6"),
		Entry("a NamespacedCloudProfile", &core.CloudProfileReference{Kind: "NamespacedCloudProfile", Name: "custom"}, nil, "1.35.6"),
		Entry("cloudProfileName alone before Kubernetes 1.34", nil, ptr.To("local"), "1.33.9"),
		Entry("cloudProfileName alone on a 1.34 pre-release", nil, ptr.To("local"), "1.34.0-rc.1",
			fieldErrExact(field.ErrorTypeForbidden, "spec.cloudProfileName", "for Kubernetes version >= 1.34, cloudProfileName field is no longer supported, use spec.cloudProfile.name instead")),
		Entry("cloudProfileName beside cloudProfile on Kubernetes 1.35", &core.CloudProfileReference{Kind: "CloudProfile", Name: "local"}, ptr.To("local"), "1.35.6",
			fieldErrExact(field.ErrorTypeForbidden, "spec.cloudProfileName", "for Kubernetes version >= 1.34, cloudProfileName field is no longer supported, use spec.cloudProfile.name instead")),
		Entry("an empty cloudProfileName on Kubernetes 1.35", &core.CloudProfileReference{Kind: "CloudProfile", Name: "local"}, ptr.To(""), "1.35.6"),
		Entry("cloudProfileName with a version that does not parse", nil, ptr.To("local"), "latest"),
		Entry("no reference", nil, nil, "1.35.6", fieldErrExact(field.ErrorTypeRequired, "spec.cloudProfile.name", "must specify a cloud profile")),
		Entry("a reference without name", &core.CloudProfileReference{Kind: "CloudProfile"}, nil, "1.35.6",
			fieldErrExact(field.ErrorTypeRequired, "spec.cloudProfile.name", "must specify a cloud profile")),
		Entry("an unknown kind", &core.CloudProfileReference{Kind: "SeedProfile", Name: "local"}, nil, "1.35.6",
			fieldErrExact(field.ErrorTypeNotSupported, "spec.cloudProfile.kind", `supported values: "CloudProfile", "NamespacedCloudProfile"`)),
		Entry("an over-long kind (left to the length checks)", &core.CloudProfileReference{Kind: strings.Repeat("k", 300), Name: "local"}, nil, "1.35.6"),
	)

	DescribeTable("ValidateProviderUpdate",
		func(mutateOld, mutateNew func(*core.Provider), matchers ...gomegatypes.GomegaMatcher) {
			oldProvider := updatableShoot().Spec.Provider
			mutateOld(&oldProvider)
			newProvider := *oldProvider.DeepCopy()
			mutateNew(&newProvider)
			errs := ValidateProviderUpdate(&newProvider, &oldProvider, field.NewPath("provider"))
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("a pool renamed (a new pool; nothing to compare)", func(*core.Provider) {}, func(p *core.Provider) {
			p.Workers[0].Name, p.Workers[0].UpdateStrategy = "renamed", ptr.To(core.AutoInPlaceUpdate)
		}),
		Entry("pools reordered (matched by name)", func(p *core.Provider) { p.Workers[1].UpdateStrategy = ptr.To(core.AutoInPlaceUpdate) },
			func(p *core.Provider) { p.Workers[0], p.Workers[1] = p.Workers[1], p.Workers[0] }),
		Entry("an in-place pool without CRI gets one", func(p *core.Provider) { p.Workers[0].UpdateStrategy = ptr.To(core.AutoInPlaceUpdate) },
			func(p *core.Provider) { p.Workers[0].CRI = &core.CRI{Name: core.CRINameContainerD} }),
		Entry("the provider type and a strategy together", func(*core.Provider) {}, func(p *core.Provider) {
			p.Type, p.Workers[1].UpdateStrategy = "aws", ptr.To(core.ManualInPlaceUpdate)
		},
			fieldErrExact(field.ErrorTypeInvalid, "provider.type", immutable),
			fieldErrExact(field.ErrorTypeInvalid, "provider.workers[1].updateStrategy", "update strategy cannot be changed from AutoRollingUpdate to AutoInPlaceUpdate/ManualInPlaceUpdate")),
		Entry("a control plane pool keeps an unchanged backup", selfHostedProvider, func(p *core.Provider) { p.Workers[0].Maximum = 2 }),
		Entry("a control plane pool's backup added", func(p *core.Provider) { p.Workers[0].ControlPlane = &core.WorkerControlPlane{} }, selfHostedProvider),
	)

	DescribeTable("ValidateKubernetesVersionUpdate",
		func(newVersion, oldVersion string, skipMinorVersionAllowed bool, matchers ...gomegatypes.GomegaMatcher) {
			errs := ValidateKubernetesVersionUpdate(newVersion, oldVersion, skipMinorVersionAllowed, field.NewPath("v"))
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("unchanged", "1.35.6", "1.35.6", false),
		Entry("a patch upgrade", "1.35.7", "1.35.6", false),
		Entry("the next minor", "1.36.0", "1.35.6", false),
		Entry("a skipped minor", "1.37.0", "1.35.6", false,
			fieldErrExact(field.ErrorTypeForbidden, "v", "kubernetes version upgrade cannot skip a minor version")),
		Entry("a skipped minor where allowed", "1.37.0", "1.35.6", true),
		Entry("a downgrade", "1.35.5", "1.35.6", true, fieldErrExact(field.ErrorTypeForbidden, "v", "kubernetes version downgrade is not supported")),
		Entry("unset", "", "1.35.6", false, fieldErrExact(field.ErrorTypeInvalid, "v", "cannot validate kubernetes version upgrade because it is unset")),
		Entry("a new version that does not parse", "abc", "1.35.6", false, fieldErr(field.ErrorTypeInvalid, "v"), fieldErr(field.ErrorTypeInvalid, "v")),
		Entry("an old version that does not parse (no panic)", "1.35.6", "abc", false, fieldErr(field.ErrorTypeInvalid, "v"), fieldErr(field.ErrorTypeInvalid, "v")),
	)
})
