// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package controller_test

import (
	"context"
	"net/http"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"
	ctrlconfig "sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller"
)

var _ = Describe("#AddToManager", func() {
	newManager := func(scheme *runtime.Scheme) manager.Manager {
		GinkgoHelper()
		// The manager is never started, so no API server is contacted; the static REST mapper
		// spares the discovery that registering field indexes would otherwise need.
		mgr, err := manager.New(&rest.Config{Host: "https://127.0.0.1:1"}, manager.Options{
			MapperProvider: func(*rest.Config, *http.Client) (meta.RESTMapper, error) {
				mapper := meta.NewDefaultRESTMapper(nil)
				mapper.Add(gardencorev1beta1.SchemeGroupVersion.WithKind("Shoot"), meta.RESTScopeNamespace)
				return mapper, nil
			},
			Scheme:                 scheme,
			Metrics:                metricsserver.Options{BindAddress: "0"},
			HealthProbeBindAddress: "0",
			Controller:             ctrlconfig.Controller{SkipNameValidation: ptr.To(true)},
		})
		Expect(err).NotTo(HaveOccurred())
		return mgr
	}

	It("should register all controllers with a garden scheme", func() {
		Expect(AddToManager(context.Background(), newManager(kubernetes.GardenScheme), &controllermanagerconfigv1alpha1.ControllerManagerConfiguration{})).To(Succeed())
	})

	It("should name the controller that failed", func() {
		Expect(AddToManager(context.Background(), newManager(runtime.NewScheme()), &controllermanagerconfigv1alpha1.ControllerManagerConfiguration{})).
			To(MatchError(ContainSubstring("failed adding cloudprofile controller")))
	})
})

var _ = Describe("#StableChannelSoakPeriod", func() {
	It("should be the ExtensionProfile controller's soak period, zero when unset", func() {
		cfg := &controllermanagerconfigv1alpha1.ControllerManagerConfiguration{}
		Expect(StableChannelSoakPeriod(cfg)).To(BeZero())
		cfg.Controllers.ExtensionProfile = &controllermanagerconfigv1alpha1.ExtensionProfileControllerConfiguration{}
		Expect(StableChannelSoakPeriod(cfg)).To(BeZero())
		cfg.Controllers.ExtensionProfile.StableChannelSoakPeriod = &metav1.Duration{Duration: 3 * time.Hour}
		Expect(StableChannelSoakPeriod(cfg)).To(Equal(3 * time.Hour))
	})
})
