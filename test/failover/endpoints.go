// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
)

// EndpointsReady returns the Ready condition of the endpoint of each of replicas
// gardener-apiservers (EndpointSlice gardener-apiserver-<i> of the Service the APIServices point
// at), in replica order.
func EndpointsReady(ctx context.Context, c kubernetes.Interface, replicas int) ([]bool, error) {
	var out []bool
	for i := range replicas {
		slice, err := c.DiscoveryV1().EndpointSlices(gardenerenvtest.ServiceNamespace).Get(ctx, fmt.Sprintf("%s-%d", gardenerenvtest.ServiceName, i), metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		if len(slice.Endpoints) != 1 {
			return nil, fmt.Errorf("EndpointSlice %s has %d endpoints", slice.Name, len(slice.Endpoints))
		}
		out = append(out, slice.Endpoints[0].Conditions.Ready != nil && *slice.Endpoints[0].Conditions.Ready)
	}
	return out, nil
}
