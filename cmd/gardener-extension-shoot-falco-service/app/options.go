// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"errors"
	"flag"
	"fmt"

	"github.com/spf13/pflag"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/client-go/rest"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/extensions/pkg/util/seedcontroller"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
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
	// ClientConnection holds qps, burst, contentType and acceptContentTypes of the seed client
	// (--kube-api-* flags; Kubeconfig is not read from it). qps and burst default to 50 and 100,
	// the defaults of gardenlet's seedClientConnection (kubernetes.SetDefaultsClientConnection);
	// an empty contentType means protobuf for the Kubernetes built-ins and JSON for the
	// Extension CRD.
	ClientConnection componentbaseconfigv1alpha1.ClientConnectionConfiguration
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
	o := &Options{
		MetricsBindAddress:      DefaultMetricsBindAddress,
		HealthProbeBindAddress:  DefaultHealthProbeBindAddress,
		MaxConcurrentReconciles: DefaultMaxConcurrentReconciles,
	}
	kubernetes.SetDefaultsClientConnection(&o.ClientConnection)
	return o
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
	fs.Float32Var(&o.ClientConnection.QPS, "kube-api-qps", o.ClientConnection.QPS,
		"Queries per second the seed client may send to the API server.")
	fs.Int32Var(&o.ClientConnection.Burst, "kube-api-burst", o.ClientConnection.Burst,
		"Queries the seed client may send at once above --kube-api-qps.")
	fs.StringVar(&o.ClientConnection.ContentType, "kube-api-content-type", o.ClientConnection.ContentType,
		`Content type of requests: "application/json", or "application/vnd.kubernetes.protobuf" or empty for protobuf where the kind serves it (never for the Extension CRD).`)
	fs.StringVar(&o.ClientConnection.AcceptContentTypes, "kube-api-accept-content-types", o.ClientConnection.AcceptContentTypes,
		`Accept header of requests, e.g. "application/vnd.kubernetes.protobuf,application/json"; empty: the request's content type.`)

	goFlags := flag.NewFlagSet("", flag.ContinueOnError)
	o.Zap.BindFlags(goFlags)
	fs.AddGoFlagSet(goFlags)
}

// Validate returns an error for option values the controller cannot run with.
func (o *Options) Validate() error {
	var errs []error
	if o.MaxConcurrentReconciles < 1 {
		errs = append(errs, fmt.Errorf("--max-concurrent-reconciles must be at least 1, got %d", o.MaxConcurrentReconciles))
	}
	if err := kubernetes.ValidateClientConnection(&o.ClientConnection, field.NewPath("kube-api")).ToAggregate(); err != nil {
		errs = append(errs, fmt.Errorf("invalid --kube-api-* flags: %w", err))
	}
	return errors.Join(errs...)
}

// ControllerConfig returns the configuration of the Extension controller.
func (o *Options) ControllerConfig() extension.Config {
	return extension.Config{MaxConcurrentReconciles: o.MaxConcurrentReconciles}
}

// RESTConfig returns the REST config of the seed cluster with the --kube-api-* settings applied
// (see kubernetes.ApplyClientConnection).
func (o *Options) RESTConfig() (*rest.Config, error) {
	cfg, err := seedcontroller.SeedRESTConfig(o.Kubeconfig)
	if err != nil {
		return nil, err
	}
	return kubernetes.ApplyClientConnection(cfg, o.ClientConnection), nil
}
