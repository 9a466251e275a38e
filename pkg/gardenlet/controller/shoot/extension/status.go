// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension

import (
	"context"
	"fmt"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// recordTechnicalID writes status.technicalID once, when it is still empty.
func (r *Reconciler) recordTechnicalID(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot, namespace string) error {
	if shoot.Status.TechnicalID != "" {
		return nil
	}
	log.Info("Setting status.technicalID")
	patch := client.MergeFrom(shoot.DeepCopy())
	before := shoot.ResourceVersion
	shoot.Status.TechnicalID = namespace
	if err := r.GardenClient.Status().Patch(ctx, shoot, patch); err != nil {
		return fmt.Errorf("failed setting status.technicalID: %w", err)
	}
	r.writes.wrote(before, shoot)
	return nil
}

func (r *Reconciler) ensureNamespace(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot, name string) error {
	labels := map[string]string{
		LabelRole:           RoleShoot,
		LabelManagedBy:      ManagedByGardenlet,
		LabelShootNamespace: shoot.Namespace,
		LabelShootName:      shoot.Name,
	}
	annotations := map[string]string{AnnotationShootUID: string(shoot.UID)}

	namespace := &corev1.Namespace{}
	if err := r.SeedClient.Get(ctx, client.ObjectKey{Name: name}, namespace); err != nil {
		if !apierrors.IsNotFound(err) {
			return fmt.Errorf("failed reading seed namespace %s: %w", name, err)
		}
		namespace = &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels, Annotations: annotations}}
		log.Info("Creating seed namespace")
		if err := r.SeedClient.Create(ctx, namespace); err != nil && !apierrors.IsAlreadyExists(err) {
			// AlreadyExists: the cache lags behind; the next reconcile checks the labels.
			return fmt.Errorf("failed creating seed namespace %s: %w", name, err)
		}
		return nil
	}

	if namespace.DeletionTimestamp != nil {
		return fmt.Errorf("seed namespace %s is still being deleted", name)
	}
	if containsAll(namespace.Labels, labels) && containsAll(namespace.Annotations, annotations) {
		return nil
	}
	patch := client.MergeFrom(namespace.DeepCopy())
	for k, v := range labels {
		metav1.SetMetaDataLabel(&namespace.ObjectMeta, k, v)
	}
	for k, v := range annotations {
		metav1.SetMetaDataAnnotation(&namespace.ObjectMeta, k, v)
	}
	log.Info("Updating labels and annotations of seed namespace")
	if err := r.SeedClient.Patch(ctx, namespace, patch); err != nil {
		return fmt.Errorf("failed patching seed namespace %s: %w", name, err)
	}
	return nil
}

func containsAll(have, want map[string]string) bool {
	for k, v := range want {
		if got, ok := have[k]; !ok || got != v {
			return false
		}
	}
	return true
}
