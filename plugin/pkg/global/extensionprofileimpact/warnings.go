// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

const (
	// maxWarnings is how many warnings a write gets at most, the last counting the rest; with
	// maxWarningRunes each, they stay below the 4096 characters k8s.io/apiserver returns in full.
	maxWarnings = 16
	// maxWarningRunes is the length to which a warning is cut (ending in "…").
	maxWarningRunes = 250
)

// impactWarnings renders impacts as at most max admission warnings: a summary per fleetImpact, then
// the Shoots each names.
func impactWarnings(impacts []fleetImpact, max int) []string {
	if max < 2 {
		max = maxWarnings
	}
	var summaries, details []string
	for _, impact := range impacts {
		c := impact.Change
		subject := fmt.Sprintf("component %s version %s", c.Component, c.Version)
		switch impact.Kind {
		case eventNow:
			was := string(c.OldClassification)
			if !c.OldListed {
				was = "not listed"
			}
			when := ""
			if c.Expiration != nil {
				if c.Expiration.After(impact.At) {
					when = ", expires at " + formatTime(*c.Expiration)
				} else {
					when = ", since " + formatTime(*c.Expiration)
				}
			}
			summaries = append(summaries, fmt.Sprintf("%s: %s from now on (was %s)%s; pinned by %s; in their next maintenance window %s",
				subject, c.NewClassification, was, when, shoots(impact.Pinning), outcomes(impact)))
		case eventExpiration:
			was := "newly set"
			if c.OldExpiration != nil {
				was = "was " + formatTime(*c.OldExpiration)
			}
			summaries = append(summaries, fmt.Sprintf("%s: expires at %s (%s); pinned by %s; from then on %s",
				subject, formatTime(impact.At), was, shoots(impact.Pinning), outcomes(impact)))
		case eventExpirationRemoved:
			summaries = append(summaries, fmt.Sprintf("%s: no longer expires (was %s); pinned by %s",
				subject, formatTime(impact.At), shoots(impact.Pinning)))
		case eventMoves:
			summaries = append(summaries, fmt.Sprintf("%s: this change alters the next maintenance window of %d of its %s: %s",
				subject, impact.changed(), shoots(impact.Pinning), outcomes(impact)))
		case eventChannel:
			subject = fmt.Sprintf("component %s channel %s", c.Component, impact.Channel.Channel)
			summaries = append(summaries, fmt.Sprintf("%s: moves from %s to %s %s; followed by %s; %s %s",
				subject, orNone(impact.Channel.From), orNone(impact.Channel.To), channelWhen(impact), shoots(impact.Pinning), channelThen(impact), outcomes(impact)))
		case eventRules:
			if impact.Failing == 0 {
				continue
			}
			summaries = append(summaries, fmt.Sprintf("%s: the changed compatibility rules fail for %d of %d pinning %s",
				subject, impact.Failing, impact.Pinning, plural(impact.Pinning, "Shoot", "Shoots")))
		}
		if impact.Kind == eventChannel {
			for _, h := range impact.Holders {
				details = append(details, fmt.Sprintf("Shoot %s on %s %s (channel %s) would hold %s: %s",
					h.Shoot, c.Component, h.From, impact.Channel.Channel, channelWhen(impact), h.Reason))
			}
			for _, m := range impact.Moved {
				details = append(details, fmt.Sprintf("Shoot %s on %s %s (channel %s) would be %s %s",
					m.Shoot, c.Component, m.From, impact.Channel.Channel, m.Reason, channelWindow(impact)))
			}
			continue
		}
		for _, h := range impact.Holders {
			details = append(details, fmt.Sprintf("Shoot %s would hold on %s %s: %s", h.Shoot, c.Component, c.Version, h.Reason))
		}
		for _, m := range impact.Moved {
			when := "in its next maintenance window"
			if impact.Kind == eventExpiration {
				when = "in its first maintenance window from " + formatTime(impact.At)
			}
			before := ""
			if m.Before != "" {
				before = " (before this change: " + m.Before + ")"
			}
			details = append(details, fmt.Sprintf("Shoot %s on %s %s would be %s %s%s", m.Shoot, c.Component, c.Version, m.Reason, when, before))
		}
		for _, f := range impact.FailingShoots {
			details = append(details, fmt.Sprintf("Shoot %s fails the changed rules of %s %s: %s", f.Shoot, c.Component, c.Version, f.Reason))
		}
	}

	all := append(summaries, details...)
	if len(all) > max {
		rest := len(all) - (max - 1)
		// rest is at least 2: one warning more than max is cut to max-1 plus this one.
		all = append(all[:max-1], fmt.Sprintf("and %d more impact warnings of this ExtensionProfile change", rest))
	}
	for i := range all {
		all[i] = truncate(all[i], maxWarningRunes)
	}
	return all
}

// channelWhen is when a channel moves: "now" at the time of the write, else "at <time>".
func channelWhen(impact fleetImpact) string {
	if impact.Channel.AtWrite {
		return "now"
	}
	return "at " + formatTime(impact.At)
}

// channelThen introduces the outcomes of a channel move.
func channelThen(impact fleetImpact) string {
	if impact.Channel.AtWrite {
		return "in their next maintenance window"
	}
	return "from then on"
}

// channelWindow is the window in which a follower moves.
func channelWindow(impact fleetImpact) string {
	if impact.Channel.AtWrite {
		return "in its next maintenance window"
	}
	return "in its first maintenance window from " + formatTime(impact.At)
}

func orNone(version string) string {
	if version == "" {
		return "no version"
	}
	return version
}

// outcomes renders what maintenance does with the pinning Shoots.
func outcomes(impact fleetImpact) string {
	var parts []string
	for _, o := range impact.Outcomes {
		verb := "auto-updated"
		if o.Forced {
			verb = "force-upgraded"
		}
		parts = append(parts, fmt.Sprintf("%d %s %s to %s", o.Count, plural(o.Count, "is", "are"), verb, o.Target))
	}
	if impact.Staying > 0 {
		stay := fmt.Sprintf("%d %s", impact.Staying, plural(impact.Staying, "stays", "stay"))
		if impact.Kind == eventMoves {
			stay += " (no longer updated)"
		}
		parts = append(parts, stay)
	}
	if impact.Holding > 0 {
		parts = append(parts, fmt.Sprintf("%d %s (no compatible version)", impact.Holding, plural(impact.Holding, "holds", "hold")))
	}
	return strings.Join(parts, ", ")
}

// changed is the number of Shoots an eventMoves fleetImpact counts.
func (impact fleetImpact) changed() int {
	n := impact.Staying + impact.Holding
	for _, o := range impact.Outcomes {
		n += o.Count
	}
	return n
}

func shoots(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "Shoot", "Shoots")) }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// truncate cuts s to at most n characters, the last of which is "…" when it cuts.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
