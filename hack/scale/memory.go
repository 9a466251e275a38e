// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"context"
	"fmt"
	"slices"
	"sync"
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
	baseline := &memoryBaseline{objects: opts.shoots}
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
	return baseline, nil
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

// reportMemory prints each process's RSS at the start, after the ShootCopy objects and after the
// Shoots, and what it grew by per Shoot, against kube-apiserver's growth per ShootCopy.
func reportMemory(b *memoryBaseline, shoots int, afterShoots map[string]process) {
	perObject := func(from, to process, n int) float64 {
		return float64(to.rssBytes-from.rssBytes) / float64(max(n, 1)) / 1024
	}
	kube := perObject(b.start["kube-apiserver"], b.afterCRD["kube-apiserver"], b.objects)
	fmt.Printf("\n### Memory: %d ShootCopy objects of %d bytes (JSON) in kube-apiserver, then %d Shoots\n\n", b.objects, b.objectSize, shoots)
	fmt.Printf("kube-apiserver per ShootCopy: %.1f KiB\n\n", kube)
	fmt.Println("| process | RSS at start | after the ShootCopy objects | after the Shoots | per Shoot | per Shoot / kube-apiserver per ShootCopy |")
	fmt.Println("|---|---|---|---|---|---|")
	names := make([]string, 0, len(afterShoots))
	for name := range afterShoots {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		per := perObject(b.afterCRD[name], afterShoots[name], shoots)
		ratio := "-"
		if kube > 0 {
			ratio = fmt.Sprintf("%.2f", per/kube)
		}
		fmt.Printf("| %s | %d MiB | %d MiB | %d MiB | %.1f KiB | %s |\n", name, b.start[name].rssBytes>>20, b.afterCRD[name].rssBytes>>20, afterShoots[name].rssBytes>>20, per, ratio)
	}
}
