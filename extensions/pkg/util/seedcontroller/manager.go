// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package seedcontroller holds what the example extensions' controllers on a seed share: the event
// filter of an extension resource, the seed's REST config, a wait for the resource gardenlet
// installs the CRD of, and the manager. Gardener's extension library has its own
// (extensions/pkg/predicate, extensions/pkg/controller/cmd).
package seedcontroller

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/utils/ptr"
	ctrlconfig "sigs.k8s.io/controller-runtime/pkg/client/config"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
)

// SeedRESTConfig returns the REST config of the seed from kubeconfig, a path; when empty from
// $KUBECONFIG, else in-cluster, else ~/.kube/config.
func SeedRESTConfig(kubeconfig string) (*rest.Config, error) {
	if kubeconfig == "" {
		return ctrlconfig.GetConfig()
	}
	return clientcmd.BuildConfigFromFlags("", kubeconfig)
}

// WaitForSeedResource polls discovery every interval until the seed serves resource (e.g.
// "extensions") of extensions.gardener.cloud/v1alpha1, whose CRD gardenlet installs, or fails
// after timeout.
func WaitForSeedResource(ctx context.Context, log logr.Logger, config *rest.Config, resource string, interval, timeout time.Duration) error {
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
			for _, r := range resources.APIResources {
				if r.Name == resource {
					return true, nil
				}
			}
			err = fmt.Errorf("%s does not serve %s", groupVersion, resource)
		}
		lastErr = err
		if !logged {
			log.Info("Waiting for the CRD (gardenlet installs it)", "groupVersion", groupVersion, "resource", resource)
			logged = true
		}
		return false, nil
	}); err != nil {
		return fmt.Errorf("the seed does not serve %s %s: %w (last observation: %v)", groupVersion, resource, err, lastErr)
	}
	return nil
}

// NewSeedManager returns a manager on the seed with the seed scheme, metrics and health probes at
// the given addresses ("0" disables them), /healthz answering at once and /readyz once the
// informers have synced.
func NewSeedManager(config *rest.Config, log logr.Logger, metricsBindAddress, healthProbeBindAddress string) (manager.Manager, error) {
	mgr, err := manager.New(config, manager.Options{
		Scheme:                  kubernetes.SeedScheme,
		Logger:                  log,
		Metrics:                 metricsserver.Options{BindAddress: metricsBindAddress},
		HealthProbeBindAddress:  healthProbeBindAddress,
		GracefulShutdownTimeout: ptr.To(5 * time.Second),
	})
	if err != nil {
		return nil, fmt.Errorf("failed creating the manager: %w", err)
	}
	if err := mgr.AddHealthzCheck("ping", healthz.Ping); err != nil {
		return nil, fmt.Errorf("failed adding the healthz check: %w", err)
	}
	if err := mgr.AddReadyzCheck("informer-sync", func(_ *http.Request) error {
		// Not blocking: the wait ends almost at once.
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		defer cancel()
		if !mgr.GetCache().WaitForCacheSync(ctx) {
			return errors.New("informers have not synced yet")
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("failed adding the readyz check: %w", err)
	}
	return mgr, nil
}
