// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared_test

import (
	"context"
	"errors"

	"github.com/go-logr/logr"
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
	"github.com/gep-78/gardener/pkg/component/extensions/containerruntime"
	. "github.com/gep-78/gardener/pkg/component/shared"
)

var _ = Describe("SetContainerRuntimeComponents", func() {
	var (
		ctx      = context.Background()
		values   *containerruntime.Values
		deployer containerruntime.Interface
	)

	pool := func(name string, runtimes ...gardencorev1beta1.ContainerRuntime) gardencorev1beta1.Worker {
		w := gardencorev1beta1.Worker{Name: name}
		if runtimes != nil {
			w.CRI = &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: runtimes}
		}
		return w
	}
	runtimeOf := func(runtimeType string, versions ...string) gardencorev1beta1.ContainerRuntime {
		r := gardencorev1beta1.ContainerRuntime{Type: runtimeType}
		for _, v := range versions {
			r.Components = append(r.Components, gardencorev1beta1.ExtensionComponent{Name: "runsc", Version: ptr.To(v)})
		}
		return r
	}
	profile := func(name string) *gardencorev1beta1.ExtensionProfile {
		return &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: name},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "runsc",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{
					{Version: "20250101"},
					{Version: "20260101", ProviderConfig: &runtime.RawExtension{Raw: []byte(`{"platform":"systrap"}`)}},
				},
			}}},
		}
	}
	shootWith := func(workers ...gardencorev1beta1.Worker) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "sandbox", Namespace: "garden-dev"},
			Spec:       gardencorev1beta1.ShootSpec{Provider: gardencorev1beta1.Provider{Workers: workers}},
		}
	}
	gardenWith := func(objects ...client.Object) client.Client {
		return fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithObjects(objects...).Build()
	}

	BeforeEach(func() {
		values = &containerruntime.Values{Namespace: "shoot--dev--sandbox"}
		deployer = containerruntime.New(logr.Discard(), nil, values, 0, 0, 0)
	})

	It("sets the pinned versions by pool and type, with the profile entry's providerConfig, and an empty list where nothing is pinned", func() {
		shoot := shootWith(pool("a", runtimeOf("gvisor", "20260101"), runtimeOf("kata")), pool("plain"), pool("b", runtimeOf("gvisor", "20250101")))
		warnings, err := SetContainerRuntimeComponents(ctx, gardenWith(profile("containerruntime-gvisor")), shoot, deployer)
		Expect(err).NotTo(HaveOccurred())
		Expect(warnings).To(BeEmpty())
		Expect(values.Components).To(Equal(map[string]map[string][]extensionsv1alpha1.ExtensionComponent{
			"a": {
				"gvisor": {{Name: "runsc", Version: "20260101", ProviderConfig: &runtime.RawExtension{Raw: []byte(`{"platform":"systrap"}`)}}},
				"kata":   {},
			},
			"b": {"gvisor": {{Name: "runsc", Version: "20250101"}}},
		}))
	})

	DescribeTable("warns, naming the pool, about a pin it cannot resolve as written and still sets it",
		func(profiles []client.Object, versions []string, want []extensionsv1alpha1.ExtensionComponent, reason WarningReason) {
			warnings, err := SetContainerRuntimeComponents(ctx, gardenWith(profiles...), shootWith(pool("a", runtimeOf("gvisor", versions...))), deployer)
			Expect(err).NotTo(HaveOccurred())
			Expect(values.Components["a"]["gvisor"]).To(Equal(want))
			Expect(warnings).To(ConsistOf(HaveField("Reason", reason)))
			Expect(warnings[0].Pool).To(Equal("a"))
			Expect(warnings[0].String()).To(HavePrefix("pool a: containerruntime-gvisor: runsc "))
		},
		Entry("no profile", nil, []string{"20260101"}, []extensionsv1alpha1.ExtensionComponent{{Name: "runsc", Version: "20260101"}}, WarningProfileNotFound),
		Entry("only an Extension profile named like the type", []client.Object{profile("gvisor")}, []string{"20260101"}, []extensionsv1alpha1.ExtensionComponent{{Name: "runsc", Version: "20260101"}}, WarningProfileNotFound),
		Entry("a version the profile does not list", []client.Object{profile("containerruntime-gvisor")}, []string{"1"}, []extensionsv1alpha1.ExtensionComponent{{Name: "runsc", Version: "1"}}, WarningVersionNotFound),
		Entry("a component pinned twice", []client.Object{profile("containerruntime-gvisor")}, []string{"20250101", "20260101"}, []extensionsv1alpha1.ExtensionComponent{{Name: "runsc", Version: "20250101"}}, WarningDuplicateComponent),
	)

	It("returns the error of reading a profile and sets nothing", func() {
		garden := fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithInterceptorFuncs(interceptor.Funcs{
			Get: func(context.Context, client.WithWatch, client.ObjectKey, client.Object, ...client.GetOption) error {
				return errors.New("garden unavailable")
			},
		}).Build()
		_, err := SetContainerRuntimeComponents(ctx, garden, shootWith(pool("a", runtimeOf("gvisor", "20260101"))), deployer)
		Expect(err).To(MatchError(ContainSubstring("garden unavailable")))
		Expect(values.Components).To(BeNil())
	})
})
