// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/client-go/rest"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/gep-78/gardener/pkg/api/indexer"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
)

var _ = Describe("#AddToManager", func() {
	It("should default the client, clock and recorder from the manager, add the Shoot index and register the controller", func() {
		// The manager is never started, so no API server is contacted; the static REST mapper
		// spares the discovery that registering the field index would otherwise need.
		mgr, err := manager.New(&rest.Config{Host: "https://127.0.0.1:1"}, manager.Options{
			MapperProvider: func(*rest.Config, *http.Client) (meta.RESTMapper, error) {
				mapper := meta.NewDefaultRESTMapper(nil)
				mapper.Add(gardencorev1beta1.SchemeGroupVersion.WithKind("Shoot"), meta.RESTScopeNamespace)
				return mapper, nil
			},
			Scheme:                 kubernetes.GardenScheme,
			Metrics:                metricsserver.Options{BindAddress: "0"},
			HealthProbeBindAddress: "0",
			Controller:             config.Controller{SkipNameValidation: ptr.To(true)},
		})
		Expect(err).NotTo(HaveOccurred())

		reconciler := &Reconciler{}
		Expect(reconciler.AddToManager(context.Background(), mgr)).To(Succeed())
		Expect(reconciler.Client).To(BeIdenticalTo(mgr.GetClient()))
		Expect(reconciler.Clock).To(Equal(clock.RealClock{}))
		Expect(reconciler.Recorder).NotTo(BeNil())

		// The index is registered once per cache: a second registration conflicts.
		Expect(indexer.AddShootPinnedExtensionTypes(context.Background(), mgr.GetFieldIndexer())).To(MatchError(ContainSubstring("indexer conflict")))
	})
})
