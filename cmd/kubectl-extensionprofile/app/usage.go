// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
)

const (
	none    = "<none>"
	unknown = "<unknown>"
	// notInProfile is the classification of a pinned version the profile does not list (the
	// ExtensionProfileInUse admission plugin prevents it, a profile created after the pin does
	// not). Maintenance force-upgrades such a pin.
	notInProfile = "<not in profile>"
)

// usageRow is one component version of an ExtensionProfile with the Shoots that pin it.
type usageRow struct {
	// Component and Version name the version.
	Component, Version string
	// Classification is the classification in the profile status; unknown before the controller
	// classified the version, notInProfile for a pinned version the profile does not list.
	Classification string
	// NextTransition is the next classification change from the profile status, if any.
	NextTransition *gardencorev1beta1.VersionTransition
	// Expiration is when the version's lifecycle reaches expired, if it declares it.
	Expiration *time.Time
	// Shoots are the pinning Shoots as namespace/name and pools as namespace/name[pool], sorted.
	Shoots []string
}

func newUsageCommand(o *Options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "usage EXTENSION_TYPE",
		Short: "Lists every component version of an ExtensionProfile with its classification, next transition, expiry and the Shoots that pin it, and every release channel with its current version and the Shoots that follow it",
		Example: `  # Which Shoots of all namespaces pin which falco version
  kubectl extensionprofile usage shoot-falco-service -A
  # Which worker pools pin which version of the gVisor container runtime
  kubectl extensionprofile usage containerruntime-gvisor -A`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, err := o.client()
			if err != nil {
				return err
			}
			namespace := ""
			if !o.AllNamespaces {
				if namespace, err = o.namespace(); err != nil {
					return err
				}
			}
			view, err := profileUsage(cmd.Context(), client, args[0], namespace)
			if err != nil {
				return err
			}
			return printUsage(o.Out, view)
		},
	}
	cmd.Flags().BoolVarP(&o.AllNamespaces, "all-namespaces", "A", false, "List the pinning Shoots of all namespaces instead of the current one.")
	return cmd
}

// usageView is the answer of usage: the rows and, for one namespace, how many Shoots elsewhere pin
// versions of the profile.
type usageView struct {
	Rows []usageRow
	// Namespace is the namespace whose Shoots the rows name; "" means all namespaces.
	Namespace string
	// Elsewhere counts the Shoots of other namespaces that pin a version of the profile (only with
	// a Namespace); ElsewhereErr is set instead when they cannot be listed (for example forbidden).
	Elsewhere    int
	ElsewhereErr error
	// Channels are the release channels of the profile's components with the Shoots following
	// them (channelRows).
	Channels []channelRow
}

// profileUsage returns one row per component version of the ExtensionProfile named extensionType, in
// spec order, with the Shoots and pools of namespace ("" for all namespaces) that pin it
// (pinningShoots: disabled extensions count, as for the in-use protection).
// Pinned versions the profile does not list follow, with classification notInProfile. Channels
// are the release channels of every component (channelRows). With a namespace, the Shoots of all
// namespaces are read once to count the pins elsewhere; when that is not allowed, only the
// namespace is read and ElsewhereErr says why.
func profileUsage(ctx context.Context, client gardencoreclientset.Interface, extensionType, namespace string) (usageView, error) {
	view := usageView{Namespace: namespace}
	profile, err := client.CoreV1beta1().ExtensionProfiles().Get(ctx, extensionType, metav1.GetOptions{})
	if err != nil {
		return view, err
	}
	shoots, err := listShoots(ctx, client, "")
	switch {
	case err == nil && namespace != "":
		elsewhere := 0
		shoots = slices.DeleteFunc(shoots, func(s gardencorev1beta1.Shoot) bool {
			if s.Namespace == namespace {
				return false
			}
			if hasPins(&s, extensionType) {
				elsewhere++
			}
			return true
		})
		view.Elsewhere = elsewhere
	case err != nil && namespace != "" && (apierrors.IsForbidden(err) || apierrors.IsUnauthorized(err)):
		view.ElsewhereErr = err
		if shoots, err = listShoots(ctx, client, namespace); err != nil {
			return view, err
		}
	case err != nil:
		return view, err
	}
	pins := pinningShoots(shoots, extensionType)

	listed := map[versionKey]bool{}
	for _, component := range profile.Spec.Components {
		for _, version := range component.Versions {
			key := versionKey{Component: component.Name, Version: version.Version}
			listed[key] = true
			row := usageRow{Component: component.Name, Version: version.Version, Classification: unknown, Shoots: pins[key]}
			if status := versionStatus(profile.Status, component.Name, version.Version); status != nil {
				row.Classification, row.NextTransition = string(status.Classification), status.NextTransition
			}
			if t, ok := v1beta1helper.ExpirationTime(version.Lifecycle); ok {
				row.Expiration = &t
			}
			view.Rows = append(view.Rows, row)
		}
	}
	var unlisted []versionKey
	for key, shoots := range pins {
		if !listed[key] && len(shoots) > 0 {
			unlisted = append(unlisted, key)
		}
	}
	slices.SortFunc(unlisted, func(a, b versionKey) int {
		return strings.Compare(a.Component+"\x00"+a.Version, b.Component+"\x00"+b.Version)
	})
	for _, key := range unlisted {
		view.Rows = append(view.Rows, usageRow{Component: key.Component, Version: key.Version, Classification: notInProfile, Shoots: pins[key]})
	}
	view.Channels = channelRows(profile, shoots)
	return view, nil
}

// versionKey is one version of one component of an ExtensionProfile.
type versionKey struct{ Component, Version string }

// listShoots reads every Shoot of namespace ("" for all) page by page: a pin of a disabled
// extension carries no extension label, so a label selector would miss it.
func listShoots(ctx context.Context, client gardencoreclientset.Interface, namespace string) ([]gardencorev1beta1.Shoot, error) {
	var shoots []gardencorev1beta1.Shoot
	options := metav1.ListOptions{Limit: 500}
	for {
		list, err := client.CoreV1beta1().Shoots(namespace).List(ctx, options)
		if err != nil {
			return nil, err
		}
		shoots = append(shoots, list.Items...)
		if list.Continue == "" {
			return shoots, nil
		}
		options.Continue = list.Continue
	}
}

// pinningShoots returns, per pinned component version of the profile extensionType, the pinning
// Shoots as sorted namespace/name, and the pools that pin it as namespace/name[pool].
func pinningShoots(shoots []gardencorev1beta1.Shoot, extensionType string) map[versionKey][]string {
	pins := map[versionKey][]string{}
	add := func(key versionKey, name string) {
		if !slices.Contains(pins[key], name) {
			pins[key] = append(pins[key], name)
		}
	}
	for i := range shoots {
		shoot := &shoots[i]
		for _, pin := range v1beta1helper.PinnedComponents(shoot.Spec.Extensions, extensionType) {
			add(versionKey{Component: pin.Component, Version: pin.Version}, shoot.Namespace+"/"+shoot.Name)
		}
		for _, pin := range poolPins(shoot) {
			if pin.ExtensionType == extensionType {
				add(versionKey{Component: pin.Component, Version: pin.Version}, poolName(shoot, pin.Pool))
			}
		}
	}
	for _, shoots := range pins {
		slices.Sort(shoots)
	}
	return pins
}

func versionStatus(status gardencorev1beta1.ExtensionProfileStatus, component, version string) *gardencorev1beta1.ExtensionComponentVersionStatus {
	for i := range status.Components {
		if status.Components[i].Name != component {
			continue
		}
		for j := range status.Components[i].Versions {
			if status.Components[i].Versions[j].Version == version {
				return &status.Components[i].Versions[j]
			}
		}
	}
	return nil
}

// printUsage prints the rows as a table: COMPONENT, VERSION, CLASSIFICATION, NEXT TRANSITION
// (<classification>@<RFC 3339 time>), EXPIRES (RFC 3339, also when in the past) and SHOOTS
// (comma-separated namespace/name, namespace/name[pool] for a pool's pin), then, after an empty line, the release channels
// (printChannels). For one namespace a last line states the scope:
//
//	SHOOTS lists namespace garden-dev only; 2 Shoots of other namespaces pin versions of this profile (-A lists them)
func printUsage(out io.Writer, view usageView) error {
	w := newTabWriter(out)
	fmt.Fprintln(w, "COMPONENT\tVERSION\tCLASSIFICATION\tNEXT TRANSITION\tEXPIRES\tSHOOTS")
	for _, row := range view.Rows {
		shoots := none
		if len(row.Shoots) > 0 {
			shoots = strings.Join(row.Shoots, ",")
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", row.Component, row.Version, row.Classification,
			formatTransition(row.NextTransition), formatTime(row.Expiration), shoots)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if len(view.Channels) > 0 {
		fmt.Fprintln(out)
		if err := printChannels(out, view.Channels); err != nil {
			return err
		}
	}
	if view.Namespace == "" {
		return nil
	}
	elsewhere := fmt.Sprintf("%d %s of other namespaces %s versions of this profile (-A lists them)",
		view.Elsewhere, plural(view.Elsewhere, "Shoot", "Shoots"), plural(view.Elsewhere, "pins", "pin"))
	if view.ElsewhereErr != nil {
		elsewhere = "Shoots of other namespaces cannot be counted: " + view.ElsewhereErr.Error()
	}
	_, err := fmt.Fprintf(out, "SHOOTS lists namespace %s only; %s\n", view.Namespace, elsewhere)
	return err
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func formatTransition(t *gardencorev1beta1.VersionTransition) string {
	if t == nil {
		return none
	}
	return string(t.Classification) + "@" + t.Time.UTC().Format(time.RFC3339)
}

func formatTime(t *time.Time) string {
	if t == nil {
		return none
	}
	return t.UTC().Format(time.RFC3339)
}

// newTabWriter returns a tab writer laid out like kubectl's tables.
func newTabWriter(out io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(out, 6, 4, 3, ' ', 0)
}
