// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	"context"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("Cache", func() {
	var (
		cache   *Cache
		profile *gardencorev1beta1.ExtensionProfile
	)

	BeforeEach(func() {
		cache = NewCache()
		profile = loadProfile("extensionprofile-shoot-falco-service.yaml")
		profile.UID = types.UID("2b1f7c5e-0000-4000-8000-000000000001")
		profile.Generation = 3
		profile.ResourceVersion = "100"
	})

	It("compiles the rules of every component version with StoredExpressions", func() {
		compiled := cache.Get(profile)
		Expect(compiled.Name).To(Equal("shoot-falco-service"))
		Expect(compiled.Errors).To(BeEmpty())
		Expect(compiled.Rules("falco", "0.44.1")).To(HaveLen(3))
		Expect(compiled.Rules("falco", "0.42.1")).To(HaveLen(1))
		Expect(compiled.Rules("falco", "0.41.3")).To(BeEmpty(), "a version without rules")
		Expect(compiled.Rules("falco", "9.9.9")).To(BeNil())
		Expect(compiled.Rules("falcosidekick", "0.44.1")).To(BeNil())

		results := Evaluate(context.Background(), compiled.Rules("falco", "0.44.1"), loadShoot("shoot-rejected-cel-rule-machine-image.yaml"))
		Expect(results[2]).To(failed("falco 0.44 requires Garden Linux 1877.8.0 or newer on gardenlinux worker pools (illustrative rule)"))
	})

	It("returns the same programs for the same generation, also after metadata-only changes", func() {
		first := cache.Get(profile)
		again := profile.DeepCopy()
		again.ResourceVersion = "101"
		again.Labels = map[string]string{"foo": "bar"}
		Expect(cache.Get(again)).To(BeIdenticalTo(first))
		Expect(cache.Len()).To(Equal(1))
	})

	It("recompiles for a new generation and replaces the entry", func() {
		first := cache.Get(profile)
		updated := profile.DeepCopy()
		updated.Generation = 4
		updated.Spec.Components[0].Versions[4].Compatibility.Validations[0].Rule = "semver(shoot.spec.kubernetes.version).compareTo(semver('1.36.0')) >= 0"

		second := cache.Get(updated)
		Expect(second).NotTo(BeIdenticalTo(first))
		Expect(second.Generation).To(Equal(int64(4)))
		Expect(second.Rules("falco", "0.44.1")[0].Rule).To(ContainSubstring("1.36.0"))
		Expect(cache.Len()).To(Equal(1))
		Expect(cache.Get(updated)).To(BeIdenticalTo(second))
	})

	It("recompiles for a profile recreated under the same name", func() {
		first := cache.Get(profile)
		recreated := profile.DeepCopy()
		recreated.UID = types.UID("2b1f7c5e-0000-4000-8000-000000000002")
		Expect(cache.Get(recreated)).NotTo(BeIdenticalTo(first))
	})

	It("keys on resourceVersion when the generation is not set", func() {
		profile.Generation = 0
		first := cache.Get(profile)
		Expect(cache.Get(profile)).To(BeIdenticalTo(first))

		changed := profile.DeepCopy()
		changed.ResourceVersion = "101"
		Expect(cache.Get(changed)).NotTo(BeIdenticalTo(first))
	})

	It("does not cache a profile without generation and resourceVersion", func() {
		profile.Generation, profile.ResourceVersion = 0, ""
		first := cache.Get(profile)
		Expect(cache.Get(profile)).NotTo(BeIdenticalTo(first))
		Expect(cache.Len()).To(BeZero())
	})

	It("keeps one entry per profile and drops deleted ones", func() {
		cache.Get(profile)
		traefik := loadProfile("extensionprofile-shoot-traefik.yaml")
		traefik.Generation = 1
		cache.Get(traefik)
		Expect(cache.Len()).To(Equal(2))

		cache.Delete("shoot-traefik")
		Expect(cache.Len()).To(Equal(1))
	})

	It("reports stored rules that no longer compile, and evaluates them as errors", func() {
		profile.Spec.Components[0].Versions[4].Compatibility.Validations[1].Rule = "shoot.spec.provider.wokers.all(w, true)"
		compiled := cache.Get(profile)
		Expect(compiled.Errors).To(ConsistOf(
			fieldError(field.ErrorTypeInvalid, "spec.components[0].versions[4].compatibility.validations[1].rule", "undefined field 'wokers'")))

		results := Evaluate(context.Background(), compiled.Rules("falco", "0.44.1"), loadShoot("shoot-accepted-falco-traefik.yaml"))
		Expect(results).To(HaveExactElements(passed(), errored("rule compilation error:"), passed()))
	})

	It("is safe for concurrent use", func() {
		profiles := []*gardencorev1beta1.ExtensionProfile{profile}
		for _, file := range []string{"extensionprofile-shoot-traefik.yaml", "extensionprofile-envoy-gateway.yaml"} {
			p := loadProfile(file)
			p.Generation = 1
			profiles = append(profiles, p)
		}
		var wg sync.WaitGroup
		for i := range 16 {
			wg.Go(func() {
				defer GinkgoRecover()
				p := profiles[i%len(profiles)]
				Expect(cache.Get(p).Name).To(Equal(p.Name))
				if i%5 == 0 {
					cache.Delete(p.Name)
				}
			})
		}
		wg.Wait()
		Expect(cache.Len()).To(BeNumerically("<=", 3))
	})
})
