// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package suite starts the envtest garden for a Ginkgo integration suite. It is apart from
// package envtest, which local-garden links, so that programs do not link Ginkgo.
package suite

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/rest"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/klog/v2"
	"k8s.io/utils/clock"
	crenvtest "sigs.k8s.io/controller-runtime/pkg/envtest"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
)

// StartGarden starts etcd, kube-apiserver and gardener-apiserver (with apiServerArgs after
// --feature-gates=ExtensionComponentVersions=true), turns the gate on in this process for the
// suite, logs to GinkgoWriter and stops the environment when the suite ends. Call it in
// BeforeSuite.
func StartGarden(apiServerArgs ...string) *rest.Config {
	GinkgoHelper()
	return StartGardenWith(GardenOptions{APIServerArgs: apiServerArgs}).Config
}

// GardenOptions configure StartGardenWith.
type GardenOptions struct {
	// APIServerArgs follow --feature-gates=ExtensionComponentVersions=true.
	APIServerArgs []string
	// Clock is the clock of gardener-apiserver's admission plugins; nil is the real one.
	Clock clock.PassiveClock
	// ControllerManager adds the user gardener-controller-manager (system:masters) and configures
	// it as ShootExtensionProfile's maintenance identity.
	ControllerManager bool
}

// Garden is a started envtest garden.
type Garden struct {
	// Config is an admin (system:masters) identity.
	Config *rest.Config
	// ControllerManagerConfig is gardener-controller-manager's identity, with
	// GardenOptions.ControllerManager.
	ControllerManagerConfig *rest.Config
}

// StartGardenWith is StartGarden configured by opts.
func StartGardenWith(opts GardenOptions) Garden {
	GinkgoHelper()
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)
	featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

	args := append([]string{"--feature-gates=ExtensionComponentVersions=true"}, opts.APIServerArgs...)
	if opts.ControllerManager {
		flag, err := gardenerenvtest.WriteAdmissionConfiguration(GinkgoT().TempDir(), controllerManagerUser)
		Expect(err).NotTo(HaveOccurred())
		args = append(args, flag)
	}
	By("Start etcd, kube-apiserver and gardener-apiserver")
	testEnv := &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{Args: args, Clock: opts.Clock},
	}
	restConfig, err := testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		By("Stop the test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})
	garden := Garden{Config: restConfig}
	if opts.ControllerManager {
		user, err := testEnv.AddUser(crenvtest.User{Name: controllerManagerUser, Groups: []string{"system:masters"}}, nil)
		Expect(err).NotTo(HaveOccurred())
		garden.ControllerManagerConfig = user.Config()
	}
	return garden
}

const controllerManagerUser = "gardener-controller-manager"
