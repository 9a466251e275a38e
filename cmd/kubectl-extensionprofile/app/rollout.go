// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// rolloutRow is the rollout of one component version.
type rolloutRow struct {
	Component string
	gardencorev1beta1.ComponentVersionRolloutStatus
	// State is the status's state with the spec's levers applied (v1beta1helper.EffectiveRolloutState).
	State gardencorev1beta1.RolloutState
	// Waiting counts the Shoots whose next maintenance waits for this version's rollout; -1 when
	// the Shoots could not be read.
	Waiting int
}

func newRolloutCommand(o *Options) *cobra.Command {
	var soak func() *time.Duration
	cmd := &cobra.Command{
		Use:   "rollout EXTENSION_TYPE",
		Short: "Lists the rollout of every component version of an ExtensionProfile: state, open stages, Shoots moved, healthy, failed and waiting, and when the next stage opens",
		Example: `  # Is a falco version halted?
  kubectl extensionprofile rollout shoot-falco-service`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, err := o.client()
			if err != nil {
				return err
			}
			rows, err := profileRollouts(cmd.Context(), client, args[0], o.Clock.Now(), soak())
			if err != nil {
				return err
			}
			return printRollouts(o.Out, rows)
		},
	}
	soak = addStableChannelSoakPeriodFlag(cmd)
	return cmd
}

// profileRollouts returns a row per rollout in the status of the ExtensionProfile named
// extensionType, in status order. Waiting counts the Shoots of all namespaces whose decision at
// now (componentversion.Decide, with the default policy and, unless soak overrides it, the soak
// period the profile status publishes) waits for the version; it is -1 when listing Shoots is not
// allowed.
func profileRollouts(ctx context.Context, client gardencoreclientset.Interface, extensionType string, now time.Time, soak *time.Duration) ([]rolloutRow, error) {
	profile, err := client.CoreV1beta1().ExtensionProfiles().Get(ctx, extensionType, metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	waiting := map[versionKey]int{}
	shoots, err := listShoots(ctx, client, "")
	switch {
	case apierrors.IsForbidden(err) || apierrors.IsUnauthorized(err):
		waiting = nil
	case err != nil:
		return nil, err
	}
	checker := componentversion.NewCELCompatibilityChecker(celutils.NewCache())
	stableSoak := stableChannelSoakPeriod(profile, soak)
	for i := range shoots {
		for _, pin := range v1beta1helper.PinnedComponents(shoots[i].Spec.Extensions, extensionType) {
			if pin.Disabled {
				continue
			}
			outcome := componentversion.Decide(ctx, profile, &shoots[i], pin.ExtensionIndex, pin.ComponentIndex, now, stableSoak, nil, checker)
			if outcome.Action == componentversion.ActionWait && outcome.Candidate != "" {
				waiting[versionKey{Component: pin.Component, Version: outcome.Candidate}]++
			}
		}
	}

	var rows []rolloutRow
	for _, component := range profile.Status.Components {
		for _, r := range component.Rollouts {
			row := rolloutRow{Component: component.Name, ComponentVersionRolloutStatus: r, Waiting: -1,
				State: v1beta1helper.EffectiveRolloutState(profile, component.Name, r.Version)}
			if waiting != nil {
				row.Waiting = waiting[versionKey{Component: component.Name, Version: r.Version}]
			}
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// printRollouts prints the rows as a table, then per row with a message or failing Shoots a line
// "<component> <version>: <message> (failing: ns/a, ns/b)".
func printRollouts(out io.Writer, rows []rolloutRow) error {
	if len(rows) == 0 {
		_, err := fmt.Fprintln(out, "No rollouts.")
		return err
	}
	w := newTabWriter(out)
	fmt.Fprintln(w, "COMPONENT\tVERSION\tSTATE\tSTAGE\tMOVED\tHEALTHY\tFAILED\tWAITING\tNEXT STAGE")
	for _, row := range rows {
		waiting := unknown
		if row.Waiting >= 0 {
			waiting = fmt.Sprint(row.Waiting)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", row.Component, row.Version, orNone(string(row.State)), rolloutStage(row.Stages),
			row.Moved, row.Healthy, row.Failed, waiting, nextStage(row.ComponentVersionRolloutStatus))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	for _, row := range rows {
		if row.Message == "" && len(row.FailingShoots) == 0 {
			continue
		}
		line := fmt.Sprintf("%s %s: %s", row.Component, row.Version, orNone(row.Message))
		if len(row.FailingShoots) > 0 {
			line += " (failing: " + strings.Join(row.FailingShoots, ", ") + ")"
		}
		if _, err := fmt.Fprintln(out, line); err != nil {
			return err
		}
	}
	return nil
}

// rolloutStage renders the last open stage and how many of all are open, e.g. "early (1/2)".
func rolloutStage(stages []gardencorev1beta1.RolloutStageStatus) string {
	last, open := none, 0
	for _, s := range stages {
		if s.OpenedAt != nil {
			last, open = s.Name, open+1
		}
	}
	if len(stages) == 0 {
		return none
	}
	return fmt.Sprintf("%s (%d/%d)", last, open, len(stages))
}

// nextStage renders the first closed stage and when it opens, e.g. "production at 2026-12-08".
func nextStage(r gardencorev1beta1.ComponentVersionRolloutStatus) string {
	for _, s := range r.Stages {
		if s.OpenedAt != nil {
			continue
		}
		if r.NextStageTime == nil {
			return s.Name + " (not scheduled)"
		}
		return s.Name + " at " + formatDay(r.NextStageTime.Time)
	}
	return none
}

func orNone(s string) string {
	if s == "" {
		return none
	}
	return s
}
