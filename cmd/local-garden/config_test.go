// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"testing"

	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardenletconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/gardenlet/v1alpha1"
)

// TestComponentConfigs checks that the configurations local-garden writes load strictly and
// validate, and carry the client connection of the charts.
func TestComponentConfigs(t *testing.T) {
	dir := t.TempDir()

	path, err := writeComponentConfig(dir, "gardener-controller-manager", controllerManagerConfiguration)
	if err != nil {
		t.Fatal(err)
	}
	cm, err := controllermanagerconfigv1alpha1.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if errs := controllermanagerconfigv1alpha1.Validate(cm); len(errs) > 0 {
		t.Fatal(errs)
	}
	if cm.GardenClientConnection.QPS != 100 || cm.GardenClientConnection.Burst != 130 {
		t.Errorf("controller-manager gardenClientConnection: got qps %v burst %v, want 100 and 130", cm.GardenClientConnection.QPS, cm.GardenClientConnection.Burst)
	}
	if le := cm.LeaderElection; le.LeaderElect == nil || !*le.LeaderElect || le.ResourceNamespace != "kube-system" {
		t.Errorf("controller-manager leaderElection: got %+v, want leaderElect in kube-system", le)
	}

	path, err = writeComponentConfig(dir, "gardenlet", gardenletConfiguration)
	if err != nil {
		t.Fatal(err)
	}
	gl, err := gardenletconfigv1alpha1.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if errs := gardenletconfigv1alpha1.Validate(gl); len(errs) > 0 {
		t.Fatal(errs)
	}
	if gl.SeedClientConnection.QPS != 100 || gl.GardenClientConnection.Burst != 130 || *gl.Controllers.Shoot.ConcurrentSyncs != 20 {
		t.Errorf("gardenlet: got %+v", gl)
	}
	if le := gl.LeaderElection; le.LeaderElect == nil || !*le.LeaderElect || le.ResourceNamespace != "kube-system" {
		t.Errorf("gardenlet leaderElection: got %+v, want leaderElect in kube-system", le)
	}
}
