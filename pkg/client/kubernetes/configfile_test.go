// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package kubernetes_test

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"

	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	. "github.com/gep-78/gardener/pkg/client/kubernetes"
)

var _ = Describe("DecodeConfigFile", func() {
	var (
		decoder runtime.Decoder
		dir     string
	)

	BeforeEach(func() {
		scheme := runtime.NewScheme()
		Expect(controllermanagerconfigv1alpha1.AddToScheme(scheme)).To(Succeed())
		decoder = serializer.NewCodecFactory(scheme, serializer.EnableStrict).UniversalDecoder(controllermanagerconfigv1alpha1.SchemeGroupVersion)
		dir = GinkgoT().TempDir()
	})

	write := func(content string) string {
		path := filepath.Join(dir, "config.yaml")
		Expect(os.WriteFile(path, []byte(content), 0o600)).To(Succeed())
		return path
	}

	It("leaves the object unchanged for an empty path", func() {
		cfg := &controllermanagerconfigv1alpha1.ControllerManagerConfiguration{}
		cfg.GardenClientConnection.QPS = 7
		Expect(DecodeConfigFile("", decoder, cfg)).To(Succeed())
		Expect(cfg.GardenClientConnection.QPS).To(Equal(float32(7)))
	})

	It("decodes a file of the configuration's kind", func() {
		cfg := &controllermanagerconfigv1alpha1.ControllerManagerConfiguration{}
		Expect(DecodeConfigFile(write("apiVersion: controllermanager.config.gardener.cloud/v1alpha1\nkind: ControllerManagerConfiguration\ngardenClientConnection:\n  qps: 42\n"), decoder, cfg)).To(Succeed())
		Expect(cfg.GardenClientConnection.QPS).To(Equal(float32(42)))
	})

	It("refuses an unknown field, naming the file", func() {
		path := write("apiVersion: controllermanager.config.gardener.cloud/v1alpha1\nkind: ControllerManagerConfiguration\nunknown: 1\n")
		err := DecodeConfigFile(path, decoder, &controllermanagerconfigv1alpha1.ControllerManagerConfiguration{})
		Expect(err).To(MatchError(And(ContainSubstring(path), ContainSubstring("unknown"))))
	})

	It("returns the error of a missing file", func() {
		err := DecodeConfigFile(filepath.Join(dir, "missing.yaml"), decoder, &controllermanagerconfigv1alpha1.ControllerManagerConfiguration{})
		Expect(os.IsNotExist(err)).To(BeTrue())
	})
})
