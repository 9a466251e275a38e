// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"errors"
	"flag"
	"fmt"

	"github.com/spf13/pflag"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	operatorconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/operator/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
)

// Defaults of the command-line flags.
const (
	// DefaultMetricsBindAddress disables the metrics server.
	DefaultMetricsBindAddress = "0"
	// DefaultHealthProbeBindAddress is the address of /healthz and /readyz (Gardener's
	// gardener-operator port).
	DefaultHealthProbeBindAddress = ":2751"
	// DefaultQPS and DefaultBurst are the client rate limits towards each cluster.
	DefaultQPS   = operatorconfigv1alpha1.DefaultClientConnectionQPS
	DefaultBurst = operatorconfigv1alpha1.DefaultClientConnectionBurst
)

// Options are the command-line options of gardener-operator. A flag that is given overrides the
// field of the component configuration it names.
type Options struct {
	// ConfigFile is the path of the component configuration (OperatorConfiguration,
	// operator.config.gardener.cloud/v1alpha1). Empty: the defaults.
	ConfigFile string
	// Config is the defaulted component configuration with the flags applied, set by Complete;
	// run reads nothing else.
	Config *operatorconfigv1alpha1.OperatorConfiguration
	// Kubeconfig is the kubeconfig of the runtime cluster (runtimeClientConnection.kubeconfig).
	Kubeconfig string
	// GardenKubeconfig is the kubeconfig of the garden cluster
	// (virtualClientConnection.kubeconfig).
	GardenKubeconfig string
	// ConcurrentSyncs is the number of operator Extensions reconciled in parallel
	// (controllers.extensionProfile.concurrentSyncs).
	ConcurrentSyncs int
	// QPS and Burst are the client rate limits towards each cluster (qps and burst of both client
	// connections).
	QPS   float32
	Burst int
	// MetricsBindAddress is the address of the metrics endpoint (server.metrics); "0" disables it.
	MetricsBindAddress string
	// HealthProbeBindAddress is the address of /healthz and /readyz (server.healthProbes); "0"
	// disables them.
	HealthProbeBindAddress string
	// Zap are the logging options (--zap-* flags).
	Zap zap.Options

	// fs is the flag set of AddFlags; Changed tells which flags were given.
	fs *pflag.FlagSet
}

// NewOptions returns Options with the defaults.
func NewOptions() *Options {
	return &Options{
		ConcurrentSyncs:        operatorconfigv1alpha1.DefaultControllerConcurrentSyncs,
		QPS:                    DefaultQPS,
		Burst:                  DefaultBurst,
		MetricsBindAddress:     DefaultMetricsBindAddress,
		HealthProbeBindAddress: DefaultHealthProbeBindAddress,
	}
}

// AddFlags adds the flags of o to fs, together with the --zap-* logging flags.
func (o *Options) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.ConfigFile, "config", o.ConfigFile,
		"Path to the component configuration (OperatorConfiguration, operator.config.gardener.cloud/v1alpha1): client connections, controller concurrency, endpoints. Default: the defaults of every field; the other flags override it.")
	fs.StringVar(&o.Kubeconfig, "kubeconfig", o.Kubeconfig,
		"Path to the kubeconfig of the runtime cluster (operator.gardener.cloud Extensions). Default: $KUBECONFIG, else in-cluster, else ~/.kube/config.")
	fs.StringVar(&o.GardenKubeconfig, "garden-kubeconfig", o.GardenKubeconfig,
		"Path to the kubeconfig of the garden cluster (ExtensionProfiles, Shoots). Default: the runtime cluster's.")
	fs.IntVar(&o.ConcurrentSyncs, "concurrent-syncs", o.ConcurrentSyncs,
		"The number of operator Extensions whose ExtensionProfiles are reconciled in parallel.")
	fs.Float32Var(&o.QPS, "kube-api-qps", o.QPS, "The queries per second of each client (runtime and garden).")
	fs.IntVar(&o.Burst, "kube-api-burst", o.Burst, "The burst of each client (runtime and garden).")
	fs.StringVar(&o.MetricsBindAddress, "metrics-bind-address", o.MetricsBindAddress,
		`The address the metrics endpoint binds to, for example ":2753"; "0" disables it.`)
	fs.StringVar(&o.HealthProbeBindAddress, "health-probe-bind-address", o.HealthProbeBindAddress,
		`The address the /healthz and /readyz endpoints bind to; "0" disables them.`)
	o.fs = fs

	goFlags := flag.NewFlagSet("", flag.ContinueOnError)
	o.Zap.BindFlags(goFlags)
	fs.AddGoFlagSet(goFlags)
}

// changed reports whether the flag name was given.
func (o *Options) changed(name string) bool {
	return o.fs != nil && o.fs.Changed(name)
}

// Complete loads and defaults the component configuration of --config into Config and applies
// the flags that were given. Without --config the flags' defaults equal the configuration's.
func (o *Options) Complete() error {
	cfg, err := operatorconfigv1alpha1.Load(o.ConfigFile)
	if err != nil {
		return fmt.Errorf("failed loading the component configuration: %w", err)
	}
	if o.Kubeconfig != "" {
		cfg.RuntimeClientConnection.Kubeconfig = o.Kubeconfig
	}
	if o.GardenKubeconfig != "" {
		cfg.VirtualClientConnection.Kubeconfig = o.GardenKubeconfig
	}
	if o.changed("concurrent-syncs") {
		cfg.Controllers.ExtensionProfile.ConcurrentSyncs = ptr.To(o.ConcurrentSyncs)
	}
	if o.changed("kube-api-qps") {
		cfg.RuntimeClientConnection.QPS, cfg.VirtualClientConnection.QPS = o.QPS, o.QPS
	}
	if o.changed("kube-api-burst") {
		cfg.RuntimeClientConnection.Burst, cfg.VirtualClientConnection.Burst = int32(o.Burst), int32(o.Burst)
	}
	if o.changed("metrics-bind-address") {
		if cfg.Server.Metrics, err = parseServer(o.MetricsBindAddress); err != nil {
			return fmt.Errorf("invalid --metrics-bind-address: %w", err)
		}
	}
	if o.changed("health-probe-bind-address") {
		if cfg.Server.HealthProbes, err = parseServer(o.HealthProbeBindAddress); err != nil {
			return fmt.Errorf("invalid --health-probe-bind-address: %w", err)
		}
	}
	o.Config = cfg
	return nil
}

// parseServer returns the endpoint of a bind address "[host]:port"; "0" (no endpoint) is nil.
func parseServer(address string) (*operatorconfigv1alpha1.Server, error) {
	host, port, none, err := kubernetes.ParseBindAddress(address)
	if err != nil || none {
		return nil, err
	}
	return &operatorconfigv1alpha1.Server{BindAddress: host, Port: port}, nil
}

// Validate returns an error for flag values gardener-operator cannot run with and, once Complete
// has loaded it, for the errors of the component configuration.
func (o *Options) Validate() error {
	var errs []error
	if o.ConcurrentSyncs < 1 {
		errs = append(errs, fmt.Errorf("--concurrent-syncs must be at least 1, got %d", o.ConcurrentSyncs))
	}
	if o.QPS <= 0 || o.Burst < 1 {
		errs = append(errs, fmt.Errorf("--kube-api-qps and --kube-api-burst must be positive, got %v and %d", o.QPS, o.Burst))
	}
	if o.Config != nil {
		if err := operatorconfigv1alpha1.Validate(o.Config).ToAggregate(); err != nil {
			errs = append(errs, fmt.Errorf("invalid component configuration: %w", err))
		}
	}
	return errors.Join(errs...)
}
