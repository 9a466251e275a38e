// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenancemarkers_test

import (
	"context"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/authentication/user"

	"github.com/gep-78/gardener/pkg/apis/core"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/maintenancemarkers"
)

var _ = Describe("ShootMaintenanceMarkers", func() {
	const (
		pending    = "maintenance.gardener.cloud/pending-result"
		controller = "system:serviceaccount:garden:gardener-controller-manager"
	)
	shootWith := func(annotations map[string]string) *core.Shoot {
		return &core.Shoot{ObjectMeta: metav1.ObjectMeta{Name: "dev", Namespace: "garden-dev", Annotations: annotations}}
	}
	attributes := func(obj, old runtime.Object, op admission.Operation, subresource, userName string) admission.Attributes {
		return admission.NewAttributesRecord(obj, old, core.Kind("Shoot").WithVersion("version"), "garden-dev", "dev",
			core.Resource("shoots").WithVersion("version"), subresource, op, nil, false, &user.DefaultInfo{Name: userName})
	}
	validate := func(a admission.Attributes) error {
		return New().Validate(context.Background(), a, nil)
	}

	DescribeTable("writes by a Shoot owner",
		func(old, updated map[string]string, subresource string, refusedKeys ...string) {
			op, oldObj := admission.Update, runtime.Object(shootWith(old))
			if old == nil {
				op, oldObj = admission.Create, nil
			}
			err := validate(attributes(shootWith(updated), oldObj, op, subresource, "alice"))
			if len(refusedKeys) == 0 {
				Expect(err).NotTo(HaveOccurred())
				return
			}
			Expect(apierrors.IsForbidden(err)).To(BeTrue(), "%v", err)
			for _, key := range refusedKeys {
				Expect(err.Error()).To(ContainSubstring("metadata.annotations[" + key + "]: Forbidden"))
			}
			Expect(err.Error()).To(ContainSubstring("written only by shoot maintenance"))
			Expect(strings.Count(err.Error(), "Forbidden:")).To(Equal(len(refusedKeys)))
		},
		Entry("create with the pending result", nil, map[string]string{pending: "{}"}, "", pending),
		Entry("create with another maintenance annotation", nil, map[string]string{"maintenance.gardener.cloud/other": "x"}, "", "maintenance.gardener.cloud/other"),
		Entry("create without maintenance annotations", nil, map[string]string{"gardener.cloud/operation": "maintain"}, ""),
		Entry("adding the pending result", map[string]string{}, map[string]string{pending: "{}"}, "", pending),
		Entry("adding it with the maintain operation", map[string]string{}, map[string]string{pending: "{}", "gardener.cloud/operation": "maintain"}, "", pending),
		Entry("changing it", map[string]string{pending: "{}"}, map[string]string{pending: `{"state":"Succeeded"}`}, "", pending),
		Entry("removing it", map[string]string{pending: "{}"}, map[string]string{}, "", pending),
		Entry("adding it through the status subresource", map[string]string{}, map[string]string{pending: "{}"}, "status", pending),
		Entry("two at once, both named", map[string]string{}, map[string]string{pending: "{}", "maintenance.gardener.cloud/a": ""}, "", "maintenance.gardener.cloud/a", pending),
		Entry("keeping it unchanged while changing others", map[string]string{pending: "{}"}, map[string]string{pending: "{}", "team": "a"}, ""),
		Entry("asking for maintenance", map[string]string{}, map[string]string{"gardener.cloud/operation": "maintain"}, ""),
	)

	It("should let the maintenance users write maintenance annotations", func() {
		Expect(validate(attributes(shootWith(map[string]string{pending: "{}"}), shootWith(nil), admission.Update, "", controller))).To(Succeed())
		Expect(validate(attributes(shootWith(nil), shootWith(map[string]string{pending: "{}"}), admission.Update, "", controller))).To(Succeed())
	})

	It("should refuse a bare user name that is not configured", func() {
		err := validate(attributes(shootWith(map[string]string{pending: "{}"}), shootWith(nil), admission.Update, "", "gardener-controller-manager"))
		Expect(apierrors.IsForbidden(err)).To(BeTrue())
	})

	It("should leave other kinds alone", func() {
		cp := &core.CloudProfile{ObjectMeta: metav1.ObjectMeta{Name: "local", Annotations: map[string]string{pending: "{}"}}}
		a := admission.NewAttributesRecord(cp, nil, core.Kind("CloudProfile").WithVersion("version"), "", "local",
			core.Resource("cloudprofiles").WithVersion("version"), "", admission.Create, nil, false, &user.DefaultInfo{Name: "alice"})
		Expect(validate(a)).To(Succeed())
	})

	Describe("LoadConfiguration", func() {
		It("should default to the controller-manager's service account", func() {
			cfg, err := LoadConfiguration(nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(cfg.MaintenanceUsers).To(ConsistOf(controller))
		})
		It("should read the maintenance users", func() {
			cfg, err := LoadConfiguration(strings.NewReader("apiVersion: shootmaintenancemarkers.admission.gardener.cloud/v1alpha1\nkind: Configuration\nmaintenanceUsers: [maintainer]\n"))
			Expect(err).NotTo(HaveOccurred())
			Expect(cfg.MaintenanceUsers).To(ConsistOf("maintainer"))
		})
		DescribeTable("invalid configurations", func(content, message string) {
			_, err := LoadConfiguration(strings.NewReader(content))
			Expect(err).To(MatchError(ContainSubstring(message)))
		},
			Entry("unknown field", "apiVersion: shootmaintenancemarkers.admission.gardener.cloud/v1alpha1\nkind: Configuration\nusers: [a]\n", `unknown field "users"`),
			Entry("wrong kind", "apiVersion: shootmaintenancemarkers.admission.gardener.cloud/v1alpha1\nkind: Other\n", "must have apiVersion"),
			Entry("empty user", "apiVersion: shootmaintenancemarkers.admission.gardener.cloud/v1alpha1\nkind: Configuration\nmaintenanceUsers: [\"\"]\n", "maintenanceUsers[0] must not be empty"),
		)
	})
})
