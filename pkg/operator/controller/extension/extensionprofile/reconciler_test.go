// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/client-go/tools/events"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	operatorv1alpha1 "github.com/gep-78/gardener/pkg/apis/operator/v1alpha1"
	. "github.com/gep-78/gardener/pkg/operator/controller/extension/extensionprofile"
)

const (
	falco   = "shoot-falco-service"
	traefik = "shoot-traefik"
	owner   = "extension-shoot-falco-service"
)

var (
	ctx = context.Background()
	now = time.Date(2026, 12, 5, 1, 0, 0, 0, time.UTC)
)

// profileSpec is a profile spec with one component of the versions.
func profileSpec(component string, versions ...string) gardencorev1beta1.ExtensionProfileSpec {
	spec := gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{Name: component}}}
	for _, v := range versions {
		spec.Components[0].Versions = append(spec.Components[0].Versions, gardencorev1beta1.ExtensionComponentVersion{Version: v})
	}
	return spec
}

// operatorExtension offers the types as resources of kind Extension and lists a profile for each.
func operatorExtension(extensionTypes ...string) *operatorv1alpha1.Extension {
	extension := &operatorv1alpha1.Extension{ObjectMeta: metav1.ObjectMeta{Name: owner, Generation: 1}}
	offer(extension, "Extension", extensionTypes...)
	for _, t := range extensionTypes {
		extension.Spec.ExtensionProfiles = append(extension.Spec.ExtensionProfiles,
			operatorv1alpha1.ExtensionProfileTemplate{Type: t, Spec: profileSpec(t, "1.0.0")})
	}
	return extension
}

// offer sets spec.resources to entries of kind for the types, through JSON, so that the test does
// not name the entry's Go type.
func offer(extension *operatorv1alpha1.Extension, kind string, extensionTypes ...string) {
	GinkgoHelper()
	var resources []map[string]string
	for _, t := range extensionTypes {
		resources = append(resources, map[string]string{"kind": kind, "type": t})
	}
	data, err := json.Marshal(resources)
	Expect(err).NotTo(HaveOccurred())
	Expect(json.Unmarshal(data, &extension.Spec.Resources)).To(Succeed())
}

// scheme returns a scheme of the API groups the controller reads and writes.
func scheme() *runtime.Scheme {
	GinkgoHelper()
	s := runtime.NewScheme()
	Expect(operatorv1alpha1.AddToScheme(s)).To(Succeed())
	Expect(gardencorev1beta1.AddToScheme(s)).To(Succeed())
	return s
}

// gardenProfile is a profile in the garden, labelled for labelOwner unless it is empty.
func gardenProfile(name, labelOwner string, spec gardencorev1beta1.ExtensionProfileSpec) *gardencorev1beta1.ExtensionProfile {
	profile := &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: name, UID: types.UID(name + "-uid")}, Spec: spec}
	if labelOwner != "" {
		profile.Labels = map[string]string{operatorv1alpha1.LabelExtension: labelOwner}
	}
	return profile
}

func forbidden(name string) error {
	return apierrors.NewForbidden(schema.GroupResource{Group: "core.gardener.cloud", Resource: "extensionprofiles"}, name,
		errors.New("version 1.0.0 is pinned by 2 Shoots"))
}

func invalid(name string) error {
	return apierrors.NewInvalid(schema.GroupKind{Group: "core.gardener.cloud", Kind: "ExtensionProfile"}, name, field.ErrorList{
		field.Invalid(field.NewPath("spec", "components").Index(0).Child("versions").Index(0).Child("version"), "x", "not a semantic version"),
	})
}

var _ = Describe("Reconciler", func() {
	var (
		runtimeObjects, gardenObjects []client.Object
		gardenFuncs                   interceptor.Funcs
		runtimeClient, gardenClient   client.Client
		fakeClock                     *testclock.FakeClock
		recorder                      *events.FakeRecorder
		reconciler                    *Reconciler
		request                       = reconcile.Request{NamespacedName: types.NamespacedName{Name: owner}}
	)

	BeforeEach(func() {
		reconciler = nil
		runtimeObjects, gardenObjects, gardenFuncs = nil, nil, interceptor.Funcs{}
	})

	// start builds the clients over runtimeObjects and gardenObjects and the reconciler.
	start := func() {
		runtimeClient = fake.NewClientBuilder().WithScheme(scheme()).
			WithStatusSubresource(&operatorv1alpha1.Extension{}).WithObjects(runtimeObjects...).Build()
		gardenClient = fake.NewClientBuilder().WithScheme(scheme()).
			WithStatusSubresource(&gardencorev1beta1.ExtensionProfile{}).WithObjects(gardenObjects...).Build()
		fakeClock = testclock.NewFakeClock(now)
		recorder = events.NewFakeRecorder(20)
		reconciler = &Reconciler{
			RuntimeClient: runtimeClient,
			GardenClient:  interceptor.NewClient(gardenClient.(client.WithWatch), gardenFuncs),
			Clock:         fakeClock,
			Recorder:      recorder,
			RetryInterval: 3 * time.Minute,
		}
	}

	reconcileOnce := func() (reconcile.Result, error) {
		if reconciler == nil {
			start()
		}
		return reconciler.Reconcile(ctx, request)
	}

	reconciled := func() *operatorv1alpha1.Extension {
		GinkgoHelper()
		extension := &operatorv1alpha1.Extension{}
		Expect(runtimeClient.Get(ctx, request.NamespacedName, extension)).To(Succeed())
		return extension
	}
	condition := func() gardencorev1beta1.Condition {
		GinkgoHelper()
		c := v1beta1helper.GetCondition(reconciled().Status.Conditions, operatorv1alpha1.ExtensionProfilesReconciled)
		Expect(c).NotTo(BeNil())
		return *c
	}
	profile := func(name string) *gardencorev1beta1.ExtensionProfile {
		GinkgoHelper()
		p := &gardencorev1beta1.ExtensionProfile{}
		Expect(gardenClient.Get(ctx, client.ObjectKey{Name: name}, p)).To(Succeed())
		return p
	}
	profileNames := func() []string {
		GinkgoHelper()
		list := &gardencorev1beta1.ExtensionProfileList{}
		Expect(gardenClient.List(ctx, list)).To(Succeed())
		var names []string
		for _, p := range list.Items {
			names = append(names, p.Name)
		}
		return names
	}
	recorded := func() []string {
		var out []string
		for {
			select {
			case e := <-recorder.Events:
				out = append(out, e)
			default:
				return out
			}
		}
	}

	It("does nothing for an operator Extension that is gone", func() {
		result, err := reconcileOnce()
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(BeZero())
		Expect(profileNames()).To(BeEmpty())
	})

	Describe("an operator Extension with spec.extensionProfiles", func() {
		BeforeEach(func() { runtimeObjects = []client.Object{operatorExtension(falco, traefik)} })

		It("adds the finalizer, creates the labelled profiles and reports them reconciled at the clock's time", func() {
			result, err := reconcileOnce()
			Expect(err).NotTo(HaveOccurred())
			Expect(result).To(BeZero())

			Expect(reconciled().Finalizers).To(ConsistOf(operatorv1alpha1.FinalizerName))
			Expect(profileNames()).To(ConsistOf(falco, traefik))
			Expect(profile(falco).Labels).To(Equal(map[string]string{operatorv1alpha1.LabelExtension: owner}))
			Expect(profile(falco).Spec).To(Equal(profileSpec(falco, "1.0.0")))

			c := condition()
			Expect(c.Status).To(Equal(gardencorev1beta1.ConditionTrue))
			Expect(c.Reason).To(Equal(ReasonReconciled))
			Expect(c.Message).To(Equal("ExtensionProfiles shoot-falco-service, shoot-traefik equal spec.extensionProfiles"))
			Expect(c.LastTransitionTime.Time.Equal(now)).To(BeTrue())
			Expect(reconciled().Status.ObservedGeneration).To(Equal(int64(1)))
			Expect(recorded()).To(ConsistOf(
				`Normal ExtensionProfileCreated Created ExtensionProfile "shoot-falco-service"`,
				`Normal ExtensionProfileCreated Created ExtensionProfile "shoot-traefik"`,
			))
		})

		It("writes nothing on a second reconcile", func() {
			_, err := reconcileOnce()
			Expect(err).NotTo(HaveOccurred())
			extensionVersion, profileVersion := reconciled().ResourceVersion, profile(falco).ResourceVersion
			recorded()

			fakeClock.Step(time.Hour)
			_, err = reconcileOnce()
			Expect(err).NotTo(HaveOccurred())
			Expect(reconciled().ResourceVersion).To(Equal(extensionVersion))
			Expect(profile(falco).ResourceVersion).To(Equal(profileVersion))
			Expect(condition().LastUpdateTime.Time.Equal(now)).To(BeTrue())
			Expect(recorded()).To(BeEmpty())
		})

		It("reverts a hand edit of a profile it manages", func() {
			gardenObjects = []client.Object{gardenProfile(falco, owner, profileSpec(falco, "0.9.0"))}
			_, err := reconcileOnce()
			Expect(err).NotTo(HaveOccurred())
			Expect(profile(falco).Spec).To(Equal(profileSpec(falco, "1.0.0")))
			Expect(recorded()).To(ContainElement(`Normal ExtensionProfileUpdated Updated ExtensionProfile "shoot-falco-service"`))
		})

		It("leaves a profile of another operator Extension alone and retries later", func() {
			gardenObjects = []client.Object{gardenProfile(falco, "other", profileSpec(falco, "0.9.0"))}
			result, err := reconcileOnce()
			Expect(err).NotTo(HaveOccurred())
			Expect(result).To(Equal(reconcile.Result{RequeueAfter: 3 * time.Minute}))
			Expect(profile(falco).Spec).To(Equal(profileSpec(falco, "0.9.0")))

			c := condition()
			Expect(c.Status).To(Equal(gardencorev1beta1.ConditionFalse))
			Expect(c.Reason).To(Equal(ReasonNotManaged))
			Expect(c.Message).To(Equal(`ExtensionProfile "shoot-falco-service" is managed by the operator Extension "other"; it is left unchanged`))
		})

		It("retries after DefaultRetryInterval when RetryInterval is not set", func() {
			gardenObjects = []client.Object{gardenProfile(falco, "other", profileSpec(falco, "0.9.0"))}
			start()
			reconciler.RetryInterval = 0
			result, err := reconcileOnce()
			Expect(err).NotTo(HaveOccurred())
			Expect(result).To(Equal(reconcile.Result{RequeueAfter: DefaultRetryInterval}))
		})

		DescribeTable("an unlabelled profile is adopted only with the annotation",
			func(annotation, storedVersion string, wantAdopted bool) {
				extension := operatorExtension(falco)
				if annotation != "" {
					extension.Annotations = map[string]string{operatorv1alpha1.AnnotationAdoptExtensionProfiles: annotation}
				}
				runtimeObjects = []client.Object{extension}
				gardenObjects = []client.Object{gardenProfile(falco, "", profileSpec(falco, storedVersion))}
				result, err := reconcileOnce()
				Expect(err).NotTo(HaveOccurred())

				c := condition()
				if !wantAdopted {
					Expect(result).To(Equal(reconcile.Result{RequeueAfter: 3 * time.Minute}))
					Expect(profile(falco).Labels).To(BeEmpty())
					Expect(profile(falco).Spec).To(Equal(profileSpec(falco, storedVersion)))
					Expect(c.Reason).To(Equal(ReasonNotManaged))
					Expect(c.Message).To(Equal(`ExtensionProfile "shoot-falco-service" exists and was not created by gardener-operator; it is left unchanged. ` +
						`Annotate this Extension with operator.gardener.cloud/adopt-extension-profiles=true to take it over`))
					Expect(recorded()).To(BeEmpty())
					return
				}
				Expect(result).To(BeZero())
				Expect(profile(falco).Labels).To(Equal(map[string]string{operatorv1alpha1.LabelExtension: owner}))
				Expect(profile(falco).Spec).To(Equal(profileSpec(falco, "1.0.0")))
				Expect(c.Reason).To(Equal(ReasonReconciled))
				Expect(recorded()).To(ConsistOf(`Normal ExtensionProfileAdopted Adopted ExtensionProfile "shoot-falco-service" (annotation operator.gardener.cloud/adopt-extension-profiles)`))
			},
			Entry("without the annotation", "", "0.9.0", false),
			Entry("with the annotation not true", "yes", "0.9.0", false),
			Entry("with the annotation", "true", "0.9.0", true),
			Entry("with the annotation, the spec already equal: the label is still written", "true", "1.0.0", true),
		)
	})

	It("waits for a profile that is being deleted and creates it again later", func() {
		deleting := gardenProfile(falco, owner, profileSpec(falco, "1.0.0"))
		deleting.Finalizers = []string{"core.gardener.cloud/extensionprofile-in-use"}
		deleting.DeletionTimestamp = &metav1.Time{Time: now}
		runtimeObjects = []client.Object{operatorExtension(falco)}
		gardenObjects = []client.Object{deleting}
		result, err := reconcileOnce()
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 3 * time.Minute}))
		c := condition()
		Expect(c.Status).To(Equal(gardencorev1beta1.ConditionProgressing))
		Expect(c.Reason).To(Equal(ReasonProgressing))
		Expect(c.Message).To(Equal(`ExtensionProfile "shoot-falco-service" is being deleted; it is created again once it is gone`))
	})

	It("reports invalid entries with their field paths (only: False outranks the deletion in progress), writes no profile and still deletes removed ones", func() {
		extension := operatorExtension(falco)
		extension.Spec.ExtensionProfiles = append(extension.Spec.ExtensionProfiles, operatorv1alpha1.ExtensionProfileTemplate{Type: "shoot-unknown"})
		runtimeObjects = []client.Object{extension}
		gardenObjects = []client.Object{gardenProfile(traefik, owner, profileSpec(traefik, "1.0.0"))}
		result, err := reconcileOnce()
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 3 * time.Minute}))
		Expect(profileNames()).To(BeEmpty())

		c := condition()
		Expect(c.Status).To(Equal(gardencorev1beta1.ConditionFalse))
		Expect(c.Reason).To(Equal(ReasonInvalid))
		Expect(c.Message).To(Equal(`spec.extensionProfiles[1].type: Unsupported value: "shoot-unknown": supported values: "shoot-falco-service"`))
		Expect(recorded()).To(ConsistOf(`Normal ExtensionProfileDeleted Deleted ExtensionProfile "shoot-traefik"`))
	})

	It("deletes the managed profile of a removed entry, and only that one", func() {
		runtimeObjects = []client.Object{operatorExtension(falco)}
		gardenObjects = []client.Object{
			gardenProfile(falco, owner, profileSpec(falco, "1.0.0")),
			gardenProfile(traefik, owner, profileSpec(traefik, "1.0.0")),
			gardenProfile("shoot-other", "other", profileSpec("other", "1.0.0")),
			gardenProfile("shoot-by-hand", "", profileSpec("by-hand", "1.0.0")),
		}
		result, err := reconcileOnce()
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(Equal(reconcile.Result{RequeueAfter: 3 * time.Minute}))
		Expect(profileNames()).To(ConsistOf(falco, "shoot-other", "shoot-by-hand"))
		Expect(condition().Status).To(Equal(gardencorev1beta1.ConditionProgressing))

		result, err = reconcileOnce()
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(BeZero())
		Expect(condition().Status).To(Equal(gardencorev1beta1.ConditionTrue))
	})

	DescribeTable("turns a refused profile write into the condition and a Warning event; other errors are returned",
		func(funcs interceptor.Funcs, stored []client.Object, wantErr, wantReason, wantMessage string) {
			runtimeObjects = []client.Object{operatorExtension(falco, traefik)}
			gardenObjects, gardenFuncs = stored, funcs
			result, err := reconcileOnce()
			if wantErr != "" {
				Expect(err).To(MatchError(ContainSubstring(wantErr)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			wantRequeue := 3 * time.Minute
			if wantReason == ReasonRefused {
				wantRequeue = time.Second
			}
			Expect(result).To(Equal(reconcile.Result{RequeueAfter: wantRequeue}))
			c := condition()
			Expect(c.Status).To(Equal(gardencorev1beta1.ConditionFalse))
			Expect(c.Reason).To(Equal(wantReason))
			Expect(c.Message).To(Equal(wantMessage))
			Expect(recorded()).To(ContainElement("Warning " + wantReason + " " + wantMessage))
			Expect(profile(traefik).Spec).To(Equal(profileSpec(traefik, "1.0.0")))
		},
		Entry("a create refused with 403", interceptor.Funcs{Create: failCreate(falco, forbidden(falco))}, nil, "", ReasonRefused,
			`gardener-apiserver refused to create ExtensionProfile "shoot-falco-service", which keeps its current spec: `+
				`extensionprofiles.core.gardener.cloud "shoot-falco-service" is forbidden: version 1.0.0 is pinned by 2 Shoots`),
		Entry("an update refused with 403", interceptor.Funcs{Update: failUpdate(falco, forbidden(falco))},
			[]client.Object{gardenProfile(falco, owner, profileSpec(falco, "0.9.0"))}, "", ReasonRefused,
			`gardener-apiserver refused to update ExtensionProfile "shoot-falco-service", which keeps its current spec: `+
				`extensionprofiles.core.gardener.cloud "shoot-falco-service" is forbidden: version 1.0.0 is pinned by 2 Shoots`),
		Entry("a create rejected as invalid, field paths under the entry", interceptor.Funcs{Create: failCreate(falco, invalid(falco))}, nil, "", ReasonInvalid,
			`ExtensionProfile "shoot-falco-service" is invalid: spec.extensionProfiles[0].spec.components[0].versions[0].version: Invalid value: "x": not a semantic version`),
		Entry("a create rejected as invalid without causes", interceptor.Funcs{Create: failCreate(falco,
			&apierrors.StatusError{ErrStatus: metav1.Status{Reason: metav1.StatusReasonInvalid, Code: 422, Message: "bad"}})}, nil, "", ReasonInvalid,
			`ExtensionProfile "shoot-falco-service" is invalid: bad`),
		Entry("a create failing otherwise", interceptor.Funcs{Create: failCreate(falco, apierrors.NewServiceUnavailable("down"))}, nil,
			`failed to create ExtensionProfile "shoot-falco-service": down`, "", ""),
		Entry("a read failing", interceptor.Funcs{Get: func(context.Context, client.WithWatch, client.ObjectKey, client.Object, ...client.GetOption) error {
			return apierrors.NewServiceUnavailable("down")
		}}, nil, `failed reading ExtensionProfile "shoot-falco-service": down`, "", ""),
		Entry("the list of managed profiles failing", interceptor.Funcs{List: func(context.Context, client.WithWatch, client.ObjectList, ...client.ListOption) error {
			return apierrors.NewServiceUnavailable("down")
		}}, nil, "failed listing the ExtensionProfiles of the Extension: down", "", ""),
	)

	It("reports False before Progressing and joins the messages of that status", func() {
		deleting := gardenProfile(traefik, owner, profileSpec(traefik, "1.0.0"))
		deleting.Finalizers = []string{"core.gardener.cloud/extensionprofile-in-use"}
		deleting.DeletionTimestamp = &metav1.Time{Time: now}
		runtimeObjects = []client.Object{operatorExtension(falco, traefik, "shoot-cert-service")}
		gardenObjects = []client.Object{deleting, gardenProfile(falco, "other", profileSpec(falco, "1.0.0")),
			gardenProfile("shoot-cert-service", "other", profileSpec("cert", "1.0.0"))}
		_, err := reconcileOnce()
		Expect(err).NotTo(HaveOccurred())
		c := condition()
		Expect(c.Status).To(Equal(gardencorev1beta1.ConditionFalse))
		Expect(c.Reason).To(Equal(ReasonNotManaged))
		Expect(c.Message).To(Equal(`ExtensionProfile "shoot-falco-service" is managed by the operator Extension "other"; it is left unchanged; ` +
			`ExtensionProfile "shoot-cert-service" is managed by the operator Extension "other"; it is left unchanged`))
	})

	Describe("an operator Extension being deleted", func() {
		BeforeEach(func() {
			extension := operatorExtension(falco, traefik)
			extension.Finalizers = []string{operatorv1alpha1.FinalizerName}
			extension.DeletionTimestamp = &metav1.Time{Time: now}
			runtimeObjects = []client.Object{extension}
			gardenObjects = []client.Object{
				gardenProfile(falco, owner, profileSpec(falco, "1.0.0")),
				gardenProfile(traefik, owner, profileSpec(traefik, "1.0.0")),
				gardenProfile("shoot-other", "other", profileSpec("other", "1.0.0")),
			}
		})

		It("deletes its profiles, keeps the finalizer until they are gone, then removes it", func() {
			result, err := reconcileOnce()
			Expect(err).NotTo(HaveOccurred())
			Expect(result).To(Equal(reconcile.Result{RequeueAfter: 3 * time.Minute}))
			Expect(profileNames()).To(ConsistOf("shoot-other"))
			Expect(reconciled().Finalizers).To(ConsistOf(operatorv1alpha1.FinalizerName))
			Expect(condition().Status).To(Equal(gardencorev1beta1.ConditionProgressing))

			result, err = reconcileOnce()
			Expect(err).NotTo(HaveOccurred())
			Expect(result).To(BeZero())
			Expect(apierrors.IsNotFound(runtimeClient.Get(ctx, request.NamespacedName, &operatorv1alpha1.Extension{}))).To(BeTrue())
		})

		It("keeps the finalizer and the profile whose deletion gardener-apiserver refuses", func() {
			gardenFuncs = interceptor.Funcs{Delete: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.DeleteOption) error {
				if obj.GetName() == falco {
					return forbidden(falco)
				}
				return c.Delete(ctx, obj, opts...)
			}}
			result, err := reconcileOnce()
			Expect(err).NotTo(HaveOccurred())
			Expect(result).To(Equal(reconcile.Result{RequeueAfter: time.Second}))
			Expect(profileNames()).To(ConsistOf(falco, "shoot-other"))
			Expect(reconciled().Finalizers).To(ConsistOf(operatorv1alpha1.FinalizerName))
			c := condition()
			Expect(c.Reason).To(Equal(ReasonDeletionRefused))
			Expect(c.Message).To(HaveSuffix("is forbidden: version 1.0.0 is pinned by 2 Shoots; the Extension keeps its finalizer until no Shoot pins the profile"))
			Expect(recorded()).To(ContainElement(HavePrefix(`Warning ExtensionProfileDeletionRefused gardener-apiserver refused to delete ExtensionProfile "shoot-falco-service", which is kept`)))
		})

		It("takes a profile deleted meanwhile as gone", func() {
			gardenFuncs = interceptor.Funcs{Delete: func(context.Context, client.WithWatch, client.Object, ...client.DeleteOption) error {
				return apierrors.NewNotFound(schema.GroupResource{Resource: "extensionprofiles"}, falco)
			}}
			result, err := reconcileOnce()
			Expect(err).NotTo(HaveOccurred())
			Expect(result).To(BeZero())
			Expect(apierrors.IsNotFound(runtimeClient.Get(ctx, request.NamespacedName, &operatorv1alpha1.Extension{}))).To(BeTrue())
		})
	})

	It("does nothing for an operator Extension being deleted without its finalizer", func() {
		extension := operatorExtension(falco)
		extension.Finalizers = []string{"someone-else"}
		extension.DeletionTimestamp = &metav1.Time{Time: now}
		runtimeObjects = []client.Object{extension}
		gardenObjects = []client.Object{gardenProfile(falco, owner, profileSpec(falco, "1.0.0"))}
		result, err := reconcileOnce()
		Expect(err).NotTo(HaveOccurred())
		Expect(result).To(BeZero())
		Expect(profileNames()).To(ConsistOf(falco))
	})
})

func failCreate(name string, err error) func(context.Context, client.WithWatch, client.Object, ...client.CreateOption) error {
	return func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
		if obj.GetName() == name {
			return err
		}
		return c.Create(ctx, obj, opts...)
	}
}

func failUpdate(name string, err error) func(context.Context, client.WithWatch, client.Object, ...client.UpdateOption) error {
	return func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
		if obj.GetName() == name {
			return err
		}
		return c.Update(ctx, obj, opts...)
	}
}
