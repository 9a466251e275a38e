// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package drain_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	kubernetesclient "github.com/gep-78/gardener/pkg/client/kubernetes"
)

type binaries struct{ apiserver, gardenlet string }

// buildBinaries builds gardener-apiserver and gardenlet from this tree into a temporary directory.
func buildBinaries(b *testing.B) binaries {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..", "..", "..")
	dir := b.TempDir()
	out := binaries{apiserver: filepath.Join(dir, "gardener-apiserver"), gardenlet: filepath.Join(dir, "gardenlet")}
	for path, pkg := range map[string]string{out.apiserver: "./cmd/gardener-apiserver", out.gardenlet: "./cmd/gardenlet"} {
		cmd := exec.Command("go", "build", "-o", path, pkg)
		cmd.Dir = root
		if output, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("go build %s: %v\n%s", pkg, err, output)
		}
	}
	return out
}

// parallel runs do(0..n-1) from workers goroutines and returns the first error.
func parallel(ctx context.Context, workers, n int, do func(context.Context, int) error) error {
	var (
		next     atomic.Int64
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n || ctx.Err() != nil {
					return
				}
				if err := do(ctx, i); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return firstErr
}

// extensionSize returns the size in bytes of the JSON of one seed Extension gardenlet wrote.
func extensionSize(ctx context.Context, b *testing.B, config *rest.Config) int {
	c, err := client.New(config, client.Options{Scheme: kubernetesclient.SeedScheme})
	if err != nil {
		b.Fatal(err)
	}
	list := &extensionsv1alpha1.ExtensionList{}
	if err := c.List(ctx, list, client.Limit(1)); err != nil || len(list.Items) == 0 {
		b.Fatalf("reading one seed Extension: %v (%d found)", err, len(list.Items))
	}
	item := list.Items[0]
	item.ManagedFields = nil
	data, err := json.Marshal(item)
	if err != nil {
		b.Fatal(err)
	}
	return len(data)
}

// measureFloor creates writes ConfigMaps in a namespace of their own from workers goroutines,
// each padded to about size bytes, and returns the creates per second.
func measureFloor(ctx context.Context, b *testing.B, kube kubernetes.Interface, writes, workers, size int) float64 {
	const namespace = "drain-floor"
	if _, err := kube.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}}, metav1.CreateOptions{}); err != nil {
		b.Fatal(err)
	}
	padding := strings.Repeat("x", max(size-200, 1))
	start := time.Now()
	if err := parallel(ctx, workers, writes, func(ctx context.Context, i int) error {
		_, err := kube.CoreV1().ConfigMaps(namespace).Create(ctx, &corev1.ConfigMap{
			ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("floor-%06d", i), Namespace: namespace,
				Labels: map[string]string{"purpose": "drain-floor"}},
			Data: map[string]string{"padding": padding},
		}, metav1.CreateOptions{})
		return err
	}); err != nil {
		b.Fatal(err)
	}
	return float64(writes) / time.Since(start).Seconds()
}

// requestCounts are gardenlet's client requests from rest_client_requests_total (garden and seed).
type requestCounts struct {
	writes, conflicts int
	byVerbCode        map[string]int
	// seconds is the count and mean of the request and rate-limiter latencies by host and verb.
	seconds map[string]string
}

func scrapeRequests(ctx context.Context, url string) (requestCounts, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return requestCounts{}, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return requestCounts{}, err
	}
	defer resp.Body.Close()
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		return requestCounts{}, err
	}
	counts := requestCounts{byVerbCode: map[string]int{}, seconds: map[string]string{}}
	for _, name := range []string{"rest_client_request_duration_seconds", "rest_client_rate_limiter_duration_seconds"} {
		for _, m := range families[name].GetMetric() {
			key := name[len("rest_client_") : len(name)-len("_duration_seconds")]
			for _, l := range m.GetLabel() {
				key += " " + l.GetValue()
			}
			if h := m.GetHistogram(); h.GetSampleCount() > 0 {
				counts.seconds[key] = fmt.Sprintf("%d requests, mean %.1f ms", h.GetSampleCount(), 1000*h.GetSampleSum()/float64(h.GetSampleCount()))
			}
		}
	}
	family, ok := families["rest_client_requests_total"]
	if !ok {
		return counts, errors.New("no rest_client_requests_total in gardenlet's metrics")
	}
	for _, m := range family.GetMetric() {
		labels := map[string]string{}
		for _, l := range m.GetLabel() {
			labels[l.GetName()] = l.GetValue()
		}
		n := int(m.GetCounter().GetValue())
		counts.byVerbCode[labels["method"]+" "+labels["code"]] += n
		switch labels["method"] {
		case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
			counts.writes += n
			if labels["code"] == "409" {
				counts.conflicts += n
			}
		}
	}
	return counts, nil
}

func freeAddress(b *testing.B) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func mustCreate(b *testing.B, path string) *os.File {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	return f
}

func stopProcess(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}

func loadAverage(b *testing.B) float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		b.Fatal(err)
	}
	load, err := strconv.ParseFloat(strings.Fields(string(data))[0], 64)
	if err != nil {
		b.Fatal(err)
	}
	return load
}

// childCPU returns the CPU seconds (user and system) of this process's children by command name
// (etcd, kube-apiserver, gardener-apiserver, gardenlet), from /proc.
func childCPU(b *testing.B) map[string]float64 {
	const ticksPerSecond = 100 // USER_HZ on Linux
	entries, err := os.ReadDir("/proc")
	if err != nil {
		b.Fatal(err)
	}
	self := strconv.Itoa(os.Getpid())
	out := map[string]float64{}
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ... utime(14) stime(15)
		stat := string(data)
		closing := strings.LastIndexByte(stat, ')')
		if closing < 0 {
			continue
		}
		comm := stat[strings.IndexByte(stat, '(')+1 : closing]
		fields := strings.Fields(stat[closing+2:])
		if len(fields) < 13 || fields[1] != self {
			continue
		}
		utime, _ := strconv.ParseFloat(fields[11], 64)
		stime, _ := strconv.ParseFloat(fields[12], 64)
		for _, name := range []string{"etcd", "kube-apiserver", "gardener-apiserver", "gardenlet"} {
			if strings.HasPrefix(name, comm) { // comm is cut at 15 bytes
				out[name] += (utime + stime) / ticksPerSecond
			}
		}
	}
	return out
}
