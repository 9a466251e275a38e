// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package mutator_test

import (
	"context"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
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
	. "github.com/gep-78/gardener/plugin/pkg/shoot/mutator"
	"github.com/gep-78/gardener/test/examples"
)

// attributes returns the admission attributes of a create (oldShoot nil) or update of a Shoot.
func attributes(shoot, oldShoot *core.Shoot) admission.Attributes {
	operation, options, old := admission.Create, runtime.Object(&metav1.CreateOptions{}), runtime.Object(nil)
	if oldShoot != nil {
		operation, options, old = admission.Update, &metav1.UpdateOptions{}, oldShoot
	}
	return admission.NewAttributesRecord(shoot, old, core.Kind("Shoot").WithVersion("version"), shoot.Namespace, shoot.Name,
		core.Resource("shoots").WithVersion("version"), "", operation, options, false, nil)
}

var _ = Describe("ShootMutator", func() {
	var (
		ctx      = context.Background()
		now      = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		profile  *gardencorev1beta1.CloudProfile
		factory  gardencoreinformers.SharedInformerFactory
		client   *fake.Clientset
		admitter *MutateShoot
		shoot    *core.Shoot
	)

	BeforeEach(func() {
		profile = &gardencorev1beta1.CloudProfile{}
		examples.MustDecode("cloudprofile-local.yaml", profile)
		client = fake.NewSimpleClientset()
		factory = gardencoreinformers.NewSharedInformerFactory(client, 0)
		Expect(factory.Core().V1beta1().CloudProfiles().Informer().GetStore().Add(profile)).To(Succeed())

		var err error
		admitter, err = New()
		Expect(err).NotTo(HaveOccurred())
		admitter.SetCoreInformerFactory(factory)
		admitter.SetCoreClientSet(client)
		admitter.AssignReadyFunc(func() bool { return true })
		admitter.Clock = testclock.NewFakePassiveClock(now)
		Expect(admitter.ValidateInitialization()).To(Succeed())

		shoot = &core.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "dev", Namespace: "garden-dev"},
			Spec: core.ShootSpec{
				CloudProfile: &core.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
				Region:       "local",
				Provider: core.Provider{Type: "local", Workers: []core.Worker{
					{Name: "pool", Machine: core.Machine{Type: "local", Architecture: ptr.To("amd64")}},
				}},
			},
		}
	})

	// In cloudprofile-local.yaml on 2026-11-29, 1.36.3 is the highest supported Kubernetes
	// version (1.37.1 is preview), 1.35.6 the highest supported 1.35 (1.35.4 is deprecated);
	// gardenlinux 1877.8.0 is its highest supported version (1877.9.0 preview).
	It("defaults the Kubernetes version and the machine image on create", func() {
		Expect(admitter.Admit(ctx, attributes(shoot, nil), nil)).To(Succeed())
		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.36.3"))
		Expect(shoot.Spec.Provider.Workers[0].Machine.Image).To(Equal(&core.ShootMachineImage{Name: "gardenlinux", Version: "1877.8.0"}))
	})

	It("resolves partial versions", func() {
		shoot.Spec.Kubernetes.Version = "1.35"
		shoot.Spec.Provider.Workers[0].Machine.Image = &core.ShootMachineImage{Name: "ubuntu", Version: "24"}
		Expect(admitter.Admit(ctx, attributes(shoot, nil), nil)).To(Succeed())
		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.35.6"))
		Expect(shoot.Spec.Provider.Workers[0].Machine.Image).To(Equal(&core.ShootMachineImage{Name: "ubuntu", Version: "24.4.20260915"}))
	})

	It("accepts a workerless Shoot", func() {
		shoot.Spec.Provider.Workers = nil
		Expect(admitter.Admit(ctx, attributes(shoot, nil), nil)).To(Succeed())
		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.36.3"))
	})

	It("keeps the stored versions on update when the request matches them", func() {
		oldShoot := shoot.DeepCopy()
		oldShoot.Spec.Kubernetes.Version = "1.35.4"
		oldShoot.Spec.Provider.Workers[0].Machine.Image = &core.ShootMachineImage{Name: "gardenlinux", Version: "1877.5.0"}
		shoot.Spec.Kubernetes.Version = "1.35"
		shoot.Spec.Provider.Workers[0].Machine.Image = &core.ShootMachineImage{Name: "gardenlinux"}
		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, core.Worker{Name: "new", Machine: core.Machine{Type: "local"}})

		Expect(admitter.Admit(ctx, attributes(shoot, oldShoot), nil)).To(Succeed())
		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.35.4"))
		Expect(shoot.Spec.Provider.Workers[0].Machine.Image).To(Equal(&core.ShootMachineImage{Name: "gardenlinux", Version: "1877.5.0"}))
		Expect(shoot.Spec.Provider.Workers[1].Machine.Image).To(Equal(&core.ShootMachineImage{Name: "gardenlinux", Version: "1877.8.0"}))
	})

	It("keeps the request's image providerConfig when it defaults, keeps or takes the version", func() {
		config := func(v string) *runtime.RawExtension {
			return &runtime.RawExtension{Raw: []byte(`{"image":"` + v + `"}`)}
		}
		shoot.Spec.Provider.Workers[0].Machine.Image = &core.ShootMachineImage{Name: "gardenlinux", Version: "1877", ProviderConfig: config("partial")}
		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers,
			core.Worker{Name: "full", Machine: core.Machine{Type: "local", Image: &core.ShootMachineImage{Name: "gardenlinux", Version: "1877.9.0", ProviderConfig: config("full")}}})
		Expect(admitter.Admit(ctx, attributes(shoot, nil), nil)).To(Succeed())
		Expect(shoot.Spec.Provider.Workers[0].Machine.Image).To(Equal(&core.ShootMachineImage{Name: "gardenlinux", Version: "1877.8.0", ProviderConfig: config("partial")}))
		Expect(shoot.Spec.Provider.Workers[1].Machine.Image).To(Equal(&core.ShootMachineImage{Name: "gardenlinux", Version: "1877.9.0", ProviderConfig: config("full")}))

		By("on update, a kept image takes the request's providerConfig; a pool without image keeps the stored one")
		oldShoot := shoot.DeepCopy()
		shoot.Spec.Provider.Workers[0].Machine.Image = &core.ShootMachineImage{Name: "gardenlinux", ProviderConfig: config("changed")}
		shoot.Spec.Provider.Workers[1].Machine.Image = nil
		Expect(admitter.Admit(ctx, attributes(shoot, oldShoot), nil)).To(Succeed())
		Expect(shoot.Spec.Provider.Workers[0].Machine.Image).To(Equal(&core.ShootMachineImage{Name: "gardenlinux", Version: "1877.8.0", ProviderConfig: config("changed")}))
		Expect(shoot.Spec.Provider.Workers[1].Machine.Image).To(Equal(&core.ShootMachineImage{Name: "gardenlinux", Version: "1877.9.0", ProviderConfig: config("full")}))
	})

	It("resolves a partial version on update that the stored one does not match", func() {
		oldShoot := shoot.DeepCopy()
		oldShoot.Spec.Kubernetes.Version = "1.35.4"
		shoot.Spec.Kubernetes.Version = "1.36"
		Expect(admitter.Admit(ctx, attributes(shoot, oldShoot), nil)).To(Succeed())
		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.36.3"))
	})

	Context("worker pool Kubernetes versions", func() {
		poolVersion := func(s *core.Shoot, i int) *string { return s.Spec.Provider.Workers[i].Kubernetes.Version }

		It("resolves a partial pool version and leaves an unset one unset", func() {
			shoot.Spec.Kubernetes.Version = "1.36.3"
			shoot.Spec.Provider.Workers[0].Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.35")}
			shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers,
				core.Worker{Name: "plain", Machine: core.Machine{Type: "local"}},
				core.Worker{Name: "full", Machine: core.Machine{Type: "local"}, Kubernetes: &core.WorkerKubernetes{Version: ptr.To("1.35.4")}},
				core.Worker{Name: "kubelet-only", Machine: core.Machine{Type: "local"}, Kubernetes: &core.WorkerKubernetes{}})
			Expect(admitter.Admit(ctx, attributes(shoot, nil), nil)).To(Succeed())
			Expect(poolVersion(shoot, 0)).To(PointTo(Equal("1.35.6")))
			Expect(shoot.Spec.Provider.Workers[1].Kubernetes).To(BeNil())
			Expect(poolVersion(shoot, 2)).To(PointTo(Equal("1.35.4")))
			Expect(poolVersion(shoot, 3)).To(BeNil())
		})

		It("keeps the pool's stored version on update when the request matches it", func() {
			shoot.Spec.Kubernetes.Version = "1.36.3"
			oldShoot := shoot.DeepCopy()
			oldShoot.Spec.Provider.Workers[0].Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.35.4")}
			shoot.Spec.Provider.Workers[0].Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.35")}
			Expect(admitter.Admit(ctx, attributes(shoot, oldShoot), nil)).To(Succeed())
			Expect(poolVersion(shoot, 0)).To(PointTo(Equal("1.35.4")))
		})

		It("rejects a partial pool version without a supported match, on the pool's path", func() {
			shoot.Spec.Provider.Workers[0].Kubernetes = &core.WorkerKubernetes{Version: ptr.To("1.34")}
			err := admitter.Admit(ctx, attributes(shoot, nil), nil)
			Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring(`spec.provider.workers[0].kubernetes.version: Invalid value: "1.34": couldn't find a suitable version`))
		})
	})

	It("rejects a partial version without a supported match", func() {
		shoot.Spec.Kubernetes.Version = "1.37"
		err := admitter.Admit(ctx, attributes(shoot, nil), nil)
		Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring(`spec.kubernetes.version: Invalid value: "1.37": couldn't find a suitable version`))
	})

	It("rejects a missing CloudProfile on create and finds a new one by a live read", func() {
		shoot.Spec.CloudProfile.Name = "fresh"
		err := admitter.Admit(ctx, attributes(shoot, nil), nil)
		Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring(`spec.cloudProfile.name: Not found: "fresh"`))

		fresh := profile.DeepCopy()
		fresh.Name = "fresh"
		_, err = client.CoreV1beta1().CloudProfiles().Create(ctx, fresh, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(admitter.Admit(ctx, attributes(shoot, nil), nil)).To(Succeed())
		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.36.3"))
	})

	It("leaves an unchanged reference to a deleted CloudProfile alone on update", func() {
		shoot.Spec.CloudProfile.Name = "gone"
		shoot.Spec.Kubernetes.Version = "1.35.4"
		oldShoot := shoot.DeepCopy()
		Expect(admitter.Admit(ctx, attributes(shoot, oldShoot), nil)).To(Succeed())
	})

	It("defaults from the merged spec of a NamespacedCloudProfile of the Shoot's namespace", func() {
		merged := profile.Spec.DeepCopy()
		merged.Kubernetes.Versions = []gardencorev1beta1.ExpirableVersion{{Version: "1.33.7"}}
		Expect(factory.Core().V1beta1().NamespacedCloudProfiles().Informer().GetStore().Add(&gardencorev1beta1.NamespacedCloudProfile{
			ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "custom"},
			Spec:       gardencorev1beta1.NamespacedCloudProfileSpec{Parent: gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: "local"}},
			Status:     gardencorev1beta1.NamespacedCloudProfileStatus{CloudProfileSpec: *merged},
		})).To(Succeed())
		shoot.Spec.CloudProfile = &core.CloudProfileReference{Kind: "NamespacedCloudProfile", Name: "custom"}
		Expect(admitter.Admit(ctx, attributes(shoot, nil), nil)).To(Succeed())
		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.33.7"))

		shoot.Namespace = "garden-other"
		Expect(admitter.Admit(ctx, attributes(shoot, nil), nil)).To(MatchError(ContainSubstring(`spec.cloudProfile.name: Not found: "custom"`)))
	})

	It("rejects a NamespacedCloudProfile that is not merged with its parent yet", func() {
		Expect(factory.Core().V1beta1().NamespacedCloudProfiles().Informer().GetStore().Add(&gardencorev1beta1.NamespacedCloudProfile{
			ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "fresh"},
		})).To(Succeed())
		shoot.Spec.CloudProfile = &core.CloudProfileReference{Kind: "NamespacedCloudProfile", Name: "fresh"}
		Expect(admitter.Admit(ctx, attributes(shoot, nil), nil)).To(MatchError(ContainSubstring("has not been merged with its parent CloudProfile yet")))
	})

	It("rejects references of another kind", func() {
		shoot.Spec.CloudProfile.Kind = "SharedCloudProfile"
		err := admitter.Admit(ctx, attributes(shoot, nil), nil)
		Expect(err).To(MatchError(ContainSubstring(`spec.cloudProfile.kind: Unsupported value: "SharedCloudProfile"`)))
	})

	It("rejects both cloud profile fields on create", func() {
		shoot.Spec.CloudProfileName = ptr.To("local")
		err := admitter.Admit(ctx, attributes(shoot, nil), nil)
		Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring("either spec.cloudProfileName or spec.cloudProfile"))
	})

	It("leaves over-long values to validation", func() {
		shoot.Spec.Kubernetes.Version = strings.Repeat("1", 1<<20)
		Expect(admitter.Admit(ctx, attributes(shoot, nil), nil)).To(Succeed())
		Expect(shoot.Spec.Kubernetes.Version).To(HaveLen(1 << 20))
	})

	It("reports a malformed image version and an unknown image", func() {
		shoot.Spec.Provider.Workers[0].Machine.Image = &core.ShootMachineImage{Name: "suse"}
		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, core.Worker{Name: "b", Machine: core.Machine{
			Type: "local", Image: &core.ShootMachineImage{Name: "ubuntu", Version: "x.y"},
		}})
		err := admitter.Admit(ctx, attributes(shoot, nil), nil)
		Expect(err).To(MatchError(And(
			ContainSubstring(`spec.provider.workers[0].machine.image.name: Invalid value: "suse"`),
			ContainSubstring(`spec.provider.workers[1].machine.image.version: Invalid value: "x.y"`),
		)))
	})
})

var _ = Describe("ShootMutator with a name no CloudProfile can have", func() {
	It("reports it as not found instead of failing the live read", func() {
		client := fake.NewSimpleClientset()
		factory := gardencoreinformers.NewSharedInformerFactory(client, 0)
		admitter, err := New()
		Expect(err).NotTo(HaveOccurred())
		admitter.SetCoreInformerFactory(factory)
		admitter.SetCoreClientSet(client)
		admitter.AssignReadyFunc(func() bool { return true })
		shoot := &core.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "dev", Namespace: "garden-dev"},
			Spec:       core.ShootSpec{CloudProfile: &core.CloudProfileReference{Kind: "CloudProfile", Name: "10.0.0.0/8"}},
		}
		err = admitter.Admit(context.Background(), attributes(shoot, nil), nil)
		Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring(`spec.cloudProfile.name: Not found: "10.0.0.0/8"`))
		Expect(client.Actions()).To(BeEmpty())
	})
})
