// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel

import (
	"errors"
	"reflect"

	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// ShootValue returns the CEL value rules see as `shoot`: a lazily read view of the Shoot in its JSON
// form, where a null field is absent. shoot must not change while the value is in use, and the value
// is not safe for concurrent use.
func ShootValue(shoot *gardencorev1beta1.Shoot) ref.Val {
	root := &typedStruct{value: reflect.ValueOf(shoot).Elem()}
	if shoot.APIVersion == "" {
		root.keep("apiVersion", types.String(gardencorev1beta1.SchemeGroupVersion.String()))
	}
	if shoot.Kind == "" {
		root.keep("kind", types.String("Shoot"))
	}
	return root
}

// withoutNulls wraps maps and lists so that map entries with a null value are absent, at every
// depth; other values are returned as they are.
func withoutNulls(v ref.Val) ref.Val {
	switch value := v.(type) {
	case *nullsAbsentMap, *nullsAbsentList, *typedStruct, *typedList:
		return v
	case traits.Mapper:
		return &nullsAbsentMap{inner: value}
	case traits.Lister:
		return &nullsAbsentList{inner: value}
	}
	return v
}

// nullsAbsentMap is a map without its null entries. It keeps the wrapped maps and lists it has
// handed out, so that a field read again (by another rule, or in every iteration of a
// comprehension) is not wrapped again; the inner value keeps what it converted.
type nullsAbsentMap struct {
	inner    traits.Mapper
	children []child
}

type child struct {
	key   types.String
	value ref.Val
}

var _ traits.Mapper = &nullsAbsentMap{}

func (m *nullsAbsentMap) Find(key ref.Val) (ref.Val, bool) {
	if k, ok := key.(types.String); ok {
		for i := range m.children {
			if m.children[i].key == k {
				return m.children[i].value, true
			}
		}
	}
	v, found := m.inner.Find(key)
	if !found || v == types.NullValue {
		if v != nil && types.IsError(v) {
			return v, false
		}
		return nil, false
	}
	wrapped := withoutNulls(v)
	if k, ok := key.(types.String); ok && wrapped != v {
		m.children = append(m.children, child{key: k, value: wrapped})
	}
	return wrapped, true
}

func (m *nullsAbsentMap) Get(key ref.Val) ref.Val { return getOrNoSuchKey(m, key) }

func (m *nullsAbsentMap) Contains(key ref.Val) ref.Val { return containsKey(m, key) }

// getOrNoSuchKey returns m's value of key, its error, or "no such key" when it is absent.
func getOrNoSuchKey(m traits.Mapper, key ref.Val) ref.Val {
	v, found := m.Find(key)
	if !found {
		if v != nil {
			return v
		}
		return types.ValOrErr(key, "no such key: %v", key)
	}
	return v
}

// containsKey reports whether m has key, or returns the error of looking it up.
func containsKey(m traits.Mapper, key ref.Val) ref.Val {
	v, found := m.Find(key)
	if v != nil && types.IsError(v) {
		return v
	}
	return types.Bool(found)
}

// keys returns the keys of the non-null entries.
func (m *nullsAbsentMap) keys() []ref.Val {
	var keys []ref.Val
	for it := m.inner.Iterator(); it.HasNext() == types.True; {
		if key := it.Next(); m.Contains(key) == types.True {
			keys = append(keys, key)
		}
	}
	return keys
}

func (m *nullsAbsentMap) Size() ref.Val { return types.Int(len(m.keys())) }

func (m *nullsAbsentMap) Iterator() traits.Iterator { return &sliceIterator{values: m.keys()} }

func (m *nullsAbsentMap) Equal(other ref.Val) ref.Val { return mapEqual(m, m.keys(), other) }

// mapEqual compares m, whose present keys are keys, with other by keys and values; a value that
// is no map is unequal, as to cel-go's maps.
func mapEqual(m traits.Mapper, keys []ref.Val, other ref.Val) ref.Val {
	otherMap, ok := other.(traits.Mapper)
	if !ok {
		return unequal(other)
	}
	if types.Int(len(keys)) != otherMap.Size() {
		return types.False
	}
	for _, key := range keys {
		otherValue, found := otherMap.Find(key)
		if !found {
			return types.False
		}
		if eq := m.Get(key).Equal(otherValue); eq != types.True {
			return eq
		}
	}
	return types.True
}

func (m *nullsAbsentMap) ConvertToNative(typeDesc reflect.Type) (any, error) {
	return m.inner.ConvertToNative(typeDesc)
}

func (m *nullsAbsentMap) ConvertToType(typeValue ref.Type) ref.Val {
	if typeValue == types.MapType {
		return m
	}
	return m.inner.ConvertToType(typeValue)
}

func (m *nullsAbsentMap) Type() ref.Type { return types.MapType }

func (m *nullsAbsentMap) Value() any { return m.inner.Value() }

// nullsAbsentList is a list whose maps have no null entries. Null elements stay. It keeps the
// elements it has wrapped.
type nullsAbsentList struct {
	inner    traits.Lister
	elements []ref.Val
}

var _ traits.Lister = &nullsAbsentList{}

func (l *nullsAbsentList) Get(index ref.Val) ref.Val {
	i, ok := index.(types.Int)
	if !ok {
		return withoutNulls(l.inner.Get(index))
	}
	size := l.inner.Size().(types.Int)
	if i < 0 || i >= size {
		return l.inner.Get(index)
	}
	if l.elements == nil {
		l.elements = make([]ref.Val, size)
	}
	if l.elements[i] == nil {
		l.elements[i] = withoutNulls(l.inner.Get(index))
	}
	return l.elements[i]
}

func (l *nullsAbsentList) Size() ref.Val { return l.inner.Size() }

func (l *nullsAbsentList) Iterator() traits.Iterator {
	return &listIterator{list: l, size: l.inner.Size().(types.Int)}
}

func (l *nullsAbsentList) Contains(value ref.Val) ref.Val { return listContains(l, value) }

func (l *nullsAbsentList) Add(other ref.Val) ref.Val { return listAdd(l, other) }

func (l *nullsAbsentList) Equal(other ref.Val) ref.Val { return listEqual(l, other) }

// listContains reports whether an element of l equals value, as CEL's `in` does.
func listContains(l traits.Lister, value ref.Val) ref.Val {
	if types.IsUnknownOrError(value) {
		return value
	}
	var err ref.Val
	for it := l.Iterator(); it.HasNext() == types.True; {
		switch eq := it.Next().Equal(value); {
		case eq == types.True:
			return types.True
		case eq != types.False && err == nil:
			err = types.MaybeNoSuchOverloadErr(eq)
		}
	}
	if err != nil {
		return err
	}
	return types.False
}

// listAdd returns the concatenation of l and other.
func listAdd(l traits.Lister, other ref.Val) ref.Val {
	otherList, ok := other.(traits.Lister)
	if !ok {
		return types.MaybeNoSuchOverloadErr(other)
	}
	var elements []ref.Val
	for it := l.Iterator(); it.HasNext() == types.True; {
		elements = append(elements, it.Next())
	}
	for it := otherList.Iterator(); it.HasNext() == types.True; {
		elements = append(elements, it.Next())
	}
	return types.NewRefValList(types.DefaultTypeAdapter, elements)
}

// listEqual compares l with other element by element; a value that is no list is unequal, as to
// cel-go's lists.
func listEqual(l traits.Lister, other ref.Val) ref.Val {
	otherList, ok := other.(traits.Lister)
	if !ok {
		return unequal(other)
	}
	size := l.Size().(types.Int)
	if size != otherList.Size() {
		return types.False
	}
	for i := range size {
		if eq := l.Get(i).Equal(otherList.Get(i)); eq != types.True {
			return eq
		}
	}
	return types.True
}

// unequal is the result of comparing with a value of another kind: false, or other when it is an
// error or unknown.
func unequal(other ref.Val) ref.Val {
	if types.IsUnknownOrError(other) {
		return other
	}
	return types.False
}

func (l *nullsAbsentList) ConvertToNative(typeDesc reflect.Type) (any, error) {
	return l.inner.ConvertToNative(typeDesc)
}

func (l *nullsAbsentList) ConvertToType(typeValue ref.Type) ref.Val {
	if typeValue == types.ListType {
		return l
	}
	return l.inner.ConvertToType(typeValue)
}

func (l *nullsAbsentList) Type() ref.Type { return types.ListType }

func (l *nullsAbsentList) Value() any { return l.inner.Value() }

var errNotAValue = errors.New("an iterator is not a CEL value")

type listIterator struct {
	list  traits.Lister
	size  types.Int
	index types.Int
}

func (it *listIterator) HasNext() ref.Val { return types.Bool(it.index < it.size) }

func (it *listIterator) Next() ref.Val {
	if it.index >= it.size {
		return types.NewErr("no more elements")
	}
	v := it.list.Get(it.index)
	it.index++
	return v
}

// Iterator values are not used as CEL values; these satisfy ref.Val.
func (it *listIterator) ConvertToNative(reflect.Type) (any, error) { return nil, errNotAValue }
func (it *listIterator) ConvertToType(ref.Type) ref.Val            { return types.NewErr("iterator") }
func (it *listIterator) Equal(ref.Val) ref.Val                     { return types.False }
func (it *listIterator) Type() ref.Type                            { return types.IteratorType }
func (it *listIterator) Value() any                                { return nil }

type sliceIterator struct {
	values []ref.Val
	index  int
}

func (it *sliceIterator) HasNext() ref.Val { return types.Bool(it.index < len(it.values)) }

func (it *sliceIterator) Next() ref.Val {
	if it.index >= len(it.values) {
		return types.NewErr("no more elements")
	}
	v := it.values[it.index]
	it.index++
	return v
}

func (it *sliceIterator) ConvertToNative(reflect.Type) (any, error) { return nil, errNotAValue }
func (it *sliceIterator) ConvertToType(ref.Type) ref.Val            { return types.NewErr("iterator") }
func (it *sliceIterator) Equal(ref.Val) ref.Val                     { return types.False }
func (it *sliceIterator) Type() ref.Type                            { return types.IteratorType }
func (it *sliceIterator) Value() any                                { return nil }
