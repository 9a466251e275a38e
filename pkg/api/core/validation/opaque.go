// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

const (
	// MaxProviderConfigBytes is the largest providerConfig (any runtime.RawExtension of a Shoot's
	// or an ExtensionProfile's spec), in bytes of its JSON encoding. gardenlet copies a Shoot's
	// and a profile entry's providerConfig into every seed Extension.
	MaxProviderConfigBytes = 128 * 1024
	// MaxProviderConfigDepth is the deepest nesting of objects and lists in a providerConfig;
	// the value itself is depth 1.
	MaxProviderConfigDepth = 32
)

// ValidateProviderConfigs validates every runtime.RawExtension below obj (a spec, internal or
// versioned) at its JSON field path below path: valid JSON, numbers within the range of a
// float64, at most MaxProviderConfigBytes and MaxProviderConfigDepth. On update, old is the old
// spec: a value stored unchanged at the same path is not checked again, so that objects stored
// before the bounds existed stay updatable.
func ValidateProviderConfigs(obj, old interface{}, path *field.Path) field.ErrorList {
	unchanged := map[string][]byte{}
	if old != nil {
		VisitRawExtensions(old, path, func(p *field.Path, raw *runtime.RawExtension) { unchanged[p.String()] = raw.Raw })
	}
	var allErrs field.ErrorList
	VisitRawExtensions(obj, path, func(p *field.Path, raw *runtime.RawExtension) {
		if oldRaw, ok := unchanged[p.String()]; len(raw.Raw) == 0 || ok && bytes.Equal(oldRaw, raw.Raw) {
			return
		}
		if len(raw.Raw) > MaxProviderConfigBytes {
			allErrs = append(allErrs, field.TooLong(p, "", MaxProviderConfigBytes))
			return
		}
		depth, fieldErr := InspectJSON(raw.Raw, p)
		switch {
		case fieldErr != nil:
			allErrs = append(allErrs, fieldErr)
		case depth > MaxProviderConfigDepth:
			allErrs = append(allErrs, field.Invalid(p, "<object>", fmt.Sprintf("must not nest objects and lists deeper than %d levels", MaxProviderConfigDepth)))
		}
	})
	return allErrs
}

// InspectJSON reads data as exactly one JSON value and returns its nesting depth (a scalar is 0,
// an object or a list 1 plus the depth of its deepest member). The error is Invalid at the path
// below root of the first syntax error or number outside the range of a float64 (such as 1e400,
// which decoders of opaque values, structured-merge-diff's included, cannot represent).
func InspectJSON(data []byte, root *field.Path) (int, *field.Error) {
	if !json.Valid(data) {
		path := root
		if path == nil {
			path = field.NewPath("")
		}
		return 0, field.Invalid(path, "<json>", "not valid JSON")
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	// frames holds, per open object or list, the path of the value being read in it.
	type frame struct {
		list      bool
		index     int
		key       string
		expectKey bool
	}
	var frames []*frame
	current := func() *field.Path {
		p := root
		for _, f := range frames {
			switch {
			case f.list:
				p = p.Index(f.index)
			case f.key != "":
				p = p.Child(f.key)
			}
		}
		if p == nil {
			p = field.NewPath("")
		}
		return p
	}
	// next advances the innermost frame past the value just read.
	next := func() {
		if len(frames) == 0 {
			return
		}
		f := frames[len(frames)-1]
		if f.list {
			f.index++
		} else {
			f.expectKey = true
		}
	}
	depth, values := 0, 0
	for {
		token, err := decoder.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return depth, field.Invalid(current(), "<json>", "not valid JSON: "+err.Error())
		}
		if len(frames) == 0 {
			values++
			if values > 1 {
				return depth, field.Invalid(current(), "<json>", "not valid JSON: more than one value")
			}
		}
		if len(frames) > 0 {
			if f := frames[len(frames)-1]; !f.list && f.expectKey {
				if key, ok := token.(string); ok {
					f.key, f.expectKey = key, false
					continue
				}
			}
		}
		switch t := token.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				frames = append(frames, &frame{list: t == '[', expectKey: t == '{'})
				if len(frames) > depth {
					depth = len(frames)
				}
				continue
			default:
				frames = frames[:len(frames)-1]
			}
		case json.Number:
			if _, err := strconv.ParseFloat(t.String(), 64); err != nil {
				return depth, field.Invalid(current(), t.String(), "number out of range")
			}
		}
		next()
	}
	if values == 0 {
		return 0, field.Invalid(current(), "", "not valid JSON: no value")
	}
	return depth, nil
}

var (
	rawExtensionType = reflect.TypeOf(runtime.RawExtension{})
	intOrStringType  = reflect.TypeOf(intstr.IntOrString{})
)

// VisitRawExtensions calls visit for every runtime.RawExtension (also behind pointers) in obj,
// with its JSON field path below path (fields by their json name, else their Go name with a lower
// first letter; inline structs flattened; list items by index, map entries by key).
func VisitRawExtensions(obj interface{}, path *field.Path, visit func(*field.Path, *runtime.RawExtension)) {
	visitValuesOf(reflect.ValueOf(obj), path, rawExtensionType, func(path *field.Path, v interface{}) {
		visit(path, v.(*runtime.RawExtension))
	})
}

// VisitIntOrStrings calls visit for every intstr.IntOrString (also behind pointers) in obj, with
// its field path as in VisitRawExtensions.
func VisitIntOrStrings(obj interface{}, path *field.Path, visit func(*field.Path, *intstr.IntOrString)) {
	visitValuesOf(reflect.ValueOf(obj), path, intOrStringType, func(path *field.Path, v interface{}) {
		visit(path, v.(*intstr.IntOrString))
	})
}

// InvalidIntOrString returns the first intstr.IntOrString in obj whose Type is neither Int nor
// String (a protobuf body can carry any number there; k8s.io/apiserver panics on one when it
// computes managedFields), nil when there is none.
func InvalidIntOrString(obj interface{}, path *field.Path) *field.Error {
	var fieldErr *field.Error
	VisitIntOrStrings(obj, path, func(path *field.Path, v *intstr.IntOrString) {
		if fieldErr == nil && v.Type != intstr.Int && v.Type != intstr.String {
			fieldErr = field.Invalid(path, int64(v.Type), "type of an int-or-string must be 0 (int) or 1 (string)")
		}
	})
	return fieldErr
}

// visitValuesOf calls visit with a pointer to every value of type target in v.
func visitValuesOf(v reflect.Value, path *field.Path, target reflect.Type, visit func(*field.Path, interface{})) {
	for v.Kind() == reflect.Ptr || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == target {
			if v.CanAddr() {
				visit(path, v.Addr().Interface())
			} else {
				c := reflect.New(target)
				c.Elem().Set(v)
				visit(path, c.Interface())
			}
			return
		}
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-":
				continue
			case name == "" && f.Anonymous:
				visitValuesOf(v.Field(i), path, target, visit)
				continue
			case name == "":
				// Internal types have no json tags; their fields are the versioned ones, capitalised.
				name = strings.ToLower(f.Name[:1]) + f.Name[1:]
			}
			visitValuesOf(v.Field(i), childOf(path, name), target, visit)
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return
		}
		for i := 0; i < v.Len(); i++ {
			visitValuesOf(v.Index(i), path.Index(i), target, visit)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			visitValuesOf(iter.Value(), path.Key(fmt.Sprint(iter.Key().Interface())), target, visit)
		}
	}
}

func childOf(path *field.Path, name string) *field.Path {
	if path == nil {
		return field.NewPath(name)
	}
	return path.Child(name)
}

// ValidateResourceVersion returns an Invalid error at path when value is set but not a decimal
// unsigned integer, the form of the resource versions of this server's etcd storage.
func ValidateResourceVersion(value string, path *field.Path) *field.Error {
	if value == "" {
		return nil
	}
	if _, err := strconv.ParseUint(value, 10, 64); err != nil {
		return field.Invalid(path, value, "must be a resource version returned by the server (a decimal unsigned integer)")
	}
	return nil
}
