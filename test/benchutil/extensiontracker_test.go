// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package benchutil_test

import (
	"context"
	"fmt"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	metadatafake "k8s.io/client-go/metadata/fake"
	testclock "k8s.io/utils/clock/testing"

	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
	"github.com/gep-78/gardener/test/benchutil"
)

var _ = Describe("ExtensionTracker", func() {
	var (
		gvr    = schema.GroupVersionResource{Group: "extensions.gardener.cloud", Version: "v1alpha1", Resource: "extensions"}
		ctx    context.Context
		client *metadatafake.FakeMetadataClient
		clock  *testclock.FakeClock
		n      int
	)

	BeforeEach(func() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(context.Background())
		DeferCleanup(cancel)
		scheme := runtime.NewScheme()
		metav1.AddMetaToScheme(scheme)
		client = metadatafake.NewSimpleMetadataClient(scheme)
		clock = testclock.NewFakeClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		n = 0
	})

	// addExtension adds one seed Extension of Shoot garden-dev/shoot.
	addExtension := func(shoot string) {
		n++
		obj := &metav1.PartialObjectMetadata{
			TypeMeta: metav1.TypeMeta{APIVersion: gvr.GroupVersion().String(), Kind: "Extension"},
			ObjectMeta: metav1.ObjectMeta{Namespace: "shoot--dev--" + shoot, Name: fmt.Sprintf("e%d", n), Labels: map[string]string{
				extension.LabelShootNamespace: "garden-dev",
				extension.LabelShootName:      shoot,
			}},
		}
		ExpectWithOffset(1, client.Tracker().Create(gvr, obj, obj.Namespace)).To(Succeed())
	}

	newStarted := func(perShoot int) *benchutil.ExtensionTracker {
		tracker, err := benchutil.NewExtensionTracker(client, "garden-dev", perShoot, clock)
		ExpectWithOffset(1, err).NotTo(HaveOccurred())
		ExpectWithOffset(1, tracker.Start(ctx)).To(Succeed())
		return tracker
	}

	It("counts a Shoot complete once it has its Extensions, and WaitFor returns then", func() {
		tracker := newStarted(2)
		addExtension("a")
		addExtension("b")
		Consistently(tracker.Complete).WithTimeout(100 * time.Millisecond).Should(BeZero())

		addExtension("a")
		Eventually(tracker.Complete).Should(Equal(1))
		var seen []int
		Expect(tracker.WaitFor(ctx, 1, time.Minute, func(n int) { seen = append(seen, n) })).To(Succeed())
		Expect(seen).To(BeEmpty())

		Expect(tracker.WaitFor(ctx, 2, 50*time.Millisecond, nil)).To(MatchError("only 1 of 2 Shoots had all their Extensions after 50ms"))
		addExtension("b")
		Expect(tracker.WaitFor(ctx, 2, time.Minute, nil)).To(Succeed())
	})

	It("refuses to start when a Shoot already has its Extensions", func() {
		addExtension("a")
		tracker, err := benchutil.NewExtensionTracker(client, "garden-dev", 1, clock)
		Expect(err).NotTo(HaveOccurred())
		Expect(tracker.Start(ctx)).To(MatchError("1 Shoots of the namespace already have their Extensions"))
	})

	It("rates the completions between the 10th and the 90th percentile", func() {
		tracker := newStarted(1)
		Expect(tracker.Rate()).To(BeZero())
		// 20 Shoots, one every 2 s, but the first two at once: they fall below the 10th percentile.
		for i := range 20 {
			if i > 1 {
				clock.Step(2 * time.Second)
			}
			addExtension(fmt.Sprintf("s%d", i))
			Eventually(tracker.Complete).Should(Equal(i + 1))
		}
		// Completions 2 to 18: 16 Shoots in 32 s.
		Expect(tracker.Rate()).To(Equal(0.5))
	})
})
