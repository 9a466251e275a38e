// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package drain_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"k8s.io/client-go/rest"
)

// profileServers fetches a CPU profile of the given duration from kube-apiserver and
// gardener-apiserver (both serve /debug/pprof, --profiling is on by default) into dir, as the
// admin of config, and returns a function that waits for both.
func profileServers(ctx context.Context, b *testing.B, config *rest.Config, gardenerAPIServerURL, dir string, seconds int) func() {
	servers := map[string]*rest.Config{"kube-apiserver": rest.CopyConfig(config)}
	gardener := rest.CopyConfig(config)
	gardener.Host = gardenerAPIServerURL
	gardener.CAData, gardener.CAFile, gardener.Insecure = nil, "", true // its own serving CA
	servers["gardener-apiserver"] = gardener
	var wg sync.WaitGroup
	for name, cfg := range servers {
		wg.Go(func() {
			if err := fetchProfile(ctx, cfg, filepath.Join(dir, name+".pprof"), seconds); err != nil {
				b.Logf("profiling %s: %v", name, err)
			}
		})
	}
	return wg.Wait
}

func fetchProfile(ctx context.Context, cfg *rest.Config, path string, seconds int) error {
	httpClient, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Duration(seconds+30)*time.Second)
	defer cancel()
	url := fmt.Sprintf("%s/debug/pprof/profile?seconds=%d", strings.TrimSuffix(cfg.Host, "/"), seconds)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("GET %s: %s: %s", url, resp.Status, body)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(f, resp.Body)
	return err
}
