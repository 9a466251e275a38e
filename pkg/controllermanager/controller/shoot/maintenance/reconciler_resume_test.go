// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	"errors"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/prometheus/client_golang/prometheus/testutil"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/metrics"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
)

var _ = Describe("Reconciler interrupted maintenance", func() {
	setUpReconcilerTest()

	Describe("interrupted maintenance", func() {
		var upgradesBefore float64
		upgrades := func() float64 {
			return testutil.ToFloat64(ComponentUpgradesTotal.WithLabelValues("agent-ext", "auto-update")) - upgradesBefore
		}
		reconcileFailing := func(t time.Time) {
			GinkgoHelper()
			build()
			fakeClock.SetTime(t)
			_, err := reconciler.Reconcile(ctx, request)
			Expect(err).To(MatchError(ContainSubstring("crash")))
		}
		expectRecorded := func() {
			GinkgoHelper()
			current := get()
			Expect(current.Annotations).NotTo(HaveKey(AnnotationPendingResult))
			Expect(current.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			Expect(current.Status.LastMaintenance.TriggeredTime).To(Equal(metav1.NewTime(at(0, 10))))
			Expect(current.Status.LastMaintenance.Description).To(ContainSubstring(`Updated version from "0.42.1" to "0.44.1"`))
		}
		BeforeEach(func() {
			upgradesBefore = testutil.ToFloat64(ComponentUpgradesTotal.WithLabelValues("agent-ext", "auto-update"))
		})

		It("should finish a result whose recording stopped after the spec write on the next reconcile, outside the window, once", func() {
			beforeStatusWrite = func() error { return errors.New("crash") }
			reconcileFailing(at(0, 10))

			// The spec and the result were written together; nothing else happened.
			current := get()
			Expect(pinned(current)).To(Equal("0.44.1"))
			Expect(current.Annotations).To(HaveKey(AnnotationPendingResult))
			Expect(current.Status.LastMaintenance).To(BeNil())
			Expect(drain()).To(BeEmpty())
			Expect(upgrades()).To(BeZero())

			beforeStatusWrite = nil
			reconcileAt(at(12, 0))
			expectRecorded()
			Expect(drain()).To(HaveLen(3))
			Expect(upgrades()).To(Equal(1.0))

			// Nothing is repeated.
			updatesBefore := updates
			reconcileAt(at(12, 5))
			Expect(drain()).To(BeEmpty())
			Expect(upgrades()).To(Equal(1.0))
			Expect(updates).To(Equal(updatesBefore))
		})

		It("should neither repeat the events nor count the metrics twice when the removal of the result stopped", func() {
			n := 0
			beforeUpdate = func(client.WithWatch, client.Object) error {
				if n++; n == 2 {
					return errors.New("crash")
				}
				return nil
			}
			reconcileFailing(at(0, 10))
			Expect(get().Annotations).To(HaveKey(AnnotationPendingResult))
			Expect(get().Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			Expect(drain()).To(HaveLen(3))
			Expect(upgrades()).To(BeZero())

			reconcileAt(at(12, 0))
			expectRecorded()
			Expect(drain()).To(BeEmpty())
			Expect(upgrades()).To(Equal(1.0))
		})

		It("should count the metrics once when the removal of the result was stored although it failed", func() {
			n := 0
			beforeUpdate = func(c client.WithWatch, obj client.Object) error {
				if n++; n == 2 {
					// The server stores the removal, but the answer is lost.
					Expect(c.Update(ctx, obj.DeepCopyObject().(client.Object))).To(Succeed())
					return errors.New("timeout")
				}
				return nil
			}
			reconcileAt(at(0, 10))
			expectRecorded()
			Expect(drain()).To(HaveLen(3))
			Expect(upgrades()).To(Equal(1.0))
		})

		It("should count only samples whose labels are of the bounded sets, dropping the others", func() {
			series := func() []string {
				GinkgoHelper()
				families, err := metrics.Registry.Gather()
				Expect(err).NotTo(HaveOccurred())
				var out []string
				for _, family := range families {
					if !strings.HasPrefix(family.GetName(), "gardener_shoot_maintenance_extension_component_") {
						continue
					}
					for _, m := range family.GetMetric() {
						labels := []string{family.GetName()}
						for _, l := range m.GetLabel() {
							labels = append(labels, l.GetName()+"="+l.GetValue())
						}
						out = append(out, strings.Join(labels, " "))
					}
				}
				return out
			}
			// The valid series exist before, so that the run adds none.
			failuresBefore := testutil.ToFloat64(ComponentFailuresTotal.WithLabelValues("agent-ext", "no-target"))
			seriesBefore := series()
			shoot.Annotations = map[string]string{AnnotationPendingResult: `{"triggeredTime":"2026-11-29T00:10:00Z","state":"Succeeded","description":"recorded",` +
				`"metrics":[{"counter":"upgrades","extensionType":"agent-ext","reason":"auto-update"},` +
				`{"counter":"failures","extensionType":"agent-ext","reason":"no-target"},` +
				`{"counter":"upgrades","extensionType":"no-profile-ext","reason":"auto-update"},` +
				`{"counter":"upgrades","extensionType":"agent-ext","reason":"made-up"},` +
				`{"counter":"failures","extensionType":"agent-ext","reason":"auto-update"},` +
				`{"counter":"other","extensionType":"agent-ext","reason":"error"},` +
				`{"counter":"upgrades","extensionType":"","reason":"expiry"}]}`}
			reconcileAt(at(12, 0))

			Expect(get().Annotations).NotTo(HaveKey(AnnotationPendingResult))
			Expect(upgrades()).To(Equal(1.0))
			Expect(testutil.ToFloat64(ComponentFailuresTotal.WithLabelValues("agent-ext", "no-target")) - failuresBefore).To(Equal(1.0))
			Expect(series()).To(HaveLen(len(seriesBefore)), "no new series")
			Expect(series()).NotTo(ContainElements(
				"gardener_shoot_maintenance_extension_component_upgrades_total extension_type=no-profile-ext reason=auto-update",
				"gardener_shoot_maintenance_extension_component_upgrades_total extension_type=agent-ext reason=made-up",
				"gardener_shoot_maintenance_extension_component_failures_total extension_type=agent-ext reason=auto-update",
				"gardener_shoot_maintenance_extension_component_upgrades_total extension_type= reason=expiry",
			))
		})

		It("should run the steps again at once, outside the window, for a Shoot left Processing", func() {
			shoot.Status.LastMaintenance = &gardencorev1beta1.LastMaintenance{Description: "interrupted", TriggeredTime: metav1.NewTime(at(0, 10)), State: gardencorev1beta1.LastOperationStateProcessing}
			reconcileAt(at(12, 0))
			current := get()
			Expect(pinned(current)).To(Equal("0.44.1"))
			Expect(current.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			Expect(current.Status.LastMaintenance.TriggeredTime).To(Equal(metav1.NewTime(at(12, 0))))
			Expect(drain()).To(HaveLen(3))
		})

		It("should mark a Processing maintenance whose retry finds nothing left as Succeeded, keeping its description", func() {
			shoot.Spec.Kubernetes.Version = "1.35.6"
			shoot.Spec.Provider.Workers[0].Machine.Image.Version = ptr.To("1877.8.0")
			shoot.Spec.Extensions[0].Components[0].Version = ptr.To("0.44.1")
			shoot.Status.LastMaintenance = &gardencorev1beta1.LastMaintenance{Description: "upgraded", TriggeredTime: metav1.NewTime(at(0, 10)), State: gardencorev1beta1.LastOperationStateProcessing}
			reconcileAt(at(12, 0))
			Expect(get().Status.LastMaintenance).To(Equal(&gardencorev1beta1.LastMaintenance{Description: "upgraded", TriggeredTime: metav1.NewTime(at(0, 10)), State: gardencorev1beta1.LastOperationStateSucceeded}))
			Expect(updates).To(BeZero())
		})

		It("should drop an unreadable result", func() {
			shoot.Annotations = map[string]string{AnnotationPendingResult: "{"}
			reconcileAt(at(12, 0))
			Expect(get().Annotations).To(BeEmpty())
			Expect(drain()).To(BeEmpty())
		})
	})
})
