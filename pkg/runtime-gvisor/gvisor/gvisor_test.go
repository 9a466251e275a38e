// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gvisor_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/runtime-gvisor/gvisor"
)

var _ = Describe("gvisor", func() {
	values := func(platform string) Values {
		return Values{
			Namespace:    "shoot--dev--sandbox",
			Name:         "gvisor-sandbox",
			WorkerPool:   "sandbox",
			NodeSelector: map[string]string{"worker.gardener.cloud/pool": "sandbox"},
			Version:      "20260101",
			Platform:     platform,
			BinaryPath:   "/var/bin/containerruntimes",
			ManagedBy:    "gardener-extension-runtime-gvisor",
		}
	}

	DescribeTable("DaemonSet runs the pool's version with its platform on the pool's nodes",
		func(platform, wantArg string) {
			ds := DaemonSet(values(platform))
			Expect(*ds.Name).To(Equal("gvisor-sandbox"))
			Expect(ds.Labels).To(Equal(map[string]string{
				LabelName: ComponentName, LabelInstance: "gvisor-sandbox", LabelVersion: "20260101",
				LabelManagedBy: "gardener-extension-runtime-gvisor", LabelWorkerPool: "sandbox",
			}))
			Expect(ds.Spec.Selector.MatchLabels).To(Equal(map[string]string{LabelName: ComponentName, LabelInstance: "gvisor-sandbox"}))
			pod := ds.Spec.Template.Spec
			Expect(pod.NodeSelector).To(Equal(map[string]string{"worker.gardener.cloud/pool": "sandbox"}))
			Expect(*pod.Containers[0].Image).To(Equal("gvisor.dev/runsc-installer:20260101"))
			Expect(pod.Containers[0].Args).To(Equal([]string{wantArg, "--target=/var/bin/containerruntimes"}))
			Expect(*pod.Volumes[0].HostPath.Path).To(Equal("/var/bin/containerruntimes"))
			Expect(pod.Volumes[0].HostPath.Type).To(Equal(ptr.To(corev1.HostPathDirectoryOrCreate)))
		},
		Entry("the default platform", "", "--platform=systrap"),
		Entry("kvm", "kvm", "--platform=kvm"),
	)

	It("deploys, moves to another version and destroys idempotently", func() {
		ctx := context.Background()
		c := fakeclient.NewClientBuilder().WithScheme(kubernetes.SeedScheme).Build()
		Expect(Deploy(ctx, c, values(""))).To(Succeed())
		next := values("")
		next.Version = "20261101"
		Expect(Deploy(ctx, c, next)).To(Succeed())

		ds := &appsv1.DaemonSet{}
		Expect(c.Get(ctx, client.ObjectKey{Namespace: "shoot--dev--sandbox", Name: "gvisor-sandbox"}, ds)).To(Succeed())
		Expect(ds.Spec.Template.Spec.Containers[0].Image).To(Equal(Image("20261101")))
		Expect(ds.Labels).To(HaveKeyWithValue(LabelVersion, "20261101"))

		Expect(Destroy(ctx, c, "shoot--dev--sandbox", "gvisor-sandbox")).To(Succeed())
		Expect(apierrors.IsNotFound(c.Get(ctx, client.ObjectKeyFromObject(ds), &appsv1.DaemonSet{}))).To(BeTrue())
		Expect(Destroy(ctx, c, "shoot--dev--sandbox", "gvisor-sandbox")).To(Succeed())
	})
})
