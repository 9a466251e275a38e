// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/tools/events"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// Gardener's #buildMaintenanceMessages vectors, against the function with Gardener's signature.
var _ = Describe("#buildMaintenanceMessages", func() {
	type entry struct {
		controlPlane                        *updateResult
		kubernetes, images, credentials     map[string]updateResult
		operations                          []string
		expectedDescription, expectedReason string
	}
	const expired = "Kubernetes version expired - force update required"

	DescribeTable("description and failureReason",
		func(e entry) {
			description, failureReason := buildMaintenanceMessages(e.controlPlane, e.kubernetes, e.images, e.credentials, e.operations)
			Expect(description).To(Equal(e.expectedDescription))
			Expect(failureReason).To(Equal(e.expectedReason))
		},
		Entry("nothing", entry{expectedDescription: "All maintenance operations successful."}),
		Entry("operations only", entry{
			operations:          []string{`Added "reconcile" operation annotation`},
			expectedDescription: `All maintenance operations successful. Added "reconcile" operation annotation`,
		}),
		Entry("control plane updated", entry{
			controlPlane:        &updateResult{isSuccessful: true, description: `Updated Kubernetes version from "1.0.0" to "1.0.1"`, reason: expired},
			expectedDescription: `All maintenance operations successful. Control Plane: Updated Kubernetes version from "1.0.0" to "1.0.1". Reason: ` + expired,
		}),
		Entry("control plane failed", entry{
			controlPlane:        &updateResult{description: "no higher patch version available", reason: expired},
			expectedDescription: "(0/1) maintenance operations successful. Control Plane: Kubernetes version update failed. Reason for update: " + expired,
			expectedReason:      "Control Plane: Kubernetes maintenance failure due to: no higher patch version available",
		}),
		Entry("pool Kubernetes failed", entry{
			kubernetes:          map[string]updateResult{"cpu-worker": {description: "no higher patch version available", reason: expired}},
			expectedDescription: `(0/1) maintenance operations successful. Worker pool "cpu-worker": Kubernetes version maintenance failed. Reason for update: ` + expired,
			expectedReason:      `Worker pool "cpu-worker": Kubernetes maintenance failure due to: no higher patch version available`,
		}),
		Entry("pool image failed", entry{
			images:              map[string]updateResult{"cpu-worker": {description: "no higher version available", reason: "Machine image version expired - force update required"}},
			expectedDescription: `(0/1) maintenance operations successful. Worker pool "cpu-worker": machine image version maintenance failed. Reason for update: Machine image version expired - force update required`,
			expectedReason:      `Worker pool "cpu-worker": no higher version available`,
		}),
		Entry("credentials failed", entry{
			credentials:         map[string]updateResult{"ssh-keypair": {description: "rotation prerequisites not met", reason: "Rotation period elapsed"}},
			expectedDescription: `(0/1) maintenance operations successful. Credentials "ssh-keypair": Automatic rotation failed. Reason for update: Rotation period elapsed`,
			expectedReason:      `Credentials "ssh-keypair": Automatic rotation failure due to: rotation prerequisites not met`,
		}),
		Entry("control plane, pools in name order, operations", entry{
			controlPlane: &updateResult{isSuccessful: true, description: `Updated Kubernetes version from "1.34.0" to "1.35.0"`, reason: expired},
			kubernetes: map[string]updateResult{
				"gpu-worker": {description: "no higher patch version available", reason: expired},
				"a-worker":   {isSuccessful: true, description: `Updated Kubernetes version from "1.34.0" to "1.35.0"`, reason: expired},
			},
			operations: []string{`Added "reconcile" operation annotation`},
			expectedDescription: `(2/3) maintenance operations successful. Control Plane: Updated Kubernetes version from "1.34.0" to "1.35.0". Reason: ` + expired +
				`, Worker pool "a-worker": Updated Kubernetes version from "1.34.0" to "1.35.0". Reason: ` + expired +
				`, Worker pool "gpu-worker": Kubernetes version maintenance failed. Reason for update: ` + expired +
				`, Added "reconcile" operation annotation`,
			expectedReason: `Worker pool "gpu-worker": Kubernetes maintenance failure due to: no higher patch version available`,
		}),
	)
})

var _ = Describe("#recordMaintenanceEventsForPool", func() {
	It("records an event per pool, in name order", func() {
		recorder := events.NewFakeRecorder(2)
		(&Reconciler{Recorder: recorder}).recordMaintenanceEventsForPool(map[string]updateResult{
			"b": {isSuccessful: true, description: "Updated", reason: "r"},
			"a": {description: "failed", reason: "r"},
		}, &gardencorev1beta1.Shoot{}, gardencorev1beta1.ShootEventK8sVersionMaintenance, "Kubernetes")
		Expect(<-recorder.Events).To(Equal(`Warning KubernetesVersionMaintenance Worker pool "a": Kubernetes version maintenance failed. Reason for update: r. Error: failed`))
		Expect(<-recorder.Events).To(Equal(`Normal KubernetesVersionMaintenance Worker pool "b": Updated. Reason: r.`))
	})
})
