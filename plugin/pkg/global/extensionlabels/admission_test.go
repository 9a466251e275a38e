// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionlabels_test

import (
	"context"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
	. "github.com/gep-78/gardener/plugin/pkg/global/extensionlabels"
)

var _ = Describe("ExtensionLabels", func() {
	var shoot *core.Shoot

	attributes := func(obj *core.Shoot, op admission.Operation, subresource string) admission.Attributes {
		return admission.NewAttributesRecord(obj, nil, core.Kind("Shoot").WithVersion("version"), obj.Namespace, obj.Name,
			core.Resource("shoots").WithVersion("version"), subresource, op, nil, false, nil)
	}

	BeforeEach(func() {
		shoot = &core.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "dev", Namespace: "garden-dev", Labels: map[string]string{
				"team": "a",
				"extensions.extensions.gardener.cloud/shoot-forged": "true",
				"provider.extensions.gardener.cloud/aws":            "true",
			}},
			Spec: core.ShootSpec{
				Provider:   core.Provider{Type: "local"},
				Networking: &core.Networking{Type: ptr.To("calico")},
				Extensions: []core.Extension{
					{Type: "shoot-falco-service"},
					{Type: "shoot-traefik", Disabled: ptr.To(false)},
					{Type: "shoot-dns-service", Disabled: ptr.To(true)},
				},
			},
		}
	})

	It("sets a label per enabled extension type, the provider and the networking type, and drops forged ones", func() {
		for _, op := range []admission.Operation{admission.Create, admission.Update} {
			s := shoot.DeepCopy()
			Expect(newPlugin().Admit(context.Background(), attributes(s, op, ""), nil)).To(Succeed())
			Expect(s.Labels).To(Equal(map[string]string{
				"team": "a",
				"extensions.extensions.gardener.cloud/shoot-falco-service": "true",
				"extensions.extensions.gardener.cloud/shoot-traefik":       "true",
				"provider.extensions.gardener.cloud/local":                 "true",
				"networking.extensions.gardener.cloud/calico":              "true",
			}), "operation %s", op)
		}
	})

	It("sets no label for a type that cannot form a label key (the placeholders of Gardener's example Shoot)", func() {
		shoot.Spec.Provider.Type = "<some-provider-name>"
		shoot.Spec.Networking.Type = ptr.To("<some-network-extension-name>")
		MaintainShootLabels(shoot)
		Expect(shoot.Labels).To(Equal(map[string]string{
			"team": "a",
			"extensions.extensions.gardener.cloud/shoot-falco-service": "true",
			"extensions.extensions.gardener.cloud/shoot-traefik":       "true",
		}))
	})

	It("removes the label of an extension that is gone", func() {
		MaintainShootLabels(shoot)
		shoot.Spec.Extensions = shoot.Spec.Extensions[1:]
		MaintainShootLabels(shoot)
		Expect(shoot.Labels).NotTo(HaveKey("extensions.extensions.gardener.cloud/shoot-falco-service"))
		Expect(shoot.Labels).To(HaveKey("extensions.extensions.gardener.cloud/shoot-traefik"))
	})

	It("leaves the status subresource alone", func() {
		Expect(newPlugin().Admit(context.Background(), attributes(shoot, admission.Update, "status"), nil)).To(Succeed())
		Expect(shoot.Labels).To(HaveKey("extensions.extensions.gardener.cloud/shoot-forged"))
	})

	It("handles creates and updates only", func() {
		Expect(newPlugin().Handles(admission.Create)).To(BeTrue())
		Expect(newPlugin().Handles(admission.Update)).To(BeTrue())
		Expect(newPlugin().Handles(admission.Delete)).To(BeFalse())
	})
})

var _ = Describe("MaintainShootLabels with over-long types", func() {
	It("sets no label for a type that validation rejects as too long", func() {
		long := strings.Repeat("t", validation.MaxNameLength+1)
		shoot := &core.Shoot{Spec: core.ShootSpec{
			Extensions: []core.Extension{{Type: long}, {Type: "shoot-dns-service"}},
			Provider:   core.Provider{Type: long},
			Networking: &core.Networking{Type: &long},
		}}
		MaintainShootLabels(shoot)
		Expect(shoot.Labels).To(Equal(map[string]string{"extensions.extensions.gardener.cloud/shoot-dns-service": "true"}))
	})
})

// newPlugin returns New's plugin.
func newPlugin() *ExtensionLabels {
	plugin, err := New()
	ExpectWithOffset(1, err).NotTo(HaveOccurred())
	return plugin
}
