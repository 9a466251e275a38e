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
	featuregatetesting "k8s.io/component-base/featuregate/testing"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
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

// expectFieldErrs expects exactly the errors the matchers match; no error without matchers.
func expectFieldErrs(errs field.ErrorList, matchers ...gomegatypes.GomegaMatcher) {
	GinkgoHelper()
	if len(matchers) == 0 {
		Expect(errs).To(BeEmpty())
		return
	}
	Expect(errs).To(ConsistOf(matchers))
}

// componentVersionsGate sets the ExtensionComponentVersions feature gate for every spec of the
// container it is called in.
func componentVersionsGate(enabled bool) {
	BeforeEach(func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoT(), features.DefaultFeatureGate, features.ExtensionComponentVersions, enabled)
	})
}

// validateMutated is a DescribeTable body: the fixture, changed by mutate, passes ValidateShoot
// with exactly the matched errors.
func validateMutated(fixture func() *core.Shoot) func(func(*core.Shoot), ...gomegatypes.GomegaMatcher) {
	return func(mutate func(*core.Shoot), matchers ...gomegatypes.GomegaMatcher) {
		s := fixture()
		mutate(s)
		expectFieldErrs(ValidateShoot(s), matchers...)
	}
}

// validateMutatedUpdate is a DescribeTable body: the fixture, changed by mutateNew, passes
// ValidateShootUpdate against the unchanged fixture with exactly the matched errors.
func validateMutatedUpdate(fixture func() *core.Shoot) func(func(*core.Shoot), ...gomegatypes.GomegaMatcher) {
	return func(mutateNew func(*core.Shoot), matchers ...gomegatypes.GomegaMatcher) {
		oldShoot, newShoot := fixture(), fixture()
		mutateNew(newShoot)
		expectFieldErrs(ValidateShootUpdate(newShoot, oldShoot), matchers...)
	}
}
