// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package app builds the gardener-operator command: the component configuration (--config) with
// the flags applied, logging, the runtime-cluster bootstrap (the operator Extension CRD), a
// manager on the runtime cluster with the garden cluster as a second cluster, and the controller
// that generates ExtensionProfiles.
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
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	operatorconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/operator/v1alpha1"
	operatorcrds "github.com/gep-78/gardener/pkg/apis/operator/crds"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/operator/controller/extension/extensionprofile"
	kubernetesutils "github.com/gep-78/gardener/pkg/utils/kubernetes"
)

// Name is the name of the component.
const Name = "gardener-operator"

// NewCommand returns the gardener-operator command.
func NewCommand() *cobra.Command {
	opts := NewOptions()

	cmd := &cobra.Command{
		Use:   Name,
		Short: "Launch the " + Name,
		Long: Name + " generates the garden's ExtensionProfiles (core.gardener.cloud/v1beta1) from the " +
			"spec.extensionProfiles[] of the operator.gardener.cloud/v1alpha1 Extensions in its runtime cluster " +
			"(GEP-78), and applies the operator Extension CRD to the runtime cluster on start.",
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

// run runs gardener-operator with the defaulted and validated cfg until ctx is done; cancel is
// called on return.
func run(ctx context.Context, cancel context.CancelFunc, log logr.Logger, cfg *operatorconfigv1alpha1.OperatorConfiguration) error {
	defer cancel()
	log.Info("Starting "+Name, "concurrentSyncs", *cfg.Controllers.ExtensionProfile.ConcurrentSyncs,
		"runtimeClientConnection", kubernetes.ClientConnectionLogValues(cfg.RuntimeClientConnection),
		"virtualClientConnection", kubernetes.ClientConnectionLogValues(cfg.VirtualClientConnection))

	runtimeConfig, gardenConfig, err := restConfigs(cfg)
	if err != nil {
		return err
	}

	// The bootstrap runs before the manager, whose Extension informer needs the CRD.
	runtimeClient, err := client.New(runtimeConfig, client.Options{Scheme: kubernetes.RuntimeScheme})
	if err != nil {
		return fmt.Errorf("failed creating the runtime client: %w", err)
	}
	if err := kubernetesutils.ApplyCRD(ctx, log.WithName("bootstrap"), runtimeClient, operatorcrds.ExtensionCRD(), Name, time.Second, 2*time.Minute); err != nil {
		return err
	}

	// As in Gardener, the manager runs against the runtime cluster and the garden is a second
	// cluster.
	mgr, err := manager.New(runtimeConfig, manager.Options{
		Scheme:                  kubernetes.RuntimeScheme,
		Logger:                  log,
		Metrics:                 metricsserver.Options{BindAddress: bindAddress(cfg.Server.Metrics)},
		HealthProbeBindAddress:  bindAddress(cfg.Server.HealthProbes),
		GracefulShutdownTimeout: ptr.To(5 * time.Second),
	})
	if err != nil {
		return fmt.Errorf("failed creating the runtime manager: %w", err)
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
	if err := mgr.AddReadyzCheck("runtime-informer-sync", cacheSyncCheck(mgr.GetCache())); err != nil {
		return fmt.Errorf("failed adding the readyz check: %w", err)
	}
	if err := mgr.AddReadyzCheck("garden-informer-sync", cacheSyncCheck(gardenCluster.GetCache())); err != nil {
		return fmt.Errorf("failed adding the readyz check: %w", err)
	}

	reconciler := &extensionprofile.Reconciler{ConcurrentSyncs: *cfg.Controllers.ExtensionProfile.ConcurrentSyncs}
	if err := reconciler.AddToManager(mgr, gardenCluster); err != nil {
		return fmt.Errorf("failed adding the %s controller: %w", extensionprofile.ControllerName, err)
	}

	log.Info("Starting the manager")
	return mgr.Start(ctx)
}

// bindAddress returns the bind address of an endpoint; nil is "0", no endpoint.
func bindAddress(s *operatorconfigv1alpha1.Server) string {
	if s == nil {
		return "0"
	}
	return net.JoinHostPort(s.BindAddress, strconv.Itoa(s.Port))
}

// restConfigs returns the REST configs of the runtime and the garden cluster with the rate limits
// and content types of their client connections; core.gardener.cloud and the Kubernetes kinds go
// as protobuf, CRDs as JSON (kubernetes.ApplyClientConnection). An empty runtime kubeconfig is
// $KUBECONFIG, else in-cluster, else ~/.kube/config; an empty virtual one the runtime cluster's.
func restConfigs(cfg *operatorconfigv1alpha1.OperatorConfiguration) (runtime, garden *rest.Config, err error) {
	if runtime, err = kubernetes.KubeconfigRESTConfig(cfg.RuntimeClientConnection.Kubeconfig); err != nil {
		return nil, nil, fmt.Errorf("failed loading the runtime kubeconfig: %w", err)
	}
	garden = runtime
	if path := cfg.VirtualClientConnection.Kubeconfig; path != "" {
		if garden, err = kubernetes.KubeconfigRESTConfig(path); err != nil {
			return nil, nil, fmt.Errorf("failed loading the garden kubeconfig: %w", err)
		}
	}
	return kubernetes.ApplyClientConnection(runtime, cfg.RuntimeClientConnection), kubernetes.ApplyClientConnection(garden, cfg.VirtualClientConnection), nil
}

// cacheSyncCheck reports ready once the informers of c have synced, without blocking.
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
