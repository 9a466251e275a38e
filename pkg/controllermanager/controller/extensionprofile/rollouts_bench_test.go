// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	toolscache "k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/events"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/api/indexer"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
	"github.com/gep-78/gardener/test/benchutil"
)

// rolloutShoots is the number of Shoots moved to the version under rollout, whatever the fleet size.
const rolloutShoots = 200

// BenchmarkRolloutState reconciles a profile whose version 3.7.0 is under rollout with
// rolloutShoots Shoots moved to it (2 of them failing), in fleets of 1,000 and 50,000 Shoots; the
// others were moved to 3.6.13, which was a target before and is not staged. Shoots are listed from
// a client-go indexer by the moves index, as the manager's cache serves client.MatchingFields.
//
//	go test -run xxx -bench BenchmarkRolloutState -count 10 ./pkg/controllermanager/controller/extensionprofile/
func BenchmarkRolloutState(b *testing.B) {
	logf.SetLogger(logr.Discard())
	for _, n := range []int{1000, 50000} {
		reconciler, request := newRolloutBenchmark(b, n)
		b.Run(fmt.Sprintf("shoots=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			start := benchutil.ProcessCPU()
			for b.Loop() {
				if _, err := reconciler.Reconcile(context.Background(), request); err != nil {
					b.Fatal(err)
				}
			}
			benchutil.ReportCPU(b, start)
		})
	}
}

func newRolloutBenchmark(b *testing.B, n int) (*Reconciler, reconcile.Request) {
	b.Helper()
	now := time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
	shoots := toolscache.NewIndexer(toolscache.MetaNamespaceKeyFunc, toolscache.Indexers{
		indexer.ShootExtensionComponentMovesField: func(obj any) ([]string, error) {
			return indexer.ShootExtensionComponentMovesIndexerFunc(obj.(*gardencorev1beta1.Shoot)), nil
		},
	})
	for i := range n {
		version := "3.6.13"
		if i < rolloutShoots {
			version = "3.7.0"
		}
		s := &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: fmt.Sprintf("garden-p%03d", i%500), Name: fmt.Sprintf("s%06d", i)}}
		s.Spec.Purpose = ptr.To(gardencorev1beta1.ShootPurposeDevelopment)
		s.Spec.Extensions = []gardencorev1beta1.Extension{{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To(version)}}}}
		s.Status.ExtensionComponentMoves = []gardencorev1beta1.ExtensionComponentMove{
			{Type: "shoot-traefik", Component: "traefik", From: "3.6.12", To: version, Time: metav1.Time{Time: now.Add(-time.Hour)}},
		}
		if i < 2 {
			s.Status.LastErrors = []gardencorev1beta1.LastError{{TaskID: ptr.To("extension/shoot-traefik"),
				Description: "Extension shoot-traefik (traefik 3.7.0) reports: crash loop", LastUpdateTime: &metav1.Time{Time: now.Add(-30 * time.Minute)}}}
		}
		if err := shoots.Add(s); err != nil {
			b.Fatal(err)
		}
	}

	profile := &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "shoot-traefik"},
		Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
			Name: "traefik", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "3.7.0"}, {Version: "3.6.13"}},
		}}},
		Status: gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{{
			Name:     "traefik",
			Versions: []gardencorev1beta1.ExtensionComponentVersionStatus{{Version: "3.6.13", Classification: gardencorev1beta1.ClassificationSupported}},
		}}},
	}
	c := fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithStatusSubresource(profile).WithObjects(profile).
		WithInterceptorFuncs(interceptor.Funcs{List: func(ctx context.Context, c client.WithWatch, list client.ObjectList, opts ...client.ListOption) error {
			shootList, ok := list.(*gardencorev1beta1.ShootList)
			if !ok {
				return c.List(ctx, list, opts...)
			}
			return listByIndex(shoots, shootList, opts...)
		}}).Build()
	reconciler := &Reconciler{Client: c, Clock: testclock.NewFakeClock(now), Recorder: events.NewFakeRecorder(100)}
	request := reconcile.Request{NamespacedName: types.NamespacedName{Name: profile.Name}}
	if _, err := reconciler.Reconcile(context.Background(), request); err != nil {
		b.Fatal(err)
	}
	stored := &gardencorev1beta1.ExtensionProfile{}
	if err := c.Get(context.Background(), request.NamespacedName, stored); err != nil {
		b.Fatal(err)
	}
	if r := stored.Status.Components[0].Rollouts; len(r) != 2 || r[0].Moved != rolloutShoots || r[0].Failed != 2 || r[1].Reason != "RolloutNotStaged" {
		b.Fatalf("unexpected rollout status %+v", r)
	}
	return reconciler, request
}

// listByIndex serves a List with an exact field selector from the indexer, deep-copying the
// matches as controller-runtime's cache reader does.
func listByIndex(shoots toolscache.Indexer, list *gardencorev1beta1.ShootList, opts ...client.ListOption) error {
	options := (&client.ListOptions{}).ApplyOptions(opts)
	value, ok := options.FieldSelector.RequiresExactMatch(indexer.ShootExtensionComponentMovesField)
	if !ok {
		return fmt.Errorf("benchmark lists Shoots only by %s", indexer.ShootExtensionComponentMovesField)
	}
	objs, err := shoots.ByIndex(indexer.ShootExtensionComponentMovesField, value)
	if err != nil {
		return err
	}
	list.Items = make([]gardencorev1beta1.Shoot, 0, len(objs))
	for _, obj := range objs {
		list.Items = append(list.Items, *obj.(*gardencorev1beta1.Shoot).DeepCopy())
	}
	return nil
}
