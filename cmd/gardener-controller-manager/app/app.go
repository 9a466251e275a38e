// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package app builds the gardener-controller-manager command: flags, logging, feature gates, a
// controller-runtime manager for the garden cluster, health checks and the controllers of
// pkg/controllermanager/controller.
package app

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/go-logr/logr"
	"github.com/spf13/cobra"
	"k8s.io/client-go/rest"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
	"k8s.io/klog/v2"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/controllermanager/controller"
	"github.com/gep-78/gardener/pkg/controllermanager/metrics"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/version"
)

// Name is the name of the component.
const Name = "gardener-controller-manager"

// NewCommand returns the gardener-controller-manager command.
func NewCommand() *cobra.Command {
	// Registered before the flags are built so that --feature-gates knows the gates.
	features.RegisterFeatureGates()
	opts := NewOptions()

	cmd := &cobra.Command{
		Use:   Name,
		Short: "Launch the " + Name,
		Long: Name + " reconciles garden cluster resources. It writes the status of CloudProfiles " +
			"(GEP-32) and ExtensionProfiles (GEP-78): the current classification of every version, " +
			"recomputed at each lifecycle transition. It maintains Shoots in their maintenance window: " +
			"machine image, Kubernetes and (GEP-78) extension component versions.",
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Complete(); err != nil {
				return err
			}
			if err := opts.Validate(); err != nil {
				return err
			}
			if err := opts.ApplyFeatureGates(); err != nil {
				return err
			}

			log := zap.New(zap.UseFlagOptions(&opts.Zap))
			logf.SetLogger(log)
			klog.SetLogger(log)

			return run(cmd.Context(), log.WithName(Name), opts.Config)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// run starts the manager with the controllers, configured by cfg alone (defaulted, flags applied
// by Options.Complete), until ctx is done.
func run(ctx context.Context, log logr.Logger, cfg *controllermanagerconfigv1alpha1.ControllerManagerConfiguration) error {
	leaderElection := cfg.LeaderElection
	log.Info("Starting "+Name, "version", version.Version, "featureGates", features.Active(),
		"leaderElect", ptr.Deref(leaderElection.LeaderElect, false),
		"gardenClientConnection", kubernetes.ClientConnectionLogValues(cfg.GardenClientConnection))

	restConfig, err := gardenRESTConfig(cfg.GardenClientConnection)
	if err != nil {
		return err
	}

	mgr, err := manager.New(restConfig, manager.Options{
		Scheme:                        kubernetes.GardenScheme,
		Logger:                        log,
		Metrics:                       metricsserver.Options{BindAddress: bindAddress(cfg.Server.Metrics)},
		HealthProbeBindAddress:        bindAddress(cfg.Server.HealthProbes),
		LeaderElection:                ptr.Deref(leaderElection.LeaderElect, false),
		LeaderElectionResourceLock:    leaderElection.ResourceLock,
		LeaderElectionID:              leaderElection.ResourceName,
		LeaderElectionNamespace:       leaderElection.ResourceNamespace,
		LeaseDuration:                 &leaderElection.LeaseDuration.Duration,
		RenewDeadline:                 &leaderElection.RenewDeadline.Duration,
		RetryPeriod:                   &leaderElection.RetryPeriod.Duration,
		LeaderElectionReleaseOnCancel: true,
	})
	if err != nil {
		return fmt.Errorf("failed creating the manager: %w", err)
	}

	if err := mgr.AddHealthzCheck("ping", healthz.Ping); err != nil {
		return fmt.Errorf("failed adding the healthz check: %w", err)
	}
	if err := mgr.AddReadyzCheck("informer-sync", cacheSyncCheck(mgr)); err != nil {
		return fmt.Errorf("failed adding the readyz check: %w", err)
	}

	if err := controller.AddToManager(ctx, mgr, cfg); err != nil {
		return err
	}
	if err := metrics.AddToManager(mgr, clock.RealClock{}, cfg.Metrics.ExtensionComponentExpirationHorizon.Duration, controller.StableChannelSoakPeriod(cfg)); err != nil {
		return err
	}

	log.Info("Starting the manager")
	return mgr.Start(ctx)
}

// cacheSyncCheck reports ready once the manager's informers have synced. It does not block: the
// wait is bounded by a context that expires almost at once.
func cacheSyncCheck(mgr manager.Manager) healthz.Checker {
	return func(_ *http.Request) error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		defer cancel()
		if !mgr.GetCache().WaitForCacheSync(ctx) {
			return errors.New("informers have not synced yet")
		}
		return nil
	}
}

// gardenRESTConfig returns the REST config of the garden cluster with the qps, burst and content
// types of connection (see kubernetes.ApplyClientConnection). The kubeconfig is
// connection.kubeconfig (--kubeconfig, set by Options.Complete, takes precedence), else
// $KUBECONFIG, else in-cluster, else ~/.kube/config.
func gardenRESTConfig(connection componentbaseconfigv1alpha1.ClientConnectionConfiguration) (*rest.Config, error) {
	cfg, err := kubernetes.KubeconfigRESTConfig(connection.Kubeconfig)
	if err != nil {
		return nil, fmt.Errorf("failed getting the garden cluster configuration: %w", err)
	}
	return kubernetes.ApplyClientConnection(cfg, connection), nil
}

// bindAddress is the controller-runtime bind address of an endpoint; nil is "0" (none).
func bindAddress(server *controllermanagerconfigv1alpha1.Server) string {
	if server == nil {
		return "0"
	}
	return net.JoinHostPort(server.BindAddress, strconv.Itoa(server.Port))
}
