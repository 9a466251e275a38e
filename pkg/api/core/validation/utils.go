// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"fmt"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// Length limits of the modelled Shoot strings, in bytes. Gardener bounds few of these fields
// itself (worker pool names: 15 characters; object names: 253); the other limits are this
// project's, chosen far above any real value so that only garbage is rejected, and so that a
// rejection never quotes more than the limit (TooLong errors quote nothing).
const (
	// MaxNameLength bounds names and identifiers: object references (cloud profile, credentials
	// and secret bindings, seed), region, provider, network, machine and image types and names,
	// zones, extension types and component names (the length of a DNS subdomain).
	MaxNameLength = 253
	// MaxVersionLength bounds version strings: spec.kubernetes.version, machine image versions and
	// extension component versions.
	MaxVersionLength = 128
	// MaxCIDRLength bounds the networking CIDRs (an IPv6 CIDR has at most 43 characters).
	MaxCIDRLength = 64
	// MaxMaintenanceTimeLength bounds spec.maintenance.timeWindow.begin and end (HHMMSS+ZZZZ has
	// 11 characters).
	MaxMaintenanceTimeLength = 32
	// MaxQuotedValueLength is the longest prefix of a bad value that an error message quotes.
	MaxQuotedValueLength = 64
)

// QuotedValue returns value for an error message: value itself if it has at most
// MaxQuotedValueLength bytes, else its first MaxQuotedValueLength bytes (cut at a rune boundary)
// followed by "... (N bytes)". Admission plugins use it for values they report before the length
// limits of validation have been checked.
func QuotedValue(value string) string {
	return cutValue(value, MaxQuotedValueLength)
}

// cutValue is QuotedValue with another limit.
func cutValue(value string, limit int) string {
	if len(value) <= limit {
		return value
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(value[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes)", value[:cut], len(value))
}

// validateMaxLength returns TooLong on fldPath when value has more than maxLength bytes. The error
// does not quote the value.
func validateMaxLength(value string, maxLength int, fldPath *field.Path) field.ErrorList {
	if len(value) > maxLength {
		return field.ErrorList{field.TooLong(fldPath, "", maxLength)}
	}
	return nil
}

// validateOptionalMaxLength is validateMaxLength for an optional string.
func validateOptionalMaxLength(value *string, maxLength int, fldPath *field.Path) field.ErrorList {
	if value == nil {
		return nil
	}
	return validateMaxLength(*value, maxLength, fldPath)
}

// validateExtensions checks spec.extensions[].type (Gardener's): required, a DNS-1123 label,
// unique; a type over MaxNameLength is refused without quoting it.
func validateExtensions(extensions []core.Extension, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	types := sets.New[string]()
	for i, extension := range extensions {
		typePath := fldPath.Index(i).Child("type")
		switch {
		case extension.Type == "":
			allErrs = append(allErrs, field.Required(typePath, "field must not be empty"))
		case len(extension.Type) > MaxNameLength:
			allErrs = append(allErrs, field.TooLong(typePath, "", MaxNameLength))
			continue
		default:
			for _, msg := range validation.IsDNS1123Label(extension.Type) {
				allErrs = append(allErrs, field.Invalid(typePath, extension.Type, msg))
			}
		}
		if types.Has(extension.Type) {
			allErrs = append(allErrs, field.Duplicate(typePath, extension.Type))
		}
		types.Insert(extension.Type)
	}
	return allErrs
}

// quoteBadValues cuts the string values that errs report to QuotedValue, for rules that compare
// values nothing has bounded yet (an immutable field set to a megabyte string, a version that does
// not parse).
func quoteBadValues(errs field.ErrorList) field.ErrorList {
	for _, err := range errs {
		switch v := err.BadValue.(type) {
		case string:
			err.BadValue = QuotedValue(v)
		case *string:
			if v != nil {
				err.BadValue = QuotedValue(*v)
			}
		}
	}
	return errs
}
