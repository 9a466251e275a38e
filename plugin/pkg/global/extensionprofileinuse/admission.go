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

	"github.com/gep-78/gardener/pkg/api/indexer"
	"github.com/gep-78/gardener/pkg/apis/core"
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
	return admission.NewForbidden(a, fmt.Errorf("ExtensionProfile %q cannot be deleted: still pinned by %s", a.GetName(), describeShoots(users)))
}

// pinningUsers counts the Shoots an index lists under one key and keeps the first sorted keys.
type pinningUsers struct {
	count int
	first []string
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
	list := strings.Join(users.first, ", ")
	if rest := users.count - len(users.first); rest > 0 {
		list += fmt.Sprintf(", and %d more", rest)
	}
	return fmt.Sprintf("%d %s (%s)", users.count, noun, list)
}
