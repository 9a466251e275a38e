// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package robustness_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

const basePath = "/apis/core.gardener.cloud/v1beta1"

// response is the status and body of one request.
type response struct {
	code int
	body string
}

// send sends a request with body of contentType to path (below kube-apiserver's host) and returns
// the answer. A transport error (a reset stream) is a failure of the test.
func send(method, path, contentType string, body []byte) response {
	GinkgoHelper()
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(restConfig.Host, "/")+path, bytes.NewReader(body))
	Expect(err).NotTo(HaveOccurred())
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := httpClient.Do(req)
	Expect(err).NotTo(HaveOccurred(), "%s %s", method, path)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	Expect(err).NotTo(HaveOccurred())
	return response{code: resp.StatusCode, body: string(data)}
}

func shootsPath(name string) string {
	if name == "" {
		return basePath + "/namespaces/" + namespace + "/shoots"
	}
	return basePath + "/namespaces/" + namespace + "/shoots/" + name
}

func clusterPath(resource, name string) string {
	if name == "" {
		return basePath + "/" + resource
	}
	return basePath + "/" + resource + "/" + name
}

func namespacedPath(resource, name string) string {
	if name == "" {
		return basePath + "/namespaces/" + namespace + "/" + resource
	}
	return basePath + "/namespaces/" + namespace + "/" + resource + "/" + name
}
