// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package controllermanager_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/tools/cache"
	watchtools "k8s.io/client-go/tools/watch"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/controllermanager/apis/config/v1alpha1"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
	"github.com/gep-78/gardener/test/examples"
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

// write is one successful maintenance write (the Shoot Update that stores the maintained spec
// with its pending result) of a replica.
type write struct {
	replica string
	key     client.ObjectKey
	at      time.Time
	// leading says whether the replica's manager had been elected when it wrote.
	leading bool
}

// writeLog collects the maintenance writes of every replica.
type writeLog struct {
	mu     sync.Mutex
	writes []write
}

// add records w and returns how many writes its replica has made so far.
func (l *writeLog) add(w write) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes = append(l.writes, w)
	n := 0
	for _, x := range l.writes {
		if x.replica == w.replica {
			n++
		}
	}
	return n
}

func (l *writeLog) snapshot() []write {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]write(nil), l.writes...)
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

// maintenanceWrites returns the stored versions of a history that carry a maintenance write: the
// maintained spec with a new pending result.
func maintenanceWrites(history []*gardencorev1beta1.Shoot) []*gardencorev1beta1.Shoot {
	var writes []*gardencorev1beta1.Shoot
	previous := ""
	for _, shoot := range history {
		pending := shoot.Annotations[maintenance.AnnotationPendingResult]
		if pending != "" && pending != previous {
			writes = append(writes, shoot)
		}
		previous = pending
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

// cloudProfile is the example CloudProfile "local" renamed, with only versions without
// lifecycle, so that the upgrades do not depend on the day: Kubernetes 1.35.4 -> 1.35.6 (patch)
// and gardenlinux 1877.5.0 -> 1877.8.0 (image update strategy minor).
func cloudProfile(name string) *gardencorev1beta1.CloudProfile {
	profile := &gardencorev1beta1.CloudProfile{}
	examples.MustDecode("cloudprofile-local.yaml", profile)
	profile.ObjectMeta = metav1.ObjectMeta{Name: name}
	profile.Spec.Kubernetes.Versions = []gardencorev1beta1.ExpirableVersion{{Version: "1.35.6"}, {Version: "1.35.4"}}
	for i := range profile.Spec.MachineImages {
		image := &profile.Spec.MachineImages[i]
		if image.Name != "gardenlinux" {
			continue
		}
		var versions []gardencorev1beta1.MachineImageVersion
		for _, v := range image.Versions {
			if v.Version == "1877.8.0" || v.Version == "1877.5.0" {
				v.ExpirationDate, v.Classification, v.Lifecycle = nil, nil, nil
				versions = append(versions, v)
			}
		}
		image.Versions = versions
		image.UpdateStrategy = ptr.To(gardencorev1beta1.UpdateStrategyMinor)
	}
	return profile
}

// extensionProfile offers component agent 1.0.0 and 1.1.0, without lifecycle or rules.
func extensionProfile(name string) *gardencorev1beta1.ExtensionProfile {
	return &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: gardencorev1beta1.ExtensionProfileSpec{
			UpdateStrategy: &gardencorev1beta1.ExtensionUpdateStrategy{
				Default:   ptr.To(gardencorev1beta1.UpdateStrategyPatch),
				Supported: []gardencorev1beta1.MachineImageUpdateStrategy{gardencorev1beta1.UpdateStrategyPatch, gardencorev1beta1.UpdateStrategyMinor},
			},
			Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name:     "agent",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.1.0"}, {Version: "1.0.0"}},
			}},
		},
	}
}

// shootToMaintain is the example Shoot of the maintenance order on the given profiles, pinning
// agent 1.0.0, with a maintenance window twelve hours from now and the operation "maintain", so
// that it is maintained once, now.
func shootToMaintain(namespace, name, cloudProfileName, extensionType string) *gardencorev1beta1.Shoot {
	shoot := &gardencorev1beta1.Shoot{}
	examples.MustDecode("shoot-accepted-maintenance-ordering.yaml", shoot)
	shoot.ObjectMeta = metav1.ObjectMeta{Namespace: namespace, Name: name,
		Annotations: map[string]string{gardenerutils.AnnotationShootOperation: gardenerutils.ShootOperationMaintain}}
	shoot.Spec.CloudProfile = &gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: cloudProfileName}
	begin := time.Now().UTC().Add(12 * time.Hour)
	shoot.Spec.Maintenance.TimeWindow = &gardencorev1beta1.MaintenanceTimeWindow{
		Begin: fmt.Sprintf("%02d0000+0000", begin.Hour()),
		End:   fmt.Sprintf("%02d0000+0000", begin.Add(time.Hour).Hour()),
	}
	shoot.Spec.Extensions = []gardencorev1beta1.Extension{{
		Type:       extensionType,
		AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor)},
		Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.0")}},
	}}
	return shoot
}
