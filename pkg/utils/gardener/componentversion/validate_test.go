// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"reflect"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("autoUpdateEqual", func() {
	It("compares every field of ExtensionAutoUpdate", func() {
		// autoUpdateEqual compares Enabled, UpdateStrategy and Classifications. A new field must be
		// added there (and to the cases below) before this passes again.
		Expect(reflect.TypeFor[gardencorev1beta1.ExtensionAutoUpdate]().NumField()).To(Equal(3))
	})

	It("decides as apiequality.Semantic.DeepEqual does", func() {
		minor, patch := gardencorev1beta1.UpdateStrategyMinor, gardencorev1beta1.UpdateStrategyPatch
		policies := []*gardencorev1beta1.ExtensionAutoUpdate{
			nil,
			{},
			{Enabled: ptr.To(true)},
			{Enabled: ptr.To(false)},
			{UpdateStrategy: &minor},
			{Enabled: ptr.To(true), UpdateStrategy: &minor},
			{Enabled: ptr.To(true), UpdateStrategy: &patch},
			{Classifications: []gardencorev1beta1.VersionClassification{}},
			{Classifications: []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported}},
			{Classifications: []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationSupported}},
			{Classifications: []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported, gardencorev1beta1.ClassificationPreview}},
			{Enabled: ptr.To(true), UpdateStrategy: &patch, Classifications: []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported}},
		}
		for _, a := range policies {
			for _, b := range policies {
				// Distinct pointers with equal contents.
				a, b := a.DeepCopy(), b.DeepCopy()
				Expect(autoUpdateEqual(a, b)).To(Equal(apiequality.Semantic.DeepEqual(a, b)), "%+v vs %+v", a, b)
			}
		}
	})
})
