// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/tools/cache"
	watchtools "k8s.io/client-go/tools/watch"
	"k8s.io/utils/ptr"

	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
)

// loadConfig loads a ControllerManagerConfiguration file with content, defaulted and validated as
// gardener-controller-manager loads --config.
func loadConfig(content string) *controllermanagerconfigv1alpha1.ControllerManagerConfiguration {
	GinkgoHelper()
	path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
	Expect(os.WriteFile(path, []byte(content), 0o600)).To(Succeed())
	cfg, err := controllermanagerconfigv1alpha1.Load(path)
	Expect(err).NotTo(HaveOccurred())
	Expect(controllermanagerconfigv1alpha1.Validate(cfg)).To(BeEmpty())
	return cfg
}

// audit is every stored version of the Shoots of a namespace, in order, as a watch from before
// their creation delivers them: the server's record of what was written, independent of what the
// writers believe.
type audit struct {
	mu       sync.Mutex
	versions map[string][]*gardencorev1beta1.Shoot
}

// startAudit watches the Shoots of namespace from now on until the spec ends; a broken watch is
// resumed from the last resourceVersion, so no version is missed.
func startAudit(c gardencoreclientset.Interface, namespace string) *audit {
	GinkgoHelper()
	list, err := c.CoreV1beta1().Shoots(namespace).List(ctx, metav1.ListOptions{})
	Expect(err).NotTo(HaveOccurred())
	watchCtx, cancel := context.WithCancel(ctx)
	DeferCleanup(cancel)
	watcher, err := watchtools.NewRetryWatcherWithContext(watchCtx, list.ResourceVersion, &cache.ListWatch{
		WatchFuncWithContext: func(ctx context.Context, options metav1.ListOptions) (watch.Interface, error) {
			return c.CoreV1beta1().Shoots(namespace).Watch(ctx, options)
		},
	})
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(watcher.Stop)
	a := &audit{versions: map[string][]*gardencorev1beta1.Shoot{}}
	go func() {
		for event := range watcher.ResultChan() {
			shoot, ok := event.Object.(*gardencorev1beta1.Shoot)
			if !ok || (event.Type != watch.Added && event.Type != watch.Modified) {
				continue
			}
			a.mu.Lock()
			a.versions[shoot.Name] = append(a.versions[shoot.Name], shoot)
			a.mu.Unlock()
		}
	}()
	return a
}

// history returns the stored versions of the named Shoot.
func (a *audit) history(name string) []*gardencorev1beta1.Shoot {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]*gardencorev1beta1.Shoot(nil), a.versions[name]...)
}

// resourceVersion returns the resourceVersion of the last stored version of the named Shoot.
func (a *audit) resourceVersion(name string) string {
	h := a.history(name)
	if len(h) == 0 {
		return ""
	}
	return h[len(h)-1].ResourceVersion
}

// maintenanceWrites returns the stored versions of a history that carry a maintenance write: a
// new generation, a changed spec.
func maintenanceWrites(history []*gardencorev1beta1.Shoot) []*gardencorev1beta1.Shoot {
	var writes []*gardencorev1beta1.Shoot
	for i, shoot := range history {
		if i > 0 && shoot.Generation != history[i-1].Generation {
			writes = append(writes, shoot)
		}
	}
	return writes
}

// componentVersions returns the agent versions of a history, one per change.
func componentVersions(history []*gardencorev1beta1.Shoot) []string {
	var versions []string
	for _, shoot := range history {
		v := ptr.Deref(shoot.Spec.Extensions[0].Components[0].Version, "")
		if len(versions) == 0 || versions[len(versions)-1] != v {
			versions = append(versions, v)
		}
	}
	return versions
}
