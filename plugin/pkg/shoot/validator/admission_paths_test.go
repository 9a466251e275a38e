// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validator_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/admission"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/validator"
	"github.com/gep-78/gardener/test/examples"
)

var _ = Describe("ShootValidator, what it checks", func() {
	var (
		validator *ValidateShoot
		shoot     *core.Shoot
	)

	BeforeEach(func() {
		profile := &gardencorev1beta1.CloudProfile{}
		examples.MustDecode("cloudprofile-local.yaml", profile)
		client := fake.NewSimpleClientset()
		factory := gardencoreinformers.NewSharedInformerFactory(client, 0)
		Expect(factory.Core().V1beta1().CloudProfiles().Informer().GetStore().Add(profile)).To(Succeed())
		var err error
		validator, err = New()
		Expect(err).NotTo(HaveOccurred())
		validator.SetCoreInformerFactory(factory)
		validator.SetCoreClientSet(client)
		validator.AssignReadyFunc(func() bool { return true })
		validator.SetClock(testclock.NewFakePassiveClock(time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)))
		shoot = &core.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "dev", Namespace: "garden-dev"},
			Spec: core.ShootSpec{
				CloudProfile: &core.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
				Region:       "local",
				Kubernetes:   core.Kubernetes{Version: "1.35.6"},
				Provider: core.Provider{Type: "local", Workers: []core.Worker{{Name: "pool",
					Machine: core.Machine{Type: "local", Image: &core.ShootMachineImage{Name: "gardenlinux", Version: "1877.8.0"}}}}},
			},
		}
	})

	validate := func(a admission.Attributes) error { return validator.Validate(context.Background(), a, nil) }

	It("registers under its name and needs its listers and client", func() {
		plugins := admission.NewPlugins()
		Register(plugins)
		Expect(plugins.Registered()).To(ConsistOf(plugin.PluginNameShootValidator))
		Expect(validator.Handles(admission.Create)).To(BeTrue())
		Expect(validator.Handles(admission.Update)).To(BeTrue())
		Expect(validator.Handles(admission.Delete)).To(BeFalse())
		fresh, err := New()
		Expect(err).NotTo(HaveOccurred())
		Expect(fresh.ValidateInitialization()).To(MatchError("missing CloudProfile lister"))
	})

	DescribeTable("leaves alone what it does not check",
		func(mutate func(s, old *core.Shoot) admission.Attributes) {
			shoot.Spec.Region = "eu-1" // invalid everywhere it is checked
			Expect(validate(mutate(shoot, shoot.DeepCopy()))).To(Succeed())
		},
		Entry("another kind", func(s, _ *core.Shoot) admission.Attributes {
			return admission.NewAttributesRecord(s, nil, core.Kind("CloudProfile").WithVersion("v1beta1"), "", "local",
				core.Resource("cloudprofiles").WithVersion("v1beta1"), "", admission.Create, &metav1.CreateOptions{}, false, nil)
		}),
		Entry("a subresource", func(s, old *core.Shoot) admission.Attributes {
			return admission.NewAttributesRecord(s, old, core.Kind("Shoot").WithVersion("v1beta1"), s.Namespace, s.Name,
				core.Resource("shoots").WithVersion("v1beta1"), "status", admission.Update, &metav1.UpdateOptions{}, false, nil)
		}),
		Entry("an update that keeps the spec", func(s, old *core.Shoot) admission.Attributes {
			s.Labels = map[string]string{"changed": "metadata"}
			return attributes(s, old)
		}),
		Entry("a Shoot being deleted", func(s, _ *core.Shoot) admission.Attributes {
			s.DeletionTimestamp = &metav1.Time{}
			return attributes(s, nil)
		}),
		Entry("a Shoot without CloudProfile", func(s, _ *core.Shoot) admission.Attributes {
			s.Spec.CloudProfile = nil
			return attributes(s, nil)
		}),
		Entry("an unchanged region on update", func(s, old *core.Shoot) admission.Attributes {
			s.Spec.Provider.Workers[0].Maximum = 3
			return attributes(s, old)
		}),
	)

	DescribeTable("checks the machine image of a new or changed pool",
		func(mutate func(*core.Worker), want string) {
			mutate(&shoot.Spec.Provider.Workers[0])
			Expect(validate(attributes(shoot, nil))).To(MatchError(ContainSubstring(want)))
		},
		Entry("none", func(w *core.Worker) { w.Machine.Image = nil },
			"spec.provider.workers[0].machine.image: Required value: must specify a machine image"),
		Entry("an image the profile does not offer", func(w *core.Worker) { w.Machine.Image.Name = "ubuntu" },
			`spec.provider.workers[0].machine.image: Invalid value: "ubuntu:1877.8.0": machine image version is not offered by the CloudProfile`),
	)

	It("lists only the versions a new pool may use", func() {
		shoot.Spec.Provider.Workers[0].Machine.Image.Version = "1.0.0"
		err := validate(attributes(shoot, nil))
		Expect(err).To(MatchError(ContainSubstring("gardenlinux:1877.8.0")))
		Expect(err).NotTo(MatchError(ContainSubstring("gardenlinux:2150.0.0")), "unavailable")
	})

	It("checks a changed region and a new pool's Kubernetes version on update", func() {
		old := shoot.DeepCopy()
		shoot.Spec.Region = "eu-1"
		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, core.Worker{Name: "new", Kubernetes: &core.WorkerKubernetes{Version: ptr.To("1.30.0")},
			Machine: core.Machine{Type: "local", Image: &core.ShootMachineImage{Name: "gardenlinux", Version: "1877.8.0"}}})
		err := validate(attributes(shoot, old))
		Expect(err).To(MatchError(ContainSubstring(`spec.region: Unsupported value: "eu-1"`)))
		Expect(err).To(MatchError(ContainSubstring(`spec.provider.workers[1].kubernetes.version: Unsupported value: "1.30.0"`)))
	})
})
