// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app_test

import (
	"bytes"
	"context"
	"time"

	"github.com/google/go-cmp/cmp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	gomegatypes "github.com/onsi/gomega/types"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	. "github.com/gep-78/gardener/cmd/kubectl-extensionprofile/app"
	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	"github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
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
			rows, err := Usage(ctx, client(), "shoot-falco-service", "")
			Expect(err).NotTo(HaveOccurred())
			Expect(rows).To(sameRows([]UsageRow{
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

		It("lists only the Shoots of one namespace when asked to", func() {
			rows, err := Usage(ctx, client(), "shoot-falco-service", "garden-ops")
			Expect(err).NotTo(HaveOccurred())
			Expect(rows[4].Shoots).To(BeEmpty())
			Expect(rows[2].Shoots).To(Equal([]string{"garden-ops/frozen"}))
		})

		It("prints <unknown> for versions the controller has not classified yet", func() {
			p := profile("extensionprofile-shoot-falco-service.yaml")
			p.Status = gardencorev1beta1.ExtensionProfileStatus{}
			objects = []runtime.Object{p}
			rows, err := Usage(ctx, client(), "shoot-falco-service", "")
			Expect(err).NotTo(HaveOccurred())
			Expect(rows[0].Classification).To(Equal("<unknown>"))
		})

		It("fails when the profile does not exist", func() {
			_, err := Usage(ctx, client(), "shoot-dns-service", "")
			Expect(err).To(MatchError(ContainSubstring(`"shoot-dns-service" not found`)))
		})

		It("prints a table", func() {
			rows, err := Usage(ctx, client(), "shoot-falco-service", "")
			Expect(err).NotTo(HaveOccurred())
			out := &bytes.Buffer{}
			Expect(PrintUsage(out, rows[2:3])).To(Succeed())
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

		It("shows per pin the classification, expiry, maintenance auto-update policy and the next maintenance", func() {
			rows, err := ShootPins(ctx, client(), "garden-dev", "gw-pinned", reference)
			Expect(err).NotTo(HaveOccurred())
			Expect(rows).To(sameRows([]ShootRow{
				{ExtensionType: "envoy-gateway", Component: "envoy-gateway", Version: "1.8.3", Classification: "deprecated",
					Expiration:      date(2027, time.February, 15),
					AutoUpdate:      &gardenerutils.EffectiveAutoUpdate{Enabled: true, UpdateStrategy: "patch", Source: gardenerutils.UpdateStrategyFromComponent, RequestedSource: gardenerutils.UpdateStrategyFromComponent},
					NextMaintenance: "update to 1.8.4 (" + gardenerutils.ReasonComponentAutoUpdate("patch") + ")"},
				{ExtensionType: "shoot-falco-service", Component: "falco", Version: "0.42.1", Classification: "deprecated",
					Expiration:      date(2027, time.February, 1),
					AutoUpdate:      &gardenerutils.EffectiveAutoUpdate{Enabled: false, UpdateStrategy: "minor", Source: gardenerutils.UpdateStrategyFromProfileComponent, RequestedSource: gardenerutils.UpdateStrategyFromProfileComponent},
					NextMaintenance: "keep"},
			}))
		})

		It("shows the forced update once the frozen pin has expired", func() {
			rows, err := ShootPins(ctx, client(), "garden-dev", "gw-pinned", time.Date(2027, time.February, 1, 0, 0, 0, 0, time.UTC))
			Expect(err).NotTo(HaveOccurred())
			Expect(rows[1].NextMaintenance).To(Equal("force update to 0.44.1 (" + gardenerutils.ReasonComponentVersionExpired + ")"))
		})

		It("shows the auto-update into a preview version of a Shoot that opted into preview", func() {
			// gw-pinned with envoy-gateway on the supported 1.9.0: 1.9.1 is preview.
			shoot := objects[2].(*gardencorev1beta1.Shoot)
			component := &shoot.Spec.Extensions[0].Components[0]
			component.Version = ptr.To("1.9.0")

			rows, err := ShootPins(ctx, client(), "garden-dev", "gw-pinned", reference)
			Expect(err).NotTo(HaveOccurred())
			Expect(rows[0].NextMaintenance).To(Equal("keep"))

			component.AutoUpdate.Classifications = []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationSupported}
			rows, err = ShootPins(ctx, client(), "garden-dev", "gw-pinned", reference)
			Expect(err).NotTo(HaveOccurred())
			Expect(rows[0].NextMaintenance).To(Equal("update to 1.9.1 (" + gardenerutils.ReasonComponentAutoUpdate("patch") + ")"))
			out := &bytes.Buffer{}
			Expect(PrintShootPins(out, rows[:1])).To(Succeed())
			Expect(out.String()).To(ContainSubstring("on, patch (component), into preview   update to 1.9.1"))
		})

		It("names a pin without profile", func() {
			objects = objects[1:]
			rows, err := ShootPins(ctx, client(), "garden-dev", "gw-pinned", reference)
			Expect(err).NotTo(HaveOccurred())
			Expect(rows[0].Classification).To(Equal("<no profile>"))
			Expect(rows[0].NextMaintenance).To(Equal(`fails: ExtensionProfile "envoy-gateway" does not exist`))
		})

		It("prints a table through the command, with the injected clock", func() {
			out := &bytes.Buffer{}
			o := &Options{Out: out, Clock: testclock.NewFakeClock(reference), NewClient: func() (gardencoreclientset.Interface, error) { return client(), nil }}
			cmd := NewCommandWithOptions(o)
			cmd.SetArgs([]string{"shoot", "gw-pinned", "-n", "garden-dev"})
			Expect(cmd.ExecuteContext(ctx)).To(Succeed())
			Expect(out.String()).To(Equal(
				"TYPE                  COMPONENT       VERSION   CLASSIFICATION   EXPIRES                AUTO-UPDATE                     NEXT MAINTENANCE\n" +
					"envoy-gateway         envoy-gateway   1.8.3     deprecated       2027-02-15T00:00:00Z   on, patch (component)           update to 1.8.4 (" + gardenerutils.ReasonComponentAutoUpdate("patch") + ")\n" +
					"shoot-falco-service   falco           0.42.1    deprecated       2027-02-01T00:00:00Z   off, minor (profileComponent)   keep\n"))
		})
	})
})
