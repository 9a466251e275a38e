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
	"k8s.io/apimachinery/pkg/util/validation/field"
	cliflag "k8s.io/component-base/cli/flag"
	"k8s.io/utils/ptr"
	ctrlconfig "sigs.k8s.io/controller-runtime/pkg/client/config"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/pkg/api/core/validation"
	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
)

// Defaults of the command-line flags.
const (
	// DefaultMetricsBindAddress disables the metrics server; set an address such as ":2719" to
	// serve /metrics.
	DefaultMetricsBindAddress = "0"
	// DefaultHealthProbeBindAddress is the address of the /healthz and /readyz endpoints.
	DefaultHealthProbeBindAddress = ":2718"
)

// Options are the command-line options of gardener-controller-manager.
type Options struct {
	// ConfigFile is the path of the component configuration (ControllerManagerConfiguration,
	// controllermanager.config.gardener.cloud/v1alpha1). Empty: the defaults.
	ConfigFile string
	// Config is the defaulted component configuration with the flags applied, set by Complete;
	// run reads nothing else.
	Config *controllermanagerconfigv1alpha1.ControllerManagerConfiguration
	// FeatureGates are the --feature-gates overrides, applied to features.DefaultFeatureGate.
	FeatureGates map[string]bool
	// MetricsBindAddress is the address of the metrics endpoint; "0" disables it. Given, it
	// overrides server.metrics of the configuration.
	MetricsBindAddress string
	// HealthProbeBindAddress is the address of /healthz and /readyz; "0" disables them. Given, it
	// overrides server.healthProbes of the configuration.
	HealthProbeBindAddress string
	// LeaderElection, when --leader-election is given, overrides leaderElection.leaderElect of
	// the configuration.
	// Deprecated: set leaderElection.leaderElect.
	LeaderElection bool
	// LeaderElectionID, when not empty, overrides leaderElection.resourceName.
	// Deprecated: set leaderElection.resourceName.
	LeaderElectionID string
	// LeaderElectionNamespace, when not empty, overrides leaderElection.resourceNamespace.
	// Deprecated: set leaderElection.resourceNamespace.
	LeaderElectionNamespace string
	// ConcurrentSyncs overrides controllers.*.concurrentSyncs of the configuration when not zero.
	// Deprecated: set controllers.<name>.concurrentSyncs.
	ConcurrentSyncs int
	// Zap are the logging options (--zap-* flags).
	Zap zap.Options

	// kubeconfig is controller-runtime's --kubeconfig flag.
	kubeconfig *flag.Flag
	// leaderElection, metricsBindAddress and healthProbeBindAddress are the flags of the same
	// names; Changed tells whether they were given.
	leaderElection, metricsBindAddress, healthProbeBindAddress *pflag.Flag
}

// NewOptions returns Options with the defaults.
func NewOptions() *Options {
	return &Options{
		FeatureGates:           map[string]bool{},
		MetricsBindAddress:     DefaultMetricsBindAddress,
		HealthProbeBindAddress: DefaultHealthProbeBindAddress,
	}
}

// AddFlags adds the flags of o to fs, together with controller-runtime's --kubeconfig flag (see
// RESTConfig) and the --zap-* logging flags.
func (o *Options) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.ConfigFile, "config", o.ConfigFile,
		"Path to the component configuration (ControllerManagerConfiguration, controllermanager.config.gardener.cloud/v1alpha1): client connection to the garden, controller concurrency, leader election, endpoints. Default: the defaults of every field.")
	fs.Var(cliflag.NewMapStringBool(&o.FeatureGates), "feature-gates",
		"A set of key=value pairs that describe feature gates for alpha/experimental features. Options are:\n"+strings.Join(knownFeatureGates(), "\n"))
	fs.StringVar(&o.MetricsBindAddress, "metrics-bind-address", o.MetricsBindAddress,
		`The address the metrics endpoint binds to, for example ":2719"; "0" disables it. Given, it overrides server.metrics of --config.`)
	fs.StringVar(&o.HealthProbeBindAddress, "health-probe-bind-address", o.HealthProbeBindAddress,
		`The address the /healthz and /readyz endpoints bind to; "0" disables them. Given, it overrides server.healthProbes of --config.`)
	fs.BoolVar(&o.LeaderElection, "leader-election", o.LeaderElection,
		"Enable leader election, so that only one replica reconciles at a time; overrides leaderElection.leaderElect of --config.")
	fs.StringVar(&o.LeaderElectionID, "leader-election-id", o.LeaderElectionID,
		"The name of the Lease used for leader election; overrides leaderElection.resourceName of --config.")
	fs.StringVar(&o.LeaderElectionNamespace, "leader-election-namespace", o.LeaderElectionNamespace,
		"The namespace of the Lease used for leader election; overrides leaderElection.resourceNamespace of --config.")
	o.leaderElection = fs.Lookup("leader-election")
	o.metricsBindAddress = fs.Lookup("metrics-bind-address")
	o.healthProbeBindAddress = fs.Lookup("health-probe-bind-address")
	_ = fs.MarkDeprecated("leader-election", "set leaderElection.leaderElect in the --config file instead")
	_ = fs.MarkDeprecated("leader-election-id", "set leaderElection.resourceName in the --config file instead")
	_ = fs.MarkDeprecated("leader-election-namespace", "set leaderElection.resourceNamespace in the --config file instead")
	fs.IntVar(&o.ConcurrentSyncs, "concurrent-syncs", o.ConcurrentSyncs,
		"The number of objects each controller reconciles in parallel; overrides controllers.<name>.concurrentSyncs of --config.")
	_ = fs.MarkDeprecated("concurrent-syncs", "set controllers.<name>.concurrentSyncs in the --config file instead")

	goFlags := flag.NewFlagSet("", flag.ContinueOnError)
	ctrlconfig.RegisterFlags(goFlags)
	o.kubeconfig = goFlags.Lookup("kubeconfig")
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
// the flags that override it: --kubeconfig (gardenClientConnection.kubeconfig),
// --metrics-bind-address and --health-probe-bind-address (server), and the deprecated
// --concurrent-syncs and --leader-election* flags.
func (o *Options) Complete() error {
	cfg, err := controllermanagerconfigv1alpha1.Load(o.ConfigFile)
	if err != nil {
		return fmt.Errorf("failed loading the component configuration: %w", err)
	}
	if o.kubeconfig != nil && o.kubeconfig.Value.String() != "" {
		cfg.GardenClientConnection.Kubeconfig = o.kubeconfig.Value.String()
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
	if o.ConcurrentSyncs != 0 {
		cfg.Controllers.CloudProfile.ConcurrentSyncs = ptr.To(o.ConcurrentSyncs)
		cfg.Controllers.ExtensionProfile.ConcurrentSyncs = ptr.To(o.ConcurrentSyncs)
		cfg.Controllers.ShootMaintenance.ConcurrentSyncs = ptr.To(o.ConcurrentSyncs)
	}
	if o.leaderElection != nil && o.leaderElection.Changed {
		cfg.LeaderElection.LeaderElect = ptr.To(o.LeaderElection)
	}
	if o.LeaderElectionID != "" {
		cfg.LeaderElection.ResourceName = o.LeaderElectionID
	}
	if o.LeaderElectionNamespace != "" {
		cfg.LeaderElection.ResourceNamespace = o.LeaderElectionNamespace
	}
	o.Config = cfg
	return nil
}

// parseServer returns the endpoint of a bind address "[host]:port"; "0" (no endpoint) is nil.
func parseServer(address string) (*controllermanagerconfigv1alpha1.Server, error) {
	host, port, none, err := kubernetes.ParseBindAddress(address)
	if err != nil || none {
		return nil, err
	}
	return &controllermanagerconfigv1alpha1.Server{BindAddress: host, Port: port}, nil
}

// Validate returns an error for option values the manager cannot run with, including the errors
// of the component configuration once Complete has loaded it.
func (o *Options) Validate() error {
	var errs []error
	if o.Config != nil {
		allErrs := controllermanagerconfigv1alpha1.Validate(o.Config)
		allErrs = append(allErrs, validateRolloutDefaults(o.Config.Controllers.ExtensionProfile)...)
		if err := allErrs.ToAggregate(); err != nil {
			errs = append(errs, fmt.Errorf("invalid component configuration: %w", err))
		}
	}
	return errors.Join(errs...)
}

// validateRolloutDefaults checks controllers.extensionProfile.rollout with an ExtensionProfile's
// rules; the configuration package cannot import them (upstream's pkg/apis is a module of its own).
func validateRolloutDefaults(c *controllermanagerconfigv1alpha1.ExtensionProfileControllerConfiguration) field.ErrorList {
	if c == nil || c.Rollout == nil {
		return nil
	}
	fldPath := field.NewPath("controllers", "extensionProfile", "rollout")
	policy := &core.RolloutPolicy{}
	if err := gardencorev1beta1.Convert_v1beta1_RolloutPolicy_To_core_RolloutPolicy(c.Rollout, policy, nil); err != nil {
		return field.ErrorList{field.InternalError(fldPath, err)}
	}
	return validation.ValidateRolloutPolicy(policy, fldPath)
}

// ApplyFeatureGates registers the project's feature gates and applies the --feature-gates
// overrides to features.DefaultFeatureGate (see features.SetFromFlag).
func (o *Options) ApplyFeatureGates() error {
	return features.SetFromFlag(o.FeatureGates)
}
