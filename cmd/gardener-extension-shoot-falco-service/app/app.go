// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package app builds the command of the example shoot-falco-service extension controller: flags,
// logging, a wait for the Extension CRD (gardenlet installs it), and a manager on the seed cluster
// with the Extension controller and /healthz and /readyz checks.
package app

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/go-logr/logr"
	"github.com/spf13/cobra"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
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
	if err := waitForExtensionAPI(ctx, log, config, time.Second, crdWaitTimeout); err != nil {
		return err
	}

	mgr, err := manager.New(config, manager.Options{
		Scheme:                  kubernetes.SeedScheme,
		Logger:                  log,
		Metrics:                 metricsserver.Options{BindAddress: opts.MetricsBindAddress},
		HealthProbeBindAddress:  opts.HealthProbeBindAddress,
		GracefulShutdownTimeout: ptr.To(5 * time.Second),
	})
	if err != nil {
		return fmt.Errorf("failed creating the manager: %w", err)
	}
	if err := mgr.AddHealthzCheck("ping", healthz.Ping); err != nil {
		return fmt.Errorf("failed adding the healthz check: %w", err)
	}
	if err := mgr.AddReadyzCheck("informer-sync", cacheSyncCheck(mgr.GetCache())); err != nil {
		return fmt.Errorf("failed adding the readyz check: %w", err)
	}

	if err := (&extension.Reconciler{Config: opts.ControllerConfig()}).AddToManager(mgr); err != nil {
		return fmt.Errorf("failed adding the %s controller: %w", extension.ControllerName, err)
	}

	log.Info("Starting the manager")
	return mgr.Start(ctx)
}

// waitForExtensionAPI polls discovery every interval until the seed serves the extensions
// resource of extensions.gardener.cloud/v1alpha1, or fails after timeout.
func waitForExtensionAPI(ctx context.Context, log logr.Logger, config *rest.Config, interval, timeout time.Duration) error {
	client, err := discovery.NewDiscoveryClientForConfig(config)
	if err != nil {
		return fmt.Errorf("failed creating the discovery client: %w", err)
	}
	groupVersion := extensionsv1alpha1.SchemeGroupVersion.String()
	var lastErr error
	logged := false
	if err := wait.PollUntilContextTimeout(ctx, interval, timeout, true, func(context.Context) (bool, error) {
		resources, err := client.ServerResourcesForGroupVersion(groupVersion)
		if err == nil {
			for _, resource := range resources.APIResources {
				if resource.Name == "extensions" {
					return true, nil
				}
			}
			err = fmt.Errorf("%s does not serve extensions", groupVersion)
		}
		lastErr = err
		if !logged {
			log.Info("Waiting for the Extension CRD (gardenlet installs it)", "groupVersion", groupVersion)
			logged = true
		}
		return false, nil
	}); err != nil {
		return fmt.Errorf("the seed does not serve %s extensions: %w (last observation: %v)", groupVersion, err, lastErr)
	}
	return nil
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
