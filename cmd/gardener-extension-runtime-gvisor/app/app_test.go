// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

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
	"github.com/spf13/pflag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
)

var _ = Describe("the command", func() {
	DescribeTable("validates its flags",
		func(args []string, wantErr string) {
			opts := &Options{}
			fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
			opts.AddFlags(fs)
			Expect(fs.Parse(args)).To(Succeed())
			if wantErr == "" {
				Expect(opts.Validate()).To(Succeed())
				return
			}
			Expect(opts.Validate()).To(MatchError(ContainSubstring(wantErr)))
		},
		Entry("the defaults", nil, ""),
		Entry("two reconciles in parallel", []string{"--max-concurrent-reconciles=2"}, ""),
		Entry("no reconcile", []string{"--max-concurrent-reconciles=0"}, "--max-concurrent-reconciles must be at least 1, got 0"),
	)

	It("defaults to no metrics and the health port of Gardener's extensions", func() {
		fs := NewCommand().Flags()
		Expect(fs.Lookup("metrics-bind-address").DefValue).To(Equal("0"))
		Expect(fs.Lookup("health-probe-bind-address").DefValue).To(Equal(":8081"))
		Expect(fs.Lookup("max-concurrent-reconciles").DefValue).To(Equal("5"))
	})
})

var _ = Describe("waitForContainerRuntimeAPI", func() {
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
		Expect(waitForContainerRuntimeAPI(context.Background(), logr.Discard(), config, time.Millisecond, time.Minute)).To(Succeed())
		Expect(requests.Load()).To(BeNumerically(">=", 3))
	})

	It("fails with the group version when the CRD never comes", func() {
		config, _ := seed(1 << 30)
		Expect(waitForContainerRuntimeAPI(context.Background(), logr.Discard(), config, time.Millisecond, 50*time.Millisecond)).
			To(MatchError(ContainSubstring("the seed does not serve extensions.gardener.cloud/v1alpha1 containerruntimes")))
	})
})
