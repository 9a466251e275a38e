// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package storage

import (
	"errors"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

func TestMapRequestTooLarge(t *testing.T) {
	for name, tc := range map[string]struct {
		err      error
		tooLarge bool
	}{
		"nil":                    {nil, false},
		"etcd request too large": {errors.New("etcdserver: request is too large"), true},
		"grpc message too large": {status.Error(codes.ResourceExhausted, "trying to send message larger than max (3145728 vs. 2097152)"), true},
		"too many requests":      {status.Error(codes.ResourceExhausted, "etcdserver: too many requests"), false},
		"other":                  {errors.New("boom"), false},
	} {
		t.Run(name, func(t *testing.T) {
			got := mapRequestTooLarge(tc.err)
			if apierrors.IsRequestEntityTooLargeError(got) != tc.tooLarge {
				t.Fatalf("mapRequestTooLarge(%v) = %v, want 413: %v", tc.err, got, tc.tooLarge)
			}
			if !tc.tooLarge && got != tc.err {
				t.Fatalf("mapRequestTooLarge(%v) changed the error to %v", tc.err, got)
			}
		})
	}
}
