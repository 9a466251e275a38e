// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package drain measures gardenlet's drain rate: n Shoots exist before gardenlet starts,
// and the rate is n over the time from gardenlet's start until every seed Extension of them
// exists. In the same run it measures the floor: kube-apiserver's rate for as many ConfigMap
// creates, of the size of a seed Extension, as gardenlet wrote, from as many workers as gardenlet
// reconciles Shoots in parallel. See docs/development/benchmarks.md ("gardenlet drain rate").
//
//	go test -run xxx -bench BenchmarkDrain -benchtime 1x ./test/integration/gardenlet/drain/
//	DRAIN_SHOOTS=400,10000 go test -run xxx -bench BenchmarkDrain -benchtime 1x -timeout 2h ./test/integration/gardenlet/drain/
//
// gardenlet and gardener-apiserver are processes built from this tree (go build into a temporary
// directory), as local-garden runs them; etcd and kube-apiserver come from bin/ (envtest).
// DRAIN_GARDENLET_CONFIG names a GardenletConfiguration file to start gardenlet with instead of
// the defaults (the seed and garden kubeconfig are passed as flags), DRAIN_LOG_DIR keeps the
// gardenlet and gardener-apiserver logs there, DRAIN_PROFILE_DIR receives a 10-second CPU profile
// of kube-apiserver and gardener-apiserver from the start of the drain.
package drain_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	gardenletconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/gardenlet/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardenversioned "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	kubernetesclient "github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	"github.com/gep-78/gardener/test/benchutil"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/examples"
)

const projectNamespace = "garden-drain"

// BenchmarkDrain runs one drain per iteration (use -benchtime 1x) for every count of
// $DRAIN_SHOOTS (comma-separated, default 400). ns/op is the drain; the other metrics are:
//   - shoots/s: n over the drain, from gardenlet's start to the last seed Extension;
//   - shoots/s-p10-p90: the rate between the 10th and the 90th percentile of completed Shoots;
//   - writes/shoot: gardenlet's POST, PUT, PATCH and DELETE requests (garden and seed) per Shoot;
//   - conflicts/shoot: those answered 409 (a create of an existing object, a stale patch);
//   - floor-writes/s: kube-apiserver's ConfigMap create rate (see package doc);
//   - floor-shoots/s: floor-writes/s over writes/shoot; of-floor: shoots/s over floor-shoots/s;
//   - replay-shoots/s: the same writes per Shoot, in gardenlet's order, without a controller
//     (replayRate); of-replay: shoots/s over replay-shoots/s;
//   - load1: the 1-minute load average at the end of the drain;
//   - <process>-cpu-s: the CPU seconds of gardenlet, gardener-apiserver, kube-apiserver and etcd
//     during the drain.
func BenchmarkDrain(b *testing.B) {
	logf.SetLogger(logr.Discard())
	binaries := buildBinaries(b)
	for _, n := range shootCounts(b) {
		b.Run(fmt.Sprintf("shoots=%d", n), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				drain(b, binaries, n)
			}
		})
	}
}

func shootCounts(b *testing.B) []int {
	value := os.Getenv("DRAIN_SHOOTS")
	if value == "" {
		return []int{400}
	}
	var counts []int
	for _, field := range strings.Split(value, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil || n < 1 {
			b.Fatalf("DRAIN_SHOOTS: %q is not a positive number", field)
		}
		counts = append(counts, n)
	}
	return counts
}

func drain(b *testing.B, binaries binaries, n int) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logDir := os.Getenv("DRAIN_LOG_DIR")
	if logDir == "" {
		logDir = b.TempDir()
	}
	apiserverLog := mustCreate(b, filepath.Join(logDir, fmt.Sprintf("gardener-apiserver-%d.log", n)))
	defer apiserverLog.Close()

	env := &gardenerenvtest.GardenerTestEnvironment{GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
		Path: binaries.apiserver,
		Args: []string{"--feature-gates=ExtensionComponentVersions=true"},
		Out:  apiserverLog, Err: apiserverLog,
	}}
	config, err := env.Start()
	if err != nil {
		b.Fatal(err)
	}
	defer func() {
		if err := env.Stop(); err != nil {
			b.Logf("stopping the environment: %v", err) // a busy kube-apiserver may stop slowly
		}
	}()
	config.QPS, config.Burst = 5000, 10000

	pinned, unpinned, perShoot := setUp(ctx, b, config)
	kube := kubernetes.NewForConfigOrDie(config)
	garden := gardenversioned.NewForConfigOrDie(config)

	b.Logf("creating %d Shoots with gardenlet stopped", n)
	start := time.Now()
	if err := parallel(ctx, 16, n, func(ctx context.Context, i int) error {
		shoot := pinned.DeepCopy()
		if i%2 == 1 {
			shoot = unpinned.DeepCopy()
		}
		shoot.Name = fmt.Sprintf("drain-%05d", i)
		_, err := garden.CoreV1beta1().Shoots(projectNamespace).Create(ctx, shoot, metav1.CreateOptions{})
		return err
	}); err != nil {
		b.Fatal(err)
	}
	b.Logf("created %d Shoots in %s", n, time.Since(start).Round(time.Millisecond))

	tracker, err := benchutil.NewExtensionTracker(metadata.NewForConfigOrDie(config), projectNamespace, perShoot, clock.RealClock{})
	if err != nil {
		b.Fatal(err)
	}
	if err := tracker.Start(ctx); err != nil {
		b.Fatal(err)
	}

	gardenletLog := mustCreate(b, filepath.Join(logDir, fmt.Sprintf("gardenlet-%d.log", n)))
	defer gardenletLog.Close()
	cpuBefore := childCPU(b)
	b.StartTimer()
	gardenlet, metricsURL := startGardenlet(ctx, b, binaries.gardenlet, env, gardenletLog)
	stopGardenlet := sync.OnceFunc(func() { stopProcess(gardenlet) })
	defer stopGardenlet()
	started := time.Now()
	if dir := os.Getenv("DRAIN_PROFILE_DIR"); dir != "" {
		defer profileServers(ctx, b, config, env.GardenerAPIServer.URL(), dir, 10)()
	}
	if err := tracker.WaitFor(ctx, n, 2*time.Hour, nil); err != nil {
		b.Fatal(err)
	}
	elapsed := time.Since(started)
	b.StopTimer()
	load := loadAverage(b)
	cpuAfter := childCPU(b)
	requests, err := scrapeRequests(ctx, metricsURL)
	if err != nil {
		b.Fatal(err)
	}
	stopGardenlet() // the floors below run without it

	b.Logf("floor: %d ConfigMap creates from %d workers", requests.writes, concurrentSyncs(b))
	floor := measureFloor(ctx, b, kube, requests.writes, concurrentSyncs(b), extensionSize(ctx, b, config))
	b.Logf("replay: gardenlet's writes of %d Shoots without a controller", n)
	replay := replayRate(ctx, b, config, n, concurrentSyncs(b))

	rate := float64(n) / elapsed.Seconds()
	writesPerShoot := float64(requests.writes) / float64(n)
	floorShoots := floor / writesPerShoot
	b.ReportMetric(rate, "shoots/s")
	b.ReportMetric(tracker.Rate(), "shoots/s-p10-p90")
	b.ReportMetric(writesPerShoot, "writes/shoot")
	b.ReportMetric(float64(requests.conflicts)/float64(n), "conflicts/shoot")
	b.ReportMetric(floor, "floor-writes/s")
	b.ReportMetric(floorShoots, "floor-shoots/s")
	b.ReportMetric(rate/floorShoots, "of-floor")
	b.ReportMetric(replay, "replay-shoots/s")
	b.ReportMetric(rate/replay, "of-replay")
	b.ReportMetric(load, "load1")
	for _, name := range []string{"gardenlet", "gardener-apiserver", "kube-apiserver", "etcd"} {
		b.ReportMetric(cpuAfter[name]-cpuBefore[name], name+"-cpu-s")
	}
	b.Logf("gardenlet's requests by verb and code: %v", requests.byVerbCode)
	for _, key := range slices.Sorted(maps.Keys(requests.seconds)) {
		b.Logf("  %s: %s", key, requests.seconds[key])
	}
}

// setUp creates the project namespace, gardenlet's Lease namespace, the example CloudProfile and
// ExtensionProfiles and the Extension CRD, and returns the pinned and the unpinned Shoot of the
// scale harness (hack/scale) with the number of seed Extensions of each.
func setUp(ctx context.Context, b *testing.B, config *rest.Config) (*gardencorev1beta1.Shoot, *gardencorev1beta1.Shoot, int) {
	c, err := client.New(config, client.Options{Scheme: kubernetesclient.GardenScheme})
	if err != nil {
		b.Fatal(err)
	}
	seed, err := client.New(config, client.Options{Scheme: kubernetesclient.SeedScheme})
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{projectNamespace, gardenletconfigv1alpha1.GardenletDefaultLockObjectNamespace} {
		if err := c.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}); err != nil {
			b.Fatal(err)
		}
	}
	cloudProfile := &gardencorev1beta1.CloudProfile{}
	examples.MustDecode("cloudprofile-local.yaml", cloudProfile)
	if err := c.Create(ctx, cloudProfile); err != nil {
		b.Fatal(err)
	}
	for _, name := range examples.Names("extensionprofile-") {
		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode(name, profile)
		if err := c.Create(ctx, profile); err != nil {
			b.Fatalf("creating ExtensionProfile %s: %v", profile.Name, err)
		}
	}
	if err := bootstrappers.EnsureExtensionCRD(ctx, logf.Log, seed, 100*time.Millisecond, time.Minute); err != nil {
		b.Fatal(err)
	}

	pinned := &gardencorev1beta1.Shoot{}
	examples.MustDecode("shoot-accepted-falco-traefik.yaml", pinned)
	pinned.Namespace, pinned.ResourceVersion = projectNamespace, ""
	unpinned := pinned.DeepCopy()
	for i := range unpinned.Spec.Extensions {
		unpinned.Spec.Extensions[i].Components = nil
		unpinned.Spec.Extensions[i].AutoUpdate = nil
	}
	perShoot := 0
	for _, e := range pinned.Spec.Extensions {
		if e.Disabled == nil || !*e.Disabled {
			perShoot++
		}
	}
	return pinned, unpinned, perShoot
}

// startGardenlet starts gardenlet with the defaults of its component configuration (or
// $DRAIN_GARDENLET_CONFIG) against the environment, as local-garden does, and returns the
// process and its /metrics URL.
func startGardenlet(ctx context.Context, b *testing.B, binary string, env *gardenerenvtest.GardenerTestEnvironment, log *os.File) (*exec.Cmd, string) {
	kubeconfig := filepath.Join(b.TempDir(), "kubeconfig")
	if err := env.WriteAdminKubeconfig(kubeconfig); err != nil {
		b.Fatal(err)
	}
	metricsAddress := freeAddress(b)
	args := []string{"--feature-gates=ExtensionComponentVersions=true", "--seed-name=local", "--adopt-unscheduled-shoots",
		"--garden-kubeconfig=" + kubeconfig, "--seed-kubeconfig=" + kubeconfig,
		"--metrics-bind-address=" + metricsAddress, "--health-probe-bind-address=0"}
	if path := os.Getenv("DRAIN_GARDENLET_CONFIG"); path != "" {
		args = append(args, "--config="+path)
	}
	cmd := exec.CommandContext(ctx, binary, args...) // #nosec G204 -- the binary built from this tree.
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	return cmd, "http://" + metricsAddress + "/metrics"
}

// concurrentSyncs is gardenlet's controllers.shoot.concurrentSyncs as it starts in the benchmark.
func concurrentSyncs(b *testing.B) int {
	cfg, err := gardenletconfigv1alpha1.Load(os.Getenv("DRAIN_GARDENLET_CONFIG"))
	if err != nil {
		b.Fatal(err)
	}
	return *cfg.Controllers.Shoot.ConcurrentSyncs
}
