// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"errors"
	"flag"
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/pflag"
	cliflag "k8s.io/component-base/cli/flag"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	gardenletconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/gardenlet/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
)

// Defaults of the command-line flags.
const (
	// DefaultSeedName is the name of the seed of the local garden.
	DefaultSeedName = gardenletconfigv1alpha1.DefaultSeedName
	// DefaultMetricsBindAddress disables the metrics server; set an address such as ":2729" to
	// serve /metrics.
	DefaultMetricsBindAddress = "0"
	// DefaultHealthProbeBindAddress is the address of the /healthz and /readyz endpoints (Gardener's
	// gardenlet port).
	DefaultHealthProbeBindAddress = ":2728"
)

// Options are the command-line options of gardenlet.
type Options struct {
	// ConfigFile is the path of the component configuration (GardenletConfiguration,
	// gardenlet.config.gardener.cloud/v1alpha1). Empty: the defaults.
	ConfigFile string
	// Config is the defaulted component configuration with the flags applied, set by Complete;
	// run reads nothing else.
	Config *gardenletconfigv1alpha1.GardenletConfiguration
	// GardenKubeconfig is the kubeconfig of the garden cluster (Shoots, ExtensionProfiles, events).
	// Empty: gardenClientConnection.kubeconfig, else $KUBECONFIG, else in-cluster, else
	// ~/.kube/config.
	GardenKubeconfig string
	// SeedKubeconfig is the kubeconfig of the seed cluster (Namespaces, Extensions, the Extension
	// CRD). Empty: seedClientConnection.kubeconfig, else the garden kubeconfig.
	SeedKubeconfig string
	// SeedName is the name of the seed this gardenlet serves. Given, it overrides
	// seedConfig.metadata.name of the configuration.
	SeedName string
	// AdoptUnscheduledShoots makes this gardenlet also reconcile Shoots without spec.seedName.
	// Given, it overrides controllers.shoot.adoptUnscheduledShoots of the configuration.
	AdoptUnscheduledShoots bool
	// FeatureGates are the --feature-gates overrides, applied to features.DefaultFeatureGate.
	FeatureGates map[string]bool
	// MetricsBindAddress is the address of the metrics endpoint; "0" disables it. Given, it
	// overrides server.metrics of the configuration.
	MetricsBindAddress string
	// HealthProbeBindAddress is the address of /healthz and /readyz; "0" disables them. Given, it
	// overrides server.healthProbes of the configuration.
	HealthProbeBindAddress string
	// ConcurrentSyncs overrides controllers.shoot.concurrentSyncs of the configuration when not
	// zero. Deprecated: set controllers.shoot.concurrentSyncs.
	ConcurrentSyncs int
	// Zap are the logging options (--zap-* flags).
	Zap zap.Options

	// seedName, adoptUnscheduledShoots, metricsBindAddress and healthProbeBindAddress are the flags
	// of the same names; Changed tells whether they were given.
	seedName, adoptUnscheduledShoots, metricsBindAddress, healthProbeBindAddress *pflag.Flag
}

// NewOptions returns Options with the defaults.
func NewOptions() *Options {
	return &Options{
		SeedName:               DefaultSeedName,
		FeatureGates:           map[string]bool{},
		MetricsBindAddress:     DefaultMetricsBindAddress,
		HealthProbeBindAddress: DefaultHealthProbeBindAddress,
	}
}

// AddFlags adds the flags of o to fs, together with the --zap-* logging flags.
func (o *Options) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.ConfigFile, "config", o.ConfigFile,
		"Path to the component configuration (GardenletConfiguration, gardenlet.config.gardener.cloud/v1alpha1): client connections to the garden and the seed, the shoot controller, leader election, endpoints (server), the seed name (seedConfig.metadata.name). Default: the defaults of every field.")
	fs.StringVar(&o.GardenKubeconfig, "garden-kubeconfig", o.GardenKubeconfig,
		"Path to the kubeconfig of the garden cluster (Shoots, ExtensionProfiles). Default: gardenClientConnection.kubeconfig of --config, else $KUBECONFIG, else in-cluster, else ~/.kube/config.")
	fs.StringVar(&o.SeedKubeconfig, "seed-kubeconfig", o.SeedKubeconfig,
		"Path to the kubeconfig of the seed cluster (Namespaces, Extensions). Default: seedClientConnection.kubeconfig of --config, else the garden kubeconfig.")
	fs.StringVar(&o.SeedName, "seed-name", o.SeedName,
		"The name of the seed this gardenlet serves: Shoots with this spec.seedName are reconciled. Overrides seedConfig.metadata.name of --config.")
	fs.BoolVar(&o.AdoptUnscheduledShoots, "adopt-unscheduled-shoots", o.AdoptUnscheduledShoots,
		"Also reconcile Shoots without spec.seedName. Stands in for gardener-scheduler in a local garden with a single seed; spec.seedName is not written. Overrides controllers.shoot.adoptUnscheduledShoots of --config.")
	fs.Var(cliflag.NewMapStringBool(&o.FeatureGates), "feature-gates",
		"A set of key=value pairs that describe feature gates for alpha/experimental features. Options are:\n"+strings.Join(knownFeatureGates(), "\n"))
	fs.StringVar(&o.MetricsBindAddress, "metrics-bind-address", o.MetricsBindAddress,
		`The address the metrics endpoint binds to, for example ":2729"; "0" disables it. Given, overrides server.metrics of --config.`)
	fs.StringVar(&o.HealthProbeBindAddress, "health-probe-bind-address", o.HealthProbeBindAddress,
		`The address the /healthz and /readyz endpoints bind to; "0" disables them. Given, overrides server.healthProbes of --config.`)
	fs.IntVar(&o.ConcurrentSyncs, "concurrent-syncs", o.ConcurrentSyncs,
		"The number of Shoots whose seed Extensions are reconciled in parallel; overrides controllers.shoot.concurrentSyncs of --config.")
	o.seedName = fs.Lookup("seed-name")
	o.adoptUnscheduledShoots = fs.Lookup("adopt-unscheduled-shoots")
	o.metricsBindAddress = fs.Lookup("metrics-bind-address")
	o.healthProbeBindAddress = fs.Lookup("health-probe-bind-address")
	_ = fs.MarkDeprecated("concurrent-syncs", "set controllers.shoot.concurrentSyncs in the --config file instead")

	goFlags := flag.NewFlagSet("", flag.ContinueOnError)
	o.Zap.BindFlags(goFlags)
	fs.AddGoFlagSet(goFlags)
}

// knownFeatureGates lists this project's feature gates with their default and stage, sorted.
func knownFeatureGates() []string {
	var out []string
	for name, spec := range features.AllFeatureGates {
		out = append(out, fmt.Sprintf("%s=true|false (%s - default=%t)", name, spec.PreRelease, spec.Default))
	}
	sort.Strings(out)
	return out
}

// Complete loads and defaults the component configuration of --config into Config and applies
// the flags that override it: --garden-kubeconfig and --seed-kubeconfig (the client connections'
// kubeconfig), --seed-name (seedConfig.metadata.name), --adopt-unscheduled-shoots and
// --concurrent-syncs (controllers.shoot), --metrics-bind-address and --health-probe-bind-address
// (server).
func (o *Options) Complete() error {
	cfg, err := gardenletconfigv1alpha1.Load(o.ConfigFile)
	if err != nil {
		return fmt.Errorf("failed loading the component configuration: %w", err)
	}
	if o.ConcurrentSyncs != 0 {
		cfg.Controllers.Shoot.ConcurrentSyncs = &o.ConcurrentSyncs
	}
	if o.GardenKubeconfig != "" {
		cfg.GardenClientConnection.Kubeconfig = o.GardenKubeconfig
	}
	if o.SeedKubeconfig != "" {
		cfg.SeedClientConnection.Kubeconfig = o.SeedKubeconfig
	}
	if o.seedName == nil || o.seedName.Changed {
		cfg.SeedConfig.Name = o.SeedName
	}
	if o.adoptUnscheduledShoots == nil || o.adoptUnscheduledShoots.Changed {
		cfg.Controllers.Shoot.AdoptUnscheduledShoots = o.AdoptUnscheduledShoots
	}
	if o.metricsBindAddress != nil && o.metricsBindAddress.Changed {
		if cfg.Server.Metrics, err = parseServer(o.MetricsBindAddress); err != nil {
			return fmt.Errorf("invalid --metrics-bind-address: %w", err)
		}
	}
	if o.healthProbeBindAddress != nil && o.healthProbeBindAddress.Changed {
		if cfg.Server.HealthProbes, err = parseServer(o.HealthProbeBindAddress); err != nil {
			return fmt.Errorf("invalid --health-probe-bind-address: %w", err)
		}
	}
	o.Config = cfg
	return nil
}

// parseServer returns the endpoint of a bind address "[host]:port"; "0" (no endpoint) is nil.
func parseServer(address string) (*gardenletconfigv1alpha1.Server, error) {
	host, port, none, err := kubernetes.ParseBindAddress(address)
	if err != nil || none {
		return nil, err
	}
	return &gardenletconfigv1alpha1.Server{BindAddress: host, Port: port}, nil
}

// Validate returns an error for option values gardenlet cannot run with, including the errors of
// the component configuration once Complete has loaded it.
func (o *Options) Validate() error {
	var errs []error
	if o.SeedName == "" {
		errs = append(errs, errors.New("--seed-name must not be empty"))
	}
	if o.Config != nil {
		if err := gardenletconfigv1alpha1.Validate(o.Config).ToAggregate(); err != nil {
			errs = append(errs, fmt.Errorf("invalid component configuration: %w", err))
		}
	}
	return errors.Join(errs...)
}

// ApplyFeatureGates registers the project's feature gates and applies the --feature-gates
// overrides to features.DefaultFeatureGate (see features.SetFromFlag).
func (o *Options) ApplyFeatureGates() error {
	return features.SetFromFlag(o.FeatureGates)
}
