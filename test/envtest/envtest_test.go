// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package envtest

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"net"
	"os"
	"path/filepath"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	crenvtest "sigs.k8s.io/controller-runtime/pkg/envtest"
)

var _ = Describe("certificates", func() {
	It("issues serving certificates that verify against the CA for the aggregator's server name", func() {
		ca, err := newCertAuthority("test-ca")
		Expect(err).NotTo(HaveOccurred())
		certPEM, keyPEM, err := ca.issue("server", x509.ExtKeyUsageServerAuth,
			[]string{"localhost", "gardener-apiserver.kube-system.svc"}, []net.IP{net.IPv4(127, 0, 0, 1)})
		Expect(err).NotTo(HaveOccurred())
		_, err = tls.X509KeyPair(certPEM, keyPEM)
		Expect(err).NotTo(HaveOccurred())

		block, _ := pem.Decode(certPEM)
		cert, err := x509.ParseCertificate(block.Bytes)
		Expect(err).NotTo(HaveOccurred())
		pool := x509.NewCertPool()
		Expect(pool.AppendCertsFromPEM(ca.certPEM)).To(BeTrue())
		for _, name := range []string{"localhost", "127.0.0.1", "gardener-apiserver.kube-system.svc"} {
			_, err = cert.Verify(x509.VerifyOptions{Roots: pool, DNSName: name})
			Expect(err).NotTo(HaveOccurred(), name)
		}
	})
})

var _ = Describe("configureAggregation", func() {
	It("writes the front-proxy CA and client certificate and sets the kube-apiserver flags", func() {
		dir := GinkgoT().TempDir()
		args := crenvtest.EmptyArguments()
		Expect(configureAggregation(dir, args)).To(Succeed())

		Expect(args.Get("requestheader-client-ca-file").Get(nil)).To(ConsistOf(filepath.Join(dir, "front-proxy-ca.crt")))
		Expect(args.Get("requestheader-allowed-names").Get(nil)).To(ConsistOf("front-proxy-client"))
		Expect(args.Get("proxy-client-cert-file").Get(nil)).To(ConsistOf(filepath.Join(dir, "front-proxy-client.crt")))
		Expect(args.Get("proxy-client-key-file").Get(nil)).To(ConsistOf(filepath.Join(dir, "front-proxy-client.key")))
		for _, f := range []string{"front-proxy-ca.crt", "front-proxy-client.crt", "front-proxy-client.key"} {
			Expect(filepath.Join(dir, f)).To(BeAnExistingFile())
		}
		clientCert, err := os.ReadFile(filepath.Join(dir, "front-proxy-client.crt"))
		Expect(err).NotTo(HaveOccurred())
		block, _ := pem.Decode(clientCert)
		cert, err := x509.ParseCertificate(block.Bytes)
		Expect(err).NotTo(HaveOccurred())
		Expect(cert.Subject.CommonName).To(Equal("front-proxy-client"))
		Expect(cert.ExtKeyUsage).To(ConsistOf(x509.ExtKeyUsageClientAuth))
	})
})

var _ = Describe("KubeconfigFromRESTConfig", func() {
	It("round-trips a client-certificate config", func() {
		in := &rest.Config{Host: "https://127.0.0.1:6443", TLSClientConfig: rest.TLSClientConfig{CAData: []byte("ca"), CertData: []byte("cert"), KeyData: []byte("key")}}
		data, err := KubeconfigFromRESTConfig(in)
		Expect(err).NotTo(HaveOccurred())
		out, err := clientcmd.RESTConfigFromKubeConfig(data)
		Expect(err).NotTo(HaveOccurred())
		Expect(out.Host).To(Equal(in.Host))
		Expect(out.CAData).To(Equal(in.CAData))
		Expect(out.CertData).To(Equal(in.CertData))
		Expect(out.KeyData).To(Equal(in.KeyData))
	})
})

var _ = Describe("GardenerTestEnvironment", func() {
	It("cleans up after a failed start", func() {
		missing := filepath.Join(GinkgoT().TempDir(), "missing")
		env := &GardenerTestEnvironment{Environment: &crenvtest.Environment{
			ControlPlane: crenvtest.ControlPlane{
				APIServer: &crenvtest.APIServer{Path: filepath.Join(missing, "kube-apiserver")},
				Etcd:      &crenvtest.Etcd{Path: filepath.Join(missing, "etcd"), DataDir: GinkgoT().TempDir()},
			},
			ControlPlaneStartTimeout: 5 * time.Second,
			ControlPlaneStopTimeout:  5 * time.Second,
		}}
		DeferCleanup(func() { _ = env.Stop() })
		_, err := env.Start()
		Expect(err).To(MatchError(ContainSubstring("starting etcd and kube-apiserver")))
		Expect(env.kubeCertDir).To(BeEmpty())
		Expect(env.Environment.ControlPlane.GetAPIServer().CertDir).NotTo(BeAnExistingFile())
		Expect(env.Stop()).To(Succeed())
	})
})

var _ = Describe("replicas", func() {
	It("refuses several in-process gardener-apiservers", func() {
		env := &GardenerTestEnvironment{}
		Expect(env.startReplicas(&GardenerAPIServer{}, 2, nil)).To(MatchError(ContainSubstring("need a binary")))
	})

	It("finds a non-loopback IPv4 address for the endpoints, or says why not", func() {
		ip, err := hostIPv4()
		if err != nil {
			Expect(err).To(MatchError(ContainSubstring("non-loopback IPv4 address")))
			return
		}
		parsed := net.ParseIP(ip)
		Expect(parsed).NotTo(BeNil())
		Expect(parsed.To4()).NotTo(BeNil())
		Expect(parsed.IsLoopback()).To(BeFalse())
	})
})
