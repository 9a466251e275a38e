// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cloudprofile_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/rest"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/cloudprofile"
)

var _ = Describe("#AddToManager", func() {
	It("should default the client and clock from the manager and register the controller", func() {
		// The manager is never started, so no API server is contacted.
		mgr, err := manager.New(&rest.Config{Host: "https://127.0.0.1:1"}, manager.Options{
			Scheme:                 kubernetes.GardenScheme,
			Metrics:                metricsserver.Options{BindAddress: "0"},
			HealthProbeBindAddress: "0",
			Controller:             config.Controller{SkipNameValidation: ptr.To(true)},
		})
		Expect(err).NotTo(HaveOccurred())

		reconciler := &Reconciler{}
		Expect(reconciler.AddToManager(mgr)).To(Succeed())
		Expect(reconciler.Client).To(BeIdenticalTo(mgr.GetClient()))
		Expect(reconciler.Clock).To(Equal(clock.RealClock{}))
	})
})
