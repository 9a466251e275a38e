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
	. "github.com/gep-78/gardener/plugin/pkg/shoot/validator"
	"github.com/gep-78/gardener/test/examples"
)

func attributes(shoot, oldShoot *core.Shoot) admission.Attributes {
	operation, options, old := admission.Create, runtime.Object(&metav1.CreateOptions{}), runtime.Object(nil)
	if oldShoot != nil {
		operation, options, old = admission.Update, &metav1.UpdateOptions{}, oldShoot
	}
	return admission.NewAttributesRecord(shoot, old, core.Kind("Shoot").WithVersion("version"), shoot.Namespace, shoot.Name,
		core.Resource("shoots").WithVersion("version"), "", operation, options, false, nil)
}

var _ = Describe("ShootValidator", func() {
	var (
		ctx       = context.Background()
		now       = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		client    *fake.Clientset
		validator *ValidateShoot
		shoot     *core.Shoot
	)

	BeforeEach(func() {
		profile := &gardencorev1beta1.CloudProfile{}
		examples.MustDecode("cloudprofile-local.yaml", profile)
		client = fake.NewSimpleClientset()
		factory := gardencoreinformers.NewSharedInformerFactory(client, 0)
		Expect(factory.Core().V1beta1().CloudProfiles().Informer().GetStore().Add(profile)).To(Succeed())

		var err error
		validator, err = New()
		Expect(err).NotTo(HaveOccurred())
		validator.SetCoreInformerFactory(factory)
		validator.SetCoreClientSet(client)
		validator.AssignReadyFunc(func() bool { return true })
		validator.Clock = testclock.NewFakePassiveClock(now)
		Expect(validator.ValidateInitialization()).To(Succeed())

		shoot = &core.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "dev", Namespace: "garden-dev"},
			Spec: core.ShootSpec{
				CloudProfile: &core.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
				Region:       "local",
				Kubernetes:   core.Kubernetes{Version: "1.35.6"},
				Provider: core.Provider{Type: "local", Workers: []core.Worker{{
					Name: "pool",
					Machine: core.Machine{Type: "local", Architecture: ptr.To("amd64"),
						Image: &core.ShootMachineImage{Name: "gardenlinux", Version: "1877.8.0"}},
				}}},
			},
		}
	})

	validate := func(shoot, oldShoot *core.Shoot) error {
		return validator.Validate(ctx, attributes(shoot, oldShoot), nil)
	}

	It("accepts offered versions, preview and deprecated ones included, and workerless Shoots", func() {
		Expect(validate(shoot, nil)).To(Succeed())
		shoot.Spec.Kubernetes.Version = "1.37.1"                          // preview
		shoot.Spec.Provider.Workers[0].Machine.Image.Version = "1877.5.0" // deprecated
		Expect(validate(shoot, nil)).To(Succeed())
		shoot.Spec.Provider.Workers = nil
		Expect(validate(shoot, nil)).To(Succeed())
	})

	DescribeTable("rejects",
		func(mutate func(*core.Shoot), message string) {
			mutate(shoot)
			err := validate(shoot, nil)
			Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring(message))
		},
		Entry("a missing CloudProfile", func(s *core.Shoot) { s.Spec.CloudProfile.Name = "nope" },
			`spec.cloudProfile.name: Not found: "nope"`),
		Entry("another provider type", func(s *core.Shoot) { s.Spec.Provider.Type = "aws" },
			`provider type in shoot must equal provider type of referenced CloudProfile: "local"`),
		Entry("an unknown region", func(s *core.Shoot) { s.Spec.Region = "eu-1" },
			`spec.region: Unsupported value: "eu-1": supported values: "local"`),
		Entry("a Kubernetes version the profile does not offer", func(s *core.Shoot) { s.Spec.Kubernetes.Version = "1.30.0" },
			`spec.kubernetes.version: Unsupported value: "1.30.0"`),
		Entry("a machine image version the profile does not offer", func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].Machine.Image.Version = "1.0.0"
		}, `spec.provider.workers[0].machine.image: Invalid value: "gardenlinux:1.0.0": machine image version is not offered`),
		Entry("an unavailable machine image version", func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].Machine.Image.Version = "2150.0.0"
		}, `machine image version 'gardenlinux:2150.0.0' is unavailable`),
		Entry("a machine image for another architecture", func(s *core.Shoot) {
			s.Spec.Provider.Workers[0].Machine.Architecture = ptr.To("arm64")
		}, `does not support CPU architecture "arm64"`),
	)

	It("tags preview versions in the offered list", func() {
		shoot.Spec.Kubernetes.Version = "1.30.0"
		Expect(validate(shoot, nil)).To(MatchError(ContainSubstring(`"1.37.1 (preview)"`)))
	})

	Context("with expired versions", func() {
		BeforeEach(func() {
			// 2027-03-01: 1.34.9, 1.35.4, 1.36.2 and gardenlinux 1877.5.0 are expired.
			validator.Clock = testclock.NewFakePassiveClock(time.Date(2027, time.March, 1, 0, 0, 0, 0, time.UTC))
		})

		It("rejects them on create", func() {
			shoot.Spec.Kubernetes.Version = "1.35.4"
			shoot.Spec.Provider.Workers[0].Machine.Image.Version = "1877.5.0"
			err := validate(shoot, nil)
			Expect(err).To(MatchError(And(
				ContainSubstring(`spec.kubernetes.version: Unsupported value: "1.35.4"`),
				ContainSubstring(`machine image version 'gardenlinux:1877.5.0' is expired`),
			)))
		})

		It("accepts a forced upgrade of an existing Shoot to an expired version, but not a downgrade", func() {
			oldShoot := shoot.DeepCopy()
			oldShoot.Spec.Kubernetes.Version = "1.34.9"
			oldShoot.Spec.Provider.Workers[0].Machine.Image.Version = "1877.4.0"
			shoot.Spec.Kubernetes.Version = "1.35.4"
			shoot.Spec.Provider.Workers[0].Machine.Image.Version = "1877.5.0"
			Expect(validate(shoot, oldShoot)).To(Succeed())

			oldShoot.Spec.Provider.Workers[0].Machine.Image.Version = "1877.8.0"
			Expect(validate(shoot, oldShoot)).To(MatchError(ContainSubstring(`'gardenlinux:1877.5.0' is expired`)))
		})

		It("does not re-check unchanged fields on update", func() {
			shoot.Spec.Kubernetes.Version = "1.35.4"
			oldShoot := shoot.DeepCopy()
			shoot.Spec.Provider.Workers[0].Maximum = 3
			Expect(validate(shoot, oldShoot)).To(Succeed())
		})
	})
})
