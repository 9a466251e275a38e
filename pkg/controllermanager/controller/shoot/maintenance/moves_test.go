// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("#componentMoves", func() {
	earlier := time.Date(2026, time.November, 1, 3, 0, 0, 0, time.UTC)
	now := time.Date(2026, time.December, 1, 3, 0, 0, 0, time.UTC)
	update := func(component, from, to string, successful, forced bool) componentUpdate {
		return componentUpdate{updateResult: updateResult{isSuccessful: successful}, extensionType: "shoot-falco-service",
			component: component, from: from, to: to, forced: forced}
	}
	move := func(component, from, to string, at time.Time, forced bool) gardencorev1beta1.ExtensionComponentMove {
		return gardencorev1beta1.ExtensionComponentMove{Type: "shoot-falco-service", Component: component, From: from, To: to, Time: metav1.Time{Time: at}, Forced: forced}
	}
	poolMove := move("falco", "0.44.0", "0.44.1", earlier, false)
	poolMove.WorkerPool = ptr.To("gpu")
	// The maintained Shoot pins falco and falcoctl, and falco in pool gpu; sidekick is no longer pinned.
	shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{{Type: "shoot-falco-service",
		Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.44.2")}, {Name: "falcoctl", Version: ptr.To("0.11.0")}, {Name: "sidekick"}}}},
		Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{{Name: "gpu", Extensions: []gardencorev1beta1.WorkerExtension{{Type: "shoot-falco-service",
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.44.1")}}}}}}}}}
	poolUpdate := update("falco", "0.44.1", "0.44.2", true, false)
	poolUpdate.pool = "gpu"
	poolMoved := move("falco", "0.44.1", "0.44.2", now, false)
	poolMoved.WorkerPool = ptr.To("gpu")
	otherPool := move("falco", "0.44.0", "0.44.1", earlier, false)
	otherPool.WorkerPool = ptr.To("gone")

	DescribeTable("records the moves of a run",
		func(stored []gardencorev1beta1.ExtensionComponentMove, updates []componentUpdate, expected []gardencorev1beta1.ExtensionComponentMove) {
			Expect(componentMoves(stored, shoot, updates, now)).To(Equal(expected))
		},
		Entry("nothing moved, nothing stored", nil, []componentUpdate{update("falco", "0.44.2", "0.44.2", true, false)}, nil),
		Entry("an auto-update", nil, []componentUpdate{update("falco", "0.44.1", "0.44.2", true, false)},
			[]gardencorev1beta1.ExtensionComponentMove{move("falco", "0.44.1", "0.44.2", now, false)}),
		Entry("a forced upgrade", nil, []componentUpdate{update("falco", "0.44.1", "0.44.2", true, true)},
			[]gardencorev1beta1.ExtensionComponentMove{move("falco", "0.44.1", "0.44.2", now, true)}),
		Entry("a failure or a kept version is no move",
			[]gardencorev1beta1.ExtensionComponentMove{move("falcoctl", "0.10.0", "0.11.0", earlier, false)},
			[]componentUpdate{update("falco", "0.44.1", "0.44.1", false, true), update("falcoctl", "0.11.0", "0.11.0", true, false)},
			[]gardencorev1beta1.ExtensionComponentMove{move("falcoctl", "0.10.0", "0.11.0", earlier, false)}),
		Entry("a move replaces the record of its component and keeps the others",
			[]gardencorev1beta1.ExtensionComponentMove{move("falco", "0.44.0", "0.44.1", earlier, false), move("falcoctl", "0.10.0", "0.11.0", earlier, false)},
			[]componentUpdate{update("falco", "0.44.1", "0.44.2", true, false)},
			[]gardencorev1beta1.ExtensionComponentMove{move("falco", "0.44.1", "0.44.2", now, false), move("falcoctl", "0.10.0", "0.11.0", earlier, false)}),
		Entry("a pool's record is not the Shoot's",
			[]gardencorev1beta1.ExtensionComponentMove{poolMove},
			[]componentUpdate{update("falco", "0.44.1", "0.44.2", true, false)},
			[]gardencorev1beta1.ExtensionComponentMove{poolMove, move("falco", "0.44.1", "0.44.2", now, false)}),
		Entry("a pool's move records its pool and replaces its record", []gardencorev1beta1.ExtensionComponentMove{poolMove},
			[]componentUpdate{poolUpdate}, []gardencorev1beta1.ExtensionComponentMove{poolMoved}),
		Entry("the record of a pool that no longer pins the component goes", []gardencorev1beta1.ExtensionComponentMove{otherPool, poolMove}, nil,
			[]gardencorev1beta1.ExtensionComponentMove{poolMove}),
		Entry("records of components no longer pinned go",
			[]gardencorev1beta1.ExtensionComponentMove{move("sidekick", "2.0.0", "2.1.0", earlier, false), {Type: "shoot-traefik", Component: "traefik", To: "3.7.0"}},
			[]componentUpdate{update("falco", "0.44.1", "0.44.2", true, false)},
			[]gardencorev1beta1.ExtensionComponentMove{move("falco", "0.44.1", "0.44.2", now, false)}),
		Entry("the last record gone leaves none", []gardencorev1beta1.ExtensionComponentMove{move("sidekick", "2.0.0", "2.1.0", earlier, false)}, nil, nil),
	)
})
