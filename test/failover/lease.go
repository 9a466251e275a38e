// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover

import (
	"context"
	"fmt"
	"time"

	coordinationv1 "k8s.io/api/coordination/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Lease reads the leader election Lease of le.
func Lease(ctx context.Context, c client.Reader, le *componentbaseconfigv1alpha1.LeaderElectionConfiguration) (*coordinationv1.Lease, error) {
	lease := &coordinationv1.Lease{}
	return lease, c.Get(ctx, client.ObjectKey{Namespace: le.ResourceNamespace, Name: le.ResourceName}, lease)
}

// TakeoverBound is the longest takeover after a crash of the leader: the waiting replica counts
// leaseDuration from when it last saw the Lease renewed, at most one of its polls after the
// crash, and acquires at its first poll after that; a poll comes every retryPeriod with
// client-go's jitter of up to 1.2 periods, so two polls are at most 4.4 retryPeriods.
func TakeoverBound(le *componentbaseconfigv1alpha1.LeaderElectionConfiguration) time.Duration {
	return le.LeaseDuration.Duration + 5*le.RetryPeriod.Duration
}

// Holders returns the holder identity of each named Lease of namespace, "" for a Lease without
// holder; an error when one does not exist.
func Holders(ctx context.Context, c kubernetes.Interface, namespace string, names ...string) ([]string, error) {
	var holders []string
	for _, name := range names {
		lease, err := c.CoordinationV1().Leases(namespace).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return nil, fmt.Errorf("lease %s/%s: %w", namespace, name, err)
		}
		holder := ""
		if lease.Spec.HolderIdentity != nil {
			holder = *lease.Spec.HolderIdentity
		}
		holders = append(holders, holder)
	}
	return holders, nil
}
