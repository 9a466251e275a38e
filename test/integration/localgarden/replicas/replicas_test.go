// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package replicas_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gbytes"
	"github.com/onsi/gomega/gexec"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/failover"
)

// replicaURL matches local-garden's line naming a gardener-apiserver replica and its URL.
var replicaURL = regexp.MustCompile(`(?m)^gardener-apiserver(?:-\d+)?: (https://\S+)$`)

var _ = Describe("local-garden --replicas 2", func() {
	It("serves through both gardener-apiservers, elects one leader each, and stops cleanly", func() {
		devDir := GinkgoT().TempDir()
		cmd := exec.Command(filepath.Join(binDir, "local-garden"), "--bin-dir", binDir, "--dev-dir", devDir, "--replicas", "2") // #nosec G204 -- the suite's own binary.
		session, err := gexec.Start(cmd, GinkgoWriter, GinkgoWriter)
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() {
			if session.ExitCode() == -1 {
				session.Kill().Wait(time.Minute)
			}
		})
		Eventually(session.Out).Should(gbytes.Say("local garden ready"))

		config, err := clientcmd.BuildConfigFromFlags("", filepath.Join(devDir, "kubeconfig"))
		Expect(err).NotTo(HaveOccurred())
		kubeClient, err := kubernetes.NewForConfig(config)
		Expect(err).NotTo(HaveOccurred())

		By("Two EndpointSlices of one selector-less ClusterIP Service, both ready")
		service, err := kubeClient.CoreV1().Services(gardenerenvtest.ServiceNamespace).Get(ctx, gardenerenvtest.ServiceName, metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(service.Spec.Type).To(Equal(corev1.ServiceTypeClusterIP))
		Expect(service.Spec.Selector).To(BeEmpty())
		Eventually(func() ([]bool, error) { return failover.EndpointsReady(ctx, kubeClient, 2) }).Should(Equal([]bool{true, true}))

		By("Requests through kube-apiserver reach both replicas")
		urls := replicaURL.FindAllStringSubmatch(string(session.Out.Contents()), -1)
		Expect(urls).To(HaveLen(2))
		Eventually(func(g Gomega) {
			_, err := kubeClient.RESTClient().Get().AbsPath("/apis/core.gardener.cloud/v1beta1/extensionprofiles").DoRaw(ctx)
			g.Expect(err).NotTo(HaveOccurred())
			for _, url := range urls {
				g.Expect(listsServed(config, url[1])).To(BeNumerically(">", 0), "%s served a list", url[1])
			}
		}).Should(Succeed())

		By("One holder per Lease, and one replica of each component says it leads")
		Eventually(func() ([]string, error) {
			return failover.Holders(ctx, kubeClient, "kube-system", "gardener-controller-manager-leader-election", "gardenlet-leader-election")
		}).Should(HaveEach(Not(BeEmpty())))
		for _, component := range []string{"gardener-controller-manager", "gardenlet"} {
			Eventually(func() ([]bool, error) {
				var leads []bool
				for _, name := range []string{component, component + "-1"} {
					log, err := os.ReadFile(filepath.Join(devDir, "logs", name+".log")) // #nosec G304 -- the test's own directory.
					if err != nil {
						return nil, err
					}
					leads = append(leads, bytes.Contains(log, []byte("Successfully acquired lease")))
				}
				return leads, nil
			}).Should(ConsistOf(true, false), component)
		}

		By("SIGINT stops every process")
		session.Interrupt()
		Eventually(session).Should(gexec.Exit(0))
		Expect(session.Out).To(gbytes.Say("stopping gardener-apiserver, kube-apiserver and etcd"))
	})
})

// listsServed returns the ExtensionProfile lists the gardener-apiserver at url answered with 200,
// from its /metrics (apiserver_request_total), read with the admin's credentials.
func listsServed(admin *rest.Config, url string) (float64, error) {
	config := rest.CopyConfig(admin)
	config.Host = url
	// The replica's serving certificate is signed by local-garden's own CA, which it does not
	// write out; the credentials are what matters here.
	config.Insecure, config.CAData, config.CAFile = true, nil, ""
	client, err := kubernetes.NewForConfig(config)
	if err != nil {
		return 0, err
	}
	metrics, err := client.RESTClient().Get().AbsPath("/metrics").DoRaw(ctx)
	if err != nil {
		return 0, err
	}
	return failover.RequestsServed(bytes.NewReader(metrics), "extensionprofiles", "LIST", "200")
}
