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
	"k8s.io/client-go/tools/leaderelection"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Lease reads the leader election Lease of le.
func Lease(ctx context.Context, c client.Reader, le *componentbaseconfigv1alpha1.LeaderElectionConfiguration) (*coordinationv1.Lease, error) {
	lease := &coordinationv1.Lease{}
	return lease, c.Get(ctx, client.ObjectKey{Namespace: le.ResourceNamespace, Name: le.ResourceName}, lease)
}

// LeaseRequestAllowance is how long one Lease request (get or update) of a replica may take on
// the shared test machine; envtest's kube-apiserver answers one in a few milliseconds when idle.
const LeaseRequestAllowance = 50 * time.Millisecond

// TakeoverBound is the longest takeover after a crash of the leader, measured from the crash to
// the new leader's Lease acquireTime, that client-go's leader election allows. A waiting replica
// polls the Lease every retryPeriod, each wait jittered by up to leaderelection.JitterFactor
// periods more and started after the previous poll returned; it takes over at the first poll that
// starts leaseDuration (the whole seconds the Lease stores) after the poll that saw the last
// renewal. So: the leader's last renewal, in flight at the crash, lands one request later; the
// poll that sees it starts within one jittered wait and one request after that and returns one
// request later; the poll that takes over starts within leaseDuration, one request and one
// jittered wait after that. renewDeadline plays no part: a crashed leader does not give up.
func TakeoverBound(le *componentbaseconfigv1alpha1.LeaderElectionConfiguration) time.Duration {
	jitteredWait := time.Duration((1 + leaderelection.JitterFactor) * float64(le.RetryPeriod.Duration))
	leaseDuration := le.LeaseDuration.Duration.Truncate(time.Second)
	return leaseDuration + 2*jitteredWait + 4*LeaseRequestAllowance
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
