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
	"syscall"
	"time"
)

const (
	readyTimeout = 2 * time.Minute
	stopTimeout  = 30 * time.Second
)

// component is a Gardener component run as a child process.
type component struct {
	name          string
	args          []string
	healthAddress string
	log           *os.File
	// servesMetrics makes local-garden pass a free --metrics-bind-address and print it.
	servesMetrics  bool
	metricsAddress string

	cmd  *exec.Cmd
	done chan error
}

func (c *component) start(path string) error {
	c.cmd = exec.Command(path, c.args...)
	c.cmd.Stdout, c.cmd.Stderr = c.log, c.log
	if err := c.cmd.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", c.name, err)
	}
	c.done = make(chan error, 1)
	go func() { c.done <- c.cmd.Wait() }()
	return nil
}

// waitReady polls the component's /readyz endpoint until it answers 200.
func (c *component) waitReady(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	url := "http://" + c.healthAddress + "/readyz"
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
		select {
		case err := <-c.done:
			c.done <- err // keep the result for stop
			return fmt.Errorf("%s %w (%v); see %s", c.name, errExited, err, c.log.Name())
		case <-ctx.Done():
			return fmt.Errorf("%s did not become ready within %s; see %s", c.name, readyTimeout, c.log.Name())
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// stop sends SIGTERM and waits for the process to exit, killing it after stopTimeout.
func (c *component) stop() {
	defer c.log.Close()
	if c.cmd == nil || c.cmd.Process == nil {
		return
	}
	fmt.Printf("stopping %s\n", c.name)
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.done:
	case <-time.After(stopTimeout):
		_ = c.cmd.Process.Kill()
		<-c.done
	}
}

// firstExit returns a channel that receives an error when any component exits.
func firstExit(components []*component) <-chan error {
	exited := make(chan error, len(components))
	for _, c := range components {
		go func() {
			err := <-c.done
			c.done <- err // keep the result for stop
			exited <- fmt.Errorf("%s %w (%v); see %s", c.name, errExited, err, c.log.Name())
		}()
	}
	return exited
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
