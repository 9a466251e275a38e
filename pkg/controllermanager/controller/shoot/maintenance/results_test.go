// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	. "github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
)

// The messages of Gardener's buildMaintenanceMessages, plus the component parts of GEP-78.
var _ = Describe("Messages", func() {
	controlPlane := Result{Kind: ResultKindKubernetes, From: "1.0.0", To: "1.0.1", Successful: true,
		Description: `Updated Kubernetes version from "1.0.0" to "1.0.1"`, Reason: "Kubernetes version expired - force update required"}
	poolFailure := Result{Kind: ResultKindMachineImage, WorkerPool: "cpu-worker", ImageName: "gardenlinux",
		Description: "no higher version available", Reason: "Machine image version expired - force update required"}
	component := Result{Kind: ResultKindExtensionComponent, ExtensionType: "shoot-falco-service", Component: "falco", From: "0.42.1", To: "0.44.1",
		Successful: true, Description: `Updated version from "0.42.1" to "0.44.1"`, Reason: "Automatic update of the component version is configured (update strategy: minor)"}
	componentFailure := Result{Kind: ResultKindExtensionComponent, ExtensionType: "envoy-gateway", Component: "envoy-gateway",
		Description: "cannot perform forceful update", Reason: "Component version expired - force update required"}

	DescribeTable("vectors",
		func(results []Result, description, failureReason string) {
			d, f := Messages(results)
			Expect(d).To(Equal(description))
			Expect(f).To(Equal(failureReason))
		},
		Entry("no parts", nil, "All maintenance operations successful.", ""),
		Entry("control plane success", []Result{controlPlane},
			`All maintenance operations successful. Control Plane: Updated Kubernetes version from "1.0.0" to "1.0.1". Reason: Kubernetes version expired - force update required`, ""),
		Entry("image pool failure", []Result{poolFailure},
			`(0/1) maintenance operations successful. Worker pool "cpu-worker": machine image version maintenance failed. Reason for update: Machine image version expired - force update required`,
			`Worker pool "cpu-worker": no higher version available`),
		Entry("components last, whatever the order of the results", []Result{component, poolFailure, controlPlane, componentFailure},
			`(2/4) maintenance operations successful. `+
				`Control Plane: Updated Kubernetes version from "1.0.0" to "1.0.1". Reason: Kubernetes version expired - force update required, `+
				`Worker pool "cpu-worker": machine image version maintenance failed. Reason for update: Machine image version expired - force update required, `+
				`Extension "shoot-falco-service" component "falco": Updated version from "0.42.1" to "0.44.1". Reason: Automatic update of the component version is configured (update strategy: minor), `+
				`Extension "envoy-gateway" component "envoy-gateway": component version maintenance failed. Reason for update: Component version expired - force update required`,
			`Worker pool "cpu-worker": no higher version available, Extension "envoy-gateway" component "envoy-gateway": cannot perform forceful update`),
		Entry("Kubernetes failure", []Result{{Kind: ResultKindKubernetes, Description: "boom", Reason: "r"}},
			`(0/1) maintenance operations successful. Control Plane: Kubernetes version update failed. Reason for update: r`,
			`Control Plane: Kubernetes maintenance failure due to: boom`),
	)
})
