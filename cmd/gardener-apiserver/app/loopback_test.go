// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app_test

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	genericapiserver "k8s.io/apiserver/pkg/server"
	"k8s.io/client-go/tools/cache"

	. "github.com/gep-78/gardener/cmd/gardener-apiserver/app"
	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
)

// wantsCore is an admission plugin that keeps the core.gardener.cloud client and informer factory
// it is initialized with.
type wantsCore struct {
	client    gardencoreclientset.Interface
	informers gardencoreinformers.SharedInformerFactory
}

func (*wantsCore) Handles(admission.Operation) bool { return true }
func (*wantsCore) ValidateInitialization() error    { return nil }
func (w *wantsCore) SetCoreClientSet(c gardencoreclientset.Interface) {
	w.client = c
}
func (w *wantsCore) SetCoreInformerFactory(f gardencoreinformers.SharedInformerFactory) {
	w.informers = f
}

// request is what the fake loopback server records of a request.
type request struct {
	Method, Path, Accept, Authorization string
	Watch                               bool
}

var _ = Describe("the loopback core.gardener.cloud client", func() {
	var (
		config   *genericapiserver.RecommendedConfig
		plugin   *wantsCore
		mu       sync.Mutex
		requests []request
	)

	recorded := func() []request {
		mu.Lock()
		defer mu.Unlock()
		return append([]request(nil), requests...)
	}

	BeforeEach(func() {
		requests = nil
		opts := NewOptions()
		listener, err := net.Listen("tcp", "127.0.0.1:0")
		Expect(err).NotTo(HaveOccurred())
		opts.Recommended.SecureServing.Listener = listener
		opts.Recommended.SecureServing.ServerCert.CertDirectory = GinkgoT().TempDir()
		Expect(opts.Recommended.SecureServing.MaybeDefaultWithSelfSignedCerts("localhost", nil, []net.IP{net.ParseIP("127.0.0.1")})).To(Succeed())

		// The loopback config as the server gets it: secure serving's, then the admission
		// initializers built from it.
		config = genericapiserver.NewRecommendedConfig(api.Codecs)
		Expect(opts.Recommended.SecureServing.ApplyToConfig(&config.Config)).To(Succeed())
		initializers, err := opts.CoreAdmissionInitializers(config)
		Expect(err).NotTo(HaveOccurred())
		plugin = &wantsCore{}
		admission.PluginInitializers(initializers).Initialize(plugin)
		Expect(plugin.client).NotTo(BeNil())
		Expect(plugin.informers).NotTo(BeNil())

		// The loopback listener serves a fake: it records each request and answers lists and gets
		// of ExtensionProfiles in protobuf; a watch stays open until the client ends it.
		info, ok := runtime.SerializerInfoForMediaType(api.Codecs.SupportedMediaTypes(), runtime.ContentTypeProtobuf)
		Expect(ok).To(BeTrue())
		encoder := api.Codecs.EncoderForVersion(info.Serializer, gardencorev1beta1.SchemeGroupVersion)
		handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			requests = append(requests, request{r.Method, r.URL.Path, r.Header.Get("Accept"), r.Header.Get("Authorization"), r.URL.Query().Get("watch") == "true"})
			mu.Unlock()
			var obj runtime.Object
			switch {
			case r.URL.Query().Get("sendInitialEvents") == "true":
				// No streaming list: the reflector falls back to list and watch.
				http.Error(w, "watch-list not served", http.StatusBadRequest)
				return
			case r.URL.Query().Get("watch") == "true":
				<-r.Context().Done()
				return
			case r.URL.Path == "/apis/core.gardener.cloud/v1beta1/extensionprofiles":
				obj = &gardencorev1beta1.ExtensionProfileList{ListMeta: metav1.ListMeta{ResourceVersion: "1"}}
			case r.URL.Path == "/apis/core.gardener.cloud/v1beta1/extensionprofiles/shoot-falco-service":
				obj = &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service", ResourceVersion: "1"}}
			default:
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", runtime.ContentTypeProtobuf)
			if err := encoder.Encode(obj, w); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
			}
		})
		stopCh := make(chan struct{})
		stoppedCh, _, err := config.SecureServing.Serve(handler, time.Second, stopCh)
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() {
			close(stopCh)
			<-stoppedCh
		})
	})

	// fromLoopback matches a request that names protobuf first in Accept and carries the loopback
	// token.
	fromLoopback := func(path string, watch bool) OmegaMatcher {
		return And(
			HaveField("Method", http.MethodGet), HaveField("Path", path), HaveField("Watch", watch),
			HaveField("Accept", HavePrefix(runtime.ContentTypeProtobuf)),
			HaveField("Authorization", "Bearer "+config.LoopbackClientConfig.BearerToken),
		)
	}

	It("reads an ExtensionProfile in protobuf with the loopback token", func(ctx SpecContext) {
		profile, err := plugin.client.CoreV1beta1().ExtensionProfiles().Get(ctx, "shoot-falco-service", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(profile.Name).To(Equal("shoot-falco-service"))
		Expect(recorded()).To(HaveExactElements(fromLoopback("/apis/core.gardener.cloud/v1beta1/extensionprofiles/shoot-falco-service", false)))
	})

	It("lists and watches ExtensionProfiles for the admission plugins' informers in protobuf", func(ctx SpecContext) {
		informerCtx, cancel := context.WithCancel(ctx)
		informer := plugin.informers.Core().V1beta1().ExtensionProfiles().Informer()
		plugin.informers.Start(informerCtx.Done())
		DeferCleanup(func() {
			cancel()
			plugin.informers.Shutdown()
		})
		Expect(cache.WaitForCacheSync(ctx.Done(), informer.HasSynced)).To(BeTrue())
		Eventually(recorded).Should(ContainElements(
			fromLoopback("/apis/core.gardener.cloud/v1beta1/extensionprofiles", false),
			fromLoopback("/apis/core.gardener.cloud/v1beta1/extensionprofiles", true),
		))
		Expect(recorded()).To(HaveEach(HaveField("Accept", HavePrefix(runtime.ContentTypeProtobuf))))
	})
})
