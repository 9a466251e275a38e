// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package app builds the gardener-apiserver command and its options. test/envtest uses the
// options directly to run the server in-process.
package app

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/admission"
	openapinamer "k8s.io/apiserver/pkg/endpoints/openapi"
	genericapiserver "k8s.io/apiserver/pkg/server"
	genericoptions "k8s.io/apiserver/pkg/server/options"
	"k8s.io/component-base/version/verflag"
	"k8s.io/klog/v2"
	"k8s.io/utils/clock"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/apiserver"
	admissioninitializer "github.com/gep-78/gardener/pkg/apiserver/admission/initializer"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/version"
	plugin "github.com/gep-78/gardener/plugin/pkg"
)

// Name is the name of the component.
const Name = "gardener-apiserver"

// EtcdPathPrefix is the etcd key prefix of every object the server stores. Keys are
// <prefix>/<group>/<resource>/[<namespace>/]<name>, e.g.
// /registry-gardener/core.gardener.cloud/extensionprofiles/shoot-traefik. The prefix must not
// contain the group, or the group would appear twice (the storage factory adds it).
const EtcdPathPrefix = "/registry-gardener"

// Options are the command-line options of gardener-apiserver.
type Options struct {
	// Recommended are the generic options of an aggregated API server: etcd, secure serving,
	// delegated authentication and authorization against the kube-apiserver
	// (--authentication-kubeconfig, --authorization-kubeconfig), the kube-apiserver client for
	// admission and flow control (--kubeconfig), audit, admission, ...
	Recommended *genericoptions.RecommendedOptions
	// ServerRun are the universal server options, including --feature-gates (through the
	// component-global registry, which holds this project's gates) and --emulated-version.
	ServerRun *genericoptions.ServerRunOptions

	// Clock is injected into the registry strategies and the admission plugins that classify
	// versions, so that one server classifies at one time. It has no flag: it is
	// nil (the real clock) in the binary, and a fixed clock when tests run the server in-process.
	Clock clock.PassiveClock

	coreInformerFactory gardencoreinformers.SharedInformerFactory
}

// NewOptions returns the default options: etcd prefix EtcdPathPrefix with objects stored as
// core.gardener.cloud/v1beta1 JSON, and exactly this project's admission plugins in the order of
// plugin.AllOrderedPluginNames, all on except those outside plugin.DefaultOnPlugins.
func NewOptions() *Options {
	// The gates must be known before the flags are added: adding the --feature-gates flag closes
	// the gate for further registrations.
	features.RegisterFeatureGates()

	recommended := genericoptions.NewRecommendedOptions(EtcdPathPrefix, api.Codecs.LegacyCodec(gardencorev1beta1.SchemeGroupVersion))
	recommended.Etcd.StorageConfig.EncodeVersioner = runtime.NewMultiGroupVersioner(
		gardencorev1beta1.SchemeGroupVersion, schema.GroupKind{Group: gardencorev1beta1.GroupName})
	recommended.FeatureGate = features.DefaultFeatureGate

	// Only the plugins gardener-apiserver orders itself are registered; the generic defaults
	// (e.g. ValidatingAdmissionPolicy) would otherwise have to appear in the order too.
	recommended.Admission.Plugins = admission.NewPlugins()
	apiserver.RegisterAllAdmissionPlugins(recommended.Admission.Plugins)
	recommended.Admission.RecommendedPluginOrder = plugin.AllOrderedPluginNames()
	recommended.Admission.DefaultOffPlugins = sets.New(plugin.AllOrderedPluginNames()...).Difference(plugin.DefaultOnPlugins())

	serverRun := genericoptions.NewServerRunOptions()
	// Bounded shutdown: open watches are ended once the server stops accepting requests, instead
	// of holding it up to --request-timeout.
	serverRun.ShutdownWatchTerminationGracePeriod = DefaultShutdownWatchTerminationGracePeriod
	serverRun.MaxRequestBodyBytes = DefaultMaxRequestBodyBytes

	return &Options{
		Recommended: recommended,
		ServerRun:   serverRun,
	}
}

// DefaultShutdownWatchTerminationGracePeriod is the default of
// --shutdown-watch-termination-grace-period: the longest time shutdown waits for open watches to
// end. On SIGTERM gardener-apiserver therefore stops within --shutdown-delay-duration (default 0)
// plus the longer of this period and the longest in-flight request (at most --request-timeout).
const DefaultShutdownWatchTerminationGracePeriod = 10 * time.Second

// DefaultMaxRequestBodyBytes is the default of --max-resource-write-bytes: 1 MiB, below etcd's
// default request limit of 1.5 MiB, so an oversized write is refused with 413 before it reaches
// etcd.
const DefaultMaxRequestBodyBytes = 1024 * 1024

// AddFlags adds the options' flags to fs.
func (o *Options) AddFlags(fs *pflag.FlagSet) {
	o.Recommended.AddFlags(fs)
	o.ServerRun.AddUniversalFlags(fs)
	fs.Int64Var(&o.ServerRun.MaxRequestBodyBytes, "max-resource-write-bytes", o.ServerRun.MaxRequestBodyBytes,
		"The limit on the body size of a write request (create, update, patch) in bytes; larger requests get 413. Keep it below etcd's --max-request-bytes. 0 means no limit.")
}

// Complete applies --feature-gates and --emulated-version to the component-global registry
// (which the process-wide feature gate belongs to); call it right after parsing the flags.
func (o *Options) Complete() error {
	if err := o.ServerRun.ComponentGlobalsRegistry.Set(); err != nil {
		return err
	}
	return o.ServerRun.Complete()
}

// Validate checks the options.
func (o *Options) Validate() error {
	errs := o.Recommended.Validate()
	errs = append(errs, o.ServerRun.Validate()...)
	return utilerrors.NewAggregate(errs)
}

// config builds the server configuration from the options. Without --tls-cert-file it
// generates a self-signed serving certificate for localhost/127.0.0.1 in --cert-dir.
func (o *Options) config() (*apiserver.Config, error) {
	if err := o.Recommended.SecureServing.MaybeDefaultWithSelfSignedCerts("localhost", nil, []net.IP{net.ParseIP("127.0.0.1")}); err != nil {
		return nil, fmt.Errorf("creating self-signed certificates: %w", err)
	}
	if err := o.ServerRun.DefaultAdvertiseAddress(o.Recommended.SecureServing.SecureServingOptions); err != nil {
		klog.InfoS("Not advertising an address", "reason", err)
	}

	o.Recommended.ExtraAdmissionInitializers = o.coreAdmissionInitializers

	serverConfig := genericapiserver.NewRecommendedConfig(api.Codecs)
	// The internal types have no OpenAPI model names of their own, so the namer built from the
	// full scheme maps every model name to its v1beta1 kind only (x-kubernetes-group-version-kind
	// without __internal), which server-side apply and kubectl explain rely on.
	namer := openapinamer.NewDefinitionNamer(api.Scheme)
	serverConfig.OpenAPIConfig = genericapiserver.DefaultOpenAPIConfig(apiserver.GetOpenAPIDefinitions, namer)
	serverConfig.OpenAPIConfig.Info.Title = "Gardener"
	serverConfig.OpenAPIConfig.Info.Version = version.Version
	serverConfig.OpenAPIV3Config = genericapiserver.DefaultOpenAPIV3Config(apiserver.GetOpenAPIDefinitions, namer)
	serverConfig.OpenAPIV3Config.Info.Title = "Gardener"
	serverConfig.OpenAPIV3Config.Info.Version = version.Version

	// Effective version and feature gate first: admission reads them.
	if err := o.ServerRun.ApplyTo(&serverConfig.Config); err != nil {
		return nil, err
	}
	if err := o.Recommended.ApplyTo(serverConfig); err != nil {
		return nil, err
	}

	return &apiserver.Config{
		GenericConfig: serverConfig,
		ExtraConfig:   apiserver.ExtraConfig{CoreInformerFactory: o.coreInformerFactory, Clock: o.Clock},
	}, nil
}

// coreAdmissionInitializers builds the loopback core.gardener.cloud client and informer factory
// from c.LoopbackClientConfig and returns the initializer that hands them to the admission plugins.
// The client talks protobuf, as Gardener's does: the loopback config names no content type, so
// the clientset's default holds (protobuf for every core.gardener.cloud kind, JSON accepted).
func (o *Options) coreAdmissionInitializers(c *genericapiserver.RecommendedConfig) ([]admission.PluginInitializer, error) {
	coreClient, err := gardencoreclientset.NewForConfig(c.LoopbackClientConfig)
	if err != nil {
		return nil, fmt.Errorf("creating the loopback core.gardener.cloud client: %w", err)
	}
	o.coreInformerFactory = gardencoreinformers.NewSharedInformerFactory(coreClient, 0)
	return []admission.PluginInitializer{admissioninitializer.New(o.coreInformerFactory, coreClient, o.Clock)}, nil
}

// Run builds the server and serves until ctx is done.
func (o *Options) Run(ctx context.Context) error {
	config, err := o.config()
	if err != nil {
		return err
	}
	server, err := config.Complete().New()
	if err != nil {
		return err
	}
	klog.InfoS("Starting gardener-apiserver", "version", version.Version, string(features.ExtensionComponentVersions), features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions))
	return server.GenericAPIServer.PrepareRun().RunWithContext(ctx)
}

// NewCommand returns the gardener-apiserver command.
func NewCommand() *cobra.Command {
	opts := NewOptions()
	cmd := &cobra.Command{
		Use:   Name,
		Short: "Serve core.gardener.cloud as an aggregated API server",
		Long: Name + " serves core.gardener.cloud/v1beta1 (ExtensionProfile, and the Shoot and CloudProfile subsets that\n" +
			"GEP-78 reads and writes) behind a kube-apiserver, storing objects in etcd under " + EtcdPathPrefix + ".",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			verflag.PrintAndExitIfRequested()
			if err := opts.Complete(); err != nil {
				return err
			}
			if err := opts.Validate(); err != nil {
				return err
			}
			return opts.Run(cmd.Context())
		},
	}
	opts.AddFlags(cmd.Flags())
	verflag.AddFlags(cmd.Flags())
	return cmd
}
