// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package utils holds small helpers without a better home.
package utils

import "strings"

// SplitAndTrimString splits s at sep and trims the spaces around each part; an empty s gives nil.
func SplitAndTrimString(s, sep string) []string {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, sep)
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}
