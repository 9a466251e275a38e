// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensionprofile is the ShootExtensionProfile admission plugin: it resolves and validates
// component pins (docs/usage/extension-component-versions.md).
package extensionprofile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/warning"
	toolscache "k8s.io/client-go/tools/cache"
	"k8s.io/utils/clock"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	admissioninitializer "github.com/gep-78/gardener/pkg/apiserver/admission/initializer"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	gardencorev1beta1listers "github.com/gep-78/gardener/pkg/client/core/listers/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	admissionutils "github.com/gep-78/gardener/plugin/pkg/utils"
)

// Register registers a plugin.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameShootExtensionProfile, func(config io.Reader) (admission.Interface, error) {
		cfg, err := LoadConfiguration(config)
		if err != nil {
			return nil, err
		}
		return NewFromConfiguration(cfg)
	})
}

// ShootExtensionProfile contains the listers and the admission handler.
type ShootExtensionProfile struct {
	*admissionutils.ReadyHandler

	Clock clock.PassiveClock
	// MaintenanceUsers are the users whose writes are shoot maintenance's.
	MaintenanceUsers sets.Set[string]
	// StableChannelSoakPeriod resolves the stable channel of a profile whose status publishes none.
	StableChannelSoakPeriod time.Duration

	// rules holds the compiled compatibility rules, per profile generation.
	rules *celutils.Cache

	extensionProfileLister       gardencorev1beta1listers.ExtensionProfileLister
	cloudProfileLister           gardencorev1beta1listers.CloudProfileLister
	namespacedCloudProfileLister gardencorev1beta1listers.NamespacedCloudProfileLister
	// coreClient reads a profile live on a lister miss.
	coreClient gardencoreclientset.Interface
}

var (
	_ admission.MutationInterface   = (*ShootExtensionProfile)(nil)
	_ admission.ValidationInterface = (*ShootExtensionProfile)(nil)

	_ = admissioninitializer.WantsCoreInformerFactory(&ShootExtensionProfile{})
	_ = admissioninitializer.WantsCoreClientSet(&ShootExtensionProfile{})
	_ = admissioninitializer.WantsClock(&ShootExtensionProfile{})
)

// New returns the plugin.
func New() (*ShootExtensionProfile, error) {
	return &ShootExtensionProfile{
		ReadyHandler:            admissionutils.NewReadyHandler(admission.Create, admission.Update),
		Clock:                   clock.RealClock{},
		MaintenanceUsers:        DefaultMaintenanceUsers(),
		StableChannelSoakPeriod: gardencorev1beta1.DefaultStableChannelSoakPeriod,
		rules:                   celutils.NewCache(),
	}, nil
}

// SetClock sets the time source of version classifications.
func (p *ShootExtensionProfile) SetClock(c clock.PassiveClock) {
	p.Clock = c
}

// SetCoreInformerFactory takes the profile listers; requests wait for their caches.
func (p *ShootExtensionProfile) SetCoreInformerFactory(f gardencoreinformers.SharedInformerFactory) {
	cloudProfiles := f.Core().V1beta1().CloudProfiles()
	p.cloudProfileLister = cloudProfiles.Lister()
	p.AddReadyFunc(cloudProfiles.Informer().HasSynced)
	namespacedCloudProfiles := f.Core().V1beta1().NamespacedCloudProfiles()
	p.namespacedCloudProfileLister = namespacedCloudProfiles.Lister()
	p.AddReadyFunc(namespacedCloudProfiles.Informer().HasSynced)

	informer := f.Core().V1beta1().ExtensionProfiles()
	p.extensionProfileLister = informer.Lister()
	p.AddReadyFunc(informer.Informer().HasSynced)
	// The cache replaces an entry on a new generation; only deletions need a handler.
	_, _ = informer.Informer().AddEventHandler(toolscache.ResourceEventHandlerFuncs{
		DeleteFunc: func(obj any) {
			if tombstone, ok := obj.(toolscache.DeletedFinalStateUnknown); ok {
				obj = tombstone.Obj
			}
			if profile, ok := obj.(*gardencorev1beta1.ExtensionProfile); ok {
				p.rules.Delete(profile.Name)
			}
		},
	})
}

// SetCoreClientSet sets the client that reads an ExtensionProfile live when the lister misses it.
func (p *ShootExtensionProfile) SetCoreClientSet(c gardencoreclientset.Interface) {
	p.coreClient = c
}

// ValidateInitialization returns an error when a lister or the client is missing.
func (p *ShootExtensionProfile) ValidateInitialization() error {
	if p.extensionProfileLister == nil {
		return errors.New("missing ExtensionProfile lister")
	}
	if p.cloudProfileLister == nil {
		return errors.New("missing CloudProfile lister")
	}
	if p.namespacedCloudProfileLister == nil {
		return errors.New("missing NamespacedCloudProfile lister")
	}
	if p.coreClient == nil {
		return errors.New("missing core.gardener.cloud client")
	}
	return nil
}

// cloudProfileOf returns the Shoot's (merged) CloudProfile, nil when it cannot be read.
func (p *ShootExtensionProfile) cloudProfileOf(ctx context.Context, shoot *gardencorev1beta1.Shoot) *gardencorev1beta1.CloudProfile {
	return admissionutils.CloudProfileListers{
		CloudProfiles: p.cloudProfileLister, NamespacedCloudProfiles: p.namespacedCloudProfileLister, Client: p.coreClient,
	}.GetCloudProfile(ctx, shoot)
}

// fieldManagerOf returns the field manager of an update request; "" for other requests.
func fieldManagerOf(a admission.Attributes) string {
	if options, ok := a.GetOperationOptions().(*metav1.UpdateOptions); ok {
		return options.FieldManager
	}
	return ""
}

// Validate checks the Shoot's pins, in spec.extensions[] and per pool, with
// componentversion.ValidatePins.
func (p *ShootExtensionProfile) Validate(ctx context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	shoot, oldShoot, err := p.shootsToCheck(a)
	if shoot == nil || err != nil {
		return err
	}
	poolPins := hasPoolPins(shoot)
	if !poolPins && !slices.ContainsFunc(shoot.Spec.Extensions, func(e core.Extension) bool { return len(e.Components) > 0 }) {
		return nil
	}

	// Conversion keeps the order of extensions and components, so indices match.
	external, err := toV1beta1(shoot)
	if err != nil {
		return apierrors.NewInternalError(err)
	}
	req := componentversion.AdmissionRequest{
		Shoot:   external,
		Update:  oldShoot != nil,
		Profile: p.getProfile,
		CloudProfile: func(shoot *gardencorev1beta1.Shoot) *gardencorev1beta1.CloudProfile {
			return p.cloudProfileOf(ctx, shoot)
		},
		Maintenance: isMaintenanceWrite(oldShoot != nil, a.GetUserInfo(), fieldManagerOf(a), p.MaintenanceUsers),
		Rules:       p.rules,
		Now:         p.Clock.Now(),
	}
	if oldShoot != nil {
		if req.OldExtensions, err = extensionsToV1beta1(oldShoot); err != nil {
			return err
		}
		if poolPins {
			if req.OldWorkers, err = oldPoolPins(oldShoot, shoot, external.Spec.Provider.Workers); err != nil {
				return err
			}
		}
		req.OldShoot = func() (*gardencorev1beta1.Shoot, error) { return toV1beta1(oldShoot) }
	}

	allErrs, warnings, err := componentversion.ValidatePins(ctx, req)
	for _, msg := range warnings {
		warning.AddWarning(ctx, "", msg)
	}
	if err != nil {
		return err
	}
	if len(allErrs) > 0 {
		return admission.NewForbidden(a, allErrs.ToAggregate())
	}
	return nil
}

// shootsToCheck returns the new and old Shoot once the caches synced; nil for ignored requests.
func (p *ShootExtensionProfile) shootsToCheck(a admission.Attributes) (*core.Shoot, *core.Shoot, error) {
	if !features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions) {
		return nil, nil, nil
	}
	if a.GetKind().GroupKind() != core.Kind("Shoot") || a.GetSubresource() != "" {
		return nil, nil, nil
	}
	if err := p.WaitUntilReady(a); err != nil {
		return nil, nil, err
	}
	return admissionutils.ShootsOf(a)
}

// getProfile returns the ExtensionProfile of an extension type, nil for none; a lister miss is
// confirmed by a live read, so a lagging cache never rejects a pin.
func (p *ShootExtensionProfile) getProfile(ctx context.Context, extensionType string) (*gardencorev1beta1.ExtensionProfile, error) {
	profile, err := p.extensionProfileLister.Get(extensionType)
	if err == nil {
		return profile, nil
	}
	if !apierrors.IsNotFound(err) {
		return nil, apierrors.NewInternalError(fmt.Errorf("could not get ExtensionProfile %q: %w", extensionType, err))
	}
	// The cache holds valid names only; a type that cannot name an object is not read live.
	if p.coreClient == nil || !admissionutils.CanBeObjectName(extensionType) {
		return nil, nil
	}
	profile, err = p.coreClient.CoreV1beta1().ExtensionProfiles().Get(ctx, extensionType, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, apierrors.NewInternalError(fmt.Errorf("could not read ExtensionProfile %q: %w", extensionType, err))
	}
	return profile, nil
}

// toV1beta1 converts an internal Shoot to v1beta1.
func toV1beta1(shoot *core.Shoot) (*gardencorev1beta1.Shoot, error) {
	external := &gardencorev1beta1.Shoot{}
	if err := gardencorev1beta1.Convert_core_Shoot_To_v1beta1_Shoot(shoot, external, nil); err != nil {
		return nil, fmt.Errorf("could not convert Shoot to %s: %w", gardencorev1beta1.SchemeGroupVersion, err)
	}
	return external, nil
}

// extensionsToV1beta1 converts spec.extensions of an internal Shoot to v1beta1, in order.
func extensionsToV1beta1(shoot *core.Shoot) ([]gardencorev1beta1.Extension, error) {
	extensions := make([]gardencorev1beta1.Extension, len(shoot.Spec.Extensions))
	for i := range shoot.Spec.Extensions {
		if err := gardencorev1beta1.Convert_core_Extension_To_v1beta1_Extension(&shoot.Spec.Extensions[i], &extensions[i], nil); err != nil {
			return nil, apierrors.NewInternalError(fmt.Errorf("could not convert spec.extensions[%d]: %w", i, err))
		}
	}
	return extensions, nil
}
