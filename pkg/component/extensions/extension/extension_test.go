// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"context"
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	. "github.com/gep-78/gardener/pkg/component/extensions/extension"
)

var _ = Describe("Failed", func() {
	It("returns the error of every failed Extension of a Deploy error, by name", func() {
		a, b := errors.New("a rejected"), errors.New("b rejected")
		err := errors.Join(&Error{Name: "a", Err: a}, nil, fmt.Errorf("wrapped: %w", &Error{Name: "b", Err: b}))
		Expect(Failed(err)).To(Equal(map[string]error{"a": a, "b": b}))
		Expect(Failed(nil)).To(BeEmpty())
		Expect(Failed(errors.New("not an Extension's"))).To(BeEmpty())
	})

	It("says the write's error and unwraps to it", func() {
		cause := apierrors.NewConflict(schema.GroupResource{Resource: "extensions"}, "a", errors.New("changed"))
		err := &Error{Name: "a", Err: cause}
		Expect(err.Error()).To(Equal(cause.Error()))
		Expect(apierrors.IsConflict(err)).To(BeTrue())
	})
})

var _ = Describe("Extensions", func() {
	It("returns the desired Extensions of the values", func() {
		f := newFixture(nil)
		f.want("shoot-falco-service")
		Expect(f.deployer().Extensions()).To(Equal(f.values.Extensions))
	})
})

var _ = Describe("Destroy, DeleteStaleResources and WaitCleanup", func() {
	var f *fixture

	// stored returns managed Extensions, one per name, and one of another owner.
	stored := func(names ...string) []client.Object {
		var objects []client.Object
		for _, name := range names {
			objects = append(objects, existing(name))
		}
		foreign := existing("foreign")
		foreign.Labels = map[string]string{"owner": "someone-else"}
		return append(objects, foreign)
	}

	names := func() []string {
		GinkgoHelper()
		list := &extensionsv1alpha1.ExtensionList{}
		Expect(f.store.List(ctx, list, client.InNamespace(namespace))).To(Succeed())
		var out []string
		for _, ext := range list.Items {
			out = append(out, ext.Name)
		}
		return out
	}

	It("Destroy deletes every managed Extension of the namespace and leaves others", func() {
		f = newFixture(nil, stored("shoot-falco-service", "shoot-cert-service")...)
		Expect(f.deployer().Destroy(ctx)).To(Succeed())
		Expect(names()).To(ConsistOf("foreign"))
	})

	It("confirms the deletion with the clock's time before it deletes", func() {
		finalized := existing("shoot-falco-service")
		finalized.Finalizers = []string{"extensions.gardener.cloud/shoot-falco-service"}
		f = newFixture(nil, finalized)
		f.clock.SetTime(later)
		Expect(f.deployer().Destroy(ctx)).To(Succeed())

		ext := f.get("shoot-falco-service")
		Expect(ext.DeletionTimestamp).NotTo(BeNil())
		Expect(ext.Annotations).To(HaveKeyWithValue(v1beta1constants.ConfirmationDeletion, "true"))
		Expect(ext.Annotations).To(HaveKeyWithValue(v1beta1constants.GardenerTimestamp, laterStr))
	})

	DescribeTable("writes only what a deletion still needs",
		func(confirmed, deleting bool, wantWrites []string) {
			ext := existing("shoot-falco-service")
			ext.Finalizers = []string{"extensions.gardener.cloud/shoot-falco-service"}
			if confirmed {
				ext.Annotations[v1beta1constants.ConfirmationDeletion] = "true"
			}
			var writes []string
			f = newFixture(&interceptor.Funcs{
				Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
					writes = append(writes, "patch")
					return c.Patch(ctx, obj, patch, opts...)
				},
				Delete: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.DeleteOption) error {
					writes = append(writes, "delete")
					return c.Delete(ctx, obj, opts...)
				},
			}, ext)
			if deleting {
				Expect(f.store.Delete(ctx, ext)).To(Succeed())
				writes = nil
			}
			Expect(f.deployer().Destroy(ctx)).To(Succeed())
			Expect(writes).To(Equal(wantWrites))
		},
		Entry("not confirmed", false, false, []string{"patch", "delete"}),
		Entry("confirmed", true, false, []string{"delete"}),
		Entry("already being deleted", false, true, []string(nil)),
	)

	It("takes an Extension that is gone meanwhile as deleted", func() {
		f = newFixture(&interceptor.Funcs{
			Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
				Expect(c.Delete(ctx, obj)).To(Succeed())
				return c.Patch(ctx, obj, patch, opts...)
			},
		}, stored("shoot-falco-service")...)
		Expect(f.deployer().Destroy(ctx)).To(Succeed())
		Expect(names()).To(ConsistOf("foreign"))
	})

	DescribeTable("returns the errors of the list and of each deletion, and deletes the others",
		func(funcs interceptor.Funcs, wantMessages []string, wantLeft []string) {
			f = newFixture(&funcs, stored("shoot-falco-service", "shoot-cert-service")...)
			err := f.deployer().Destroy(ctx)
			for _, message := range wantMessages {
				Expect(err).To(MatchError(ContainSubstring(message)))
			}
			Expect(names()).To(ConsistOf(wantLeft))
		},
		Entry("the list", interceptor.Funcs{List: func(context.Context, client.WithWatch, client.ObjectList, ...client.ListOption) error {
			return errors.New("etcd is down")
		}}, []string{"failed listing Extensions in " + namespace, "etcd is down"}, []string{"foreign", "shoot-falco-service", "shoot-cert-service"}),
		Entry("a confirmation", interceptor.Funcs{Patch: refuse("shoot-falco-service")},
			[]string{"failed confirming deletion of Extension " + namespace + "/shoot-falco-service"}, []string{"foreign", "shoot-falco-service"}),
		Entry("a deletion", interceptor.Funcs{Delete: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.DeleteOption) error {
			if obj.GetName() == "shoot-cert-service" {
				return apierrors.NewForbidden(schema.GroupResource{Resource: "extensions"}, obj.GetName(), errors.New("no"))
			}
			return c.Delete(ctx, obj, opts...)
		}}, []string{"failed deleting Extension " + namespace + "/shoot-cert-service"}, []string{"foreign", "shoot-cert-service"}),
	)

	DescribeTable("DeleteStaleResources deletes the managed Extensions that are not desired",
		func(prefix *string, desired []string, wantLeft []string) {
			f = newFixture(nil, stored("shoot-falco-service", "seed-shoot-falco-service", "shoot-cert-service")...)
			f.values.NamePrefix = prefix
			for _, name := range desired {
				f.want(name)
			}
			Expect(f.deployer().DeleteStaleResources(ctx)).To(Succeed())
			Expect(names()).To(ConsistOf(wantLeft))
		},
		Entry("one desired", nil, []string{"shoot-falco-service"}, []string{"foreign", "shoot-falco-service"}),
		Entry("none desired", nil, nil, []string{"foreign"}),
		Entry("desired under a name prefix", ptr.To("seed-"), []string{"shoot-falco-service"}, []string{"foreign", "seed-shoot-falco-service"}),
	)

	DescribeTable("WaitCleanup returns at once, with how many managed Extensions are left",
		func(objects []client.Object, wantRemaining int) {
			f = newFixture(nil, objects...)
			err := f.deployer().WaitCleanup(ctx)
			if wantRemaining == 0 {
				Expect(err).NotTo(HaveOccurred())
				return
			}
			var pending *CleanupPendingError
			Expect(errors.As(err, &pending)).To(BeTrue())
			Expect(pending.Remaining).To(Equal(wantRemaining))
			Expect(err).To(MatchError(fmt.Sprintf("%d Extensions are still being deleted", wantRemaining)))
		},
		Entry("none left, another owner's aside", stored(), 0),
		Entry("two left", stored("shoot-falco-service", "shoot-cert-service"), 2),
	)

	It("WaitCleanup returns the list's error", func() {
		f = newFixture(&interceptor.Funcs{List: func(context.Context, client.WithWatch, client.ObjectList, ...client.ListOption) error {
			return errors.New("etcd is down")
		}})
		err := f.deployer().WaitCleanup(ctx)
		Expect(err).To(MatchError(ContainSubstring("etcd is down")))
		var pending *CleanupPendingError
		Expect(errors.As(err, &pending)).To(BeFalse())
	})
})

// refuse answers a write of the named object with 403 and passes the others through.
func refuse(name string) func(context.Context, client.WithWatch, client.Object, client.Patch, ...client.PatchOption) error {
	return func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
		if obj.GetName() == name {
			return apierrors.NewForbidden(schema.GroupResource{Resource: "extensions"}, name, errors.New("no"))
		}
		return c.Patch(ctx, obj, patch, opts...)
	}
}

var _ = DescribeTable("IsEmptyRaw",
	func(value *runtime.RawExtension, want bool) {
		Expect(IsEmptyRaw(value)).To(Equal(want))
	},
	Entry("nil", nil, true),
	Entry("no bytes", &runtime.RawExtension{}, true),
	Entry("JSON null", raw("null"), true),
	Entry("an empty object", raw("{}"), false),
	Entry("an object", &runtime.RawExtension{Object: &extensionsv1alpha1.Extension{}}, false),
)
