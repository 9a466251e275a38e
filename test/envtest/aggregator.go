// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package envtest

import (
	"crypto/x509"
	"path/filepath"

	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

// frontProxyClientName is the common name of the client certificate the kube-apiserver
// presents when it proxies a request to an aggregated API server.
const frontProxyClientName = "front-proxy-client"

// configureAggregation generates a front-proxy CA and client certificate in certDir and sets the
// kube-apiserver flags that enable API aggregation: the aggregator proxies requests with that
// client certificate and the X-Remote-* headers, and publishes the CA and header names in
// kube-system/extension-apiserver-authentication, where the aggregated server's delegated
// authentication reads them.
func configureAggregation(certDir string, args *envtest.Arguments) error {
	ca, err := newCertAuthority("front-proxy-ca")
	if err != nil {
		return err
	}
	clientCert, clientKey, err := ca.issue(frontProxyClientName, x509.ExtKeyUsageClientAuth, nil, nil)
	if err != nil {
		return err
	}
	if err := writeFiles(certDir, map[string][]byte{
		"front-proxy-ca.crt":     ca.certPEM,
		"front-proxy-client.crt": clientCert,
		"front-proxy-client.key": clientKey,
	}); err != nil {
		return err
	}

	args.Set("requestheader-client-ca-file", filepath.Join(certDir, "front-proxy-ca.crt"))
	args.Set("requestheader-allowed-names", frontProxyClientName)
	args.Set("requestheader-username-headers", "X-Remote-User")
	args.Set("requestheader-group-headers", "X-Remote-Group")
	args.Set("requestheader-extra-headers-prefix", "X-Remote-Extra-")
	args.Set("proxy-client-cert-file", filepath.Join(certDir, "front-proxy-client.crt"))
	args.Set("proxy-client-key-file", filepath.Join(certDir, "front-proxy-client.key"))
	return nil
}
