// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package app is the kubectl extensionprofile plugin. Its subcommands read ExtensionProfiles and
// Shoots with the caller's kubeconfig and print tables:
//   - usage <extension-type>: per component version of the profile, its classification, next
//     transition and expiry (from the profile) and the Shoots that pin it; per component and
//     release channel, its current version (from the profile status) and the Shoots following it;
//   - shoot <name>: per component pin of the Shoot, the classification, expiry, effective
//     auto-update policy and what the next maintenance would do.
//   - rollout <extension-type>: per component version with a rollout, its state, stages, Shoots
//     moved, healthy, failed and waiting, and when the next stage opens.
//
// convert.go adds the offline migration of the Falco extension's version profile.
//
// Every decision comes from the packages that admission and maintenance use
// (pkg/api/core/v1beta1/helper, pkg/utils/gardener, the maintenance CEL checker), so the plugin
// shows what Gardener does, not a re-implementation.
package app

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/utils/clock"

	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
)

// Options are the options of every subcommand.
type Options struct {
	// Out receives the tables, ErrOut the errors.
	Out, ErrOut io.Writer
	// Kubeconfig is --kubeconfig; empty means $KUBECONFIG or ~/.kube/config, as for kubectl.
	Kubeconfig string
	// Overrides are kubectl's connection flags (--context, --namespace/-n, --server, ...).
	Overrides clientcmd.ConfigOverrides
	// AllNamespaces lists Shoots of all namespaces (usage only).
	AllNamespaces bool
	// Clock is the time source of the maintenance preview and of a classification that the
	// profile status does not hold yet.
	Clock clock.Clock
	// NewClient returns the client of the garden cluster; nil means one from ConfigFlags.
	NewClient func() (gardencoreclientset.Interface, error)
}

// NewCommand returns the root command of the plugin; tables go to out, errors to errOut.
func NewCommand(out, errOut io.Writer) *cobra.Command {
	return NewCommandWithOptions(&Options{Out: out, ErrOut: errOut, Clock: clock.RealClock{}})
}

// NewCommandWithOptions returns the root command of the plugin bound to o; the flags fill o.
func NewCommandWithOptions(o *Options) *cobra.Command {
	cmd := &cobra.Command{
		Use:          "kubectl-extensionprofile",
		Short:        "Shows which Shoots pin which ExtensionProfile component versions, and what maintenance will do",
		SilenceUsage: true,
		Annotations:  map[string]string{cobra.CommandDisplayNameAnnotation: "kubectl extensionprofile"},
	}
	cmd.SetOut(o.Out)
	if o.ErrOut != nil {
		cmd.SetErr(o.ErrOut)
	}
	cmd.PersistentFlags().StringVar(&o.Kubeconfig, "kubeconfig", "", "Path to the kubeconfig file (default: $KUBECONFIG or ~/.kube/config).")
	clientcmd.BindOverrideFlags(&o.Overrides, cmd.PersistentFlags(), clientcmd.RecommendedConfigOverrideFlags(""))
	cmd.AddCommand(newUsageCommand(o), newShootCommand(o), newRolloutCommand(o))
	cmd.AddCommand(newConvertCommand(o))
	return cmd
}

func (o *Options) client() (gardencoreclientset.Interface, error) {
	if o.NewClient != nil {
		return o.NewClient()
	}
	config, err := o.clientConfig().ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("cannot load the kubeconfig: %w", err)
	}
	return gardencoreclientset.NewForConfig(config)
}

func (o *Options) clientConfig() clientcmd.ClientConfig {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = o.Kubeconfig
	return clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &o.Overrides)
}

// namespace returns --namespace, else the kubeconfig context's namespace, else "default".
func (o *Options) namespace() (string, error) {
	if o.Overrides.Context.Namespace != "" {
		return o.Overrides.Context.Namespace, nil
	}
	namespace, _, err := o.clientConfig().Namespace()
	return namespace, err
}
