// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package envtest

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	aggregatorclientset "k8s.io/kube-aggregator/pkg/client/clientset_generated/clientset"
	"k8s.io/utils/ptr"
)

// servicePort is the port of the ClusterIP Service in front of several replicas; the
// kube-apiserver routes to the endpoints' ports, never to this one.
const servicePort = 443

// endpointSliceManager is the endpointslice.kubernetes.io/managed-by label of the environment's
// EndpointSlices.
const endpointSliceManager = "gardener-envtest"

// endpointProbeInterval is how often the environment probes each replica's /readyz for its
// EndpointSlice.
const endpointProbeInterval = 100 * time.Millisecond

// startReplicas starts the replicas of template (the first is template itself) and registers
// them behind one Service: a ClusterIP Service kube-system/gardener-apiserver without selector,
// one EndpointSlice per replica (its address and port, Ready as its /readyz answers), and the
// APIServices pointing at the Service. The kube-apiserver must run with
// --enable-aggregator-routing, so that it proxies to a random ready endpoint.
func (e *GardenerTestEnvironment) startReplicas(template *GardenerAPIServer, replicas int, adminConfig *rest.Config) error {
	if template.Path == "" {
		return fmt.Errorf("%d gardener-apiserver replicas need a binary (GardenerAPIServer.Path or $%s): only one can run in-process", replicas, EnvGardenerAPIServerBinary)
	}
	ip, err := hostIPv4()
	if err != nil {
		return err
	}
	ca, err := newCertAuthority("gardener-apiserver-ca")
	if err != nil {
		return err
	}
	e.GardenerAPIServers = nil
	for i := range replicas {
		s := template
		if i > 0 {
			s = &GardenerAPIServer{
				Path: template.Path, Args: template.Args, EtcdURL: template.EtcdURL, KubeRESTConfig: template.KubeRESTConfig,
				StartTimeout: template.StartTimeout, StopTimeout: template.StopTimeout, Out: template.Out, Err: template.Err,
			}
		}
		s.ca, s.bindIP = ca, ip
		e.GardenerAPIServers = append(e.GardenerAPIServers, s)
		if err := s.Start(); err != nil {
			return fmt.Errorf("gardener-apiserver replica %d: %w", i, err)
		}
		s.kubeAdminConfig = adminConfig
	}

	ctx, cancel := context.WithTimeout(context.Background(), template.StartTimeout)
	defer cancel()
	kubeClient, err := kubernetes.NewForConfig(adminConfig)
	if err != nil {
		return err
	}
	aggregatorClient, err := aggregatorclientset.NewForConfig(adminConfig)
	if err != nil {
		return err
	}
	if err := ensureClusterIPService(ctx, kubeClient); err != nil {
		return err
	}
	for i, s := range e.GardenerAPIServers {
		if err := ensureEndpointSlice(ctx, kubeClient, endpointSliceName(i), ip, s.SecurePort, true); err != nil {
			return err
		}
	}
	if err := deleteEndpointSlices(ctx, kubeClient, replicas); err != nil {
		return err
	}
	if err := ensureAPIServices(ctx, aggregatorClient, servicePort, ca.certPEM); err != nil {
		return err
	}
	if err := template.waitUntilServed(ctx, adminConfig); err != nil {
		return fmt.Errorf("gardener-apiserver replicas are not served through the kube-apiserver: %w", err)
	}
	e.endpoints = newEndpointProber(kubeClient, e.GardenerAPIServers, ip, ca.certPEM)
	return nil
}

func endpointSliceName(replica int) string { return ServiceName + "-" + strconv.Itoa(replica) }

// ensureClusterIPService creates the selector-less Service kube-system/gardener-apiserver, or
// replaces one of another type (an ExternalName Service of an earlier single-replica run).
func ensureClusterIPService(ctx context.Context, c kubernetes.Interface) error {
	services := c.CoreV1().Services(ServiceNamespace)
	existing, err := services.Get(ctx, ServiceName, metav1.GetOptions{})
	switch {
	case err == nil && existing.Spec.Type == corev1.ServiceTypeClusterIP:
		return nil
	case err == nil:
		if err := services.Delete(ctx, ServiceName, metav1.DeleteOptions{}); err != nil && !apierrors.IsNotFound(err) {
			return err
		}
	case !apierrors.IsNotFound(err):
		return err
	}
	_, err = services.Create(ctx, &corev1.Service{
		ObjectMeta: metav1.ObjectMeta{Name: ServiceName, Namespace: ServiceNamespace},
		Spec: corev1.ServiceSpec{
			Type:  corev1.ServiceTypeClusterIP,
			Ports: []corev1.ServicePort{{Name: "https", Port: servicePort, TargetPort: intstr.FromInt32(servicePort)}},
		},
	}, metav1.CreateOptions{})
	return err
}

// ensureEndpointSlice creates or updates the EndpointSlice name of the Service: one endpoint at
// ip:port with the given Ready condition.
func ensureEndpointSlice(ctx context.Context, c kubernetes.Interface, name, ip string, port int, ready bool) error {
	slice := &discoveryv1.EndpointSlice{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ServiceNamespace,
			Labels: map[string]string{discoveryv1.LabelServiceName: ServiceName, discoveryv1.LabelManagedBy: endpointSliceManager}},
		AddressType: discoveryv1.AddressTypeIPv4,
		Endpoints:   []discoveryv1.Endpoint{{Addresses: []string{ip}, Conditions: discoveryv1.EndpointConditions{Ready: ptr.To(ready)}}},
		Ports:       []discoveryv1.EndpointPort{{Name: ptr.To("https"), Port: ptr.To(int32(port)), Protocol: ptr.To(corev1.ProtocolTCP)}}, // #nosec G115 -- a port fits.
	}
	slices := c.DiscoveryV1().EndpointSlices(ServiceNamespace)
	if _, err := slices.Create(ctx, slice, metav1.CreateOptions{}); !apierrors.IsAlreadyExists(err) {
		return err
	}
	existing, err := slices.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	existing.Labels, existing.AddressType, existing.Endpoints, existing.Ports = slice.Labels, slice.AddressType, slice.Endpoints, slice.Ports
	_, err = slices.Update(ctx, existing, metav1.UpdateOptions{})
	return err
}

// deleteEndpointSlices deletes the EndpointSlices of the Service that the environment made for
// replicas keep and above (left from a run with more replicas over the same etcd).
func deleteEndpointSlices(ctx context.Context, c kubernetes.Interface, keep int) error {
	slices := c.DiscoveryV1().EndpointSlices(ServiceNamespace)
	list, err := slices.List(ctx, metav1.ListOptions{LabelSelector: discoveryv1.LabelServiceName + "=" + ServiceName + "," + discoveryv1.LabelManagedBy + "=" + endpointSliceManager})
	if err != nil {
		return err
	}
	for _, slice := range list.Items {
		replica := -1
		if suffix, ok := strings.CutPrefix(slice.Name, ServiceName+"-"); ok {
			if n, err := strconv.Atoi(suffix); err == nil {
				replica = n
			}
		}
		if replica >= 0 && replica < keep {
			continue
		}
		if err := slices.Delete(ctx, slice.Name, metav1.DeleteOptions{}); err != nil && !apierrors.IsNotFound(err) {
			return err
		}
	}
	return nil
}

// hostIPv4 returns the first IPv4 address of an interface that is up and not loopback: the
// endpoints of a Service may not be loopback addresses.
func hostIPv4() (string, error) {
	interfaces, err := net.Interfaces()
	if err != nil {
		return "", err
	}
	for _, i := range interfaces {
		if i.Flags&net.FlagUp == 0 || i.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := i.Addrs()
		if err != nil {
			continue
		}
		for _, addr := range addrs {
			if n, ok := addr.(*net.IPNet); ok && n.IP.To4() != nil && n.IP.IsGlobalUnicast() {
				return n.IP.String(), nil
			}
		}
	}
	return "", errors.New("several gardener-apiserver replicas need a non-loopback IPv4 address for their endpoints, and this host has none")
}

// endpointProber sets each replica's endpoint Ready as its /readyz answers 200, as the kubelet's
// readiness probe and the EndpointSlice controller do in a cluster, so that the kube-apiserver
// stops routing to a replica that died and routes to it again once it is back.
type endpointProber struct {
	cancel context.CancelFunc
	done   sync.WaitGroup
}

func newEndpointProber(c kubernetes.Interface, servers []*GardenerAPIServer, ip string, caBundle []byte) *endpointProber {
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(caBundle)
	client := &http.Client{
		Timeout:   time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}, DisableKeepAlives: true},
	}
	ctx, cancel := context.WithCancel(context.Background())
	p := &endpointProber{cancel: cancel}
	for i, s := range servers {
		p.done.Add(1)
		go func() {
			defer p.done.Done()
			ready := true
			wait.UntilWithContext(ctx, func(ctx context.Context) {
				now := probeReady(ctx, client, s.URL()+"/readyz")
				if now == ready {
					return
				}
				if err := ensureEndpointSlice(ctx, c, endpointSliceName(i), ip, s.SecurePort, now); err == nil {
					ready = now
				}
			}, endpointProbeInterval)
		}()
	}
	return p
}

func probeReady(ctx context.Context, client *http.Client, url string) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false
	}
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	_ = resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// stop ends the probes and waits for them.
func (p *endpointProber) stop() {
	if p == nil {
		return
	}
	p.cancel()
	p.done.Wait()
}
