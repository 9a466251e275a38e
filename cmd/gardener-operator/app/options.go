// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"errors"
	"flag"
	"fmt"

	"github.com/spf13/pflag"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
	ctrlconfig "sigs.k8s.io/controller-runtime/pkg/client/config"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/operator/controller/extension/extensionprofile"
)

// Defaults of the command-line flags.
const (
	// DefaultMetricsBindAddress disables the metrics server.
	DefaultMetricsBindAddress = "0"
	// DefaultHealthProbeBindAddress is the address of /healthz and /readyz (Gardener's
	// gardener-operator port).
	DefaultHealthProbeBindAddress = ":2751"
	// DefaultQPS and DefaultBurst are the client rate limits towards each cluster.
	DefaultQPS   = 100
	DefaultBurst = 130
)

// Options are the command-line options of gardener-operator.
type Options struct {
	// Kubeconfig is the kubeconfig of the runtime cluster (operator Extensions, the CRD, events).
	// Empty: $KUBECONFIG, else in-cluster, else ~/.kube/config.
	Kubeconfig string
	// GardenKubeconfig is the kubeconfig of the (virtual) garden cluster (ExtensionProfiles,
	// Shoots). Empty: the runtime cluster's.
	GardenKubeconfig string
	// ConcurrentSyncs is the number of operator Extensions reconciled in parallel.
	ConcurrentSyncs int
	// QPS and Burst are the client rate limits towards each cluster.
	QPS   float32
	Burst int
	// MetricsBindAddress is the address of the metrics endpoint; "0" disables it.
	MetricsBindAddress string
	// HealthProbeBindAddress is the address of /healthz and /readyz; "0" disables them.
	HealthProbeBindAddress string
	// Zap are the logging options (--zap-* flags).
	Zap zap.Options
}

// NewOptions returns Options with the defaults.
func NewOptions() *Options {
	return &Options{
		ConcurrentSyncs:        5,
		QPS:                    DefaultQPS,
		Burst:                  DefaultBurst,
		MetricsBindAddress:     DefaultMetricsBindAddress,
		HealthProbeBindAddress: DefaultHealthProbeBindAddress,
	}
}

// AddFlags adds the flags of o to fs, together with the --zap-* logging flags.
func (o *Options) AddFlags(fs *pflag.FlagSet) {
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

	goFlags := flag.NewFlagSet("", flag.ContinueOnError)
	o.Zap.BindFlags(goFlags)
	fs.AddGoFlagSet(goFlags)
}

// Validate returns an error for option values gardener-operator cannot run with.
func (o *Options) Validate() error {
	var errs []error
	if o.ConcurrentSyncs < 1 {
		errs = append(errs, fmt.Errorf("--concurrent-syncs must be at least 1, got %d", o.ConcurrentSyncs))
	}
	if o.QPS <= 0 || o.Burst < 1 {
		errs = append(errs, fmt.Errorf("--kube-api-qps and --kube-api-burst must be positive, got %v and %d", o.QPS, o.Burst))
	}
	return errors.Join(errs...)
}

// Reconciler returns the reconciler of the ExtensionProfile controller, unset fields
// defaulted by its AddToManager.
func (o *Options) Reconciler() *extensionprofile.Reconciler {
	return &extensionprofile.Reconciler{ConcurrentSyncs: o.ConcurrentSyncs}
}

// RESTConfigs returns the REST configs of the runtime and the garden cluster with the flags' rate
// limits; core.gardener.cloud and the Kubernetes kinds go as protobuf, CRDs as JSON
// (kubernetes.ApplyClientConnection).
func (o *Options) RESTConfigs() (runtime, garden *rest.Config, err error) {
	if runtime, err = loadKubeconfig(o.Kubeconfig); err != nil {
		return nil, nil, fmt.Errorf("failed loading the runtime kubeconfig: %w", err)
	}
	garden = runtime
	if o.GardenKubeconfig != "" {
		if garden, err = clientcmd.BuildConfigFromFlags("", o.GardenKubeconfig); err != nil {
			return nil, nil, fmt.Errorf("failed loading the garden kubeconfig: %w", err)
		}
	}
	connection := componentbaseconfigv1alpha1.ClientConnectionConfiguration{QPS: o.QPS, Burst: int32(o.Burst)}
	return kubernetes.ApplyClientConnection(runtime, connection), kubernetes.ApplyClientConnection(garden, connection), nil
}

func loadKubeconfig(path string) (*rest.Config, error) {
	if path == "" {
		return ctrlconfig.GetConfig()
	}
	return clientcmd.BuildConfigFromFlags("", path)
}
