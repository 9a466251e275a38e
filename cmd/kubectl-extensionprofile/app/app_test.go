// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/go-cmp/cmp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	gomegatypes "github.com/onsi/gomega/types"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	k8stesting "k8s.io/client-go/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	"github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	"github.com/gep-78/gardener/test/examples"
)

// sameRows compares rows; times are compared as instants (decoded times are in the local zone).
func sameRows(expected any) gomegatypes.GomegaMatcher {
	return BeComparableTo(expected,
		cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) }),
		cmp.Comparer(func(a, b metav1.Time) bool { return a.Equal(&b) }))
}

var _ = Describe("kubectl extensionprofile", func() {
	var (
		ctx       = context.Background()
		reference = examples.ReferenceTime
		objects   []runtime.Object
	)

	// profile returns an example profile with the status the controller writes at the reference
	// time.
	profile := func(file string) *gardencorev1beta1.ExtensionProfile {
		p := &gardencorev1beta1.ExtensionProfile{}
		Expect(yaml.UnmarshalStrict(examples.MustRead(file), p)).To(Succeed())
		p.Status = helper.ExtensionProfileStatusAt(p.Spec, reference)
		return p
	}
	example := func(file string) *gardencorev1beta1.Shoot {
		s := &gardencorev1beta1.Shoot{}
		Expect(yaml.Unmarshal(examples.MustRead(file), s)).To(Succeed())
		return s
	}
	falcoShoot := func(namespace, name, version string, disabled bool) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name},
			Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{{
				Type: "shoot-falco-service", Disabled: ptr.To(disabled),
				Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To(version)}},
			}}},
		}
	}
	client := func() gardencoreclientset.Interface { return fake.NewSimpleClientset(objects...) }
	date := func(year int, month time.Month, day int) *time.Time {
		t := time.Date(year, month, day, 0, 0, 0, 0, time.UTC)
		return &t
	}

	BeforeEach(func() {
		objects = nil
	})

	Describe("usage", func() {
		BeforeEach(func() {
			objects = []runtime.Object{
				profile("extensionprofile-shoot-falco-service.yaml"),
				falcoShoot("garden-dev", "b", "0.44.1", false),
				falcoShoot("garden-dev", "a", "0.44.1", false),
				falcoShoot("garden-ops", "frozen", "0.42.1", true),
				falcoShoot("garden-ops", "legacy", "0.39.0", false),
				example("shoot-accepted-falco-traefik.yaml"),
			}
		})

		It("lists every version with classification, next transition, expiry and pinning Shoots", func() {
			view, err := profileUsage(ctx, client(), "shoot-falco-service", "")
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Namespace).To(BeEmpty())
			Expect(view.Rows).To(sameRows([]usageRow{
				{Component: "falco", Version: "0.40.0", Classification: "expired", Expiration: date(2026, time.August, 1)},
				{Component: "falco", Version: "0.41.3", Classification: "expired", Expiration: date(2026, time.August, 1)},
				{Component: "falco", Version: "0.42.1", Classification: "deprecated", Expiration: date(2027, time.February, 1),
					NextTransition: &gardencorev1beta1.VersionTransition{Classification: "expired", Time: metav1.NewTime(*date(2027, time.February, 1))},
					Shoots:         []string{"garden-ops/frozen"}},
				{Component: "falco", Version: "0.43.0", Classification: "expired", Expiration: date(2026, time.August, 1)},
				{Component: "falco", Version: "0.44.1", Classification: "supported",
					Shoots: []string{"garden-dev/a", "garden-dev/b", "garden-dev/falco-traefik-eval"}},
				{Component: "falco", Version: "0.45.0", Classification: "preview",
					NextTransition: &gardencorev1beta1.VersionTransition{Classification: "supported", Time: metav1.NewTime(*date(2027, time.January, 15))}},
				{Component: "falco", Version: "0.45.1", Classification: "unavailable",
					NextTransition: &gardencorev1beta1.VersionTransition{Classification: "preview", Time: metav1.NewTime(*date(2026, time.December, 15))}},
				{Component: "falco", Version: "0.39.0", Classification: "<not in profile>", Shoots: []string{"garden-ops/legacy"}},
			}))
		})

		It("lists only the Shoots of one namespace when asked to, and counts those elsewhere", func() {
			view, err := profileUsage(ctx, client(), "shoot-falco-service", "garden-ops")
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[4].Shoots).To(BeEmpty())
			Expect(view.Rows[2].Shoots).To(Equal([]string{"garden-ops/frozen"}))
			Expect(view.Rows[7].Shoots).To(Equal([]string{"garden-ops/legacy"}))
			Expect(view.Elsewhere).To(Equal(3))

			view, err = profileUsage(ctx, client(), "shoot-falco-service", "garden-dev")
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows).To(HaveLen(7), "a version not in the profile is listed only when pinned in the namespace")
			Expect(view.Elsewhere).To(Equal(2))
			out := &bytes.Buffer{}
			Expect(printUsage(out, view)).To(Succeed())
			Expect(out.String()).To(HaveSuffix("\nSHOOTS lists namespace garden-dev only; 2 Shoots of other namespaces pin versions of this profile (-A lists them)\n"))
		})

		It("lists one namespace and says so when Shoots of other namespaces cannot be listed", func() {
			c := fake.NewSimpleClientset(objects...)
			c.PrependReactor("list", "shoots", func(action k8stesting.Action) (bool, runtime.Object, error) {
				if action.GetNamespace() == "" {
					return true, nil, apierrors.NewForbidden(gardencorev1beta1.Resource("shoots"), "", errors.New("not allowed"))
				}
				return false, nil, nil
			})
			view, err := profileUsage(ctx, c, "shoot-falco-service", "garden-ops")
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[2].Shoots).To(Equal([]string{"garden-ops/frozen"}))
			out := &bytes.Buffer{}
			Expect(printUsage(out, view)).To(Succeed())
			Expect(out.String()).To(ContainSubstring("SHOOTS lists namespace garden-ops only; Shoots of other namespaces cannot be counted: "))
		})

		It("prints <unknown> for versions the controller has not classified yet", func() {
			p := profile("extensionprofile-shoot-falco-service.yaml")
			p.Status = gardencorev1beta1.ExtensionProfileStatus{}
			objects = []runtime.Object{p}
			view, err := profileUsage(ctx, client(), "shoot-falco-service", "")
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[0].Classification).To(Equal("<unknown>"))
		})

		It("fails when the profile does not exist", func() {
			_, err := profileUsage(ctx, client(), "shoot-dns-service", "")
			Expect(err).To(MatchError(ContainSubstring(`"shoot-dns-service" not found`)))
		})

		It("prints a table", func() {
			view, err := profileUsage(ctx, client(), "shoot-falco-service", "")
			Expect(err).NotTo(HaveOccurred())
			view.Rows, view.Channels = view.Rows[2:3], nil
			out := &bytes.Buffer{}
			Expect(printUsage(out, view)).To(Succeed())
			Expect(out.String()).To(Equal(
				"COMPONENT   VERSION   CLASSIFICATION   NEXT TRANSITION                EXPIRES                SHOOTS\n" +
					"falco       0.42.1    deprecated       expired@2027-02-01T00:00:00Z   2027-02-01T00:00:00Z   garden-ops/frozen\n"))
		})

		It("runs as a command with the connection flags of kubectl", func() {
			out := &bytes.Buffer{}
			cmd := NewCommand(out, &bytes.Buffer{})
			cmd.SetArgs([]string{"usage", "shoot-falco-service", "-A", "--kubeconfig", "/nonexistent/kubeconfig"})
			Expect(cmd.ExecuteContext(ctx)).To(MatchError(ContainSubstring("kubeconfig")))
		})
	})

	Describe("shoot", func() {
		BeforeEach(func() {
			objects = []runtime.Object{
				profile("extensionprofile-envoy-gateway.yaml"),
				profile("extensionprofile-shoot-falco-service.yaml"),
				example("shoot-accepted-envoy-gateway-falco.yaml"),
			}
		})

		It("shows the next window and per pin the classification, expiry, auto-update policy and the outcome now and later", func() {
			view, err := shootPins(ctx, client(), "garden-dev", "gw-pinned", reference, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.NextWindow).To(Equal("2026-11-29T03:00:00Z (window 03:00:00-03:45:00 UTC)"))
			Expect(view.Rows).To(sameRows([]shootRow{
				{ExtensionType: "envoy-gateway", Component: "envoy-gateway", Version: "1.8.3", Classification: "deprecated",
					Expiration:      date(2027, time.February, 15),
					AutoUpdate:      "on, patch (component)",
					NextMaintenance: "update to 1.8.4 (Automatic update of the component version is configured (update strategy: patch))"},
				{ExtensionType: "shoot-falco-service", Component: "falco", Version: "0.42.1", Classification: "deprecated",
					Expiration:      date(2027, time.February, 1),
					AutoUpdate:      "off, minor (profileComponent)",
					NextMaintenance: "keep",
					Later:           "on 2027-02-01: force update to 0.44.1 (Component version expired - force update required)"},
			}))
		})

		It("shows the forced update once the frozen pin has expired", func() {
			view, err := shootPins(ctx, client(), "garden-dev", "gw-pinned", time.Date(2027, time.February, 1, 0, 0, 0, 0, time.UTC), nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[1].NextMaintenance).To(Equal("force update to 0.44.1 (Component version expired - force update required)"))
			Expect(view.Rows[1].Later).To(BeEmpty())
		})

		It("shows that a pin keeps now and holds at its expiry when no version is compatible", func() {
			// 0.44.1 needs Garden Linux 1877.8.0, 0.45.0 (supported from 2027-01-15) Kubernetes 1.33.
			shoot := objects[2].(*gardencorev1beta1.Shoot)
			shoot.Spec.Kubernetes.Version = "1.32.4"
			shoot.Spec.Provider.Workers[0].Machine.Image.Version = ptr.To("1877.7.0")
			view, err := shootPins(ctx, client(), "garden-dev", "gw-pinned", reference, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[1].NextMaintenance).To(Equal("keep"))
			Expect(view.Rows[1].Later).To(Equal(`on 2027-02-01: hold, no compatible version: 0.44.1 fails "falco 0.44 requires Garden Linux 1877.8.0 or newer on gardenlinux worker pools (illustrative rule)"`))
		})

		It("says when maintenance runs at once", func() {
			view, err := shootPins(ctx, client(), "garden-dev", "gw-pinned", reference.Add(3*time.Hour+10*time.Minute), nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.NextWindow).To(Equal("now (inside the window 03:00:00-03:45:00 UTC)"))
			view, err = shootPins(ctx, client(), "garden-dev", "gw-pinned", reference.Add(3*time.Hour+50*time.Minute), nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.NextWindow).To(Equal("2026-11-30T03:00:00Z (window 03:00:00-03:45:00 UTC)"), "maintenance starts until 15 minutes before the end")

			objects[2].(*gardencorev1beta1.Shoot).Annotations = map[string]string{"gardener.cloud/operation": "maintain"}
			view, err = shootPins(ctx, client(), "garden-dev", "gw-pinned", reference, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.NextWindow).To(Equal("now (operation annotation maintain)"))
		})

		It("names the namespaces of a Shoot not found, or suggests -n and -A", func() {
			_, err := shootPins(ctx, client(), "default", "gw-pinned", reference, nil)
			Expect(err).To(MatchError(`Shoot "gw-pinned" not found in namespace "default"; it exists in namespace garden-dev: use -n garden-dev`))
			_, err = shootPins(ctx, client(), "default", "missing", reference, nil)
			Expect(err).To(MatchError(`Shoot "missing" not found in namespace "default", nor in any other namespace`))

			view, err := shootPins(ctx, client(), "", "gw-pinned", reference, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows).To(HaveLen(2))

			other := objects[2].(*gardencorev1beta1.Shoot).DeepCopy()
			other.Namespace = "garden-ops"
			objects = append(objects, other)
			_, err = shootPins(ctx, client(), "", "gw-pinned", reference, nil)
			Expect(err).To(MatchError(`Shoot "gw-pinned" exists in several namespaces (garden-dev, garden-ops): name one with -n NAMESPACE`))

			c := fake.NewSimpleClientset(objects...)
			c.PrependReactor("list", "shoots", func(k8stesting.Action) (bool, runtime.Object, error) {
				return true, nil, apierrors.NewForbidden(gardencorev1beta1.Resource("shoots"), "", errors.New("not allowed"))
			})
			_, err = shootPins(ctx, c, "default", "gw-pinned", reference, nil)
			Expect(err).To(MatchError(`Shoot "gw-pinned" not found in namespace "default"; name its namespace with -n NAMESPACE, or find it in all namespaces with -A`))
		})

		It("shows the auto-update into a preview version of a Shoot that opted into preview", func() {
			// gw-pinned with envoy-gateway on the supported 1.9.0: 1.9.1 is preview.
			shoot := objects[2].(*gardencorev1beta1.Shoot)
			component := &shoot.Spec.Extensions[0].Components[0]
			component.Version = ptr.To("1.9.0")

			view, err := shootPins(ctx, client(), "garden-dev", "gw-pinned", reference, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[0].NextMaintenance).To(Equal("keep"))

			component.AutoUpdate.Classifications = []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationSupported}
			view, err = shootPins(ctx, client(), "garden-dev", "gw-pinned", reference, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[0].NextMaintenance).To(Equal("update to 1.9.1 (Automatic update of the component version is configured (update strategy: patch))"))
			view.Rows = view.Rows[:1]
			out := &bytes.Buffer{}
			Expect(printShootPins(out, view)).To(Succeed())
			Expect(out.String()).To(ContainSubstring("on, patch (component), into preview   update to 1.9.1"))
		})

		It("shows the rollout of the pinned version and that the Shoot failed on it", func() {
			shoot := objects[2].(*gardencorev1beta1.Shoot)
			shoot.Status.LastErrors = []gardencorev1beta1.LastError{
				{TaskID: ptr.To("extension/envoy-gateway"), Description: "Extension envoy-gateway (envoy-gateway 1.8.3) reports: crash loop",
					LastUpdateTime: &metav1.Time{Time: reference.Add(-time.Hour)}},
				{TaskID: ptr.To("extension/envoy-gateway"), Description: "Extension envoy-gateway (envoy-gateway 1.8.2) reports: old"},
			}
			profile := objects[0].(*gardencorev1beta1.ExtensionProfile)
			Expect(profile.Status.Components[0].Name).To(Equal("envoy-gateway"))
			profile.Status.Components[0].Rollouts = []gardencorev1beta1.ComponentVersionRolloutStatus{{Version: "1.8.3", State: gardencorev1beta1.RolloutStateHalted, Moved: 5, Failed: 3}}
			view, err := shootPins(ctx, client(), "garden-dev", "gw-pinned", reference, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[0].Rollout).To(Equal("Halted (3 of 5 moved failed)"))
			Expect(view.Rows[0].Failure).To(HaveField("Description", HaveSuffix("crash loop")))
			Expect(view.Rows[1].Rollout).To(BeEmpty())
			Expect(view.Rows[1].Failure).To(BeNil())

			out := &bytes.Buffer{}
			Expect(printShootPins(out, view)).To(Succeed())
			Expect(out.String()).To(ContainSubstring("deprecated       Halted (3 of 5 moved failed)   2027-02-15"))
			Expect(out.String()).To(HaveSuffix("\nenvoy-gateway envoy-gateway 1.8.3 failed on this Shoot since 2026-11-28T23:00:00Z: Extension envoy-gateway (envoy-gateway 1.8.3) reports: crash loop\n"))
		})

		It("names a pin without profile", func() {
			objects = objects[1:]
			view, err := shootPins(ctx, client(), "garden-dev", "gw-pinned", reference, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[0].Classification).To(Equal("<no profile>"))
			Expect(view.Rows[0].NextMaintenance).To(Equal(`fails: ExtensionProfile "envoy-gateway" does not exist`))
		})

		It("prints a table through the command, with the injected clock", func() {
			out := &bytes.Buffer{}
			o := &Options{Out: out, Clock: testclock.NewFakeClock(reference), NewClient: func() (gardencoreclientset.Interface, error) { return client(), nil }}
			cmd := NewCommandWithOptions(o)
			cmd.SetArgs([]string{"shoot", "gw-pinned", "-n", "garden-dev"})
			Expect(cmd.ExecuteContext(ctx)).To(Succeed())
			update := "update to 1.8.4 (Automatic update of the component version is configured (update strategy: patch))"
			pad := func(s string) string { return s + strings.Repeat(" ", len(update)+3-len(s)) }
			Expect(out.String()).To(Equal("Next maintenance: 2026-11-29T03:00:00Z (window 03:00:00-03:45:00 UTC)\n" +
				"TYPE                  COMPONENT       VERSION   CLASSIFICATION   ROLLOUT   EXPIRES                CHANNEL   AUTO-UPDATE                     " + pad("NEXT MAINTENANCE") + "LATER\n" +
				"envoy-gateway         envoy-gateway   1.8.3     deprecated       <none>    2027-02-15T00:00:00Z   <none>    on, patch (component)           " + pad(update) + "<none>\n" +
				"shoot-falco-service   falco           0.42.1    deprecated       <none>    2027-02-01T00:00:00Z   <none>    off, minor (profileComponent)   " + pad("keep") + "on 2027-02-01: force update to 0.44.1 (Component version expired - force update required)\n"))
		})
	})
})
