// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	operatorv1alpha1 "github.com/gep-78/gardener/pkg/apis/operator/v1alpha1"
	. "github.com/gep-78/gardener/pkg/operator/controller/extension/extensionprofile"
)

var _ = DescribeTable("ValidateExtensionProfiles",
	func(kind string, offered, profileTypes []string, want []string) {
		extension := &operatorv1alpha1.Extension{}
		offer(extension, kind, offered...)
		for _, t := range profileTypes {
			extension.Spec.ExtensionProfiles = append(extension.Spec.ExtensionProfiles, operatorv1alpha1.ExtensionProfileTemplate{Type: t})
		}
		var got []string
		for _, err := range ValidateExtensionProfiles(extension) {
			got = append(got, err.Error())
		}
		Expect(got).To(Equal(want))
	},
	Entry("no entries", "Extension", nil, nil, []string(nil)),
	Entry("each type offered",
		"Extension", []string{falco, traefik}, []string{traefik, falco}, []string(nil)),
	Entry("an empty type", "Extension", []string{falco}, []string{""},
		[]string{"spec.extensionProfiles[0].type: Required value: the extension type"}),
	Entry("a type the Extension does not offer",
		"Extension", []string{falco, traefik}, []string{falco, "shoot-dns-service"},
		[]string{`spec.extensionProfiles[1].type: Unsupported value: "shoot-dns-service": supported values: "shoot-falco-service", "shoot-traefik"`}),
	Entry("a type offered only of another kind: spec.resources lacks an Extension",
		"ControlPlane", []string{falco}, []string{falco},
		[]string{
			`spec.extensionProfiles[0].type: Unsupported value: "shoot-falco-service"`,
			"spec.resources: Required value: an entry of kind Extension for each of spec.extensionProfiles[].type",
		}),
)
