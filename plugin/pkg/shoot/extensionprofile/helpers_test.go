// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"os"
	"path/filepath"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/warning"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/clock"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	admissioninitializer "github.com/gep-78/gardener/pkg/apiserver/admission/initializer"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
	"github.com/gep-78/gardener/test/examples"
)

// The example profiles and Shoots are the shared GEP-78 examples (test/examples). Their expected admission outcomes are the table of the examples README at the
// reference time 2026-11-29T00:00:00Z.
var reference = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)

var profileFiles = []string{
	"extensionprofile-shoot-traefik.yaml",
	"extensionprofile-shoot-falco-service.yaml",
	"extensionprofile-envoy-gateway.yaml",
}

func decodeFile(file string, into any) {
	GinkgoHelper()
	data, err := examples.Read(file)
	if err != nil {
		// Files of this package's own (e.g. the docs example) live in testdata/.
		data, err = os.ReadFile(filepath.Join("testdata", file))
	}
	Expect(err).NotTo(HaveOccurred())
	Expect(yaml.UnmarshalStrict(data, into)).To(Succeed())
}

// loadShoot decodes a v1beta1 Shoot, defaults it and converts it to the internal version, as
// gardener-apiserver does before admission.
func loadShoot(file string) *core.Shoot {
	GinkgoHelper()
	versioned := &gardencorev1beta1.Shoot{}
	decodeFile(file, versioned)
	return toInternal(versioned)
}

func toInternal(versioned *gardencorev1beta1.Shoot) *core.Shoot {
	GinkgoHelper()
	api.Scheme.Default(versioned)
	internal := &core.Shoot{}
	Expect(api.Scheme.Convert(versioned, internal, nil)).To(Succeed())
	return internal
}

// admitThenValidate runs p as the admission chain does: Admit, then Validate.
func admitThenValidate(ctx context.Context, p *ShootExtensionProfile, a admission.Attributes) error {
	if err := p.Admit(ctx, a, nil); err != nil {
		return err
	}
	return p.Validate(ctx, a, nil)
}

func attributes(shoot, oldShoot runtime.Object, operation admission.Operation, subresource string) admission.Attributes {
	var options runtime.Object = &metav1.CreateOptions{}
	if operation == admission.Update {
		options = &metav1.UpdateOptions{}
	}
	name := ""
	if accessor, ok := shoot.(metav1.Object); ok {
		name = accessor.GetName()
	}
	return admission.NewAttributesRecord(shoot, oldShoot, core.Kind("Shoot").WithVersion("version"), "garden-dev", name,
		core.Resource("shoots").WithVersion("version"), subresource, operation, options, false, nil)
}

// recorder collects admission warnings.
type recorder struct{ warnings []string }

func (r *recorder) AddWarning(_, text string) { r.warnings = append(r.warnings, text) }

// forbidden is the message of admission.NewForbidden for a Shoot.
func forbidden(name, detail string) string {
	return `shoots.core.gardener.cloud "` + name + `" is forbidden: ` + detail
}

// newPlugin returns a ready ShootExtensionProfile plugin at the reference time, with the gate on,
// the example profiles in its informer and a context that records warnings.
func newPlugin() (context.Context, *recorder, gardencoreinformers.SharedInformerFactory, *ShootExtensionProfile, *testclock.FakePassiveClock) {
	GinkgoHelper()
	featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

	warnings := &recorder{}
	ctx := warning.WithWarningRecorder(context.Background(), warnings)

	admitter, err := New()
	Expect(err).NotTo(HaveOccurred())
	admitter.AssignReadyFunc(func() bool { return true })
	fakeClock := testclock.NewFakePassiveClock(reference)
	admitter.Clock = fakeClock

	factory := gardencoreinformers.NewSharedInformerFactory(nil, 0)
	admitter.SetCoreInformerFactory(factory)
	for _, file := range profileFiles {
		profile := &gardencorev1beta1.ExtensionProfile{}
		decodeFile(file, profile)
		Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(profile)).To(Succeed())
	}
	return ctx, warnings, factory, admitter, fakeClock
}

func shootWith(extensions ...core.Extension) *core.Shoot {
	return &core.Shoot{
		ObjectMeta: metav1.ObjectMeta{Name: "test", Namespace: "garden-dev"},
		Spec: core.ShootSpec{
			Kubernetes: core.Kubernetes{Version: "1.35.6"},
			Provider: core.Provider{Type: "local", Workers: []core.Worker{{
				Name: "local", Machine: core.Machine{Type: "local", Image: &core.ShootMachineImage{Name: "gardenlinux", Version: "1877.8.0"}},
			}}},
			Extensions: extensions,
		},
	}
}

func withKubernetes(shoot *core.Shoot, version string) *core.Shoot {
	shoot.Spec.Kubernetes.Version = version
	return shoot
}

func traefik(version string) core.Extension {
	return core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik", Version: ptr.To(version)}}}
}

func strategy(s gardencorev1beta1.MachineImageUpdateStrategy) *core.ExtensionAutoUpdate {
	return &core.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(core.MachineImageUpdateStrategy(s))}
}

func component(name string, autoUpdate *core.ExtensionAutoUpdate) core.ExtensionComponent {
	return core.ExtensionComponent{Name: name, Version: ptr.To("1.0.0"), AutoUpdate: autoUpdate}
}

func versioned(c core.ExtensionComponent, version string) core.ExtensionComponent {
	c.Version = ptr.To(version)
	return c
}

func pinned(extensionType string, autoUpdate *core.ExtensionAutoUpdate, components ...core.ExtensionComponent) core.Extension {
	return core.Extension{Type: extensionType, AutoUpdate: autoUpdate, Components: components}
}

// testInitializer gives a plugin what gardener-apiserver's plugin initializer gives it: the core
// informers, the core client and the clock.
type testInitializer struct {
	informers gardencoreinformers.SharedInformerFactory
	client    gardencoreclientset.Interface
	clock     clock.PassiveClock
}

func (i testInitializer) Initialize(plugin admission.Interface) {
	if wants, ok := plugin.(admissioninitializer.WantsCoreInformerFactory); ok {
		wants.SetCoreInformerFactory(i.informers)
	}
	if wants, ok := plugin.(admissioninitializer.WantsCoreClientSet); ok {
		wants.SetCoreClientSet(i.client)
	}
	if wants, ok := plugin.(admissioninitializer.WantsClock); ok {
		wants.SetClock(i.clock)
	}
}
