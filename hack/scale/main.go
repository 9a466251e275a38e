// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command scale fills a running local garden (make local-up) with Shoots and reports, side by
// side in one run, what the garden pays for them. Run it through hack/scale.sh; the flags are
// documented in docs/development/benchmarks.md. It measures:
//   - the create latency (p50, p99) of Shoots that pin component versions (falco 0.44.1, traefik
//     3.6.13: shoot-accepted-falco-traefik.yaml), of Shoots that pin nothing (the same Shoot
//     without components), and of ConfigMaps in the same namespace, a kube-apiserver resource
//     that runs no Gardener code: the baseline;
//   - the time until every seed Extension of every created Shoot exists, and gardenlet's rate in
//     Shoots per second;
//   - the resident memory of each process of the garden and the CPU seconds each spends over a
//     quiet interval after everything settled (found in /proc by their binaries in --bin-dir);
//   - the latency of ExtensionProfile updates that remove a version no Shoot pins, with the
//     in-use protection checking the whole fleet;
//   - the lines of gardenlet's log that report client-side throttling waits during the run, and,
//     from gardenlet's /metrics (its address is in dev/gardenlet.metrics-address), the time its
//     requests spent in the client-side rate limiter against the time they spent at the API
//     servers until the last seed Extension appeared.
//
// With --memory-only it leaves out the ConfigMaps, the quiet interval and the ExtensionProfile
// updates; with --checkpoint-every it also prints the memory per Shoot at every so many objects.
//
// The three kinds of objects are created interleaved by the same workers, so that they see the
// same load. Nothing is deleted afterwards: the local garden's etcd lives in dev/ and goes with it.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardenversioned "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	"github.com/gep-78/gardener/test/benchutil"
	"github.com/gep-78/gardener/test/examples"
)

type options struct {
	kubeconfig  string
	binDir      string
	logDir      string
	namespace   string
	shoots      int
	concurrency int
	quiet       time.Duration
	updates     int
	timeout     time.Duration
	clientQPS   float64
	clientBurst int

	settleCores   float64
	settleTimeout time.Duration

	memoryBaseline  bool
	deleteBaseline  bool
	memoryOnly      bool
	checkpointEvery int
}

func main() {
	var opts options
	flag.StringVar(&opts.kubeconfig, "kubeconfig", "dev/kubeconfig", "admin kubeconfig of the local garden")
	flag.StringVar(&opts.binDir, "bin-dir", "bin", "directory of the garden's binaries; processes started from it are measured")
	flag.StringVar(&opts.logDir, "log-dir", "dev/logs", "directory of the components' logs (gardenlet.log is searched for throttling waits)")
	flag.StringVar(&opts.namespace, "namespace", "garden-scale", "project namespace the Shoots and ConfigMaps are created in")
	flag.IntVar(&opts.shoots, "shoots", 1000, "number of Shoots to create: half pin component versions, half pin nothing; as many ConfigMaps as pinned Shoots")
	flag.IntVar(&opts.concurrency, "concurrency", 8, "number of concurrent create requests")
	flag.DurationVar(&opts.quiet, "quiet", time.Minute, "length of the quiet interval over which CPU seconds are measured")
	flag.IntVar(&opts.updates, "profile-updates", 20, "number of timed ExtensionProfile updates that remove an unpinned version")
	flag.DurationVar(&opts.timeout, "extensions-timeout", 2*time.Hour, "how long to wait for the seed Extensions")
	flag.Float64Var(&opts.clientQPS, "client-qps", 1000, "QPS of the harness's own client (high, so that it measures the garden, not itself)")
	flag.IntVar(&opts.clientBurst, "client-burst", 2000, "burst of the harness's own client")
	flag.Float64Var(&opts.settleCores, "settle-cores", 0.25, "the garden counts as settled once its processes together use less than this many cores over 10s")
	flag.DurationVar(&opts.settleTimeout, "settle-timeout", 15*time.Minute, "how long to wait for the garden to settle before the quiet interval")
	flag.BoolVar(&opts.memoryBaseline, "memory-baseline", true, "first create --shoots objects of a CRD, each as big as a stored Shoot, and report each process's RSS growth per Shoot against kube-apiserver's per object (hack/scale/memory.go)")
	flag.BoolVar(&opts.deleteBaseline, "delete-baseline", false, "delete the ShootCopy CRD, and with it its objects, once the baseline is measured, so that kube-apiserver does not hold them during the Shoots (for runs whose memory would not hold both)")
	flag.BoolVar(&opts.memoryOnly, "memory-only", false, "measure memory only: no ConfigMaps, no quiet interval, no ExtensionProfile updates, and a wait for the seed Extensions that ends at --extensions-timeout without failing the run")
	flag.IntVar(&opts.checkpointEvery, "checkpoint-every", 0, "also sample every process's RSS, unsettled, after each this many ShootCopy objects and Shoots, and print the memory per Shoot at that count (0: none)")
	flag.Parse()
	if opts.memoryOnly {
		opts.quiet, opts.updates = 0, 0
	}

	if err := run(context.Background(), opts); err != nil {
		fmt.Fprintln(os.Stderr, "scale:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, opts options) error {
	config, err := clientcmd.BuildConfigFromFlags("", opts.kubeconfig)
	if err != nil {
		return err
	}
	config.QPS, config.Burst = float32(opts.clientQPS), opts.clientBurst
	kube, err := kubernetes.NewForConfig(config)
	if err != nil {
		return err
	}
	garden, err := gardenversioned.NewForConfig(config)
	if err != nil {
		return err
	}
	binDir, err := filepath.Abs(opts.binDir)
	if err != nil {
		return err
	}
	gardenletLog := filepath.Join(opts.logDir, "gardenlet.log")
	throttledBefore := countLines(gardenletLog, "client-side throttling")
	metricsURL := gardenletMetricsURL(filepath.Dir(opts.logDir))
	var clientBefore clientTimes
	if metricsURL != "" {
		if clientBefore, err = scrapeClientTimes(ctx, metricsURL); err != nil {
			return err
		}
	}

	pinned, unpinned, err := setUp(ctx, kube, garden, opts.namespace)
	if err != nil {
		return err
	}
	var baseline *memoryBaseline
	if opts.memoryBaseline {
		dyn, err := dynamic.NewForConfig(config)
		if err != nil {
			return err
		}
		if baseline, err = measureCRDBaseline(ctx, dyn, garden, opts, binDir, pinned); err != nil {
			return err
		}
	}
	perShoot := 0
	for _, e := range pinned.Spec.Extensions {
		if e.Disabled == nil || !*e.Disabled {
			perShoot++
		}
	}

	// Seed Extensions of the created Shoots, counted from a watch so that the count costs the
	// garden no list per poll.
	tracker, err := newExtensionTracker(config, opts.namespace, perShoot)
	if err != nil {
		return err
	}
	informerCtx, stopInformer := context.WithCancel(ctx)
	defer stopInformer()
	if err := startTracker(informerCtx, tracker); err != nil {
		return err
	}

	fmt.Printf("creating %d Shoots (%d pinned, %d unpinned) and %d ConfigMaps in %s with %d workers\n",
		opts.shoots, (opts.shoots+1)/2, opts.shoots/2, configMaps(opts), opts.namespace, opts.concurrency)
	start := time.Now()
	checkpoint := func(int) {}
	if baseline != nil && opts.checkpointEvery > 0 {
		checkpoint = func(n int) {
			if sample, err := sampleProcesses(binDir); err == nil {
				printShootsCheckpoint(n, tracker.Complete(), baseline.beforeShoots, sample, baseline.kubePerObject(n))
			}
		}
	}
	latencies, err := createAll(ctx, kube, garden, opts, pinned, unpinned, checkpoint)
	if err != nil {
		return err
	}
	createdIn := time.Since(start)
	fmt.Printf("created everything in %s\n", createdIn.Round(time.Millisecond))

	fmt.Printf("waiting for %d seed Extensions (%d per Shoot)\n", opts.shoots*perShoot, perShoot)
	allExtensions, err := waitForExtensions(ctx, tracker, opts.shoots, opts.timeout, start)
	switch {
	case err != nil && opts.memoryOnly && ctx.Err() == nil:
		fmt.Printf("%v; measuring memory anyway\n", err)
		allExtensions = -1
	case err != nil:
		return err
	}
	throttledDuring := countLines(gardenletLog, "client-side throttling") - throttledBefore
	var clientDuring *clientTimes
	if metricsURL != "" {
		clientAfter, err := scrapeClientTimes(ctx, metricsURL)
		if err != nil {
			return err
		}
		clientDuring = ptr.To(clientAfter.minus(clientBefore))
	}

	fmt.Printf("waiting until the garden settles (below %.2f cores for %s, at most %s)\n", opts.settleCores, settleWindow, opts.settleTimeout)
	settledAfter, settled, err := settle(ctx, binDir, opts.settleCores, opts.settleTimeout)
	if err != nil {
		return err
	}
	if opts.quiet > 0 {
		fmt.Printf("measuring CPU over a quiet %s\n", opts.quiet)
	}
	before, err := sampleProcesses(binDir)
	if err != nil {
		return err
	}
	select {
	case <-time.After(opts.quiet):
	case <-ctx.Done():
		return ctx.Err()
	}
	after := before
	if opts.quiet > 0 {
		if after, err = sampleProcesses(binDir); err != nil {
			return err
		}
	}

	updateLatencies, err := updateProfile(ctx, garden, opts.updates)
	if err != nil {
		return err
	}

	report(opts, latencies, createdIn, allExtensions, tracker, before, after, updateLatencies, throttledDuring, clientDuring)
	if baseline != nil {
		reportMemory(baseline, opts.shoots, before)
	}
	if settled {
		fmt.Printf("\nthe garden settled %s after the last seed Extension appeared\n", settledAfter.Round(time.Second))
	} else {
		fmt.Printf("\nthe garden did not settle within %s after the last seed Extension appeared: the quiet interval was not quiet\n", opts.settleTimeout)
	}
	return nil
}

// setUp applies the CloudProfile and ExtensionProfiles of the examples and the namespace, and
// returns the pinned and the unpinned Shoot template.
func setUp(ctx context.Context, kube kubernetes.Interface, garden gardenversioned.Interface, namespace string) (*gardencorev1beta1.Shoot, *gardencorev1beta1.Shoot, error) {
	if _, err := kube.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}}, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
		return nil, nil, err
	}
	cloudProfile := &gardencorev1beta1.CloudProfile{}
	examples.MustDecode("cloudprofile-local.yaml", cloudProfile)
	if _, err := garden.CoreV1beta1().CloudProfiles().Create(ctx, cloudProfile, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
		return nil, nil, fmt.Errorf("creating CloudProfile %s: %w", cloudProfile.Name, err)
	}
	for _, name := range examples.Names("extensionprofile-") {
		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode(name, profile)
		if _, err := garden.CoreV1beta1().ExtensionProfiles().Create(ctx, profile, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
			return nil, nil, fmt.Errorf("creating ExtensionProfile %s: %w", profile.Name, err)
		}
	}

	pinned := &gardencorev1beta1.Shoot{}
	examples.MustDecode("shoot-accepted-falco-traefik.yaml", pinned)
	pinned.Namespace, pinned.ResourceVersion = namespace, ""
	unpinned := pinned.DeepCopy()
	for i := range unpinned.Spec.Extensions {
		unpinned.Spec.Extensions[i].Components = nil
		unpinned.Spec.Extensions[i].AutoUpdate = nil
	}
	return pinned, unpinned, nil
}

type latencies struct {
	pinned, unpinned, configMaps []time.Duration
}

// configMaps is the number of ConfigMaps createAll creates: as many as pinned Shoots, none with
// --memory-only.
func configMaps(opts options) int {
	if opts.memoryOnly {
		return 0
	}
	return (opts.shoots + 1) / 2
}

// createAll creates the objects interleaved: pinned Shoot, unpinned Shoot, ConfigMap, pinned
// Shoot, ... (ConfigMaps as many as pinned Shoots, none with --memory-only), each kind timed
// separately. checkpoint is called with the count of created Shoots at every --checkpoint-every.
func createAll(ctx context.Context, kube kubernetes.Interface, garden gardenversioned.Interface, opts options, pinned, unpinned *gardencorev1beta1.Shoot, checkpoint func(shoots int)) (latencies, error) {
	type job struct {
		kind  int // 0 pinned, 1 unpinned, 2 ConfigMap
		index int
	}
	jobs := make(chan job)
	var (
		mu       sync.Mutex
		result   latencies
		firstErr error
		done     atomic.Int64
		shoots   atomic.Int64
	)
	go func() {
		defer close(jobs)
		for i := 0; i < opts.shoots; i++ {
			kind := i % 2
			jobs <- job{kind, i}
			if kind == 0 && !opts.memoryOnly {
				jobs <- job{2, i}
			}
		}
	}()

	var wg sync.WaitGroup
	for range opts.concurrency {
		wg.Go(func() {
			for j := range jobs {
				name := fmt.Sprintf("scale-%05d", j.index)
				var err error
				start := time.Now()
				switch j.kind {
				case 0, 1:
					shoot := pinned.DeepCopy()
					if j.kind == 1 {
						shoot = unpinned.DeepCopy()
					}
					shoot.Name = name
					_, err = garden.CoreV1beta1().Shoots(opts.namespace).Create(ctx, shoot, metav1.CreateOptions{})
				case 2:
					_, err = kube.CoreV1().ConfigMaps(opts.namespace).Create(ctx, &corev1.ConfigMap{
						ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: opts.namespace},
						Data:       map[string]string{"purpose": "baseline of the scale harness"},
					}, metav1.CreateOptions{})
				}
				elapsed := time.Since(start)
				mu.Lock()
				switch {
				case err != nil && firstErr == nil:
					firstErr = fmt.Errorf("creating %s (kind %d): %w", name, j.kind, err)
				case j.kind == 0:
					result.pinned = append(result.pinned, elapsed)
				case j.kind == 1:
					result.unpinned = append(result.unpinned, elapsed)
				case j.kind == 2:
					result.configMaps = append(result.configMaps, elapsed)
				}
				mu.Unlock()
				if n := done.Add(1); n%1000 == 0 {
					fmt.Printf("  %d objects created\n", n)
				}
				if err == nil && j.kind != 2 {
					if n := int(shoots.Add(1)); isCheckpoint(n, opts.checkpointEvery) {
						checkpoint(n)
					}
				}
			}
		})
	}
	wg.Wait()
	return result, firstErr
}

// updateProfile adds a version no Shoot pins to the falco profile and times n updates that remove
// it (each followed by an untimed update that adds it back).
func updateProfile(ctx context.Context, garden gardenversioned.Interface, n int) ([]time.Duration, error) {
	const name, component, version = "shoot-falco-service", "falco", "0.1.0"
	profiles := garden.CoreV1beta1().ExtensionProfiles()
	modify := func(add bool) (time.Duration, error) {
		for {
			profile, err := profiles.Get(ctx, name, metav1.GetOptions{})
			if err != nil {
				return 0, err
			}
			for i := range profile.Spec.Components {
				c := &profile.Spec.Components[i]
				if c.Name != component {
					continue
				}
				c.Versions = slices.DeleteFunc(c.Versions, func(v gardencorev1beta1.ExtensionComponentVersion) bool { return v.Version == version })
				if add {
					c.Versions = append(c.Versions, gardencorev1beta1.ExtensionComponentVersion{Version: version})
				}
			}
			start := time.Now()
			_, err = profiles.Update(ctx, profile, metav1.UpdateOptions{})
			elapsed := time.Since(start)
			if apierrors.IsConflict(err) {
				continue
			}
			return elapsed, err
		}
	}
	var out []time.Duration
	for range n {
		if _, err := modify(true); err != nil {
			return nil, fmt.Errorf("adding version %s: %w", version, err)
		}
		elapsed, err := modify(false)
		if err != nil {
			return nil, fmt.Errorf("removing version %s: %w", version, err)
		}
		out = append(out, elapsed)
	}
	return out, nil
}

func countLines(path, substring string) int {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	n := 0
	scanner := bufio.NewScanner(f)
	scanner.Buffer(make([]byte, 1024*1024), 16*1024*1024)
	for scanner.Scan() {
		if strings.Contains(scanner.Text(), substring) {
			n++
		}
	}
	return n
}

func percentile(values []time.Duration, p float64) time.Duration {
	if len(values) == 0 {
		return 0
	}
	sorted := slices.Clone(values)
	slices.Sort(sorted)
	return sorted[min(len(sorted)-1, int(float64(len(sorted))*p))]
}

func report(opts options, l latencies, createdIn, allExtensions time.Duration, tracker *benchutil.ExtensionTracker, before, after map[string]process, updates []time.Duration, throttled int, client *clientTimes) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
	fmt.Printf("\n## Results: %d Shoots (%d pinned, %d unpinned), %d ConfigMaps, %d workers\n\n", opts.shoots, len(l.pinned), len(l.unpinned), len(l.configMaps), opts.concurrency)
	fmt.Println("| create | count | p50 | p99 | p50 / ConfigMap p50 |")
	fmt.Println("|---|---|---|---|---|")
	base := percentile(l.configMaps, 0.5)
	for _, row := range []struct {
		name   string
		values []time.Duration
	}{{"Shoot, pinned", l.pinned}, {"Shoot, unpinned", l.unpinned}, {"ConfigMap (baseline)", l.configMaps}} {
		ratio := "-"
		if base > 0 {
			ratio = fmt.Sprintf("%.2f", float64(percentile(row.values, 0.5))/float64(base))
		}
		fmt.Printf("| %s | %d | %s | %s | %s |\n", row.name, len(row.values), ms(percentile(row.values, 0.5)), ms(percentile(row.values, 0.99)), ratio)
	}
	if allExtensions >= 0 {
		fmt.Printf("\nall objects created in %s; every seed Extension existed %s after the first create\n", createdIn.Round(time.Millisecond), allExtensions.Round(time.Millisecond))
	} else {
		fmt.Printf("\nall objects created in %s; %d of %d Shoots had all their seed Extensions after --extensions-timeout %s\n", createdIn.Round(time.Millisecond), tracker.Complete(), opts.shoots, opts.timeout)
	}
	fmt.Printf("gardenlet: %.1f Shoots/s (10th to 90th percentile of completions); %d client-side throttling lines in its log during the run\n", tracker.Rate(), throttled)
	if client != nil && client.requests > 0 {
		fmt.Printf("gardenlet's requests until then: %d, %.1f s in total at the API servers (mean %.1f ms), %.2f s in total in the client-side rate limiter (mean %.3f ms over %d requests)\n",
			client.requests, client.requestSeconds, 1000*client.requestSeconds/float64(client.requests),
			client.rateLimiterSeconds, 1000*client.rateLimiterSeconds/float64(max(client.rateLimited, 1)), client.rateLimited)
	}

	if opts.quiet > 0 {
		fmt.Printf("\n| process | RSS | CPU seconds over the quiet %s |\n|---|---|---|\n", opts.quiet)
		names := make([]string, 0, len(after))
		for name := range after {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			fmt.Printf("| %s | %d MiB | %.2f |\n", name, after[name].rssBytes>>20, after[name].cpuSeconds-before[name].cpuSeconds)
		}
	}

	if len(updates) > 0 {
		fmt.Printf("\nExtensionProfile update removing an unpinned version (%d updates): p50 %s, p99 %s\n", len(updates), ms(percentile(updates, 0.5)), ms(percentile(updates, 0.99)))
	}
}
