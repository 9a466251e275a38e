// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("component results", func() {
	upgraded := componentUpdate{
		updateResult:  updateResult{isSuccessful: true, description: `Updated version from "0.42.1" to "0.44.1"`, reason: "Automatic update of the component version is configured (update strategy: minor)"},
		extensionType: "shoot-falco-service", component: "falco", from: "0.42.1", to: "0.44.1", hasProfile: true,
	}
	failed := componentUpdate{
		updateResult:  updateResult{description: "cannot perform forceful update", reason: "Component version expired - force update required"},
		extensionType: "envoy-gateway", component: "envoy-gateway", from: "1.8.3", to: "1.8.3", forced: true, failureCategory: failureNoTarget, hasProfile: true,
	}
	controlPlane := &updateResult{isSuccessful: true, description: `Updated Kubernetes version from "1.0.0" to "1.0.1"`, reason: "Kubernetes version expired - force update required"}
	poolFailure := map[string]updateResult{"cpu-worker": {description: "no higher version available", reason: "Machine image version expired - force update required"}}

	It("#buildMaintenanceMessagesWithComponents lists the components after the hosts and before the operations", func() {
		description, failureReason := buildMaintenanceMessagesWithComponents(controlPlane, nil, poolFailure, nil, []componentUpdate{upgraded, failed}, []string{"an operation"})
		Expect(description).To(Equal(`(2/4) maintenance operations successful. ` +
			`Control Plane: Updated Kubernetes version from "1.0.0" to "1.0.1". Reason: Kubernetes version expired - force update required, ` +
			`Worker pool "cpu-worker": machine image version maintenance failed. Reason for update: Machine image version expired - force update required, ` +
			`Extension "shoot-falco-service" component "falco": Updated version from "0.42.1" to "0.44.1". Reason: Automatic update of the component version is configured (update strategy: minor), ` +
			`Extension "envoy-gateway" component "envoy-gateway": component version maintenance failed. Reason for update: Component version expired - force update required, ` +
			`an operation`))
		Expect(failureReason).To(Equal(`Worker pool "cpu-worker": no higher version available, Extension "envoy-gateway" component "envoy-gateway": cannot perform forceful update`))
	})

	It("#buildMaintenanceMessages is the same without components", func() {
		d1, f1 := buildMaintenanceMessages(controlPlane, nil, poolFailure, nil, nil)
		d2, f2 := buildMaintenanceMessagesWithComponents(controlPlane, nil, poolFailure, nil, nil, nil)
		Expect([]string{d1, f1}).To(Equal([]string{d2, f2}))
	})

	It("#recordExtensionComponentMaintenance records an event per result", func() {
		Expect(componentEvents([]componentUpdate{upgraded, failed})).To(Equal([]string{
			`Normal ExtensionComponentVersionMaintenance Extension "shoot-falco-service" component "falco": Updated version from "0.42.1" to "0.44.1". Reason: Automatic update of the component version is configured (update strategy: minor).`,
			`Warning ExtensionComponentVersionMaintenance Extension "envoy-gateway" component "envoy-gateway": Component version maintenance failed. Reason for update: Component version expired - force update required. Error: cannot perform forceful update`,
		}))
	})

	DescribeTable("#countComponentMaintenance counts upgrades and failures by bounded labels",
		func(update componentUpdate, expected []string) {
			Expect(counted(func() { countComponentMaintenance(logr.Discard(), []componentUpdate{update}) })).To(Equal(expected))
		},
		Entry("an auto-update", upgraded, []string{"upgrades shoot-falco-service auto-update"}),
		Entry("a forced update", func() componentUpdate { u := upgraded; u.forced = true; return u }(), []string{"upgrades shoot-falco-service expiry"}),
		Entry("a channel update", func() componentUpdate { u := upgraded; u.channel = true; return u }(), []string{"upgrades shoot-falco-service channel"}),
		Entry("a failure with its category", failed, []string{"failures envoy-gateway no-target"}),
		Entry("a failure without category is an error", func() componentUpdate { u := failed; u.failureCategory = ""; return u }(), []string{"failures envoy-gateway error"}),
		Entry("a kept version counts in neither", func() componentUpdate { u := upgraded; u.kept = true; return u }(), nil),
		Entry("an extension type without ExtensionProfile is no label", func() componentUpdate { u := failed; u.hasProfile = false; return u }(), nil),
	)

	It("#countRejectedComponentMaintenance counts one rejection per extension type with a profile", func() {
		noProfile := failed
		noProfile.extensionType, noProfile.hasProfile = "unknown", false
		second := upgraded
		second.component = "sidecar"
		Expect(counted(func() {
			countRejectedComponentMaintenance(logr.Discard(), []componentUpdate{upgraded, second, failed, noProfile})
		})).To(Equal([]string{"failures envoy-gateway write-rejected", "failures shoot-falco-service write-rejected"}))
	})
})
