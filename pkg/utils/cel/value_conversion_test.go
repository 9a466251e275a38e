// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	"reflect"

	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("ShootValue as a CEL value", func() {
	var (
		shoot *gardencorev1beta1.Shoot
		value traits.Mapper
	)

	// at reads the path of keys (strings) and indexes (ints) below the value.
	at := func(path ...any) ref.Val {
		var v ref.Val = value
		for _, p := range path {
			switch key := p.(type) {
			case string:
				v = v.(traits.Mapper).Get(types.String(key))
			case int:
				v = v.(traits.Lister).Get(types.Int(key))
			}
		}
		return v
	}

	BeforeEach(func() {
		shoot = &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "eval", Labels: map[string]string{"team": "a"}},
			Spec: gardencorev1beta1.ShootSpec{
				Hibernation: &gardencorev1beta1.Hibernation{Enabled: ptr.To(true)},
				Provider:    gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{{Name: "pool", Maximum: 3}}},
				Extensions: []gardencorev1beta1.Extension{{Type: "shoot-falco-service",
					ProviderConfig: &runtime.RawExtension{Raw: []byte(`{"a":1.5,"n":null,"l":[1,{"x":null,"y":"z"}]}`)}}},
			},
		}
		value = ShootValue(shoot).(traits.Mapper)
	})

	It("is a map of the Shoot's JSON fields that converts back to the Shoot", func() {
		Expect(value.Type()).To(Equal(types.MapType))
		Expect(value.ConvertToType(types.MapType)).To(BeIdenticalTo(value))
		Expect(value.ConvertToType(types.TypeType)).To(Equal(types.MapType))
		Expect(types.IsError(value.ConvertToType(types.StringType))).To(BeTrue())
		Expect(value.Value()).To(Equal(*shoot))
		native, err := value.ConvertToNative(reflect.TypeOf(gardencorev1beta1.Shoot{}))
		Expect(err).NotTo(HaveOccurred())
		Expect(native).To(Equal(*shoot))
		_, err = value.ConvertToNative(reflect.TypeOf(""))
		Expect(err).To(MatchError(ContainSubstring("type conversion error from struct type")))
	})

	DescribeTable("reads Go values as CEL values",
		func(want ref.Val, path ...any) {
			Expect(at(path...).Equal(want)).To(Equal(types.True), "%v", at(path...))
		},
		Entry("a string", types.String("eval"), "metadata", "name"),
		Entry("a label", types.String("a"), "metadata", "labels", "team"),
		Entry("a bool behind a pointer", types.True, "spec", "hibernation", "enabled"),
		Entry("an int32", types.Int(3), "spec", "provider", "workers", 0, "maximum"),
		Entry("a number of the providerConfig", types.Double(1.5), "spec", "extensions", 0, "providerConfig", "a"),
		Entry("a string in a list of the providerConfig", types.String("z"), "spec", "extensions", 0, "providerConfig", "l", 1, "y"),
	)

	DescribeTable("answers what is absent or mistyped with an error value",
		func(path ...any) {
			Expect(types.IsError(at(path...))).To(BeTrue(), "%v", at(path...))
		},
		Entry("an omitted field", "spec", "seedName"),
		Entry("a null field of the providerConfig", "spec", "extensions", 0, "providerConfig", "n"),
		Entry("a null field at depth", "spec", "extensions", 0, "providerConfig", "l", 1, "x"),
		Entry("an index out of range", "spec", "extensions", 3),
		Entry("a negative index", "spec", "extensions", -1),
	)

	It("takes only string keys and int indexes", func() {
		Expect(types.IsError(value.Get(types.Int(1)))).To(BeTrue())
		Expect(types.IsError(at("spec", "extensions").(traits.Lister).Get(types.String("0")))).To(BeTrue())
		Expect(value.Contains(types.String("spec"))).To(Equal(types.True))
		Expect(value.Contains(types.String("status"))).To(Equal(types.True))
		Expect(at("spec").(traits.Mapper).Contains(types.String("seedName"))).To(Equal(types.False))
	})

	It("sizes, iterates and compares lists and maps without their nulls", func() {
		config := at("spec", "extensions", 0, "providerConfig").(traits.Mapper)
		Expect(config.Size()).To(Equal(types.Int(2)))
		var keys []ref.Val
		for it := config.Iterator(); it.HasNext() == types.True; {
			keys = append(keys, it.Next())
		}
		Expect(keys).To(ConsistOf(types.String("a"), types.String("l")))
		Expect(config.ConvertToType(types.MapType)).To(BeIdenticalTo(config))

		list := at("spec", "extensions", 0, "providerConfig", "l").(traits.Lister)
		Expect(list.Size()).To(Equal(types.Int(2)))
		Expect(list.Contains(types.Int(1))).To(Equal(types.True))
		Expect(list.Contains(types.Int(2))).To(Equal(types.False), "compared with a map, an int is unequal")
		Expect(list.Equal(types.String("l"))).To(Equal(types.False))
		Expect(config.Equal(types.String("l"))).To(Equal(types.False))
		Expect(value.Equal(types.NewErr("boom"))).To(HaveField("Error()", "boom"), "an error stays an error")
		other := types.DefaultTypeAdapter.NativeToValue([]any{1, map[string]any{"y": "z"}})
		Expect(list.Equal(other)).To(Equal(types.True))
		Expect(list.Add(types.DefaultTypeAdapter.NativeToValue([]any{2})).(traits.Sizer).Size()).To(Equal(types.Int(3)))
	})
})
