// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	gomegatypes "github.com/onsi/gomega/types"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/features"
)

func TestValidation(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	RunSpecs(t, "API Core Validation Suite")
}

// fieldErr matches a *field.Error by type and field path.
func fieldErr(t field.ErrorType, path string) gomegatypes.GomegaMatcher {
	return PointTo(MatchFields(IgnoreExtras, Fields{"Type": Equal(t), "Field": Equal(path)}))
}

// fieldErrDetail matches a *field.Error by type, field path and a substring of its detail.
func fieldErrDetail(t field.ErrorType, path, detail string) gomegatypes.GomegaMatcher {
	return PointTo(MatchFields(IgnoreExtras, Fields{"Type": Equal(t), "Field": Equal(path), "Detail": ContainSubstring(detail)}))
}

// fieldErrExact matches a *field.Error by type, field path and its whole detail.
func fieldErrExact(t field.ErrorType, path, detail string) gomegatypes.GomegaMatcher {
	return PointTo(MatchFields(IgnoreExtras, Fields{"Type": Equal(t), "Field": Equal(path), "Detail": Equal(detail)}))
}
