// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validator_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	. "github.com/gep-78/gardener/plugin/pkg/namespacedcloudprofile/validator"
)

func attributes(profile, oldProfile *core.NamespacedCloudProfile) admission.Attributes {
	operation, options, old := admission.Create, runtime.Object(&metav1.CreateOptions{}), runtime.Object(nil)
	if oldProfile != nil {
		operation, options, old = admission.Update, &metav1.UpdateOptions{}, oldProfile
	}
	return admission.NewAttributesRecord(profile, old, core.Kind("NamespacedCloudProfile").WithVersion("version"), profile.Namespace, profile.Name,
		core.Resource("namespacedcloudprofiles").WithVersion("version"), "", operation, options, false, nil)
}

var _ = Describe("NamespacedCloudProfileValidator", func() {
	var (
		ctx       = context.Background()
		now       = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		past      = metav1.NewTime(now.Add(-24 * time.Hour))
		future    = metav1.NewTime(now.Add(30 * 24 * time.Hour))
		validator *ValidateNamespacedCloudProfile
		profile   *core.NamespacedCloudProfile
	)

	BeforeEach(func() {
		parent := &gardencorev1beta1.CloudProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "parent"},
			Spec: gardencorev1beta1.CloudProfileSpec{
				Type:       "local",
				Regions:    []gardencorev1beta1.Region{{Name: "local"}},
				Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{{Version: "1.36.3"}, {Version: "1.35.6", ExpirationDate: &past}}},
				MachineImages: []gardencorev1beta1.MachineImage{{Name: "gardenlinux", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMajor), Versions: []gardencorev1beta1.MachineImageVersion{
					{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1877.8.0"}, Architectures: []string{"amd64"}, CRI: []gardencorev1beta1.CRI{{Name: "containerd"}}},
				}}},
			},
		}
		client := fake.NewSimpleClientset()
		factory := gardencoreinformers.NewSharedInformerFactory(client, 0)
		Expect(factory.Core().V1beta1().CloudProfiles().Informer().GetStore().Add(parent)).To(Succeed())
		var err error
		validator, err = New()
		Expect(err).NotTo(HaveOccurred())
		validator.SetCoreInformerFactory(factory)
		validator.SetCoreClientSet(client)
		validator.AssignReadyFunc(func() bool { return true })
		validator.Clock = testclock.NewFakePassiveClock(now)
		Expect(validator.ValidateInitialization()).To(Succeed())

		profile = &core.NamespacedCloudProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "extended", Namespace: "garden-dev"},
			Spec: core.NamespacedCloudProfileSpec{
				Parent:     core.CloudProfileReference{Kind: "CloudProfile", Name: "parent"},
				Kubernetes: &core.KubernetesSettings{Versions: []core.ExpirableVersion{{Version: "1.35.6", ExpirationDate: &future}}},
			},
		}
	})

	validate := func(profile, oldProfile *core.NamespacedCloudProfile) error {
		return validator.Validate(ctx, attributes(profile, oldProfile), nil)
	}

	It("accepts an extended expiration of a parent's Kubernetes version", func() {
		Expect(validate(profile, nil)).To(Succeed())
	})

	It("rejects a profile whose parent does not exist", func() {
		profile.Spec.Parent.Name = "nope"
		err := validate(profile, nil)
		Expect(apierrors.IsBadRequest(err)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring(`parent CloudProfile "nope" could not be found`))
	})

	DescribeTable("rejects",
		func(mutate func(*core.NamespacedCloudProfile), message string) {
			mutate(profile)
			err := validate(profile, nil)
			Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring(message))
		},
		Entry("a Kubernetes version the parent does not have", func(p *core.NamespacedCloudProfile) {
			p.Spec.Kubernetes.Versions[0].Version = "1.34.0"
		}, `spec.kubernetes.versions[0].version: Invalid value: "1.34.0": does not exist in the parent CloudProfile and thus cannot be overridden`),
		Entry("a Kubernetes override without an expiration date", func(p *core.NamespacedCloudProfile) {
			p.Spec.Kubernetes.Versions[0].ExpirationDate = nil
		}, `spec.kubernetes.versions[0].expirationDate: Required value: an override of version "1.35.6" must set an expiration date`),
		Entry("a machine image override that sets more than the expiration date", func(p *core.NamespacedCloudProfile) {
			p.Spec.MachineImages = []core.MachineImage{{Name: "gardenlinux", Versions: []core.MachineImageVersion{
				{ExpirableVersion: core.ExpirableVersion{Version: "1877.8.0", ExpirationDate: &future}, KubeletVersionConstraint: ptr.To(">= 1.30")},
			}}}
		}, `spec.machineImages[0].versions[0]`),
	)

	It("accepts an expiration date in the past on update only when it is the one already merged", func() {
		// The parent's 1.35.6 expired a day ago; the profile repeats that date.
		oldProfile := profile.DeepCopy()
		oldProfile.Spec.Kubernetes = nil
		oldProfile.Status.CloudProfileSpec.Kubernetes.Versions = []core.ExpirableVersion{{Version: "1.36.3"}, {Version: "1.35.6", ExpirationDate: &past}}
		profile.Spec.Kubernetes.Versions[0].ExpirationDate = &past
		Expect(validate(profile, oldProfile)).To(Succeed())

		earlier := metav1.NewTime(past.Add(-time.Hour))
		profile.Spec.Kubernetes.Versions[0].ExpirationDate = &earlier
		Expect(validate(profile, oldProfile)).To(MatchError(ContainSubstring(`expiration date for version "1.35.6" is in the past`)))
	})
})
