// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("per-pool pins", func() {
	ctx := context.Background()
	gvisor := &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor", Generation: 1},
		Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
			Name: "runsc", Versions: []gardencorev1beta1.ExtensionComponentVersion{
				{Version: "1.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationExpired, nil)}},
				{Version: "1.1.0"},
				{Version: "1.1.3", Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{
					{Rule: "worker.machine.type.startsWith('g6')", Message: "runsc 1.1.3 needs machine type family g6"}}}},
				{Version: "1.2.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(preview, nil)}},
			},
		}}},
	}
	profiles := func(_ context.Context, name string) (*gardencorev1beta1.ExtensionProfile, error) {
		if name == gvisor.Name {
			return gvisor, nil
		}
		return nil, nil
	}
	// pools returns a pool without runtimes and a pool "sandbox" of machine type g6.large running
	// kata and gvisor with the given runsc entry.
	pools := func(runsc *gardencorev1beta1.ExtensionComponent) []gardencorev1beta1.Worker {
		runtimes := []gardencorev1beta1.ContainerRuntime{{Type: "kata"}, {Type: "gvisor"}}
		if runsc != nil {
			runtimes[1].Components = []gardencorev1beta1.ExtensionComponent{*runsc}
		}
		return []gardencorev1beta1.Worker{{Name: "plain", Machine: gardencorev1beta1.Machine{Type: "m5.large"}},
			{Name: "sandbox", Machine: gardencorev1beta1.Machine{Type: "g6.large"}, CRI: &gardencorev1beta1.CRI{Name: "containerd", ContainerRuntimes: runtimes}}}
	}
	pin := func(version string) *gardencorev1beta1.ExtensionComponent {
		return &gardencorev1beta1.ExtensionComponent{Name: "runsc", Version: ptr.To(version)}
	}

	It("builds no list, and allocates nothing, for pools without pins", func() {
		workers := pools(nil)
		Expect(poolPinLists(nil, workers, nil, workers)).To(BeNil())
		Expect(testing.AllocsPerRun(10, func() { poolPinLists(nil, workers, nil, workers) })).To(BeZero())
	})

	// onM5 moves the sandbox pool to machine type m5.large, which runsc 1.1.3's rule refuses.
	onM5 := func(workers []gardencorev1beta1.Worker) []gardencorev1beta1.Worker {
		workers[1].Machine.Type = "m5.large"
		return workers
	}

	DescribeTable("ValidatePins checks a runtime's pins at the pool's field path",
		func(oldRunsc, runsc *gardencorev1beta1.ExtensionComponent, m5 bool, errs, warnings []string) {
			workers := pools(runsc)
			if m5 {
				workers = onM5(workers)
			}
			req := AdmissionRequest{
				Shoot:   &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Provider: gardencorev1beta1.Provider{Workers: workers}}},
				Profile: profiles, Rules: celutils.NewCache(), Now: now,
			}
			if oldRunsc != nil {
				req.Update, req.OldWorkers = true, pools(oldRunsc)
			}
			gotErrs, gotWarnings, err := ValidatePins(ctx, req)
			Expect(err).NotTo(HaveOccurred())
			var messages []string
			for _, e := range gotErrs {
				messages = append(messages, e.Error())
			}
			Expect(messages).To(Equal(errs))
			Expect(gotWarnings).To(Equal(warnings))
		},
		Entry("a supported version", nil, pin("1.1.0"), false, nil, nil),
		Entry("an unknown version", nil, pin("9.9.9"), false,
			[]string{`spec.provider.workers[1].cri.containerRuntimes[1].components[0].version: Unsupported value: "9.9.9": supported values: "1.1.0", "1.1.3", "1.2.0 (preview)"`}, nil),
		Entry("an expired version", nil, pin("1.0.0"), false,
			[]string{`spec.provider.workers[1].cri.containerRuntimes[1].components[0].version: Invalid value: "1.0.0": version 1.0.0 of component runsc is expired; versions that can be pinned: 1.1.0, 1.1.3, 1.2.0 (preview)`}, nil),
		Entry("an expired version the pool already ran", pin("1.0.0"), pin("1.0.0"), false, nil, nil),
		Entry("a preview version, the warning naming the pool", nil, pin("1.2.0"), false, nil,
			[]string{"worker pool sandbox: component runsc of extension containerruntime-gvisor is pinned to preview version 1.2.0, which is excluded from defaulting and auto-updates"}),
		Entry("a component the profile does not list", nil, &gardencorev1beta1.ExtensionComponent{Name: "shim", Version: ptr.To("1.0.0")}, false,
			[]string{`spec.provider.workers[1].cri.containerRuntimes[1].components[0].name: Unsupported value: "shim": supported values: "runsc"`}, nil),
		Entry("an unsupported strategy", nil, &gardencorev1beta1.ExtensionComponent{Name: "runsc", Version: ptr.To("1.1.0"),
			AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(gardencorev1beta1.MachineImageUpdateStrategy("sideways"))}}, false,
			[]string{`spec.provider.workers[1].cri.containerRuntimes[1].components[0].autoUpdate.updateStrategy: Unsupported value: "sideways": supported values: "patch", "minor", "major"`}, nil),
		Entry("a version whose rule the pool passes", nil, pin("1.1.3"), false, nil, nil),
		Entry("a version whose rule the pool fails: evaluated with worker bound to the pool", nil, pin("1.1.3"), true,
			[]string{`spec.provider.workers[1].cri.containerRuntimes[1].components[0].version: Invalid value: "1.1.3": worker pool sandbox: runsc 1.1.3 needs machine type family g6`}, nil),
	)

	DescribeTable("ValidatePins checks a pool's override of a component the profile marks perWorkerPool",
		func(perWorkerPool bool, version string, errs []string) {
			driver := &gardencorev1beta1.ExtensionProfile{
				ObjectMeta: metav1.ObjectMeta{Name: "gpu-driver", Generation: 1},
				Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
					Name: "driver", PerWorkerPool: perWorkerPool, Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "535.0.0"}, {Version: "570.0.0"}},
				}}},
			}
			workers := pools(nil)
			workers[0].Extensions = []gardencorev1beta1.WorkerExtension{{Type: "gpu-driver", Components: []gardencorev1beta1.ExtensionComponent{{Name: "driver", Version: ptr.To(version)}}}}
			gotErrs, _, err := ValidatePins(ctx, AdmissionRequest{
				Shoot:   &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Provider: gardencorev1beta1.Provider{Workers: workers}}},
				Profile: func(context.Context, string) (*gardencorev1beta1.ExtensionProfile, error) { return driver, nil },
				Rules:   celutils.NewCache(), Now: now,
			})
			Expect(err).NotTo(HaveOccurred())
			var messages []string
			for _, e := range gotErrs {
				messages = append(messages, e.Error())
			}
			Expect(messages).To(Equal(errs))
		},
		Entry("a listed version", true, "535.0.0", nil),
		Entry("a version the profile does not list", true, "9.9.9",
			[]string{`spec.provider.workers[0].extensions[0].components[0].version: Unsupported value: "9.9.9": supported values: "535.0.0", "570.0.0"`}),
		Entry("a component not marked perWorkerPool", false, "535.0.0",
			[]string{`spec.provider.workers[0].extensions[0].components[0].name: Forbidden: component driver of ExtensionProfile "gpu-driver" is not marked perWorkerPool: its version is the Shoot's for every pool`}),
	)

	It("takes an override's disabled from v1beta1helper.PoolComponentPins: a new pin of a disabled extension is refused", func() {
		workers := pools(nil)
		workers[0].Extensions = []gardencorev1beta1.WorkerExtension{{Type: "gpu-driver", Components: []gardencorev1beta1.ExtensionComponent{{Name: "driver", Version: ptr.To("535.0.0")}}}}
		gotErrs, _, err := ValidatePins(ctx, AdmissionRequest{
			Shoot: &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
				Extensions: []gardencorev1beta1.Extension{{Type: "gpu-driver", Disabled: ptr.To(true)}},
				Provider:   gardencorev1beta1.Provider{Workers: workers},
			}},
			Profile: profiles, Rules: celutils.NewCache(), Now: now,
		})
		Expect(err).NotTo(HaveOccurred())
		Expect(gotErrs.ToAggregate().Error()).To(Equal("spec.provider.workers[0].extensions[0].components: Forbidden: component versions cannot be pinned for a disabled extension"))
	})

	DescribeTable("ResolvePins stores a pool's versions at the pool's address",
		func(oldRunsc, runsc *gardencorev1beta1.ExtensionComponent, m5 bool, stored []StoredVersion, errs []string) {
			req := MutationRequest{Workers: pools(runsc), Profile: profiles, Rules: celutils.NewCache(), Now: now}
			if oldRunsc != nil {
				req.OldWorkers = pools(oldRunsc)
			}
			if m5 {
				req.Workers = onM5(req.Workers)
			}
			workers := req.Workers
			req.Shoot = func() (*gardencorev1beta1.Shoot, error) {
				return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Provider: gardencorev1beta1.Provider{Workers: workers}}}, nil
			}
			gotStored, gotErrs, _, err := ResolvePins(ctx, req)
			Expect(err).NotTo(HaveOccurred())
			Expect(gotStored).To(Equal(stored))
			var messages []string
			for _, e := range gotErrs {
				messages = append(messages, e.Error())
			}
			Expect(messages).To(Equal(errs))
		},
		Entry("a partial version resolves", nil, pin("1.1"), false,
			[]StoredVersion{{Pool: true, Worker: 1, ContainerRuntime: true, ExtensionIndex: 1, Component: "runsc", Version: "1.1.3"}}, nil),
		Entry("a leading v is trimmed", nil, pin("v1.1.0"), false,
			[]StoredVersion{{Pool: true, Worker: 1, ContainerRuntime: true, ExtensionIndex: 1, Component: "runsc", Version: "1.1.0"}}, nil),
		Entry("an omitted version keeps the pool's old one", pin("1.1.0"), &gardencorev1beta1.ExtensionComponent{Name: "runsc"}, false,
			[]StoredVersion{{Pool: true, Worker: 1, ContainerRuntime: true, ExtensionIndex: 1, Component: "runsc", Version: "1.1.0"}}, nil),
		Entry("the stable channel gives its version", nil, &gardencorev1beta1.ExtensionComponent{Name: "runsc", Channel: ptr.To(stable)}, false,
			[]StoredVersion{{Pool: true, Worker: 1, ContainerRuntime: true, ExtensionIndex: 1, Component: "runsc", Version: "1.1.3"}}, nil),
		Entry("a partial version skips a version whose rule the pool fails", nil, pin("1.1"), true,
			[]StoredVersion{{Pool: true, Worker: 1, ContainerRuntime: true, ExtensionIndex: 1, Component: "runsc", Version: "1.1.0"}}, nil),
		Entry("a partial version nothing supported matches", nil, pin("1.2"), false, nil,
			[]string{`spec.provider.workers[1].cri.containerRuntimes[1].components[0].version: Invalid value: "1.2": couldn't find a suitable version for "1.2": suitable versions are classified supported and match "1.2" (preview and deprecated versions have to be pinned explicitly); versions that can be pinned: 1.1.0, 1.1.3, 1.2.0 (preview)`}),
	)

	DescribeTable("ResolvePins evaluates a pool pin's rules against the entries as resolved so far",
		func(shootExtensions []gardencorev1beta1.Extension, shim *string, want string) {
			rule := func(expression string) *gardencorev1beta1.ComponentCompatibility {
				return &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{{Rule: expression, Message: "no"}}}
			}
			runtime := &gardencorev1beta1.ExtensionProfile{
				ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor", Generation: 1},
				Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
					{Name: "runsc", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.1.0"}, {Version: "1.1.3", Compatibility: rule(
						"worker.cri.containerRuntimes.exists(r, r.components.exists(c, c.name == 'shim' && c.version == '2.0.0')) && " +
							"(!has(shoot.spec.extensions) || shoot.spec.extensions.all(e, e.components.all(c, c.version == '1.0.5')))")}}},
					{Name: "shim", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "2.0.0"}}},
				}},
			}
			agent := &gardencorev1beta1.ExtensionProfile{
				ObjectMeta: metav1.ObjectMeta{Name: "agent", Generation: 1},
				Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
					{Name: "agent", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}, {Version: "1.0.5", Compatibility: rule("true")}}},
				}},
			}
			poolsWith := func(runsc, shim *string) []gardencorev1beta1.Worker {
				return []gardencorev1beta1.Worker{{Name: "sandbox", CRI: &gardencorev1beta1.CRI{Name: "containerd", ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{
					{Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{{Name: "shim", Version: shim}, {Name: "runsc", Version: runsc}}}}}}}
			}
			req := MutationRequest{
				Extensions: shootExtensions,
				Workers:    poolsWith(ptr.To("1.1"), shim), OldWorkers: poolsWith(ptr.To("1.1.0"), ptr.To("2.0.0")),
				Profile: func(_ context.Context, name string) (*gardencorev1beta1.ExtensionProfile, error) {
					return map[string]*gardencorev1beta1.ExtensionProfile{runtime.Name: runtime, agent.Name: agent}[name], nil
				},
				Rules: celutils.NewCache(), Now: now,
			}
			req.Shoot = func() (*gardencorev1beta1.Shoot, error) {
				return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Extensions: req.Extensions, Provider: gardencorev1beta1.Provider{Workers: poolsWith(ptr.To("1.1"), shim)}}}, nil
			}
			stored, errs, _, err := ResolvePins(ctx, req)
			Expect(err).NotTo(HaveOccurred())
			Expect(errs).To(BeEmpty())
			Expect(stored).To(ContainElement(StoredVersion{Pool: true, ContainerRuntime: true, ComponentIndex: 1, Component: "runsc", Version: want}))
		},
		Entry("the pool's omitted version, kept from the old pool", nil, nil, "1.1.3"),
		Entry("a Shoot-level partial pin resolved before, by rules of its own", []gardencorev1beta1.Extension{{Type: "agent",
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0")}}}}, ptr.To("2.0.0"), "1.1.3"),
		Entry("a rule still failing keeps the old version", []gardencorev1beta1.Extension{{Type: "agent",
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.0")}}}}, ptr.To("2.0.0"), "1.1.0"),
	)
})
