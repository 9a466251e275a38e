// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package metrics

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/test/examples"
)

// header is the HELP and TYPE preamble of the gauge in the text exposition format.
var header = fmt.Sprintf("# HELP %s %s\n# TYPE %s gauge\n", extensionComponentShootsName, extensionComponentShootsHelp, extensionComponentShootsName)

func sample(extensionType, component, version, classification string, shoots int) string {
	return fmt.Sprintf("%s{classification=%q,component=%q,extension_type=%q,version=%q} %d\n",
		extensionComponentShootsName, classification, component, extensionType, version, shoots)
}

func readExample[T any](file string) *T {
	obj := new(T)
	Expect(yaml.Unmarshal(examples.MustRead(file), obj)).To(Succeed())
	return obj
}

func pinningShoot(name string, extensions ...gardencorev1beta1.Extension) *gardencorev1beta1.Shoot {
	return &gardencorev1beta1.Shoot{
		ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: name},
		Spec:       gardencorev1beta1.ShootSpec{Extensions: extensions},
	}
}

func extension(extensionType string, pins ...string) gardencorev1beta1.Extension {
	e := gardencorev1beta1.Extension{Type: extensionType}
	for i := 0; i+1 < len(pins); i += 2 {
		e.Components = append(e.Components, gardencorev1beta1.ExtensionComponent{Name: pins[i], Version: ptr.To(pins[i+1])})
	}
	return e
}

var _ = Describe("extensionComponentShootsCollector", func() {
	var (
		fakeClock *testclock.FakeClock
		objects   []client.Object
		collector *extensionComponentShootsCollector
	)

	newCollector := func(funcs interceptor.Funcs) *extensionComponentShootsCollector {
		c := fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithObjects(objects...).WithInterceptorFuncs(funcs).Build()
		return &extensionComponentShootsCollector{Reader: c, Clock: fakeClock, Log: logr.Discard()}
	}

	BeforeEach(func() {
		fakeClock = testclock.NewFakeClock(examples.ReferenceTime)
		objects = []client.Object{readExample[gardencorev1beta1.ExtensionProfile]("extensionprofile-shoot-traefik.yaml")}
	})

	It("reports every offered version, with 0 when unpinned, classified at the clock's time", func() {
		collector = newCollector(interceptor.Funcs{})
		Expect(testutil.CollectAndCompare(collector, strings.NewReader(header+
			sample("shoot-traefik", "traefik", "3.6.1", "expired", 0)+
			sample("shoot-traefik", "traefik", "3.6.11", "supported", 0)+
			sample("shoot-traefik", "traefik", "3.6.12", "deprecated", 0)+
			sample("shoot-traefik", "traefik", "3.6.13", "supported", 0)+
			sample("shoot-traefik", "traefik", "3.6.14", "unavailable", 0)+
			sample("shoot-traefik", "traefik", "3.6.7", "expired", 0)+
			sample("shoot-traefik", "traefik", "3.7.0", "preview", 0),
		), extensionComponentShootsName)).To(Succeed())
	})

	It("counts the Shoots pinning each version, and classifies versions no profile offers as unknown", func() {
		deleting := pinningShoot("deleting", extension("shoot-traefik", "traefik", "3.6.12"))
		deleting.DeletionTimestamp = &metav1.Time{Time: examples.ReferenceTime}
		deleting.Finalizers = []string{"gardener"}

		disabled := extension("shoot-traefik", "traefik", "3.6.12")
		disabled.Disabled = ptr.To(true)

		objects = append(objects,
			// The reference Shoot pins falco 0.44.1 (no profile here: unknown) and traefik 3.6.13.
			readExample[gardencorev1beta1.Shoot]("shoot-accepted-falco-traefik.yaml"),
			// Two entries of the same type pinning the same version count the Shoot once.
			pinningShoot("twice", extension("shoot-traefik", "traefik", "3.6.13"), extension("shoot-traefik", "traefik", "3.6.13")),
			// A disabled extension's pin counts.
			pinningShoot("disabled", disabled),
			// A Shoot being deleted does not count.
			deleting,
			// A version the profile does not offer, and a component it does not list.
			pinningShoot("unknown", extension("shoot-traefik", "traefik", "3.6.10", "proxy", "1.0.0")),
			// An extension without pins counts nowhere.
			pinningShoot("unpinned", extension("shoot-traefik"), extension("shoot-cert-service")),
		)
		collector = newCollector(interceptor.Funcs{})

		Expect(testutil.CollectAndCompare(collector, strings.NewReader(header+
			sample("shoot-falco-service", "falco", "0.44.1", "unknown", 1)+
			sample("shoot-traefik", "proxy", "1.0.0", "unknown", 1)+
			sample("shoot-traefik", "traefik", "3.6.1", "expired", 0)+
			sample("shoot-traefik", "traefik", "3.6.10", "unknown", 1)+
			sample("shoot-traefik", "traefik", "3.6.11", "supported", 0)+
			sample("shoot-traefik", "traefik", "3.6.12", "deprecated", 1)+
			sample("shoot-traefik", "traefik", "3.6.13", "supported", 2)+
			sample("shoot-traefik", "traefik", "3.6.14", "unavailable", 0)+
			sample("shoot-traefik", "traefik", "3.6.7", "expired", 0)+
			sample("shoot-traefik", "traefik", "3.7.0", "preview", 0),
		), extensionComponentShootsName)).To(Succeed())
	})

	It("recomputes the classification at every scrape, from the injected clock", func() {
		objects = append(objects, pinningShoot("deprecated-pin", extension("shoot-traefik", "traefik", "3.6.12")))
		collector = newCollector(interceptor.Funcs{})
		Expect(seriesOf(collector)).To(ContainElements(
			series{ExtensionType: "shoot-traefik", Component: "traefik", Version: "3.6.12", Classification: "deprecated", Shoots: 1},
			series{ExtensionType: "shoot-traefik", Component: "traefik", Version: "3.6.14", Classification: "unavailable", Shoots: 0},
		))

		// 3.6.14 becomes supported on 2027-01-11, 3.6.12 expires on 2027-01-31.
		fakeClock.SetTime(time.Date(2027, time.February, 1, 0, 0, 0, 0, time.UTC))
		Expect(seriesOf(collector)).To(ContainElements(
			series{ExtensionType: "shoot-traefik", Component: "traefik", Version: "3.6.12", Classification: "expired", Shoots: 1},
			series{ExtensionType: "shoot-traefik", Component: "traefik", Version: "3.6.14", Classification: "supported", Shoots: 0},
		))
	})

	It("reports no series, without failing the scrape, when the reads fail", func() {
		collector = newCollector(interceptor.Funcs{
			List: func(ctx context.Context, c client.WithWatch, list client.ObjectList, opts ...client.ListOption) error {
				if _, ok := list.(*gardencorev1beta1.ShootList); ok {
					return errors.New("cache not started")
				}
				return c.List(ctx, list, opts...)
			},
		})
		registry := prometheus.NewPedanticRegistry()
		Expect(registry.Register(collector)).To(Succeed())
		families, err := registry.Gather()
		Expect(err).NotTo(HaveOccurred())
		Expect(families).To(BeEmpty())
	})

	It("bounds the reads of one scrape with its timeout", func() {
		collector = newCollector(interceptor.Funcs{
			List: func(ctx context.Context, _ client.WithWatch, _ client.ObjectList, _ ...client.ListOption) error {
				<-ctx.Done()
				return ctx.Err()
			},
		})
		collector.Timeout = 50 * time.Millisecond
		done := make(chan int)
		go func() { done <- testutil.CollectAndCount(collector) }()
		Eventually(done).WithTimeout(5 * time.Second).Should(Receive(Equal(0)))
	})

	It("passes the registry's consistency checks", func() {
		objects = append(objects, readExample[gardencorev1beta1.Shoot]("shoot-accepted-falco-traefik.yaml"))
		collector = newCollector(interceptor.Funcs{})
		problems, err := testutil.CollectAndLint(collector)
		Expect(err).NotTo(HaveOccurred())
		Expect(problems).To(BeEmpty())
	})
})

// seriesOf collects the collector's metrics and returns them as series.
func seriesOf(c prometheus.Collector) []series {
	registry := prometheus.NewPedanticRegistry()
	Expect(registry.Register(c)).To(Succeed())
	families, err := registry.Gather()
	Expect(err).NotTo(HaveOccurred())
	var out []series
	for _, family := range families {
		for _, m := range family.GetMetric() {
			s := series{Shoots: int(m.GetGauge().GetValue())}
			for _, l := range m.GetLabel() {
				switch l.GetName() {
				case "extension_type":
					s.ExtensionType = l.GetValue()
				case "component":
					s.Component = l.GetValue()
				case "version":
					s.Version = l.GetValue()
				case "classification":
					s.Classification = l.GetValue()
				}
			}
			out = append(out, s)
		}
	}
	return out
}
