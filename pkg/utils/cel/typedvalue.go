// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel

import (
	"encoding/base64"
	"fmt"
	"math"
	"reflect"

	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"
	"sigs.k8s.io/structured-merge-diff/v6/value"
)

// typedToVal returns the CEL value of v as its JSON form reads, omitted and null fields absent,
// reading structs and slices in place through reflection instead of copying them as
// celcommon.SchemalessTypedToVal does.
func typedToVal(v reflect.Value) ref.Val {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice:
		if v.IsNil() {
			return types.NullValue
		}
	case reflect.Invalid:
		return types.NullValue
	}
	entry := value.TypeReflectEntryOf(v.Type())
	if entry.CanConvertToUnstructured() {
		if !v.CanAddr() {
			ptr := reflect.New(v.Type())
			ptr.Elem().Set(v)
			v = ptr.Elem()
		}
		unstructured, err := entry.ToUnstructured(v)
		if err != nil {
			return types.NewErr("failed to convert to unstructured: %v", err)
		}
		if unstructured == nil {
			return types.NullValue
		}
		return withoutNulls(types.DefaultTypeAdapter.NativeToValue(unstructured))
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return typedToVal(v.Elem())
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return types.String(base64.StdEncoding.EncodeToString(v.Bytes()))
		}
		return &typedList{value: v}
	case reflect.Map:
		return withoutNulls(typedMap(v))
	case reflect.Struct:
		return &typedStruct{value: v}
	case reflect.Bool:
		return types.Bool(v.Bool())
	case reflect.String:
		return types.String(v.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return types.Int(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if v.Uint() > math.MaxInt64 {
			return types.NewErr("unsigned value %d does not fit into int64", v.Uint())
		}
		return types.Int(v.Uint())
	case reflect.Float32, reflect.Float64:
		return types.Double(v.Float())
	}
	return types.NewErr("unsupported Go type for CEL: %v", v.Type())
}

// typedMap converts a Go map with string keys (as in JSON): its values as typedToVal does. It
// is built whole; the maps of API types (labels, resources) are small.
func typedMap(v reflect.Value) ref.Val {
	if v.Type().Key().Kind() != reflect.String {
		return types.NewErr("unsupported map key type for CEL: %v", v.Type().Key())
	}
	entries := make(map[ref.Val]ref.Val, v.Len())
	for iter := v.MapRange(); iter.Next(); {
		entries[types.String(iter.Key().String())] = typedToVal(iter.Value())
	}
	return types.NewRefValMap(types.DefaultTypeAdapter, entries)
}

// typedStruct is a struct read as a map of its JSON fields. Omitted (omitempty, omitzero) fields
// and fields whose value is null are absent. It keeps every field it has converted, found or not,
// in fields (a nil value: absent), so a field read again is neither looked up nor converted again.
type typedStruct struct {
	value  reflect.Value
	fields []child
	// inline holds the first fields, so that a struct read for a field or two allocates once.
	inline [2]child
}

// keep records a converted field (a nil value: absent).
func (s *typedStruct) keep(key types.String, value ref.Val) {
	if s.fields == nil {
		s.fields = s.inline[:0]
	}
	s.fields = append(s.fields, child{key: key, value: value})
}

var _ traits.Mapper = &typedStruct{}

func (s *typedStruct) Find(key ref.Val) (ref.Val, bool) {
	name, ok := key.(types.String)
	if !ok {
		return types.ValOrErr(key, "unsupported map key type: %T", key), false
	}
	for i := range s.fields {
		if s.fields[i].key == name {
			v := s.fields[i].value
			return v, v != nil && !types.IsError(v)
		}
	}
	var result ref.Val
	if field, ok := value.TypeReflectEntryOf(s.value.Type()).Fields()[string(name)]; ok {
		if e := field.GetFrom(s.value); !field.CanOmit(e) {
			if result = typedToVal(e); result == types.NullValue {
				result = nil
			}
		}
	}
	s.keep(name, result)
	return result, result != nil && !types.IsError(result)
}

func (s *typedStruct) Get(key ref.Val) ref.Val { return getOrNoSuchKey(s, key) }

func (s *typedStruct) Contains(key ref.Val) ref.Val { return containsKey(s, key) }

// keys returns the JSON names of the present fields, in the order of the struct.
func (s *typedStruct) keys() []ref.Val {
	var keys []ref.Val
	for _, field := range value.TypeReflectEntryOf(s.value.Type()).OrderedFields() {
		if key := types.String(field.JsonName); s.Contains(key) == types.True {
			keys = append(keys, key)
		}
	}
	return keys
}

func (s *typedStruct) Size() ref.Val { return types.Int(len(s.keys())) }

func (s *typedStruct) Iterator() traits.Iterator { return &sliceIterator{values: s.keys()} }

func (s *typedStruct) Equal(other ref.Val) ref.Val { return mapEqual(s, s.keys(), other) }

func (s *typedStruct) ConvertToNative(typeDesc reflect.Type) (any, error) {
	if s.value.Type().AssignableTo(typeDesc) {
		return s.value.Interface(), nil
	}
	return nil, fmt.Errorf("type conversion error from struct type %v to %v", s.value.Type(), typeDesc)
}

func (s *typedStruct) ConvertToType(typeValue ref.Type) ref.Val {
	switch typeValue {
	case types.MapType:
		return s
	case types.TypeType:
		return types.MapType
	}
	return types.NewErr("type conversion error from map to %s", typeValue.TypeName())
}

func (s *typedStruct) Type() ref.Type { return types.MapType }

func (s *typedStruct) Value() any { return s.value.Interface() }

// typedList is a slice read element by element in place. It keeps the elements it has converted.
// Null elements stay.
type typedList struct {
	value    reflect.Value
	elements []ref.Val
}

var _ traits.Lister = &typedList{}

func (l *typedList) Get(index ref.Val) ref.Val {
	i, ok := index.(types.Int)
	if !ok {
		return types.ValOrErr(index, "unsupported index type: %T", index)
	}
	if i < 0 || int(i) >= l.value.Len() {
		return types.NewErr("index out of bounds: %d", i)
	}
	if l.elements == nil {
		l.elements = make([]ref.Val, l.value.Len())
	}
	if l.elements[i] == nil {
		l.elements[i] = typedToVal(l.value.Index(int(i)))
	}
	return l.elements[i]
}

func (l *typedList) Size() ref.Val { return types.Int(l.value.Len()) }

func (l *typedList) Iterator() traits.Iterator {
	return &listIterator{list: l, size: types.Int(l.value.Len())}
}

func (l *typedList) Contains(v ref.Val) ref.Val { return listContains(l, v) }

func (l *typedList) Add(other ref.Val) ref.Val { return listAdd(l, other) }

func (l *typedList) Equal(other ref.Val) ref.Val { return listEqual(l, other) }

func (l *typedList) ConvertToNative(typeDesc reflect.Type) (any, error) {
	if l.value.Type().AssignableTo(typeDesc) {
		return l.value.Interface(), nil
	}
	return nil, fmt.Errorf("type conversion error from slice type %v to %v", l.value.Type(), typeDesc)
}

func (l *typedList) ConvertToType(typeValue ref.Type) ref.Val {
	switch typeValue {
	case types.ListType:
		return l
	case types.TypeType:
		return types.ListType
	}
	return types.NewErr("type conversion error from list to %s", typeValue.TypeName())
}

func (l *typedList) Type() ref.Type { return types.ListType }

func (l *typedList) Value() any { return l.value.Interface() }
