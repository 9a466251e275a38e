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
// pkg/utils/gardener/extensionprofile.go, which maintenance shares.
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
	"k8s.io/apimachinery/pkg/util/validation/field"
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
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
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

// Validate checks component pins and update strategies against the ExtensionProfiles (GEP-78
// "Admission"). Per extension with components, and per component entry whose pin changed on this
// request (create, a new entry, or a different non-empty version):
//   - the extension is disabled: Forbidden on spec.extensions[i].components;
//   - no ExtensionProfile is named like the type: Invalid on spec.extensions[i].components[j];
//   - the ExtensionProfile is being deleted (it has a deletionTimestamp; its finalizer holds it
//     while Shoots pin it) and the entry sets a version: Forbidden on
//     spec.extensions[i].components[j], like Gardener refuses new Shoots on a CloudProfile that is
//     being deleted. Unchanged pins keep working;
//   - the profile lists no such component: NotSupported on ...components[j].name;
//   - the version is not listed, or is unavailable or expired:
//     gardenerutils.ValidateComponentVersionPin on ...components[j].version;
//   - a preview or deprecated version is accepted with a warning.
//
// For every pinned component, on create, for a new component entry, when a version is set on an
// entry that had none, and whenever the extension- or component-level autoUpdate changed, the
// effective update strategy must be supported (gardenerutils.ValidateComponentUpdateStrategy).
// A change of the version alone does not re-check the strategy: shoot maintenance changes
// versions, and an operator may have narrowed updateStrategy.supported since the owner chose the
// strategy; maintenance then falls back to a supported default
// (gardenerutils.ResolveEffectiveAutoUpdate). For every pinned component with a valid pin,
// on every request, the version's compatibility rules must hold old-vs-new (see the package
// documentation). All errors are returned at once, as Forbidden.
func (p *ShootExtensionProfile) Validate(ctx context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	shoot, oldShoot, err := p.shootsToCheck(a)
	if shoot == nil || err != nil {
		return err
	}
	if !slices.ContainsFunc(shoot.Spec.Extensions, func(e core.Extension) bool { return len(e.Components) > 0 }) {
		return nil
	}

	// The helpers, and the compatibility rules, read the versioned (v1beta1) Shoot. Conversion
	// keeps the order of extensions and components, so indices match the internal Shoot. Of the
	// old Shoot only spec.extensions is converted here; the compatibility check converts the rest
	// when a rule fails and needs the old Shoot as its baseline.
	external, err := toV1beta1(shoot)
	if err != nil {
		return apierrors.NewInternalError(err)
	}
	var oldExtensions []gardencorev1beta1.Extension
	var oldPins, oldActivePins []v1beta1helper.ComponentPin
	if oldShoot != nil {
		if oldExtensions, err = extensionsToV1beta1(oldShoot); err != nil {
			return err
		}
		oldPins = v1beta1helper.ComponentPins(oldExtensions)
		oldActivePins = slices.DeleteFunc(slices.Clone(oldPins), func(p v1beta1helper.ComponentPin) bool { return !p.Active() })
	}

	now := p.Clock.Now()
	profiles := profileLookup{}
	var disabledReported []int
	compatibility := newCompatibilityCheck(p.rules, external, oldShoot, a.GetUserInfo(), fieldManagerOf(a), p.MaintenanceUsers,
		func(shoot *gardencorev1beta1.Shoot) *gardencorev1beta1.CloudProfile {
			return p.cloudProfileOf(ctx, shoot)
		}, now)
	var allErrs field.ErrorList
	for _, pin := range v1beta1helper.ComponentPins(external.Spec.Extensions) {
		extension := &external.Spec.Extensions[pin.ExtensionIndex]
		// Field paths are built only for an error: a request that passes allocates none.
		extensionPath := func() *field.Path { return field.NewPath("spec", "extensions").Index(pin.ExtensionIndex) }
		componentPath := func() *field.Path { return extensionPath().Child("components").Index(pin.ComponentIndex) }
		versionPath := func() *field.Path { return componentPath().Child("version") }
		changed := pinChanged(oldPins, pin)

		if pin.Disabled {
			if changed && !slices.Contains(disabledReported, pin.ExtensionIndex) {
				disabledReported = append(disabledReported, pin.ExtensionIndex)
				allErrs = append(allErrs, field.Forbidden(extensionPath().Child("components"), "component versions cannot be pinned for a disabled extension"))
			}
			continue
		}

		profile, err := profiles.get(ctx, p, pin.ExtensionType)
		if err != nil {
			return err
		}
		if profile == nil {
			if changed {
				allErrs = append(allErrs, field.Invalid(componentPath(), pin.Component, fmt.Sprintf(
					"no ExtensionProfile %q exists; component versions can only be pinned for extension types with a profile", pin.ExtensionType)))
			}
			continue
		}

		if changed && pin.Pinned() && profile.DeletionTimestamp != nil {
			allErrs = append(allErrs, field.Forbidden(componentPath(), fmt.Sprintf(
				"ExtensionProfile %q is being deleted; new component versions cannot be pinned", profile.Name)))
			continue
		}

		profileComponent := v1beta1helper.FindExtensionComponent(profile.Spec, pin.Component)
		if profileComponent == nil {
			if changed {
				allErrs = append(allErrs, field.NotSupported(componentPath().Child("name"), pin.Component, componentNames(profile)))
			}
			continue
		}
		if !pin.Pinned() {
			continue
		}

		pinValid := true
		if changed {
			pinErrs := gardenerutils.ValidateComponentVersionPin(versionPath(), *profileComponent, pin.Version, now)
			allErrs = append(allErrs, pinErrs...)
			pinValid = len(pinErrs) == 0
			if pinValid {
				if msg := gardenerutils.ComponentVersionPinWarning(pin.ExtensionType, *profileComponent, pin.Version, now); msg != "" {
					warning.AddWarning(ctx, "", msg)
				}
				if msg := downgradeWarning(oldPins, pin); msg != "" {
					warning.AddWarning(ctx, "", msg)
				}
			}
		}

		if newlyPinned(oldPins, pin) || autoUpdateChanged(oldExtensions, oldShoot != nil, extension, pin) {
			for _, strategyErr := range gardenerutils.ValidateComponentUpdateStrategy(extensionPath(), componentPath(), profile, pin.Component,
				extension.AutoUpdate, extension.Components[pin.ComponentIndex].AutoUpdate) {
				allErrs = appendUnique(allErrs, strategyErr)
			}
		}

		// Compatibility (GEP-78 "Admission", old-vs-new, also when the pin is unchanged). A pin
		// rejected above is not evaluated: its rules do not matter.
		if pinValid {
			oldPin, ran := v1beta1helper.FindComponentPin(oldActivePins, pin.ExtensionType, pin.Component)
			baseline := ran && oldPin.Version == pin.Version
			compatErrs, compatWarnings := compatibility.check(ctx, versionPath, profile, pin.ExtensionType, pin.Component, pin.Version, baseline)
			allErrs = append(allErrs, compatErrs...)
			for _, msg := range compatWarnings {
				warning.AddWarning(ctx, "", msg)
			}
		}
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

// downgradeWarning returns the warning for a changed pin whose version is lower than the one the
// old Shoot pins (GEP-78: a downgrade is explicit, and the owner is told), "" otherwise.
func downgradeWarning(oldPins []v1beta1helper.ComponentPin, pin v1beta1helper.ComponentPin) string {
	old, found := v1beta1helper.FindComponentPin(oldPins, pin.ExtensionType, pin.Component)
	if !found || !old.Pinned() {
		return ""
	}
	from, errFrom := versionutils.ParseProfileVersion(old.Version)
	to, errTo := versionutils.ParseProfileVersion(pin.Version)
	if errFrom != nil || errTo != nil || !to.LessThan(from) {
		return ""
	}
	return fmt.Sprintf("component %s of extension %s is downgraded from %s to %s; the extension deploys the older version", pin.Component, pin.ExtensionType, old.Version, pin.Version)
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

func componentNames(profile *gardencorev1beta1.ExtensionProfile) []string {
	names := make([]string, 0, len(profile.Spec.Components))
	for _, c := range profile.Spec.Components {
		names = append(names, c.Name)
	}
	return names
}

// appendUnique appends err unless an identical error is already listed: an unsupported
// extension-level strategy is found once per pinned component but reported once.
func appendUnique(list field.ErrorList, err *field.Error) field.ErrorList {
	for _, e := range list {
		if e.Error() == err.Error() {
			return list
		}
	}
	return append(list, err)
}
