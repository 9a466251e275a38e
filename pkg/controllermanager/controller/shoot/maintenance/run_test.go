// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/Masterminds/semver/v3"
	"github.com/go-logr/logr"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"k8s.io/client-go/tools/events"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// maintenanceRun is what reconcile computes before it writes: upstream's host steps (at
// time.Now), then the GEP-78 component step with the conflict resolution, on a working copy.
type maintenanceRun struct {
	shoot, maintained *gardencorev1beta1.Shoot
	controlPlane      *updateResult
	kubernetes        map[string]updateResult
	images            map[string]updateResult
	imagesErr         error
	components        []componentUpdate
}

// runMaintenance maintains a copy of shoot as reconcile does, without a client.
func runMaintenance(ctx context.Context, shoot *gardencorev1beta1.Shoot, cloudProfile *gardencorev1beta1.CloudProfile, step componentStep) *maintenanceRun {
	log := logr.Discard()
	r := &maintenanceRun{shoot: shoot, maintained: shoot.DeepCopy(), kubernetes: map[string]updateResult{}, images: map[string]updateResult{}}
	if !v1beta1helper.IsWorkerless(shoot) {
		r.images, r.imagesErr = maintainMachineImages(log, r.maintained, cloudProfile)
	}
	autoUpdate := gardenerutils.KubernetesAutoUpdateEnabled(r.maintained)
	r.controlPlane, _ = maintainKubernetesVersion(log, r.maintained.Spec.Kubernetes.Version, autoUpdate, cloudProfile, func(v string) (string, error) {
		r.maintained.Spec.Kubernetes.Version = v
		return v, nil
	})
	controlPlane := semver.MustParse(r.maintained.Spec.Kubernetes.Version)
	for i, pool := range r.maintained.Spec.Provider.Workers {
		if pool.Kubernetes == nil || pool.Kubernetes.Version == nil {
			continue
		}
		result, _ := maintainKubernetesVersion(log, *pool.Kubernetes.Version, autoUpdate, cloudProfile, func(v string) (string, error) {
			version := semver.MustParse(v)
			if version.GreaterThan(controlPlane) {
				version = controlPlane
			}
			v = version.String()
			r.maintained.Spec.Provider.Workers[i].Kubernetes.Version = &v
			return v, nil
		})
		if result != nil {
			r.kubernetes[pool.Name] = *result
		}
	}
	hosts := hostResults{controlPlane: &r.controlPlane, kubernetes: r.kubernetes, machineImages: r.images}
	r.components = step.resolveHostComponentConflicts(ctx, log, shoot, r.maintained, hosts, step.maintain(ctx, log, r.maintained))
	return r
}

// result is a flat view of one result of a run, for comparisons.
type result struct {
	Kind                     string
	WorkerPool               string
	ExtensionType, Component string
	// From, To, Forced and Channel are set for component results only.
	From, To        string
	Forced, Channel bool
	Reason          string
	Successful      bool
	Description     string
	FailureCategory string
}

const (
	kindKubernetes       = "Kubernetes"
	kindWorkerKubernetes = "WorkerKubernetes"
	kindMachineImage     = "MachineImage"
	kindComponent        = "ExtensionComponent"
)

// results returns the results of the run: control plane, pools' Kubernetes versions and images
// (pools in name order), then the components in their order.
func (r *maintenanceRun) results() []result {
	var out []result
	if r.controlPlane != nil {
		out = append(out, hostResult(kindKubernetes, "", *r.controlPlane))
	}
	for _, pool := range sortedKeys(r.kubernetes) {
		out = append(out, hostResult(kindWorkerKubernetes, pool, r.kubernetes[pool]))
	}
	for _, pool := range sortedKeys(r.images) {
		out = append(out, hostResult(kindMachineImage, pool, r.images[pool]))
	}
	return append(out, componentResults(r.components)...)
}

func hostResult(kind, pool string, u updateResult) result {
	return result{Kind: kind, WorkerPool: pool, Reason: u.reason, Successful: u.isSuccessful, Description: u.description}
}

func componentResults(updates []componentUpdate) []result {
	var out []result
	for _, c := range updates {
		out = append(out, result{
			Kind: kindComponent, ExtensionType: c.extensionType, Component: c.component, From: c.from, To: c.to,
			Forced: c.forced, Channel: c.channel, Reason: c.reason, Successful: c.isSuccessful, Description: c.description,
			FailureCategory: c.failureCategory,
		})
	}
	return out
}

// messages returns lastMaintenance.description and .failureReason of the run.
func (r *maintenanceRun) messages() (string, string) {
	return buildMaintenanceMessagesWithComponents(r.controlPlane, r.kubernetes, r.images, nil, r.components, nil)
}

// componentEvents returns the events recordExtensionComponentMaintenance records for updates, as
// "<type> <reason> <note>".
func componentEvents(updates []componentUpdate) []string {
	recorder := events.NewFakeRecorder(len(updates))
	(&Reconciler{Recorder: recorder}).recordExtensionComponentMaintenance(logr.Discard(), &gardencorev1beta1.Shoot{}, updates)
	close(recorder.Events)
	var out []string
	for e := range recorder.Events {
		out = append(out, e)
	}
	return out
}

// counted returns the increments of the component counters while f runs, as
// "<upgrades|failures> <extension type> <reason>" (one entry per increment, sorted).
func counted(f func()) []string {
	before := counterValues()
	f()
	var out []string
	for series, value := range counterValues() {
		for range int(value - before[series]) {
			out = append(out, series)
		}
	}
	slices.Sort(out)
	return out
}

func counterValues() map[string]float64 {
	values := map[string]float64{}
	for name, vec := range map[string]*prometheus.CounterVec{"upgrades": ComponentUpgradesTotal, "failures": ComponentFailuresTotal} {
		ch := make(chan prometheus.Metric, 100)
		vec.Collect(ch)
		close(ch)
		for m := range ch {
			metric := &dto.Metric{}
			if err := m.Write(metric); err != nil {
				panic(err)
			}
			labels := map[string]string{}
			for _, l := range metric.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			values[fmt.Sprintf("%s %s %s", name, labels["extension_type"], labels["reason"])] = metric.GetCounter().GetValue()
		}
	}
	return values
}

// testStep returns the component step at now with the profiles and checker.
func testStep(now time.Time, checker componentversion.CompatibilityChecker, profiles ...*gardencorev1beta1.ExtensionProfile) componentStep {
	step := componentStep{profiles: map[string]*gardencorev1beta1.ExtensionProfile{}, now: now, checker: checker}
	for _, p := range profiles {
		step.profiles[p.Name] = p
	}
	return step
}
