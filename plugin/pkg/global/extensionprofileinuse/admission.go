// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensionprofileinuse is the ExtensionProfileInUse admission plugin (GEP-78 "Design
// Details → Admission": "Protecting in-use versions (mirroring CloudProfile)"). It rejects
//   - an update of an ExtensionProfile that removes a component version, or a whole component,
//     that a Shoot still pins, like Gardener's ResourceReferenceManager does for Kubernetes and
//     machine image versions removed from a CloudProfile;
//   - the deletion of an ExtensionProfile while a Shoot still pins any version of it. Gardener
//     guards CloudProfiles only with a finalizer; GEP-78 asks for a synchronous rejection. The
//     ExtensionProfile controller of gardener-controller-manager adds the finalizer as well, which
//     closes the race with a pin admitted while the deletion is in flight.
//
// A Shoot pins a version when one of its spec.extensions[] entries has the profile's name as type
// and a component entry with that name and exactly that version (v1beta1helper.PinnedComponents).
// Shoots being deleted do not count. A profile that is itself being deleted is protected alike
// until its finalizer is gone. Reclassifying a version, for example to expired, is allowed:
// shoot maintenance force-upgrades such pins (GEP-5, GEP-78 "Maintenance").
//
// Unlike ShootExtensionProfile, the plugin acts whether the ExtensionComponentVersions feature
// gate is on or off: pins stored while the gate was on stay in the Shoots, and would dangle once
// the gate is switched on again. It only ever blocks the removal of something in use.
//
// Shoots are found through indexes of the Shoot informer (pkg/api/indexer): by pinned component
// version for removed versions, by pinned component for removed components, and by pinned extension
// type for deletions. A request therefore reads only the Shoots that pin what it removes: an update
// that removes a version nobody pins costs a map lookup whatever the fleet size.
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

// Names of the indexes the plugin adds to the Shoot informer (indexer.AddShootPinIndexers).
const (
	// ShootPinnedExtensionTypeIndex indexes Shoots by the extension types under which they pin at
	// least one component version (v1beta1helper.PinnedExtensionTypes).
	ShootPinnedExtensionTypeIndex = indexer.ShootPinnedExtensionTypeIndex
	// ShootPinnedComponentIndex indexes Shoots by indexer.PinnedComponentKey(type, component).
	ShootPinnedComponentIndex = indexer.ShootPinnedComponentIndex
	// ShootPinnedComponentVersionIndex indexes Shoots by
	// indexer.PinnedComponentVersionKey(type, component, version).
	ShootPinnedComponentVersionIndex = indexer.ShootPinnedComponentVersionIndex
)

// maxNamedShoots is how many Shoots an error message names; the count covers all.
const maxNamedShoots = 3

// Register registers the plugin under plugin.PluginNameExtensionProfileInUse.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameExtensionProfileInUse, func(_ io.Reader) (admission.Interface, error) {
		return New()
	})
}

// ExtensionProfileInUse is the admission plugin. It validates Update and Delete of
// core.gardener.cloud ExtensionProfiles (not their subresources).
type ExtensionProfileInUse struct {
	*admissionutils.ReadyHandler

	shootIndexer cache.Indexer
	indexerErr   error
}

var (
	_ admission.ValidationInterface = (*ExtensionProfileInUse)(nil)

	_ = admissioninitializer.WantsCoreInformerFactory(&ExtensionProfileInUse{})
)

// New returns the plugin.
func New() (*ExtensionProfileInUse, error) {
	return &ExtensionProfileInUse{
		ReadyHandler: admissionutils.NewReadyHandler(admission.Update, admission.Delete),
	}, nil
}

// SetCoreInformerFactory adds ShootPinnedExtensionTypeIndex, ShootPinnedComponentIndex and
// ShootPinnedComponentVersionIndex to the Shoot informer (indexer.AddShootPinIndexers: once per
// informer, shared with the other plugins built on the same factory), keeps the informer's indexer
// and waits for the informer to sync before serving requests. An error adding an index is reported
// by ValidateInitialization.
func (p *ExtensionProfileInUse) SetCoreInformerFactory(f gardencoreinformers.SharedInformerFactory) {
	informer := f.Core().V1beta1().Shoots().Informer()
	shootIndexer, err := indexer.AddShootPinIndexers(informer)
	if err != nil {
		p.indexerErr = err
		return
	}
	p.shootIndexer = shootIndexer
	p.AddReadyFunc(informer.HasSynced)
}

// IndexShootByPinnedExtensionType is the index function of ShootPinnedExtensionTypeIndex: the
// extension types under which a v1beta1 Shoot pins a component version. Other objects have none.
func IndexShootByPinnedExtensionType(obj any) ([]string, error) {
	return indexer.ShootPinIndexers()[ShootPinnedExtensionTypeIndex](obj)
}

// ValidateInitialization returns an error when the Shoot index could not be added or the Shoot
// informer is missing.
func (p *ExtensionProfileInUse) ValidateInitialization() error {
	if p.indexerErr != nil {
		return p.indexerErr
	}
	if p.shootIndexer == nil {
		return errors.New("missing Shoot informer")
	}
	return nil
}

// Validate rejects, with Forbidden, changes to an ExtensionProfile that would leave a pin of a
// non-deleting Shoot dangling (GEP-78 "Admission"):
//   - Update: one field.Forbidden per removed (component, version) pair that a Shoot pins, on
//     spec.components[j].versions (j: the component in the new spec), and one per removed
//     component that a Shoot pins in any version, on spec.components. Each names the version or
//     component, the profile, the number of pinning Shoots and up to three of them as
//     namespace/name, e.g. `version "3.6.13" of component "traefik" cannot be removed from
//     ExtensionProfile "shoot-traefik": still pinned by 2 Shoots (garden-dev/a, garden-dev/b)`.
//     Updates of a profile that is already being deleted are checked alike: while the gardener
//     finalizer holds it, pinning Shoots still run its versions. Pure metadata updates, such as
//     removing the finalizer, remove nothing and pass.
//   - Delete: `ExtensionProfile "<name>" cannot be deleted: still pinned by <n> Shoots (...)` when
//     any Shoot pins any version of a component under the profile's extension type.
//
// Other kinds, subresources and changes that remove nothing pass.
func (p *ExtensionProfileInUse) Validate(_ context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
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

func (p *ExtensionProfileInUse) validateUpdate(a admission.Attributes) error {
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
		index, key := ShootPinnedComponentVersionIndex, indexer.PinnedComponentVersionKey(profile.Name, r.component, r.version)
		if r.version == "" {
			index, key = ShootPinnedComponentIndex, indexer.PinnedComponentKey(profile.Name, r.component)
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

func (p *ExtensionProfileInUse) validateDelete(a admission.Attributes) error {
	users, err := p.pinningShoots(ShootPinnedExtensionTypeIndex, a.GetName())
	if err != nil || users.count == 0 {
		return err
	}
	return admission.NewForbidden(a, fmt.Errorf("ExtensionProfile %q cannot be deleted: still pinned by %s", a.GetName(), describeShoots(users)))
}

// pinningUsers are the non-deleting Shoots an index lists under one key: how many, and the first
// maxNamedShoots of their namespace/name keys in sorted order, which is all an error message names.
type pinningUsers struct {
	count int
	first []string
}

// pinningShoots returns the Shoots that the Shoot informer's index lists under key (the pin
// indexes leave out Shoots being deleted). It reads only the index's namespace/name keys, never
// the objects, and keeps the first maxNamedShoots of them in order: linear in their number.
func (p *ExtensionProfileInUse) pinningShoots(index, key string) (pinningUsers, error) {
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

// removedFromSpec returns the components of the old spec that the new one lacks, and for the
// components in both, the versions it lacks, in the old spec's order.
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

// describeShoots renders the number of Shoots and up to maxNamedShoots of their keys:
// "1 Shoot (ns/a)", "5 Shoots (ns/a, ns/b, ns/c, and 2 more)".
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
