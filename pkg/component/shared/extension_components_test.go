// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared_test

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
	. "github.com/gep-78/gardener/pkg/component/shared"
)

var _ = Describe("SetExtensionComponents", func() {
	var (
		ctx        = context.Background()
		shoot      *gardencorev1beta1.Shoot
		profile    *gardencorev1beta1.ExtensionProfile
		extensions map[string]extension.Extension
	)

	template := func(extensionType string) extension.Extension {
		return extension.Extension{Extension: extensionsv1alpha1.Extension{
			ObjectMeta: metav1.ObjectMeta{Name: extensionType, Namespace: "shoot--dev--s"},
			Spec:       extensionsv1alpha1.ExtensionSpec{DefaultSpec: extensionsv1alpha1.DefaultSpec{Type: extensionType}},
		}}
	}

	BeforeEach(func() {
		shoot = &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "s", Namespace: "garden-dev"},
			Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{
				{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}}},
				{Type: "shoot-falco-service", Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.42.1")}}},
				{Type: "shoot-cert-service"},
			}},
		}
		profile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "shoot-traefik"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "traefik",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{{
					Version:        "3.6.13",
					ProviderConfig: &runtime.RawExtension{Raw: []byte(`{"crdBundle":"v3.6.11"}`)},
				}},
			}}},
		}
		extensions = map[string]extension.Extension{
			"shoot-traefik":       template("shoot-traefik"),
			"shoot-falco-service": template("shoot-falco-service"),
			"shoot-cert-service":  template("shoot-cert-service"),
		}
	})

	It("sets the pinned versions with the providerConfig of the profile entry and warns about a missing profile", func() {
		c := fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithObjects(profile).Build()

		warnings, err := SetExtensionComponents(ctx, c, shoot, extensions)
		Expect(err).NotTo(HaveOccurred())

		traefik := extensions["shoot-traefik"].Spec.Components
		Expect(traefik).To(HaveLen(1))
		Expect(traefik[0].Name).To(Equal("traefik"))
		Expect(traefik[0].Version).To(Equal("3.6.13"))
		Expect(string(traefik[0].ProviderConfig.Raw)).To(MatchJSON(`{"crdBundle":"v3.6.11"}`))
		Expect(extensions["shoot-falco-service"].Spec.Components).To(Equal([]extensionsv1alpha1.ExtensionComponent{{Name: "falco", Version: "0.42.1"}}))
		Expect(extensions["shoot-cert-service"].Spec.Components).To(Equal([]extensionsv1alpha1.ExtensionComponent{}), "an empty list: the deployer removes components written before")
		Expect(warnings).To(Equal([]ComponentWarning{{ExtensionType: "shoot-falco-service", Component: "falco", Version: "0.42.1", Reason: WarningProfileNotFound}}))
	})

	It("reads the profile of a pool's override when the Shoot pins none of its components", func() {
		shoot.Spec.Extensions[0].Components = nil
		shoot.Spec.Provider.Workers = []gardencorev1beta1.Worker{{Name: "edge", Extensions: []gardencorev1beta1.WorkerExtension{
			{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{{Name: "traefik", Version: ptr.To("3.6.13")}}},
		}}}
		c := fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithObjects(profile).Build()

		warnings, err := SetExtensionComponents(ctx, c, shoot, extensions)
		Expect(err).NotTo(HaveOccurred())
		traefik := extensions["shoot-traefik"].Spec.Components
		Expect(traefik).To(HaveLen(1))
		Expect(traefik[0].WorkerPool).To(Equal("edge"))
		Expect(string(traefik[0].ProviderConfig.Raw)).To(MatchJSON(`{"crdBundle":"v3.6.11"}`))
		Expect(warnings).To(HaveLen(1), "only falco's missing profile")
	})

	It("leaves out extension types the deployer does not deploy", func() {
		delete(extensions, "shoot-traefik")
		c := fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithObjects(profile).Build()

		_, err := SetExtensionComponents(ctx, c, shoot, extensions)
		Expect(err).NotTo(HaveOccurred())
		Expect(extensions).NotTo(HaveKey("shoot-traefik"))
	})

	It("returns the error of reading a profile", func() {
		c := fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithInterceptorFuncs(interceptor.Funcs{
			Get: func(context.Context, client.WithWatch, client.ObjectKey, client.Object, ...client.GetOption) error {
				return errors.New("boom")
			},
		}).Build()

		_, err := SetExtensionComponents(ctx, c, shoot, extensions)
		Expect(err).To(MatchError(ContainSubstring("boom")))
		Expect(extensions["shoot-traefik"].Spec.Components).To(BeEmpty())
	})
})
