// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1_test

import (
	"encoding/json"
	"math/rand"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/api/apitesting/fuzzer"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metafuzzer "k8s.io/apimachinery/pkg/apis/meta/fuzzer"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/randfill"

	"github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// protoMessage is what generated.pb.go implements for every type.
type protoMessage interface {
	runtime.Object
	Marshal() ([]byte, error)
	Unmarshal([]byte) error
}

// TestProtobufRoundTrip fills every kind of the group (and its list) with random values, marshals
// it to protobuf and back, and checks that no field is lost: every field of the Go types has a
// protobuf field.
func TestProtobufRoundTrip(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := v1beta1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	f := fuzzer.FuzzerFor(metafuzzer.Funcs, rand.NewSource(rand.Int63()), serializer.NewCodecFactory(scheme))
	// A capability whose value list is nil (JSON null) reads back from protobuf as an absent
	// capability, as with every map of lists in Kubernetes (authentication/v1 ExtraValue); a
	// capability always has values, so the fuzzer gives it at least one.
	f.Funcs(func(v *v1beta1.CapabilityValues, c randfill.Continue) {
		*v = v1beta1.CapabilityValues{c.String(0)}
	})

	kinds := scheme.KnownTypes(v1beta1.SchemeGroupVersion)
	if len(kinds) == 0 {
		t.Fatal("no kinds registered")
	}
	for kind, typ := range kinds {
		obj, ok := reflect.New(typ).Interface().(protoMessage)
		if !ok {
			// The meta kinds registered with the group (ListOptions, WatchEvent, ...) come from
			// apimachinery; they have their own protobuf.
			if typ.PkgPath() == reflect.TypeOf(v1beta1.Shoot{}).PkgPath() {
				t.Errorf("%s does not implement protobuf marshalling", kind)
			}
			continue
		}
		if typ.PkgPath() != reflect.TypeOf(v1beta1.Shoot{}).PkgPath() {
			continue
		}
		for i := 0; i < 50; i++ {
			f.Fill(obj)
			data, err := obj.Marshal()
			if err != nil {
				t.Fatalf("%s: marshal: %v", kind, err)
			}
			decoded := reflect.New(typ).Interface().(protoMessage)
			if err := decoded.Unmarshal(data); err != nil {
				t.Fatalf("%s: unmarshal: %v", kind, err)
			}
			// TypeMeta is not part of the message; the protobuf envelope carries it.
			decoded.GetObjectKind().SetGroupVersionKind(obj.GetObjectKind().GroupVersionKind())
			if !apiequality.Semantic.DeepEqual(obj, decoded) {
				t.Fatalf("%s: lost in protobuf:\n%s", kind, diff(obj, decoded))
			}
		}
	}
}

func diff(want, got any) string {
	w, _ := json.MarshalIndent(want, "", "  ")
	g, _ := json.MarshalIndent(got, "", "  ")
	return "want:\n" + string(w) + "\ngot:\n" + string(g)
}
