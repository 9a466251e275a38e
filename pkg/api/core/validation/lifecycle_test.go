// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	gomegatypes "github.com/onsi/gomega/types"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

var refTime = time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)

// stage builds a lifecycle stage; offset nil means no startTime.
func stage(c core.VersionClassification, offset ...time.Duration) core.LifecycleStage {
	s := core.LifecycleStage{Classification: c}
	if len(offset) > 0 {
		s.StartTime = &metav1.Time{Time: refTime.Add(offset[0])}
	}
	return s
}

// profileWithLifecycle is a valid one-version ExtensionProfile with the given lifecycle.
func profileWithLifecycle(stages ...core.LifecycleStage) *core.ExtensionProfile {
	p := validProfile()
	p.Spec.Components[0].Versions = []core.ExtensionComponentVersion{{Version: "3.6.13", Lifecycle: stages}}
	return p
}

var _ = Describe("lifecycle validation (GEP-32 rules E–H, shared by ExtensionProfile and CloudProfile)", func() {
	const path = "spec.components[0].versions[0].lifecycle"

	DescribeTable("ExtensionProfile version lifecycles",
		func(stages []core.LifecycleStage, matchers ...gomegatypes.GomegaMatcher) {
			errs := ValidateExtensionProfile(profileWithLifecycle(stages...))
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("no lifecycle", nil),
		Entry("V09 preview, supported@+1d, deprecated@+2d",
			[]core.LifecycleStage{stage(core.ClassificationPreview), stage(core.ClassificationSupported, 24*time.Hour), stage(core.ClassificationDeprecated, 48*time.Hour)}),
		Entry("V08 equal start times",
			[]core.LifecycleStage{stage(core.ClassificationSupported, 0), stage(core.ClassificationDeprecated, 0)}),
		Entry("all four classifications with a leading start time",
			[]core.LifecycleStage{stage(core.ClassificationPreview, -time.Hour), stage(core.ClassificationSupported, 0), stage(core.ClassificationDeprecated, time.Hour), stage(core.ClassificationExpired, 2*time.Hour)}),
		Entry("unavailable cannot be declared",
			[]core.LifecycleStage{stage(core.ClassificationUnavailable), stage(core.ClassificationSupported, time.Hour)},
			fieldErr(field.ErrorTypeNotSupported, path+"[0].classification")),
		Entry("unknown classification",
			[]core.LifecycleStage{stage("beta")},
			fieldErr(field.ErrorTypeNotSupported, path+"[0].classification")),
		Entry("V02 duplicate classification is reported on the second occurrence",
			[]core.LifecycleStage{stage(core.ClassificationSupported), stage(core.ClassificationSupported, 24*time.Hour)},
			fieldErr(field.ErrorTypeDuplicate, path+"[1].classification")),
		Entry("V03 order violation",
			[]core.LifecycleStage{stage(core.ClassificationPreview), stage(core.ClassificationDeprecated, time.Hour), stage(core.ClassificationSupported, 3*time.Hour)},
			fieldErrDetail(field.ErrorTypeInvalid, path+"[2].classification",
				"lifecycle classifications not in expected order (preview, supported, deprecated, expired): supported must be before deprecated")),
		Entry("V04 every out-of-order pair is reported",
			[]core.LifecycleStage{stage(core.ClassificationPreview), stage(core.ClassificationExpired, time.Hour), stage(core.ClassificationDeprecated, 2*time.Hour), stage(core.ClassificationSupported, 3*time.Hour)},
			fieldErrDetail(field.ErrorTypeInvalid, path+"[2].classification", "deprecated must be before expired"),
			fieldErrDetail(field.ErrorTypeInvalid, path+"[3].classification", "supported must be before deprecated")),
		Entry("V05 only the first stage may omit startTime",
			[]core.LifecycleStage{stage(core.ClassificationPreview, 24*time.Hour), stage(core.ClassificationSupported), stage(core.ClassificationDeprecated, 72*time.Hour)},
			fieldErrDetail(field.ErrorTypeRequired, path+"[1]", "only the leading lifecycle elements can have the start time optional")),
		Entry("V06 every later stage without startTime is reported",
			[]core.LifecycleStage{stage(core.ClassificationSupported), stage(core.ClassificationDeprecated), stage(core.ClassificationExpired)},
			fieldErr(field.ErrorTypeRequired, path+"[1]"), fieldErr(field.ErrorTypeRequired, path+"[2]")),
		Entry("V07 decreasing start time",
			[]core.LifecycleStage{stage(core.ClassificationPreview, 0), stage(core.ClassificationSupported, 2*time.Hour), stage(core.ClassificationDeprecated, time.Hour)},
			fieldErrDetail(field.ErrorTypeInvalid, path+"[2]", "lifecycle start times must be monotonically increasing")),
		Entry("the comparison continues from the last valid start time",
			[]core.LifecycleStage{stage(core.ClassificationPreview, 0), stage(core.ClassificationSupported, 2*time.Hour), stage(core.ClassificationDeprecated, time.Hour), stage(core.ClassificationExpired, 90*time.Minute)},
			fieldErr(field.ErrorTypeInvalid, path+"[2]"), fieldErr(field.ErrorTypeInvalid, path+"[3]")),
	)
})
