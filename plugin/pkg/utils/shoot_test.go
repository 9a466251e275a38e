// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package utils_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"

	"github.com/gep-78/gardener/pkg/apis/core"
	. "github.com/gep-78/gardener/plugin/pkg/utils"
)

var _ = Describe("ShootsOf", func() {
	record := func(obj, old runtime.Object, op admission.Operation) admission.Attributes {
		return admission.NewAttributesRecord(obj, old, core.Kind("Shoot").WithVersion("version"), "garden-dev", "dev",
			core.Resource("shoots").WithVersion("version"), "", op, nil, false, nil)
	}
	shoot := &core.Shoot{ObjectMeta: metav1.ObjectMeta{Name: "dev", Namespace: "garden-dev"}}

	It("returns the Shoot and no old Shoot on create", func() {
		s, old, err := ShootsOf(record(shoot, nil, admission.Create))
		Expect(err).NotTo(HaveOccurred())
		Expect(s).To(BeIdenticalTo(shoot))
		Expect(old).To(BeNil())
	})

	It("returns both Shoots on update", func() {
		stored := shoot.DeepCopy()
		s, old, err := ShootsOf(record(shoot, stored, admission.Update))
		Expect(err).NotTo(HaveOccurred())
		Expect(s).To(BeIdenticalTo(shoot))
		Expect(old).To(BeIdenticalTo(stored))
	})

	It("is a BadRequest for an object that is not a Shoot", func() {
		_, _, err := ShootsOf(record(&core.CloudProfile{}, nil, admission.Create))
		Expect(apierrors.IsBadRequest(err)).To(BeTrue(), "%v", err)
		_, _, err = ShootsOf(record(shoot, &core.CloudProfile{}, admission.Update))
		Expect(apierrors.IsBadRequest(err)).To(BeTrue(), "%v", err)
	})
})
