// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package resourceversion

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"

	"github.com/gep-78/gardener/pkg/apis/core"
	plugin "github.com/gep-78/gardener/plugin/pkg"
)

var _ = Describe("ResourceVersion", func() {
	admit := func(obj runtime.Object, kind schema.GroupVersionKind, operation admission.Operation) error {
		a := admission.NewAttributesRecord(obj, nil, kind, "garden-dev", "s", core.Resource("shoots").WithVersion("v1beta1"), "", operation, nil, false, nil)
		return newPlugin().Admit(context.Background(), a, nil)
	}
	shootKind := core.Kind("Shoot").WithVersion("v1beta1")
	shoot := func(resourceVersion string) *core.Shoot {
		return &core.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "s", ResourceVersion: resourceVersion}}
	}

	It("registers under its name and handles creates and updates", func() {
		plugins := admission.NewPlugins()
		Register(plugins)
		Expect(plugins.Registered()).To(ConsistOf(plugin.PluginNameResourceVersion))
		p := newPlugin()
		Expect(p.Handles(admission.Create)).To(BeTrue())
		Expect(p.Handles(admission.Update)).To(BeTrue())
		Expect(p.Handles(admission.Delete)).To(BeFalse())
	})

	DescribeTable("drops the resourceVersion of a created object",
		func(resourceVersion string) {
			s := shoot(resourceVersion)
			Expect(admit(s, shootKind, admission.Create)).To(Succeed())
			Expect(s.ResourceVersion).To(BeEmpty())
		},
		Entry("a number", "42"),
		Entry("malformed", "not-a-number"),
	)

	DescribeTable("checks the resourceVersion of an update",
		func(resourceVersion string, wantErr bool) {
			s := shoot(resourceVersion)
			err := admit(s, shootKind, admission.Update)
			Expect(s.ResourceVersion).To(Equal(resourceVersion))
			if !wantErr {
				Expect(err).NotTo(HaveOccurred())
				return
			}
			Expect(apierrors.IsInvalid(err)).To(BeTrue())
			Expect(err).To(MatchError(ContainSubstring(`metadata.resourceVersion: Invalid value: "` + resourceVersion + `"`)))
		},
		Entry("none", "", false),
		Entry("a number", "42", false),
		Entry("negative", "-1", true),
		Entry("not a number", "abc", true),
	)

	It("leaves objects of other groups and requests without an object alone", func() {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{ResourceVersion: "abc"}}
		Expect(admit(cm, corev1.SchemeGroupVersion.WithKind("ConfigMap"), admission.Update)).To(Succeed())
		Expect(admit(cm, corev1.SchemeGroupVersion.WithKind("ConfigMap"), admission.Create)).To(Succeed())
		Expect(cm.ResourceVersion).To(Equal("abc"))
		Expect(admit(nil, shootKind, admission.Update)).To(Succeed())
	})
})
