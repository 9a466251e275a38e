// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover_test

import (
	"context"
	"math/rand/v2"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/gep-78/gardener/test/failover"
)

var _ = Describe("Crasher", func() {
	var (
		ctx       = context.Background()
		fake      client.WithWatch
		cancelled bool
		cancel    = func() { cancelled = true }
	)

	configMap := func(name string) *corev1.ConfigMap {
		return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: name}}
	}
	stored := func(name string) bool {
		err := fake.Get(ctx, client.ObjectKeyFromObject(configMap(name)), &corev1.ConfigMap{})
		if apierrors.IsNotFound(err) {
			return false
		}
		Expect(err).NotTo(HaveOccurred())
		return true
	}

	BeforeEach(func() {
		fake = fakeclient.NewClientBuilder().Build()
		cancelled = false
	})

	It("passes every write through when nil", func() {
		var crasher *failover.Crasher
		cl := crasher.Wrap(fake)
		Expect(cl.Create(ctx, configMap("a"))).To(Succeed())
		Expect(stored("a")).To(BeTrue())
		Expect(crasher.Crashed()).To(BeFalse())
		Expect(crasher.AppliedCrashObject()).To(BeNil())
	})

	DescribeTable("crashes at the seed's write within maxWrites, cancels, and fails every later write",
		func(seed uint64, crashAt string, performed bool) {
			crasher := failover.NewCrasher(rand.New(rand.NewPCG(seed, 1)), 3, cancel) // #nosec G404 -- test
			cl := crasher.Wrap(fake)

			for _, name := range []string{"a", "b", "c"} {
				if name == crashAt {
					Expect(cl.Create(ctx, configMap(name))).To(MatchError("the process crashed"))
					break
				}
				Expect(cl.Create(ctx, configMap(name))).To(Succeed())
				Expect(cancelled).To(BeFalse())
			}
			Expect(cancelled).To(BeTrue())
			Expect(crasher.Crashed()).To(BeTrue())
			Expect(stored(crashAt)).To(Equal(performed))
			if performed {
				Expect(crasher.AppliedCrashObject().GetName()).To(Equal(crashAt))
			} else {
				Expect(crasher.AppliedCrashObject()).To(BeNil())
			}

			By("Every later write fails and stores nothing")
			Expect(cl.Create(ctx, configMap("later"))).To(MatchError("the process crashed"))
			Expect(stored("later")).To(BeFalse())
		},
		Entry("first write, not performed", uint64(2), "a", false),
		Entry("first write, performed", uint64(8), "a", true),
		Entry("second write, not performed", uint64(12), "b", false),
		Entry("second write, performed", uint64(6), "b", true),
		Entry("third write, not performed", uint64(1), "c", false),
		Entry("third write, performed", uint64(5), "c", true),
	)

	It("records no applied object for a dry run that crashes", func() {
		Expect(fake.Create(ctx, configMap("a"))).To(Succeed())
		for seed := range uint64(8) {
			crasher := failover.NewCrasher(rand.New(rand.NewPCG(seed, 1)), 1, cancel) // #nosec G404 -- test
			Expect(crasher.Wrap(fake).Update(ctx, configMap("a"), client.DryRunAll)).To(MatchError("the process crashed"))
			Expect(crasher.AppliedCrashObject()).To(BeNil())
		}
	})
})
