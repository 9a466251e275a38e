// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"sigs.k8s.io/yaml"
)

// prometheusConfig returns the configuration of the local garden's Prometheus: it scrapes the
// metrics endpoints of components every interval, under a job named after the binary (as
// Gardener's dashboards select them, job="gardener-controller-manager"), and evaluates the rule
// files at the same interval.
func prometheusConfig(components []*component, ruleFiles []string, interval time.Duration) ([]byte, error) {
	type staticConfig struct {
		Targets []string `json:"targets"`
	}
	type scrapeConfig struct {
		JobName       string         `json:"job_name"`
		StaticConfigs []staticConfig `json:"static_configs"`
	}
	var (
		scrapeConfigs []scrapeConfig
		jobs          = map[string]int{}
	)
	for _, c := range components {
		if c.metricsAddress == "" {
			continue
		}
		i, ok := jobs[c.binary]
		if !ok {
			i = len(scrapeConfigs)
			jobs[c.binary] = i
			scrapeConfigs = append(scrapeConfigs, scrapeConfig{JobName: c.binary, StaticConfigs: []staticConfig{{}}})
		}
		scrapeConfigs[i].StaticConfigs[0].Targets = append(scrapeConfigs[i].StaticConfigs[0].Targets, c.metricsAddress)
	}
	return yaml.Marshal(map[string]any{
		"global": map[string]string{
			"scrape_interval":     interval.String(),
			"scrape_timeout":      interval.String(),
			"evaluation_interval": interval.String(),
		},
		"rule_files":     ruleFiles,
		"scrape_configs": scrapeConfigs,
	})
}

// newPrometheus returns Debian's Prometheus (bin/prometheus, hack/tools/install-prometheus.sh) as
// a component listening on a free loopback port, configured by prometheusConfig in
// <devDir>/prometheus/prometheus.yml and keeping its data in dataDir. The web UI's files are
// bin/prometheus-web when present, else the package's.
func newPrometheus(binDir, devDir, dataDir string, components []*component, ruleFiles []string, interval time.Duration) (*component, error) {
	for i, file := range ruleFiles {
		abs, err := filepath.Abs(file)
		if err != nil {
			return nil, err
		}
		if _, err := os.Stat(abs); err != nil {
			return nil, fmt.Errorf("prometheus rule file: %w", err)
		}
		ruleFiles[i] = abs
	}
	config, err := prometheusConfig(components, ruleFiles, interval)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(devDir, "prometheus")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	configFile := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(configFile, config, 0o644); err != nil { // #nosec G306 -- a developer's configuration
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	address := fmt.Sprintf("127.0.0.1:%d", port)
	args := []string{"--config.file=" + configFile, "--storage.tsdb.path=" + dataDir, "--web.listen-address=" + address}
	if web := filepath.Join(binDir, "prometheus-web"); isDir(web) {
		args = append(args, "--web.local-assets="+web+"/")
	}
	return &component{
		name: "prometheus", binary: "prometheus", path: filepath.Join(binDir, "prometheus"), args: args,
		healthAddress: address, readyPath: "/-/ready",
	}, nil
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// startPrometheus starts newPrometheus with the options' rules and interval, its data in
// <devDir>/prometheus/data emptied first (the garden starts empty too), waits until it is ready,
// prints its URL and writes its address to <devDir>/prometheus.address.
func startPrometheus(ctx context.Context, binDir, devDir, logDir string, components []*component, opts options) (*component, error) {
	if _, err := os.Stat(filepath.Join(binDir, "prometheus")); err != nil {
		return nil, fmt.Errorf("--prometheus: %w (hack/tools/install-prometheus.sh, run by make tools, puts it there)", err)
	}
	dataDir := filepath.Join(devDir, "prometheus", "data")
	if err := os.RemoveAll(dataDir); err != nil {
		return nil, err
	}
	p, err := newPrometheus(binDir, devDir, dataDir, components, []string{opts.prometheusRules}, opts.prometheusInterval)
	if err != nil {
		return nil, err
	}
	if p.log, err = openLog(logDir, p.name); err != nil {
		return nil, err
	}
	fmt.Printf("starting %s (log: %s)\n", p.name, p.log.Name())
	if err := p.start(); err != nil {
		return nil, err
	}
	if err := p.waitReady(ctx); err != nil {
		p.stop()
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(devDir, "prometheus.address"), []byte(p.healthAddress+"\n"), 0o600); err != nil {
		p.stop()
		return nil, err
	}
	fmt.Printf("prometheus: http://%s\n", p.healthAddress)
	return p, nil
}
