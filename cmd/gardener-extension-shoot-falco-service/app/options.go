// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"flag"
	"fmt"

	"github.com/spf13/pflag"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	ctrlconfig "sigs.k8s.io/controller-runtime/pkg/client/config"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/pkg/shoot-falco-service/controller/extension"
)

// Defaults of the command-line flags.
const (
	// DefaultMetricsBindAddress disables the metrics server; set an address such as ":8080" to
	// serve /metrics.
	DefaultMetricsBindAddress = "0"
	// DefaultHealthProbeBindAddress is the address of the /healthz and /readyz endpoints (the
	// health port of Gardener's extension library).
	DefaultHealthProbeBindAddress = ":8081"
	// DefaultMaxConcurrentReconciles is the number of Extensions reconciled in parallel.
	DefaultMaxConcurrentReconciles = 5
)

// Options are the command-line options of the extension controller.
type Options struct {
	// Kubeconfig is the kubeconfig of the seed cluster. Empty: $KUBECONFIG, else in-cluster, else
	// ~/.kube/config.
	Kubeconfig string
	// MetricsBindAddress is the address of the metrics endpoint; "0" disables it.
	MetricsBindAddress string
	// HealthProbeBindAddress is the address of /healthz and /readyz; "0" disables them.
	HealthProbeBindAddress string
	// MaxConcurrentReconciles is the number of Extensions reconciled in parallel.
	MaxConcurrentReconciles int
	// Zap are the logging options (--zap-* flags).
	Zap zap.Options
}

// NewOptions returns Options with the defaults.
func NewOptions() *Options {
	return &Options{
		MetricsBindAddress:      DefaultMetricsBindAddress,
		HealthProbeBindAddress:  DefaultHealthProbeBindAddress,
		MaxConcurrentReconciles: DefaultMaxConcurrentReconciles,
	}
}

// AddFlags adds the flags of o to fs, together with the --zap-* logging flags.
func (o *Options) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.Kubeconfig, "kubeconfig", o.Kubeconfig,
		"Path to the kubeconfig of the seed cluster (Extensions, and the falco objects in the shoot namespaces). Default: $KUBECONFIG, else in-cluster, else ~/.kube/config.")
	fs.StringVar(&o.MetricsBindAddress, "metrics-bind-address", o.MetricsBindAddress,
		`The address the metrics endpoint binds to, for example ":8080"; "0" disables it.`)
	fs.StringVar(&o.HealthProbeBindAddress, "health-probe-bind-address", o.HealthProbeBindAddress,
		`The address the /healthz and /readyz endpoints bind to; "0" disables them.`)
	fs.IntVar(&o.MaxConcurrentReconciles, "max-concurrent-reconciles", o.MaxConcurrentReconciles,
		"The number of Extensions reconciled in parallel.")

	goFlags := flag.NewFlagSet("", flag.ContinueOnError)
	o.Zap.BindFlags(goFlags)
	fs.AddGoFlagSet(goFlags)
}

// Validate returns an error for option values the controller cannot run with.
func (o *Options) Validate() error {
	if o.MaxConcurrentReconciles < 1 {
		return fmt.Errorf("--max-concurrent-reconciles must be at least 1, got %d", o.MaxConcurrentReconciles)
	}
	return nil
}

// ControllerConfig returns the configuration of the Extension controller.
func (o *Options) ControllerConfig() extension.Config {
	return extension.Config{MaxConcurrentReconciles: o.MaxConcurrentReconciles}
}

// RESTConfig returns the REST config of the seed cluster.
func (o *Options) RESTConfig() (*rest.Config, error) {
	if o.Kubeconfig == "" {
		return ctrlconfig.GetConfig()
	}
	return clientcmd.BuildConfigFromFlags("", o.Kubeconfig)
}
