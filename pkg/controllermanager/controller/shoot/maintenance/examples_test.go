// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"fmt"
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
// "Expected maintenance" comments of the example Shoots. Their profiles' dates move by the whole
// days between the reference time and now, so that steps reading the wall clock (upstream's host
// steps, once lifted) see the reference day's classifications.
var _ = Describe("shared GEP-78 examples", func() {
	var run *exampleRun
	load := func(shootFile string) *gardencorev1beta1.Shoot {
		var shoot *gardencorev1beta1.Shoot
		run, shoot = loadExample(shootFile, time.Since(examples.ReferenceTime).Truncate(24*time.Hour))
		return shoot
	}
	get := func() *gardencorev1beta1.Shoot { GinkgoHelper(); return run.get() }
	maintainAt := func(t time.Time) { GinkgoHelper(); run.maintainAt(t) }
	ctx := context.Background()

	BeforeEach(func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
	})

	Describe("shoot-accepted-maintenance-ordering.yaml", func() {
		It("should upgrade the image, then Kubernetes, then falco against the maintained copy, in one Update", func() {
			entering := load("shoot-accepted-maintenance-ordering.yaml")
			maintainAt(examples.ReferenceTime) // window 00:00–01:00 UTC

			current := get()
			Expect(exampleChanges(exampleVersions(entering), exampleVersions(current))).To(ConsistOf(
				"image/local 1877.5.0 -> 1877.8.0",
				"kubernetes 1.35.4 -> 1.35.6",
				"shoot-falco-service/falco 0.42.1 -> 0.44.1",
			))
			Expect(run.updates).To(Equal(1))
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
		Expect(run.updates).To(BeZero())
	})
})

// exampleRun maintains one example Shoot, stored as gardener-apiserver stores it, through the
// reconciler at a fake clock and a fake client that counts the Shoot's updates; every date of its
// profiles, and the times it maintains at, are moved by shift.
type exampleRun struct {
	ctx        context.Context
	shift      time.Duration
	clock      *testclock.FakeClock
	client     client.Client
	reconciler *Reconciler
	request    reconcile.Request
	updates    int
}

func loadExample(shootFile string, shift time.Duration) (*exampleRun, *gardencorev1beta1.Shoot) {
	run := &exampleRun{ctx: context.Background(), shift: shift, clock: testclock.NewFakeClock(examples.ReferenceTime.Add(shift))}
	shoot := &gardencorev1beta1.Shoot{}
	examples.MustDecode(shootFile, shoot)
	// As stored: defaulted (machine architectures), with the annotation gardener-apiserver sets.
	api.Scheme.Default(shoot)
	metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/created-by", "dev@example.com")
	cloudProfile := &gardencorev1beta1.CloudProfile{}
	examples.MustDecode("cloudprofile-local.yaml", cloudProfile)
	api.Scheme.Default(cloudProfile)
	for i := range cloudProfile.Spec.Kubernetes.Versions {
		shiftVersion(&cloudProfile.Spec.Kubernetes.Versions[i], shift)
	}
	for _, image := range cloudProfile.Spec.MachineImages {
		for i := range image.Versions {
			shiftVersion(&image.Versions[i].ExpirableVersion, shift)
		}
	}
	objects := []client.Object{shoot, cloudProfile}
	for _, file := range examples.Names("extensionprofile-") {
		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode(file, profile)
		profile.Generation = 1
		for _, component := range profile.Spec.Components {
			for _, version := range component.Versions {
				shiftLifecycle(version.Lifecycle, shift)
			}
		}
		objects = append(objects, profile)
	}
	run.client = fake.NewClientBuilder().
		WithScheme(kubernetes.GardenScheme).
		WithStatusSubresource(&gardencorev1beta1.Shoot{}).
		WithObjects(objects...).
		WithInterceptorFuncs(interceptor.Funcs{Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
			options := &client.UpdateOptions{}
			options.ApplyOptions(opts)
			if len(options.DryRun) == 0 {
				run.updates++
			}
			return c.Update(ctx, obj, opts...)
		}}).
		Build()
	run.reconciler = &Reconciler{
		Client:               run.client,
		Clock:                run.clock,
		Recorder:             events.NewFakeRecorder(100),
		CompatibilityChecker: componentversion.NewCELCompatibilityChecker(celutils.NewCache()),
	}
	run.request = reconcile.Request{NamespacedName: types.NamespacedName{Namespace: shoot.Namespace, Name: shoot.Name}}
	return run, shoot
}

func (r *exampleRun) get() *gardencorev1beta1.Shoot {
	GinkgoHelper()
	shoot := &gardencorev1beta1.Shoot{}
	Expect(r.client.Get(r.ctx, r.request.NamespacedName, shoot)).To(Succeed())
	return shoot
}

// maintainAt runs the reconciler at t, moved by the run's shift.
func (r *exampleRun) maintainAt(t time.Time) {
	GinkgoHelper()
	r.clock.SetTime(t.Add(r.shift))
	_, err := r.reconciler.Reconcile(r.ctx, r.request)
	Expect(err).NotTo(HaveOccurred())
}

// exampleVersions summarises what maintenance can change: pool images, Kubernetes, component pins.
func exampleVersions(shoot *gardencorev1beta1.Shoot) map[string]string {
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

func exampleChanges(before, after map[string]string) []string {
	var out []string
	for k, v := range after {
		if before[k] != v {
			out = append(out, fmt.Sprintf("%s %s -> %s", k, before[k], v))
		}
	}
	return out
}

// shiftVersion moves the lifecycle and expiration dates of v by d.
func shiftVersion(v *gardencorev1beta1.ExpirableVersion, d time.Duration) {
	if v.ExpirationDate != nil {
		v.ExpirationDate = &metav1.Time{Time: v.ExpirationDate.Add(d)}
	}
	shiftLifecycle(v.Lifecycle, d)
}

func shiftLifecycle(stages []gardencorev1beta1.LifecycleStage, d time.Duration) {
	for i, s := range stages {
		if s.StartTime != nil {
			stages[i].StartTime = &metav1.Time{Time: s.StartTime.Add(d)}
		}
	}
}

func ptrTo(s string) *string { return &s }
