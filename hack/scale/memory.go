// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/dynamic"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardenversioned "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
)

// The memory baseline: a CRD whose objects carry a stored Shoot's spec and status, so that each
// is as big as a Shoot, held by kube-apiserver (its watch cache and the CRD's storage), as the
// Shoots are held by gardener-apiserver.
var (
	crdResource    = schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}
	copiesResource = schema.GroupVersionResource{Group: "scale.gep-78.dev", Version: "v1", Resource: "shootcopies"}
)

const copiesCRD = "shootcopies.scale.gep-78.dev"

// memoryBaseline is what kube-apiserver's RSS grew by for objects CRD objects as big as a Shoot,
// and the samples the Shoot phase is compared with.
type memoryBaseline struct {
	objects    int
	objectSize int // bytes of one object's JSON
	start      map[string]process
	afterCRD   map[string]process
	// checkpoints holds the unsettled samples taken after every --checkpoint-every objects, by count.
	checkpoints map[int]map[string]process
	// beforeShoots is the sample the Shoot phase grows from: afterCRD, or with --delete-baseline
	// the sample once the CRD was deleted and the garden settled again.
	beforeShoots map[string]process
	deleted      bool
}

// kubePerObject returns kube-apiserver's RSS growth per ShootCopy in KiB after n objects: from the
// checkpoint at n, from the settled sample after all objects, or (n between checkpoints or beyond
// the objects) from the settled sample, the best figure there is.
func (b *memoryBaseline) kubePerObject(n int) float64 {
	if sample, ok := b.checkpoints[n]; ok && n != b.objects {
		return perObjectKiB(b.start["kube-apiserver"], sample["kube-apiserver"], n)
	}
	return perObjectKiB(b.start["kube-apiserver"], b.afterCRD["kube-apiserver"], b.objects)
}

// measureCRDBaseline creates n ShootCopy objects, each holding the spec and status of template as
// gardener-apiserver stores it (a server-side dry-run create), and samples every process of the
// garden before (once it settled) and after (once it settled again).
func measureCRDBaseline(ctx context.Context, dyn dynamic.Interface, garden gardenversioned.Interface, opts options, binDir string, template *gardencorev1beta1.Shoot) (*memoryBaseline, error) {
	probe := template.DeepCopy()
	probe.Name = "scale-size-probe"
	stored, err := garden.CoreV1beta1().Shoots(opts.namespace).Create(ctx, probe, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
	if err != nil {
		return nil, fmt.Errorf("dry-run create of the Shoot template: %w", err)
	}
	content, err := runtime.DefaultUnstructuredConverter.ToUnstructured(stored)
	if err != nil {
		return nil, err
	}
	if err := ensureCopiesCRD(ctx, dyn); err != nil {
		return nil, err
	}

	if _, _, err := settle(ctx, binDir, opts.settleCores, opts.settleTimeout); err != nil {
		return nil, err
	}
	baseline := &memoryBaseline{objects: opts.shoots, checkpoints: map[int]map[string]process{}}
	if baseline.start, err = sampleProcesses(binDir); err != nil {
		return nil, err
	}
	fmt.Printf("creating %d ShootCopy objects (the kube-apiserver memory baseline) with %d workers\n", opts.shoots, opts.concurrency)
	copies := dyn.Resource(copiesResource).Namespace(opts.namespace)
	jobs := make(chan int)
	go func() {
		defer close(jobs)
		for i := range opts.shoots {
			jobs <- i
		}
	}()
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
		done     atomic.Int64
	)
	for range opts.concurrency {
		wg.Go(func() {
			for i := range jobs {
				obj := &unstructured.Unstructured{Object: map[string]any{
					"apiVersion": copiesResource.GroupVersion().String(),
					"kind":       "ShootCopy",
					"metadata": map[string]any{
						"name":        fmt.Sprintf("scale-%05d", i),
						"namespace":   opts.namespace,
						"labels":      toAny(stored.Labels),
						"annotations": toAny(stored.Annotations),
					},
					"spec":   runtime.DeepCopyJSONValue(content["spec"]),
					"status": runtime.DeepCopyJSONValue(content["status"]),
				}}
				if i == 0 {
					if data, err := obj.MarshalJSON(); err == nil {
						baseline.objectSize = len(data)
					}
				}
				if _, err := copies.Create(ctx, obj, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
					mu.Lock()
					if firstErr == nil {
						firstErr = fmt.Errorf("creating ShootCopy %d: %w", i, err)
					}
					mu.Unlock()
					continue
				}
				if n := int(done.Add(1)); isCheckpoint(n, opts.checkpointEvery) {
					if sample, err := sampleProcesses(binDir); err == nil {
						mu.Lock()
						baseline.checkpoints[n] = sample
						mu.Unlock()
						printCopiesCheckpoint(n, baseline.start, sample)
					}
				}
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if _, _, err := settle(ctx, binDir, opts.settleCores, opts.settleTimeout); err != nil {
		return nil, err
	}
	if baseline.afterCRD, err = sampleProcesses(binDir); err != nil {
		return nil, err
	}
	baseline.beforeShoots = baseline.afterCRD
	if !opts.deleteBaseline {
		return baseline, nil
	}
	fmt.Printf("kube-apiserver per ShootCopy: %.1f KiB; deleting the CRD %s and its objects\n", baseline.kubePerObject(opts.shoots), copiesCRD)
	if err := deleteCopiesCRD(ctx, dyn); err != nil {
		return nil, err
	}
	if _, _, err := settle(ctx, binDir, opts.settleCores, opts.settleTimeout); err != nil {
		return nil, err
	}
	if baseline.beforeShoots, err = sampleProcesses(binDir); err != nil {
		return nil, err
	}
	baseline.deleted = true
	return baseline, nil
}

// deleteCopiesCRD deletes the ShootCopy CRD, which deletes its objects, and waits until it is gone.
func deleteCopiesCRD(ctx context.Context, dyn dynamic.Interface) error {
	if err := dyn.Resource(crdResource).Delete(ctx, copiesCRD, metav1.DeleteOptions{}); err != nil && !apierrors.IsNotFound(err) {
		return fmt.Errorf("deleting CRD %s: %w", copiesCRD, err)
	}
	return wait.PollUntilContextTimeout(ctx, 5*time.Second, 30*time.Minute, true, func(ctx context.Context) (bool, error) {
		_, err := dyn.Resource(crdResource).Get(ctx, copiesCRD, metav1.GetOptions{})
		return apierrors.IsNotFound(err), nil
	})
}

func toAny(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// ensureCopiesCRD creates the ShootCopy CRD (namespaced, schemaless below spec and status) and
// waits until it is established.
func ensureCopiesCRD(ctx context.Context, dyn dynamic.Interface) error {
	preserve := map[string]any{"type": "object", "x-kubernetes-preserve-unknown-fields": true}
	crd := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": copiesCRD},
		"spec": map[string]any{
			"group": copiesResource.Group,
			"scope": "Namespaced",
			"names": map[string]any{"plural": "shootcopies", "singular": "shootcopy", "kind": "ShootCopy", "listKind": "ShootCopyList"},
			"versions": []any{map[string]any{
				"name": "v1", "served": true, "storage": true,
				"schema": map[string]any{"openAPIV3Schema": map[string]any{
					"type":       "object",
					"properties": map[string]any{"spec": preserve, "status": preserve},
				}},
			}},
		},
	}}
	if _, err := dyn.Resource(crdResource).Create(ctx, crd, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
		return fmt.Errorf("creating CRD %s: %w", copiesCRD, err)
	}
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		current, err := dyn.Resource(crdResource).Get(ctx, copiesCRD, metav1.GetOptions{})
		if err != nil {
			return false, nil
		}
		conditions, _, _ := unstructured.NestedSlice(current.Object, "status", "conditions")
		for _, c := range conditions {
			if c, ok := c.(map[string]any); ok && c["type"] == "Established" && c["status"] == "True" {
				return true, nil
			}
		}
		return false, nil
	})
}

// reportMemory prints each process's RSS at the start, after the ShootCopy objects, before the
// Shoots (after the CRD's deletion with --delete-baseline) and after the Shoots, and what it grew
// by per Shoot, against kube-apiserver's growth per ShootCopy.
func reportMemory(b *memoryBaseline, shoots int, afterShoots map[string]process) {
	kube := b.kubePerObject(b.objects)
	fmt.Printf("\n### Memory: %d ShootCopy objects of %d bytes (JSON) in kube-apiserver, then %d Shoots\n\n", b.objects, b.objectSize, shoots)
	fmt.Printf("kube-apiserver per ShootCopy: %.1f KiB", kube)
	if b.deleted {
		fmt.Print("; the ShootCopy objects were deleted before the Shoots")
	}
	fmt.Print("\n\n| process | RSS at start | after the ShootCopy objects | before the Shoots | after the Shoots | per Shoot | per Shoot / kube-apiserver per ShootCopy |\n|---|---|---|---|---|---|---|\n")
	for _, r := range memoryRows(b.beforeShoots, afterShoots, shoots, kube) {
		fmt.Printf("| %s | %d MiB | %d MiB | %d MiB | %d MiB | %.1f KiB | %s |\n", r.name, b.start[r.name].rssBytes>>20, b.afterCRD[r.name].rssBytes>>20,
			b.beforeShoots[r.name].rssBytes>>20, r.rssBytes>>20, r.perShoot, r.ratioString())
	}
}
