// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"bytes"
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
	"github.com/gep-78/gardener/pkg/utils/gardener/rollout"
	"github.com/gep-78/gardener/test/examples"
)

// gvisorProfile versions the gVisor runtime: 1.0.0 expires on 2027-01-01, 1.1.0 is supported,
// 1.2.0 a preview.
const gvisorProfile = `
metadata:
  name: containerruntime-gvisor
spec:
  components:
  - name: runsc
    versions:
    - version: "1.0.0"
      lifecycle:
      - classification: supported
      - classification: expired
        startTime: "2027-01-01T00:00:00Z"
    - version: "1.1.0"
      lifecycle:
      - classification: supported
    - version: "1.2.0"
      lifecycle:
      - classification: preview
`

// pooled returns a Shoot on Kubernetes 1.33.0 with the Shoot-level pins of extensions and the
// given pools, each on Garden Linux 1877.9.0.
func pooled(namespace, name string, extensions []gardencorev1beta1.Extension, workers ...gardencorev1beta1.Worker) *gardencorev1beta1.Shoot {
	for i := range workers {
		workers[i].Machine.Image = &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1877.9.0")}
	}
	return &gardencorev1beta1.Shoot{
		ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name},
		Spec: gardencorev1beta1.ShootSpec{Extensions: extensions, Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.33.0"},
			Provider: gardencorev1beta1.Provider{Workers: workers}},
	}
}

// runtimePool is a pool running gVisor with the given runsc entry.
func runtimePool(name string, runsc gardencorev1beta1.ExtensionComponent) gardencorev1beta1.Worker {
	return gardencorev1beta1.Worker{Name: name, CRI: &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD,
		ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{runsc}}}}}
}

// overridePool is a pool overriding falco with the given entry.
func overridePool(name string, falco gardencorev1beta1.ExtensionComponent) gardencorev1beta1.Worker {
	return gardencorev1beta1.Worker{Name: name, Extensions: []gardencorev1beta1.WorkerExtension{
		{Type: "shoot-falco-service", Components: []gardencorev1beta1.ExtensionComponent{falco}}}}
}

func entry(name, version string) gardencorev1beta1.ExtensionComponent {
	return gardencorev1beta1.ExtensionComponent{Name: name, Version: ptr.To(version)}
}

func falcoAt(version string, disabled bool) []gardencorev1beta1.Extension {
	return []gardencorev1beta1.Extension{{Type: "shoot-falco-service", Disabled: ptr.To(disabled),
		AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(false)},
		Components: []gardencorev1beta1.ExtensionComponent{entry("falco", version)}}}
}

var _ = Describe("kubectl extensionprofile and worker pools", func() {
	var (
		ctx       = context.Background()
		reference = examples.ReferenceTime
		objects   []runtime.Object
		soak      = gardencorev1beta1.DefaultStableChannelSoakPeriod
	)
	profile := func(data []byte) *gardencorev1beta1.ExtensionProfile {
		p := &gardencorev1beta1.ExtensionProfile{}
		Expect(yaml.UnmarshalStrict(data, p)).To(Succeed())
		p.Status = componentversion.ExtensionProfileStatusWithChannelsAt(p.Spec, reference, soak)
		return p
	}

	BeforeEach(func() {
		objects = []runtime.Object{
			profile([]byte(gvisorProfile)),
			profile(examples.MustRead("extensionprofile-shoot-falco-service.yaml")),
			pooled("garden-dev", "mixed", falcoAt("0.44.1", false),
				runtimePool("sandbox", entry("runsc", "1.0.0")),
				overridePool("old", entry("falco", "0.42.1")),
				gardencorev1beta1.Worker{Name: "plain"}),
			pooled("garden-dev", "sandboxes", nil,
				runtimePool("a", entry("runsc", "1.0.0")),
				runtimePool("b", gardencorev1beta1.ExtensionComponent{Name: "runsc", Version: ptr.To("1.1.0"), Channel: ptr.To(gardencorev1beta1.ReleaseChannelRegular)})),
			pooled("garden-ops", "legacy", nil, runtimePool("x", entry("runsc", "0.9.0"))),
		}
	})
	client := func() *fake.Clientset { return fake.NewSimpleClientset(objects...) }

	DescribeTable("poolPins lists the pools' entries with a version",
		func(shoot *gardencorev1beta1.Shoot, want []poolPin) {
			Expect(poolPins(shoot)).To(Equal(want))
		},
		Entry("no pools", pooled("ns", "s", falcoAt("0.44.1", false)), nil),
		Entry("a runtime's entry", pooled("ns", "s", falcoAt("0.44.1", false), runtimePool("p", entry("runsc", "1.0.0"))),
			[]poolPin{{PoolComponentPin: helper.PoolComponentPin{
				ComponentPin: helper.ComponentPin{ExtensionType: "containerruntime-gvisor", Component: "runsc", Version: "1.0.0"},
				Kind:         gardencorev1beta1.ExtensionKindContainerRuntime, Pool: "p", Type: "gvisor"},
				Entry: entry("runsc", "1.0.0")}}),
		Entry("an override of an enabled extension, in a later pool", pooled("ns", "s", falcoAt("0.44.1", false),
			gardencorev1beta1.Worker{Name: "q"}, overridePool("p", entry("falco", "0.42.1"))),
			[]poolPin{{PoolComponentPin: helper.PoolComponentPin{
				ComponentPin: helper.ComponentPin{ExtensionType: "shoot-falco-service", Component: "falco", Version: "0.42.1"},
				Kind:         gardencorev1beta1.ExtensionKindExtension, WorkerIndex: 1, Pool: "p", Type: "shoot-falco-service"},
				Entry: entry("falco", "0.42.1")}}),
		Entry("an override of a disabled extension is disabled", pooled("ns", "s", falcoAt("0.44.1", true), overridePool("p", entry("falco", "0.42.1"))),
			[]poolPin{{PoolComponentPin: helper.PoolComponentPin{
				ComponentPin: helper.ComponentPin{ExtensionType: "shoot-falco-service", Component: "falco", Version: "0.42.1", Disabled: true},
				Kind:         gardencorev1beta1.ExtensionKindExtension, Pool: "p", Type: "shoot-falco-service"},
				Entry: entry("falco", "0.42.1")}}),
		Entry("entries without a version are left out", pooled("ns", "s", nil, runtimePool("p", gardencorev1beta1.ExtensionComponent{Name: "runsc"})), nil),
	)

	DescribeTable("usage names the pool of every pool pin",
		func(profileName, namespace string, want map[string][]string, elsewhere int) {
			view, err := profileUsage(ctx, client(), profileName, namespace)
			Expect(err).NotTo(HaveOccurred())
			got := map[string][]string{}
			for _, row := range view.Rows {
				if len(row.Shoots) > 0 {
					got[row.Version+" "+row.Classification] = row.Shoots
				}
			}
			Expect(got).To(Equal(want))
			Expect(view.Elsewhere).To(Equal(elsewhere))
		},
		Entry("a runtime's profile, all namespaces: pools only, a version the profile lacks last", "containerruntime-gvisor", "", map[string][]string{
			"1.0.0 supported":        {"garden-dev/mixed[sandbox]", "garden-dev/sandboxes[a]"},
			"1.1.0 supported":        {"garden-dev/sandboxes[b]"},
			"0.9.0 <not in profile>": {"garden-ops/legacy[x]"},
		}, 0),
		Entry("a runtime's profile, one namespace counts a Shoot with pool pins only elsewhere", "containerruntime-gvisor", "garden-dev", map[string][]string{
			"1.0.0 supported": {"garden-dev/mixed[sandbox]", "garden-dev/sandboxes[a]"},
			"1.1.0 supported": {"garden-dev/sandboxes[b]"},
		}, 1),
		Entry("an extension's profile: the Shoot-level pin and the pool's override", "shoot-falco-service", "", map[string][]string{
			"0.42.1 deprecated": {"garden-dev/mixed[old]"},
			"0.44.1 supported":  {"garden-dev/mixed"},
		}, 0),
	)

	It("usage prints a pool's pin and a pool following a channel", func() {
		view, err := profileUsage(ctx, client(), "containerruntime-gvisor", "")
		Expect(err).NotTo(HaveOccurred())
		Expect(view.Channels).To(ContainElement(HaveField("Shoots", []channelShoot{{Shoot: "garden-dev/sandboxes[b]", Version: "1.1.0"}})))
		view.Rows, view.Channels = view.Rows[:1], view.Channels[1:2]
		out := &bytes.Buffer{}
		Expect(printUsage(out, view)).To(Succeed())
		Expect(out.String()).To(Equal("" +
			"COMPONENT   VERSION   CLASSIFICATION   NEXT TRANSITION                EXPIRES                SHOOTS\n" +
			"runsc       1.0.0     supported        expired@2027-01-01T00:00:00Z   2027-01-01T00:00:00Z   garden-dev/mixed[sandbox],garden-dev/sandboxes[a]\n" +
			"\n" +
			"COMPONENT   CHANNEL   VERSION   SHOOTS\n" +
			"runsc       regular   1.1.0     garden-dev/sandboxes[b]\n"))
	})

	It("shoot lists the pools' pins after the Shoot's, with classification, expiry and their own auto-update, not the extension's", func() {
		view, err := shootPins(ctx, client(), "garden-dev", "mixed", reference, &soak)
		Expect(err).NotTo(HaveOccurred())
		Expect(view.Rows).To(sameRows([]shootRow{
			{ExtensionType: "shoot-falco-service", Component: "falco", Version: "0.44.1", Classification: "supported",
				AutoUpdate: "off, minor (profileComponent)", NextMaintenance: "keep"},
			{ExtensionType: "containerruntime-gvisor", Pool: "sandbox", Component: "runsc", Version: "1.0.0", Classification: "supported",
				Expiration: ptr.To(time.Date(2027, time.January, 1, 0, 0, 0, 0, time.UTC)),
				AutoUpdate: "on, patch (fallback)", NextMaintenance: "keep",
				Later: "on 2027-01-01: force update to 1.1.0 (Component version expired - force update required)"},
			{ExtensionType: "shoot-falco-service", Pool: "old", Component: "falco", Version: "0.42.1", Classification: "deprecated",
				Expiration:      ptr.To(time.Date(2027, time.February, 1, 0, 0, 0, 0, time.UTC)),
				AutoUpdate:      "on, minor (profileComponent)",
				NextMaintenance: "update to 0.44.1 (Automatic update of the component version is configured (update strategy: minor))"},
		}))
	})

	DescribeTable("shoot shows a pool's pin as a Shoot-level one, with the pool",
		func(shoot *gardencorev1beta1.Shoot, want shootRow) {
			objects = append(objects[:2], shoot)
			view, err := shootPins(ctx, client(), "garden-dev", "s", reference, &soak)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[len(view.Rows)-1:]).To(sameRows([]shootRow{want}), "the pool's row comes last")
		},
		Entry("following a channel", pooled("garden-dev", "s", nil,
			runtimePool("b", gardencorev1beta1.ExtensionComponent{Name: "runsc", Version: ptr.To("1.0.0"), Channel: ptr.To(gardencorev1beta1.ReleaseChannelRegular)})),
			shootRow{ExtensionType: "containerruntime-gvisor", Pool: "b", Component: "runsc", Version: "1.0.0", Classification: "supported",
				Expiration: ptr.To(time.Date(2027, time.January, 1, 0, 0, 0, 0, time.UTC)),
				Channel:    gardencorev1beta1.ReleaseChannelRegular, ChannelVersion: "1.1.0", AutoUpdate: "on, patch (fallback)", NextMaintenance: "update to 1.1.0 (The component follows the regular release channel)"}),
		Entry("a version the profile lacks", pooled("garden-dev", "s", nil, runtimePool("x", entry("runsc", "0.9.0"))),
			shootRow{ExtensionType: "containerruntime-gvisor", Pool: "x", Component: "runsc", Version: "0.9.0", Classification: notInProfile,
				AutoUpdate: "on, patch (fallback)", NextMaintenance: `hold, cannot perform forceful update of unlisted version "0.9.0" of component "runsc": no higher version of minor 0.9 or of a higher minor of major 0 is classified supported`}),
		Entry("a runtime without profile", pooled("garden-dev", "s", nil, gardencorev1beta1.Worker{Name: "k", CRI: &gardencorev1beta1.CRI{
			ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "kata", Components: []gardencorev1beta1.ExtensionComponent{entry("kata", "3.0.0")}}}}}),
			shootRow{ExtensionType: "containerruntime-kata", Pool: "k", Component: "kata", Version: "3.0.0", Classification: noProfile,
				NextMaintenance: `fails: ExtensionProfile "containerruntime-kata" does not exist`}),
		Entry("an override of a disabled extension", pooled("garden-dev", "s", falcoAt("0.44.1", true)[:1:1], overridePool("old", entry("falco", "0.42.1"))),
			shootRow{ExtensionType: "shoot-falco-service", Pool: "old", Component: "falco", Version: "0.42.1", Classification: "deprecated",
				Expiration: ptr.To(time.Date(2027, time.February, 1, 0, 0, 0, 0, time.UTC)),
				AutoUpdate: "on, minor (profileComponent)", NextMaintenance: "keep: extension disabled, not maintained"}),
	)

	It("shoot shows that a pool's runtime failed at its version, read from the pool's ContainerRuntime entry", func() {
		shoot := pooled("garden-dev", "s", nil, runtimePool("a", entry("runsc", "1.0.0")), runtimePool("b", entry("runsc", "1.0.0")))
		shoot.Status.LastErrors = []gardencorev1beta1.LastError{{TaskID: ptr.To("containerruntime/gvisor/b"),
			Description:    "ContainerRuntime " + rollout.ContainerRuntimeDescription("gvisor", "b", []extensionsv1alpha1.ExtensionComponent{{Name: "runsc", Version: "1.0.0"}}) + " reports: runsc crashes",
			LastUpdateTime: &metav1.Time{Time: reference.Add(-time.Hour)}}}
		objects = append(objects[:2], shoot)
		view, err := shootPins(ctx, client(), "garden-dev", "s", reference, &soak)
		Expect(err).NotTo(HaveOccurred())
		Expect(view.Rows).To(HaveLen(2))
		Expect(view.Rows[0].Failure).To(BeNil(), "pool a did not fail")
		Expect(view.Rows[1].Failure).To(HaveField("Description", HaveSuffix("runsc crashes")))

		out := &bytes.Buffer{}
		Expect(printShootPins(out, view)).To(Succeed())
		Expect(out.String()).To(HaveSuffix("\ncontainerruntime-gvisor runsc 1.0.0 failed in worker pool b since 2026-11-28T23:00:00Z: " +
			"ContainerRuntime gvisor in worker pool b (runsc 1.0.0) reports: runsc crashes\n"))
	})

	It("shoot prints the POOL column only for a Shoot with pool pins", func() {
		view := shootView{NextWindow: "now", Rows: []shootRow{
			{ExtensionType: "shoot-falco-service", Component: "falco", Version: "0.44.1", Classification: "supported", AutoUpdate: "off", NextMaintenance: "keep"},
			{ExtensionType: "containerruntime-gvisor", Pool: "sandbox", Component: "runsc", Version: "1.0.0", Classification: "supported", AutoUpdate: "on", NextMaintenance: "keep"},
		}}
		out := &bytes.Buffer{}
		Expect(printShootPins(out, view)).To(Succeed())
		Expect(out.String()).To(Equal("Next maintenance: now\n" +
			"POOL      TYPE                      COMPONENT   VERSION   CLASSIFICATION   ROLLOUT   EXPIRES   CHANNEL   AUTO-UPDATE   NEXT MAINTENANCE   LATER\n" +
			"<shoot>   shoot-falco-service       falco       0.44.1    supported        <none>    <none>    <none>    off           keep               <none>\n" +
			"sandbox   containerruntime-gvisor   runsc       1.0.0     supported        <none>    <none>    <none>    on            keep               <none>\n"))

		view.Rows = view.Rows[:1]
		out.Reset()
		Expect(printShootPins(out, view)).To(Succeed())
		Expect(out.String()).To(HavePrefix("Next maintenance: now\nTYPE "))
	})
})
