// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package smoke_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/apis/utils/timewindow"
)

// The CloudProfile of these tests has no lifecycles, so its classifications do not depend on the
// wall clock the suite runs with: every version is supported.
func boundedCloudProfile() *gardencorev1beta1.CloudProfile {
	version := func(v string) gardencorev1beta1.ExpirableVersion {
		return gardencorev1beta1.ExpirableVersion{Version: v}
	}
	image := func(v string) gardencorev1beta1.MachineImageVersion {
		return gardencorev1beta1.MachineImageVersion{ExpirableVersion: version(v), Architectures: []string{"amd64"}, CRI: []gardencorev1beta1.CRI{{Name: "containerd"}}}
	}
	return &gardencorev1beta1.CloudProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "admission-test"},
		Spec: gardencorev1beta1.CloudProfileSpec{
			Type:         "local",
			Regions:      []gardencorev1beta1.Region{{Name: "local"}},
			MachineTypes: []gardencorev1beta1.MachineType{{Name: "local", CPU: resource.MustParse("1"), Memory: resource.MustParse("1Gi")}},
			Kubernetes:   gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{version("1.35.4"), version("1.35.6"), version("1.36.1")}},
			MachineImages: []gardencorev1beta1.MachineImage{
				{Name: "gardenlinux", Versions: []gardencorev1beta1.MachineImageVersion{image("1877.5.0"), image("1877.8.0")}},
			},
		},
	}
}

// baseShoot is a minimal Shoot against boundedCloudProfile, as a JSON object.
func baseShoot(namespace, name string) map[string]any {
	return map[string]any{
		"apiVersion": "core.gardener.cloud/v1beta1",
		"kind":       "Shoot",
		"metadata":   map[string]any{"name": name, "namespace": namespace},
		"spec": map[string]any{
			"cloudProfile": map[string]any{"name": "admission-test"},
			"region":       "local",
			"kubernetes":   map[string]any{"version": "1.35"},
			"networking":   map[string]any{"type": "calico", "nodes": "10.0.0.0/16"},
			"provider": map[string]any{
				"type": "local",
				"workers": []any{map[string]any{
					"name": "pool", "minimum": 1, "maximum": 2,
					"machine": map[string]any{"type": "local"},
				}},
			},
			"extensions": []any{map[string]any{"type": "shoot-cert-service", "providerConfig": map[string]any{"a": "b"}}},
		},
	}
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	ExpectWithOffset(1, err).NotTo(HaveOccurred())
	return data
}

// shootsPath is the collection path of Shoots in a namespace, through kube-apiserver.
func shootsPath(namespace string) string {
	return "/apis/core.gardener.cloud/v1beta1/namespaces/" + namespace + "/shoots"
}

var _ = Describe("Shoot defaulting and admission against the CloudProfile", Ordered, func() {
	const namespace = "garden-admission"

	BeforeAll(func() {
		_, err := kubeClient.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}}, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
		_, err = gardenClient.CoreV1beta1().CloudProfiles().Create(ctx, boundedCloudProfile(), metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
	})

	create := func(manifest map[string]any) (*gardencorev1beta1.Shoot, error) {
		shoot := &gardencorev1beta1.Shoot{}
		err := gardenClient.CoreV1beta1().RESTClient().Post().AbsPath(shootsPath(namespace)).
			SetHeader("Content-Type", "application/json").Body(mustJSON(manifest)).Do(ctx).Into(shoot)
		return shoot, err
	}

	It("defaults versions, machine image, maintenance window and auto-update like Gardener", func() {
		manifest := baseShoot(namespace, "defaults")
		delete(manifest["spec"].(map[string]any)["kubernetes"].(map[string]any), "version")
		shoot, err := create(manifest)
		Expect(err).NotTo(HaveOccurred())

		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.36.1"))
		Expect(shoot.Spec.CloudProfile).To(Equal(&gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: "admission-test"}))
		Expect(shoot.Spec.Purpose).To(Equal(ptr.To(gardencorev1beta1.ShootPurposeEvaluation)))
		worker := shoot.Spec.Provider.Workers[0]
		Expect(worker.Machine.Image).To(Equal(&gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1877.8.0")}))
		Expect(worker.Machine.Architecture).To(Equal(ptr.To("amd64")))
		Expect(worker.CRI).To(Equal(&gardencorev1beta1.CRI{Name: "containerd"}))
		Expect(worker.MaxSurge).To(Equal(ptr.To(intstr.FromInt32(1))))
		Expect(worker.MaxUnavailable).To(Equal(ptr.To(intstr.FromInt32(0))))

		Expect(shoot.Spec.Maintenance.AutoUpdate).To(Equal(&gardencorev1beta1.MaintenanceAutoUpdate{KubernetesVersion: true, MachineImageVersion: ptr.To(true)}))
		window, err := timewindow.ParseMaintenanceTimeWindow(shoot.Spec.Maintenance.TimeWindow.Begin, shoot.Spec.Maintenance.TimeWindow.End)
		Expect(err).NotTo(HaveOccurred())
		Expect(window.Duration().Hours()).To(Equal(1.0))
		Expect(shoot.Spec.Maintenance.TimeWindow.Begin).To(MatchRegexp(`^(0\d|1\d|2[0-2])0000\+0000$`))
	})

	It("resolves a partial version and keeps the stored one when a re-apply matches it", func() {
		manifest := baseShoot(namespace, "partial")
		shoot, err := create(manifest)
		Expect(err).NotTo(HaveOccurred())
		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.35.6"))

		// Stored 1.35.4 (an explicit choice); re-applying "1.35" keeps it instead of moving to 1.35.6.
		shoot.Spec.Kubernetes.Version = "1.35.4"
		_, err = gardenClient.CoreV1beta1().Shoots(namespace).Update(ctx, shoot, metav1.UpdateOptions{})
		Expect(err).To(MatchError(ContainSubstring("downgrade is not supported")))

		manifest = baseShoot(namespace, "stored")
		manifest["spec"].(map[string]any)["kubernetes"] = map[string]any{"version": "1.35.4"}
		shoot, err = create(manifest)
		Expect(err).NotTo(HaveOccurred())
		shoot.Spec.Kubernetes.Version = "1.35"
		updated, err := gardenClient.CoreV1beta1().Shoots(namespace).Update(ctx, shoot, metav1.UpdateOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(updated.Spec.Kubernetes.Version).To(Equal("1.35.4"))
	})

	It("accepts a workerless Shoot", func() {
		manifest := baseShoot(namespace, "workerless")
		delete(manifest["spec"].(map[string]any)["provider"].(map[string]any), "workers")
		shoot, err := create(manifest)
		Expect(err).NotTo(HaveOccurred())
		Expect(shoot.Spec.Provider.Workers).To(BeEmpty())
		Expect(shoot.Spec.Maintenance.AutoUpdate).To(Equal(&gardencorev1beta1.MaintenanceAutoUpdate{KubernetesVersion: true}))
	})

	DescribeTable("rejects what the CloudProfile does not offer",
		func(mutate func(spec map[string]any), message string) {
			manifest := baseShoot(namespace, "rejected")
			mutate(manifest["spec"].(map[string]any))
			_, err := create(manifest)
			Expect(apierrors.IsForbidden(err) || apierrors.IsInvalid(err)).To(BeTrue(), "%v", err)
			Expect(err).To(MatchError(ContainSubstring(message)))
		},
		Entry("a missing CloudProfile", func(spec map[string]any) { spec["cloudProfile"] = map[string]any{"name": "nope"} },
			`spec.cloudProfile.name: Not found: "nope"`),
		Entry("no CloudProfile at all", func(spec map[string]any) { delete(spec, "cloudProfile") },
			`spec.cloudProfile.name: Required value`),
		Entry("an unknown region", func(spec map[string]any) { spec["region"] = "mars" },
			`spec.region: Unsupported value: "mars"`),
		Entry("a Kubernetes version not offered", func(spec map[string]any) { spec["kubernetes"] = map[string]any{"version": "1.30.1"} },
			`spec.kubernetes.version: Unsupported value: "1.30.1"`),
		Entry("a partial version without a match", func(spec map[string]any) { spec["kubernetes"] = map[string]any{"version": "1.40"} },
			`couldn't find a suitable version for "1.40"`),
		Entry("a machine image version not offered", func(spec map[string]any) {
			spec["provider"].(map[string]any)["workers"].([]any)[0].(map[string]any)["machine"] = map[string]any{
				"type": "local", "image": map[string]any{"name": "gardenlinux", "version": "1.0.0"}}
		}, `machine image version is not offered`),
		Entry("Kubernetes version abc", func(spec map[string]any) { spec["kubernetes"] = map[string]any{"version": "abc"} },
			`spec.kubernetes.version: Invalid value: "abc": must be a semantic version`),
		Entry("purpose bogus", func(spec map[string]any) { spec["purpose"] = "bogus" },
			`spec.purpose: Unsupported value: "bogus"`),
		Entry("networking.nodes bogus", func(spec map[string]any) { spec["networking"] = map[string]any{"nodes": "bogus"} },
			`spec.networking.nodes: Invalid value: "bogus"`),
		Entry("minimum -5", func(spec map[string]any) {
			spec["provider"].(map[string]any)["workers"].([]any)[0].(map[string]any)["minimum"] = -5
		}, `spec.provider.workers[0].minimum: Invalid value: -5`),
		Entry("maximum below minimum", func(spec map[string]any) {
			spec["provider"].(map[string]any)["workers"].([]any)[0].(map[string]any)["minimum"] = 3
		}, `spec.provider.workers[0].maximum: Forbidden: maximum value (2) must not be less than minimum value (3)`),
	)

	It("refuses a body above the request limit with 413 and the limit", func() {
		manifest := baseShoot(namespace, "huge")
		manifest["spec"].(map[string]any)["region"] = strings.Repeat("r", 2*1024*1024)
		var code int
		result := kubeClient.CoreV1().RESTClient().Post().AbsPath(shootsPath(namespace)).
			SetHeader("Content-Type", "application/json").Body(mustJSON(manifest)).Do(ctx).StatusCode(&code)
		Expect(code).To(Equal(http.StatusRequestEntityTooLarge))
		Expect(result.Error()).To(MatchError(ContainSubstring("limit is 1048576")))
	})

	It("refuses an object that grows past the storage limit with 413, not 500", func() {
		// Each JSON patch is far below the request limit; together they grow the stored object
		// past etcd's request limit (1.5 MiB).
		_, err := create(baseShoot(namespace, "growing"))
		Expect(err).NotTo(HaveOccurred())
		filler := strings.Repeat("f", 120*1024)
		var code int
		var result rest.Result
		for i := 0; i < 30 && code != http.StatusRequestEntityTooLarge; i++ {
			patch := mustJSON([]any{map[string]any{
				"op": "add", "path": "/spec/extensions/-",
				"value": map[string]any{"type": fmt.Sprintf("filler-%d", i), "providerConfig": map[string]any{"data": filler}},
			}})
			result = gardenClient.CoreV1beta1().RESTClient().Patch(types.JSONPatchType).AbsPath(shootsPath(namespace), "growing").
				Body(patch).Do(ctx)
			result.StatusCode(&code)
			Expect(code).To(Or(Equal(http.StatusOK), Equal(http.StatusRequestEntityTooLarge)), "patch %d: %v", i, result.Error())
		}
		Expect(code).To(Equal(http.StatusRequestEntityTooLarge))
		Expect(result.Error()).To(MatchError(ContainSubstring("exceeds the storage limit")))
	})

	It("answers 1,000 mutated inputs without a 5xx and without echoing large values", func() {
		existing, err := create(baseShoot(namespace, "target"))
		Expect(err).NotTo(HaveOccurred())

		random := rand.New(rand.NewPCG(78, 13))
		statuses := map[int]int{}
		for i := range 1000 {
			manifest := baseShoot(namespace, "target")
			touchesMetadata := mutateRandomly(random, manifest)
			body := mustJSON(manifest)

			var request = kubeClient.CoreV1().RESTClient().Post().AbsPath(shootsPath(namespace))
			switch i % 3 {
			case 1:
				manifest["metadata"].(map[string]any)["resourceVersion"] = existing.ResourceVersion
				body = mustJSON(manifest)
				request = kubeClient.CoreV1().RESTClient().Put().AbsPath(shootsPath(namespace), "target")
			case 2:
				request = kubeClient.CoreV1().RESTClient().Patch("application/merge-patch+json").AbsPath(shootsPath(namespace), "target")
			}
			var code int
			result := request.Param("dryRun", "All").Param("fieldValidation", "Strict").
				SetHeader("Content-Type", "application/json").Body(body).Do(ctx).StatusCode(&code)
			statuses[code]++
			Expect(code).To(BeNumerically("<", 500), "input %d: %s\n%v", i, truncate(string(body)), result.Error())
			// Object metadata is checked by k8s.io/apiserver (name on the URL, ObjectMeta
			// validation), whose messages quote the whole value, as for every Kubernetes resource.
			if err := result.Error(); err != nil && !touchesMetadata {
				Expect(len(err.Error())).To(BeNumerically("<", 8*1024), "input %d echoes too much: %s", i, truncate(err.Error()))
			}
		}
		GinkgoWriter.Printf("status codes of the mutated inputs: %v\n", statuses)
		Expect(statuses).To(HaveKey(http.StatusOK), "some mutations are harmless")
		Expect(len(statuses)).To(BeNumerically(">", 2), "the mutations reach different checks")
	})
})

func truncate(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

// mutationPaths are the modelled fields the fuzz loop mutates.
var mutationPaths = [][]string{
	{"metadata", "name"}, {"metadata", "annotations"},
	{"spec", "cloudProfile"}, {"spec", "cloudProfile", "kind"}, {"spec", "cloudProfile", "name"}, {"spec", "cloudProfileName"},
	{"spec", "region"}, {"spec", "purpose"}, {"spec", "seedName"}, {"spec", "credentialsBindingName"},
	{"spec", "kubernetes"}, {"spec", "kubernetes", "version"},
	{"spec", "networking"}, {"spec", "networking", "type"}, {"spec", "networking", "nodes"}, {"spec", "networking", "pods"}, {"spec", "networking", "services"},
	{"spec", "provider"}, {"spec", "provider", "type"}, {"spec", "provider", "workers"},
	{"spec", "provider", "workers", "0", "name"}, {"spec", "provider", "workers", "0", "minimum"}, {"spec", "provider", "workers", "0", "maximum"},
	{"spec", "provider", "workers", "0", "maxSurge"}, {"spec", "provider", "workers", "0", "maxUnavailable"}, {"spec", "provider", "workers", "0", "zones"},
	{"spec", "provider", "workers", "0", "machine", "type"}, {"spec", "provider", "workers", "0", "machine", "architecture"},
	{"spec", "provider", "workers", "0", "machine", "image"}, {"spec", "provider", "workers", "0", "machine", "image", "name"},
	{"spec", "provider", "workers", "0", "machine", "image", "version"}, {"spec", "provider", "workers", "0", "cri", "name"},
	{"spec", "maintenance", "timeWindow", "begin"}, {"spec", "maintenance", "timeWindow", "end"}, {"spec", "maintenance", "autoUpdate"},
	{"spec", "extensions"}, {"spec", "extensions", "0", "type"}, {"spec", "extensions", "0", "providerConfig"},
	{"spec", "extensions", "0", "components"}, {"spec", "extensions", "0", "disabled"},
}

// mutationValues are the values the fuzz loop writes: wrong types, empty, over-long and
// malformed strings, out-of-range numbers, and valid-looking values.
func mutationValue(random *rand.Rand) any {
	values := []func() any{
		func() any { return nil },
		func() any { return "" },
		func() any { return "abc" },
		func() any { return "-5" },
		func() any { return "1.35" },
		func() any { return "v1.35.4" },
		func() any { return "10.0.0.0/8" },
		func() any { return "150%" },
		func() any { return "ünïcödé\u0000\u202e" },
		func() any { return strings.Repeat("x", 300) },
		func() any { return strings.Repeat("y", 200*1024) },
		func() any { return strings.Repeat("z", 1100*1024) },
		func() any { return -5 },
		func() any { return 0 },
		func() any { return 1 << 40 },
		func() any { return 3.5 },
		func() any { return true },
		func() any { return []any{"a", 1, nil} },
		func() any { return []any{map[string]any{"name": strings.Repeat("n", 300), "version": "3"}} },
		func() any { return map[string]any{"name": "x", "version": 7} },
		func() any { return map[string]any{strings.Repeat("k", 100): strings.Repeat("v", 1000)} },
	}
	return values[random.IntN(len(values))]()
}

// mutateRandomly sets one to three random mutationPaths of the manifest to mutationValues,
// creating the intermediate objects it needs. It reports whether it touched metadata.
func mutateRandomly(random *rand.Rand, manifest map[string]any) bool {
	touchesMetadata := false
	for range 1 + random.IntN(3) {
		path := mutationPaths[random.IntN(len(mutationPaths))]
		touchesMetadata = touchesMetadata || path[0] == "metadata"
		setPath(manifest, path, mutationValue(random))
	}
	return touchesMetadata
}

func setPath(node any, path []string, value any) {
	for i, key := range path {
		last := i == len(path)-1
		switch n := node.(type) {
		case map[string]any:
			if last {
				n[key] = value
				return
			}
			next, ok := n[key]
			if !ok || next == nil {
				next = map[string]any{}
				if path[i+1] == "0" {
					next = []any{map[string]any{}}
				}
				n[key] = next
			}
			node = next
		case []any:
			if len(n) == 0 {
				return
			}
			if last {
				n[0] = value
				return
			}
			node = n[0]
		default:
			return // a scalar on the way: the earlier mutation already replaced the subtree
		}
	}
}
