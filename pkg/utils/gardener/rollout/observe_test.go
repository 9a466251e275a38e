// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package rollout_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	. "github.com/gep-78/gardener/pkg/utils/gardener/rollout"
)

var _ = Describe("Failures", func() {
	// shootWith has one status.lastErrors entry per task ID and description.
	shootWith := func(errs ...string) *gardencorev1beta1.Shoot {
		s := &gardencorev1beta1.Shoot{}
		for i := 0; i < len(errs); i += 2 {
			s.Status.LastErrors = append(s.Status.LastErrors, gardencorev1beta1.LastError{TaskID: ptr.To(errs[i]), Description: errs[i+1]})
		}
		return s
	}
	// runsc is the components of a gVisor ContainerRuntime at version.
	runsc := func(version string) []extensionsv1alpha1.ExtensionComponent {
		return []extensionsv1alpha1.ExtensionComponent{{Name: "runsc", Version: version}}
	}
	var (
		runtimeFailed  = "ContainerRuntime " + ContainerRuntimeDescription("gvisor", "b", runsc("2026.12.0")) + " reports: runsc crashes"
		extensionFails = "Extension " + ExtensionDescription("gpu-driver", []extensionsv1alpha1.ExtensionComponent{{Name: "driver", Version: "535"}, {Name: "driver", Version: "570"}}) + " reports: driver crashes"
	)

	It("names a ContainerRuntime's task ID by type and pool", func() {
		Expect(ContainerRuntimeTaskID("gvisor", "b")).To(Equal("containerruntime/gvisor/b"))
	})

	It("describes a seed Extension and ContainerRuntime with their components' versions", func() {
		Expect(ContainerRuntimeDescription("gvisor", "b", runsc("1.0.0"))).To(Equal("gvisor in worker pool b (runsc 1.0.0)"))
		Expect(ExtensionDescription("gpu-driver", append(runsc("1"), runsc("2")...))).To(Equal("gpu-driver (runsc 1, runsc 2)"))
		Expect(ExtensionDescription("gpu-driver", nil)).To(Equal("gpu-driver"))
	})

	DescribeTable("PoolComponentFailure reads the pool's ContainerRuntime for a runtime, the Extension for an override",
		func(shoot *gardencorev1beta1.Shoot, profileName, pool, component, version string, found bool) {
			e := PoolComponentFailure(shoot, profileName, pool, component, version)
			Expect(e != nil).To(Equal(found))
		},
		Entry("the pool's runtime failed at the version",
			shootWith("containerruntime/gvisor/b", runtimeFailed), "containerruntime-gvisor", "b", "runsc", "2026.12.0", true),
		Entry("another pool's runtime failed",
			shootWith("containerruntime/gvisor/b", runtimeFailed), "containerruntime-gvisor", "a", "runsc", "2026.12.0", false),
		Entry("the runtime failed at another version",
			shootWith("containerruntime/gvisor/b", runtimeFailed), "containerruntime-gvisor", "b", "runsc", "2026.11.0", false),
		Entry("an Extension entry does not count for a runtime",
			shootWith("extension/containerruntime-gvisor", runtimeFailed), "containerruntime-gvisor", "b", "runsc", "2026.12.0", false),
		Entry("an override's component failed in the seed Extension",
			shootWith("extension/gpu-driver", extensionFails), "gpu-driver", "b", "driver", "570", true),
		Entry("an override's version the Extension does not name",
			shootWith("extension/gpu-driver", extensionFails), "gpu-driver", "b", "driver", "57", false),
	)

	DescribeTable("ComponentFailure reads the Extension's entry only",
		func(shoot *gardencorev1beta1.Shoot, found bool) {
			Expect(ComponentFailure(shoot, "gpu-driver", "driver", "535") != nil).To(Equal(found))
		},
		Entry("named with a comma after it", shootWith("extension/gpu-driver", extensionFails), true),
		Entry("another task ID", shootWith("containerruntime/gpu-driver/b", extensionFails), false),
		Entry("none", shootWith(), false),
	)

	Describe("Compute counts a pool's move", func() {
		start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
		at := func(d time.Duration) *metav1.Time { return &metav1.Time{Time: start.Add(d)} }

		// sandbox moved pool b to runsc 2026.12.0 an hour after start; failures are lastErrors
		// entries reported two hours after start.
		sandbox := func(failures ...string) gardencorev1beta1.Shoot {
			s := shootWith(failures...)
			s.Namespace, s.Name = "garden-dev", "sandbox"
			for i := range s.Status.LastErrors {
				s.Status.LastErrors[i].LastUpdateTime = at(2 * time.Hour)
			}
			s.Status.ExtensionComponentMoves = []gardencorev1beta1.ExtensionComponentMove{
				{Type: "containerruntime-gvisor", Component: "runsc", WorkerPool: ptr.To("b"), From: "2026.11.0", To: "2026.12.0", Time: *at(time.Hour)},
			}
			return *s
		}

		DescribeTable("as failed when the moved pool's runtime reports the version failing",
			func(shoot gardencorev1beta1.Shoot, failed int32) {
				in := Input{
					ExtensionType: "containerruntime-gvisor", Component: "runsc",
					Version:      gardencorev1beta1.ExtensionComponentVersion{Version: "2026.12.0"},
					Policy:       v1beta1helper.EffectiveRolloutPolicy(nil, gardencorev1beta1.ExtensionProfileSpec{}, "", ""),
					Target:       true,
					BecameTarget: true,
					Shoots:       []gardencorev1beta1.Shoot{shoot},
				}
				status := Compute(in, start.Add(3*time.Hour)).Status
				Expect(status.Moved).To(Equal(int32(1)))
				Expect(status.Failed).To(Equal(failed))
			},
			Entry("the moved pool failed", sandbox("containerruntime/gvisor/b", runtimeFailed), int32(1)),
			Entry("only a pool that did not move failed", sandbox("containerruntime/gvisor/a", "ContainerRuntime "+ContainerRuntimeDescription("gvisor", "a", runsc("2026.12.0"))+" reports: x"), int32(0)),
			Entry("nothing failed", sandbox(), int32(0)),
		)
	})
})
