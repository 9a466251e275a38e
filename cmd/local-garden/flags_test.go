// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"flag"
	"slices"
	"testing"
	"time"
)

// TestFlags checks that --help lists local-garden's own flags only (controller-runtime registers
// --kubeconfig on flag.CommandLine) and that they parse.
func TestFlags(t *testing.T) {
	if flag.CommandLine.Lookup("kubeconfig") == nil {
		t.Fatal("expected controller-runtime's --kubeconfig on flag.CommandLine; the test would prove nothing")
	}
	opts := options{}
	flags := newFlagSet(&opts)
	var names []string
	flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	for _, want := range []string{"bin-dir", "data-dir", "dev-dir", "feature-gates", "replicas", "example-extension", "prometheus", "prometheus-rules", "prometheus-interval"} {
		if !slices.Contains(names, want) {
			t.Errorf("flag --%s missing from %v", want, names)
		}
	}
	if slices.Contains(names, "kubeconfig") {
		t.Errorf("flags %v include controller-runtime's --kubeconfig", names)
	}
	if err := flags.Parse([]string{"--data-dir", "dev/data", "--replicas", "2", "--example-extension=false", "--prometheus", "--prometheus-interval=1s"}); err != nil ||
		opts.dataDir != "dev/data" || opts.devDir != "dev" || opts.replicas != 2 || opts.exampleExtension || !opts.prometheus || opts.prometheusInterval != time.Second {
		t.Fatalf("parse: %v, options %+v", err, opts)
	}
}
