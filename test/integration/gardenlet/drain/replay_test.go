// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package drain_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	kubernetesclient "github.com/gep-78/gardener/pkg/client/kubernetes"
)

// replayRate replays the writes gardenlet makes for a new Shoot, in its order, on the n drained
// Shoots, from workers goroutines, without a controller: a merge patch of the Shoot's metadata
// with optimistic lock (gardenlet: the finalizer), a Namespace create, then the Shoot's seed
// Extensions (copies in that namespace, the labels changed so that gardenlet ignores them) in
// parallel with a second patch of the Shoot (gardenlet: status.technicalID). It returns the Shoots
// per second: the floor of gardenlet's own writes on the same API servers.
func replayRate(ctx context.Context, b *testing.B, config *rest.Config, n, workers int) float64 {
	garden, err := client.New(config, client.Options{Scheme: kubernetesclient.GardenScheme})
	if err != nil {
		b.Fatal(err)
	}
	seed, err := client.New(config, client.Options{Scheme: kubernetesclient.SeedScheme})
	if err != nil {
		b.Fatal(err)
	}
	shoots := &gardencorev1beta1.ShootList{}
	if err := garden.List(ctx, shoots, client.InNamespace(projectNamespace)); err != nil {
		b.Fatal(err)
	}
	template := &extensionsv1alpha1.ExtensionList{}
	if err := seed.List(ctx, template, client.InNamespace("shoot--drain--"+shoots.Items[0].Name)); err != nil || len(template.Items) == 0 {
		b.Fatalf("listing the seed Extensions of %s: %v", shoots.Items[0].Name, err)
	}

	start := time.Now()
	if err := parallel(ctx, workers, min(n, len(shoots.Items)), func(ctx context.Context, i int) error {
		shoot := &shoots.Items[i]
		patch := client.MergeFromWithOptions(shoot.DeepCopy(), client.MergeFromWithOptimisticLock{})
		shoot.Finalizers = append(shoot.Finalizers, "drain.gardener.cloud/replay")
		if err := garden.Patch(ctx, shoot, patch); err != nil {
			return err
		}
		namespace := fmt.Sprintf("replay-%05d", i)
		if err := seed.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}}); err != nil {
			return err
		}
		var (
			wg   sync.WaitGroup
			errs = make([]error, len(template.Items)+1)
		)
		for j := range template.Items {
			ext := template.Items[j].DeepCopy()
			ext.ObjectMeta = metav1.ObjectMeta{Name: ext.Name, Namespace: namespace, Labels: map[string]string{"purpose": "drain-replay"}, Annotations: ext.Annotations}
			wg.Go(func() { errs[j] = seed.Create(ctx, ext) })
		}
		wg.Go(func() {
			patch := client.MergeFrom(shoot.DeepCopy())
			metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "drain.gardener.cloud/replay", namespace)
			errs[len(template.Items)] = garden.Patch(ctx, shoot, patch)
		})
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	return float64(min(n, len(shoots.Items))) / time.Since(start).Seconds()
}
