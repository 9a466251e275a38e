// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	. "github.com/gep-78/gardener/pkg/component/extensions/extension"
)

const namespace = "shoot--dev--falco"

var (
	ctx       = context.Background()
	now       = time.Date(2026, 12, 5, 1, 2, 3, 4, time.UTC)
	nowString = "2026-12-05T01:02:03.000000004Z"
	later     = now.Add(time.Hour)
	laterStr  = "2026-12-05T02:02:03.000000004Z"
)

// fixture is a deployer over a fake seed client with a fake clock, recording ComponentsChanged.
type fixture struct {
	client  client.Client // the deployer's, with the test's interceptors
	store   client.Client // the fake client behind it
	clock   *testclock.FakeClock
	values  *Values
	mu      sync.Mutex
	changes []string
}

func newFixture(funcs *interceptor.Funcs, objects ...client.Object) *fixture {
	GinkgoHelper()
	scheme := runtime.NewScheme()
	Expect(extensionsv1alpha1.AddToScheme(scheme)).To(Succeed())
	store := fake.NewClientBuilder().WithScheme(scheme).WithObjects(objects...).Build()
	var c client.WithWatch = store
	if funcs != nil {
		c = interceptor.NewClient(store, *funcs)
	}
	f := &fixture{client: c, store: store, clock: testclock.NewFakeClock(now)}
	f.values = &Values{
		Namespace:  namespace,
		Extensions: map[string]Extension{},
		Clock:      f.clock,
		ComponentsChanged: func(name string, old, updated []extensionsv1alpha1.ExtensionComponent) {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.changes = append(f.changes, fmt.Sprintf("%s: %v", name, ComponentChanges(old, updated)))
		},
	}
	return f
}

func (f *fixture) deployer() Interface {
	return New(logr.Discard(), f.client, f.values, DefaultInterval, DefaultSevereThreshold, DefaultTimeout)
}

// want adds a desired Extension of the type with the components.
func (f *fixture) want(extType string, components ...extensionsv1alpha1.ExtensionComponent) {
	f.values.Extensions[extType] = Extension{
		Extension: extensionsv1alpha1.Extension{
			ObjectMeta: metav1.ObjectMeta{Name: extType, Labels: map[string]string{LabelManagedBy: ManagedByGardenlet}},
			Spec: extensionsv1alpha1.ExtensionSpec{
				DefaultSpec: extensionsv1alpha1.DefaultSpec{Type: extType, ProviderConfig: raw(`{"mode":"audit"}`)},
				Components:  components,
			},
		},
		Timeout: DefaultTimeout,
	}
}

func (f *fixture) get(name string) *extensionsv1alpha1.Extension {
	GinkgoHelper()
	ext := &extensionsv1alpha1.Extension{}
	Expect(f.store.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, ext)).To(Succeed())
	return ext
}

func component(name, version, providerConfig string) extensionsv1alpha1.ExtensionComponent {
	c := extensionsv1alpha1.ExtensionComponent{Name: name, Version: version}
	if providerConfig != "" {
		c.ProviderConfig = raw(providerConfig)
	}
	return c
}

// existing is a managed Extension stored in the namespace, as a previous Deploy left it.
func existing(name string, components ...extensionsv1alpha1.ExtensionComponent) *extensionsv1alpha1.Extension {
	ext := &extensionsv1alpha1.Extension{
		ObjectMeta: metav1.ObjectMeta{
			Name: name, Namespace: namespace,
			Labels:      map[string]string{LabelManagedBy: ManagedByGardenlet},
			Annotations: map[string]string{v1beta1constants.GardenerTimestamp: nowString},
		},
		Spec: extensionsv1alpha1.ExtensionSpec{
			DefaultSpec: extensionsv1alpha1.DefaultSpec{Type: name, ProviderConfig: raw(`{"mode":"audit"}`)},
			Components:  components,
		},
	}
	if summary := summarize(components); summary != "" {
		ext.Annotations[AnnotationComponents] = summary
	}
	return ext
}

func summarize(components []extensionsv1alpha1.ExtensionComponent) string {
	s := ""
	for i, c := range components {
		if i > 0 {
			s += ","
		}
		s += c.Name + "=" + c.Version
	}
	return s
}

var _ = Describe("Deploy", func() {
	falco := component("falco", "0.44.1", `{"rules":["default"]}`)

	It("creates each Extension with its spec, components, reconcile annotations and the summary", func() {
		f := newFixture(nil)
		f.want("shoot-falco-service", falco, component("falcosidekick", "2.31.1", ""))
		f.want("shoot-cert-service")
		Expect(f.deployer().Deploy(ctx)).To(Succeed())

		ext := f.get("shoot-falco-service")
		Expect(ext.Spec.Type).To(Equal("shoot-falco-service"))
		Expect(ext.Spec.Class).To(BeNil())
		Expect(ext.Spec.ProviderConfig.Raw).To(MatchJSON(`{"mode":"audit"}`))
		Expect(ext.Spec.Components).To(HaveLen(2))
		Expect(ext.Spec.Components[0].Version).To(Equal("0.44.1"))
		Expect(ext.Spec.Components[0].ProviderConfig.Raw).To(MatchJSON(`{"rules":["default"]}`))
		Expect(ext.Spec.Components[1].ProviderConfig).To(BeNil())
		Expect(ext.Labels).To(Equal(map[string]string{LabelManagedBy: ManagedByGardenlet}))
		Expect(ext.Annotations).To(Equal(map[string]string{
			v1beta1constants.GardenerOperation: v1beta1constants.GardenerOperationReconcile,
			v1beta1constants.GardenerTimestamp: nowString,
			AnnotationComponents:               "falco=0.44.1,falcosidekick=2.31.1",
		}))
		Expect(f.get("shoot-cert-service").Annotations).NotTo(HaveKey(AnnotationComponents))
		Expect(f.changes).To(ConsistOf("shoot-falco-service: [falco none -> 0.44.1 falcosidekick none -> 2.31.1]"))
	})

	It("creates with the class and the name prefix of the values", func() {
		f := newFixture(nil)
		f.values.Class = ptr.To(extensionsv1alpha1.ExtensionClassSeed)
		f.values.NamePrefix = ptr.To("seed-")
		f.want("shoot-falco-service", falco)
		Expect(f.deployer().Deploy(ctx)).To(Succeed())

		Expect(f.get("seed-shoot-falco-service").Spec.Class).To(Equal(ptr.To(extensionsv1alpha1.ExtensionClassSeed)))
		Expect(f.changes).To(ConsistOf("seed-shoot-falco-service: [falco none -> 0.44.1]"))
	})

	It("leaves the desired values unchanged", func() {
		f := newFixture(nil)
		f.values.NamePrefix = ptr.To("seed-")
		f.want("shoot-falco-service", falco)
		Expect(f.deployer().Deploy(ctx)).To(Succeed())
		desired := f.values.Extensions["shoot-falco-service"]
		Expect(desired.Name).To(Equal("shoot-falco-service"))
		Expect(desired.Namespace).To(BeEmpty())
		Expect(desired.Annotations).To(BeEmpty())
	})

	DescribeTable("updates an existing Extension only when something it owns changed",
		func(stored *extensionsv1alpha1.Extension, desired []extensionsv1alpha1.ExtensionComponent, wantReconcile bool, wantSummary string, wantChanges []string) {
			f := newFixture(nil, stored)
			f.clock.SetTime(later)
			f.want(stored.Name, desired...)
			Expect(f.deployer().Deploy(ctx)).To(Succeed())

			ext := f.get(stored.Name)
			if wantReconcile {
				Expect(ext.Annotations).To(HaveKeyWithValue(v1beta1constants.GardenerOperation, v1beta1constants.GardenerOperationReconcile))
				Expect(ext.Annotations).To(HaveKeyWithValue(v1beta1constants.GardenerTimestamp, laterStr))
			} else {
				Expect(ext.Annotations).NotTo(HaveKey(v1beta1constants.GardenerOperation))
				Expect(ext.Annotations).To(HaveKeyWithValue(v1beta1constants.GardenerTimestamp, nowString))
			}
			if wantSummary == "" {
				Expect(ext.Annotations).NotTo(HaveKey(AnnotationComponents))
			} else {
				Expect(ext.Annotations).To(HaveKeyWithValue(AnnotationComponents, wantSummary))
			}
			Expect(f.changes).To(Equal(wantChanges))
		},
		Entry("nothing changed: no write",
			existing("shoot-falco-service", falco), []extensionsv1alpha1.ExtensionComponent{falco}, false, "falco=0.44.1", []string(nil)),
		Entry("a providerConfig that differs only in key order and spacing: no write",
			existing("shoot-falco-service", component("falco", "0.44.1", `{"rules": ["default"]}`)),
			[]extensionsv1alpha1.ExtensionComponent{falco}, false, "falco=0.44.1", []string(nil)),
		Entry("a new version",
			existing("shoot-falco-service", component("falco", "0.42.1", "")), []extensionsv1alpha1.ExtensionComponent{falco},
			true, "falco=0.44.1", []string{"shoot-falco-service: [falco 0.42.1 -> 0.44.1]"}),
		Entry("a changed component providerConfig",
			existing("shoot-falco-service", component("falco", "0.44.1", `{"rules":[]}`)), []extensionsv1alpha1.ExtensionComponent{falco},
			true, "falco=0.44.1", []string{"shoot-falco-service: [falco 0.44.1 (providerConfig changed)]"}),
		Entry("a removed component",
			existing("shoot-falco-service", falco), nil, true, "", []string{"shoot-falco-service: [falco 0.44.1 -> none]"}),
		Entry("only the summary missing: the annotation, no reconcile",
			withoutSummary(existing("shoot-falco-service", falco)), []extensionsv1alpha1.ExtensionComponent{falco}, false, "falco=0.44.1", []string(nil)),
	)

	It("does not write an Extension that is up to date", func() {
		stored := existing("shoot-falco-service", falco)
		writes := 0
		f := newFixture(&interceptor.Funcs{
			Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
				writes++
				return c.Patch(ctx, obj, patch, opts...)
			},
		}, stored)
		f.want("shoot-falco-service", falco)
		Expect(f.deployer().Deploy(ctx)).To(Succeed())
		Expect(writes).To(BeZero())
	})

	It("adds missing labels without asking for a reconcile and keeps others", func() {
		stored := existing("shoot-falco-service", falco)
		stored.Labels = map[string]string{"other": "kept"}
		f := newFixture(nil, stored)
		f.want("shoot-falco-service", falco)
		Expect(f.deployer().Deploy(ctx)).To(Succeed())

		ext := f.get("shoot-falco-service")
		Expect(ext.Labels).To(Equal(map[string]string{"other": "kept", LabelManagedBy: ManagedByGardenlet}))
		Expect(ext.Annotations).NotTo(HaveKey(v1beta1constants.GardenerOperation))
	})

	It("keeps the stored class, which the Extension's owner may have set", func() {
		stored := existing("shoot-falco-service", falco)
		stored.Spec.Class = ptr.To(extensionsv1alpha1.ExtensionClassShoot)
		f := newFixture(nil, stored)
		f.values.Class = ptr.To(extensionsv1alpha1.ExtensionClassSeed)
		f.want("shoot-falco-service", falco)
		Expect(f.deployer().Deploy(ctx)).To(Succeed())

		ext := f.get("shoot-falco-service")
		Expect(ext.Spec.Class).To(Equal(ptr.To(extensionsv1alpha1.ExtensionClassShoot)))
		Expect(ext.Annotations).NotTo(HaveKey(v1beta1constants.GardenerOperation))
	})

	Describe("with FreezeComponents", func() {
		It("keeps the stored components and still applies other spec changes", func() {
			stored := existing("shoot-falco-service", component("falco", "0.42.1", ""))
			stored.Spec.ProviderConfig = raw(`{"mode":"enforce"}`)
			f := newFixture(nil, stored)
			f.values.FreezeComponents = true
			f.want("shoot-falco-service", falco)
			Expect(f.deployer().Deploy(ctx)).To(Succeed())

			ext := f.get("shoot-falco-service")
			Expect(ext.Spec.ProviderConfig.Raw).To(MatchJSON(`{"mode":"audit"}`))
			Expect(ext.Spec.Components).To(ConsistOf(HaveField("Version", "0.42.1")))
			Expect(ext.Annotations).To(HaveKeyWithValue(AnnotationComponents, "falco=0.42.1"))
			Expect(ext.Annotations).To(HaveKeyWithValue(v1beta1constants.GardenerOperation, v1beta1constants.GardenerOperationReconcile))
			Expect(f.changes).To(BeEmpty())
		})

		It("creates a new Extension without components", func() {
			f := newFixture(nil)
			f.values.FreezeComponents = true
			f.want("shoot-falco-service", falco)
			Expect(f.deployer().Deploy(ctx)).To(Succeed())

			ext := f.get("shoot-falco-service")
			Expect(ext.Spec.Components).To(BeEmpty())
			Expect(ext.Annotations).NotTo(HaveKey(AnnotationComponents))
			Expect(f.changes).To(BeEmpty())
			Expect(f.values.Extensions["shoot-falco-service"].Spec.Components).To(HaveLen(1))
		})
	})

	It("refuses to update an Extension that is being deleted", func() {
		stored := existing("shoot-falco-service", component("falco", "0.42.1", ""))
		stored.Finalizers = []string{"extensions.gardener.cloud/shoot-falco-service"}
		f := newFixture(nil, stored)
		Expect(f.store.Delete(ctx, stored)).To(Succeed())
		f.want("shoot-falco-service", falco)

		err := f.deployer().Deploy(ctx)
		Expect(err).To(MatchError(ContainSubstring("is still being deleted")))
		Expect(Failed(err)).To(HaveKey("shoot-falco-service"))
		Expect(f.get("shoot-falco-service").Spec.Components).To(ConsistOf(HaveField("Version", "0.42.1")))
	})

	DescribeTable("joins one *Error per failed write, by the Extension's name, and writes the others",
		func(funcs interceptor.Funcs, objects []client.Object, wantMessage string) {
			f := newFixture(&funcs, objects...)
			f.want("shoot-falco-service", falco)
			f.want("shoot-cert-service")
			f.want("shoot-traefik")

			err := f.deployer().Deploy(ctx)
			failed := Failed(err)
			Expect(failed).To(HaveLen(1))
			Expect(failed["shoot-falco-service"]).To(MatchError(ContainSubstring(wantMessage)))
			Expect(f.get("shoot-cert-service").Spec.Type).To(Equal("shoot-cert-service"))
			Expect(f.get("shoot-traefik").Spec.Type).To(Equal("shoot-traefik"))
		},
		Entry("a read", interceptor.Funcs{Get: failFor("shoot-falco-service", func(c client.WithWatch, ctx context.Context, key client.ObjectKey, obj client.Object) error {
			return c.Get(ctx, key, obj)
		})}, nil, "failed reading Extension "+namespace+"/shoot-falco-service"),
		Entry("a create", interceptor.Funcs{Create: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
			if obj.GetName() == "shoot-falco-service" {
				return apierrors.NewForbidden(schema.GroupResource{Resource: "extensions"}, obj.GetName(), errors.New("no"))
			}
			return c.Create(ctx, obj, opts...)
		}}, nil, "failed creating Extension"),
		Entry("an update", interceptor.Funcs{Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
			return apierrors.NewConflict(schema.GroupResource{Resource: "extensions"}, obj.GetName(), errors.New("changed"))
		}}, []client.Object{existing("shoot-falco-service")}, "failed updating Extension"),
	)
})

func withoutSummary(ext *extensionsv1alpha1.Extension) *extensionsv1alpha1.Extension {
	delete(ext.Annotations, AnnotationComponents)
	return ext
}

// failFor fails a Get of the named object with a server timeout and passes others to get.
func failFor(name string, get func(client.WithWatch, context.Context, client.ObjectKey, client.Object) error) func(context.Context, client.WithWatch, client.ObjectKey, client.Object, ...client.GetOption) error {
	return func(ctx context.Context, c client.WithWatch, key client.ObjectKey, obj client.Object, _ ...client.GetOption) error {
		if key.Name == name {
			return apierrors.NewServerTimeout(schema.GroupResource{Resource: "extensions"}, "get", 1)
		}
		return get(c, ctx, key, obj)
	}
}
