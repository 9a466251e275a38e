// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package rollout_test

import (
	"fmt"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	eventsv1 "k8s.io/api/events/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/test/failover"
)

const (
	cloudProfileName = "rollout"
	component        = "agent"
	soak             = 72 * time.Hour
)

// newProfile offers agent 1.0.0, with stages when given (else the built-in early, production).
func newProfile(name string, stages ...gardencorev1beta1.RolloutStage) *gardencorev1beta1.ExtensionProfile {
	profile := failover.ExtensionProfile(name)
	profile.Spec.Components[0].Versions = []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}}
	if len(stages) > 0 {
		profile.Spec.Rollout = &gardencorev1beta1.RolloutPolicy{Stages: stages}
	}
	return profile
}

// createShoot creates a Shoot of purpose on agent 1.0.0 with auto-update (strategy minor).
func createShoot(namespace, name, extensionType string, purpose gardencorev1beta1.ShootPurpose) *gardencorev1beta1.Shoot {
	GinkgoHelper()
	shoot := failover.Shoot(namespace, name, cloudProfileName, extensionType, "1.0.0")
	shoot.Spec.Purpose = ptr.To(purpose)
	Expect(testClient.Create(ctx, shoot)).To(Succeed())
	return shoot
}

// addVersion adds version to the profile's component, first in the list.
func addVersion(profileName string, version gardencorev1beta1.ExtensionComponentVersion) {
	GinkgoHelper()
	editProfile(profileName, func(p *gardencorev1beta1.ExtensionProfile) {
		p.Spec.Components[0].Versions = append([]gardencorev1beta1.ExtensionComponentVersion{version}, p.Spec.Components[0].Versions...)
	})
}

func editProfile(name string, edit func(*gardencorev1beta1.ExtensionProfile)) {
	GinkgoHelper()
	Eventually(func() error {
		p := &gardencorev1beta1.ExtensionProfile{}
		if err := testClient.Get(ctx, client.ObjectKey{Name: name}, p); err != nil {
			return err
		}
		edit(p)
		return testClient.Update(ctx, p)
	}).Should(Succeed())
}

// editVersion edits the entry of version in the profile.
func editVersion(profileName, version string, edit func(*gardencorev1beta1.ExtensionComponentVersion)) {
	GinkgoHelper()
	editProfile(profileName, func(p *gardencorev1beta1.ExtensionProfile) {
		edit(v1beta1helper.FindComponentVersion(&p.Spec.Components[0], version))
	})
}

// poke makes the ExtensionProfile controller reconcile the profile, after the fake clock moved.
func poke(name string) {
	GinkgoHelper()
	editProfile(name, func(p *gardencorev1beta1.ExtensionProfile) {
		metav1.SetMetaDataAnnotation(&p.ObjectMeta, "test.gardener.cloud/poke", fakeClock.Now().UTC().Format(time.RFC3339))
	})
}

// rolloutOf returns the rollout status of version once the controller has computed it.
func rolloutOf(profileName, version string) func(Gomega) gardencorev1beta1.ComponentVersionRolloutStatus {
	return func(g Gomega) gardencorev1beta1.ComponentVersionRolloutStatus {
		p := &gardencorev1beta1.ExtensionProfile{}
		g.Expect(testClient.Get(ctx, client.ObjectKey{Name: profileName}, p)).To(Succeed())
		status := v1beta1helper.FindComponentVersionRolloutStatus(p.Status, component, version)
		g.Expect(status).NotTo(BeNil(), "no rollout of %s yet", version)
		return *status
	}
}

// classificationOf returns the classification of version the controller last wrote.
func classificationOf(profileName, version string) func(Gomega) gardencorev1beta1.VersionClassification {
	return func(g Gomega) gardencorev1beta1.VersionClassification {
		p := &gardencorev1beta1.ExtensionProfile{}
		g.Expect(testClient.Get(ctx, client.ObjectKey{Name: profileName}, p)).To(Succeed())
		for _, c := range p.Status.Components {
			for _, v := range c.Versions {
				if c.Name == component && v.Version == version {
					return v.Classification
				}
			}
		}
		return ""
	}
}

// stageOpen matches a rollout status whose stage name is open.
func stageOpen(name string) OmegaMatcher {
	return HaveField("Stages", ContainElement(And(HaveField("Name", name), HaveField("OpenedAt", Not(BeNil())))))
}

// maintain sets the "maintain" operation on each Shoot and returns their agent versions once
// their maintenance is done.
func maintain(shoots ...*gardencorev1beta1.Shoot) map[string]string {
	GinkgoHelper()
	out := map[string]string{}
	for _, shoot := range shoots {
		patch := client.MergeFrom(shoot.DeepCopy())
		metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/operation", "maintain")
		Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())
	}
	for _, shoot := range shoots {
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
			g.Expect(shoot.Annotations).NotTo(HaveKey("gardener.cloud/operation"), "shoot %s not maintained yet", shoot.Name)
			g.Expect(shoot.Status.LastMaintenance).To(HaveField("State", Not(Equal(gardencorev1beta1.LastOperationStateProcessing))))
		}).Should(Succeed())
		out[shoot.Name] = *shoot.Spec.Extensions[0].Components[0].Version
	}
	return out
}

// maintainTo maintains shoots until they are on the versions of want: maintenance reads the
// profile from gardener-controller-manager's cache, which can trail the change the test observed.
func maintainTo(want map[string]string, shoots ...*gardencorev1beta1.Shoot) {
	GinkgoHelper()
	Eventually(func() map[string]string { return maintain(shoots...) }).Should(Equal(want))
}

// failExtension makes the seed Extension of shoot report that its component failed, as the
// extension controller does, and waits until gardenlet shows it in the Shoot's status.
func failExtension(shoot *gardencorev1beta1.Shoot) {
	GinkgoHelper()
	Eventually(func(g Gomega) {
		g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
		g.Expect(shoot.Status.TechnicalID).NotTo(BeEmpty())
		list := &extensionsv1alpha1.ExtensionList{}
		g.Expect(seedClient.List(ctx, list, client.InNamespace(shoot.Status.TechnicalID))).To(Succeed())
		g.Expect(list.Items).To(HaveLen(1))
		ext := &list.Items[0]
		version := *shoot.Spec.Extensions[0].Components[0].Version
		g.Expect(ext.Spec.Components).To(ContainElement(HaveField("Version", version)), "gardenlet has not delivered %s yet", version)
		patch := client.MergeFrom(ext.DeepCopy())
		ext.Status.LastOperation = &gardencorev1beta1.LastOperation{Type: gardencorev1beta1.LastOperationTypeReconcile,
			State: gardencorev1beta1.LastOperationStateError, Description: "crash loop", LastUpdateTime: metav1.Time{Time: fakeClock.Now()}}
		ext.Status.LastError = &gardencorev1beta1.LastError{Description: fmt.Sprintf("%s %s crashes on start", component, version)}
		g.Expect(seedClient.Status().Patch(ctx, ext, patch)).To(Succeed())
	}).Should(Succeed())
	Eventually(func(g Gomega) []gardencorev1beta1.LastError {
		g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
		return shoot.Status.LastErrors
	}).Should(ContainElement(HaveField("TaskID", ptr.To("extension/"+shoot.Spec.Extensions[0].Type))))
}

// profileEvents returns "<reason>: <note>" of the events recorded on the profile.
func profileEvents(profileName string) []string {
	GinkgoHelper()
	list := &eventsv1.EventList{}
	Expect(testClient.List(ctx, list)).To(Succeed())
	var out []string
	for _, e := range list.Items {
		if e.Regarding.Kind == "ExtensionProfile" && e.Regarding.Name == profileName {
			out = append(out, e.Reason+": "+e.Note)
		}
	}
	return out
}

func names(shoots []*gardencorev1beta1.Shoot) []string {
	var out []string
	for _, s := range shoots {
		out = append(out, s.Namespace+"/"+s.Name)
	}
	return out
}

func contains(sub string) OmegaMatcher { return ContainElement(ContainSubstring(sub)) }
