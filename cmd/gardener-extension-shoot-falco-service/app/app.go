// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package app builds the command of the example shoot-falco-service extension controller: flags,
// logging, a wait for the Extension CRD (gardenlet installs it), and a manager on the seed cluster
// with the Extension controller and /healthz and /readyz checks.
package app

import (
	"context"
	"fmt"
	"time"

	"github.com/go-logr/logr"
	"github.com/spf13/cobra"
	"k8s.io/klog/v2"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/extensions/pkg/util/seedcontroller"
	"github.com/gep-78/gardener/pkg/shoot-falco-service/controller/extension"
)

// Name is the name of the component.
const Name = "gardener-extension-shoot-falco-service"

// crdWaitTimeout bounds the wait for the Extension CRD before the manager starts.
const crdWaitTimeout = 5 * time.Minute

// NewCommand returns the command of the extension controller.
func NewCommand() *cobra.Command {
	opts := NewOptions()

	cmd := &cobra.Command{
		Use:   Name,
		Short: "Launch the example " + extension.Type + " extension controller",
		Long: Name + " reconciles the seed Extensions (extensions.gardener.cloud/v1alpha1) of type " + extension.Type +
			" and deploys falco into their namespace at the version gardenlet resolved into spec.components[] (GEP-78), " +
			"configured by the providerConfig of the ExtensionProfile version entry (falco.extensions.gardener.cloud/v1alpha1 FalcoComponentConfig).",
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
	log.Info("Starting "+Name, "maxConcurrentReconciles", opts.MaxConcurrentReconciles)

	config, err := opts.RESTConfig()
	if err != nil {
		return fmt.Errorf("failed loading the seed kubeconfig: %w", err)
	}

	// gardenlet installs the Extension CRD; the Extension informer cannot start before it exists.
	if err := seedcontroller.WaitForSeedResource(ctx, log, config, "extensions", time.Second, crdWaitTimeout); err != nil {
		return err
	}
	mgr, err := seedcontroller.NewSeedManager(config, log, opts.MetricsBindAddress, opts.HealthProbeBindAddress)
	if err != nil {
		return err
	}

	if err := (&extension.Reconciler{Config: opts.ControllerConfig()}).AddToManager(mgr); err != nil {
		return fmt.Errorf("failed adding the %s controller: %w", extension.ControllerName, err)
	}

	log.Info("Starting the manager")
	return mgr.Start(ctx)
}
