// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensionprofileinuse is the ExtensionProfileInUse admission plugin: it rejects removing
// a pinned component or version from an ExtensionProfile, and deleting a pinned profile.
package extensionprofileinuse

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/client-go/tools/cache"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/api/indexer"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	admissioninitializer "github.com/gep-78/gardener/pkg/apiserver/admission/initializer"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	admissionutils "github.com/gep-78/gardener/plugin/pkg/utils"
)

// maxNamedShoots is how many Shoots an error message names; the count covers all.
const maxNamedShoots = 3

// Register registers the plugin under plugin.PluginNameExtensionProfileInUse.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameExtensionProfileInUse, func(_ io.Reader) (admission.Interface, error) {
		return newPlugin()
	})
}

// extensionProfileInUse contains the Shoot indexer and the admission handler.
type extensionProfileInUse struct {
	*admissionutils.ReadyHandler

	shootIndexer cache.Indexer
	indexerErr   error
}

var (
	_ admission.ValidationInterface = (*extensionProfileInUse)(nil)

	_ = admissioninitializer.WantsCoreInformerFactory(&extensionProfileInUse{})
)

// newPlugin returns the plugin.
func newPlugin() (*extensionProfileInUse, error) {
	return &extensionProfileInUse{
		ReadyHandler: admissionutils.NewReadyHandler(admission.Update, admission.Delete),
	}, nil
}

// SetCoreInformerFactory adds the pin indexes to the Shoot informer; requests wait for it to sync.
func (p *extensionProfileInUse) SetCoreInformerFactory(f gardencoreinformers.SharedInformerFactory) {
	informer := f.Core().V1beta1().Shoots().Informer()
	shootIndexer, err := indexer.AddShootPinIndexers(informer)
	if err != nil {
		p.indexerErr = err
		return
	}
	p.shootIndexer = shootIndexer
	p.AddReadyFunc(informer.HasSynced)
}

// ValidateInitialization checks whether the plugin was correctly initialized.
func (p *extensionProfileInUse) ValidateInitialization() error {
	if p.indexerErr != nil {
		return p.indexerErr
	}
	if p.shootIndexer == nil {
		return errors.New("missing Shoot informer")
	}
	return nil
}

// Validate forbids an update that removes a pinned component or version, naming the pinning
// Shoots, and the deletion of a profile that any Shoot pins.
func (p *extensionProfileInUse) Validate(_ context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	if a.GetKind().GroupKind() != core.Kind("ExtensionProfile") || a.GetSubresource() != "" {
		return nil
	}
	if err := p.WaitUntilReady(a); err != nil {
		return err
	}

	switch a.GetOperation() {
	case admission.Update:
		return p.validateUpdate(a)
	case admission.Delete:
		return p.validateDelete(a)
	}
	return nil
}

func (p *extensionProfileInUse) validateUpdate(a admission.Attributes) error {
	profile, ok := a.GetObject().(*core.ExtensionProfile)
	if !ok {
		return apierrors.NewBadRequest("could not convert resource into ExtensionProfile object")
	}
	oldProfile, ok := a.GetOldObject().(*core.ExtensionProfile)
	if !ok {
		return apierrors.NewBadRequest("could not convert old resource into ExtensionProfile object")
	}

	var allErrs field.ErrorList
	for _, r := range removedFromSpec(oldProfile.Spec, profile.Spec) {
		index, key := indexer.ShootPinnedComponentVersionIndex, indexer.PinnedComponentVersionKey(profile.Name, r.component, r.version)
		if r.version == "" {
			index, key = indexer.ShootPinnedComponentIndex, indexer.PinnedComponentKey(profile.Name, r.component)
		}
		users, err := p.pinningShoots(index, key)
		if err != nil {
			return err
		}
		if users.count == 0 {
			continue
		}
		p.namePools(&users, profile.Name, r.component, r.version)
		if r.version == "" {
			allErrs = append(allErrs, field.Forbidden(field.NewPath("spec", "components"), fmt.Sprintf(
				"component %q cannot be removed from ExtensionProfile %q: still pinned by %s", r.component, profile.Name, describeShoots(users))))
			continue
		}
		allErrs = append(allErrs, field.Forbidden(field.NewPath("spec", "components").Index(r.newIndex).Child("versions"), fmt.Sprintf(
			"version %q of component %q cannot be removed from ExtensionProfile %q: still pinned by %s", r.version, r.component, profile.Name, describeShoots(users))))
	}

	if len(allErrs) > 0 {
		return admission.NewForbidden(a, allErrs.ToAggregate())
	}
	return nil
}

func (p *extensionProfileInUse) validateDelete(a admission.Attributes) error {
	users, err := p.pinningShoots(indexer.ShootPinnedExtensionTypeIndex, a.GetName())
	if err != nil || users.count == 0 {
		return err
	}
	p.namePools(&users, a.GetName(), "", "")
	return admission.NewForbidden(a, fmt.Errorf("ExtensionProfile %q cannot be deleted: still pinned by %s", a.GetName(), describeShoots(users)))
}

// pinningUsers counts the Shoots an index lists under one key and keeps the first sorted keys;
// pools holds, per named key, where a pool pins.
type pinningUsers struct {
	count int
	first []string
	pools [][]string
}

// namePools finds, for every named Shoot, the pools that pin profile (component and version when
// set): the index keys name Shoots, a pool is read from the cached object.
func (p *extensionProfileInUse) namePools(users *pinningUsers, profile, component, version string) {
	users.pools = make([][]string, len(users.first))
	for i, key := range users.first {
		obj, exists, err := p.shootIndexer.GetByKey(key)
		shoot, ok := obj.(*gardencorev1beta1.Shoot)
		if err != nil || !exists || !ok {
			continue
		}
		matches := func(pin v1beta1helper.ComponentPin) bool {
			return pin.Pinned() && pin.ExtensionType == profile && (component == "" || pin.Component == component) && (version == "" || pin.Version == version)
		}
		for _, pin := range v1beta1helper.PoolComponentPins(shoot.Spec.Extensions, shoot.Spec.Provider.Workers) {
			if matches(pin.ComponentPin) && !slices.Contains(users.pools[i], "worker pool "+pin.Pool) {
				users.pools[i] = append(users.pools[i], "worker pool "+pin.Pool)
			}
		}
		if len(users.pools[i]) > 0 && slices.ContainsFunc(v1beta1helper.ComponentPins(shoot.Spec.Extensions), matches) {
			users.pools[i] = slices.Insert(users.pools[i], 0, "spec.extensions")
		}
	}
}

// pinningShoots returns the Shoots the index lists under key, from its keys only (no objects).
func (p *extensionProfileInUse) pinningShoots(index, key string) (pinningUsers, error) {
	var users pinningUsers
	keys, err := p.shootIndexer.IndexKeys(index, key)
	if err != nil {
		return users, apierrors.NewInternalError(fmt.Errorf("could not look up the Shoots that pin %q: %w", key, err))
	}
	users.count = len(keys)
	for _, k := range keys {
		if len(users.first) == maxNamedShoots && k >= users.first[maxNamedShoots-1] {
			continue
		}
		at, _ := slices.BinarySearch(users.first, k)
		users.first = slices.Insert(users.first, at, k)
		if len(users.first) > maxNamedShoots {
			users.first = users.first[:maxNamedShoots]
		}
	}
	return users, nil
}

// removal is a component (version empty) or a component version that an update removes.
type removal struct {
	component string
	version   string
	// newIndex is the index of the component in the new spec, for a removed version.
	newIndex int
}

// removedFromSpec returns the components and versions of the old spec the new one lacks, in order.
func removedFromSpec(oldSpec, newSpec core.ExtensionProfileSpec) []removal {
	var removed []removal
	for _, oldComponent := range oldSpec.Components {
		newIndex := slices.IndexFunc(newSpec.Components, func(c core.ExtensionProfileComponent) bool { return c.Name == oldComponent.Name })
		if newIndex < 0 {
			removed = append(removed, removal{component: oldComponent.Name})
			continue
		}
		newVersions := sets.New[string]()
		for _, v := range newSpec.Components[newIndex].Versions {
			newVersions.Insert(v.Version)
		}
		for _, v := range oldComponent.Versions {
			if !newVersions.Has(v.Version) {
				removed = append(removed, removal{component: oldComponent.Name, version: v.Version, newIndex: newIndex})
			}
		}
	}
	return removed
}

// describeShoots renders the number of Shoots and up to maxNamedShoots of their keys.
func describeShoots(users pinningUsers) string {
	noun := "Shoots"
	if users.count == 1 {
		noun = "Shoot"
	}
	named := slices.Clone(users.first)
	for i := range named {
		if i < len(users.pools) && len(users.pools[i]) > 0 {
			named[i] += " (" + strings.Join(users.pools[i], ", ") + ")"
		}
	}
	list := strings.Join(named, ", ")
	if rest := users.count - len(users.first); rest > 0 {
		list += fmt.Sprintf(", and %d more", rest)
	}
	return fmt.Sprintf("%d %s (%s)", users.count, noun, list)
}
