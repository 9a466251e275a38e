// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package envtest starts a garden control plane for integration tests and local runs: etcd and
// kube-apiserver from controller-runtime's envtest (binaries from $KUBEBUILDER_ASSETS), with API
// aggregation configured, and gardener-apiserver registered as the aggregated server of
// core.gardener.cloud.
//
// Tests use GardenerTestEnvironment with the in-process gardener-apiserver. A program that wants
// real processes (local-garden) sets GardenerAPIServer.Path (or $TEST_ASSET_GARDENER_APISERVER)
// to a gardener-apiserver binary, points Environment.BinaryAssetsDirectory at the directory with
// etcd and kube-apiserver, starts the environment and writes the admin kubeconfig with
// WriteAdminKubeconfig:
//
//	env := &envtest.GardenerTestEnvironment{
//		Environment:       &crenvtest.Environment{BinaryAssetsDirectory: "bin"},
//		GardenerAPIServer: &envtest.GardenerAPIServer{Path: "bin/gardener-apiserver", Args: args, Out: log, Err: log},
//	}
//	if _, err := env.Start(); err != nil { ... }
//	defer env.Stop()
//	err := env.WriteAdminKubeconfig("dev/kubeconfig")
package envtest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

// GardenerTestEnvironment is an envtest environment plus gardener-apiserver.
type GardenerTestEnvironment struct {
	// Environment is the controller-runtime environment (etcd + kube-apiserver). Nil means
	// defaults. Its Config, after Start, is an admin (system:masters) identity at the
	// kube-apiserver, which also serves core.gardener.cloud through aggregation.
	*envtest.Environment
	// GardenerAPIServer configures gardener-apiserver. Nil means defaults (in-process, unless
	// $TEST_ASSET_GARDENER_APISERVER names a binary).
	GardenerAPIServer *GardenerAPIServer
	// GardenerAPIServerUser is the kube-apiserver identity gardener-apiserver runs as (delegated
	// authentication and authorization, its Kubernetes client). Nil means an admin named
	// gardener-apiserver in system:masters. A test of the deployment RBAC names the chart's
	// ServiceAccount here and applies its RBAC in BeforeGardenerAPIServer.
	GardenerAPIServerUser *envtest.User
	// BeforeGardenerAPIServer, when set, runs once etcd and kube-apiserver serve and before
	// gardener-apiserver starts, with the admin config.
	BeforeGardenerAPIServer func(adminConfig *rest.Config) error
	// GardenerAPIServerReplicas is the number of gardener-apiserver processes; 0 and 1 mean one,
	// behind an ExternalName Service. More need GardenerAPIServer.Path and a non-loopback IPv4
	// address on the host: copies of GardenerAPIServer (own ports, one serving CA) behind a
	// selector-less ClusterIP Service with one EndpointSlice each, which the kube-apiserver routes
	// to (--enable-aggregator-routing). Each endpoint's Ready follows its replica's /readyz,
	// probed every 100ms.
	GardenerAPIServerReplicas int
	// GardenerAPIServers are the running gardener-apiservers after Start, GardenerAPIServer
	// first.
	GardenerAPIServers []*GardenerAPIServer

	kubeCertDir string
	endpoints   *endpointProber
}

// Start starts etcd and kube-apiserver with aggregation enabled, then gardener-apiserver, and
// returns the admin rest config once core.gardener.cloud is served through the kube-apiserver.
// When it fails, it stops whatever it started.
func (e *GardenerTestEnvironment) Start() (*rest.Config, error) {
	config, err := e.start()
	if err != nil {
		if stopErr := e.Stop(); stopErr != nil {
			err = errors.Join(err, fmt.Errorf("cleaning up: %w", stopErr))
		}
		return nil, err
	}
	return config, nil
}

func (e *GardenerTestEnvironment) start() (*rest.Config, error) {
	if e.Environment == nil {
		e.Environment = &envtest.Environment{}
	}
	if e.GardenerAPIServer == nil {
		e.GardenerAPIServer = &GardenerAPIServer{}
	}
	if e.Environment.BinaryAssetsDirectory == "" && os.Getenv("KUBEBUILDER_ASSETS") == "" {
		dir, err := repositoryBinDir()
		if err != nil {
			return nil, err
		}
		e.Environment.BinaryAssetsDirectory = dir
	}

	kubeAPIServer := e.Environment.ControlPlane.GetAPIServer()
	if kubeAPIServer.CertDir == "" {
		dir, err := os.MkdirTemp("", "envtest-kube-apiserver-")
		if err != nil {
			return nil, err
		}
		kubeAPIServer.CertDir, e.kubeCertDir = dir, dir
	}
	if err := configureAggregation(kubeAPIServer.CertDir, kubeAPIServer.Configure()); err != nil {
		return nil, fmt.Errorf("configuring API aggregation: %w", err)
	}
	if e.GardenerAPIServerReplicas > 1 {
		kubeAPIServer.Configure().Set("enable-aggregator-routing", "true")
	}

	adminConfig, err := e.Environment.Start()
	if err != nil {
		return nil, fmt.Errorf("starting etcd and kube-apiserver: %w", err)
	}

	if e.BeforeGardenerAPIServer != nil {
		if err := e.BeforeGardenerAPIServer(adminConfig); err != nil {
			return nil, fmt.Errorf("preparing the kube-apiserver for gardener-apiserver: %w", err)
		}
	}

	identity := envtest.User{Name: "gardener-apiserver", Groups: []string{"system:masters"}}
	if e.GardenerAPIServerUser != nil {
		identity = *e.GardenerAPIServerUser
	}
	user, err := e.Environment.AddUser(identity, &rest.Config{QPS: 1000, Burst: 2000})
	if err != nil {
		return nil, fmt.Errorf("provisioning the gardener-apiserver user: %w", err)
	}
	s := e.GardenerAPIServer
	s.KubeRESTConfig = user.Config()
	s.EtcdURL = e.Environment.ControlPlane.Etcd.URL.String()
	if s.StartTimeout == 0 {
		s.StartTimeout = e.Environment.ControlPlaneStartTimeout
	}
	if s.StopTimeout == 0 {
		s.StopTimeout = e.Environment.ControlPlaneStopTimeout
	}
	if e.GardenerAPIServerReplicas > 1 {
		if err := e.startReplicas(s, e.GardenerAPIServerReplicas, adminConfig); err != nil {
			return nil, err
		}
		return adminConfig, nil
	}
	e.GardenerAPIServers = []*GardenerAPIServer{s}
	if err := s.StartAndRegister(adminConfig); err != nil {
		return nil, err
	}
	return adminConfig, nil
}

// Stop stops the gardener-apiservers, kube-apiserver and etcd, and removes temporary
// directories. Parts that were never started are skipped.
func (e *GardenerTestEnvironment) Stop() error {
	var errs []error
	e.endpoints.stop()
	e.endpoints = nil
	servers := e.GardenerAPIServers
	if len(servers) == 0 && e.GardenerAPIServer != nil {
		servers = []*GardenerAPIServer{e.GardenerAPIServer}
	}
	for _, s := range servers {
		errs = append(errs, s.Stop())
	}
	if e.Environment != nil && e.Environment.ControlPlane.APIServer != nil {
		errs = append(errs, e.Environment.Stop())
	}
	if e.kubeCertDir != "" {
		errs = append(errs, os.RemoveAll(e.kubeCertDir))
		e.kubeCertDir = ""
	}
	return errors.Join(errs...)
}

// WriteAdminKubeconfig writes a kubeconfig for the admin identity (system:masters) at the
// kube-apiserver to path.
func (e *GardenerTestEnvironment) WriteAdminKubeconfig(path string) error {
	if e.Environment == nil || e.Environment.Config == nil {
		return errors.New("the environment is not started")
	}
	kubeconfig, err := KubeconfigFromRESTConfig(e.Environment.Config)
	if err != nil {
		return err
	}
	return os.WriteFile(path, kubeconfig, 0o600)
}

// repositoryBinDir returns this repository's bin/ directory, where hack/tools/install.sh builds
// etcd and kube-apiserver, so `go test` works without $KUBEBUILDER_ASSETS. It fails with a hint
// when the binaries are missing.
func repositoryBinDir() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", errors.New("cannot locate the repository: set KUBEBUILDER_ASSETS to a directory with etcd and kube-apiserver")
	}
	dir := filepath.Join(filepath.Dir(file), "..", "..", "bin")
	for _, name := range []string{"etcd", "kube-apiserver"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return "", fmt.Errorf("%s not found in %s: run `make tools` (or set KUBEBUILDER_ASSETS): %w", name, dir, err)
		}
	}
	return dir, nil
}
