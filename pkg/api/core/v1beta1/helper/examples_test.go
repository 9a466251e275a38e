// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"time"

	"github.com/google/go-cmp/cmp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"

	"github.com/gep-78/gardener/test/examples"
)

// The example profiles are the project's shared GEP-78 examples (test/examples). The
// expectations below restate the examples README table (reference time 2026-11-29T00:00:00Z) for
// every version; the requeue is the earliest future startTime read off the files.
var _ = Describe("shared GEP-78 example profiles at 2026-11-29T00:00:00Z", func() {
	reference := time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)

	decode := func(file string, into any) {
		GinkgoHelper()
		data, err := examples.Read(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(yaml.Unmarshal(data, into)).To(Succeed())
	}

	transition := func(c gardencorev1beta1.VersionClassification, year int, month time.Month, day int) *gardencorev1beta1.VersionTransition {
		return &gardencorev1beta1.VersionTransition{Classification: c, Time: metav1.NewTime(time.Date(year, month, day, 0, 0, 0, 0, time.UTC))}
	}

	DescribeTable("ExtensionProfile status and requeue",
		func(file, name string, expected gardencorev1beta1.ExtensionProfileStatus, next time.Time) {
			profile := &gardencorev1beta1.ExtensionProfile{}
			decode(file, profile)
			Expect(profile.Name).To(Equal(name))

			// metav1.Time decodes into the local time zone: compare instants, not locations.
			Expect(ExtensionProfileStatusAt(profile.Spec, reference)).To(BeComparableTo(expected, cmp.Comparer(func(a, b metav1.Time) bool { return a.Equal(&b) })))

			d, found := DurationUntilNextTransition(reference, ExtensionProfileLifecycles(profile.Spec)...)
			Expect(found).To(BeTrue())
			Expect(reference.Add(d)).To(Equal(next))
		},
		Entry("shoot-traefik", "extensionprofile-shoot-traefik.yaml", "shoot-traefik",
			gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{
				{Name: "traefik", Versions: []gardencorev1beta1.ExtensionComponentVersionStatus{
					componentVersionStatus("3.6.1", expired, nil),
					componentVersionStatus("3.6.7", expired, nil),
					componentVersionStatus("3.6.11", supported, nil),
					componentVersionStatus("3.6.12", deprecated, transition(expired, 2027, time.January, 31)),
					componentVersionStatus("3.6.13", supported, nil),
					componentVersionStatus("3.6.14", unavailable, transition(preview, 2026, time.December, 7)),
					componentVersionStatus("3.7.0", preview, nil),
				}},
			}},
			// 3.6.14 becomes preview.
			time.Date(2026, time.December, 7, 0, 0, 0, 0, time.UTC)),
		Entry("shoot-falco-service", "extensionprofile-shoot-falco-service.yaml", "shoot-falco-service",
			gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{
				{Name: "falco", Versions: []gardencorev1beta1.ExtensionComponentVersionStatus{
					componentVersionStatus("0.40.0", expired, nil),
					componentVersionStatus("0.41.3", expired, nil),
					componentVersionStatus("0.42.1", deprecated, transition(expired, 2027, time.February, 1)),
					componentVersionStatus("0.43.0", expired, nil),
					componentVersionStatus("0.44.1", supported, nil),
					componentVersionStatus("0.45.0", preview, transition(supported, 2027, time.January, 15)),
					componentVersionStatus("0.45.1", unavailable, transition(preview, 2026, time.December, 15)),
				}},
			}},
			// 0.45.1 becomes preview.
			time.Date(2026, time.December, 15, 0, 0, 0, 0, time.UTC)),
		Entry("envoy-gateway", "extensionprofile-envoy-gateway.yaml", "envoy-gateway",
			gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{
				{Name: "envoy-gateway", Versions: []gardencorev1beta1.ExtensionComponentVersionStatus{
					componentVersionStatus("1.8.2", expired, nil),
					componentVersionStatus("1.8.3", deprecated, transition(expired, 2027, time.February, 15)),
					componentVersionStatus("1.8.4", supported, nil),
					componentVersionStatus("1.9.0", supported, nil),
					componentVersionStatus("1.9.1", preview, nil),
					componentVersionStatus("1.10.0", unavailable, transition(preview, 2027, time.January, 10)),
				}},
			}},
			// 1.10.0 becomes preview.
			time.Date(2027, time.January, 10, 0, 0, 0, 0, time.UTC)),
	)

	It("CloudProfile local: status and requeue", func() {
		profile := &gardencorev1beta1.CloudProfile{}
		decode("cloudprofile-local.yaml", profile)
		Expect(profile.Name).To(Equal("local"))

		Expect(CloudProfileStatusAt(profile.Spec, reference)).To(Equal(gardencorev1beta1.CloudProfileStatus{
			Kubernetes: &gardencorev1beta1.KubernetesStatus{Versions: []gardencorev1beta1.ExpirableVersionStatus{
				versionStatus("1.37.1", preview),
				versionStatus("1.36.3", supported),
				versionStatus("1.36.2", deprecated),
				versionStatus("1.35.6", supported),
				versionStatus("1.35.4", deprecated),
				versionStatus("1.34.9", deprecated),
			}},
			MachineImages: []gardencorev1beta1.MachineImageStatus{
				{Name: "gardenlinux", Versions: []gardencorev1beta1.ExpirableVersionStatus{
					versionStatus("2150.0.0", unavailable),
					versionStatus("1877.9.0", preview),
					versionStatus("1877.8.0", supported),
					versionStatus("1877.5.0", deprecated),
				}},
				{Name: "ubuntu", Versions: []gardencorev1beta1.ExpirableVersionStatus{
					versionStatus("24.4.20261110", preview),
					versionStatus("24.4.20260915", supported),
					versionStatus("22.4.20260601", deprecated),
				}},
			},
		}))

		d, found := DurationUntilNextTransition(reference, CloudProfileLifecycles(profile.Spec)...)
		Expect(found).To(BeTrue())
		// gardenlinux 1877.9.0 becomes supported.
		Expect(reference.Add(d)).To(Equal(time.Date(2026, time.December, 10, 0, 0, 0, 0, time.UTC)))
	})
})
