// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package chaos_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"syscall"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"

	"github.com/gep-78/gardener/cmd/gardener-apiserver/app"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
)

var _ = Describe("gardener-apiserver", func() {
	var gardenClient gardencoreclientset.Interface

	BeforeEach(func() {
		var err error
		gardenClient, err = gardencoreclientset.NewForConfig(restConfig)
		Expect(err).NotTo(HaveOccurred())
	})

	It("stops within its watch termination grace period on SIGTERM while watches are open", func() {
		watchCtx, cancel := context.WithCancel(ctx)
		defer cancel()
		profiles, err := gardenClient.CoreV1beta1().ExtensionProfiles().Watch(watchCtx, metav1.ListOptions{})
		Expect(err).NotTo(HaveOccurred())
		defer profiles.Stop()
		shoots, err := gardenClient.CoreV1beta1().Shoots(metav1.NamespaceAll).Watch(watchCtx, metav1.ListOptions{})
		Expect(err).NotTo(HaveOccurred())
		defer shoots.Stop()

		server := testEnv.GardenerAPIServer
		exited, exitErr := server.Exited()
		Expect(server.Signal(syscall.SIGTERM)).To(Succeed())

		// Without the watch termination grace period the HTTP server waits up to --request-timeout
		// (60 s) for the open watches and fails ("context deadline exceeded").
		Eventually(exited).WithTimeout(app.DefaultShutdownWatchTerminationGracePeriod + 15*time.Second).Should(BeClosed())
		Expect(exitErr()).To(Succeed(), "a clean exit")
		Eventually(profiles.ResultChan()).Should(BeClosed())
		Eventually(shoots.ResultChan()).Should(BeClosed())

		Expect(server.Restart(ctx)).To(Succeed())
	})

	It("loses, doubles and half-writes nothing when killed during a stream of writes", func() {
		const writes = 120
		rng := rand.New(rand.NewPCG(uint64(GinkgoRandomSeed()), 7)) // #nosec G404 -- reproducible chaos, not security
		killAfter := int32(10 + rng.IntN(writes/2))

		profile := func(i int) *gardencorev1beta1.ExtensionProfile {
			return &gardencorev1beta1.ExtensionProfile{
				ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("chaos-stream-%03d", i), Labels: map[string]string{"chaos": "stream"}},
				Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
					Name: "agent", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: fmt.Sprintf("1.0.%d", i)}, {Version: "2.0.0"}},
				}}},
			}
		}

		var acknowledged atomic.Int32
		streamErr := make(chan error, 1)
		go func() {
			defer GinkgoRecover()
			// Each create is retried until it is acknowledged or found to exist: a create whose
			// answer was lost in the kill may have been stored.
			backoff := wait.Backoff{Duration: 50 * time.Millisecond, Factor: 1.5, Jitter: 0.1, Steps: 30, Cap: 2 * time.Second}
			for i := range writes {
				err := retry.OnError(backoff, func(error) bool { return true }, func() error {
					_, err := gardenClient.CoreV1beta1().ExtensionProfiles().Create(ctx, profile(i), metav1.CreateOptions{})
					if apierrors.IsAlreadyExists(err) {
						return nil
					}
					return err
				})
				if err != nil {
					streamErr <- fmt.Errorf("write %d: %w", i, err)
					return
				}
				acknowledged.Add(1)
			}
			streamErr <- nil
		}()

		By(fmt.Sprintf("Kill gardener-apiserver after %d acknowledged writes, and start it again", killAfter))
		Eventually(acknowledged.Load).Should(BeNumerically(">=", killAfter))
		server := testEnv.GardenerAPIServer
		Expect(server.Kill()).To(Succeed())
		Expect(server.Restart(ctx)).To(Succeed())

		Eventually(streamErr).WithTimeout(90 * time.Second).Should(Receive(BeNil()))

		list, err := gardenClient.CoreV1beta1().ExtensionProfiles().List(ctx, metav1.ListOptions{LabelSelector: "chaos=stream"})
		Expect(err).NotTo(HaveOccurred())
		Expect(list.Items).To(HaveLen(writes))
		for i, stored := range list.Items {
			Expect(stored.Name).To(Equal(profile(i).Name))
			Expect(stored.Spec.Components).To(HaveLen(1))
			Expect(stored.Spec.Components[0].Versions).To(HaveLen(2), "stored whole, as written")
			Expect(stored.Spec.Components[0].Versions[0].Version).To(Equal(fmt.Sprintf("1.0.%d", i)))
		}

		By("The restarted server takes writes as before")
		_, err = gardenClient.CoreV1beta1().ExtensionProfiles().Create(ctx, profile(writes), metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
	})
})
