// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("ContentCache", func() {
	var (
		cache   *ContentCache
		profile *gardencorev1beta1.ExtensionProfile
	)

	BeforeEach(func() {
		cache = NewContentCache()
		profile = loadProfile("extensionprofile-shoot-falco-service.yaml")
	})

	It("compiles a content once, whatever the metadata and the parts without rules", func() {
		first := cache.Get(profile)
		Expect(first.Rules("falco", "0.44.1")).To(HaveLen(3))
		same := profile.DeepCopy()
		same.Generation, same.ResourceVersion = 7, "123"
		same.Spec.Components[0].Versions[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(`{"a":1}`)}
		same.Spec.Components[0].Versions[0].Lifecycle = nil
		Expect(cache.Get(same)).To(BeIdenticalTo(first))
		Expect(cache.Misses()).To(Equal(1))
	})

	It("compiles again when a rule, a version or the order changes", func() {
		first := cache.Get(profile)
		rule := profile.DeepCopy()
		rule.Spec.Components[0].Versions[4].Compatibility.Validations[0].Message = "other"
		renamed := profile.DeepCopy()
		renamed.Spec.Components[0].Versions[4].Version = "0.44.2"
		reordered := profile.DeepCopy()
		versions := reordered.Spec.Components[0].Versions
		versions[0], versions[1] = versions[1], versions[0]
		for _, p := range []*gardencorev1beta1.ExtensionProfile{rule, renamed, reordered} {
			Expect(cache.Get(p)).NotTo(BeIdenticalTo(first))
		}
		Expect(cache.Misses()).To(Equal(4))
		Expect(cache.Get(profile)).To(BeIdenticalTo(first), "kept as one of the last contents")
		Expect(cache.Get(renamed).Rules("falco", "0.44.2")).To(HaveLen(3))
		Expect(cache.Misses()).To(Equal(4))
	})

	It("keeps the most recently used contents per profile name", func() {
		first := cache.Get(profile)
		for i := range ContentCacheEntriesPerProfile {
			variant := profile.DeepCopy()
			variant.Spec.Components[0].Versions[4].Compatibility.Validations[0].Message = fmt.Sprint(i)
			cache.Get(variant)
		}
		Expect(cache.Len()).To(Equal(ContentCacheEntriesPerProfile))
		Expect(cache.Get(profile)).NotTo(BeIdenticalTo(first), "evicted")

		other := profile.DeepCopy()
		other.Name = "other"
		cache.Get(other)
		Expect(cache.Len()).To(Equal(ContentCacheEntriesPerProfile + 1))
	})
})
