// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extension deploys the seed Extension objects of a Shoot's namespace.
package extension

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/go-logr/logr"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

var (
	// DefaultInterval is the default interval for retry operations.
	DefaultInterval = 5 * time.Second
	// DefaultSevereThreshold is the default threshold until an error reported by another component
	// is treated as 'severe'.
	DefaultSevereThreshold = 30 * time.Second
	// DefaultTimeout is how long to wait for an Extension to report a successful reconcile.
	DefaultTimeout = 3 * time.Minute
)

const (
	// LabelManagedBy marks the seed objects gardenlet owns; only those are deleted.
	LabelManagedBy = "extensions.gardener.cloud/managed-by"
	// ManagedByGardenlet is the value of LabelManagedBy.
	ManagedByGardenlet = "gardenlet"
	// LabelShootNamespace and LabelShootName name the Shoot a seed object belongs to.
	LabelShootNamespace = "shoot.gardener.cloud/namespace"
	LabelShootName      = "shoot.gardener.cloud/name"
)

// Interface deploys and deletes the Extensions of one namespace.
type Interface interface {
	// Deploy creates or updates the Extensions in parallel, joining one *Error per failed write.
	Deploy(context.Context) error
	// Destroy deletes every managed Extension of the namespace.
	Destroy(ctx context.Context) error
	// WaitCleanup returns a *CleanupPendingError while managed Extensions are left, not blocking.
	WaitCleanup(ctx context.Context) error
	// DeleteStaleResources deletes the managed Extensions that are not in Values.Extensions.
	DeleteStaleResources(context.Context) error
	// Extensions returns the desired Extensions by type.
	Extensions() map[string]Extension
}

// Extension is a desired Extension and how long to wait for it.
type Extension struct {
	extensionsv1alpha1.Extension

	// Timeout is the maximum waiting time for the Extension status to report readiness.
	Timeout time.Duration
}

// Values are the Extensions to deploy and how.
type Values struct {
	// Class is the class of the Extensions; nil for shoots.
	Class *extensionsv1alpha1.ExtensionClass
	// Namespace is the namespace of the Extensions.
	Namespace string
	// Optional name prefix for the extension resources.
	NamePrefix *string
	// Extensions is the map of extensions where the key is the type and the value is an Extension
	// structure.
	Extensions map[string]Extension

	// FreezeComponents keeps spec.components of existing Extensions and writes none into new ones,
	// so that turning the feature gate off never takes a resolved version away.
	FreezeComponents bool
	// ComponentsChanged, if set, is called after a write that changed spec.components.
	ComponentsChanged func(name string, old, updated []extensionsv1alpha1.ExtensionComponent)
	Clock             clock.Clock
}

// Error is the failed write of one Extension.
type Error struct {
	Name string
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Failed returns the error of every Extension whose write failed in err (from Deploy), by name.
func Failed(err error) map[string]error {
	failed := map[string]error{}
	var walk func(error)
	walk = func(err error) {
		var e *Error
		if joined, ok := err.(interface{ Unwrap() []error }); ok {
			for _, err := range joined.Unwrap() {
				walk(err)
			}
		} else if errors.As(err, &e) {
			failed[e.Name] = e.Err
		}
	}
	if err != nil {
		walk(err)
	}
	return failed
}

// CleanupPendingError says how many managed Extensions are still there.
type CleanupPendingError struct {
	Remaining int
}

func (e *CleanupPendingError) Error() string {
	return fmt.Sprintf("%d Extensions are still being deleted", e.Remaining)
}

type extension struct {
	values              *Values
	log                 logr.Logger
	client              client.Client
	clock               clock.Clock
	waitInterval        time.Duration
	waitSevereThreshold time.Duration
	waitTimeout         time.Duration
}

// New creates a new instance of Extension deployer.
func New(
	log logr.Logger,
	client client.Client,
	values *Values,
	waitInterval time.Duration,
	waitSevereThreshold time.Duration,
	waitTimeout time.Duration,
) Interface {
	c := values.Clock
	if c == nil {
		c = clock.RealClock{}
	}
	return &extension{
		values:              values,
		log:                 log,
		client:              client,
		clock:               c,
		waitInterval:        waitInterval,
		waitSevereThreshold: waitSevereThreshold,
		waitTimeout:         waitTimeout,
	}
}

func (e *extension) Extensions() map[string]Extension { return e.values.Extensions }

func (e *extension) Deploy(ctx context.Context) error {
	names := e.names()
	results := make([]error, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		ext := e.values.Extensions[name].Extension
		wg.Go(func() {
			if err := e.deploy(ctx, &ext); err != nil {
				results[i] = &Error{Name: ext.Name, Err: err}
			}
		})
	}
	wg.Wait()
	return errors.Join(results...)
}

// names returns the types of Values.Extensions, sorted, so that errors come in a stable order.
func (e *extension) names() []string {
	names := make([]string, 0, len(e.values.Extensions))
	for name := range e.values.Extensions {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func (e *extension) objectName(ext *extensionsv1alpha1.Extension) string {
	if e.values.NamePrefix != nil {
		return *e.values.NamePrefix + ext.Name
	}
	return ext.Name
}

func (e *extension) DeleteStaleResources(ctx context.Context) error {
	wanted := map[string]bool{}
	for _, ext := range e.values.Extensions {
		wanted[e.objectName(&ext.Extension)] = true
	}
	return e.deleteExtensionResources(ctx, func(ext Extension) bool { return !wanted[ext.Name] })
}

func (e *extension) Destroy(ctx context.Context) error {
	return e.deleteExtensionResources(ctx, all)
}

func (e *extension) WaitCleanup(ctx context.Context) error {
	managed, err := e.managed(ctx)
	if err != nil {
		return err
	}
	if len(managed) > 0 {
		return &CleanupPendingError{Remaining: len(managed)}
	}
	return nil
}

func (e *extension) managed(ctx context.Context) ([]extensionsv1alpha1.Extension, error) {
	list := &extensionsv1alpha1.ExtensionList{}
	if err := e.client.List(ctx, list, client.InNamespace(e.values.Namespace), client.MatchingLabels{LabelManagedBy: ManagedByGardenlet}); err != nil {
		return nil, fmt.Errorf("failed listing Extensions in %s: %w", e.values.Namespace, err)
	}
	return list.Items, nil
}

// filter selects Extensions; deleteExtensionResources passes each managed object.
type filter func(e Extension) bool

func all(Extension) bool { return true }

// deleteExtensionResources deletes the managed Extensions filterFn selects.
func (e *extension) deleteExtensionResources(ctx context.Context, filterFn filter) error {
	managed, err := e.managed(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for i := range managed {
		if ext := &managed[i]; filterFn(Extension{Extension: *ext}) {
			if err := e.delete(ctx, ext); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// delete confirms the deletion and deletes the Extension.
func (e *extension) delete(ctx context.Context, ext *extensionsv1alpha1.Extension) error {
	if ext.DeletionTimestamp != nil {
		return nil
	}
	key := client.ObjectKeyFromObject(ext)
	if ext.Annotations[v1beta1constants.ConfirmationDeletion] != "true" {
		patch := client.MergeFrom(ext.DeepCopy())
		metav1.SetMetaDataAnnotation(&ext.ObjectMeta, v1beta1constants.ConfirmationDeletion, "true")
		metav1.SetMetaDataAnnotation(&ext.ObjectMeta, v1beta1constants.GardenerTimestamp, e.now())
		if err := e.client.Patch(ctx, ext, patch); client.IgnoreNotFound(err) != nil {
			return fmt.Errorf("failed confirming deletion of Extension %s: %w", key, err)
		}
	}
	e.log.Info("Deleting Extension", "extension", key)
	if err := e.client.Delete(ctx, ext); client.IgnoreNotFound(err) != nil {
		return fmt.Errorf("failed deleting Extension %s: %w", key, err)
	}
	return nil
}

func (e *extension) now() string {
	return e.clock.Now().UTC().Format(time.RFC3339Nano)
}

// isNotFound reports whether err says the object is gone.
func isNotFound(err error) bool { return apierrors.IsNotFound(err) }
