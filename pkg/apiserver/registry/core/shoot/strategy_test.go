// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shoot_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	"github.com/gep-78/gardener/pkg/apis/core"
	. "github.com/gep-78/gardener/pkg/apiserver/registry/core/shoot"
)

func newShoot() *core.Shoot {
	return &core.Shoot{
		ObjectMeta: metav1.ObjectMeta{Name: "dev", Namespace: "garden-dev", ResourceVersion: "1", Generation: 2, Labels: map[string]string{"a": "b"}},
		Spec: core.ShootSpec{
			CloudProfile: &core.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
			Region:       "local",
			Kubernetes:   core.Kubernetes{Version: "1.35.6"},
			Provider:     core.Provider{Type: "local"},
			Extensions:   []core.Extension{{Type: "shoot-traefik"}},
		},
		Status: core.ShootStatus{TechnicalID: "shoot--dev--dev"},
	}
}

var _ = Describe("Strategy", func() {
	var (
		ctx      = context.Background()
		strategy = NewStrategy(0)
	)

	It("is namespaced and requires resourceVersions on update", func() {
		Expect(strategy.NamespaceScoped()).To(BeTrue())
		Expect(strategy.AllowCreateOnUpdate(ctx)).To(BeFalse())
		Expect(strategy.AllowUnconditionalUpdate(ctx)).To(BeFalse())
	})

	It("clears the status on create and starts at generation 1", func() {
		shoot := newShoot()
		strategy.PrepareForCreate(ctx, shoot)
		Expect(shoot.Status).To(Equal(core.ShootStatus{}))
		Expect(shoot.Generation).To(Equal(int64(1)))
	})

	It("keeps the stored status on update and bumps the generation on spec changes only", func() {
		oldShoot := newShoot()
		newShoot := newShoot()
		newShoot.Status = core.ShootStatus{}
		newShoot.Labels = nil
		strategy.PrepareForUpdate(ctx, newShoot, oldShoot)
		Expect(newShoot.Status).To(Equal(oldShoot.Status))
		Expect(newShoot.Generation).To(Equal(int64(2)))

		newShoot.Spec.Extensions[0].Components = []core.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}}
		strategy.PrepareForUpdate(ctx, newShoot, oldShoot)
		Expect(newShoot.Generation).To(Equal(int64(3)))
	})

	It("validates with the Shoot validation", func() {
		shoot := newShoot()
		shoot.Spec.Region = ""
		Expect(strategy.Validate(ctx, shoot)).To(ConsistOf(HaveField("Field", "spec.region")))
		// On update the region is also immutable.
		errs := strategy.ValidateUpdate(ctx, shoot, newShoot())
		Expect(errs).NotTo(BeEmpty())
		Expect(errs).To(HaveEach(HaveField("Field", "spec.region")))
	})

	It("refuses a new Shoot with the force-deletion annotation (validation.ValidateForceDeletion)", func() {
		shoot := newShoot()
		shoot.Annotations = map[string]string{"confirmation.gardener.cloud/force-deletion": "true"}
		Expect(strategy.Validate(ctx, shoot)).To(ConsistOf(
			HaveField("Detail", "force-deletion annotation cannot be set when Shoot deletionTimestamp is nil"),
			HaveField("Detail", ContainSubstring("force-deletion annotation cannot be set when Shoot status does not contain one of these error codes")),
		))
	})

	It("validates updates with Gardener's update rules (validation.ValidateShootUpdate)", func() {
		oldShoot := newShoot()
		oldShoot.Spec.Networking = &core.Networking{IPFamilies: []core.IPFamily{core.IPFamilyIPv4}}
		shoot := oldShoot.DeepCopy()
		shoot.Spec.Networking.IPFamilies = []core.IPFamily{core.IPFamilyIPv6}
		Expect(strategy.ValidateUpdate(ctx, shoot, oldShoot)).To(ConsistOf(HaveField("Field", "spec.networking.ipFamilies")))
	})

	It("syncs the cloud profile fields on create and update", func() {
		shoot := newShoot()
		shoot.Spec.Kubernetes.Version = "1.32.1"
		shoot.Spec.CloudProfile = nil
		shoot.Spec.CloudProfileName = ptr.To("local")
		strategy.PrepareForCreate(ctx, shoot)
		Expect(shoot.Spec.CloudProfile).To(Equal(&core.CloudProfileReference{Kind: "CloudProfile", Name: "local"}))

		updated := shoot.DeepCopy()
		updated.Spec.CloudProfile = &core.CloudProfileReference{Name: "other"}
		strategy.PrepareForUpdate(ctx, updated, shoot)
		Expect(updated.Spec.CloudProfileName).To(Equal(ptr.To("other")))
		Expect(updated.Spec.CloudProfile.Kind).To(Equal("CloudProfile"))
	})

	It("resets status for server-side apply", func() {
		set := strategy.GetResetFields()["core.gardener.cloud/v1beta1"]
		Expect(set.Has(fieldpath.MakePathOrDie("status"))).To(BeTrue())
	})
})

var _ = Describe("StatusStrategy", func() {
	var (
		ctx      = context.Background()
		strategy = NewStatusStrategy()
	)

	It("keeps the stored spec and metadata, and takes the new status", func() {
		oldShoot := newShoot()
		newShoot := newShoot()
		newShoot.Spec.Region = "elsewhere"
		newShoot.Labels = nil
		newShoot.Status.TechnicalID = "shoot--dev--other"
		strategy.PrepareForUpdate(ctx, newShoot, oldShoot)
		Expect(newShoot.Spec).To(Equal(oldShoot.Spec))
		Expect(newShoot.Labels).To(Equal(oldShoot.Labels))
		Expect(newShoot.Status.TechnicalID).To(Equal("shoot--dev--other"))
	})

	It("validates with Gardener's status update rules (validation.ValidateShootStatusUpdate)", func() {
		oldShoot := newShoot()
		shoot := newShoot()
		shoot.Status.IsHibernated = true
		Expect(strategy.ValidateUpdate(ctx, shoot, oldShoot)).To(BeEmpty())
		shoot.Status.TechnicalID = "shoot--dev--other"
		Expect(strategy.ValidateUpdate(ctx, shoot, oldShoot)).To(ConsistOf(HaveField("Field", "status.technicalID")))
	})

	It("resets spec and metadata for server-side apply", func() {
		set := strategy.GetResetFields()["core.gardener.cloud/v1beta1"]
		Expect(set.Has(fieldpath.MakePathOrDie("spec"))).To(BeTrue())
		Expect(set.Has(fieldpath.MakePathOrDie("metadata"))).To(BeTrue())
	})
})

var _ = Describe("field selectors", func() {
	It("#ToSelectableFields returns the metadata fields, spec.seedName and the cloud profile reference", func() {
		shoot := newShoot()
		shoot.Spec.SeedName = ptr.To("local")
		shoot.Spec.CloudProfileName = ptr.To("local")
		shoot.Spec.CloudProfile = &core.CloudProfileReference{Kind: "CloudProfile", Name: "local"}
		Expect(ToSelectableFields(shoot)).To(Equal(fields.Set{
			"metadata.name":          "dev",
			"metadata.namespace":     "garden-dev",
			"spec.seedName":          "local",
			"spec.cloudProfileName":  "local",
			"spec.cloudProfile.Name": "local",
			"spec.cloudProfile.Kind": "CloudProfile",
		}))
	})

	It("#ToSelectableFields selects an unscheduled Shoot by an empty spec.seedName", func() {
		set := ToSelectableFields(newShoot())
		Expect(set).To(HaveKeyWithValue("spec.seedName", ""))
		Expect(set).NotTo(HaveKey("spec.cloudProfileName"))
		Expect(fields.ParseSelectorOrDie("spec.seedName=").Matches(set)).To(BeTrue())
	})

	It("#MatchShoot matches labels and fields", func() {
		shoot := newShoot()
		shoot.Spec.SeedName = ptr.To("local")
		predicate := MatchShoot(labels.SelectorFromSet(labels.Set{"a": "b"}), fields.ParseSelectorOrDie("spec.seedName=local"))
		matches, err := predicate.Matches(shoot)
		Expect(err).NotTo(HaveOccurred())
		Expect(matches).To(BeTrue())
		predicate = MatchShoot(labels.Everything(), fields.ParseSelectorOrDie("spec.seedName!=local"))
		matches, err = predicate.Matches(shoot)
		Expect(err).NotTo(HaveOccurred())
		Expect(matches).To(BeFalse())
	})

	It("#GetAttrs refuses other objects", func() {
		_, _, err := GetAttrs(&core.ExtensionProfile{})
		Expect(err).To(MatchError(ContainSubstring("not a shoot")))
	})
})
