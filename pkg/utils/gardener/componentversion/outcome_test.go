// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	. "github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

var _ = Describe("OutcomeOf", func() {
	rejected := []RejectedVersion{{Version: "0.44.1", Failures: []string{"requires Kubernetes 1.32", "requires Garden Linux"}}, {Version: "0.45.0", Failures: []string{"x"}}}
	noTarget := errors.New("cannot perform forceful update of expired version")

	DescribeTable("maps a decision to what maintenance does",
		func(decision ComponentVersionUpdate, err error, deleting bool, expected ComponentVersionOutcome, text string) {
			outcome := OutcomeOf(decision, err, deleting)
			Expect(outcome).To(Equal(expected))
			Expect(outcome.String()).To(Equal(text))
		},
		Entry("no update considered", ComponentVersionUpdate{}, nil, false,
			ComponentVersionOutcome{Action: ComponentActionKeep}, "keep"),
		Entry("auto-update without target", ComponentVersionUpdate{Trigger: ComponentUpdateAutoUpdate, Reason: "r"}, nil, false,
			ComponentVersionOutcome{Action: ComponentActionKeep}, "keep"),
		Entry("auto-update with incompatible candidates only", ComponentVersionUpdate{Trigger: ComponentUpdateAutoUpdate, Reason: "r", Rejected: rejected[:1]}, nil, false,
			ComponentVersionOutcome{Action: ComponentActionKeep, Reason: "no compatible target: 0.44.1 (requires Kubernetes 1.32; requires Garden Linux)"},
			"keep: no compatible target: 0.44.1 (requires Kubernetes 1.32; requires Garden Linux)"),
		Entry("auto-update", ComponentVersionUpdate{Trigger: ComponentUpdateAutoUpdate, Reason: "r", Target: "0.44.1"}, nil, false,
			ComponentVersionOutcome{Action: ComponentActionUpdate, Target: "0.44.1", Reason: "r"}, "update to 0.44.1 (r)"),
		Entry("forced update", ComponentVersionUpdate{Trigger: ComponentUpdateExpired, Reason: "r", Target: "0.44.1"}, nil, false,
			ComponentVersionOutcome{Action: ComponentActionForceUpdate, Target: "0.44.1", Reason: "r"}, "force update to 0.44.1 (r)"),
		Entry("forced update, all candidates incompatible", ComponentVersionUpdate{Trigger: ComponentUpdateMissing, Reason: "r", Rejected: rejected}, noTarget, false,
			ComponentVersionOutcome{Action: ComponentActionHold, Reason: `no compatible version: 0.44.1 fails "requires Kubernetes 1.32; requires Garden Linux"`},
			`hold, no compatible version: 0.44.1 fails "requires Kubernetes 1.32; requires Garden Linux"`),
		Entry("forced update without candidates", ComponentVersionUpdate{Trigger: ComponentUpdateExpired, Reason: "r"}, noTarget, false,
			ComponentVersionOutcome{Action: ComponentActionHold, Reason: noTarget.Error()}, "hold, "+noTarget.Error()),
		Entry("auto-update, profile being deleted", ComponentVersionUpdate{Trigger: ComponentUpdateAutoUpdate, Reason: "r", Target: "0.44.1"}, nil, true,
			ComponentVersionOutcome{Action: ComponentActionKeep, Reason: "ExtensionProfile is being deleted"}, "keep: ExtensionProfile is being deleted"),
		Entry("forced update, profile being deleted", ComponentVersionUpdate{Trigger: ComponentUpdateExpired, Reason: "r", Target: "0.44.1"}, nil, true,
			ComponentVersionOutcome{Action: ComponentActionHold, Target: "0.44.1", Reason: `ExtensionProfile is being deleted; the version cannot be changed to "0.44.1"`},
			`hold, ExtensionProfile is being deleted; the version cannot be changed to "0.44.1"`),
	)

	It("holds on an evaluation error of an auto-update", func() {
		err := errors.New("cannot determine a target")
		Expect(OutcomeOf(ComponentVersionUpdate{Trigger: ComponentUpdateAutoUpdate}, err, false)).To(Equal(ComponentVersionOutcome{Action: ComponentActionHold, Reason: err.Error()}))
	})
})
