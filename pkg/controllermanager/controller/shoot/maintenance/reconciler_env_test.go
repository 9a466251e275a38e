// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"slices"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/events"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// The reconciler specs share one environment: a fake client with interceptors, the objects
// as a spec leaves them before build, and the helpers below. setUpReconcilerTest registers its
// reset in each Describe that uses it. The reconciler's host steps classify at the fake clock.
var (
	ctx          context.Context
	today        time.Time
	fakeClock    *testclock.FakeClock
	fakeClient   client.Client
	recorder     *events.FakeRecorder
	checker      *fakeChecker
	reconciler   *Reconciler
	shoot        *gardencorev1beta1.Shoot
	cloudProfile *gardencorev1beta1.CloudProfile
	extProfile   *gardencorev1beta1.ExtensionProfile
	request      reconcile.Request

	// interceptors and counters
	funcs         interceptor.Funcs
	dryRunUpdates int
	updates       int
	statusWrites  int
	// beforeUpdate runs before a (non dry-run) Update reaches the fake client; returning an
	// error fails the Update.
	beforeUpdate func(client.WithWatch, client.Object) error
	// dryRunError fails every dry-run Update.
	dryRunError error
	// beforeStatusWrite runs before a status write; returning an error fails it.
	beforeStatusWrite func() error
)

func at(h, m int) time.Time {
	return today.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
}

// build creates the fake client and the reconciler from the objects as the test left them;
// every access goes through it, so tests can change the objects first.
func build() {
	if fakeClient != nil {
		return
	}
	fakeClient = fake.NewClientBuilder().
		WithScheme(kubernetes.GardenScheme).
		WithStatusSubresource(&gardencorev1beta1.Shoot{}).
		WithObjects(shoot, cloudProfile, extProfile).
		WithInterceptorFuncs(funcs).
		Build()
	recorder = events.NewFakeRecorder(100)
	reconciler = &Reconciler{
		Client:               withFieldManager(fakeClient),
		Clock:                fakeClock,
		Recorder:             recorder,
		CompatibilityChecker: checker,
	}
}
func get() *gardencorev1beta1.Shoot {
	GinkgoHelper()
	build()
	current := &gardencorev1beta1.Shoot{}
	Expect(fakeClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
	// The JSON round trip of the fake client leaves times in the local zone.
	if current.Status.LastMaintenance != nil {
		current.Status.LastMaintenance.TriggeredTime = metav1.NewTime(current.Status.LastMaintenance.TriggeredTime.UTC())
	}
	return current
}
func pinned(s *gardencorev1beta1.Shoot) string { return *s.Spec.Extensions[0].Components[0].Version }
func image(s *gardencorev1beta1.Shoot) string {
	return *s.Spec.Provider.Workers[0].Machine.Image.Version
}

// drain returns the Shoot events recorded since the last drain, as "<type> <reason> <note>".
func drain() []string {
	build()
	var out []string
	for {
		select {
		case e := <-recorder.Events:
			out = append(out, e)
		default:
			return out
		}
	}
}

func reconcileAt(t time.Time) reconcile.Result {
	GinkgoHelper()
	build()
	fakeClock.SetTime(t)
	result, err := reconciler.Reconcile(ctx, request)
	Expect(err).NotTo(HaveOccurred())
	return result
}

func setUpReconcilerTest() {
	BeforeEach(func() {
		ctx = context.Background()
		fakeClient = nil
		today = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		fakeClock = testclock.NewFakeClock(today)
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		checker = &fakeChecker{rules: map[string]func(*gardencorev1beta1.Shoot) []componentversion.RuleFailure{}}
		dryRunUpdates, updates, statusWrites = 0, 0, 0
		beforeUpdate, dryRunError, beforeStatusWrite = nil, nil, nil
		request = reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "garden-dev", Name: "maint"}}

		cloudProfile = &gardencorev1beta1.CloudProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "local"},
			Spec: gardencorev1beta1.CloudProfileSpec{
				Type:         "local",
				MachineTypes: []gardencorev1beta1.MachineType{{Name: "local"}},
				Kubernetes:   gardencorev1beta1.KubernetesSettings{Versions: expirable(today, "1.36.3, 1.35.6, 1.35.4 d")},
				MachineImages: []gardencorev1beta1.MachineImage{{
					Name: "gardenlinux", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor),
					Versions: imageVersions(today, "1877.9.0 p, 1877.8.0, 1877.5.0 d"),
				}},
			},
		}
		extProfile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "agent-ext"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
				{Name: "agent", Versions: componentVersions(today, "0.42.1 d, 0.43.0 x, 0.44.1, 0.45.0 p")},
			}},
		}
		shoot = &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "maint", Generation: 1},
			Spec: gardencorev1beta1.ShootSpec{
				CloudProfile: &gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
				Region:       "local",
				Kubernetes:   gardencorev1beta1.Kubernetes{Version: "1.35.4"},
				Provider: gardencorev1beta1.Provider{Type: "local", Workers: []gardencorev1beta1.Worker{{
					Name: "local", Maximum: 2, Minimum: 1,
					Machine: gardencorev1beta1.Machine{Type: "local", Image: &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1877.5.0")}},
				}}},
				Maintenance: &gardencorev1beta1.Maintenance{
					TimeWindow: &gardencorev1beta1.MaintenanceTimeWindow{Begin: "000000+0000", End: "010000+0000"},
					AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{KubernetesVersion: true, MachineImageVersion: ptr.To(true)},
				},
				Extensions: []gardencorev1beta1.Extension{{
					Type:       "agent-ext",
					AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor)},
					Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("0.42.1")}},
				}},
			},
		}

		funcs = interceptor.Funcs{
			Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
				options := &client.UpdateOptions{}
				options.ApplyOptions(opts)
				if slices.Contains(options.DryRun, metav1.DryRunAll) {
					dryRunUpdates++
					if dryRunError != nil {
						return dryRunError
					}
				} else {
					updates++
					if beforeUpdate != nil {
						if err := beforeUpdate(c, obj); err != nil {
							return err
						}
					}
				}
				return c.Update(ctx, obj, opts...)
			},
			SubResourceUpdate: func(ctx context.Context, c client.Client, subResourceName string, obj client.Object, opts ...client.SubResourceUpdateOption) error {
				statusWrites++
				if beforeStatusWrite != nil {
					if err := beforeStatusWrite(); err != nil {
						return err
					}
				}
				return c.SubResource(subResourceName).Update(ctx, obj, opts...)
			},
			SubResourcePatch: func(ctx context.Context, c client.Client, subResourceName string, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
				statusWrites++
				if beforeStatusWrite != nil {
					if err := beforeStatusWrite(); err != nil {
						return err
					}
				}
				return c.SubResource(subResourceName).Patch(ctx, obj, patch, opts...)
			},
		}
	})
}
