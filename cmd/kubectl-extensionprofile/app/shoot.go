// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// noProfile is the classification of a pin whose ExtensionProfile does not exist.
const noProfile = "<no profile>"

// ShootRow is one component pin of a Shoot with what applies to it.
type ShootRow struct {
	// ExtensionType, Component and Version name the pin.
	ExtensionType, Component, Version string
	// Classification is the classification in the profile status (unknown before the controller
	// classified it), notInProfile or noProfile.
	Classification string
	// Expiration is when the pinned version's lifecycle reaches expired, if it declares it.
	Expiration *time.Time
	// AutoUpdate is the policy maintenance applies (gardenerutils.ResolveMaintenanceAutoUpdate);
	// nil without profile.
	AutoUpdate *gardenerutils.EffectiveAutoUpdate
	// NextMaintenance says what the next maintenance would do to the pin if it ran now on the
	// current spec.
	NextMaintenance string
}

func newShootCommand(o *Options) *cobra.Command {
	return &cobra.Command{
		Use:   "shoot NAME",
		Short: "Lists the component pins of a Shoot with classification, expiry, effective auto-update policy and what the next maintenance would do",
		Example: `  # What applies to the component pins of Shoot dev in project dev
  kubectl extensionprofile shoot dev -n garden-dev`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, err := o.client()
			if err != nil {
				return err
			}
			namespace, err := o.namespace()
			if err != nil {
				return err
			}
			rows, err := ShootPins(cmd.Context(), client, namespace, args[0], o.Clock.Now())
			if err != nil {
				return err
			}
			return PrintShootPins(o.Out, rows)
		},
	}
}

// ShootPins returns one row per component pin of the Shoot, in spec order (every extension entry
// with components that set a version, disabled ones included).
//
// NextMaintenance is the decision of shoot maintenance (gardenerutils.ComponentVersionUpdateFor
// with the CEL compatibility checker of gardener-controller-manager) at now on the Shoot as it is:
// maintenance itself decides on the working copy after the machine image and Kubernetes steps, so
// a Kubernetes update in the same window can change the outcome. Possible values:
//   - "keep": no update is due (auto-update off and the version neither expired nor missing, or
//     no newer version within the strategy's boundary);
//   - "keep: no compatible target (...)": candidates exist but fail the compatibility rules;
//   - "keep: ExtensionProfile is being deleted";
//   - "update to V (reason)" / "force update to V (reason)";
//   - "fails: ..." when a forced update finds no target or the decision fails.
func ShootPins(ctx context.Context, client gardencoreclientset.Interface, namespace, name string, now time.Time) ([]ShootRow, error) {
	shoot, err := client.CoreV1beta1().Shoots(namespace).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
	checker := gardenerutils.NewCELCompatibilityChecker()
	var rows []ShootRow
	for _, pin := range v1beta1helper.ComponentPins(shoot.Spec.Extensions) {
		if !pin.Pinned() {
			continue
		}
		extension := shoot.Spec.Extensions[pin.ExtensionIndex]
		component := extension.Components[pin.ComponentIndex]
		{
			row := ShootRow{ExtensionType: extension.Type, Component: component.Name, Version: *component.Version}
			profile, ok := profiles[extension.Type]
			if !ok {
				profile, err = client.CoreV1beta1().ExtensionProfiles().Get(ctx, extension.Type, metav1.GetOptions{})
				if apierrors.IsNotFound(err) {
					profile, err = nil, nil
				}
				if err != nil {
					return nil, err
				}
				profiles[extension.Type] = profile
			}
			if profile == nil {
				row.Classification = noProfile
				row.NextMaintenance = fmt.Sprintf("fails: ExtensionProfile %q does not exist", extension.Type)
				rows = append(rows, row)
				continue
			}

			profileComponent := gardencorev1beta1.ExtensionProfileComponent{Name: component.Name}
			if c := v1beta1helper.FindExtensionComponent(profile.Spec, component.Name); c != nil {
				profileComponent = *c
			}
			row.Classification = notInProfile
			if version := v1beta1helper.FindComponentVersion(&profileComponent, row.Version); version != nil {
				row.Classification = unknown
				if status := versionStatus(profile.Status, component.Name, row.Version); status != nil {
					row.Classification = string(status.Classification)
				}
				if t, ok := v1beta1helper.ExpirationTime(version.Lifecycle); ok {
					row.Expiration = &t
				}
			}

			policy := gardenerutils.ResolveEffectiveAutoUpdate(profile.Spec, component.Name, extension.AutoUpdate, component.AutoUpdate)
			row.AutoUpdate = &policy
			decision, err := gardenerutils.DecideComponentVersion(ctx, profile, shoot, pin.ExtensionIndex, pin.ComponentIndex, now, checker)
			row.NextMaintenance = describeDecision(decision, err, profile.DeletionTimestamp != nil)
			rows = append(rows, row)
		}
	}
	return rows, nil
}

func describeDecision(decision gardenerutils.ComponentVersionUpdate, err error, profileDeleting bool) string {
	switch {
	case decision.Trigger == gardenerutils.ComponentUpdateNone:
		return "keep"
	case err != nil:
		return "fails: " + err.Error()
	case decision.Target == "" && len(decision.Rejected) > 0:
		return "keep: no compatible target (" + gardenerutils.DescribeRejectedVersions(decision.Rejected) + ")"
	case decision.Target == "":
		return "keep"
	case profileDeleting && !decision.Trigger.Forced():
		return "keep: ExtensionProfile is being deleted"
	case profileDeleting:
		return fmt.Sprintf("fails: ExtensionProfile is being deleted; the version cannot be changed to %q", decision.Target)
	case decision.Trigger.Forced():
		return fmt.Sprintf("force update to %s (%s)", decision.Target, decision.Reason)
	default:
		return fmt.Sprintf("update to %s (%s)", decision.Target, decision.Reason)
	}
}

// PrintShootPins prints rows as a table: TYPE, COMPONENT, VERSION, CLASSIFICATION, EXPIRES,
// AUTO-UPDATE ("on"/"off", the strategy and where it comes from, e.g. "on, minor (extension)";
// a strategy the profile no longer supports is shown as "minor unsupported, patch (profile)"; a
// policy that opted into preview versions (autoUpdate.classifications) ends in ", into preview")
// and NEXT MAINTENANCE.
func PrintShootPins(out io.Writer, rows []ShootRow) error {
	w := newTabWriter(out)
	fmt.Fprintln(w, "TYPE\tCOMPONENT\tVERSION\tCLASSIFICATION\tEXPIRES\tAUTO-UPDATE\tNEXT MAINTENANCE")
	for _, row := range rows {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", row.ExtensionType, row.Component, row.Version, row.Classification,
			formatTime(row.Expiration), formatAutoUpdate(row.AutoUpdate), row.NextMaintenance)
	}
	return w.Flush()
}

func formatAutoUpdate(policy *gardenerutils.EffectiveAutoUpdate) string {
	if policy == nil {
		return none
	}
	state := "off"
	if policy.Enabled {
		state = "on"
	}
	strategy := string(policy.UpdateStrategy)
	if policy.Unsupported != "" {
		strategy = string(policy.Unsupported) + " unsupported, " + strategy
	}
	out := fmt.Sprintf("%s, %s (%s)", state, strategy, policy.Source)
	if policy.AllowsPreview() {
		out += ", into preview"
	}
	return out
}
