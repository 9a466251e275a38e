// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

const (
	readyTimeout = 2 * time.Minute
	stopTimeout  = 30 * time.Second

	// Restarts of a crashed component wait restartBackoffInitial, doubled after every crash up
	// to restartBackoffMax, and reset once the component ran for restartBackoffReset.
	restartBackoffInitial = time.Second
	restartBackoffMax     = 30 * time.Second
	restartBackoffReset   = time.Minute
)

// component is a Gardener component run as a child process and supervised: when it exits while
// the garden runs, it is started again after a backoff.
type component struct {
	// name names the process in logs, messages and <name>.metrics-address; binary is the
	// executable in --bin-dir and the identity the process authenticates as.
	name          string
	binary        string
	path          string
	args          []string
	healthAddress string
	// readyPath is the path waitReady polls on healthAddress; empty means /readyz.
	readyPath string
	log       *os.File
	// servesMetrics makes local-garden pass a free --metrics-bind-address and print it.
	servesMetrics  bool
	metricsAddress string

	mu      sync.Mutex
	cmd     *exec.Cmd
	done    chan error
	started time.Time
}

// newComponents returns the components of the garden with their own flags: replicas processes
// each of gardener-controller-manager and gardenlet (named by replicaName), one
// gardener-operator and, with extension, one each of the shoot-falco-service and gvisor extensions.
func newComponents(featureGates, controllerManagerConfig, gardenletConfig string, replicas int, extension bool) []*component {
	var components []*component
	for i := range max(replicas, 1) {
		components = append(components, &component{
			name:          replicaName("gardener-controller-manager", i),
			binary:        "gardener-controller-manager",
			args:          []string{"--feature-gates=" + featureGates, "--config=" + controllerManagerConfig},
			servesMetrics: true,
		})
	}
	for i := range max(replicas, 1) {
		components = append(components, &component{
			name:   replicaName("gardenlet", i),
			binary: "gardenlet",
			args: []string{"--feature-gates=" + featureGates, "--config=" + gardenletConfig,
				"--seed-name=local", "--adopt-unscheduled-shoots"},
			servesMetrics: true,
		})
	}
	// gardener-operator generates the garden's ExtensionProfiles from the operator Extensions of
	// its runtime cluster, here the garden's kube-apiserver too (GEP-78).
	components = append(components, &component{name: "gardener-operator", binary: "gardener-operator", args: []string{"--metrics-bind-address=0"}})
	if !extension {
		return components
	}
	// The example extension reconciles the seed Extensions of type shoot-falco-service and
	// deploys falco at the version gardenlet resolved (GEP-78 "Deployment").
	// The example container runtime extension installs runsc per worker pool at the version
	// gardenlet resolved for the pool into its seed ContainerRuntime.
	return append(components,
		&component{name: "gardener-extension-shoot-falco-service", binary: "gardener-extension-shoot-falco-service",
			args: []string{"--metrics-bind-address=0", "--kube-api-qps=100", "--kube-api-burst=130"}},
		&component{name: "gardener-extension-runtime-gvisor", binary: "gardener-extension-runtime-gvisor",
			args: []string{"--metrics-bind-address=0"}})
}

// replicaName is the name of replica i of a component: the component's name for the first, so
// that a single-replica garden keeps its names, and <name>-<i> for the others.
func replicaName(name string, i int) string {
	if i == 0 {
		return name
	}
	return fmt.Sprintf("%s-%d", name, i)
}

// start starts the process once; supervise restarts it.
func (c *component) start() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	logStart(c.log, c.name)
	cmd := exec.Command(c.path, c.args...) // #nosec G204 -- local-garden's own binaries and flags.
	cmd.Stdout, cmd.Stderr = c.log, c.log
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", c.name, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	c.cmd, c.done, c.started = cmd, done, time.Now()
	return nil
}

func (c *component) current() (*exec.Cmd, chan error, time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cmd, c.done, c.started
}

// supervise restarts the component whenever it exits, until ctx is done, with exponential
// backoff (restartBackoff*). Every exit and restart is printed and written to the log.
func (c *component) supervise(ctx context.Context) {
	backoff := restartBackoffInitial
	for {
		_, done, started := c.current()
		var err error
		select {
		case <-ctx.Done():
			return
		case err = <-done:
			done <- err // keep the result for stop
		}
		if time.Since(started) >= restartBackoffReset {
			backoff = restartBackoffInitial
		}
		fmt.Printf("%s exited (%v); restarting in %s (log: %s)\n", c.name, err, backoff, c.log.Name())
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, restartBackoffMax)
		if err := c.start(); err != nil {
			fmt.Fprintf(os.Stderr, "local-garden: %v\n", err)
		}
	}
}

// waitReady polls the component's readyPath until it answers 200.
func (c *component) waitReady(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	path := c.readyPath
	if path == "" {
		path = "/readyz"
	}
	url := "http://" + c.healthAddress + path
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		_, done, _ := c.current()
		select {
		case err := <-done:
			done <- err // keep the result for stop and supervise
			return fmt.Errorf("%s exited before it became ready (%v); see %s", c.name, err, c.log.Name())
		case <-ctx.Done():
			return fmt.Errorf("%s did not become ready within %s; see %s", c.name, readyTimeout, c.log.Name())
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// stop sends SIGTERM and waits for the process to exit, killing it after stopTimeout. The
// supervisor must be stopped first.
func (c *component) stop() {
	defer c.log.Close()
	cmd, done, _ := c.current()
	if cmd == nil || cmd.Process == nil {
		return
	}
	fmt.Printf("stopping %s\n", c.name)
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-done:
	case <-time.After(stopTimeout):
		_ = cmd.Process.Kill()
		<-done
	}
}

// openLog opens dir/<name>.log for appending, so that the logs of earlier runs and of crashed
// processes survive restarts.
func openLog(dir, name string) (*os.File, error) {
	return os.OpenFile(filepath.Join(dir, name+".log"), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644) // #nosec G302 -- a developer's log
}

// logStart marks a (re)start in a component's log.
func logStart(log *os.File, name string) {
	fmt.Fprintf(log, "==== local-garden: starting %s at %s ====\n", name, time.Now().UTC().Format(time.RFC3339))
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
