// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"
	apiserverconfiginstall "k8s.io/apiserver/pkg/apis/apiserver/install"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/warning"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
	"github.com/gep-78/gardener/test/examples"
)

// The user documentation of compatibility rules promises that its examples work. These tests
// read the document itself.
const (
	docPath            = "../../../../docs/usage/compatibility-rules.md"
	docExampleFile     = "docs-extensionprofile-shoot-example.yaml"
	docExampleSection  = "## Examples"
	agentKubernetes    = "agent 1.4 supports Kubernetes 1.33 to 1.36"
	agentArchitecture  = "agent 1.4 runs on amd64 worker pools only"
	agentModes         = "agent 1.5 supports the modes 'standard' and 'strict' only"
	agentMaintenanceOn = "component agent of extension shoot-example keeps version 1.4.2, which the update forced by shoot maintenance " +
		"(Kubernetes version 1.36.3 to 1.37.1 (Kubernetes version expired - force update required)) makes incompatible: " + agentKubernetes
)

// docExampleRules returns the CEL one-liners of the examples table: the first cell of each row,
// without the backticks and with the table's escaped pipes restored.
func docExampleRules(doc string) []string {
	section := doc[strings.Index(doc, docExampleSection):]
	var rules []string
	for _, match := range regexp.MustCompile("(?m)^\\| `(.+?)` \\| ").FindAllStringSubmatch(section, -1) {
		rules = append(rules, strings.ReplaceAll(match[1], `\|`, "|"))
	}
	return rules
}

var _ = Describe("docs/usage/compatibility-rules.md", func() {
	var doc string

	BeforeEach(func() {
		data, err := os.ReadFile(docPath)
		Expect(err).NotTo(HaveOccurred())
		doc = string(data)
	})

	It("shows the tested example profile verbatim", func() {
		example, err := os.ReadFile(filepath.Join("testdata", docExampleFile))
		Expect(err).NotTo(HaveOccurred())
		Expect(strings.Count(doc, "```yaml\n")).To(Equal(1), "the document has exactly one YAML example")
		Expect(doc).To(ContainSubstring("```yaml\n" + string(example) + "```\n"))
	})

	It("shows an admission configuration that gardener-apiserver reads and the plugin loads", func() {
		const start, end = "```\napiVersion: apiserver.config.k8s.io/v1\n", "```\n"
		i := strings.Index(doc, start)
		Expect(i).To(BeNumerically(">=", 0))
		block := doc[i+len("```\n"):]
		block = block[:strings.Index(block, end)]

		file := filepath.Join(GinkgoT().TempDir(), "admission-config.yaml")
		Expect(os.WriteFile(file, []byte(block), 0o600)).To(Succeed())
		configScheme := runtime.NewScheme()
		apiserverconfiginstall.Install(configScheme)
		provider, err := admission.ReadAdmissionConfiguration([]string{plugin.PluginNameShootExtensionProfile}, file, configScheme)
		Expect(err).NotTo(HaveOccurred())
		reader, err := provider.ConfigFor(plugin.PluginNameShootExtensionProfile)
		Expect(err).NotTo(HaveOccurred())
		cfg, err := LoadConfiguration(reader)
		Expect(err).NotTo(HaveOccurred())
		Expect(cfg.MaintenanceUsers).To(ConsistOf(maintenanceUser))
	})

	It("has example rules that compile as new rules and evaluate without error against the example Shoots", func() {
		rules := docExampleRules(doc)
		Expect(rules).To(HaveLen(17))

		validations := make([]gardencorev1beta1.CompatibilityValidation, 0, len(rules))
		for _, rule := range rules {
			validations = append(validations, gardencorev1beta1.CompatibilityValidation{Rule: rule})
		}
		compiled, errs := celutils.Compile(validations, field.NewPath("rules"), celutils.NewExpressions)
		Expect(errs).To(BeEmpty())

		files := examples.Names("shoot-")
		shoots := []*gardencorev1beta1.Shoot{{
			// Nothing optional set: no purpose, workers, networking, labels or extensions.
			ObjectMeta: metav1.ObjectMeta{Name: "minimal", Namespace: "garden-dev"},
			Spec:       gardencorev1beta1.ShootSpec{Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.36.3"}, Provider: gardencorev1beta1.Provider{Type: "local"}, Region: "local"},
		}}
		for _, file := range files {
			shoot := &gardencorev1beta1.Shoot{}
			decodeFile(filepath.Base(file), shoot)
			api.Scheme.Default(shoot)
			shoots = append(shoots, shoot)
		}
		for _, shoot := range shoots {
			for _, result := range celutils.Evaluate(context.Background(), compiled, shoot) {
				Expect(result.Status.IsError()).To(BeFalse(), "rule %q on Shoot %s: %s", result.Rule, shoot.Name, result.Message)
			}
		}
	})

	Describe("the example profile", func() {
		var (
			ctx      context.Context
			warnings *recorder
			admitter *ShootExtensionProfile

			validate = func(shoot, oldShoot *core.Shoot, userName string) error {
				operation, options := admission.Create, runtime.Object(&metav1.CreateOptions{})
				if oldShoot != nil {
					operation, options = admission.Update, &metav1.UpdateOptions{FieldManager: MaintenanceFieldManager}
				}
				return admitter.Validate(ctx, admission.NewAttributesRecord(shoot, oldShoot, core.Kind("Shoot").WithVersion("version"), shoot.Namespace, shoot.Name,
					core.Resource("shoots").WithVersion("version"), "", operation, options, false, &user.DefaultInfo{Name: userName}), nil)
			}
			agent = func(version string, providerConfig string) core.Extension {
				extension := core.Extension{Type: "shoot-example", Components: []core.ExtensionComponent{{Name: "agent", Version: ptr.To(version)}}}
				if providerConfig != "" {
					extension.ProviderConfig = &runtime.RawExtension{Raw: []byte(providerConfig)}
				}
				return extension
			}
			withArchitecture = func(architecture string) func(*core.Shoot) {
				return func(s *core.Shoot) {
					for i := range s.Spec.Provider.Workers {
						s.Spec.Provider.Workers[i].Machine.Architecture = ptr.To(architecture)
					}
				}
			}
		)

		BeforeEach(func() {
			featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
			warnings = &recorder{}
			ctx = warning.WithWarningRecorder(context.Background(), warnings)

			var err error
			admitter, err = New()
			Expect(err).NotTo(HaveOccurred())
			admitter.AssignReadyFunc(func() bool { return true })
			admitter.Clock = testclock.NewFakePassiveClock(reference)
			factory := gardencoreinformers.NewSharedInformerFactory(nil, 0)
			admitter.SetCoreInformerFactory(factory)

			profile := &gardencorev1beta1.ExtensionProfile{}
			decodeFile(docExampleFile, profile)
			Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(profile)).To(Succeed())
			Expect(factory.Core().V1beta1().CloudProfiles().Informer().GetStore().Add(localCloudProfile())).To(Succeed())
		})

		It("passes the checks on write", func() {
			profile := &gardencorev1beta1.ExtensionProfile{}
			decodeFile(docExampleFile, profile)
			Expect(celutils.ValidateExtensionProfileRules(&profile.Spec, nil)).To(BeEmpty())
		})

		DescribeTable("admission as the document describes it",
			func(oldShoot, shoot *core.Shoot, userName, detail string, expectedWarnings []string) {
				err := validate(shoot, oldShoot, userName)
				if detail == "" {
					Expect(err).NotTo(HaveOccurred())
				} else {
					Expect(err).To(MatchError(forbidden("test", detail)))
				}
				Expect(warnings.warnings).To(Equal(expectedWarnings))
			},
			Entry("agent 1.4.2 on Kubernetes 1.36.3 is accepted", nil,
				compatShoot(onKubernetes("1.36.3"), withPool("pool", "gardenlinux", "1877.8.0", 3), withArchitecture("amd64"), withExtensions(agent("1.4.2", ""))),
				owner, "", nil),
			Entry("agent 1.4.2 on arm64 is rejected", nil,
				compatShoot(onKubernetes("1.36.3"), withPool("pool", "gardenlinux", "1877.8.0", 3), withArchitecture("arm64"), withExtensions(agent("1.4.2", ""))),
				owner, `spec.extensions[0].components[0].version: Invalid value: "1.4.2": `+agentArchitecture, nil),
			Entry("upgrading Kubernetes to 1.37.1 is rejected",
				compatShoot(onKubernetes("1.36.3"), withExtensions(agent("1.4.2", ""))),
				compatShoot(onKubernetes("1.37.1"), withExtensions(agent("1.4.2", ""))),
				owner, `spec.extensions[0].components[0].version: Invalid value: "1.4.2": `+agentKubernetes, nil),
			Entry("a forced maintenance upgrade to Kubernetes 1.37.1 is accepted with a warning",
				compatShoot(onKubernetes("1.36.3"), withExtensions(agent("1.4.2", ""))),
				compatShoot(onKubernetes("1.37.1"), withExtensions(agent("1.4.2", ""))),
				maintenanceUser, "", []string{agentMaintenanceOn}),
			Entry("agent 1.5.0 in mode strict is accepted", nil,
				compatShoot(onKubernetes("1.36.3"), withExtensions(agent("1.5.0", `{"mode":"strict"}`))),
				owner, "", nil),
			Entry("agent 1.5.0 in mode legacy is rejected", nil,
				compatShoot(onKubernetes("1.36.3"), withExtensions(agent("1.5.0", `{"mode":"legacy"}`))),
				owner, `spec.extensions[0].components[0].version: Invalid value: "1.5.0": `+agentModes, nil),
		)
	})
})
