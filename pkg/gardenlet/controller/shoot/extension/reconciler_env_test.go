// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/api/indexer"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
	. "github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

var (
	ctx          context.Context
	gardenClient client.Client
	seedClient   client.Client
	recorder     *record.FakeRecorder
	fakeClock    *testclock.FakeClock
	reconciler   *Reconciler
	shoot        *gardencorev1beta1.Shoot
	request      reconcile.Request
)

const seedNamespace = "shoot--dev--falco-traefik-eval"

// setUpReconciler builds the fake garden and seed clients with the example Shoot and profiles,
// and the Reconciler under test.
func setUpReconciler() {
	ctx = context.Background()
	features.RegisterFeatureGates()
	featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

	shoot = exampleShoot()
	shoot.Spec.SeedName = ptr.To("local")
	shoot.UID = "shoot-uid"
	request = reconcile.Request{NamespacedName: client.ObjectKeyFromObject(shoot)}

	objects := []client.Object{shoot}
	for _, profile := range exampleProfiles() {
		objects = append(objects, profile)
	}
	gardenClient = fakeclient.NewClientBuilder().
		WithScheme(kubernetes.GardenScheme).
		WithStatusSubresource(&gardencorev1beta1.Shoot{}).
		WithIndex(&gardencorev1beta1.Shoot{}, indexer.ShootPinnedExtensionTypes, indexer.ShootPinnedExtensionTypesIndexerFunc).
		WithObjects(objects...).
		Build()
	seedClient = fakeclient.NewClientBuilder().
		WithScheme(kubernetes.SeedScheme).
		WithStatusSubresource(&extensionsv1alpha1.Extension{}, &extensionsv1alpha1.ContainerRuntime{}).
		Build()
	recorder = record.NewFakeRecorder(100)
	fakeClock = testclock.NewFakeClock(time.Date(2026, 11, 29, 9, 14, 3, 512734019, time.UTC))

	reconciler = &Reconciler{
		GardenClient: gardenClient,
		SeedClient:   seedClient,
		Config:       Config{SeedName: "local", ConcurrentSyncs: 1},
		Recorder:     recorder,
		Clock:        fakeClock,
	}
}

func reconcileShoot() reconcile.Result {
	GinkgoHelper()
	result, err := reconciler.Reconcile(ctx, request)
	Expect(err).NotTo(HaveOccurred())
	return result
}
func getExtension(name string) *extensionsv1alpha1.Extension {
	GinkgoHelper()
	extension := &extensionsv1alpha1.Extension{}
	Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: seedNamespace, Name: name}, extension)).To(Succeed())
	return extension
}
func extensionNames() []string {
	GinkgoHelper()
	list := &extensionsv1alpha1.ExtensionList{}
	Expect(seedClient.List(ctx, list, client.InNamespace(seedNamespace))).To(Succeed())
	names := []string{}
	for _, item := range list.Items {
		names = append(names, item.Name)
	}
	return names
}
func updateShoot(mutate func(*gardencorev1beta1.Shoot)) {
	GinkgoHelper()
	current := &gardencorev1beta1.Shoot{}
	Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
	mutate(current)
	Expect(gardenClient.Update(ctx, current)).To(Succeed())
}
func events() []string {
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

// resourceVersions returns the resourceVersions of the Shoot, the seed namespace and all
// Extensions in it.
func resourceVersions() map[string]string {
	GinkgoHelper()
	versions := map[string]string{}
	current := &gardencorev1beta1.Shoot{}
	Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
	versions["shoot"] = current.ResourceVersion
	namespace := &corev1.Namespace{}
	Expect(seedClient.Get(ctx, client.ObjectKey{Name: seedNamespace}, namespace)).To(Succeed())
	versions["namespace"] = namespace.ResourceVersion
	list := &extensionsv1alpha1.ExtensionList{}
	Expect(seedClient.List(ctx, list, client.InNamespace(seedNamespace))).To(Succeed())
	for _, item := range list.Items {
		versions[item.Name] = item.ResourceVersion
	}
	return versions
}
