// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command local-garden runs a local garden on this machine: etcd and kube-apiserver (built by
// hack/tools/install.sh), gardener-apiserver registered as an aggregated API server,
// gardener-controller-manager, gardenlet, gardener-operator and the example shoot-falco-service and gvisor
// extensions (unless --example-extension=false), each as its own process with its own identity. The garden's kube-apiserver doubles
// as the seed and as gardener-operator's runtime cluster. It writes an admin kubeconfig, prints the line
// "local garden ready" once every component serves, and runs until SIGINT or SIGTERM, when it
// stops everything it started.
//
// It supervises the Gardener processes: one that exits (gardener-apiserver included) is started
// again after a backoff of 1 s, doubled per crash up to 30 s and reset after a minute of running,
// instead of tearing the garden down; etcd and kube-apiserver are watched and reported when they
// stop answering. Logs in <dev-dir>/logs are appended to, with a line per (re)start. With
// --data-dir etcd keeps its data there, so a new local-garden starts over the same garden.
//
// With --replicas N it runs N processes each of gardener-apiserver, gardener-controller-manager
// and gardenlet: the gardener-apiservers serve behind one Service of the aggregator (one
// EndpointSlice each, see envtest.GardenerTestEnvironment.GardenerAPIServerReplicas), the others
// elect a leader with the Lease of their component configuration.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"k8s.io/client-go/rest"
	crenvtest "sigs.k8s.io/controller-runtime/pkg/envtest"

	"github.com/gep-78/gardener/test/envtest"
)

func main() {
	opts := options{}
	flags := newFlagSet(&opts)
	_ = flags.Parse(os.Args[1:]) // ExitOnError

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, opts); err != nil {
		fmt.Fprintln(os.Stderr, "local-garden:", err)
		os.Exit(1)
	}
}

type options struct {
	binDir, devDir, featureGates, dataDir string
	replicas                              int
	exampleExtension                      bool
	// prometheus starts Debian's Prometheus with prometheusRules at prometheusInterval.
	prometheus         bool
	prometheusRules    string
	prometheusInterval time.Duration
}

// newFlagSet returns local-garden's own flags bound to opts. It is not flag.CommandLine:
// controller-runtime registers --kubeconfig there, which does not apply here.
func newFlagSet(opts *options) *flag.FlagSet {
	flags := flag.NewFlagSet("local-garden", flag.ExitOnError)
	flags.StringVar(&opts.binDir, "bin-dir", "bin", "directory with etcd, kube-apiserver, gardener-apiserver, gardener-controller-manager, gardenlet, gardener-operator, gardener-extension-shoot-falco-service and gardener-extension-runtime-gvisor")
	flags.StringVar(&opts.devDir, "dev-dir", "dev", "directory for the admin kubeconfig (kubeconfig), component kubeconfigs, logs and <component>.metrics-address files")
	flags.StringVar(&opts.featureGates, "feature-gates", "ExtensionComponentVersions=true", "feature gates passed to every Gardener component")
	flags.StringVar(&opts.dataDir, "data-dir", "", "directory where etcd keeps its data across runs; empty means a temporary directory removed on exit")
	flags.IntVar(&opts.replicas, "replicas", 1, "processes each of gardener-apiserver, gardener-controller-manager and gardenlet; with more than one, the gardener-apiservers serve behind one Service with an EndpointSlice each, and the controller-managers and gardenlets elect a leader")
	flags.BoolVar(&opts.exampleExtension, "example-extension", true, "run the example shoot-falco-service and gvisor extensions; without them the seed Extensions and ContainerRuntimes gardenlet writes stay unreconciled (the memory runs of hack/scale)")
	flags.BoolVar(&opts.prometheus, "prometheus", false, "also run Prometheus (<bin-dir>/prometheus, hack/tools/install-prometheus.sh) on a loopback port, scraping gardener-controller-manager and gardenlet and loading --prometheus-rules; its URL is printed and written to <dev-dir>/prometheus.address")
	flags.StringVar(&opts.prometheusRules, "prometheus-rules", "charts/gardener/controller-manager/alerts/extension-components.rules.yaml", "rule file Prometheus loads (--prometheus)")
	flags.DurationVar(&opts.prometheusInterval, "prometheus-interval", 5*time.Second, "Prometheus' scrape and rule evaluation interval (--prometheus)")
	return flags
}

func run(ctx context.Context, opts options) error {
	binDir, err := filepath.Abs(opts.binDir)
	if err != nil {
		return err
	}
	devDir, err := filepath.Abs(opts.devDir)
	if err != nil {
		return err
	}
	logDir := filepath.Join(devDir, "logs")
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		return err
	}

	apiserverLog, err := openLog(logDir, "gardener-apiserver")
	if err != nil {
		return err
	}
	defer apiserverLog.Close()
	logStart(apiserverLog, "gardener-apiserver")

	// gardener-controller-manager authenticates with a client certificate for the user
	// "gardener-controller-manager" (componentKubeconfig); that user is the maintenance identity of
	// the ShootExtensionProfile admission plugin here, whose default is a service account.
	admissionConfigFlag, err := envtest.WriteAdmissionConfiguration(devDir, "gardener-controller-manager")
	if err != nil {
		return err
	}
	environment := &crenvtest.Environment{BinaryAssetsDirectory: binDir}
	if opts.dataDir != "" {
		dataDir, err := filepath.Abs(opts.dataDir)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(dataDir, 0o700); err != nil {
			return err
		}
		environment.ControlPlane.Etcd = &crenvtest.Etcd{DataDir: dataDir}
		fmt.Printf("etcd data: %s (kept)\n", dataDir)
	}
	env := &envtest.GardenerTestEnvironment{
		Environment: environment,
		GardenerAPIServer: &envtest.GardenerAPIServer{
			Path: filepath.Join(binDir, "gardener-apiserver"),
			Args: []string{"--feature-gates=" + opts.featureGates, admissionConfigFlag},
			Out:  apiserverLog,
			Err:  apiserverLog,
		},
		GardenerAPIServerReplicas: opts.replicas,
	}
	// envtest prefers $KUBEBUILDER_ASSETS over BinaryAssetsDirectory; make --bin-dir win.
	if err := os.Setenv("KUBEBUILDER_ASSETS", binDir); err != nil {
		return err
	}

	fmt.Printf("starting etcd, kube-apiserver and %d gardener-apiserver(s)\n", max(opts.replicas, 1))
	if _, err := env.Start(); err != nil {
		return fmt.Errorf("starting the garden control plane: %w", err)
	}
	defer func() {
		fmt.Println("stopping gardener-apiserver, kube-apiserver and etcd")
		if err := env.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "local-garden: stopping the control plane:", err)
		}
	}()

	for i, server := range env.GardenerAPIServers {
		fmt.Printf("%s: %s\n", replicaName("gardener-apiserver", i), server.URL())
	}

	adminKubeconfig := filepath.Join(devDir, "kubeconfig")
	if err := env.WriteAdminKubeconfig(adminKubeconfig); err != nil {
		return err
	}

	controllerManagerConfig, err := writeComponentConfig(devDir, "gardener-controller-manager", controllerManagerConfiguration)
	if err != nil {
		return err
	}
	gardenletConfig, err := writeComponentConfig(devDir, "gardenlet", gardenletConfiguration)
	if err != nil {
		return err
	}
	components := newComponents(opts.featureGates, controllerManagerConfig, gardenletConfig, opts.replicas, opts.exampleExtension)
	kubeconfigs := map[string]string{}
	for _, c := range components {
		// One identity per binary: the replicas of a component share it, as the pods of a
		// Deployment share their ServiceAccount.
		kubeconfig, ok := kubeconfigs[c.binary]
		if !ok {
			if kubeconfig, err = componentKubeconfig(env, devDir, c.binary); err != nil {
				return err
			}
			kubeconfigs[c.binary] = kubeconfig
		}
		port, err := freePort()
		if err != nil {
			return err
		}
		c.healthAddress = fmt.Sprintf("127.0.0.1:%d", port)
		switch c.binary {
		case "gardenlet":
			c.args = append(c.args, "--garden-kubeconfig="+kubeconfig, "--seed-kubeconfig="+kubeconfig)
		case "gardener-operator":
			c.args = append(c.args, "--kubeconfig="+kubeconfig, "--garden-kubeconfig="+kubeconfig)
		default:
			c.args = append(c.args, "--kubeconfig="+kubeconfig)
		}
		c.args = append(c.args, "--health-probe-bind-address="+c.healthAddress)
		if c.servesMetrics {
			metricsPort, err := freePort()
			if err != nil {
				return err
			}
			c.metricsAddress = fmt.Sprintf("127.0.0.1:%d", metricsPort)
			c.args = append(c.args, "--metrics-bind-address="+c.metricsAddress)
			// hack/scale reads gardenlet's client metrics from here.
			if err := os.WriteFile(filepath.Join(devDir, c.name+".metrics-address"), []byte(c.metricsAddress+"\n"), 0o600); err != nil {
				return err
			}
		}
		if c.log, err = openLog(logDir, c.name); err != nil {
			return err
		}
		fmt.Printf("starting %s (log: %s)\n", c.name, c.log.Name())
		c.path = filepath.Join(binDir, c.binary)
		if err := c.start(); err != nil {
			return err
		}
		defer c.stop()
	}

	for _, c := range components {
		if err := c.waitReady(ctx); err != nil {
			return err
		}
	}

	for _, c := range components {
		if c.metricsAddress != "" {
			fmt.Printf("%s metrics: http://%s/metrics\n", c.name, c.metricsAddress)
		}
	}
	if opts.prometheus {
		prometheus, err := startPrometheus(ctx, binDir, devDir, logDir, components, opts)
		if err != nil {
			return err
		}
		defer prometheus.stop()
		components = append(components, prometheus)
	}
	fmt.Printf("admin kubeconfig: %s\n", adminKubeconfig)

	// Supervision runs until the signal; the supervisors are stopped (and waited for) before the
	// deferred stops run, so that nothing is restarted while the garden goes down.
	superviseCtx, stopSupervising := context.WithCancel(ctx)
	var supervisors sync.WaitGroup
	defer func() {
		stopSupervising()
		supervisors.Wait()
	}()
	for _, c := range components {
		supervisors.Go(func() { c.supervise(superviseCtx) })
	}
	for i, server := range env.GardenerAPIServers {
		name := replicaName("gardener-apiserver", i)
		supervisors.Go(func() { superviseAPIServer(superviseCtx, name, server, apiserverLog) })
	}
	supervisors.Go(func() { watchControlPlane(superviseCtx, env) })

	fmt.Println("local garden ready")
	<-ctx.Done()
	fmt.Println("received signal, shutting down")
	stopSupervising()
	supervisors.Wait()
	return nil
}

// superviseAPIServer restarts the gardener-apiserver process whenever it exits, with the backoff
// of the other components, until ctx is done.
func superviseAPIServer(ctx context.Context, name string, server *envtest.GardenerAPIServer, log *os.File) {
	backoff := restartBackoffInitial
	for {
		started := time.Now()
		exited, exitErr := server.Exited()
		select {
		case <-ctx.Done():
			return
		case <-exited:
		}
		if time.Since(started) >= restartBackoffReset {
			backoff = restartBackoffInitial
		}
		fmt.Printf("%s exited (%v); restarting in %s (log: %s)\n", name, exitErr(), backoff, log.Name())
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, restartBackoffMax)
		logStart(log, name)
		if err := server.Restart(ctx); err != nil {
			fmt.Fprintf(os.Stderr, "local-garden: %s: %v\n", name, err)
			continue
		}
		fmt.Printf("%s is ready again\n", name)
	}
}

// watchControlPlane reports, naming the process, when etcd (its /health) or kube-apiserver (its
// /livez without the etcd check) stops or starts answering. envtest runs them; local-garden does
// not restart them.
func watchControlPlane(ctx context.Context, env *envtest.GardenerTestEnvironment) {
	apiClient, err := rest.HTTPClientFor(env.Config)
	if err != nil {
		fmt.Fprintf(os.Stderr, "local-garden: cannot watch kube-apiserver: %v\n", err)
		return
	}
	processes := []struct {
		name, url string
		client    *http.Client
		healthy   bool
	}{
		{name: "etcd", url: strings.TrimSuffix(env.Environment.ControlPlane.Etcd.URL.String(), "/") + "/health", client: http.DefaultClient, healthy: true},
		{name: "kube-apiserver", url: strings.TrimSuffix(env.Config.Host, "/") + "/livez?exclude=etcd", client: apiClient, healthy: true},
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
		for i := range processes {
			p := &processes[i]
			err := probe(ctx, p.client, p.url)
			switch {
			case ctx.Err() != nil:
				return
			case err != nil && p.healthy:
				fmt.Fprintf(os.Stderr, "local-garden: %s is not answering (it may have died): %v\n", p.name, err)
			case err == nil && !p.healthy:
				fmt.Printf("%s is answering again\n", p.name)
			}
			p.healthy = err == nil
		}
	}
}

func probe(ctx context.Context, client *http.Client, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %d", req.URL.Path, resp.StatusCode)
	}
	return nil
}

// componentKubeconfig writes a kubeconfig for a user named after the component (in
// system:masters, as a local stand-in for its RBAC) and returns its path, so every component
// talks to the garden with its own identity, as in a real landscape.
func componentKubeconfig(env *envtest.GardenerTestEnvironment, devDir, name string) (string, error) {
	user, err := env.AddUser(crenvtest.User{Name: name, Groups: []string{"system:masters"}}, &rest.Config{QPS: 100, Burst: 200})
	if err != nil {
		return "", fmt.Errorf("creating the identity of %s: %w", name, err)
	}
	data, err := envtest.KubeconfigFromRESTConfig(user.Config())
	if err != nil {
		return "", err
	}
	dir := filepath.Join(devDir, "kubeconfigs")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	path := filepath.Join(dir, name+".yaml")
	return path, os.WriteFile(path, data, 0o600)
}

// The component configurations local-garden passes with --config: the client connections and
// concurrency of Gardener's charts (charts/gardener/{controller-manager,gardenlet}/values.yaml).
// The kubeconfigs are passed as flags. The leader election Leases go to kube-system, a namespace
// every cluster has.
const (
	controllerManagerConfiguration = `apiVersion: controllermanager.config.gardener.cloud/v1alpha1
kind: ControllerManagerConfiguration
gardenClientConnection:
  qps: 100
  burst: 130
controllers:
  cloudProfile:
    concurrentSyncs: 5
  extensionProfile:
    concurrentSyncs: 5
  shootMaintenance:
    concurrentSyncs: 5
leaderElection:
  resourceNamespace: kube-system
`
	gardenletConfiguration = `apiVersion: gardenlet.config.gardener.cloud/v1alpha1
kind: GardenletConfiguration
gardenClientConnection:
  qps: 100
  burst: 130
seedClientConnection:
  qps: 100
  burst: 130
controllers:
  shoot:
    concurrentSyncs: 20
leaderElection:
  resourceNamespace: kube-system
`
)

// writeComponentConfig writes the component configuration of the named component to
// <devDir>/config/<name>.yaml and returns the path.
func writeComponentConfig(devDir, name, content string) (string, error) {
	dir := filepath.Join(devDir, "config")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, name+".yaml")
	return path, os.WriteFile(path, []byte(content), 0o644)
}
