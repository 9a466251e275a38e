// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensionprofile is the ShootExtensionProfile admission plugin (GEP-78 "Design Details →
// Admission"). It checks the component pins in Shoot.spec.extensions[].components[] against the
// ExtensionProfile whose name equals the extension type:
//   - Admit (mutating, mutation.go) keeps the stored pin of an entry that sets no version or the
//     same one, resolves a changed partial pin ("3", "3.6") to the highest qualifying matching
//     version and persists it, and warns about pins that an update drops, like Gardener's
//     ShootMutator does for machine images;
//   - Validate (validating) rejects pins of types without a profile, new pins against a profile
//     that is being deleted, pins on disabled extensions, unknown components and versions,
//     unavailable and expired versions, and effective update strategies the component does not
//     support, like Gardener's ShootValidator does for CloudProfile versions. It warns about
//     preview and deprecated pins.
//
// Pin checks run only when a pin changes (GEP-78: a Shoot whose pinned version has since expired
// or been removed still accepts unrelated updates). The update strategy is checked only when the
// owner chooses it: on create, for a new pin, or when an autoUpdate changes, not when only the
// version changes (as shoot maintenance does). The plugin does nothing while the
// ExtensionComponentVersions feature gate is off. The decisions themselves are the pure helpers in
// pkg/utils/gardener/componentversion, which maintenance shares.
//
// # Compatibility rules
//
// Validate also evaluates the compatibility.validations[] CEL rules (pkg/utils/cel) of every
// pinned version of an enabled extension that its profile lists, against the v1beta1 form of the
// new Shoot, on every create and update, not only when the pin changes (GEP-78 "Compatibility is
// validated old-vs-new"):
//   - On create, and on an update that changes the pin (or adds it, or enables its extension),
//     every rule that fails is an error: the owner chooses this version now, so all of its rules
//     must hold, even those the old Shoot already failed.
//   - On an update that leaves the pin of an enabled extension unchanged, the same rules are also
//     evaluated against the old Shoot, and only a rule that passed there and fails now is an error
//     ("rejects only a violation the update introduces"). A rule the old Shoot already failed
//     does not block the update.
//   - A rule that cannot be evaluated (e.g. "no such key" for a field read without has(), or an
//     exhausted cost budget) counts as failed, with the detail "compatibility rule evaluation
//     failed: <cause> (rule: <rule>)". It is never an internal error.
//   - Shoot maintenance may force a Kubernetes or machine-image upgrade for which no compatible
//     version of a pinned component exists (GEP-78: the component then holds its version). For a
//     maintenance write (an update by a user in MaintenanceUsers, by authenticated name, with the
//     field manager MaintenanceFieldManager), a failure the update introduces on an unchanged pin
//     is a warning instead of an error only if the forced host changes cause it: the Kubernetes
//     version or a pool's machine image version changes away from a version that the Shoot's
//     CloudProfile lists as expired, or no longer lists, and the rule fails on the old Shoot with
//     just those changes applied. Any other change of the same request, by the same identity, is
//     checked as an owner's. A pin that maintenance changes is checked in full, since maintenance
//     only picks compatible targets. MaintenanceUsers come from the plugin's admission
//     configuration (Configuration, maintenanceUsers), and default to DefaultMaintenanceUsers(),
//     the service account identity only.
//
// Errors are field.Invalid on spec.extensions[i].components[j].version with the rule's message.
// Pins rejected by the existence and classification checks are not evaluated. Nothing is compiled
// or evaluated for a request that pins no version with rules. One Evaluator per Shoot (new and
// old) serves all components of a request, with one celutils.DefaultCostBudget each; the
// compiled rules are cached per profile generation.
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

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
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

// Register registers the plugin under plugin.PluginNameShootExtensionProfile. Its factory reads
// the plugin's Configuration (LoadConfiguration) from the AdmissionConfiguration of
// --admission-control-config-file; without one the defaults apply.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameShootExtensionProfile, func(config io.Reader) (admission.Interface, error) {
		cfg, err := LoadConfiguration(config)
		if err != nil {
			return nil, err
		}
		return NewFromConfiguration(cfg)
	})
}

// ShootExtensionProfile is the admission plugin. It handles Create and Update of
// core.gardener.cloud Shoots (not their subresources).
type ShootExtensionProfile struct {
	*admissionutils.ReadyHandler

	// Clock is the time source for version classifications. New sets clock.RealClock{}.
	Clock clock.PassiveClock
	// MaintenanceUsers are the user names whose updates may introduce a compatibility rule
	// failure on an unchanged pin, with a warning instead of an error: shoot maintenance forces
	// Kubernetes and machine-image upgrades even when no compatible component version exists.
	// New sets DefaultMaintenanceUsers(); the plugin's Configuration (maintenanceUsers) replaces
	// them.
	MaintenanceUsers sets.Set[string]
	// StableChannelSoakPeriod is the soak period of the stable release channel (Configuration,
	// stableChannelSoakPeriod). New sets v1beta1helper.DefaultStableChannelSoakPeriod.
	StableChannelSoakPeriod time.Duration

	// rules holds the compiled compatibility rules of the ExtensionProfiles.
	rules *celutils.Cache

	extensionProfileLister gardencorev1beta1listers.ExtensionProfileLister
	cloudProfileLister     gardencorev1beta1listers.CloudProfileLister
	// namespacedCloudProfileLister reads the NamespacedCloudProfiles Shoots may reference.
	namespacedCloudProfileLister gardencorev1beta1listers.NamespacedCloudProfileLister
	// coreClient reads a profile live when the lister does not have it (yet).
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
		StableChannelSoakPeriod: v1beta1helper.DefaultStableChannelSoakPeriod,
		rules:                   celutils.NewCache(),
	}, nil
}

// SetClock sets the time source of version classifications (injected by gardener-apiserver; the
// real clock unless a test runs the server in-process with a fixed one).
func (p *ShootExtensionProfile) SetClock(c clock.PassiveClock) {
	p.Clock = c
}

// SetCoreInformerFactory takes the ExtensionProfile lister and waits for its informer to sync
// before serving requests. The compiled rules of a deleted profile are dropped.
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
	// The cache replaces an entry when the generation changes, so only deletions need a handler.
	// AddEventHandler fails only on a stopped informer, which then serves no requests either.
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

// ValidateInitialization returns an error when the ExtensionProfile or CloudProfile lister is
// missing.
func (p *ShootExtensionProfile) ValidateInitialization() error {
	if p.extensionProfileLister == nil {
		return errors.New("missing ExtensionProfile lister")
	}
	if p.cloudProfileLister == nil {
		return errors.New("missing CloudProfile lister")
	}
	return nil
}

// cloudProfileOf returns the CloudProfile the Shoot references (a NamespacedCloudProfile as a
// CloudProfile with its merged spec); nil when there is none or it cannot be read. Only the
// maintenance exception reads it (which host changes are forced).
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

// Validate checks component pins, update strategies and compatibility rules against the
// ExtensionProfiles with componentversion.ValidatePins. All errors are returned at once, as
// Forbidden.
func (p *ShootExtensionProfile) Validate(ctx context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	shoot, oldShoot, err := p.shootsToCheck(a)
	if shoot == nil || err != nil {
		return err
	}
	if !slices.ContainsFunc(shoot.Spec.Extensions, func(e core.Extension) bool { return len(e.Components) > 0 }) {
		return nil
	}

	// The decision reads the versioned (v1beta1) Shoot. Conversion keeps the order of extensions
	// and components, so indices match the internal Shoot. Of the old Shoot only spec.extensions is
	// converted here; the rest only when a rule fails and needs the old Shoot as its baseline.
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

// shootsToCheck returns the new and (on update) old Shoot of a request the plugin acts on, and a
// nil Shoot for requests it ignores: gate off, other resources, subresources. It waits for the
// caches first.
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

// getProfile returns the ExtensionProfile of an extension type, nil when there is none. The
// informer's lister may lag behind a profile created a moment ago, so a lister miss is confirmed
// with a live read (when a client is set) before the type counts as having no profile: a miss must
// never reject what a live read would accept. A failing live read is an internal error, which the
// client may retry.
func (p *ShootExtensionProfile) getProfile(ctx context.Context, extensionType string) (*gardencorev1beta1.ExtensionProfile, error) {
	profile, err := p.extensionProfileLister.Get(extensionType)
	if err == nil {
		return profile, nil
	}
	if !apierrors.IsNotFound(err) {
		return nil, apierrors.NewInternalError(fmt.Errorf("could not get ExtensionProfile %q: %w", extensionType, err))
	}
	if p.coreClient == nil {
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

// profileLookup caches the ExtensionProfile look-ups of one request, by extension type.
type profileLookup map[string]*gardencorev1beta1.ExtensionProfile

func (l profileLookup) get(ctx context.Context, p *ShootExtensionProfile, extensionType string) (*gardencorev1beta1.ExtensionProfile, error) {
	if profile, ok := l[extensionType]; ok {
		return profile, nil
	}
	profile, err := p.getProfile(ctx, extensionType)
	if err != nil {
		return nil, err
	}
	l[extensionType] = profile
	return profile, nil
}

// toV1beta1 converts an internal Shoot to v1beta1.
func toV1beta1(shoot *core.Shoot) (*gardencorev1beta1.Shoot, error) {
	external := &gardencorev1beta1.Shoot{}
	// The registered conversion, called directly: Scheme.Convert would look it up per request.
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
