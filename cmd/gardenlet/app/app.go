// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package app builds the gardenlet command: flags, logging, feature gates, the seed bootstrap (the
// Extension CRD), a manager on the seed cluster with the garden cluster as a second cluster, and
// the shoot extension controller.
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
	"k8s.io/klog/v2"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	gardenletconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/gardenlet/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

// Name is the name of the component.
const Name = "gardenlet"

// NewCommand returns the gardenlet command.
func NewCommand() *cobra.Command {
	// Registered before the flags are built so that --feature-gates knows the gates.
	features.RegisterFeatureGates()
	opts := NewOptions()

	cmd := &cobra.Command{
		Use:   Name,
		Short: "Launch the " + Name,
		Long: Name + " writes the seed Extension objects (extensions.gardener.cloud/v1alpha1) of the Shoots " +
			"of one seed. With the feature gate ExtensionComponentVersions (GEP-78) each Extension carries " +
			"the pinned component versions of Shoot.spec.extensions[].components[] and the providerConfig " +
			"of the matching ExtensionProfile version entry in spec.components[].",
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

			ctx, cancel := context.WithCancel(cmd.Context())
			return run(ctx, cancel, log.WithName(Name), opts.Config)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// run starts the seed bootstrap and the manager with the shoot extension controller, configured by
// cfg alone (defaulted, flags applied by Options.Complete), until ctx is done; it calls cancel
// when it returns.
func run(ctx context.Context, cancel context.CancelFunc, log logr.Logger, cfg *gardenletconfigv1alpha1.GardenletConfiguration) error {
	defer cancel()
	log.Info("Starting "+Name, "seedName", cfg.SeedConfig.Name, "adoptUnscheduledShoots", cfg.Controllers.Shoot.AdoptUnscheduledShoots,
		"leaderElect", ptr.Deref(cfg.LeaderElection.LeaderElect, false),
		"featureGates", features.Active(), "concurrentSyncs", *cfg.Controllers.Shoot.ConcurrentSyncs,
		"gardenClientConnection", kubernetes.ClientConnectionLogValues(cfg.GardenClientConnection.ClientConnectionConfiguration),
		"seedClientConnection", kubernetes.ClientConnectionLogValues(cfg.SeedClientConnection.ClientConnectionConfiguration))

	// Time spent in client-go's client-side rate limiter and in requests, per verb and host, on
	// /metrics (rest_client_rate_limiter_duration_seconds, rest_client_request_duration_seconds):
	// they tell whether gardenlet waits for its own QPS budget or for the API servers.
	metrics.RegisterRESTClientMetrics(metrics.MetricRateLimiterLatency, metrics.MetricRequestLatency)

	gardenConfig, seedConfig, err := RESTConfigs(cfg)
	if err != nil {
		return err
	}

	// The seed bootstrap runs before the manager, whose Extension informer needs the CRD.
	seedClient, err := client.New(seedConfig, client.Options{Scheme: kubernetes.SeedScheme})
	if err != nil {
		return fmt.Errorf("failed creating the seed client: %w", err)
	}
	if err := bootstrappers.EnsureExtensionCRD(ctx, log.WithName("bootstrap"), seedClient, time.Second, 2*time.Minute); err != nil {
		return err
	}

	// As in Gardener, the manager runs against the seed and the garden is a second cluster; the
	// leader election Lease lives in the seed.
	leaderElection := cfg.LeaderElection
	mgr, err := manager.New(seedConfig, manager.Options{
		Scheme:                        kubernetes.SeedScheme,
		Logger:                        log,
		Metrics:                       metricsserver.Options{BindAddress: bindAddress(cfg.Server.Metrics)},
		HealthProbeBindAddress:        bindAddress(cfg.Server.HealthProbes),
		GracefulShutdownTimeout:       ptr.To(5 * time.Second),
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
		return fmt.Errorf("failed creating the seed manager: %w", err)
	}
	gardenCluster, err := cluster.New(gardenConfig, func(o *cluster.Options) {
		o.Scheme = kubernetes.GardenScheme
		o.Logger = log.WithName("garden-cluster")
	})
	if err != nil {
		return fmt.Errorf("failed creating the garden cluster: %w", err)
	}
	if err := mgr.Add(gardenCluster); err != nil {
		return fmt.Errorf("failed adding the garden cluster to the manager: %w", err)
	}

	if err := mgr.AddHealthzCheck("ping", healthz.Ping); err != nil {
		return fmt.Errorf("failed adding the healthz check: %w", err)
	}
	if err := mgr.AddReadyzCheck("seed-informer-sync", cacheSyncCheck(mgr.GetCache())); err != nil {
		return fmt.Errorf("failed adding the readyz check: %w", err)
	}
	if err := mgr.AddReadyzCheck("garden-informer-sync", cacheSyncCheck(gardenCluster.GetCache())); err != nil {
		return fmt.Errorf("failed adding the readyz check: %w", err)
	}

	if err := (&extension.Reconciler{Config: ControllerConfig(cfg)}).AddToManager(ctx, mgr, gardenCluster); err != nil {
		return fmt.Errorf("failed adding the %s controller: %w", extension.ControllerName, err)
	}

	log.Info("Starting the manager")
	return mgr.Start(ctx)
}

// cacheSyncCheck reports ready once the informers of c have synced. It does not block: the wait is
// bounded by a context that expires almost at once.
func cacheSyncCheck(c cache.Cache) healthz.Checker {
	return func(_ *http.Request) error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		defer cancel()
		if !c.WaitForCacheSync(ctx) {
			return errors.New("informers have not synced yet")
		}
		return nil
	}
}

// ControllerConfig returns the configuration of the shoot extension controller of a completed cfg.
func ControllerConfig(cfg *gardenletconfigv1alpha1.GardenletConfiguration) extension.Config {
	return extension.Config{
		SeedName:               cfg.SeedConfig.Name,
		AdoptUnscheduledShoots: cfg.Controllers.Shoot.AdoptUnscheduledShoots,
		ConcurrentSyncs:        *cfg.Controllers.Shoot.ConcurrentSyncs,
	}
}

// RESTConfigs returns the REST configs of the garden and the seed cluster of a completed cfg, with
// the qps, burst and content types of gardenClientConnection and seedClientConnection (see
// kubernetes.ApplyClientConnection). The garden kubeconfig is gardenClientConnection.kubeconfig,
// else $KUBECONFIG, else in-cluster, else ~/.kube/config; without seedClientConnection.kubeconfig
// the seed is the garden cluster's API server.
func RESTConfigs(cfg *gardenletconfigv1alpha1.GardenletConfiguration) (garden, seed *rest.Config, err error) {
	gardenConnection := cfg.GardenClientConnection.ClientConnectionConfiguration
	seedConnection := cfg.SeedClientConnection.ClientConnectionConfiguration
	if garden, err = kubernetes.KubeconfigRESTConfig(gardenConnection.Kubeconfig); err != nil {
		return nil, nil, fmt.Errorf("failed loading the garden kubeconfig: %w", err)
	}
	seedKubeconfig := seedConnection.Kubeconfig
	if seedKubeconfig == "" {
		seedKubeconfig = gardenConnection.Kubeconfig
	}
	if seed, err = kubernetes.KubeconfigRESTConfig(seedKubeconfig); err != nil {
		return nil, nil, fmt.Errorf("failed loading the seed kubeconfig: %w", err)
	}
	return kubernetes.ApplyClientConnection(garden, gardenConnection), kubernetes.ApplyClientConnection(seed, seedConnection), nil
}

// bindAddress is the controller-runtime bind address of an endpoint; nil is "0" (none).
func bindAddress(server *gardenletconfigv1alpha1.Server) string {
	if server == nil {
		return "0"
	}
	return net.JoinHostPort(server.BindAddress, strconv.Itoa(server.Port))
}
