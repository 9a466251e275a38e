// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package failover holds what the failover and chaos suites share: in-process replicas of a
// controller component (a manager electing a leader, crashed by cancelling it), the log of their
// writes, the leader election Lease, the readiness of gardener-apiserver's endpoints and the
// maintenance fixtures.
package failover

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// Replica is one process of a controller component, run in-process: a manager that elects a
// leader with the Lease of a LeaderElectionConfiguration, or runs without election. Cancel is a
// crash: the manager stops without releasing the Lease.
type Replica struct {
	Name    string
	Manager manager.Manager
	Cancel  context.CancelFunc
	// Ctx is the manager's context, for the controllers' AddToManager.
	Ctx context.Context
	// Done receives the result of the manager's Start once it returned.
	Done chan error
	// Elected is closed once the manager leads; ElectedAt is set before.
	Elected   chan struct{}
	ElectedAt time.Time
	// StoppedAt is set before Done receives.
	StoppedAt time.Time
}

// NewReplica creates the manager of a replica named name on restConfig with scheme, without
// metrics, electing a leader as le says (nil: no election). Add the controllers to r.Manager
// with r.Ctx, then call Start.
func NewReplica(ctx context.Context, name string, restConfig *rest.Config, scheme *runtime.Scheme, le *componentbaseconfigv1alpha1.LeaderElectionConfiguration) (*Replica, error) {
	options := manager.Options{
		Scheme:     scheme,
		Metrics:    metricsserver.Options{BindAddress: "0"},
		Controller: config.Controller{SkipNameValidation: ptr.To(true)},
		// A crash: the Lease is not released.
		LeaderElectionReleaseOnCancel: false,
	}
	if le != nil {
		options.LeaderElection = ptr.Deref(le.LeaderElect, false)
		options.LeaderElectionResourceLock = le.ResourceLock
		options.LeaderElectionID = le.ResourceName
		options.LeaderElectionNamespace = le.ResourceNamespace
		options.LeaseDuration = &le.LeaseDuration.Duration
		options.RenewDeadline = &le.RenewDeadline.Duration
		options.RetryPeriod = &le.RetryPeriod.Duration
	}
	mgr, err := manager.New(restConfig, options)
	if err != nil {
		return nil, err
	}
	mgrCtx, cancel := context.WithCancel(ctx)
	return &Replica{Name: name, Manager: mgr, Ctx: mgrCtx, Cancel: cancel, Done: make(chan error, 1), Elected: make(chan struct{})}, nil
}

// Start starts the manager in the background.
func (r *Replica) Start() {
	go func() {
		select {
		case <-r.Manager.Elected():
			r.ElectedAt = time.Now()
			close(r.Elected)
		case <-r.Ctx.Done():
		}
	}()
	go func() {
		err := r.Manager.Start(r.Ctx)
		r.StoppedAt = time.Now()
		r.Done <- err
	}()
}

// Leading reports whether the manager has been elected (always true without election, once it
// started).
func (r *Replica) Leading() bool {
	select {
	case <-r.Manager.Elected():
		return true
	default:
		return false
	}
}
