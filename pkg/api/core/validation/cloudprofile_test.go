// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	gomegatypes "github.com/onsi/gomega/types"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

func imageVersion(version string, stages ...core.LifecycleStage) core.MachineImageVersion {
	return core.MachineImageVersion{ExpirableVersion: core.ExpirableVersion{Version: version, Lifecycle: stages}, Architectures: []string{"amd64"}}
}

// validCloudProfile is a reduced copy of the example CloudProfile "local".
func validCloudProfile() *core.CloudProfile {
	return &core.CloudProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "local", ResourceVersion: "1"},
		Spec: core.CloudProfileSpec{
			Type:    "local",
			Regions: []core.Region{{Name: "local"}},
			MachineTypes: []core.MachineType{{
				Name: "local", CPU: resource.MustParse("1"), GPU: resource.MustParse("0"), Memory: resource.MustParse("1Gi"), Architecture: ptr.To("amd64"),
			}},
			Kubernetes: core.KubernetesSettings{Versions: []core.ExpirableVersion{
				{Version: "1.37.1", Lifecycle: []core.LifecycleStage{stage(core.ClassificationPreview), stage(core.ClassificationSupported, 16*24*time.Hour)}},
				{Version: "1.36.3"},
				{Version: "1.35.4", Lifecycle: []core.LifecycleStage{stage(core.ClassificationSupported), stage(core.ClassificationDeprecated, -24*time.Hour), stage(core.ClassificationExpired, 24*time.Hour)}},
			}},
			MachineImages: []core.MachineImage{
				{Name: "gardenlinux", UpdateStrategy: ptr.To(core.UpdateStrategyMinor), Versions: []core.MachineImageVersion{
					imageVersion("2150.0.0", stage(core.ClassificationPreview, 60*24*time.Hour)),
					imageVersion("1877.8.0"),
				}},
				{Name: "ubuntu", UpdateStrategy: ptr.To(core.UpdateStrategyMajor), Versions: []core.MachineImageVersion{
					imageVersion("24.4.20260915"),
				}},
			},
		},
	}
}

// fullCloudProfile is validCloudProfile with every offering field of Gardener's CloudProfile set.
func fullCloudProfile() *core.CloudProfile {
	p := validCloudProfile()
	p.Spec.CABundle = ptr.To(testCertificate)
	p.Spec.MachineCapabilities = []core.CapabilityDefinition{{Name: "architecture", Values: []string{"amd64", "arm64"}}}
	p.Spec.MachineTypes = []core.MachineType{{
		Name: "m5.large", CPU: resource.MustParse("2"), GPU: resource.MustParse("0"), Memory: resource.MustParse("8Gi"),
		Usable: ptr.To(true), Architecture: ptr.To("amd64"), Capabilities: core.Capabilities{"architecture": {"amd64"}},
		Storage: &core.MachineTypeStorage{Class: "standard", Type: "default", MinSize: ptr.To(resource.MustParse("10Gi"))},
	}}
	p.Spec.VolumeTypes = []core.VolumeType{{Name: "gp3", Class: "standard"}, {Name: "io1", Class: "premium", MinSize: ptr.To(resource.MustParse("20Gi"))}}
	p.Spec.Regions = []core.Region{{
		Name:               "europe-central-1",
		Zones:              []core.AvailabilityZone{{Name: "europe-central-1a"}, {Name: "europe-central-1b", UnavailableMachineTypes: []string{"m5.large"}}},
		Labels:             map[string]string{"seed.gardener.cloud/reliability": "high"},
		AccessRestrictions: []core.AccessRestriction{{Name: "eu-access-only"}},
	}}
	p.Spec.SeedSelector = &core.SeedSelector{LabelSelector: metav1.LabelSelector{MatchLabels: map[string]string{"foo": "bar"}}, ProviderTypes: []string{"*"}}
	p.Spec.Bastion = &core.Bastion{MachineImage: &core.BastionMachineImage{Name: "gardenlinux", Version: ptr.To("1877.8.0")}, MachineType: &core.BastionMachineType{Name: "m5.large"}}
	p.Spec.Limits = &core.Limits{MaxNodesTotal: ptr.To[int32](1000)}
	v := &p.Spec.MachineImages[0].Versions[1]
	v.CRI = []core.CRI{{Name: "containerd", ContainerRuntimes: []core.ContainerRuntime{{Type: "gvisor"}}}}
	v.KubeletVersionConstraint = ptr.To(">= 1.26")
	v.InPlaceUpdates = &core.InPlaceUpdates{Supported: true, MinVersionForUpdate: ptr.To("1877.5.0")}
	v.CapabilityFlavors = []core.MachineImageFlavor{{Capabilities: core.Capabilities{"architecture": {"amd64"}}}, {Capabilities: core.Capabilities{"architecture": {"arm64"}}}}
	return p
}

var _ = Describe("CloudProfile validation", func() {
	DescribeTable("ValidateCloudProfile",
		func(mutate func(*core.CloudProfile), matchers ...gomegatypes.GomegaMatcher) {
			profile := validCloudProfile()
			mutate(profile)
			errs := ValidateCloudProfile(profile)
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("a valid profile", func(*core.CloudProfile) {}),
		Entry("missing type", func(p *core.CloudProfile) { p.Spec.Type = "" },
			fieldErrDetail(field.ErrorTypeRequired, "spec.type", "must provide a provider type")),
		Entry("duplicate region", func(p *core.CloudProfile) { p.Spec.Regions = append(p.Spec.Regions, core.Region{Name: "local"}) },
			fieldErr(field.ErrorTypeDuplicate, "spec.regions[1].name")),
		Entry("no machine types", func(p *core.CloudProfile) { p.Spec.MachineTypes = nil },
			fieldErrDetail(field.ErrorTypeRequired, "spec.machineTypes", "must provide at least one machine type")),
		Entry("no regions", func(p *core.CloudProfile) { p.Spec.Regions = nil },
			fieldErrDetail(field.ErrorTypeRequired, "spec.regions", "must provide at least one region")),
		Entry("machine type without architecture", func(p *core.CloudProfile) { p.Spec.MachineTypes[0].Architecture = nil },
			fieldErrDetail(field.ErrorTypeRequired, "spec.machineTypes[0].architecture", "must provide an architecture")),
		Entry("machine type name with a prefix", func(p *core.CloudProfile) { p.Spec.MachineTypes[0].Name = "example.com/local" },
			fieldErrDetail(field.ErrorTypeInvalid, "spec.machineTypes[0].name", "must be a qualified name")),
		Entry("machine type name that is not a qualified name", func(p *core.CloudProfile) { p.Spec.MachineTypes[0].Name = "m5 large" },
			fieldErrDetail(field.ErrorTypeInvalid, "spec.machineTypes[0].name", "must be a qualified name")),
		Entry("machine type without name", func(p *core.CloudProfile) { p.Spec.MachineTypes[0].Name = "" },
			fieldErrDetail(field.ErrorTypeRequired, "spec.machineTypes[0].name", "must provide a name")),
		Entry("region without name", func(p *core.CloudProfile) { p.Spec.Regions[0].Name = "" },
			fieldErrDetail(field.ErrorTypeRequired, "spec.regions[0].name", "must provide a region name")),
		Entry("no Kubernetes versions", func(p *core.CloudProfile) { p.Spec.Kubernetes.Versions = nil },
			fieldErrDetail(field.ErrorTypeRequired, "spec.kubernetes.versions", "must provide at least one Kubernetes version")),
		Entry("partial Kubernetes version", func(p *core.CloudProfile) { p.Spec.Kubernetes.Versions[1].Version = "1.36" },
			fieldErrDetail(field.ErrorTypeInvalid, "spec.kubernetes.versions[1]", `all Kubernetes versions must match the regex ^([0-9]+\.){2}[0-9]+$`)),
		Entry("Kubernetes version with a leading v", func(p *core.CloudProfile) { p.Spec.Kubernetes.Versions[1].Version = "v1.36.3" },
			fieldErr(field.ErrorTypeInvalid, "spec.kubernetes.versions[1]")),
		Entry("duplicate Kubernetes version", func(p *core.CloudProfile) { p.Spec.Kubernetes.Versions[2].Version = "1.36.3" },
			fieldErr(field.ErrorTypeDuplicate, "spec.kubernetes.versions[2].version")),
		Entry("V10 lifecycle combined with the legacy classification", func(p *core.CloudProfile) {
			p.Spec.Kubernetes.Versions[0].Classification = ptr.To(core.ClassificationPreview)
		}, fieldErrDetail(field.ErrorTypeForbidden, "spec.kubernetes.versions[0]", "in combination with `lifecycle`")),
		Entry("lifecycle combined with the legacy expirationDate", func(p *core.CloudProfile) {
			p.Spec.Kubernetes.Versions[2].ExpirationDate = &metav1.Time{Time: refTime}
		}, fieldErr(field.ErrorTypeForbidden, "spec.kubernetes.versions[2]")),
		Entry("legacy classification and expirationDate alone", func(p *core.CloudProfile) {
			p.Spec.Kubernetes.Versions[1].Classification = ptr.To(core.ClassificationDeprecated)
			p.Spec.Kubernetes.Versions = append(p.Spec.Kubernetes.Versions, core.ExpirableVersion{Version: "1.34.9", ExpirationDate: &metav1.Time{Time: refTime}})
		}),
		Entry("V12 unknown legacy classification", func(p *core.CloudProfile) {
			p.Spec.Kubernetes.Versions[1].Classification = ptr.To[core.VersionClassification]("dummy")
		}, fieldErr(field.ErrorTypeNotSupported, "spec.kubernetes.versions[1].classification")),
		Entry("legacy classification expired", func(p *core.CloudProfile) {
			p.Spec.Kubernetes.Versions[1].Classification = ptr.To(core.ClassificationExpired)
		}, fieldErrDetail(field.ErrorTypeForbidden, "spec.kubernetes.versions[1].classification", "cannot specify `classification` expired")),
		Entry("lifecycle rules apply to Kubernetes versions", func(p *core.CloudProfile) {
			p.Spec.Kubernetes.Versions[2].Lifecycle[1], p.Spec.Kubernetes.Versions[2].Lifecycle[2] = p.Spec.Kubernetes.Versions[2].Lifecycle[2], p.Spec.Kubernetes.Versions[2].Lifecycle[1]
		},
			fieldErr(field.ErrorTypeInvalid, "spec.kubernetes.versions[2].lifecycle[2].classification"),
			fieldErr(field.ErrorTypeInvalid, "spec.kubernetes.versions[2].lifecycle[2]")),
		Entry("V11 the latest Kubernetes version must not end expired", func(p *core.CloudProfile) {
			p.Spec.Kubernetes.Versions[0].Lifecycle = []core.LifecycleStage{stage(core.ClassificationDeprecated), stage(core.ClassificationExpired, 24*time.Hour)}
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.kubernetes.versions[].lifecycle", "classification expired of latest kubernetes version ('1.37.1') must not be set")),
		Entry("the latest Kubernetes version must not have an expirationDate", func(p *core.CloudProfile) {
			p.Spec.Kubernetes.Versions[0].Lifecycle = nil
			p.Spec.Kubernetes.Versions[0].ExpirationDate = &metav1.Time{Time: refTime}
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.kubernetes.versions[].expirationDate", "expiration date of latest kubernetes version ('1.37.1') must not be set")),
		Entry("no machine images", func(p *core.CloudProfile) { p.Spec.MachineImages = nil },
			fieldErrDetail(field.ErrorTypeRequired, "spec.machineImages", "must provide at least one machine image")),
		Entry("machine image without name", func(p *core.CloudProfile) { p.Spec.MachineImages[1].Name = "" },
			fieldErrDetail(field.ErrorTypeRequired, "spec.machineImages[1].name", "machine image name must not be empty")),
		Entry("duplicate machine image", func(p *core.CloudProfile) { p.Spec.MachineImages[1].Name = "gardenlinux" },
			fieldErr(field.ErrorTypeDuplicate, "spec.machineImages[1]")),
		Entry("machine image without versions", func(p *core.CloudProfile) { p.Spec.MachineImages[1].Versions = nil },
			fieldErrDetail(field.ErrorTypeRequired, "spec.machineImages[1].versions", "must provide at least one version for the machine image 'ubuntu'")),
		Entry("unparseable machine image version", func(p *core.CloudProfile) { p.Spec.MachineImages[1].Versions[0].Version = "noble" },
			fieldErrDetail(field.ErrorTypeInvalid, "spec.machineImages[1].versions[0].version", "could not parse version. Use a semantic version. In case there is no semantic version")),
		Entry("loose machine image versions are accepted", func(p *core.CloudProfile) { p.Spec.MachineImages[1].Versions[0].Version = "v24.4" }),
		Entry("machine image versions that rank equal are kept, as in Gardener", func(p *core.CloudProfile) {
			p.Spec.MachineImages[0].Versions = append(p.Spec.MachineImages[0].Versions, imageVersion("1877.8.0+a"))
		}),
		Entry("duplicate machine image version", func(p *core.CloudProfile) { p.Spec.MachineImages[0].Versions[1].Version = "2150.0.0" },
			PointTo(MatchFields(IgnoreExtras, Fields{"Type": Equal(field.ErrorTypeDuplicate), "Field": Equal("spec.machineImages[0].versions[1]"), "BadValue": Equal("gardenlinux-2150.0.0")}))),
		Entry("unknown update strategy", func(p *core.CloudProfile) {
			p.Spec.MachineImages[0].UpdateStrategy = ptr.To[core.MachineImageUpdateStrategy]("latest")
		},
			fieldErr(field.ErrorTypeNotSupported, "spec.machineImages[0].updateStrategy")),
		Entry("missing update strategy", func(p *core.CloudProfile) { p.Spec.MachineImages[0].UpdateStrategy = nil },
			fieldErrDetail(field.ErrorTypeRequired, "spec.machineImages[0].updateStrategy", "must provide an update strategy")),
		Entry("lifecycle rules apply to machine image versions", func(p *core.CloudProfile) {
			p.Spec.MachineImages[0].Versions[1].Lifecycle = []core.LifecycleStage{stage(core.ClassificationSupported), stage(core.ClassificationSupported, time.Hour)}
		}, fieldErr(field.ErrorTypeDuplicate, "spec.machineImages[0].versions[1].lifecycle[1].classification")),

		Entry("the full Gardener shape", func(p *core.CloudProfile) { *p = *fullCloudProfile() }),
		Entry("duplicate machine type", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.MachineTypes = append(p.Spec.MachineTypes, p.Spec.MachineTypes[0])
		}, fieldErr(field.ErrorTypeDuplicate, "spec.machineTypes[1].name")),
		Entry("negative machine type memory", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.MachineTypes[0].Memory = resource.MustParse("-1Gi")
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.machineTypes[0].memory", "must be greater than or equal to 0")),
		Entry("machine type storage without size", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.MachineTypes[0].Storage = &core.MachineTypeStorage{Class: "standard", Type: "default"}
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.machineTypes[0].storage", `must either configure "size" or "minSize"`)),
		Entry("machine type storage with size and minSize", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.MachineTypes[0].Storage.StorageSize = ptr.To(resource.MustParse("20Gi"))
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.machineTypes[0].storage", `not allowed to configure both "size" and "minSize"`)),
		Entry("machine type without architecture when capabilities are defined", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.MachineTypes[0].Architecture = nil
		}),
		Entry("unknown machine type architecture", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.MachineTypes[0].Architecture = ptr.To("riscv64")
		}, fieldErr(field.ErrorTypeNotSupported, "spec.machineTypes[0].architecture")),
		Entry("undefined machine type capability", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.MachineTypes[0].Capabilities = core.Capabilities{"gpu": {"yes"}}
		}, fieldErr(field.ErrorTypeNotSupported, "spec.machineTypes[0].capabilities")),
		Entry("undefined capability value of an image flavor", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.MachineImages[0].Versions[0].CapabilityFlavors = []core.MachineImageFlavor{{Capabilities: core.Capabilities{"architecture": {"s390x"}}}}
		}, fieldErr(field.ErrorTypeNotSupported, "spec.machineImages[0].versions[0].capabilityFlavors[0].architecture[0]")),
		Entry("capabilities without definitions", func(p *core.CloudProfile) {
			p.Spec.MachineImages[0].Versions[0].CapabilityFlavors = []core.MachineImageFlavor{{Capabilities: core.Capabilities{"architecture": {"amd64"}}}}
		}, fieldErrDetail(field.ErrorTypeForbidden, "spec.machineImages[0].versions[0].capabilityFlavors[0]", "must not provide capabilities without global definition")),
		Entry("duplicate capability definition", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.MachineCapabilities = append(p.Spec.MachineCapabilities, core.CapabilityDefinition{Name: "architecture", Values: []string{"amd64"}})
		}, fieldErr(field.ErrorTypeDuplicate, "spec.machineCapabilities[1].name")),
		Entry("duplicate volume type", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.VolumeTypes[1].Name = "gp3"
		}, fieldErr(field.ErrorTypeDuplicate, "spec.volumeTypes[1].name")),
		Entry("duplicate zone", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.Regions[0].Zones = append(p.Spec.Regions[0].Zones, core.AvailabilityZone{Name: "europe-central-1a"})
		}, fieldErr(field.ErrorTypeDuplicate, "spec.regions[0].zones[2].name")),
		Entry("zone without name", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.Regions[0].Zones[1].Name = ""
		}, fieldErrDetail(field.ErrorTypeRequired, "spec.regions[0].zones[1].name", "zone name cannot be empty")),
		Entry("volume type without name", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.VolumeTypes[1].Name = ""
		}, fieldErrDetail(field.ErrorTypeRequired, "spec.volumeTypes[1].name", "must provide a name")),
		Entry("negative volume type minSize", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.VolumeTypes[1].MinSize = ptr.To(resource.MustParse("-1Gi"))
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.volumeTypes[1].minSize", "must be greater than or equal to 0")),
		Entry("capability definition without name", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.MachineCapabilities = append(p.Spec.MachineCapabilities, core.CapabilityDefinition{Values: []string{"x"}})
		}, fieldErrDetail(field.ErrorTypeRequired, "spec.machineCapabilities", "capability keys must not be empty")),
		Entry("capability definition without values or with an empty value", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.MachineCapabilities = append(p.Spec.MachineCapabilities, core.CapabilityDefinition{Name: "gpu"}, core.CapabilityDefinition{Name: "disk", Values: []string{""}})
		},
			fieldErrDetail(field.ErrorTypeRequired, "spec.machineCapabilities.gpu", "capability values must not be empty"),
			fieldErrDetail(field.ErrorTypeRequired, "spec.machineCapabilities.disk[0]", "capability values must not be empty")),
		Entry("machine type capabilities without definitions", func(p *core.CloudProfile) {
			p.Spec.MachineTypes[0].Capabilities = core.Capabilities{"architecture": {"amd64"}}
		}, fieldErrDetail(field.ErrorTypeForbidden, "spec.machineTypes[0].capabilities", "must not provide capabilities without global definition")),
		Entry("invalid region label", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.Regions[0].Labels = map[string]string{"not a key": "x"}
		}, fieldErr(field.ErrorTypeInvalid, "spec.regions[0].labels")),
		Entry("duplicate access restriction", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.Regions[0].AccessRestrictions = append(p.Spec.Regions[0].AccessRestrictions, core.AccessRestriction{Name: "eu-access-only"})
		}, fieldErr(field.ErrorTypeDuplicate, "spec.regions[0].accessRestrictions[1].name")),
		Entry("unsupported CRI", func(p *core.CloudProfile) {
			p.Spec.MachineImages[0].Versions[0].CRI = []core.CRI{{Name: "docker"}}
		}, fieldErr(field.ErrorTypeNotSupported, "spec.machineImages[0].versions[0].cri[0].name")),
		Entry("duplicate CRI", func(p *core.CloudProfile) {
			p.Spec.MachineImages[0].Versions[0].CRI = []core.CRI{{Name: "containerd"}, {Name: "containerd"}}
		}, fieldErr(field.ErrorTypeDuplicate, "spec.machineImages[0].versions[0].cri[1]")),
		Entry("container runtime without type", func(p *core.CloudProfile) {
			p.Spec.MachineImages[0].Versions[0].CRI = []core.CRI{{Name: "containerd", ContainerRuntimes: []core.ContainerRuntime{{}}}}
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.machineImages[0].versions[0].cri[0].containerRuntimes[0].type", "container runtime type must be a qualified name: [")),
		Entry("duplicate container runtime", func(p *core.CloudProfile) {
			p.Spec.MachineImages[0].Versions[0].CRI = []core.CRI{{Name: "containerd", ContainerRuntimes: []core.ContainerRuntime{{Type: "gvisor"}, {Type: "gvisor"}}}}
		}, fieldErr(field.ErrorTypeDuplicate, "spec.machineImages[0].versions[0].cri[0].containerRuntimes[1].type")),
		Entry("container runtime components (pinned in a Shoot's pool, not offered)", func(p *core.CloudProfile) {
			p.Spec.MachineImages[0].Versions[0].CRI = []core.CRI{{Name: "containerd", ContainerRuntimes: []core.ContainerRuntime{
				{Type: "gvisor", Components: []core.ExtensionComponent{{Name: "runsc"}}}}}}
		}, fieldErrDetail(field.ErrorTypeForbidden, "spec.machineImages[0].versions[0].cri[0].containerRuntimes[0].components", "pinned in a Shoot's worker pool")),
		Entry("unknown image architecture", func(p *core.CloudProfile) { p.Spec.MachineImages[0].Versions[0].Architectures = []string{"ppc64le"} },
			fieldErr(field.ErrorTypeNotSupported, "spec.machineImages[0].versions[0].architectures[0]")),
		Entry("unparseable kubelet version constraint", func(p *core.CloudProfile) {
			p.Spec.MachineImages[0].Versions[0].KubeletVersionConstraint = ptr.To("about 1.30")
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.machineImages[0].versions[0].kubeletVersionConstraint", "cannot parse the kubeletVersionConstraint: ")),
		Entry("unparseable in-place minimum version", func(p *core.CloudProfile) {
			p.Spec.MachineImages[0].Versions[0].InPlaceUpdates = &core.InPlaceUpdates{Supported: true, MinVersionForUpdate: ptr.To("old")}
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.machineImages[0].versions[0].minVersionForInPlaceUpdate", "could not parse version. Use a semantic version.")),
		Entry("caBundle without certificate", func(p *core.CloudProfile) { p.Spec.CABundle = ptr.To("not a certificate") },
			fieldErrDetail(field.ErrorTypeInvalid, "spec.caBundle", "caBundle is not a valid PEM-encoded certificate")),
		Entry("invalid seed selector", func(p *core.CloudProfile) {
			p.Spec.SeedSelector = &core.SeedSelector{LabelSelector: metav1.LabelSelector{MatchLabels: map[string]string{"a b": "c"}}}
		}, fieldErr(field.ErrorTypeInvalid, "spec.seedSelector.matchLabels")),
		Entry("bastion image that is not offered", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.Bastion.MachineImage.Name = "suse"
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.bastion.machineImage.name", "image name not found in spec.machineImages")),
		Entry("bastion image version that is not offered", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.Bastion.MachineImage.Version = ptr.To("1.0.0")
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.bastion.machineImage.version", "image version not found in spec.machineImages")),
		Entry("bastion machine type that is not offered", func(p *core.CloudProfile) {
			*p = *fullCloudProfile()
			p.Spec.Bastion.MachineType.Name = "m5.huge"
		}, fieldErrDetail(field.ErrorTypeInvalid, "spec.bastion.machineType.name", "machine type not found in spec.machineTypes")),
		Entry("non-positive node limit", func(p *core.CloudProfile) { p.Spec.Limits = &core.Limits{MaxNodesTotal: ptr.To[int32](0)} },
			fieldErrDetail(field.ErrorTypeInvalid, "spec.limits.maxNodesTotal", "maxNodesTotal must be greater than 0")),
	)

	Describe("ValidateCloudProfileUpdateAt", func() {
		BeforeEach(func() {
		})

		It("accepts an unchanged profile", func() {
			Expect(ValidateCloudProfileUpdateAt(validCloudProfile(), validCloudProfile(), refTime)).To(BeEmpty())
		})

		It("V15 forbids turning an available Kubernetes version unavailable", func() {
			newProfile := validCloudProfile()
			newProfile.Spec.Kubernetes.Versions[1].Lifecycle = []core.LifecycleStage{stage(core.ClassificationSupported, time.Hour)}
			Expect(ValidateCloudProfileUpdateAt(newProfile, validCloudProfile(), refTime)).To(ConsistOf(
				fieldErrDetail(field.ErrorTypeForbidden, "spec.kubernetes.versions[1]", "a version cannot be turned unavailable if it was already moved into a later lifecycle stage")))
		})

		It("forbids turning an available machine image version unavailable, but allows moving an unavailable one", func() {
			newProfile := validCloudProfile()
			newProfile.Spec.MachineImages[0].Versions[0].Lifecycle = []core.LifecycleStage{stage(core.ClassificationPreview, 90*24*time.Hour)}
			newProfile.Spec.MachineImages[0].Versions[1].Lifecycle = []core.LifecycleStage{stage(core.ClassificationPreview, time.Hour)}
			Expect(ValidateCloudProfileUpdateAt(newProfile, validCloudProfile(), refTime)).To(ConsistOf(
				fieldErr(field.ErrorTypeForbidden, "spec.machineImages[0].versions[1]")))
		})
	})

	Describe("ValidateCloudProfileUpdate", func() {
		It("validates like ValidateCloudProfileUpdateAt", func() {
			newProfile := validCloudProfile()
			newProfile.Name = "other"
			Expect(ValidateCloudProfileUpdate(newProfile, validCloudProfile())).To(ConsistOf(fieldErr(field.ErrorTypeInvalid, "metadata.name")))
		})
	})

	Describe("ValidateCloudProfileStatusUpdate", func() {
		It("rejects unknown classifications", func() {
			newProfile := validCloudProfile()
			newProfile.Status.Kubernetes = &core.KubernetesStatus{Versions: []core.ExpirableVersionStatus{{Version: "1.36.3", Classification: "current"}}}
			newProfile.Status.MachineImages = []core.MachineImageStatus{{Name: "ubuntu", Versions: []core.ExpirableVersionStatus{{Version: "24.4.20260915", Classification: core.ClassificationSupported}}}}
			Expect(ValidateCloudProfileStatusUpdate(&newProfile.Status, &validCloudProfile().Status)).To(ConsistOf(
				fieldErr(field.ErrorTypeNotSupported, "status.kubernetes.versions[0].classification")))
		})
	})

	Describe("ValidateCloudProfileObjectStatusUpdate", func() {
		It("checks the metadata and the status", func() {
			newProfile := validCloudProfile()
			newProfile.Name = "other"
			newProfile.Status.Kubernetes = &core.KubernetesStatus{Versions: []core.ExpirableVersionStatus{{Version: "1.36.3", Classification: "current"}}}
			Expect(ValidateCloudProfileObjectStatusUpdate(newProfile, validCloudProfile())).To(ConsistOf(
				fieldErr(field.ErrorTypeInvalid, "metadata.name"),
				fieldErr(field.ErrorTypeNotSupported, "status.kubernetes.versions[0].classification")))
		})
	})
})
