// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package app builds the command of the example gVisor container runtime extension: flags,
// logging, a wait for the ContainerRuntime CRD (gardenlet installs it), and a manager on the seed
// cluster with the ContainerRuntime controller and /healthz and /readyz checks.
package app

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/go-logr/logr"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"k8s.io/klog/v2"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/extensions/pkg/util/seedcontroller"
	"github.com/gep-78/gardener/pkg/runtime-gvisor/controller/containerruntime"
)

// Name is the name of the component.
const Name = "gardener-extension-runtime-gvisor"

// crdWaitTimeout bounds the wait for the ContainerRuntime CRD before the manager starts.
const crdWaitTimeout = 5 * time.Minute

// Options are the command-line options of the extension controller.
type Options struct {
	// Kubeconfig is the kubeconfig of the seed; empty: $KUBECONFIG, else in-cluster, else ~/.kube/config.
	Kubeconfig string
	// MetricsBindAddress is the address of the metrics endpoint; "0" disables it.
	MetricsBindAddress string
	// HealthProbeBindAddress is the address of /healthz and /readyz; "0" disables them.
	HealthProbeBindAddress string
	// MaxConcurrentReconciles is the number of ContainerRuntimes reconciled in parallel.
	MaxConcurrentReconciles int
	// Zap are the logging options (--zap-* flags).
	Zap zap.Options
}

// AddFlags adds the flags of o to fs, together with the --zap-* logging flags.
func (o *Options) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.Kubeconfig, "kubeconfig", "", "Path to the kubeconfig of the seed cluster. Default: $KUBECONFIG, else in-cluster, else ~/.kube/config.")
	fs.StringVar(&o.MetricsBindAddress, "metrics-bind-address", "0", `The address the metrics endpoint binds to, for example ":8080"; "0" disables it.`)
	fs.StringVar(&o.HealthProbeBindAddress, "health-probe-bind-address", ":8081", `The address the /healthz and /readyz endpoints bind to; "0" disables them.`)
	fs.IntVar(&o.MaxConcurrentReconciles, "max-concurrent-reconciles", 5, "The number of ContainerRuntimes reconciled in parallel.")
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

// NewCommand returns the command of the extension controller.
func NewCommand() *cobra.Command {
	opts := &Options{}
	cmd := &cobra.Command{
		Use:   Name,
		Short: "Launch the example " + containerruntime.Type + " container runtime extension controller",
		Long: Name + " reconciles the seed ContainerRuntimes (extensions.gardener.cloud/v1alpha1) of type " + containerruntime.Type +
			" and installs runsc in each worker pool at the version gardenlet resolved into spec.components[] for that pool.",
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Validate(); err != nil {
				return err
			}
			log := zap.New(zap.UseFlagOptions(&opts.Zap))
			logf.SetLogger(log)
			klog.SetLogger(log)
			return run(cmd.Context(), log.WithName(Name), opts)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func run(ctx context.Context, log logr.Logger, opts *Options) error {
	config, err := seedcontroller.SeedRESTConfig(opts.Kubeconfig)
	if err != nil {
		return fmt.Errorf("failed loading the seed kubeconfig: %w", err)
	}
	if err := seedcontroller.WaitForSeedResource(ctx, log, config, "containerruntimes", time.Second, crdWaitTimeout); err != nil {
		return err
	}
	mgr, err := seedcontroller.NewSeedManager(config, log, opts.MetricsBindAddress, opts.HealthProbeBindAddress)
	if err != nil {
		return err
	}
	if err := (&containerruntime.Reconciler{MaxConcurrentReconciles: opts.MaxConcurrentReconciles}).AddToManager(mgr); err != nil {
		return fmt.Errorf("failed adding the %s controller: %w", containerruntime.ControllerName, err)
	}
	log.Info("Starting the manager")
	return mgr.Start(ctx)
}
