// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package maintenancemarkers is the ShootMaintenanceMarkers admission plugin (validating): the
// Shoot annotations with the prefix maintenance.gardener.cloud/ belong to shoot maintenance. The
// pending result (maintenance.gardener.cloud/pending-result) is the maintenance run's record that
// gardener-controller-manager turns into status.lastMaintenance, Events and metrics; it travels
// with the maintained spec in one write so that a crash cannot separate them, so it must live on
// the Shoot, where the Shoot's owner can write metadata. The plugin therefore refuses, with 403,
// a create that sets such an annotation and an update (any subresource) that adds, changes or
// removes one, unless the request's user is one of the plugin's MaintenanceUsers. Shoot owners
// ask for a maintenance run with gardener.cloud/operation=maintain, which stays theirs to set.
package maintenancemarkers

import (
	"context"
	"fmt"
	"io"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"

	"github.com/gep-78/gardener/pkg/apis/core"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	plugin "github.com/gep-78/gardener/plugin/pkg"
)

// Register registers the plugin under plugin.PluginNameShootMaintenanceMarkers; its
// configuration is read with LoadConfiguration.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameShootMaintenanceMarkers, func(config io.Reader) (admission.Interface, error) {
		cfg, err := LoadConfiguration(config)
		if err != nil {
			return nil, err
		}
		p := New()
		p.MaintenanceUsers = sets.New(cfg.MaintenanceUsers...)
		return p, nil
	})
}

// ShootMaintenanceMarkers keeps the maintenance annotations of Shoots to shoot maintenance.
type ShootMaintenanceMarkers struct {
	*admission.Handler
	// MaintenanceUsers are the authenticated user names that may write maintenance annotations:
	// gardener-controller-manager's. New sets DefaultMaintenanceUsers().
	MaintenanceUsers sets.Set[string]
}

var _ admission.ValidationInterface = (*ShootMaintenanceMarkers)(nil)

// New returns the plugin with DefaultMaintenanceUsers(); it handles creates and updates.
func New() *ShootMaintenanceMarkers {
	return &ShootMaintenanceMarkers{
		Handler:          admission.NewHandler(admission.Create, admission.Update),
		MaintenanceUsers: DefaultMaintenanceUsers(),
	}
}

// Validate refuses a write of a Shoot that creates, changes or removes a maintenance annotation
// by a user other than MaintenanceUsers, naming every such annotation.
func (p *ShootMaintenanceMarkers) Validate(_ context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	if a.GetKind().GroupKind() != core.Kind("Shoot") {
		return nil
	}
	if user := a.GetUserInfo(); user != nil && p.MaintenanceUsers.Has(user.GetName()) {
		return nil
	}
	newAnnotations, err := annotationsOf(a.GetObject())
	if err != nil {
		return apierrors.NewBadRequest(err.Error())
	}
	var oldAnnotations map[string]string
	if a.GetOperation() == admission.Update {
		if oldAnnotations, err = annotationsOf(a.GetOldObject()); err != nil {
			return apierrors.NewBadRequest(err.Error())
		}
	}
	if errs := ValidateMaintenanceAnnotations(newAnnotations, oldAnnotations); len(errs) > 0 {
		return apierrors.NewForbidden(a.GetResource().GroupResource(), a.GetName(), errs.ToAggregate())
	}
	return nil
}

// ValidateMaintenanceAnnotations returns a Forbidden error at
// metadata.annotations[<key>] for every annotation with the prefix
// v1beta1constants.AnnotationPrefixMaintenance whose value differs between newAnnotations and
// oldAnnotations (added, changed or removed), sorted by key. oldAnnotations is nil on create.
func ValidateMaintenanceAnnotations(newAnnotations, oldAnnotations map[string]string) field.ErrorList {
	keys := sets.New[string]()
	for _, annotations := range []map[string]string{newAnnotations, oldAnnotations} {
		for key := range annotations {
			if strings.HasPrefix(key, v1beta1constants.AnnotationPrefixMaintenance) {
				keys.Insert(key)
			}
		}
	}
	var errs field.ErrorList
	path := field.NewPath("metadata", "annotations")
	for _, key := range sets.List(keys) {
		newValue, inNew := newAnnotations[key]
		oldValue, inOld := oldAnnotations[key]
		if inNew == inOld && newValue == oldValue {
			continue
		}
		errs = append(errs, field.Forbidden(path.Key(key), fmt.Sprintf(
			"annotations with the prefix %s are written only by shoot maintenance (gardener-controller-manager); "+
				"to ask for a maintenance run, annotate the Shoot with gardener.cloud/operation=maintain",
			v1beta1constants.AnnotationPrefixMaintenance)))
	}
	return errs
}

func annotationsOf(obj interface{}) (map[string]string, error) {
	if obj == nil {
		return nil, nil
	}
	accessor, err := meta.Accessor(obj)
	if err != nil {
		return nil, fmt.Errorf("could not read the metadata of the Shoot: %w", err)
	}
	return accessor.GetAnnotations(), nil
}
