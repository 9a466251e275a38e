// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package utils

import (
	"bytes"
	"fmt"
	"io"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"
)

// DecodeConfiguration strictly decodes a plugin's admission configuration of apiVersion and kind
// into into; a nil or blank reader leaves only apiVersion and kind set.
func DecodeConfiguration(config io.Reader, into interface{ GetObjectKind() schema.ObjectKind }, apiVersion, kind string) error {
	var data []byte
	if config != nil {
		var err error
		if data, err = io.ReadAll(config); err != nil {
			return fmt.Errorf("reading the configuration: %w", err)
		}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		into.GetObjectKind().SetGroupVersionKind(schema.FromAPIVersionAndKind(apiVersion, kind))
		return nil
	}
	if err := yaml.UnmarshalStrict(data, into); err != nil {
		return fmt.Errorf("decoding the configuration: %w", err)
	}
	gotAPIVersion, gotKind := typeMeta(into.GetObjectKind())
	if gotAPIVersion != apiVersion || gotKind != kind {
		return fmt.Errorf("the configuration must have apiVersion %q and kind %q, not %q and %q",
			apiVersion, kind, gotAPIVersion, gotKind)
	}
	return nil
}

// typeMeta returns apiVersion and kind as written (an unparsable apiVersion included).
func typeMeta(kind schema.ObjectKind) (string, string) {
	if meta, ok := kind.(*metav1.TypeMeta); ok {
		return meta.APIVersion, meta.Kind
	}
	return kind.GroupVersionKind().ToAPIVersionAndKind()
}

// SetDefaultSoakPeriod sets *period, the stableChannelSoakPeriod of a plugin's configuration, to
// defaultPeriod when it is unset. Error: a negative period.
func SetDefaultSoakPeriod(period **metav1.Duration, defaultPeriod time.Duration) error {
	if *period == nil {
		*period = &metav1.Duration{Duration: defaultPeriod}
		return nil
	}
	if (*period).Duration < 0 {
		return fmt.Errorf("stableChannelSoakPeriod must not be negative, not %s", (*period).Duration)
	}
	return nil
}

// SetDefaultMaintenanceUsers sets *users, the maintenanceUsers of a plugin's configuration, to
// defaultUsers when it is nil (an empty list stays: nobody). Error: an empty user name.
func SetDefaultMaintenanceUsers(users *[]string, defaultUsers []string) error {
	for i, name := range *users {
		if name == "" {
			return fmt.Errorf("maintenanceUsers[%d] must not be empty", i)
		}
	}
	if *users == nil {
		*users = defaultUsers
	}
	return nil
}
