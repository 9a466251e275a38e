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
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	cliflag "k8s.io/component-base/cli/flag"
	ctrlconfig "sigs.k8s.io/controller-runtime/pkg/client/config"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
	gardenletconfigv1alpha1 "github.com/gep-78/gardener/pkg/gardenlet/apis/config/v1alpha1"
	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

// Defaults of the command-line flags.
const (
	// DefaultSeedName is the name of the seed of the local garden.
	DefaultSeedName = "local"
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
	// Config is the defaulted component configuration, set by Complete.
	Config *gardenletconfigv1alpha1.GardenletConfiguration
	// GardenKubeconfig is the kubeconfig of the garden cluster (Shoots, ExtensionProfiles, events).
	// Empty: gardenClientConnection.kubeconfig, else $KUBECONFIG, else in-cluster, else
	// ~/.kube/config.
	GardenKubeconfig string
	// SeedKubeconfig is the kubeconfig of the seed cluster (Namespaces, Extensions, the Extension
	// CRD). Empty: seedClientConnection.kubeconfig, else the garden kubeconfig.
	SeedKubeconfig string
	// SeedName is the name of the seed this gardenlet serves.
	SeedName string
	// AdoptUnscheduledShoots makes this gardenlet also reconcile Shoots without spec.seedName.
	AdoptUnscheduledShoots bool
	// FeatureGates are the --feature-gates overrides, applied to features.DefaultFeatureGate.
	FeatureGates map[string]bool
	// MetricsBindAddress is the address of the metrics endpoint; "0" disables it.
	MetricsBindAddress string
	// HealthProbeBindAddress is the address of /healthz and /readyz; "0" disables them.
	HealthProbeBindAddress string
	// ConcurrentSyncs overrides controllers.shoot.concurrentSyncs of the configuration when not
	// zero. Deprecated: set controllers.shoot.concurrentSyncs.
	ConcurrentSyncs int
	// Zap are the logging options (--zap-* flags).
	Zap zap.Options
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
		"Path to the component configuration (GardenletConfiguration, gardenlet.config.gardener.cloud/v1alpha1): client connections to the garden and the seed, controller concurrency. Default: the defaults of every field.")
	fs.StringVar(&o.GardenKubeconfig, "garden-kubeconfig", o.GardenKubeconfig,
		"Path to the kubeconfig of the garden cluster (Shoots, ExtensionProfiles). Default: gardenClientConnection.kubeconfig of --config, else $KUBECONFIG, else in-cluster, else ~/.kube/config.")
	fs.StringVar(&o.SeedKubeconfig, "seed-kubeconfig", o.SeedKubeconfig,
		"Path to the kubeconfig of the seed cluster (Namespaces, Extensions). Default: seedClientConnection.kubeconfig of --config, else the garden kubeconfig.")
	fs.StringVar(&o.SeedName, "seed-name", o.SeedName,
		"The name of the seed this gardenlet serves: Shoots with this spec.seedName are reconciled.")
	fs.BoolVar(&o.AdoptUnscheduledShoots, "adopt-unscheduled-shoots", o.AdoptUnscheduledShoots,
		"Also reconcile Shoots without spec.seedName. Stands in for gardener-scheduler in a local garden with a single seed; spec.seedName is not written.")
	fs.Var(cliflag.NewMapStringBool(&o.FeatureGates), "feature-gates",
		"A set of key=value pairs that describe feature gates for alpha/experimental features. Options are:\n"+strings.Join(knownFeatureGates(), "\n"))
	fs.StringVar(&o.MetricsBindAddress, "metrics-bind-address", o.MetricsBindAddress,
		`The address the metrics endpoint binds to, for example ":2729"; "0" disables it.`)
	fs.StringVar(&o.HealthProbeBindAddress, "health-probe-bind-address", o.HealthProbeBindAddress,
		`The address the /healthz and /readyz endpoints bind to; "0" disables them.`)
	fs.IntVar(&o.ConcurrentSyncs, "concurrent-syncs", o.ConcurrentSyncs,
		"The number of Shoots whose seed Extensions are reconciled in parallel; overrides controllers.shoot.concurrentSyncs of --config.")
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
// the flags that override it: --concurrent-syncs, --garden-kubeconfig and --seed-kubeconfig.
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
	o.Config = cfg
	return nil
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

// ControllerConfig returns the configuration of the shoot extension controller. It needs
// Complete.
func (o *Options) ControllerConfig() extension.Config {
	return extension.Config{
		SeedName:               o.SeedName,
		AdoptUnscheduledShoots: o.AdoptUnscheduledShoots,
		ConcurrentSyncs:        *o.Config.Controllers.Shoot.ConcurrentSyncs,
	}
}

// RESTConfigs returns the REST configs of the garden and the seed cluster with the qps, burst and
// content types of gardenClientConnection and seedClientConnection (see
// kubernetes.ApplyClientConnection). It needs Complete. Without a seed kubeconfig the seed is
// the garden cluster's API server (or whatever the default loading rules find, when there is no
// garden kubeconfig either).
func (o *Options) RESTConfigs() (garden, seed *rest.Config, err error) {
	gardenConnection := o.Config.GardenClientConnection.ClientConnectionConfiguration
	seedConnection := o.Config.SeedClientConnection.ClientConnectionConfiguration
	if garden, err = loadKubeconfig(gardenConnection.Kubeconfig); err != nil {
		return nil, nil, fmt.Errorf("failed loading the garden kubeconfig: %w", err)
	}
	seedKubeconfig := seedConnection.Kubeconfig
	if seedKubeconfig == "" {
		seedKubeconfig = gardenConnection.Kubeconfig
	}
	if seed, err = loadKubeconfig(seedKubeconfig); err != nil {
		return nil, nil, fmt.Errorf("failed loading the seed kubeconfig: %w", err)
	}
	return kubernetes.ApplyClientConnection(garden, gardenConnection), kubernetes.ApplyClientConnection(seed, seedConnection), nil
}

func loadKubeconfig(path string) (*rest.Config, error) {
	if path == "" {
		return ctrlconfig.GetConfig()
	}
	return clientcmd.BuildConfigFromFlags("", path)
}
