// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package robustness_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/examples"
)

// The suite sends malformed requests to gardener-apiserver through kube-apiserver and asserts
// that none gets a 5xx and that the server logs no panic. gardener-apiserver runs in-process;
// its log (klog) is recorded by panicLog.
func TestRobustness(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(200 * time.Millisecond)
	RunSpecs(t, "Test Integration APIServer Robustness Suite")
}

const namespace = "garden-robust"

var (
	ctx = context.Background()

	testEnv    *gardenerenvtest.GardenerTestEnvironment
	restConfig *rest.Config
	testClient client.Client
	httpClient *http.Client
	panics     = &panicLog{}
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logr.New(&panicSink{LogSink: logger.GetSink(), log: panics}))

	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args:  []string{"--feature-gates=ExtensionComponentVersions=true"},
			Clock: testclock.NewFakePassiveClock(examples.ReferenceTime),
		},
	}
	var err error
	restConfig, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { Expect(testEnv.Stop()).To(Succeed()) })

	testClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
	Expect(err).NotTo(HaveOccurred())
	httpClient, err = rest.HTTPClientFor(restConfig)
	Expect(err).NotTo(HaveOccurred())

	Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
	cloudProfile := &gardencorev1beta1.CloudProfile{}
	examples.MustDecode("cloudprofile-local.yaml", cloudProfile)
	Expect(testClient.Create(ctx, cloudProfile)).To(Succeed())
	for _, name := range examples.Names("extensionprofile-") {
		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode(name, profile)
		Expect(testClient.Create(ctx, profile)).To(Succeed(), name)
	}
})

// panicLog records the log lines of the process that mention a panic.
type panicLog struct {
	mu    sync.Mutex
	lines []string
}

func (p *panicLog) record(msg string, keysAndValues ...interface{}) {
	text := msg
	for _, v := range keysAndValues {
		if s, ok := v.(string); ok {
			text += " " + s
		} else if err, ok := v.(error); ok {
			text += " " + err.Error()
		}
	}
	if !strings.Contains(strings.ToLower(text), "panic") {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.lines = append(p.lines, text)
}

// Lines returns the recorded lines.
func (p *panicLog) Lines() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.lines...)
}

// panicSink passes every record on and records those that mention a panic.
type panicSink struct {
	logr.LogSink
	log *panicLog
}

func (s *panicSink) Info(level int, msg string, keysAndValues ...interface{}) {
	s.log.record(msg, keysAndValues...)
	s.LogSink.Info(level, msg, keysAndValues...)
}

func (s *panicSink) Error(err error, msg string, keysAndValues ...interface{}) {
	s.log.record(msg, append(keysAndValues, err)...)
	s.LogSink.Error(err, msg, keysAndValues...)
}

func (s *panicSink) WithValues(keysAndValues ...interface{}) logr.LogSink {
	return &panicSink{LogSink: s.LogSink.WithValues(keysAndValues...), log: s.log}
}

func (s *panicSink) WithName(name string) logr.LogSink {
	return &panicSink{LogSink: s.LogSink.WithName(name), log: s.log}
}
