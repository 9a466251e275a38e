// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/events"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
	"github.com/gep-78/gardener/test/examples"
)

// The shared GEP-78 examples (test/examples), maintained with the real CEL engine
// (NewCELCompatibilityChecker) through the reconciler and a fake client. The expectations are the
// "Expected maintenance" comments of the example Shoots.
var _ = Describe("shared GEP-78 examples", func() {
	var (
		ctx        context.Context
		fakeClock  *testclock.FakeClock
		fakeClient client.Client
		reconciler *Reconciler
		request    reconcile.Request
		updates    int
	)

	load := func(shootFile string) *gardencorev1beta1.Shoot {
		shoot := &gardencorev1beta1.Shoot{}
		examples.MustDecode(shootFile, shoot)
		// As stored: defaulted (machine architectures), with the annotation gardener-apiserver sets.
		api.Scheme.Default(shoot)
		metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/created-by", "dev@example.com")
		objects := []client.Object{shoot}
		for _, file := range []string{"cloudprofile-local.yaml"} {
			profile := &gardencorev1beta1.CloudProfile{}
			examples.MustDecode(file, profile)
			objects = append(objects, profile)
		}
		for _, file := range examples.Names("extensionprofile-") {
			profile := &gardencorev1beta1.ExtensionProfile{}
			examples.MustDecode(file, profile)
			profile.Generation = 1
			objects = append(objects, profile)
		}
		fakeClient = fake.NewClientBuilder().
			WithScheme(kubernetes.GardenScheme).
			WithStatusSubresource(&gardencorev1beta1.Shoot{}).
			WithObjects(objects...).
			WithInterceptorFuncs(interceptor.Funcs{Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
				options := &client.UpdateOptions{}
				options.ApplyOptions(opts)
				if len(options.DryRun) == 0 {
					updates++
				}
				return c.Update(ctx, obj, opts...)
			}}).
			Build()
		reconciler = &Reconciler{
			Client:               fakeClient,
			Clock:                fakeClock,
			Recorder:             events.NewFakeRecorder(100),
			CompatibilityChecker: componentversion.NewCELCompatibilityChecker(celutils.NewCache()),
		}
		request = reconcile.Request{NamespacedName: types.NamespacedName{Namespace: shoot.Namespace, Name: shoot.Name}}
		return shoot
	}
	get := func() *gardencorev1beta1.Shoot {
		GinkgoHelper()
		shoot := &gardencorev1beta1.Shoot{}
		Expect(fakeClient.Get(ctx, request.NamespacedName, shoot)).To(Succeed())
		return shoot
	}
	maintainAt := func(t time.Time) {
		GinkgoHelper()
		fakeClock.SetTime(t)
		_, err := reconciler.Reconcile(ctx, request)
		Expect(err).NotTo(HaveOccurred())
	}
	// versions summarises what maintenance can change: pool images, Kubernetes, component pins.
	versions := func(shoot *gardencorev1beta1.Shoot) map[string]string {
		out := map[string]string{"kubernetes": shoot.Spec.Kubernetes.Version}
		for _, w := range shoot.Spec.Provider.Workers {
			out["image/"+w.Name] = *w.Machine.Image.Version
		}
		for _, e := range shoot.Spec.Extensions {
			for _, c := range e.Components {
				if c.Version != nil {
					out[e.Type+"/"+c.Name] = *c.Version
				}
			}
		}
		return out
	}
	changes := func(before, after map[string]string) []string {
		var out []string
		for k, v := range after {
			if before[k] != v {
				out = append(out, fmt.Sprintf("%s %s -> %s", k, before[k], v))
			}
		}
		return out
	}

	BeforeEach(func() {
		ctx = context.Background()
		updates = 0
		fakeClock = testclock.NewFakeClock(examples.ReferenceTime)
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
	})

	Describe("shoot-accepted-maintenance-ordering.yaml", func() {
		It("should upgrade the image, then Kubernetes, then falco against the maintained copy, in one Update", func() {
			entering := load("shoot-accepted-maintenance-ordering.yaml")
			maintainAt(examples.ReferenceTime) // window 00:00–01:00 UTC

			current := get()
			Expect(changes(versions(entering), versions(current))).To(ConsistOf(
				"image/local 1877.5.0 -> 1877.8.0",
				"kubernetes 1.35.4 -> 1.35.6",
				"shoot-falco-service/falco 0.42.1 -> 0.44.1",
			))
			Expect(updates).To(Equal(1))
			Expect(current.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			Expect(current.Status.LastMaintenance.Description).To(Equal(`All maintenance operations successful. ` +
				`Control Plane: Updated Kubernetes version from "1.35.4" to "1.35.6". Reason: Automatic update of Kubernetes version configured, ` +
				`Worker pool "local": Updated machine image "gardenlinux" from "1877.5.0" to "1877.8.0". Reason: Automatic update of the machine image version is configured (image update strategy: minor), ` +
				`Extension "shoot-falco-service" component "falco": Updated version from "0.42.1" to "0.44.1". Reason: Automatic update of the component version is configured (update strategy: minor)`))
		})

		It("would keep falco when evaluated against the entering state (the GEP's hazardous case)", func() {
			entering := load("shoot-accepted-maintenance-ordering.yaml")
			profile := &gardencorev1beta1.ExtensionProfile{}
			examples.MustDecode("extensionprofile-shoot-falco-service.yaml", profile)

			maintained := entering.DeepCopy()
			updates := testStep(examples.ReferenceTime, componentversion.NewCELCompatibilityChecker(celutils.NewCache()), profile).maintain(ctx, logr.Discard(), maintained)

			Expect(*maintained.Spec.Extensions[0].Components[0].Version).To(Equal("0.42.1"))
			Expect(updates).To(BeEmpty())

			failures, ok := componentversion.NewCELCompatibilityChecker(celutils.NewCache()).ForShoot(entering).Check(ctx, profile, "falco", "0.44.1")
			Expect(ok).To(BeTrue())
			Expect(failures).To(HaveLen(1))
			Expect(failures[0].Message).To(HavePrefix("falco 0.44 requires Garden Linux 1877.8.0 or newer on gardenlinux worker pools"))
		})
	})

	Describe("shoot-accepted-envoy-gateway-falco.yaml", func() {
		It("should move envoy-gateway in the next window, gardenlinux when 1877.9.0 is supported, and force Kubernetes and falco on 2027-02-01", func() {
			entering := load("shoot-accepted-envoy-gateway-falco.yaml")
			expected := map[string][]string{
				"2026-11-29": {"envoy-gateway/envoy-gateway 1.8.3 -> 1.8.4"},
				"2026-12-10": {"image/local 1877.8.0 -> 1877.9.0"},
				"2027-02-01": {"kubernetes 1.36.2 -> 1.36.3", "shoot-falco-service/falco 0.42.1 -> 0.44.1"},
			}

			previous := versions(entering)
			for day := examples.ReferenceTime; !day.After(time.Date(2027, time.February, 2, 0, 0, 0, 0, time.UTC)); day = day.AddDate(0, 0, 1) {
				maintainAt(day.Add(3 * time.Hour)) // window 03:00–04:00 UTC
				current := versions(get())
				Expect(changes(previous, current)).To(ConsistOf(expected[day.Format(time.DateOnly)]), "maintenance on %s", day.Format(time.DateOnly))
				previous = current
			}

			// A window without changes (2027-02-02) does not overwrite the record of the last change.
			last := get().Status.LastMaintenance
			Expect(last.TriggeredTime.UTC()).To(Equal(time.Date(2027, time.February, 1, 3, 0, 0, 0, time.UTC)))
		})

		It("should record the forced upgrades of 2027-02-01 with the expiry reason", func() {
			entering := load("shoot-accepted-envoy-gateway-falco.yaml")
			// As after the earlier windows: envoy-gateway and gardenlinux maintained.
			entering.Spec.Extensions[0].Components[0].Version = ptrTo("1.8.4")
			entering.Spec.Provider.Workers[0].Machine.Image.Version = ptrTo("1877.9.0")
			Expect(fakeClient.Update(ctx, entering)).To(Succeed())

			maintainAt(time.Date(2027, time.February, 1, 3, 0, 0, 0, time.UTC))

			last := get().Status.LastMaintenance
			Expect(last.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			Expect(strings.Split(last.Description, ", ")).To(ConsistOf(
				`All maintenance operations successful. Control Plane: Updated Kubernetes version from "1.36.2" to "1.36.3". Reason: Kubernetes version expired - force update required`,
				`Extension "shoot-falco-service" component "falco": Updated version from "0.42.1" to "0.44.1". Reason: Component version expired - force update required`,
			))
		})
	})

	Describe("shoot-accepted-falco-traefik.yaml", func() {
		It("should change nothing in the next window", func() {
			load("shoot-accepted-falco-traefik.yaml")
			entering := get()
			maintainAt(time.Date(2026, time.November, 29, 21, 0, 0, 0, time.UTC)) // 22:00+0100
			Expect(get().Spec).To(Equal(entering.Spec))
			Expect(get().Status.LastMaintenance).To(BeNil())
		})
	})

	It("should not maintain the examples outside their windows", func() {
		load("shoot-accepted-falco-traefik.yaml")
		maintainAt(time.Date(2026, time.November, 29, 21, 45, 1, 0, time.UTC)) // after the 15-minute cut-off
		Expect(updates).To(BeZero())
	})
})

func ptrTo(s string) *string { return &s }
