// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
	"github.com/gep-78/gardener/pkg/utils/gardener/rollout"
)

const (
	// noProfile is the classification of a pin whose ExtensionProfile does not exist.
	noProfile = "<no profile>"
	// shootLevel is the POOL of a spec.extensions[] pin.
	shootLevel = "<shoot>"
)

// shootRow is one component pin of a Shoot with what applies to it.
type shootRow struct {
	// ExtensionType (the ExtensionProfile's name), Component and Version name the pin.
	ExtensionType, Component, Version string
	// Pool is the worker pool of a runtime's or override's pin, "" for a spec.extensions[] pin.
	Pool string
	// Classification is the classification in the profile status (unknown before the controller
	// classified it), notInProfile or noProfile.
	Classification string
	// Expiration is when the pinned version's lifecycle reaches expired, if it declares it.
	Expiration *time.Time
	// Channel is the release channel the entry follows (componentversion.EffectiveChannel), "" for
	// none; ChannelVersion is that channel's current version from the profile status (none when
	// it has no version, unknown before the controller wrote it or without profile).
	Channel        gardencorev1beta1.ReleaseChannel
	ChannelVersion string
	// AutoUpdate is the policy maintenance applies (componentversion.AutoUpdatePolicy); "" without
	// profile.
	AutoUpdate string
	// NextMaintenance says what maintenance would do to the pin if it ran now on the current spec
	// (componentversion.Outcome.String, or "fails: ..." without profile).
	NextMaintenance string
	// Rollout is the rollout state of the pinned version (v1beta1helper.EffectiveRolloutState) with
	// its failed and moved Shoots, "" without rollout.
	Rollout string
	// Failure is gardenlet's report that the component failed at the pinned version on this Shoot,
	// in the pool for a pool's pin (rollout.ComponentFailure, PoolComponentFailure), nil for none.
	Failure *gardencorev1beta1.LastError
	// Later is, for a pin that NextMaintenance keeps or holds, the outcome at the first upcoming
	// lifecycle transition or end of a soak period of a version of the component at which it
	// changes ("on 2026-12-10: hold, no compatible version: ..."; for a stable follower at the end
	// of a soak "on 2027-01-29 (stable soak of 0.45.0 ends): update to 0.45.0 (...)"); "" when none
	// does or the next window moves the pin.
	Later string
}

// shootView is the answer of shoot: the next maintenance window and the pins.
type shootView struct {
	// NextWindow is when maintenance runs next: "now (...)" inside the effective window or with the
	// maintain operation annotation, else the next begin of the effective window in RFC 3339 with
	// the window ("2026-12-02T13:00:00Z (window 13:00:00-13:45:00 UTC)").
	NextWindow string
	Rows       []shootRow
}

func newShootCommand(o *Options) *cobra.Command {
	var allNamespaces bool
	var soak func() *time.Duration
	cmd := &cobra.Command{
		Use:   "shoot NAME",
		Short: "Lists the component pins of a Shoot with classification, expiry, effective auto-update policy, what maintenance does now and at the next transition",
		Example: `  # What applies to the component pins of Shoot dev in project dev
  kubectl extensionprofile shoot dev -n garden-dev
  # The same, for the one Shoot named dev of any namespace
  kubectl extensionprofile shoot dev -A`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, err := o.client()
			if err != nil {
				return err
			}
			namespace := ""
			if !allNamespaces {
				if namespace, err = o.namespace(); err != nil {
					return err
				}
			}
			view, err := shootPins(cmd.Context(), client, namespace, args[0], o.Clock.Now(), soak())
			if err != nil {
				return err
			}
			return printShootPins(o.Out, view)
		},
	}
	cmd.Flags().BoolVarP(&allNamespaces, "all-namespaces", "A", false, "Find the Shoot by name in all namespaces (it must be the only one of that name).")
	soak = addStableChannelSoakPeriodFlag(cmd)
	return cmd
}

// shootPins returns the next maintenance window of the Shoot and one row per component pin, in
// spec order (every extension entry with components that set a version, disabled ones included),
// then one per pool entry that sets a version (poolPins). namespace "" finds the Shoot by name in
// all namespaces. soak overrides the stable channel's soak period each profile publishes
// (stableChannelSoakPeriod); nil takes it. A Shoot that is not found is an error naming the namespaces holding a Shoot of that
// name, or suggesting -n and -A.
//
// NextMaintenance is componentversion.Decide (with gardener-controller-manager's CEL checker) at
// now on the stored Shoot; maintenance decides after its machine-image and Kubernetes steps, so a
// Kubernetes update in the same window can change the outcome. Later is the same decision at each
// upcoming componentversion.ChannelTimes instant, in time order, until one differs. A pin of a
// disabled extension is not maintained; a pin without ExtensionProfile fails. A pool's pin is
// decided with componentversion.DecidePool, on the Shoot as stored: maintenance moves the pool's
// machine image and Kubernetes version first.
func shootPins(ctx context.Context, client gardencoreclientset.Interface, namespace, name string, now time.Time, soak *time.Duration) (shootView, error) {
	shoot, err := getShoot(ctx, client, namespace, name)
	if err != nil {
		return shootView{}, err
	}
	view := shootView{NextWindow: nextWindow(shoot, now)}
	profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
	profileOf := func(name string) (*gardencorev1beta1.ExtensionProfile, error) {
		profile, ok := profiles[name]
		if !ok {
			var err error
			profile, err = client.CoreV1beta1().ExtensionProfiles().Get(ctx, name, metav1.GetOptions{})
			if apierrors.IsNotFound(err) {
				profile, err = nil, nil
			}
			if err != nil {
				return nil, err
			}
			profiles[name] = profile
		}
		return profile, nil
	}
	checker := componentversion.NewCELCompatibilityChecker(celutils.NewCache())
	for _, pin := range v1beta1helper.ComponentPins(shoot.Spec.Extensions) {
		if !pin.Pinned() {
			continue
		}
		extension := shoot.Spec.Extensions[pin.ExtensionIndex]
		component := extension.Components[pin.ComponentIndex]
		profile, err := profileOf(extension.Type)
		if err != nil {
			return shootView{}, err
		}
		row := pinRow(profile, extension.Type, extension, component, pin.Disabled)
		row.Failure = rollout.ComponentFailure(shoot, extension.Type, component.Name, row.Version)
		if row.NextMaintenance == "" {
			soak := stableChannelSoakPeriod(profile, soak)
			decideRow(&row, profile, now, soak, func(at time.Time) componentversion.Outcome {
				return componentversion.Decide(ctx, profile, shoot, pin.ExtensionIndex, pin.ComponentIndex, at, soak, nil, checker)
			})
		}
		view.Rows = append(view.Rows, row)
	}
	for _, pin := range poolPins(shoot) {
		profile, err := profileOf(pin.ExtensionType)
		if err != nil {
			return shootView{}, err
		}
		row := pinRow(profile, pin.ExtensionType, gardencorev1beta1.Extension{}, pin.Entry, pin.Disabled)
		row.Pool = pin.Pool
		row.Failure = rollout.PoolComponentFailure(shoot, pin.ExtensionType, pin.Pool, pin.Component, row.Version)
		if row.NextMaintenance == "" {
			soak := stableChannelSoakPeriod(profile, soak)
			decideRow(&row, profile, now, soak, func(at time.Time) componentversion.Outcome {
				return componentversion.DecidePool(ctx, profile, shoot, pin.PoolComponentPin, at, soak, nil, checker)
			})
		}
		view.Rows = append(view.Rows, row)
	}
	return view, nil
}

// pinRow returns the row of a component entry of the ExtensionProfile profileName (profile, nil
// when it does not exist) with the extension-level settings of extension. NextMaintenance is set
// only where no decision is taken: without profile, or for a disabled extension.
func pinRow(profile *gardencorev1beta1.ExtensionProfile, profileName string, extension gardencorev1beta1.Extension, component gardencorev1beta1.ExtensionComponent, disabled bool) shootRow {
	row := shootRow{ExtensionType: profileName, Component: component.Name, Version: *component.Version}
	if channel, ok := componentversion.EffectiveChannel(extension, component); ok {
		row.Channel, row.ChannelVersion = channel, unknown
	}
	if profile == nil {
		row.Classification = noProfile
		row.NextMaintenance = fmt.Sprintf("fails: ExtensionProfile %q does not exist", profileName)
		return row
	}
	if row.Channel != "" {
		row.ChannelVersion = channelStatus(profile.Status, component.Name, row.Channel)
	}
	row.Classification = notInProfile
	if c := v1beta1helper.FindExtensionComponent(profile.Spec, component.Name); c != nil {
		if version := v1beta1helper.FindComponentVersion(c, row.Version); version != nil {
			row.Classification = unknown
			if status := versionStatus(profile.Status, component.Name, row.Version); status != nil {
				row.Classification = string(status.Classification)
			}
			if t, ok := v1beta1helper.ExpirationTime(version.Lifecycle); ok {
				row.Expiration = &t
			}
		}
	}
	row.Rollout = rolloutSummary(profile, component.Name, row.Version)
	row.AutoUpdate = componentversion.AutoUpdatePolicy(profile.Spec, component.Name, extension.AutoUpdate, component.AutoUpdate)
	if disabled {
		row.NextMaintenance = "keep: extension disabled, not maintained"
	}
	return row
}

// decideRow sets NextMaintenance to decide's outcome at now and, unless that moves the pin, Later
// to the first outcome that differs at an upcoming componentversion.ChannelTimes instant.
func decideRow(row *shootRow, profile *gardencorev1beta1.ExtensionProfile, now time.Time, soak time.Duration, decide func(time.Time) componentversion.Outcome) {
	current := decide(now)
	row.NextMaintenance = current.String()
	if current.Action == componentversion.ActionUpdate || current.Action == componentversion.ActionForceUpdate {
		return // the next window moves the pin
	}
	profileComponent := gardencorev1beta1.ExtensionProfileComponent{Name: row.Component}
	if c := v1beta1helper.FindExtensionComponent(profile.Spec, row.Component); c != nil {
		profileComponent = *c
	}
	for _, t := range componentversion.ChannelTimes(profileComponent, now, soak) {
		if later := decide(t.At); !later.Same(current) {
			when := "on " + formatDay(t.At)
			if row.Channel == gardencorev1beta1.ReleaseChannelStable && len(t.SoakEnds) > 0 {
				when += " (stable soak of " + strings.Join(t.SoakEnds, ", ") + " ends)"
			}
			row.Later = when + ": " + later.String()
			return
		}
	}
}

// rolloutSummary renders the rollout of version: "Halted (3 of 5 moved failed)", "" for none.
func rolloutSummary(profile *gardencorev1beta1.ExtensionProfile, component, version string) string {
	state := v1beta1helper.EffectiveRolloutState(profile, component, version)
	if state == "" {
		return ""
	}
	status := v1beta1helper.FindComponentVersionRolloutStatus(profile.Status, component, version)
	if status == nil {
		return string(state) // a lever in the spec before the controller reported the rollout
	}
	return fmt.Sprintf("%s (%d of %d moved failed)", state, status.Failed, status.Moved)
}

// getShoot reads the Shoot, by name in all namespaces when namespace is "".
func getShoot(ctx context.Context, client gardencoreclientset.Interface, namespace, name string) (*gardencorev1beta1.Shoot, error) {
	if namespace != "" {
		shoot, err := client.CoreV1beta1().Shoots(namespace).Get(ctx, name, metav1.GetOptions{})
		if !apierrors.IsNotFound(err) {
			return shoot, err
		}
	}
	namespaces, err := namespacesOf(ctx, client, name)
	switch {
	case err != nil && namespace != "":
		return nil, fmt.Errorf("Shoot %q not found in namespace %q; name its namespace with -n NAMESPACE, or find it in all namespaces with -A", name, namespace)
	case err != nil:
		return nil, err
	case len(namespaces) == 0 && namespace != "":
		return nil, fmt.Errorf("Shoot %q not found in namespace %q, nor in any other namespace", name, namespace)
	case len(namespaces) == 0:
		return nil, fmt.Errorf("Shoot %q not found in any namespace", name)
	case namespace != "":
		return nil, fmt.Errorf("Shoot %q not found in namespace %q; it exists in namespace %s: use -n %s",
			name, namespace, strings.Join(namespaces, ", "), namespaces[0])
	case len(namespaces) > 1:
		return nil, fmt.Errorf("Shoot %q exists in several namespaces (%s): name one with -n NAMESPACE", name, strings.Join(namespaces, ", "))
	}
	return client.CoreV1beta1().Shoots(namespaces[0]).Get(ctx, name, metav1.GetOptions{})
}

// namespacesOf returns the sorted namespaces that hold a Shoot named name.
func namespacesOf(ctx context.Context, client gardencoreclientset.Interface, name string) ([]string, error) {
	options := metav1.ListOptions{FieldSelector: fields.OneTermEqualSelector("metadata.name", name).String(), Limit: 500}
	var namespaces []string
	for {
		list, err := client.CoreV1beta1().Shoots("").List(ctx, options)
		if err != nil {
			return nil, err
		}
		for _, shoot := range list.Items {
			// A client that ignores the field selector (the fake clientset) lists all.
			if shoot.Name == name {
				namespaces = append(namespaces, shoot.Namespace)
			}
		}
		if list.Continue == "" {
			break
		}
		options.Continue = list.Continue
	}
	slices.Sort(namespaces)
	return namespaces, nil
}

// nextWindow says when maintenance runs next, as the maintenance reconciler decides it: at once
// with the maintain operation annotation or inside the effective window, else at the window's
// next begin.
func nextWindow(shoot *gardencorev1beta1.Shoot, now time.Time) string {
	window := gardenerutils.EffectiveShootMaintenanceTimeWindow(shoot)
	span := fmt.Sprintf("window %s-%s UTC", window.Begin(), window.End())
	switch {
	case gardenerutils.HasMaintainNowAnnotation(shoot):
		return "now (operation annotation " + gardenerutils.ShootOperationMaintain + ")"
	case window.Contains(now):
		return "now (inside the " + span + ")"
	}
	return window.NextBegin(now).Format(time.RFC3339) + " (" + span + ")"
}

// addStableChannelSoakPeriodFlag adds --stable-channel-soak-period to cmd; the function returned
// gives its value when it was set, else nil.
func addStableChannelSoakPeriodFlag(cmd *cobra.Command) func() *time.Duration {
	const name = "stable-channel-soak-period"
	soak := cmd.Flags().Duration(name, 0, "Overrides the soak period of the stable release channel. By default, the one the ExtensionProfile's "+
		"status publishes (gardener-controller-manager's controllers.extensionProfile.stableChannelSoakPeriod), else 336h.")
	return func() *time.Duration {
		if !cmd.Flags().Changed(name) {
			return nil
		}
		return soak
	}
}

// stableChannelSoakPeriod is override, else the soak period profile's status publishes, else the
// default.
func stableChannelSoakPeriod(profile *gardencorev1beta1.ExtensionProfile, override *time.Duration) time.Duration {
	if override != nil {
		return *override
	}
	return v1beta1helper.StableChannelSoakPeriod(profile, gardencorev1beta1.DefaultStableChannelSoakPeriod)
}

// formatDay renders t as its UTC date when it is midnight, else in RFC 3339.
func formatDay(t time.Time) string {
	t = t.UTC()
	if t.Equal(t.Truncate(24 * time.Hour)) {
		return t.Format(time.DateOnly)
	}
	return t.Format(time.RFC3339)
}

// printShootPins prints a first line "Next maintenance: <NextWindow>" and the rows as a table:
// POOL (only when a row has one; <shoot> for a spec.extensions[] pin), TYPE, COMPONENT, VERSION,
// CLASSIFICATION, ROLLOUT, EXPIRES, CHANNEL (the channel and its current version, "regular (0.44.1)";
// <none> for an entry that follows no channel), AUTO-UPDATE ("by channel" for an entry that
// follows one, whose channel replaces the policy; else "on"/"off", the strategy and where it
// comes from, e.g. "on, minor (extension)"; a strategy the profile no longer supports is
// shown as "minor unsupported, patch (profile)"; a policy that opted into preview versions
// (autoUpdate.classifications) ends in ", into preview"), NEXT MAINTENANCE and LATER (<none> when
// no upcoming transition changes the outcome); then a line per pin that failed on this Shoot.
func printShootPins(out io.Writer, view shootView) error {
	if _, err := fmt.Fprintf(out, "Next maintenance: %s\n", view.NextWindow); err != nil {
		return err
	}
	pools := slices.ContainsFunc(view.Rows, func(row shootRow) bool { return row.Pool != "" })
	w := newTabWriter(out)
	if pools {
		fmt.Fprint(w, "POOL\t")
	}
	fmt.Fprintln(w, "TYPE\tCOMPONENT\tVERSION\tCLASSIFICATION\tROLLOUT\tEXPIRES\tCHANNEL\tAUTO-UPDATE\tNEXT MAINTENANCE\tLATER")
	for _, row := range view.Rows {
		if pools {
			fmt.Fprint(w, cmp.Or(row.Pool, shootLevel)+"\t")
		}
		later := row.Later
		if later == "" {
			later = none
		}
		channel, autoUpdate := none, cmp.Or(row.AutoUpdate, none)
		if row.Channel != "" {
			channel = fmt.Sprintf("%s (%s)", row.Channel, row.ChannelVersion)
			autoUpdate = "by channel"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", row.ExtensionType, row.Component, row.Version, row.Classification,
			cmp.Or(row.Rollout, none), formatTime(row.Expiration), channel, autoUpdate, row.NextMaintenance, later)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	for _, row := range view.Rows {
		if f := row.Failure; f != nil {
			since := ""
			if f.LastUpdateTime != nil {
				since = " since " + f.LastUpdateTime.UTC().Format(time.RFC3339)
			}
			where := "on this Shoot"
			if row.Pool != "" {
				where = "in worker pool " + row.Pool
			}
			if _, err := fmt.Fprintf(out, "%s %s %s failed %s%s: %s\n", row.ExtensionType, row.Component, row.Version, where, since, f.Description); err != nil {
				return err
			}
		}
	}
	return nil
}
