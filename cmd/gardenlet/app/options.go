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

	"github.com/gep-78/gardener/pkg/features"
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
	// DefaultConcurrentSyncs is the number of Shoots reconciled in parallel.
	DefaultConcurrentSyncs = 5
)

// Options are the command-line options of gardenlet.
type Options struct {
	// GardenKubeconfig is the kubeconfig of the garden cluster (Shoots, ExtensionProfiles, events).
	// Empty: $KUBECONFIG, else in-cluster, else ~/.kube/config.
	GardenKubeconfig string
	// SeedKubeconfig is the kubeconfig of the seed cluster (Namespaces, Extensions, the Extension
	// CRD). Empty: the garden kubeconfig.
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
	// ConcurrentSyncs is the number of Shoots reconciled in parallel.
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
		ConcurrentSyncs:        DefaultConcurrentSyncs,
	}
}

// AddFlags adds the flags of o to fs, together with the --zap-* logging flags.
func (o *Options) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.GardenKubeconfig, "garden-kubeconfig", o.GardenKubeconfig,
		"Path to the kubeconfig of the garden cluster (Shoots, ExtensionProfiles). Default: $KUBECONFIG, else in-cluster, else ~/.kube/config.")
	fs.StringVar(&o.SeedKubeconfig, "seed-kubeconfig", o.SeedKubeconfig,
		"Path to the kubeconfig of the seed cluster (Namespaces, Extensions). Default: the garden kubeconfig.")
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
		"The number of Shoots whose seed Extensions are reconciled in parallel.")

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

// Validate returns an error for option values gardenlet cannot run with.
func (o *Options) Validate() error {
	var errs []error
	if o.SeedName == "" {
		errs = append(errs, errors.New("--seed-name must not be empty"))
	}
	if o.ConcurrentSyncs < 1 {
		errs = append(errs, fmt.Errorf("--concurrent-syncs must be at least 1, got %d", o.ConcurrentSyncs))
	}
	return errors.Join(errs...)
}

// ApplyFeatureGates registers the project's feature gates and applies the --feature-gates
// overrides to features.DefaultFeatureGate (see features.SetFromFlag).
func (o *Options) ApplyFeatureGates() error {
	return features.SetFromFlag(o.FeatureGates)
}

// ControllerConfig returns the configuration of the shoot extension controller.
func (o *Options) ControllerConfig() extension.Config {
	return extension.Config{
		SeedName:               o.SeedName,
		AdoptUnscheduledShoots: o.AdoptUnscheduledShoots,
		ConcurrentSyncs:        o.ConcurrentSyncs,
	}
}

// RESTConfigs returns the REST configs of the garden and the seed cluster. An empty
// --seed-kubeconfig means the seed is the garden cluster's API server (or whatever the default
// loading rules find, when --garden-kubeconfig is empty too).
func (o *Options) RESTConfigs() (garden, seed *rest.Config, err error) {
	if garden, err = loadKubeconfig(o.GardenKubeconfig); err != nil {
		return nil, nil, fmt.Errorf("failed loading the garden kubeconfig: %w", err)
	}
	seedKubeconfig := o.SeedKubeconfig
	if seedKubeconfig == "" {
		seedKubeconfig = o.GardenKubeconfig
	}
	if seed, err = loadKubeconfig(seedKubeconfig); err != nil {
		return nil, nil, fmt.Errorf("failed loading the seed kubeconfig: %w", err)
	}
	return garden, seed, nil
}

func loadKubeconfig(path string) (*rest.Config, error) {
	if path == "" {
		return ctrlconfig.GetConfig()
	}
	return clientcmd.BuildConfigFromFlags("", path)
}
