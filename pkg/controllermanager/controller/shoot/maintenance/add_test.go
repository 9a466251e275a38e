// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/prometheus/client_golang/prometheus"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/event"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("#ShootPredicate", func() {
	p := (&Reconciler{}).ShootPredicate()
	withAnnotation := func(value string) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{"gardener.cloud/operation": value}}}
	}
	withWindow := func(begin string) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Maintenance: &gardencorev1beta1.Maintenance{
			TimeWindow: &gardencorev1beta1.MaintenanceTimeWindow{Begin: begin, End: "010000+0000"},
		}}}
	}

	It("should pass create, delete and generic events", func() {
		Expect(p.Create(event.CreateEvent{Object: &gardencorev1beta1.Shoot{}})).To(BeTrue())
		Expect(p.Delete(event.DeleteEvent{Object: &gardencorev1beta1.Shoot{}})).To(BeTrue())
		Expect(p.Generic(event.GenericEvent{Object: &gardencorev1beta1.Shoot{}})).To(BeTrue())
	})

	DescribeTable("updates",
		func(oldShoot, newShoot *gardencorev1beta1.Shoot, pass bool) {
			Expect(p.Update(event.UpdateEvent{ObjectOld: oldShoot, ObjectNew: newShoot})).To(Equal(pass))
		},
		Entry("maintain added", &gardencorev1beta1.Shoot{}, withAnnotation("maintain"), true),
		Entry("maintain added to other operations, with spaces", withAnnotation("reconcile"), withAnnotation("reconcile; maintain"), true),
		Entry("maintain already there", withAnnotation("maintain"), withAnnotation("maintain"), false),
		Entry("other operation", &gardencorev1beta1.Shoot{}, withAnnotation("reconcile"), false),
		Entry("window changed", withWindow("000000+0000"), withWindow("003000+0000"), true),
		Entry("window added", &gardencorev1beta1.Shoot{}, withWindow("000000+0000"), true),
		Entry("nothing relevant changed", withWindow("000000+0000"), withWindow("000000+0000"), false),
	)
})

var _ = Describe("metricsInitializer", func() {
	// series returns "<metric> <reason> <value>" of every counter series of extensionType.
	series := func(extensionType string) []string {
		registry := prometheus.NewRegistry()
		registry.MustRegister(ComponentUpgradesTotal, ComponentFailuresTotal)
		families, err := registry.Gather()
		Expect(err).NotTo(HaveOccurred())
		var out []string
		for _, family := range families {
			for _, m := range family.GetMetric() {
				labels := map[string]string{}
				for _, l := range m.GetLabel() {
					labels[l.GetName()] = l.GetValue()
				}
				if labels["extension_type"] == extensionType {
					out = append(out, fmt.Sprintf("%s %s %g", family.GetName(), labels["reason"], m.GetCounter().GetValue()))
				}
			}
		}
		return out
	}
	profile := &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "initialized-ext"}}

	It("adds every reason of both counters at 0 when a profile appears, keeps counts, and removes them with the profile", func() {
		h := metricsInitializer()
		h.Create(ctx, event.CreateEvent{Object: profile}, nil)
		const upgrades, failures = "gardener_shoot_maintenance_extension_component_upgrades_total", "gardener_shoot_maintenance_extension_component_failures_total"
		Expect(series("initialized-ext")).To(ConsistOf(
			upgrades+" auto-update 0", upgrades+" channel 0", upgrades+" expiry 0",
			failures+" no-target 0", failures+" incompatible 0", failures+" error 0", failures+" write-rejected 0"))

		ComponentUpgradesTotal.WithLabelValues("initialized-ext", "expiry").Inc()
		h.Create(ctx, event.CreateEvent{Object: profile}, nil)
		Expect(series("initialized-ext")).To(ContainElement(upgrades + " expiry 1"))

		h.Delete(ctx, event.DeleteEvent{Object: profile}, nil)
		Expect(series("initialized-ext")).To(BeEmpty())
	})
})
