// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package metrics

import (
	"context"
	"errors"
	"strings"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/prometheus/common/expfmt"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
)

var _ = Describe("extensionComponentRolloutCollector", func() {
	profile := &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service"},
		Status: gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{{
			Name: "falco",
			Rollouts: []gardencorev1beta1.ComponentVersionRolloutStatus{
				{Version: "0.44.1", State: gardencorev1beta1.RolloutStateHalted, Moved: 5, Healthy: 2, Failed: 3},
				{Version: "0.43.0", State: gardencorev1beta1.RolloutStateComplete, Moved: 7, Healthy: 7},
			},
		}}},
	}
	collector := func(funcs interceptor.Funcs) *extensionComponentRolloutCollector {
		c := fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithObjects(profile).WithInterceptorFuncs(funcs).Build()
		return &extensionComponentRolloutCollector{Reader: c, Log: logr.Discard()}
	}

	It("reports the state of every rollout as a state set, and its Shoots by outcome", func() {
		c := collector(interceptor.Funcs{})
		Expect(testutil.CollectAndCount(c, extensionComponentRolloutStateName)).To(Equal(12))
		Expect(testutil.CollectAndCompare(c, strings.NewReader(`
# HELP gardener_extension_component_rollout_shoots Shoots that maintenance moved to a component version under rollout, by outcome: moved (all), healthy, and failed (the component failed within the observation window after the move).
# TYPE gardener_extension_component_rollout_shoots gauge
gardener_extension_component_rollout_shoots{component="falco",extension_type="shoot-falco-service",outcome="failed",version="0.43.0"} 0
gardener_extension_component_rollout_shoots{component="falco",extension_type="shoot-falco-service",outcome="failed",version="0.44.1"} 3
gardener_extension_component_rollout_shoots{component="falco",extension_type="shoot-falco-service",outcome="healthy",version="0.43.0"} 7
gardener_extension_component_rollout_shoots{component="falco",extension_type="shoot-falco-service",outcome="healthy",version="0.44.1"} 2
gardener_extension_component_rollout_shoots{component="falco",extension_type="shoot-falco-service",outcome="moved",version="0.43.0"} 7
gardener_extension_component_rollout_shoots{component="falco",extension_type="shoot-falco-service",outcome="moved",version="0.44.1"} 5
`), extensionComponentRolloutShootsName)).To(Succeed())

		var halted, complete float64
		metrics, err := testutil.CollectAndFormat(c, expfmt.TypeTextPlain, extensionComponentRolloutStateName)
		Expect(err).NotTo(HaveOccurred())
		for _, line := range strings.Split(string(metrics), "\n") {
			switch {
			case strings.Contains(line, `state="Halted",version="0.44.1"} 1`):
				halted++
			case strings.Contains(line, `state="Complete",version="0.43.0"} 1`):
				complete++
			case strings.HasSuffix(line, "} 1"):
				Fail("unexpected current state: " + line)
			}
		}
		Expect([]float64{halted, complete}).To(Equal([]float64{1, 1}))
	})

	It("reports nothing when the profiles cannot be read", func() {
		c := collector(interceptor.Funcs{List: func(context.Context, client.WithWatch, client.ObjectList, ...client.ListOption) error {
			return errors.New("boom")
		}})
		Expect(testutil.CollectAndCount(c)).To(BeZero())
	})
})
