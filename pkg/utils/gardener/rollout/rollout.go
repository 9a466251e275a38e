// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package rollout computes the rollout state of a component version from its previous state, the
// version's levers and the Shoots that pin it. It reads no clock and no client.
package rollout

import (
	"fmt"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// Reasons of the rollout states and of the events recorded on the ExtensionProfile.
const (
	ReasonStageOpened = "RolloutStageOpened"
	ReasonSoaking     = "RolloutSoaking"
	ReasonComplete    = "RolloutComplete"
	ReasonNotStaged   = "RolloutNotStaged"
	ReasonPaused      = "RolloutPaused"
	ReasonUnpaused    = "RolloutUnpaused"
	ReasonHalted      = "RolloutHalted"
	ReasonResumed     = "RolloutResumed"
	ReasonWithdrawn   = "RolloutWithdrawn"
)

// maxFailingShoots is how many failed Shoots a status names.
const maxFailingShoots = 10

// Input is what the rollout state of one component version is computed from.
type Input struct {
	ExtensionType, Component string
	Version                  gardencorev1beta1.ExtensionComponentVersion
	// Policy is the version's effective policy (v1beta1helper.EffectiveRolloutPolicy).
	Policy gardencorev1beta1.RolloutPolicy
	// Target says whether auto-update or a release channel targets the version now.
	Target bool
	// BecameTarget says whether it did not at the previous reconcile: a staged rollout starts
	// then. A target first seen otherwise (a profile's first versions) gets every stage open.
	BecameTarget bool
	// Previous is the version's rollout status of the last reconcile, nil for none.
	Previous *gardencorev1beta1.ComponentVersionRolloutStatus
	// Shoots are the Shoots with a move to the version (from the field index, not the fleet).
	Shoots []gardencorev1beta1.Shoot
}

// Event is a transition to record on the ExtensionProfile.
type Event struct {
	Type, Reason, Message string
}

// Result is the computed rollout state.
type Result struct {
	// Status is nil while the version has no rollout.
	Status *gardencorev1beta1.ComponentVersionRolloutStatus
	Events []Event
	// RequeueAt is when the state changes next without a write, nil for never.
	RequeueAt *time.Time
}

// Compute returns the rollout state of in.Version at now. A stage opens once the one before has
// been open for the soak period while the rollout is neither paused nor halted; a halt holds until
// a haltAcknowledgement later than it resumes or withdraws the version.
func Compute(in Input, now time.Time) Result {
	if in.Previous == nil && !in.Target {
		return Result{}
	}
	c := computation{Input: in, now: now}
	if in.Previous == nil && !in.BecameTarget {
		return Result{Status: c.unstaged()}
	}
	return c.run()
}

// Settled reports whether the rollout state of status can no longer change by itself: every stage
// has been open for the soak period (maintenance moves the last stage's Shoots and their failures
// show within it), or the version was not staged. Its Shoots need not be read any more.
func Settled(status *gardencorev1beta1.ComponentVersionRolloutStatus, policy gardencorev1beta1.RolloutPolicy, now time.Time) bool {
	if status == nil || status.State != gardencorev1beta1.RolloutStateComplete {
		return false
	}
	if status.Reason == ReasonNotStaged {
		return true
	}
	last := status.Stages[len(status.Stages)-1].OpenedAt
	return last != nil && !last.Add(ptr.Deref(policy.SoakPeriod, metav1.Duration{}).Duration).After(now)
}

type computation struct {
	Input
	now    time.Time
	status gardencorev1beta1.ComponentVersionRolloutStatus
	events []Event
}

func (c *computation) run() Result {
	prev := ptr.Deref(c.Previous, gardencorev1beta1.ComponentVersionRolloutStatus{})
	c.status = gardencorev1beta1.ComponentVersionRolloutStatus{Version: c.Version.Version, Stages: c.stages(prev.Stages)}
	ack := c.acknowledgement()

	var countFrom time.Time
	if ack != nil && ack.Action == gardencorev1beta1.RolloutHaltActionResume {
		countFrom = ack.Time.Time
	}
	counts := c.count(countFrom)
	c.status.Moved, c.status.Healthy, c.status.Failed = int32(counts.moved), int32(counts.moved-len(counts.failing)), int32(len(counts.failing)) // #nosec G115 -- Shoot counts fit
	c.status.FailingShoots = firstShoots(counts.failing)

	if prev.State == gardencorev1beta1.RolloutStateHalted || prev.State == gardencorev1beta1.RolloutStateWithdrawn {
		since := ptr.Deref(prev.LastTransitionTime, metav1.Time{})
		switch {
		case ack == nil || !ack.Time.After(since.Time):
			c.keep(prev, counts)
			return c.result(nil)
		case ack.Action == gardencorev1beta1.RolloutHaltActionWithdraw:
			if prev.State == gardencorev1beta1.RolloutStateWithdrawn {
				c.keep(prev, counts)
				return c.result(nil)
			}
			c.transition(prev, gardencorev1beta1.RolloutStateWithdrawn, ReasonWithdrawn,
				fmt.Sprintf("Withdrawn by the operator at %s after the halt; no Shoot is moved to the version", ack.Time.UTC().Format(time.RFC3339)))
			c.event(corev1.EventTypeWarning, ReasonWithdrawn, "rollout withdrawn by the operator")
			return c.result(nil)
		}
		c.event(corev1.EventTypeNormal, ReasonResumed, fmt.Sprintf("rollout resumed by the operator; failures before %s no longer count", ack.Time.UTC().Format(time.RFC3339)))
		// A new halt is a transition of its own, which this acknowledgement does not answer.
		prev.State, prev.LastTransitionTime = "", nil
	}

	if threshold := c.Policy.FailureThreshold; threshold != nil && halts(counts.moved, len(counts.failing), *threshold) {
		c.transition(prev, gardencorev1beta1.RolloutStateHalted, ReasonHalted, fmt.Sprintf(
			"%d of %d Shoots that moved to the version failed within %s of the move (threshold: %d Shoots and %d%%); no further Shoot is moved to it until the halt is acknowledged",
			len(counts.failing), counts.moved, c.window(), ptr.Deref(threshold.Count, 0), ptr.Deref(threshold.Percentage, 0)))
		c.event(corev1.EventTypeWarning, ReasonHalted, fmt.Sprintf("rollout halted: %d of %d moved Shoots failed, for example %s",
			len(counts.failing), counts.moved, strings.Join(c.status.FailingShoots, ", ")))
		return c.result(nil)
	}

	if c.Version.Rollout != nil && c.Version.Rollout.Paused {
		c.transition(prev, gardencorev1beta1.RolloutStatePaused, ReasonPaused, "Paused by the operator; no stage opens and no Shoot is moved to the version by auto-update or release channel")
		if prev.State != gardencorev1beta1.RolloutStatePaused {
			c.event(corev1.EventTypeNormal, ReasonPaused, "rollout paused by the operator")
		}
		return c.result(nil)
	}
	if prev.State == gardencorev1beta1.RolloutStatePaused {
		c.event(corev1.EventTypeNormal, ReasonUnpaused, "rollout no longer paused")
	}
	return c.progress(prev)
}

// unstaged is the status of a version that was a target before its rollout was tracked: every
// stage open since now, settled.
func (c *computation) unstaged() *gardencorev1beta1.ComponentVersionRolloutStatus {
	status := &gardencorev1beta1.ComponentVersionRolloutStatus{Version: c.Version.Version, State: gardencorev1beta1.RolloutStateComplete,
		Reason: ReasonNotStaged, Message: "The version was a target before its rollout was tracked; every stage is open",
		LastTransitionTime: &metav1.Time{Time: c.now}}
	for _, stage := range c.stages(nil) {
		stage.OpenedAt = &metav1.Time{Time: c.now}
		status.Stages = append(status.Stages, stage)
	}
	return status
}

// progress opens the next stage when the newest open one has soaked, and sets the state.
func (c *computation) progress(prev gardencorev1beta1.ComponentVersionRolloutStatus) Result {
	soak := c.soak()
	newest := c.newestOpen()
	if newest < 0 {
		c.open(0)
		newest = 0
	}
	if newest < len(c.status.Stages)-1 && !c.status.Stages[newest].OpenedAt.Add(soak).After(c.now) {
		newest++
		c.open(newest)
	}

	openedAt := c.status.Stages[newest].OpenedAt.Time
	if newest == len(c.status.Stages)-1 {
		c.transition(prev, gardencorev1beta1.RolloutStateComplete, ReasonComplete,
			fmt.Sprintf("Every stage is open; stage %s opened at %s", c.status.Stages[newest].Name, openedAt.UTC().Format(time.RFC3339)))
		return c.result(nil)
	}

	next := openedAt.Add(soak)
	c.status.NextStageTime = &metav1.Time{Time: next}
	message := fmt.Sprintf("Stage %s opened at %s; stage %s opens at %s", c.status.Stages[newest].Name, openedAt.UTC().Format(time.RFC3339),
		c.status.Stages[newest+1].Name, next.UTC().Format(time.RFC3339))
	if settled := openedAt.Add(c.window()); settled.After(c.now) && settled.Before(next) {
		c.transition(prev, gardencorev1beta1.RolloutStateProgressing, ReasonStageOpened, message)
		return c.result(&settled)
	}
	c.transition(prev, gardencorev1beta1.RolloutStateSoaking, ReasonSoaking, message)
	return c.result(&next)
}

// stages lists the policy's stages with the openedAt of the previous status by name.
func (c *computation) stages(previous []gardencorev1beta1.RolloutStageStatus) []gardencorev1beta1.RolloutStageStatus {
	out := make([]gardencorev1beta1.RolloutStageStatus, 0, len(c.Policy.Stages))
	for _, stage := range c.Policy.Stages {
		s := gardencorev1beta1.RolloutStageStatus{Name: stage.Name}
		if i := slices.IndexFunc(previous, func(p gardencorev1beta1.RolloutStageStatus) bool { return p.Name == stage.Name }); i >= 0 {
			s.OpenedAt = previous[i].OpenedAt.DeepCopy()
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		out = append(out, gardencorev1beta1.RolloutStageStatus{Name: "all"})
	}
	return out
}

// newestOpen is the index of the last stage in order that is open; stages open in order, so a
// stage before it is open too. -1 for none.
func (c *computation) newestOpen() int {
	newest := -1
	for i, s := range c.status.Stages {
		if s.OpenedAt == nil {
			break
		}
		newest = i
	}
	return newest
}

func (c *computation) open(i int) {
	c.status.Stages[i].OpenedAt = &metav1.Time{Time: c.now}
	c.event(corev1.EventTypeNormal, ReasonStageOpened, "stage "+c.status.Stages[i].Name+" opened")
}

// transition sets state, reason and message; lastTransitionTime moves only with the state.
func (c *computation) transition(prev gardencorev1beta1.ComponentVersionRolloutStatus, state gardencorev1beta1.RolloutState, reason, message string) {
	c.status.State, c.status.Reason, c.status.Message = state, reason, message
	c.status.LastTransitionTime = prev.LastTransitionTime.DeepCopy()
	if prev.State != state || c.status.LastTransitionTime == nil {
		c.status.LastTransitionTime = &metav1.Time{Time: c.now}
	}
}

// keep holds a halted or withdrawn state: its reason, message and time stay, and it still names
// the Shoots that failed at the halt.
func (c *computation) keep(prev gardencorev1beta1.ComponentVersionRolloutStatus, counts counts) {
	c.status.State, c.status.Reason, c.status.Message = prev.State, prev.Reason, prev.Message
	c.status.LastTransitionTime = prev.LastTransitionTime.DeepCopy()
	failing := slices.Clone(counts.failing)
	for _, s := range prev.FailingShoots {
		if !slices.Contains(failing, s) {
			failing = append(failing, s)
		}
	}
	slices.Sort(failing)
	c.status.FailingShoots = firstShoots(failing)
}

func (c *computation) event(eventType, reason, note string) {
	c.events = append(c.events, Event{Type: eventType, Reason: reason,
		Message: fmt.Sprintf("%s %s %s: %s", c.ExtensionType, c.Component, c.Version.Version, note)})
}

func (c *computation) result(requeueAt *time.Time) Result {
	return Result{Status: &c.status, Events: c.events, RequeueAt: requeueAt}
}

func (c *computation) acknowledgement() *gardencorev1beta1.RolloutHaltAcknowledgement {
	if c.Version.Rollout == nil {
		return nil
	}
	return c.Version.Rollout.HaltAcknowledgement
}

func (c *computation) soak() time.Duration {
	return ptr.Deref(c.Policy.SoakPeriod, metav1.Duration{}).Duration
}

func (c *computation) window() time.Duration {
	return ptr.Deref(c.Policy.ObservationWindow, metav1.Duration{}).Duration
}

// halts reports whether failed of moved Shoots reach both limits of threshold.
func halts(moved, failed int, threshold gardencorev1beta1.RolloutFailureThreshold) bool {
	return moved > 0 && failed > 0 &&
		failed >= int(ptr.Deref(threshold.Count, 1)) &&
		failed*100 >= int(ptr.Deref(threshold.Percentage, 0))*moved
}

func firstShoots(keys []string) []string {
	if len(keys) == 0 {
		return nil
	}
	return slices.Clone(keys[:min(len(keys), maxFailingShoots)])
}
