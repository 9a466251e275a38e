// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package kubernetes

import (
	"fmt"
	"net"
	"strconv"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ParseBindAddress splits the value of a --*-bind-address flag, "[host]:port", into the bindAddress
// and port of a component configuration's server endpoint. "0" is no endpoint: none is true.
// A missing or non-numeric port is an error.
func ParseBindAddress(address string) (host string, port int, none bool, err error) {
	if address == "0" {
		return "", 0, true, nil
	}
	host, p, err := net.SplitHostPort(address)
	if err != nil {
		return "", 0, false, err
	}
	if port, err = strconv.Atoi(p); err != nil {
		return "", 0, false, fmt.Errorf("port %q is not a number", p)
	}
	return host, port, false, nil
}

// ValidateServerPort returns an error at fldPath for an endpoint port outside 0 (a free port) to
// 65535.
func ValidateServerPort(port int, fldPath *field.Path) field.ErrorList {
	if port < 0 || port > 65535 {
		return field.ErrorList{field.Invalid(fldPath, port, "must be between 0 and 65535")}
	}
	return nil
}
