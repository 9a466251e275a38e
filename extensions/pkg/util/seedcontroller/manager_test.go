// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package seedcontroller_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"

	. "github.com/gep-78/gardener/extensions/pkg/util/seedcontroller"
)

var _ = Describe("WaitForSeedResource", func() {
	// seed serves the discovery of extensions.gardener.cloud/v1alpha1; containerruntimes appear
	// from the after-th request on.
	seed := func(after int32) (*rest.Config, *atomic.Int32) {
		var requests atomic.Int32
		server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/apis/extensions.gardener.cloud/v1alpha1" {
				http.NotFound(w, r)
				return
			}
			list := metav1.APIResourceList{GroupVersion: "extensions.gardener.cloud/v1alpha1", APIResources: []metav1.APIResource{{Name: "extensions", Kind: "Extension"}}}
			if requests.Add(1) >= after {
				list.APIResources = append(list.APIResources, metav1.APIResource{Name: "containerruntimes", Kind: "ContainerRuntime"})
			}
			w.Header().Set("Content-Type", "application/json")
			Expect(json.NewEncoder(w).Encode(list)).To(Succeed())
		}))
		DeferCleanup(server.Close)
		return &rest.Config{Host: server.URL}, &requests
	}

	It("returns once the seed serves containerruntimes", func() {
		config, requests := seed(3)
		Expect(WaitForSeedResource(context.Background(), logr.Discard(), config, "containerruntimes", time.Millisecond, time.Minute)).To(Succeed())
		Expect(requests.Load()).To(BeNumerically(">=", 3))
	})

	It("fails with the group version when the CRD never comes", func() {
		config, _ := seed(1 << 30)
		Expect(WaitForSeedResource(context.Background(), logr.Discard(), config, "containerruntimes", time.Millisecond, 50*time.Millisecond)).
			To(MatchError(ContainSubstring("the seed does not serve extensions.gardener.cloud/v1alpha1 containerruntimes: context deadline exceeded (last observation: extensions.gardener.cloud/v1alpha1 does not serve containerruntimes)")))
	})
})
