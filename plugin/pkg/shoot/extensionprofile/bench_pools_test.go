// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/interpreter"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/test/benchutil"
)

// poolRules are the rules of the runtime version the pools of BenchmarkPoolPinAdmission pin; each
// reads `worker`.
var poolRules = []gardencorev1beta1.CompatibilityValidation{
	{Rule: "has(worker.machine.image) && (worker.machine.image.name != 'gardenlinux' || !has(worker.machine.image.version) || semver(worker.machine.image.version, true).compareTo(semver('1877.0.0')) >= 0)", Message: "runsc needs gardenlinux 1877 or later"},
	{Rule: "has(worker.cri) && worker.cri.name == 'containerd'", Message: "runsc runs on containerd"},
	{Rule: "!has(worker.machine.architecture) || worker.machine.architecture in ['amd64', 'arm64']", Message: "runsc runs on amd64 and arm64"},
}

// BenchmarkPoolPinAdmission is the plugin's Validate of an update (a pool's maximum raised) of a
// Shoot (shoot-accepted-falco-traefik.yaml without its Shoot-level pins) with 10 pools, each
// pinning runsc 1.0.0 of a container runtime whose version has three rules that read `worker`.
// impl=cel-go evaluates the same rules, compiled with cel-go in the same environment with the
// same program options, once per pool on activations built outside the loop from the JSON form
// of the Shoot and of each pool. The target is Validate <= 1.25x cel-go.
func BenchmarkPoolPinAdmission(b *testing.B) {
	profile := &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-runsc-bench", Generation: 1},
		Spec: gardencorev1beta1.ExtensionProfileSpec{
			ExtensionKind: gardencorev1beta1.ExtensionKindContainerRuntime,
			Components: []gardencorev1beta1.ExtensionProfileComponent{{Name: "runsc", Versions: []gardencorev1beta1.ExtensionComponentVersion{{
				Version: "1.0.0", Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: poolRules},
			}}}},
		},
	}
	p, _, _, oldShoot := setupAdmissionBenchmark(b, profile)

	versioned := &gardencorev1beta1.Shoot{}
	if err := api.Scheme.Convert(oldShoot, versioned, nil); err != nil {
		b.Fatal(err)
	}
	for i := range versioned.Spec.Extensions {
		versioned.Spec.Extensions[i].Components, versioned.Spec.Extensions[i].AutoUpdate = nil, nil
	}
	template := versioned.Spec.Provider.Workers[0]
	versioned.Spec.Provider.Workers = nil
	for i := range 10 {
		worker := *template.DeepCopy()
		worker.Name = fmt.Sprintf("pool-%d", i)
		worker.CRI = &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{
			Type: "runsc-bench", Components: []gardencorev1beta1.ExtensionComponent{{Name: "runsc", Version: ptr.To("1.0.0")}},
		}}}
		versioned.Spec.Provider.Workers = append(versioned.Spec.Provider.Workers, worker)
	}
	old := &core.Shoot{}
	if err := api.Scheme.Convert(versioned, old, nil); err != nil {
		b.Fatal(err)
	}
	updated := old.DeepCopy()
	updated.Spec.Provider.Workers[0].Maximum++

	celEnv := benchutil.StoredRulesEnv(b)
	rules := make([]string, 0, len(poolRules))
	for _, r := range poolRules {
		rules = append(rules, r.Rule)
	}
	programs := benchutil.CompilePrograms(b, celEnv, rules, celutils.ProgramOptions()...)
	toValue := func(obj any) any {
		out, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
		if err != nil {
			b.Fatal(err)
		}
		return types.DefaultTypeAdapter.NativeToValue(out)
	}
	shootValue := toValue(versioned)
	var activations []interpreter.Activation
	for i := range versioned.Spec.Provider.Workers {
		activation, err := interpreter.NewActivation(map[string]any{
			celutils.ShootVariable: shootValue, celutils.WorkerVariable: toValue(&versioned.Spec.Provider.Workers[i]),
		})
		if err != nil {
			b.Fatal(err)
		}
		activations = append(activations, activation)
	}
	ctx := context.Background()

	b.Run("impl=cel-go", func(b *testing.B) {
		b.ReportAllocs()
		start := benchutil.ProcessCPU()
		for b.Loop() {
			for _, activation := range activations {
				for _, program := range programs {
					if value, _, err := program.ContextEval(ctx, activation); err != nil || value != types.True {
						b.Fatalf("rule did not pass: %v %v", value, err)
					}
				}
			}
		}
		benchutil.ReportCPU(b, start)
	})
	b.Run("impl=Validate", func(b *testing.B) { benchmarkValidate(b, p, updated, old) })
}
