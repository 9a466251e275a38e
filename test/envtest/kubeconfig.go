// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package envtest

import (
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// KubeconfigFromRESTConfig renders a kubeconfig with one cluster, user and context
// ("envtest") from a rest config that authenticates with a client certificate or a token.
func KubeconfigFromRESTConfig(cfg *rest.Config) ([]byte, error) {
	const name = "envtest"
	kubeconfig := clientcmdapi.NewConfig()
	kubeconfig.Clusters[name] = &clientcmdapi.Cluster{
		Server:                   cfg.Host,
		CertificateAuthorityData: cfg.CAData,
		CertificateAuthority:     cfg.CAFile,
	}
	kubeconfig.AuthInfos[name] = &clientcmdapi.AuthInfo{
		ClientCertificateData: cfg.CertData,
		ClientKeyData:         cfg.KeyData,
		ClientCertificate:     cfg.CertFile,
		ClientKey:             cfg.KeyFile,
		Token:                 cfg.BearerToken,
	}
	kubeconfig.Contexts[name] = &clientcmdapi.Context{Cluster: name, AuthInfo: name}
	kubeconfig.CurrentContext = name
	return clientcmd.Write(*kubeconfig)
}
