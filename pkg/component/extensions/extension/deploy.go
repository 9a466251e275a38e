// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

// deploy creates or updates one Extension, with the reconcile and timestamp annotations on a spec
// change. With Values.FreezeComponents, spec.components stay as they are (none on a new Extension).
func (e *extension) deploy(ctx context.Context, desired *extensionsv1alpha1.Extension) error {
	desired = desired.DeepCopy()
	desired.Name = e.objectName(desired)
	desired.Namespace = e.values.Namespace
	if e.values.FreezeComponents {
		desired.Spec.Components = nil
	}
	key := client.ObjectKeyFromObject(desired)
	log := e.log.WithValues("extension", key)

	existing := &extensionsv1alpha1.Extension{}
	if err := e.client.Get(ctx, key, existing); err != nil {
		if !isNotFound(err) {
			return fmt.Errorf("failed reading Extension %s: %w", key, err)
		}
		if e.values.Class != nil {
			desired.Spec.Class = e.values.Class
		}
		e.setOperationAnnotations(desired)
		setComponentsAnnotation(desired)
		log.Info("Creating Extension", "components", formatComponents(desired.Spec.Components))
		if err := e.client.Create(ctx, desired); err != nil {
			return fmt.Errorf("failed creating Extension %s: %w", key, err)
		}
		e.componentsChanged(desired.Name, nil, desired.Spec.Components)
		return nil
	}

	if existing.DeletionTimestamp != nil {
		return fmt.Errorf("extension %s is still being deleted, it is created again once it is gone", key)
	}

	desiredSpec := *desired.Spec.DeepCopy()
	desiredSpec.Class = existing.Spec.Class
	if e.values.FreezeComponents {
		desiredSpec.Components = existing.Spec.Components
	}
	specChanged := !specEqual(existing.Spec, desiredSpec)
	labelsChanged := !containsAll(existing.Labels, desired.Labels)
	summaryChanged := existing.Annotations[AnnotationComponents] != formatComponents(desiredSpec.Components)
	if !specChanged && !labelsChanged && !summaryChanged {
		return nil
	}

	oldComponents := existing.Spec.Components
	patch := client.MergeFrom(existing.DeepCopy())
	for k, v := range desired.Labels {
		metav1.SetMetaDataLabel(&existing.ObjectMeta, k, v)
	}
	if specChanged {
		existing.Spec = desiredSpec
		e.setOperationAnnotations(existing)
	}
	setComponentsAnnotation(existing)
	log.Info("Updating Extension", "specChanged", specChanged, "labelsChanged", labelsChanged, "components", formatComponents(desiredSpec.Components))
	if err := e.client.Patch(ctx, existing, patch); err != nil {
		return fmt.Errorf("failed updating Extension %s: %w", key, err)
	}
	if specChanged {
		e.componentsChanged(desired.Name, oldComponents, desiredSpec.Components)
	}
	return nil
}

func (e *extension) setOperationAnnotations(ext *extensionsv1alpha1.Extension) {
	metav1.SetMetaDataAnnotation(&ext.ObjectMeta, v1beta1constants.GardenerOperation, v1beta1constants.GardenerOperationReconcile)
	metav1.SetMetaDataAnnotation(&ext.ObjectMeta, v1beta1constants.GardenerTimestamp, e.now())
}

func (e *extension) componentsChanged(name string, old, updated []extensionsv1alpha1.ExtensionComponent) {
	if e.values.ComponentsChanged != nil && len(ComponentChanges(old, updated)) > 0 {
		e.values.ComponentsChanged(name, old, updated)
	}
}

func containsAll(have, want map[string]string) bool {
	for k, v := range want {
		if got, ok := have[k]; !ok || got != v {
			return false
		}
	}
	return true
}
