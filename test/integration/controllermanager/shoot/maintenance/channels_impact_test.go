// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	"maps"
	"regexp"
	"slices"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/util/retry"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/test/envtest/suite"
	"github.com/gep-78/gardener/test/examples"
)

// profileChange is an ExtensionProfile and its spec before and after a change.
type profileChange struct {
	name          string
	before, after gardencorev1beta1.ExtensionProfileSpec
}

// A profile change whose effect on release channels lies in the near future (GEP-78 "Release
// channels"): the impact preview of the dry run names the Shoots whose channel moves and when,
// and maintenance at those times moves exactly them. Admission's clock stays at the reference
// time; the controllers' clock (fakeClock) is moved past each predicted time and set back
// afterwards. The soak period is the default (14 days) everywhere.
var _ = Describe("Release channel moves predicted by the impact preview", Ordered, func() {
	const (
		namespace = "garden-channel-impact"
		day       = 24 * time.Hour
		lead      = 30 * time.Second
		soak      = 14 * day
	)
	var (
		preview   = gardencorev1beta1.ClassificationPreview
		supported = gardencorev1beta1.ClassificationSupported
		channels  = []gardencorev1beta1.ReleaseChannel{
			gardencorev1beta1.ReleaseChannelRapid, gardencorev1beta1.ReleaseChannelRegular, gardencorev1beta1.ReleaseChannelStable}

		warnings     = &suite.Warnings{}
		dryRunClient client.Client
		shoots       = map[string]*gardencorev1beta1.Shoot{}
	)
	since := func(c gardencorev1beta1.VersionClassification, offset time.Duration) gardencorev1beta1.LifecycleStage {
		return gardencorev1beta1.LifecycleStage{Classification: c, StartTime: &metav1.Time{Time: examples.ReferenceTime.Add(offset)}}
	}
	version := func(v string, stages ...gardencorev1beta1.LifecycleStage) gardencorev1beta1.ExtensionComponentVersion {
		return gardencorev1beta1.ExtensionComponentVersion{Version: v, Lifecycle: stages}
	}
	agent := func(versions ...gardencorev1beta1.ExtensionComponentVersion) gardencorev1beta1.ExtensionProfileSpec {
		return gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{Name: "agent", Versions: versions}}}
	}
	// promote promotes the preview 1.1.0 at lead: regular moves then, stable one soak period later.
	promote := profileChange{"shoot-impact-promote",
		agent(version("1.0.0", since(supported, -30*day)), version("1.1.0", since(preview, -day))),
		agent(version("1.0.0", since(supported, -30*day)), version("1.1.0", since(preview, -day), since(supported, lead)))}
	// resoak dates the promotion of 2.1.0 four days earlier: its soak ends at lead instead of in
	// four days, and stable moves then.
	resoak := profileChange{"shoot-impact-soak",
		agent(version("2.0.0", since(supported, -30*day)), version("2.1.0", since(preview, -20*day), since(supported, -10*day))),
		agent(version("2.0.0", since(supported, -30*day)), version("2.1.0", since(preview, -20*day), since(supported, -soak+lead)))}

	type move struct{ Shoot, From, To, At string }
	// detail is the impact warning of a follower that a channel move updates.
	detail := regexp.MustCompile(`^Shoot ` + namespace + `/(\S+) on agent (\S+) \(channel \S+\) would be auto-updated to (\S+) in its first maintenance window from (\S+)$`)
	// predict dry-runs the change of profile to spec and returns the moves its warnings predict.
	predict := func(g Gomega, profile string, spec gardencorev1beta1.ExtensionProfileSpec) []move {
		stored := &gardencorev1beta1.ExtensionProfile{}
		g.Expect(dryRunClient.Get(ctx, client.ObjectKey{Name: profile}, stored)).To(Succeed())
		stored.Spec = spec
		warnings.Take()
		g.Expect(dryRunClient.Update(ctx, stored, client.DryRunAll)).To(Succeed())
		var out []move
		for _, w := range warnings.Take() {
			if m := detail.FindStringSubmatch(w); m != nil {
				out = append(out, move{m[1], m[2], m[3], m[4]})
			}
		}
		return out
	}
	// maintainAll maintains every Shoot at at (the controllers' clock) and returns their versions
	// and the moves from before, by name.
	maintainAll := func(before map[string]string, at time.Time) (map[string]string, []move) {
		GinkgoHelper()
		after := map[string]string{}
		var moved []move
		for _, name := range slices.Sorted(maps.Keys(shoots)) {
			shoot := &gardencorev1beta1.Shoot{}
			Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoots[name]), shoot)).To(Succeed())
			patch := client.MergeFrom(shoot.DeepCopy())
			metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/operation", "maintain")
			Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())
			Eventually(func(g Gomega) {
				g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
				g.Expect(shoot.Annotations).NotTo(HaveKey("gardener.cloud/operation"))
				g.Expect(shoot.Status.LastMaintenance).To(Or(BeNil(), HaveField("State", Not(Equal(gardencorev1beta1.LastOperationStateProcessing)))))
			}).Should(Succeed())
			after[name] = agentVersion(shoot)
			if after[name] != before[name] {
				moved = append(moved, move{name, before[name], after[name], at.UTC().Format(time.RFC3339)})
			}
		}
		return after, moved
	}

	BeforeAll(func() {
		DeferCleanup(func() { fakeClock.SetTime(examples.ReferenceTime) })
		config := rest.CopyConfig(restConfig)
		config.WarningHandler = warnings
		var err error
		dryRunClient, err = client.New(config, client.Options{Scheme: kubernetes.GardenScheme})
		Expect(err).NotTo(HaveOccurred())

		Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		for _, p := range []struct {
			change      profileChange
			prefix, pin string
		}{{promote, "promote", "1.0.0"}, {resoak, "soak", "2.0.0"}} {
			Expect(testClient.Create(ctx, &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: p.change.name}, Spec: p.change.before})).To(Succeed())
			newShoot := func(name string) *gardencorev1beta1.Shoot {
				shoot := &gardencorev1beta1.Shoot{}
				examples.MustDecode("shoot-accepted-envoy-gateway-falco.yaml", shoot)
				shoot.Name, shoot.Namespace = p.prefix+"-"+name, namespace
				shoot.Spec.Extensions = []gardencorev1beta1.Extension{{Type: p.change.name}}
				return shoot
			}
			for _, channel := range channels {
				shoot := newShoot(string(channel))
				shoot.Spec.Extensions[0].Channel = ptr.To(channel)
				Expect(testClient.Create(ctx, shoot)).To(Succeed())
				shoots[shoot.Name] = shoot
			}
			pinned := newShoot("pinned")
			pinned.Spec.Extensions[0].Components = []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To(p.pin)}}
			Expect(testClient.Create(ctx, pinned)).To(Succeed())
			shoots[pinned.Name] = pinned
		}
	})

	It("moves exactly the Shoots on the affected channel at the times the dry run predicted", func() {
		versions := map[string]string{}
		for name, shoot := range shoots {
			versions[name] = agentVersion(shoot)
		}
		Expect(versions).To(Equal(map[string]string{
			"promote-rapid": "1.1.0", "promote-regular": "1.0.0", "promote-stable": "1.0.0", "promote-pinned": "1.0.0",
			"soak-rapid": "2.1.0", "soak-regular": "2.1.0", "soak-stable": "2.0.0", "soak-pinned": "2.0.0",
		}), "admission resolved each channel")

		at := func(offset time.Duration) string {
			return examples.ReferenceTime.Add(offset).UTC().Format(time.RFC3339)
		}
		var predicted []move
		Eventually(func(g Gomega) {
			predicted = append(predict(g, promote.name, promote.after), predict(g, resoak.name, resoak.after)...)
			g.Expect(predicted).To(ConsistOf(
				move{"promote-regular", "1.0.0", "1.1.0", at(lead)},
				move{"promote-stable", "1.0.0", "1.1.0", at(lead + soak)},
				move{"soak-stable", "2.0.0", "2.1.0", at(lead)},
			))
		}).Should(Succeed(), "the impact plugin's Shoot informer has seen every follower")

		By("Storing the changes")
		for _, change := range []profileChange{promote, resoak} {
			// gardener-controller-manager writes the profile's finalizer and status meanwhile.
			Expect(retry.RetryOnConflict(retry.DefaultRetry, func() error {
				profile := &gardencorev1beta1.ExtensionProfile{}
				if err := testClient.Get(ctx, client.ObjectKey{Name: change.name}, profile); err != nil {
					return err
				}
				profile.Spec = change.after
				return testClient.Update(ctx, profile)
			})).To(Succeed())
		}
		// predictedBy returns the predicted moves after after until until, at until.
		predictedBy := func(until time.Time, after time.Time) []move {
			var out []move
			for _, m := range predicted {
				t, err := time.Parse(time.RFC3339, m.At)
				Expect(err).NotTo(HaveOccurred())
				if t.After(after) && !t.After(until) {
					out = append(out, move{m.Shoot, m.From, m.To, until.UTC().Format(time.RFC3339)})
				}
			}
			return out
		}

		By("Maintaining every Shoot before, just after the promotion and the first soak's end, and after the second soak's end")
		previous := examples.ReferenceTime
		for _, t := range []time.Time{examples.ReferenceTime, examples.ReferenceTime.Add(2 * lead), examples.ReferenceTime.Add(soak + 2*lead)} {
			// The first round runs before any predicted time: nothing moves.
			fakeClock.SetTime(t)
			var moved []move
			versions, moved = maintainAll(versions, t)
			expected := predictedBy(t, previous)
			if len(expected) == 0 {
				Expect(moved).To(BeEmpty(), "at %s", t)
			} else {
				Expect(moved).To(ConsistOf(expected), "at %s", t)
			}
			previous = t
		}
		Expect(versions).To(Equal(map[string]string{
			"promote-rapid": "1.1.0", "promote-regular": "1.1.0", "promote-stable": "1.1.0", "promote-pinned": "1.0.0",
			"soak-rapid": "2.1.0", "soak-regular": "2.1.0", "soak-stable": "2.1.0", "soak-pinned": "2.0.0",
		}), "Shoots on other channels and pinned Shoots stay")
	})
})
