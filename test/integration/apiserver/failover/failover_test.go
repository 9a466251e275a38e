// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover_test

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"golang.org/x/net/http2"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
	aggregatorclientset "k8s.io/kube-aggregator/pkg/client/clientset_generated/clientset"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/failover"
)

// createBackoff is the test client's documented retry of a create, up to about 20 s: see
// retriable. A retried create that finds its object stored has succeeded: the lost answer was the
// only failure.
var createBackoff = wait.Backoff{Duration: 50 * time.Millisecond, Factor: 1.5, Jitter: 0.1, Steps: 15, Cap: 2 * time.Second}

// retriable reports whether a create failed the way the loss of one gardener-apiserver shows to
// clients of the kube-apiserver: a 503 (the aggregator could not reach the replica it picked) or
// a reset HTTP/2 stream (the aggregator lost the replica while it proxied the request, after it
// had answered the headers). client-go retries neither for a POST. Any other error fails the
// create.
func retriable(err error) bool {
	var streamErr http2.StreamError
	return apierrors.IsServiceUnavailable(err) || errors.As(err, &streamErr)
}

var _ = Describe("two gardener-apiservers behind the aggregator", func() {
	const (
		creates   = 200
		writers   = 4
		killAfter = 60
	)

	var (
		kubeClient   kubernetes.Interface
		gardenClient gardencoreclientset.Interface
	)

	BeforeEach(func() {
		var err error
		kubeClient, err = kubernetes.NewForConfig(restConfig)
		Expect(err).NotTo(HaveOccurred())
		gardenClient, err = gardencoreclientset.NewForConfig(restConfig)
		Expect(err).NotTo(HaveOccurred())
	})

	// ready returns the Ready condition of each replica's endpoint, in replica order.
	ready := func() ([]bool, error) {
		return failover.EndpointsReady(ctx, kubeClient, len(testEnv.GardenerAPIServers))
	}

	It("registers both replicas as endpoints of the one Service the APIServices point at", func() {
		Expect(testEnv.GardenerAPIServers).To(HaveLen(2))
		service, err := kubeClient.CoreV1().Services(gardenerenvtest.ServiceNamespace).Get(ctx, gardenerenvtest.ServiceName, metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(service.Spec.Type).To(Equal(corev1.ServiceTypeClusterIP))
		Expect(service.Spec.Selector).To(BeEmpty())

		slices, err := kubeClient.DiscoveryV1().EndpointSlices(gardenerenvtest.ServiceNamespace).List(ctx, metav1.ListOptions{
			LabelSelector: discoveryv1.LabelServiceName + "=" + gardenerenvtest.ServiceName})
		Expect(err).NotTo(HaveOccurred())
		var ports []int32
		for _, slice := range slices.Items {
			Expect(slice.Endpoints).To(HaveLen(1))
			ports = append(ports, *slice.Ports[0].Port)
		}
		Expect(ports).To(ConsistOf(int32(testEnv.GardenerAPIServers[0].SecurePort), int32(testEnv.GardenerAPIServers[1].SecurePort))) // #nosec G115
		Eventually(ready).Should(Equal([]bool{true, true}))

		aggregatorClient, err := aggregatorclientset.NewForConfig(restConfig)
		Expect(err).NotTo(HaveOccurred())
		apiService, err := aggregatorClient.ApiregistrationV1().APIServices().Get(ctx, "v1beta1.core.gardener.cloud", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(apiService.Spec.Service.Name).To(Equal(gardenerenvtest.ServiceName))
		Expect(apiService.Spec.Service.Namespace).To(Equal(gardenerenvtest.ServiceNamespace))
	})

	It("loses no create and shows clients no error beyond a retry when one replica is killed", func() {
		profile := func(i int) *gardencorev1beta1.ExtensionProfile {
			return &gardencorev1beta1.ExtensionProfile{
				ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("failover-%03d", i), Labels: map[string]string{"failover": "apiserver"}},
				Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
					Name: "agent", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: fmt.Sprintf("1.0.%d", i)}, {Version: "2.0.0"}},
				}}},
			}
		}
		servedBefore, err := createsServed(testEnv.GardenerAPIServers[0])
		Expect(err).NotTo(HaveOccurred())

		var (
			acknowledged, retried atomic.Int32
			mu                    sync.Mutex
			retriedErrors         []string
			failures              []error
		)
		indices := make(chan int, creates)
		for i := range creates {
			indices <- i
		}
		close(indices)
		var wg sync.WaitGroup
		for range writers {
			wg.Add(1)
			go func() {
				defer GinkgoRecover()
				defer wg.Done()
				for i := range indices {
					attempt := 0
					err := retry.OnError(createBackoff, retriable, func() error {
						attempt++
						_, err := gardenClient.CoreV1beta1().ExtensionProfiles().Create(ctx, profile(i), metav1.CreateOptions{})
						if attempt > 1 && apierrors.IsAlreadyExists(err) {
							return nil
						}
						if retriable(err) {
							mu.Lock()
							retriedErrors = append(retriedErrors, err.Error())
							mu.Unlock()
						}
						return err
					})
					if attempt > 1 {
						retried.Add(1)
					}
					if err != nil {
						mu.Lock()
						failures = append(failures, fmt.Errorf("create %d: %w", i, err))
						mu.Unlock()
						continue
					}
					acknowledged.Add(1)
				}
			}()
		}

		By(fmt.Sprintf("Kill the second gardener-apiserver after %d acknowledged creates", killAfter))
		Eventually(acknowledged.Load).Should(BeNumerically(">=", killAfter))
		killed := testEnv.GardenerAPIServers[1]
		Expect(killed.Kill()).To(Succeed())
		Eventually(ready).Should(Equal([]bool{true, false}), "the dead replica's endpoint is no longer ready")

		wg.Wait()
		Expect(failures).To(BeEmpty())
		Expect(acknowledged.Load()).To(Equal(int32(creates)))
		AddReportEntry("failover", fmt.Sprintf("%d of %d creates retried; errors before a retry: %q", retried.Load(), creates, retriedErrors))

		By("Every create is stored once and whole")
		list, err := gardenClient.CoreV1beta1().ExtensionProfiles().List(ctx, metav1.ListOptions{LabelSelector: "failover=apiserver"})
		Expect(err).NotTo(HaveOccurred())
		Expect(list.Items).To(HaveLen(creates))
		for i, stored := range list.Items {
			Expect(stored.Name).To(Equal(profile(i).Name))
			Expect(stored.Spec.Components).To(HaveLen(1))
			Expect(stored.Spec.Components[0].Versions).To(HaveLen(2), "stored whole, as written")
			Expect(stored.Spec.Components[0].Versions[0].Version).To(Equal(fmt.Sprintf("1.0.%d", i)))
		}
		Expect(createsServed(testEnv.GardenerAPIServers[0])).To(BeNumerically(">", servedBefore), "the surviving replica served creates")

		By("The killed replica is started again and serves again")
		Expect(killed.Restart(ctx)).To(Succeed())
		Eventually(ready).Should(Equal([]bool{true, true}))
		next := creates
		Eventually(func(g Gomega) {
			_, err := gardenClient.CoreV1beta1().ExtensionProfiles().Create(ctx, profile(next), metav1.CreateOptions{})
			next++
			g.Expect(err).NotTo(HaveOccurred())
			g.Expect(createsServed(killed)).To(BeNumerically(">", 0), "the restarted replica takes creates")
		}).Should(Succeed())
	})
})

// createsServed returns the ExtensionProfile creates a gardener-apiserver answered with 201, from
// its /metrics (apiserver_request_total), which the suite lets through without authorization.
func createsServed(s *gardenerenvtest.GardenerAPIServer) (float64, error) {
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(s.CABundle())
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}}
	defer client.CloseIdleConnections()
	resp, err := client.Get(s.URL() + "/metrics")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("/metrics answered %d", resp.StatusCode)
	}
	return failover.RequestsServed(resp.Body, "extensionprofiles", "POST", "201")
}
