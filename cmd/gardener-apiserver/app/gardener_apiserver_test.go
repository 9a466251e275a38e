// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/spf13/pflag"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/sets"
	featuregatetesting "k8s.io/component-base/featuregate/testing"

	. "github.com/gep-78/gardener/cmd/gardener-apiserver/app"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	plugin "github.com/gep-78/gardener/plugin/pkg"
)

var _ = Describe("Options", func() {
	parse := func(args ...string) *Options {
		opts := NewOptions()
		fs := pflag.NewFlagSet(Name, pflag.ContinueOnError)
		opts.AddFlags(fs)
		Expect(fs.Parse(args)).To(Succeed())
		return opts
	}

	It("stores core.gardener.cloud/v1beta1 under /registry-gardener", func() {
		opts := NewOptions()
		Expect(opts.Recommended.Etcd.StorageConfig.Prefix).To(Equal("/registry-gardener"))
		gvk, ok := opts.Recommended.Etcd.StorageConfig.EncodeVersioner.KindForGroupVersionKinds(
			[]schema.GroupVersionKind{{Group: gardencorev1beta1.GroupName, Version: "__internal", Kind: "ExtensionProfile"}})
		Expect(ok).To(BeTrue())
		Expect(gvk).To(Equal(gardencorev1beta1.SchemeGroupVersion.WithKind("ExtensionProfile")))
	})

	It("registers exactly the ordered admission plugins and turns off those not on by default", func() {
		opts := NewOptions()
		Expect(opts.Recommended.Admission.Plugins.Registered()).To(ConsistOf(plugin.AllOrderedPluginNames()))
		Expect(opts.Recommended.Admission.RecommendedPluginOrder).To(Equal(plugin.AllOrderedPluginNames()))
		Expect(opts.Recommended.Admission.DefaultOffPlugins).To(Equal(
			sets.New(plugin.AllOrderedPluginNames()...).Difference(plugin.DefaultOnPlugins())))
	})

	It("requires etcd servers", func() {
		opts := parse()
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Validate()).To(MatchError(ContainSubstring("--etcd-servers must be specified")))
	})

	It("rejects unknown admission plugins", func() {
		opts := parse("--etcd-servers=http://127.0.0.1:2379", "--disable-admission-plugins=ShootQuotaValidator")
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Validate()).To(MatchError(ContainSubstring(`disable-admission-plugins plugin "ShootQuotaValidator" is unknown`)))
	})

	It("accepts the project's plugins and feature gates", func() {
		features.RegisterFeatureGates()
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
		opts := parse("--etcd-servers=http://127.0.0.1:2379", "--disable-admission-plugins=ShootExtensionProfile",
			"--feature-gates=ExtensionComponentVersions=true")
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Validate()).To(Succeed())
		Expect(features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions)).To(BeTrue())
	})
})
