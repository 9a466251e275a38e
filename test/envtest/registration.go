// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package envtest

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	apiregistrationv1 "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1"
	aggregatorclientset "k8s.io/kube-aggregator/pkg/client/clientset_generated/clientset"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apiserver"
)

// register creates the ExternalName Service and the APIServices and waits until they serve.
func (s *GardenerAPIServer) register(ctx context.Context, kubeAdminConfig *rest.Config) error {
	kubeClient, err := kubernetes.NewForConfig(kubeAdminConfig)
	if err != nil {
		return err
	}
	aggregatorClient, err := aggregatorclientset.NewForConfig(kubeAdminConfig)
	if err != nil {
		return err
	}

	service := &corev1.Service{
		ObjectMeta: metav1.ObjectMeta{Name: ServiceName, Namespace: ServiceNamespace},
		Spec: corev1.ServiceSpec{
			Type:         corev1.ServiceTypeExternalName,
			ExternalName: "localhost",
			Ports:        []corev1.ServicePort{{Name: "https", Port: int32(s.SecurePort)}}, // #nosec G115 -- a port fits.
		},
	}
	// Over a kept etcd (local-garden --data-dir) the objects exist from the last run: they are
	// updated to this run's port and CA.
	// A Service of another type, from a run with several replicas, is replaced, and that run's
	// EndpointSlices are removed.
	services := kubeClient.CoreV1().Services(ServiceNamespace)
	if _, err := services.Create(ctx, service, metav1.CreateOptions{}); err != nil {
		if !apierrors.IsAlreadyExists(err) {
			return err
		}
		existing, err := services.Get(ctx, ServiceName, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if existing.Spec.Type == corev1.ServiceTypeExternalName {
			existing.Spec.Ports = service.Spec.Ports
			_, err = services.Update(ctx, existing, metav1.UpdateOptions{})
		} else if err = services.Delete(ctx, ServiceName, metav1.DeleteOptions{}); err == nil {
			_, err = services.Create(ctx, service, metav1.CreateOptions{})
		}
		if err != nil {
			return err
		}
	}
	if err := deleteEndpointSlices(ctx, kubeClient, 0); err != nil {
		return err
	}

	if err := ensureAPIServices(ctx, aggregatorClient, int32(s.SecurePort), s.caBundle); err != nil { // #nosec G115 -- a port fits.
		return err
	}
	return s.waitUntilServed(ctx, kubeAdminConfig)
}

// ensureAPIServices creates or updates one APIService per apiserver.AllGardenerAPIGroupVersions,
// served by the Service kube-system/gardener-apiserver at port with caBundle.
func ensureAPIServices(ctx context.Context, aggregatorClient aggregatorclientset.Interface, port int32, caBundle []byte) error {
	for _, gv := range apiserver.AllGardenerAPIGroupVersions {
		apiService := &apiregistrationv1.APIService{
			ObjectMeta: metav1.ObjectMeta{Name: gv.Version + "." + gv.Group},
			Spec: apiregistrationv1.APIServiceSpec{
				Group:                gv.Group,
				Version:              gv.Version,
				Service:              &apiregistrationv1.ServiceReference{Namespace: ServiceNamespace, Name: ServiceName, Port: ptr.To(port)},
				CABundle:             caBundle,
				GroupPriorityMinimum: 100,
				VersionPriority:      100,
			},
		}
		if _, err := aggregatorClient.ApiregistrationV1().APIServices().Create(ctx, apiService, metav1.CreateOptions{}); err != nil {
			if !apierrors.IsAlreadyExists(err) {
				return err
			}
			existing, err := aggregatorClient.ApiregistrationV1().APIServices().Get(ctx, apiService.Name, metav1.GetOptions{})
			if err != nil {
				return err
			}
			existing.Spec = apiService.Spec
			if _, err := aggregatorClient.ApiregistrationV1().APIServices().Update(ctx, existing, metav1.UpdateOptions{}); err != nil {
				return err
			}
		}
	}

	return nil
}
