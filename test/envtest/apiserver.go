// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package envtest

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/spf13/pflag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	apiregistrationv1 "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1"
	aggregatorclientset "k8s.io/kube-aggregator/pkg/client/clientset_generated/clientset"
	"k8s.io/utils/clock"

	"github.com/gep-78/gardener/cmd/gardener-apiserver/app"
	"github.com/gep-78/gardener/pkg/apiserver"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
)

const (
	// EnvGardenerAPIServerBinary names a gardener-apiserver binary to run as a process instead
	// of running the server in-process.
	EnvGardenerAPIServerBinary = "TEST_ASSET_GARDENER_APISERVER"

	// ServiceNamespace and ServiceName name the ExternalName Service that the APIServices point
	// to; it resolves to localhost.
	ServiceNamespace = metav1.NamespaceSystem
	// ServiceName is the name of that Service.
	ServiceName = "gardener-apiserver"

	defaultTimeout = time.Minute
)

// GardenerAPIServer runs gardener-apiserver next to an envtest kube-apiserver and registers it
// there as an aggregated API server.
type GardenerAPIServer struct {
	// Path is a gardener-apiserver binary. Empty means $TEST_ASSET_GARDENER_APISERVER, and if
	// that is empty too, the server runs in-process (same feature gates as the test process).
	Path string
	// Args are appended to the flags Start computes, so they can override them, e.g.
	// --feature-gates=ExtensionComponentVersions=true or --disable-admission-plugins=....
	Args []string
	// EtcdURL is the etcd to store objects in (the envtest etcd; gardener-apiserver keys live
	// under /registry-gardener, beside the kube-apiserver's /registry).
	EtcdURL string
	// KubeRESTConfig is the kube-apiserver identity (an admin, unless the test names another)
	// that gardener-apiserver uses for delegated authentication and authorization and as its
	// core Kubernetes client (--authentication-kubeconfig, --authorization-kubeconfig,
	// --kubeconfig).
	KubeRESTConfig *rest.Config
	// CertDir holds the serving certificate and the kubeconfig. Empty means a temporary
	// directory that Stop removes.
	CertDir string
	// SecurePort is the port to serve on at 127.0.0.1. 0 means a free port.
	SecurePort int
	// StartTimeout and StopTimeout bound Start and Stop; zero means one minute.
	StartTimeout time.Duration
	StopTimeout  time.Duration
	// Clock is injected into gardener-apiserver's admission plugins in in-process mode (e.g. a
	// fixed clock so version classifications do not depend on the day the test runs). Nil means
	// the real clock; it has no effect on a binary.
	Clock clock.PassiveClock
	// Out and Err receive the output of a gardener-apiserver process (binary mode only; the
	// in-process server logs through klog).
	Out, Err io.Writer

	caBundle        []byte
	kubeAdminConfig *rest.Config
	// ca signs the serving certificate; nil means a CA of its own (replicas share one).
	ca *certAuthority
	// bindIP is the address to serve on; empty means 127.0.0.1.
	bindIP        string
	removeCertDir bool
	cmd           *exec.Cmd
	cancel        context.CancelFunc
	done          chan error
}

// StartAndRegister starts gardener-apiserver (Start) and registers one APIService per
// apiserver.AllGardenerAPIGroupVersions with the kube-apiserver that kubeAdminConfig points to
// (an ExternalName Service kube-system/gardener-apiserver -> localhost, the serving CA as
// caBundle, group priority 100). It returns once every APIService is Available and
// extensionprofiles can be listed through the kube-apiserver.
func (s *GardenerAPIServer) StartAndRegister(kubeAdminConfig *rest.Config) error {
	if err := s.Start(); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.StartTimeout)
	defer cancel()
	if err := s.register(ctx, kubeAdminConfig); err != nil {
		return fmt.Errorf("registering gardener-apiserver with the kube-apiserver: %w", err)
	}
	s.kubeAdminConfig = kubeAdminConfig
	return nil
}

// Start starts gardener-apiserver and waits until it is ready, without registering it.
func (s *GardenerAPIServer) Start() error {
	if s.KubeRESTConfig == nil {
		return errors.New("KubeRESTConfig must be set")
	}
	if s.EtcdURL == "" {
		return errors.New("EtcdURL must be set")
	}
	if s.StartTimeout == 0 {
		s.StartTimeout = defaultTimeout
	}
	if s.StopTimeout == 0 {
		s.StopTimeout = defaultTimeout
	}
	if s.Path == "" {
		s.Path = os.Getenv(EnvGardenerAPIServerBinary)
	}
	if err := s.prepare(); err != nil {
		return err
	}

	start := s.startInProcess
	if s.Path != "" {
		start = s.startProcess
	}
	if err := start(s.flags()); err != nil {
		return err
	}

	ctx, cancel := context.WithTimeout(context.Background(), s.StartTimeout)
	defer cancel()
	if err := s.waitUntilReady(ctx); err != nil {
		return fmt.Errorf("gardener-apiserver did not become ready: %w", err)
	}
	return nil
}

// URL returns the address gardener-apiserver serves on.
func (s *GardenerAPIServer) URL() string {
	return "https://" + net.JoinHostPort(s.host(), strconv.Itoa(s.SecurePort))
}

func (s *GardenerAPIServer) host() string {
	if s.bindIP == "" {
		return "127.0.0.1"
	}
	return s.bindIP
}

// CABundle returns the CA that signed gardener-apiserver's serving certificate.
func (s *GardenerAPIServer) CABundle() []byte { return s.caBundle }

// Stop stops gardener-apiserver and removes the temporary certificate directory.
func (s *GardenerAPIServer) Stop() error {
	var err error
	switch {
	case s.cmd != nil && s.cmd.Process != nil:
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.done:
		case <-time.After(s.StopTimeout):
			_ = s.cmd.Process.Kill()
			<-s.done
			err = fmt.Errorf("gardener-apiserver did not stop within %s and was killed", s.StopTimeout)
		}
	case s.cancel != nil:
		s.cancel()
		select {
		case runErr := <-s.done:
			err = runErr
		case <-time.After(s.StopTimeout):
			err = fmt.Errorf("gardener-apiserver did not stop within %s", s.StopTimeout)
		}
	}
	if s.removeCertDir && s.CertDir != "" {
		if rmErr := os.RemoveAll(s.CertDir); rmErr != nil && err == nil {
			err = rmErr
		}
	}
	return err
}

// prepare picks the port, and writes the serving certificate and the kubeconfig.
func (s *GardenerAPIServer) prepare() error {
	if s.CertDir == "" {
		dir, err := os.MkdirTemp("", "gardener-apiserver-")
		if err != nil {
			return err
		}
		s.CertDir, s.removeCertDir = dir, true
	}
	if s.SecurePort == 0 {
		port, err := freePort()
		if err != nil {
			return err
		}
		s.SecurePort = port
	}

	ca := s.ca
	if ca == nil {
		var err error
		if ca, err = newCertAuthority("gardener-apiserver-ca"); err != nil {
			return err
		}
	}
	ips := []net.IP{net.IPv4(127, 0, 0, 1)}
	if s.bindIP != "" {
		ips = append(ips, net.ParseIP(s.bindIP))
	}
	// The kube-aggregator verifies the serving certificate against <service>.<namespace>.svc.
	servingCert, servingKey, err := ca.issue("gardener-apiserver", x509.ExtKeyUsageServerAuth,
		[]string{"localhost", ServiceName + "." + ServiceNamespace + ".svc"}, ips)
	if err != nil {
		return err
	}
	kubeconfig, err := KubeconfigFromRESTConfig(s.KubeRESTConfig)
	if err != nil {
		return err
	}
	s.caBundle = ca.certPEM
	return writeFiles(s.CertDir, map[string][]byte{
		"ca.crt":          ca.certPEM,
		"tls.crt":         servingCert,
		"tls.key":         servingKey,
		"kubeconfig.yaml": kubeconfig,
	})
}

// flags returns the command line: what the environment requires, then s.Args.
func (s *GardenerAPIServer) flags() []string {
	kubeconfig := filepath.Join(s.CertDir, "kubeconfig.yaml")
	return append([]string{
		"--bind-address=" + s.host(),
		"--secure-port=" + strconv.Itoa(s.SecurePort),
		"--tls-cert-file=" + filepath.Join(s.CertDir, "tls.crt"),
		"--tls-private-key-file=" + filepath.Join(s.CertDir, "tls.key"),
		"--etcd-servers=" + s.EtcdURL,
		"--authentication-kubeconfig=" + kubeconfig,
		"--authorization-kubeconfig=" + kubeconfig,
		"--kubeconfig=" + kubeconfig,
		"--authorization-always-allow-paths=/healthz,/readyz,/livez",
	}, s.Args...)
}

func (s *GardenerAPIServer) startProcess(args []string) error {
	s.cmd = exec.Command(s.Path, args...) // #nosec G204 -- the binary and flags come from the test setup.
	s.cmd.Stdout, s.cmd.Stderr = s.Out, s.Err
	if err := s.cmd.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", s.Path, err)
	}
	s.done = make(chan error, 1)
	go func() { s.done <- s.cmd.Wait() }()
	return nil
}

// startInProcess runs the server from the app package in a goroutine. Only one in-process
// server can run per process (the generic API server registers process-global metrics and the
// feature gates are process-global).
func (s *GardenerAPIServer) startInProcess(args []string) error {
	opts := app.NewOptions()
	opts.Clock = s.Clock
	fs := pflag.NewFlagSet(app.Name, pflag.ContinueOnError)
	opts.AddFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := opts.Complete(); err != nil {
		return err
	}
	if err := opts.Validate(); err != nil {
		return err
	}

	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.done = make(chan error, 1)
	go func() { s.done <- opts.Run(ctx) }()
	return nil
}

// waitUntilReady polls /readyz until it answers 200, and fails early if the server exits.
func (s *GardenerAPIServer) waitUntilReady(ctx context.Context) error {
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(s.caBundle)
	client := &http.Client{
		Timeout:   5 * time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}},
	}
	defer client.CloseIdleConnections()

	return wait.PollUntilContextCancel(ctx, 100*time.Millisecond, true, func(ctx context.Context) (bool, error) {
		select {
		case err := <-s.done:
			s.done <- err
			return false, fmt.Errorf("gardener-apiserver exited: %v", err)
		default:
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL()+"/readyz", nil)
		if err != nil {
			return false, err
		}
		resp, err := client.Do(req)
		if err != nil {
			return false, nil //nolint:nilerr // not serving yet
		}
		_ = resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

// waitUntilServed waits until every APIService is Available, the group versions are discoverable
// (also in the aggregated discovery document) and ExtensionProfiles can be listed through the
// kube-apiserver.
func (s *GardenerAPIServer) waitUntilServed(ctx context.Context, kubeAdminConfig *rest.Config) error {
	kubeClient, err := kubernetes.NewForConfig(kubeAdminConfig)
	if err != nil {
		return err
	}
	aggregatorClient, err := aggregatorclientset.NewForConfig(kubeAdminConfig)
	if err != nil {
		return err
	}
	gardenClient, err := gardencoreclientset.NewForConfig(kubeAdminConfig)
	if err != nil {
		return err
	}
	var lastErr error
	err = wait.PollUntilContextCancel(ctx, 200*time.Millisecond, true, func(ctx context.Context) (bool, error) {
		for _, gv := range apiserver.AllGardenerAPIGroupVersions {
			apiService, err := aggregatorClient.ApiregistrationV1().APIServices().Get(ctx, gv.Version+"."+gv.Group, metav1.GetOptions{})
			if err != nil {
				lastErr = err
				return false, nil //nolint:nilerr // retried until the timeout
			}
			if !isAvailable(apiService) {
				lastErr = fmt.Errorf("APIService %s is not available", apiService.Name)
				return false, nil
			}
			resources, err := kubeClient.Discovery().ServerResourcesForGroupVersion(gv.String())
			if err != nil || len(resources.APIResources) == 0 {
				lastErr = fmt.Errorf("%s is not discoverable: %v", gv, err)
				return false, nil
			}
		}
		// controller-runtime's REST mapper reads the aggregated discovery document (/apis), which
		// the kube-apiserver refreshes separately from the per-group endpoints checked above: wait
		// until it lists every Gardener group-version with its resources.
		_, lists, err := kubeClient.Discovery().ServerGroupsAndResources()
		if err != nil {
			lastErr = fmt.Errorf("discovery is incomplete: %w", err)
			return false, nil
		}
		discovered := map[string]bool{}
		for _, list := range lists {
			discovered[list.GroupVersion] = len(list.APIResources) > 0
		}
		for _, gv := range apiserver.AllGardenerAPIGroupVersions {
			if !discovered[gv.String()] {
				lastErr = fmt.Errorf("%s has no resources in the aggregated discovery document yet", gv)
				return false, nil
			}
		}
		// A 403 or 401 is retried too: a replica that has just started may not have loaded the
		// request-header client CA yet and then takes the proxied request for system:anonymous.
		if _, err := gardenClient.CoreV1beta1().ExtensionProfiles().List(ctx, metav1.ListOptions{}); err != nil {
			lastErr = err
			return false, nil
		}
		return true, nil
	})
	if err != nil && lastErr != nil {
		return fmt.Errorf("%w (last error: %v)", err, lastErr)
	}
	return err
}

func isAvailable(apiService *apiregistrationv1.APIService) bool {
	for _, c := range apiService.Status.Conditions {
		if c.Type == apiregistrationv1.Available {
			return c.Status == apiregistrationv1.ConditionTrue
		}
	}
	return false
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
