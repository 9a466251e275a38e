// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension

import (
	"context"
	"errors"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
	"github.com/gep-78/gardener/pkg/component/shared"
)

// deployContainerRuntimes writes the seed ContainerRuntimes of the Shoot's pools and deletes those
// of runtimes and pools it no longer has; a pin without a profile entry is a Warning event.
func (r *Reconciler) deployContainerRuntimes(ctx context.Context, log logr.Logger, shoot *gardencorev1beta1.Shoot, namespace string) error {
	deployer, warnings, err := shared.NewContainerRuntimeWithComponents(ctx, log, r.GardenClient, r.SeedClient, namespace, shoot, r.Clock)
	if err != nil {
		return err
	}
	for _, w := range warnings {
		log.Info("Pinned runtime component has no matching ExtensionProfile entry", "pool", w.Pool, "profile", w.ExtensionType, "component", w.Component, "version", w.Version, "reason", w.Reason)
		r.Recorder.Event(shoot, corev1.EventTypeWarning, EventReasonComponentUnresolved, w.String())
	}
	return errors.Join(deployer.Deploy(ctx), deployer.DeleteStaleResources(ctx))
}

// cleaner deletes the seed objects of one kind and waits for them to be gone.
type cleaner interface {
	Destroy(ctx context.Context) error
	WaitCleanup(ctx context.Context) error
}

// cleaners clean up several kinds at once; WaitCleanup adds up what is pending.
type cleaners []cleaner

func (cs cleaners) Destroy(ctx context.Context) error {
	var errs []error
	for _, c := range cs {
		errs = append(errs, c.Destroy(ctx))
	}
	return errors.Join(errs...)
}

func (cs cleaners) WaitCleanup(ctx context.Context) error {
	remaining := 0
	for _, c := range cs {
		if err := c.WaitCleanup(ctx); err != nil {
			pending := &extension.CleanupPendingError{}
			if !errors.As(err, &pending) {
				return err
			}
			remaining += pending.Remaining
		}
	}
	if remaining > 0 {
		return &extension.CleanupPendingError{Remaining: remaining}
	}
	return nil
}
