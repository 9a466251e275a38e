// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package envtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
)

// Signal sends sig to the gardener-apiserver process (binary mode only).
func (s *GardenerAPIServer) Signal(sig os.Signal) error {
	if s.cmd == nil || s.cmd.Process == nil {
		return errors.New("gardener-apiserver does not run as a process")
	}
	return s.cmd.Process.Signal(sig)
}

// Exited returns a channel that is closed once the gardener-apiserver process has exited, and
// the function that returns its exit error then (nil for exit code 0). Binary mode only; call it
// again after Restart.
func (s *GardenerAPIServer) Exited() (<-chan struct{}, func() error) {
	exited := make(chan struct{})
	var result error
	go func() {
		result = <-s.done
		s.done <- result // keep it for Stop
		close(exited)
	}()
	return exited, func() error { <-exited; return result }
}

// Kill kills the gardener-apiserver process (SIGKILL) and waits until it is gone.
func (s *GardenerAPIServer) Kill() error {
	if err := s.Signal(syscall.SIGKILL); err != nil {
		return err
	}
	<-s.done
	s.done <- nil
	return nil
}

// Restart starts the gardener-apiserver binary again after it exited (Kill, a signal, a crash),
// with the same flags, port and serving certificate, so that the registered APIServices stay
// valid, and waits until it is ready and served through the kube-apiserver again (APIServices
// Available, discovery complete), at most StartTimeout or until ctx is done.
func (s *GardenerAPIServer) Restart(ctx context.Context) error {
	if s.Path == "" || s.cmd == nil {
		return errors.New("only a gardener-apiserver process can be restarted")
	}
	select {
	case <-s.done:
	default:
		return errors.New("gardener-apiserver is still running")
	}
	if err := s.startProcess(s.flags()); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.StartTimeout)
	defer cancel()
	if err := s.waitUntilReady(ctx); err != nil {
		return fmt.Errorf("gardener-apiserver did not become ready after the restart: %w", err)
	}
	if err := s.waitUntilServed(ctx, s.kubeAdminConfig); err != nil {
		return fmt.Errorf("gardener-apiserver is not served through the kube-apiserver after the restart: %w", err)
	}
	return nil
}
