// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package containerruntime deploys the seed ContainerRuntimes of a Shoot's worker pools.
package containerruntime

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/go-logr/logr"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
)

// Values are the ContainerRuntimes of one namespace.
type Values struct {
	// Namespace is the Shoot's seed namespace.
	Namespace string
	// ContainerRuntimes are the desired objects; names are unique.
	ContainerRuntimes []*extensionsv1alpha1.ContainerRuntime
	// Clock supplies the gardener.cloud/timestamp annotation.
	Clock clock.Clock
	// Components, where they have an entry for a worker pool name and runtime type, are the
	// spec.components of that pool's ContainerRuntime of the type; without one, the stored ones stay.
	Components map[string]map[string][]extensionsv1alpha1.ExtensionComponent
}

// Interface creates, updates and deletes the ContainerRuntimes of Values.Namespace that carry
// extension.LabelManagedBy.
type Interface interface {
	// Deploy creates every desired ContainerRuntime and updates one whose spec or labels differ,
	// with the reconcile and timestamp annotations on a spec change.
	Deploy(ctx context.Context) error
	// DeleteStaleResources deletes the managed ContainerRuntimes that are not desired.
	DeleteStaleResources(ctx context.Context) error
	// Destroy deletes every managed ContainerRuntime.
	Destroy(ctx context.Context) error
	// WaitCleanup returns an *extension.CleanupPendingError while managed ContainerRuntimes exist.
	WaitCleanup(ctx context.Context) error
}

type containerRuntime struct {
	log    logr.Logger
	client client.Client
	values *Values
}

// New returns the deployer of values. It does not wait, so the wait durations are not used.
func New(log logr.Logger, c client.Client, values *Values, _, _, _ time.Duration) Interface {
	if values.Clock == nil {
		values.Clock = clock.RealClock{}
	}
	return &containerRuntime{log: log, client: c, values: values}
}

func (c *containerRuntime) Deploy(ctx context.Context) error {
	var errs []error
	for _, desired := range c.values.ContainerRuntimes {
		if err := c.write(ctx, desired.DeepCopy()); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (c *containerRuntime) write(ctx context.Context, desired *extensionsv1alpha1.ContainerRuntime) error {
	desired.Namespace = c.values.Namespace
	components, resolved := c.values.Components[desired.Spec.WorkerPool.Name][desired.Spec.Type]
	if resolved {
		desired.Spec.Components = components
	}
	key := client.ObjectKeyFromObject(desired)
	log := c.log.WithValues("containerRuntime", key)

	existing := &extensionsv1alpha1.ContainerRuntime{}
	if err := c.client.Get(ctx, key, existing); err != nil {
		if !apierrors.IsNotFound(err) {
			return fmt.Errorf("failed reading ContainerRuntime %s: %w", key, err)
		}
		c.setOperationAnnotations(&desired.ObjectMeta)
		log.Info("Creating ContainerRuntime")
		if err := c.client.Create(ctx, desired); err != nil {
			return fmt.Errorf("failed creating ContainerRuntime %s: %w", key, err)
		}
		return nil
	}
	if existing.DeletionTimestamp != nil {
		return fmt.Errorf("ContainerRuntime %s is still being deleted, it is created again once it is gone", key)
	}

	desiredSpec := *desired.Spec.DeepCopy()
	desiredSpec.Class = existing.Spec.Class
	if !resolved {
		desiredSpec.Components = existing.Spec.Components
	}
	specChanged := !specEqual(existing.Spec, desiredSpec)
	labelsChanged := false
	for k, v := range desired.Labels {
		labelsChanged = labelsChanged || existing.Labels[k] != v
	}
	if !specChanged && !labelsChanged {
		return nil
	}
	patch := client.MergeFrom(existing.DeepCopy())
	for k, v := range desired.Labels {
		metav1.SetMetaDataLabel(&existing.ObjectMeta, k, v)
	}
	if specChanged {
		existing.Spec = desiredSpec
		c.setOperationAnnotations(&existing.ObjectMeta)
	}
	log.Info("Updating ContainerRuntime", "specChanged", specChanged, "labelsChanged", labelsChanged)
	if err := c.client.Patch(ctx, existing, patch); err != nil {
		return fmt.Errorf("failed updating ContainerRuntime %s: %w", key, err)
	}
	return nil
}

func (c *containerRuntime) DeleteStaleResources(ctx context.Context) error {
	wanted := map[string]bool{}
	for _, cr := range c.values.ContainerRuntimes {
		wanted[cr.Name] = true
	}
	return c.deleteManaged(ctx, func(name string) bool { return !wanted[name] })
}

func (c *containerRuntime) Destroy(ctx context.Context) error {
	return c.deleteManaged(ctx, func(string) bool { return true })
}

func (c *containerRuntime) WaitCleanup(ctx context.Context) error {
	managed, err := c.managed(ctx)
	if err != nil {
		return err
	}
	if len(managed) > 0 {
		return &extension.CleanupPendingError{Remaining: len(managed)}
	}
	return nil
}

func (c *containerRuntime) managed(ctx context.Context) ([]extensionsv1alpha1.ContainerRuntime, error) {
	list := &extensionsv1alpha1.ContainerRuntimeList{}
	if err := c.client.List(ctx, list, client.InNamespace(c.values.Namespace), client.MatchingLabels{extension.LabelManagedBy: extension.ManagedByGardenlet}); err != nil {
		return nil, fmt.Errorf("failed listing ContainerRuntimes in %s: %w", c.values.Namespace, err)
	}
	return list.Items, nil
}

// deleteManaged confirms the deletion of and deletes the managed ContainerRuntimes selected by name.
func (c *containerRuntime) deleteManaged(ctx context.Context, selected func(name string) bool) error {
	managed, err := c.managed(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for i := range managed {
		cr := &managed[i]
		if !selected(cr.Name) || cr.DeletionTimestamp != nil {
			continue
		}
		key := client.ObjectKeyFromObject(cr)
		if cr.Annotations[v1beta1constants.ConfirmationDeletion] != "true" {
			patch := client.MergeFrom(cr.DeepCopy())
			metav1.SetMetaDataAnnotation(&cr.ObjectMeta, v1beta1constants.ConfirmationDeletion, "true")
			metav1.SetMetaDataAnnotation(&cr.ObjectMeta, v1beta1constants.GardenerTimestamp, c.now())
			if err := c.client.Patch(ctx, cr, patch); client.IgnoreNotFound(err) != nil {
				errs = append(errs, fmt.Errorf("failed confirming deletion of ContainerRuntime %s: %w", key, err))
				continue
			}
		}
		c.log.Info("Deleting ContainerRuntime", "containerRuntime", key)
		if err := c.client.Delete(ctx, cr); client.IgnoreNotFound(err) != nil {
			errs = append(errs, fmt.Errorf("failed deleting ContainerRuntime %s: %w", key, err))
		}
	}
	return errors.Join(errs...)
}

func (c *containerRuntime) setOperationAnnotations(meta *metav1.ObjectMeta) {
	metav1.SetMetaDataAnnotation(meta, v1beta1constants.GardenerOperation, v1beta1constants.GardenerOperationReconcile)
	metav1.SetMetaDataAnnotation(meta, v1beta1constants.GardenerTimestamp, c.now())
}

func (c *containerRuntime) now() string {
	return c.values.Clock.Now().UTC().Format(time.RFC3339Nano)
}

// specEqual compares two specs, the opaque configurations as JSON values.
func specEqual(a, b extensionsv1alpha1.ContainerRuntimeSpec) bool {
	return a.Type == b.Type && reflect.DeepEqual(a.Class, b.Class) && a.BinaryPath == b.BinaryPath &&
		a.WorkerPool.Name == b.WorkerPool.Name && reflect.DeepEqual(a.WorkerPool.Selector, b.WorkerPool.Selector) &&
		extension.RawEqual(a.ProviderConfig, b.ProviderConfig) && extension.ComponentsEqual(a.Components, b.Components)
}
