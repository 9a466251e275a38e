// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	gardencorefake "github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
)

var _ = Describe("ValidateInitialization", func() {
	DescribeTable("fails without each dependency the initializer sets",
		func(drop func(*ShootExtensionProfile), message string) {
			p, err := New()
			Expect(err).NotTo(HaveOccurred())
			p.SetCoreInformerFactory(gardencoreinformers.NewSharedInformerFactory(nil, 0))
			p.SetCoreClientSet(gardencorefake.NewSimpleClientset())
			Expect(p.ValidateInitialization()).To(Succeed())

			drop(p)
			Expect(p.ValidateInitialization()).To(MatchError(message))
		},
		Entry("the ExtensionProfile lister", func(p *ShootExtensionProfile) { p.extensionProfileLister = nil }, "missing ExtensionProfile lister"),
		Entry("the CloudProfile lister", func(p *ShootExtensionProfile) { p.cloudProfileLister = nil }, "missing CloudProfile lister"),
		Entry("the NamespacedCloudProfile lister", func(p *ShootExtensionProfile) { p.namespacedCloudProfileLister = nil }, "missing NamespacedCloudProfile lister"),
		Entry("the core.gardener.cloud client", func(p *ShootExtensionProfile) { p.coreClient = nil }, "missing core.gardener.cloud client"),
	)
})
