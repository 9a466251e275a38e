// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensionprofileimpact is the ExtensionProfileImpact admission plugin: it warns of the
// effect of an ExtensionProfile write on the Shoots that pin it and never rejects one
// (docs/operations/changing-a-profile-safely.md).
package extensionprofileimpact

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/warning"
	"k8s.io/client-go/tools/cache"
	"k8s.io/utils/clock"

	"github.com/gep-78/gardener/pkg/api"
	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/api/indexer"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	admissioninitializer "github.com/gep-78/gardener/pkg/apiserver/admission/initializer"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	admissionutils "github.com/gep-78/gardener/plugin/pkg/utils"
)

// Register registers a plugin.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameExtensionProfileImpact, func(config io.Reader) (admission.Interface, error) {
		cfg, err := loadConfiguration(config)
		if err != nil {
			return nil, fmt.Errorf("invalid configuration of admission plugin %s: %w", plugin.PluginNameExtensionProfileImpact, err)
		}
		return newFromConfiguration(cfg)
	})
}

// extensionProfileImpact contains the Shoot indexer and the admission handler.
type extensionProfileImpact struct {
	*admissionutils.ReadyHandler

	Clock clock.PassiveClock
	// StableChannelSoakPeriod resolves the stable channel of a profile whose status publishes none.
	StableChannelSoakPeriod time.Duration

	shootIndexer cache.Indexer
	indexerErr   error
	rules        *celutils.ContentCache
}

var (
	_ admission.ValidationInterface = (*extensionProfileImpact)(nil)

	_ = admissioninitializer.WantsCoreInformerFactory(&extensionProfileImpact{})
	_ = admissioninitializer.WantsClock(&extensionProfileImpact{})
)

// newPlugin returns the plugin.
func newPlugin() (*extensionProfileImpact, error) {
	return &extensionProfileImpact{
		ReadyHandler:            admissionutils.NewReadyHandler(admission.Create, admission.Update),
		Clock:                   clock.RealClock{},
		StableChannelSoakPeriod: gardencorev1beta1.DefaultStableChannelSoakPeriod,
		rules:                   celutils.NewContentCache(),
	}, nil
}

// compilations returns how often the plugin compiled the rules of a profile.
func (p *extensionProfileImpact) compilations() int { return p.rules.Misses() }

// SetClock sets the time source.
func (p *extensionProfileImpact) SetClock(c clock.PassiveClock) {
	p.Clock = c
}

// SetCoreInformerFactory adds the pin indexes to the Shoot informer; requests wait for it to sync.
func (p *extensionProfileImpact) SetCoreInformerFactory(f gardencoreinformers.SharedInformerFactory) {
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
func (p *extensionProfileImpact) ValidateInitialization() error {
	if p.indexerErr != nil {
		return p.indexerErr
	}
	if p.shootIndexer == nil {
		return errors.New("missing Shoot informer")
	}
	return nil
}

// Validate adds the impact preview to the response's warnings; it rejects nothing.
func (p *extensionProfileImpact) Validate(ctx context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	if a.GetKind().GroupKind() != core.Kind("ExtensionProfile") || a.GetSubresource() != "" ||
		!features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions) {
		return nil
	}
	if err := p.WaitUntilReady(a); err != nil {
		return err
	}
	warnings, err := p.preview(ctx, a)
	if err != nil {
		warning.AddWarning(ctx, "", "impact preview of this ExtensionProfile change unavailable: "+err.Error())
		return nil
	}
	for _, w := range warnings {
		warning.AddWarning(ctx, "", w)
	}
	return nil
}

// preview returns the warnings of a write.
func (p *extensionProfileImpact) preview(ctx context.Context, a admission.Attributes) ([]string, error) {
	profile, err := toV1beta1(a.GetObject())
	if err != nil {
		return nil, err
	}
	var oldProfile *gardencorev1beta1.ExtensionProfile
	var oldSpec *gardencorev1beta1.ExtensionProfileSpec
	if a.GetOperation() == admission.Update {
		if oldProfile, err = toV1beta1(a.GetOldObject()); err != nil {
			return nil, err
		}
		oldSpec = &oldProfile.Spec
	}

	now := p.Clock.Now()
	changes := profileChanges(oldSpec, profile.Spec, now)
	// Not stored yet, so no generation: rules are cached per content.
	checker := newSharedChecker(componentversion.NewCELCompatibilityChecker(p.rules))
	pins := p.pinningShoots(profile.Name)
	// The soak period maintenance uses, published in the stored status; a new profile has none yet.
	published := profile
	if oldProfile != nil {
		published = oldProfile
	}
	soak := v1beta1helper.StableChannelSoakPeriod(published, p.StableChannelSoakPeriod)
	impacts, err := previewImpacts(ctx, profile, changes, now, soak, pins, checker)
	if err != nil {
		return nil, err
	}
	moves, err := moveImpacts(ctx, oldProfile, profile, changes, now, soak, pins, checker)
	if err != nil {
		return nil, err
	}
	channels, err := channelImpacts(ctx, oldProfile, profile, now, soak, pins, checker)
	if err != nil {
		return nil, err
	}
	impacts = append(append(impacts, moves...), channels...)
	return append(rolloutWarnings(oldProfile, profile, now), impactWarnings(impacts, maxWarnings)...), nil
}

// pinningShoots looks up the Shoots that actively pin extensionType, sorted, a Shoot once per
// pool whose entry pins it.
func (p *extensionProfileImpact) pinningShoots(extensionType string) pinLookup {
	return func(component, version string) ([]pinningShoot, error) {
		objs, err := p.shootIndexer.ByIndex(indexer.ShootPinnedComponentVersionIndex, indexer.PinnedComponentVersionKey(extensionType, component, version))
		if err != nil {
			return nil, fmt.Errorf("could not look up the Shoots that pin version %q of component %q: %w", version, component, err)
		}
		var out []pinningShoot
		for _, obj := range objs {
			shoot, ok := obj.(*gardencorev1beta1.Shoot)
			if !ok { // Shoots being deleted are in no pin index.
				continue
			}
			for _, pin := range v1beta1helper.ActiveComponentPins(shoot.Spec.Extensions) {
				if pin.ExtensionType == extensionType && pin.Component == component && pin.Version == version {
					out = append(out, pinningShoot{Shoot: shoot, ExtensionIndex: pin.ExtensionIndex, ComponentIndex: pin.ComponentIndex})
					break
				}
			}
			for _, pin := range v1beta1helper.PoolComponentPins(shoot.Spec.Extensions, shoot.Spec.Provider.Workers) {
				if pin.ExtensionType == extensionType && pin.Component == component && pin.Version == version {
					out = append(out, pinningShoot{Shoot: shoot, Pool: &pin})
				}
			}
		}
		slices.SortFunc(out, func(a, b pinningShoot) int {
			if a.Key() < b.Key() {
				return -1
			}
			if a.Key() > b.Key() {
				return 1
			}
			return 0
		})
		return out, nil
	}
}

// toV1beta1 converts the internal ExtensionProfile of a request to v1beta1.
func toV1beta1(obj any) (*gardencorev1beta1.ExtensionProfile, error) {
	profile, ok := obj.(*core.ExtensionProfile)
	if !ok {
		return nil, apierrors.NewBadRequest("could not convert resource into ExtensionProfile object")
	}
	external := &gardencorev1beta1.ExtensionProfile{}
	if err := api.Scheme.Convert(profile, external, nil); err != nil {
		return nil, fmt.Errorf("could not convert ExtensionProfile to %s: %w", gardencorev1beta1.SchemeGroupVersion, err)
	}
	return external, nil
}
