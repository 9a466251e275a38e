// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package maintenance is the shoot maintenance controller of gardener-controller-manager. It
// keeps the versions of a Shoot current inside the Shoot's maintenance window: the machine image
// of every worker pool and the Kubernetes version, as Gardener does, and the pinned versions of
// extension components (GEP-78 "Design Details → 2. Classification, auto-upgrade and resolution"
// and "3. Force-upgrade path"). The user documentation is docs/usage/shoot-maintenance.md.
//
// # When it runs
//
// spec.maintenance.timeWindow{begin,end} are times of day "HHMMSS+ZZZZ", evaluated in UTC, both
// ends included; a window whose end is before its begin spans midnight. As in Gardener, the
// effective window ends MaintenanceWindowCutOff (15 minutes) before the configured end, so that
// what maintenance triggers still starts inside the window. A Shoot without a window, or with one
// that cannot be parsed, is maintained at any time (00:00:00–23:59:59, not shortened). The
// operation annotation gardener.cloud/operation=maintain maintains at once, outside the window;
// maintenance removes it (other operations in the ";"-separated value stay). Every reconcile
// requeues at a random instant of the next occurrence of the effective window: tomorrow's when now
// is inside or after today's. The clock (Reconciler.Clock) and the random source are injectable.
//
// # One working copy, fixed order, one write
//
// The reconciler reads the Shoot, its CloudProfile and the ExtensionProfiles of the pinned
// extension types, and runs the steps on one working copy (Operation, results.go), each in its own
// file:
//
//  1. MaintainMachineImages (machineimages.go), per worker pool;
//  2. MaintainKubernetesVersion (kubernetes.go), the control plane and then every worker pool
//     that sets a version (capped at the maintained control plane version);
//  3. MaintainExtensionComponents (components.go), evaluated against the copy as already changed
//     by 1 and 2, only while the ExtensionComponentVersions feature gate is on;
//  4. ResolveHostComponentConflicts (compatibility.go), see below.
//
// A step that fails or finds no target does not stop later steps or other pools and components.
// The version decisions are pure functions in pkg/utils/gardener (maintenance.go),
// pkg/utils/gardener/componentversion and pkg/api/core/v1beta1/helper (versionupdates.go,
// workerimages.go, versionselection.go). Then the reconciler
// sends the maintained Shoot as a dry-run Update; a rejection records the window as failed in
// status.lastMaintenance and writes nothing to the spec. Otherwise one Update writes every change
// together with the run's result (lastMaintenance, events, metric samples) in the annotation
// AnnotationPendingResult, and finish records it: status.lastMaintenance, one event per result
// under a name derived from the Shoot UID and the triggered time (a repeat is AlreadyExists), the
// removal of the annotation, and only then the metrics.
//
// # Crashes
//
// A crash at any point leaves either nothing written (the "maintain" operation is still there, or
// the window still open: the run is repeated) or the maintained spec with its pending result,
// which the next reconcile finishes whether or not the window is open; the controller reconciles
// every Shoot when it starts. A lastMaintenance in state Processing (written before the spec by
// earlier versions of this controller) also makes the next reconcile maintain at once. The events
// and the metrics are recorded once: the events by name, the metrics only by the finish that
// removes the annotation.
//
// Every write carries the resourceVersion the run computed on. A concurrent update makes it
// conflict; the run is then dropped, the Shoot read again (uncached) and maintained again
// (retry.DefaultRetry), so a user's concurrent change is never overwritten and the maintenance
// decisions always see it.
//
// # Extension components
//
// For every pinned component of every enabled extension, with its effective autoUpdate
// (componentversion.ResolveEffectiveAutoUpdate), componentversion.ComponentVersionUpdateFor decides.
// A strategy the Shoot requests but the component no longer supports (the operator narrowed
// updateStrategy.supported later; admission does not re-check it on version changes) is replaced
// by the first supported of the profile component's default, the profile's default and patch,
// else by the most conservative supported strategy; the reason of an auto-update names both.
//   - auto-update (effective autoUpdate enabled): the highest version above the pin within the
//     strategy's boundary (patch: same minor; minor: same major; major: any), classified supported;
//     a deprecated one only when the pin is itself deprecated, so auto-update never moves down the
//     classification ladder (a deliberate deviation, docs/deviations.md). Unlike Gardener's machine-image
//     helpers there is no patch-first step: GEP-78 defines minor and major as the newest version
//     within the boundary. In every shared example both readings give the same target.
//   - force (the pin is expired, or no longer listed by the profile, which counts as expired;
//     also with autoUpdate disabled): the auto-update target if it is classified supported (a
//     deprecated one would soon expire as well; GEP-78 "On expired, apply the force-upgrade path"),
//     otherwise the highest supported version of the current minor above the pin, otherwise the
//     highest supported version of the next available minor. The next available minor is the
//     lowest minor above the pin's, within the same major, that holds at least one supported
//     version compatible with the working copy. A minor holding only preview, unavailable, deprecated, expired or incompatible versions
//     is skipped, so falco 0.42.1 (expired) goes to 0.44.1 when 0.43 holds only the expired 0.43.0
//     (GEP-78 text; Gardener's helpers would take minor+1 even if all of it is expired). The force
//     path never crosses a major (GEP-5 for Kubernetes).
//
// Candidates are never preview (except auto-update targets of a Shoot whose
// autoUpdate.classifications list preview), unavailable or expired (GEP-78 wins over Gardener's
// helpers, which do not exclude unavailable versions), never at or below the pin, and must pass their
// compatibility.validations[] against the working copy, evaluated by a
// componentversion.CompatibilityChecker (one conversion of the working copy per decision, a fresh cost
// budget per candidate); the production checker, componentversion.CELCompatibilityChecker, uses
// pkg/utils/cel, the engine admission uses. A forced update without a compatible target keeps the version and is a failed result with a
// Warning event that names every rejected candidate and its failing rules; an auto-update without
// target changes nothing and records nothing.
//
// A component that follows a release channel (componentversion.EffectiveChannel; GEP-78 "Release
// channels") has no auto-update: componentversion.ChannelUpdateFor takes the channel's version at
// now with StableChannelSoakPeriod when it is above the pin and compatible. A channel below
// the pin keeps it (never a downgrade, e.g. after a switch from rapid to stable) with a successful
// result `Kept version "<v>": channel <c> gives <lower>, below the current <v>; staying until the
// channel catches up`, counted in no metric. An expired or unlisted pin is forced to the channel's
// version when that is higher and compatible, otherwise along the force path above. Descriptions
// of channel-following components end in " (channel <c>)".
//
// A component whose ExtensionProfile is being deleted keeps its version: ShootExtensionProfile
// admission rejects new pins of such a profile, and the rejected dry run would fail the whole
// window, Kubernetes and machine-image updates included. A forced update is then a failed result;
// an auto-update records nothing.
//
// # Host updates and component compatibility (an extension of GEP-78)
//
// GEP-78 orders the component step last and lets only components read the host (Kubernetes and
// machine image) state. It leaves open what happens when a host update makes a pinned component
// incompatible and the component has no compatible target: admission's old-vs-new check would
// reject the whole maintenance write, window after window, and block every other update of the
// window too. ResolveHostComponentConflicts settles it after the component step. An incompatibility
// is introduced when a rule of a component left at its entering version fails against the working
// copy although it passed against the entering Shoot (per rule, as admission compares them):
//   - Voluntary host updates yield. An auto-update (not forced) of a machine image or of the
//     Kubernetes version is reverted when reverting it alone removes an introduced rule failure;
//     its result becomes a failure that names the components it would have broken, and the
//     component step runs again on the reverted copy. Maintenance thus never does voluntarily what
//     admission would refuse a user.
//   - Forced host updates win. An expired or missing Kubernetes or machine-image version must go;
//     the component keeps its version, and a failed result (reason "Component version is
//     incompatible with the maintained Shoot") and a Warning event name the failing rules. The
//     next windows move the component as soon as a compatible version is offered.
//
// What admission must do (implemented by the ShootExtensionProfile plugin,
// plugin/pkg/shoot/extensionprofile, as its MaintenanceUsers): for an Update of a Shoot by
// gardener-controller-manager's identity (the authenticated user name, by default only
// system:serviceaccount:garden:gardener-controller-manager; other identities are configured) with
// the field manager FieldManager, a compatibility rule that the update introduces on an unchanged
// pin (same type, component and version in the old and the new Shoot, extension enabled in both)
// is returned as an admission warning instead of an error if the forced host changes of the write
// alone break it: the Kubernetes or machine-image versions that change away from an expired or
// unlisted version. A pin the update changes, and every other change, is checked in full, and all
// other checks (existence, classification) stay.
//
// # Recording
//
// status.lastMaintenance lists every result of the window: "All maintenance operations
// successful. <parts>" or "(<ok>/<total>) maintenance operations successful. <parts>", parts
// joined with ", " in the order control plane, worker pool Kubernetes versions, worker pool
// machine images, extension components (buildMaintenanceMessages on Gardener's updateResult per
// control plane and pool, and per component); failureReason joins the failed parts. Each component part reads `Extension "<type>" component
// "<name>": Updated version from "<old>" to "<new>". Reason: <reason>`, the reason naming
// auto-update (with the strategy), the release channel or expiry. Events have the reasons
// MachineImageVersionMaintenance, KubernetesVersionMaintenance,
// ExtensionComponentVersionMaintenance (one per component change, with source and target
// version) and MaintenanceFailed. The counters ComponentUpgradesTotal
// (gardener_shoot_maintenance_extension_component_upgrades_total) and ComponentFailuresTotal
// (gardener_shoot_maintenance_extension_component_failures_total) are registered with the
// controller-runtime metrics registry.
//
// # Differences from Gardener's shoot maintenance
//
// Gardener's credentials rotation, version-dependent spec cleanups, feature-gate and
// admission-plugin removal, the maintenance tasks annotation and the "reconcile" operation it
// sets (gardenlet here reconciles on spec changes) are absent, and machine images are not filtered
// by machine capabilities. A pool
// whose image the CloudProfile does not list fails alone instead of aborting the image step; a
// missing CloudProfile is a failed result instead of a reconcile error, so that components are
// still maintained. Pools are reported in name order (Gardener: map order), components in spec
// order. The result travels with the spec Update
// (AnnotationPendingResult) and status.lastMaintenance is written after it, with optimistic
// locking, where Gardener patches lastMaintenance to Processing without a lock before the Update,
// then copies the maintained spec onto the patched object (which can overwrite a concurrent
// change) and records the events through an asynchronous recorder (lost in a crash); a crash
// between its writes leaves the Shoot Processing until the next window. The events here are
// created directly, events.k8s.io/v1, with deterministic names.
package maintenance
