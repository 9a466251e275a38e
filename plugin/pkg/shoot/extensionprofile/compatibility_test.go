// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"time"

	"context"
	"fmt"
	"strings"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/warning"
	k8stesting "k8s.io/client-go/testing"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	fakeclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
)

const (
	maintenanceUser = "system:serviceaccount:garden:gardener-controller-manager"
	owner           = "alice"

	falcoKubernetes137 = "falco 0.42 is not qualified for Kubernetes 1.37 or newer (illustrative rule)"
	falcoGardenLinux   = "falco 0.44 requires Garden Linux 1877.8.0 or newer on gardenlinux worker pools (illustrative rule)"
	traefikPurpose     = "shoot-traefik may only be enabled for shoots with purpose 'evaluation'"
)

var _ = Describe("compatibility rules", func() {
	var (
		ctx      context.Context
		warnings *recorder
		factory  gardencoreinformers.SharedInformerFactory
		admitter *ShootExtensionProfile

		// fieldManager is the field manager of the updates validate sends.
		fieldManager string
		// validate runs Validate for a create (oldShoot nil) or an update by the given user.
		validate = func(shoot, oldShoot *core.Shoot, userName string) error {
			operation, options := admission.Create, runtime.Object(&metav1.CreateOptions{})
			if oldShoot != nil {
				operation, options = admission.Update, &metav1.UpdateOptions{FieldManager: fieldManager}
			}
			a := admission.NewAttributesRecord(shoot, oldShoot, core.Kind("Shoot").WithVersion("version"), shoot.Namespace, shoot.Name,
				core.Resource("shoots").WithVersion("version"), "", operation, options, false, &user.DefaultInfo{Name: userName})
			return admitter.Validate(ctx, a, nil)
		}
		// expectOutcome asserts the only field error (none when detail is empty) and the warnings.
		expectOutcome = func(err error, detail string, expectedWarnings []string) {
			GinkgoHelper()
			if detail == "" {
				Expect(err).NotTo(HaveOccurred())
			} else {
				Expect(apierrors.IsForbidden(err)).To(BeTrue(), "error: %v", err)
				Expect(err).To(MatchError(forbidden("test", detail)))
			}
			Expect(warnings.warnings).To(Equal(expectedWarnings))
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

		factory = gardencoreinformers.NewSharedInformerFactory(nil, 0)
		admitter.SetCoreInformerFactory(factory)
		store := factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore()
		for _, file := range profileFiles {
			profile := &gardencorev1beta1.ExtensionProfile{}
			decodeFile(file, profile)
			Expect(store.Add(profile)).To(Succeed())
		}
		Expect(store.Add(probeProfile())).To(Succeed())

		fieldManager = MaintenanceFieldManager
		Expect(factory.Core().V1beta1().CloudProfiles().Informer().GetStore().Add(localCloudProfile())).To(Succeed())
	})

	DescribeTable("on create",
		func(shoot *core.Shoot, detail string, expectedWarnings []string) {
			expectOutcome(validate(shoot, nil, owner), detail, expectedWarnings)
		},
		Entry("passing rules",
			compatShoot(onKubernetes("1.36.3"), withExtensions(falco("0.42.1"))), "",
			[]string{falcoDeprecated}),
		Entry("a failing rule is rejected with its message on the pin",
			compatShoot(onKubernetes("1.37.1"), withExtensions(falco("0.42.1"))),
			`spec.extensions[0].components[0].version: Invalid value: "0.42.1": `+falcoKubernetes137,
			[]string{falcoDeprecated}),
		Entry("every failing rule of every component is reported",
			compatShoot(onKubernetes("1.37.1"), withPurpose(core.ShootPurposeProduction),
				withExtensions(traefik("3.6.13"), falco("0.42.1"))),
			`[spec.extensions[0].components[0].version: Invalid value: "3.6.13": `+traefikPurpose+
				`, spec.extensions[1].components[0].version: Invalid value: "0.42.1": `+falcoKubernetes137+`]`,
			[]string{falcoDeprecated}),
		Entry("a rule reading an absent field without has() is an evaluation error, not a panic or an internal error",
			compatShoot(withExtensions(probe("1.0.0"))),
			`spec.extensions[0].components[0].version: Invalid value: "1.0.0": compatibility rule evaluation failed: no such key: purpose (rule: shoot.spec.purpose == 'evaluation')`,
			nil),
		Entry("the same rule passes when the field is set",
			compatShoot(withPurpose(core.ShootPurposeEvaluation), withExtensions(probe("1.0.0"))), "", nil),
		Entry("a failing rule without message shows the rule",
			compatShoot(onKubernetes("1.36.3"), withExtensions(probe("1.1.0"))),
			`spec.extensions[0].components[0].version: Invalid value: "1.1.0": failed rule: shoot.spec.kubernetes.version.startsWith('1.35.')`,
			nil),
		Entry("a stored rule that does not compile fails",
			compatShoot(withExtensions(probe("1.2.0"))),
			`spec.extensions[0].components[0].version: Invalid value: "1.2.0": compatibility rule compilation failed: `+
				`Invalid value: "shoot.spec.kubernetes.version == 1": compilation failed: ERROR: <input>:1:31: found no matching overload for '_==_' applied to '(string, int)'`+
				"\n | shoot.spec.kubernetes.version == 1\n | ..............................^",
			nil),
		Entry("a version without rules", compatShoot(withExtensions(probe("2.0.0"))), "", nil),
		Entry("a pin rejected by the classification checks is not evaluated",
			compatShoot(withPurpose(core.ShootPurposeProduction), withExtensions(traefik("3.6.7"))),
			`spec.extensions[0].components[0].version: Invalid value: "3.6.7": version 3.6.7 of component traefik is expired (since 2026-05-01T00:00:00Z); versions that can be pinned: 3.6.11, 3.6.12 (deprecated), 3.6.13, 3.7.0 (preview)`,
			nil),
		Entry("a pin the profile does not list is not evaluated",
			compatShoot(withExtensions(probe("9.9.9"))),
			`spec.extensions[0].components[0].version: Unsupported value: "9.9.9": supported values: "1.0.0", "1.1.0", "1.2.0", "1.3.0", "2.0.0"`,
			nil),
		Entry("a disabled extension is not evaluated",
			compatShoot(withExtensions(core.Extension{Type: "shoot-probe", Disabled: ptr.To(true)})), "", nil),
		Entry("an extension without profile and without pins is not consulted",
			compatShoot(withExtensions(core.Extension{Type: "shoot-cert-service"}, probe("2.0.0"))), "", nil),
	)

	DescribeTable("on update: old-vs-new",
		func(oldShoot, shoot *core.Shoot, userName, detail string, expectedWarnings []string) {
			expectOutcome(validate(shoot, oldShoot, userName), detail, expectedWarnings)
		},
		Entry("a Kubernetes upgrade past the rule's ceiling on an unchanged pin is rejected",
			compatShoot(onKubernetes("1.36.3"), withExtensions(falco("0.42.1"))),
			compatShoot(onKubernetes("1.37.1"), withExtensions(falco("0.42.1"))),
			owner, `spec.extensions[0].components[0].version: Invalid value: "0.42.1": `+falcoKubernetes137, nil),
		Entry("an unrelated change while the old Shoot already failed the rule is accepted",
			compatShoot(onKubernetes("1.37.1"), withPool("pool", "gardenlinux", "1877.8.0", 2), withExtensions(falco("0.42.1"))),
			compatShoot(onKubernetes("1.37.1"), withPool("pool", "gardenlinux", "1877.8.0", 5), withExtensions(falco("0.42.1"))),
			owner, "", nil),
		Entry("a rule that passes before and after",
			compatShoot(onKubernetes("1.35.6"), withExtensions(falco("0.42.1"))),
			compatShoot(onKubernetes("1.36.3"), withExtensions(falco("0.42.1"))),
			owner, "", nil),
		Entry("only the rule the update breaks is reported, not the one already failing",
			compatShoot(onKubernetes("1.37.1"), withPurpose(core.ShootPurposeProduction), withPool("pool", "gardenlinux", "1877.8.0", 2),
				withExtensions(traefik("3.6.13"), falco("0.44.1"))),
			compatShoot(onKubernetes("1.37.1"), withPurpose(core.ShootPurposeProduction), withPool("pool", "gardenlinux", "1877.5.0", 2),
				withExtensions(traefik("3.6.13"), falco("0.44.1"))),
			owner, `spec.extensions[1].components[0].version: Invalid value: "0.44.1": `+falcoGardenLinux, nil),
		Entry("an update that makes a rule evaluable fail with an error is rejected",
			compatShoot(withPurpose(core.ShootPurposeEvaluation), withExtensions(probe("1.0.0"))),
			compatShoot(withExtensions(probe("1.0.0"))),
			owner, `spec.extensions[0].components[0].version: Invalid value: "1.0.0": compatibility rule evaluation failed: no such key: purpose (rule: shoot.spec.purpose == 'evaluation')`, nil),
		Entry("an evaluation error the old Shoot already had does not block the update",
			compatShoot(withExtensions(probe("1.0.0"))),
			compatShoot(onKubernetes("1.36.3"), withExtensions(probe("1.0.0"))),
			owner, "", nil),
		Entry("a pin change is checked in full, even for a rule the old Shoot already failed",
			compatShoot(withPurpose(core.ShootPurposeProduction), withExtensions(traefik("3.6.11"))),
			compatShoot(withPurpose(core.ShootPurposeProduction), withExtensions(traefik("3.6.13"))),
			owner, `spec.extensions[0].components[0].version: Invalid value: "3.6.13": `+traefikPurpose, nil),
		Entry("a pin added on update is checked in full",
			compatShoot(withPurpose(core.ShootPurposeProduction), withExtensions(core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik"}}})),
			compatShoot(withPurpose(core.ShootPurposeProduction), withExtensions(traefik("3.6.13"))),
			owner, `spec.extensions[0].components[0].version: Invalid value: "3.6.13": `+traefikPurpose, nil),
		Entry("enabling an extension with an unchanged pin is checked in full: the old Shoot did not run it",
			compatShoot(withPurpose(core.ShootPurposeProduction), withExtensions(disabled(traefik("3.6.13")))),
			compatShoot(withPurpose(core.ShootPurposeProduction), withExtensions(traefik("3.6.13"))),
			owner, `spec.extensions[0].components[0].version: Invalid value: "3.6.13": `+traefikPurpose, nil),
		Entry("disabling an extension skips its rules",
			compatShoot(withExtensions(traefik("3.6.13"))),
			compatShoot(withPurpose(core.ShootPurposeProduction), withExtensions(disabled(traefik("3.6.13")))),
			owner, "", nil),
		Entry("removing a pin skips its rules",
			compatShoot(withExtensions(traefik("3.6.13"))),
			compatShoot(withPurpose(core.ShootPurposeProduction), withExtensions(core.Extension{Type: "shoot-traefik", Components: []core.ExtensionComponent{{Name: "traefik"}}})),
			owner, "", nil),

		Entry("maintenance: a forced Kubernetes upgrade that breaks an unchanged pin is accepted with a warning",
			compatShoot(onKubernetes("1.36.3"), withExtensions(falco("0.42.1"))),
			compatShoot(onKubernetes("1.37.1"), withExtensions(falco("0.42.1"))),
			maintenanceUser, "", []string{falcoMaintenanceWarning}),
		Entry("maintenance: a bare user name with the controller-manager's name gets no exception",
			compatShoot(onKubernetes("1.36.3"), withExtensions(falco("0.42.1"))),
			compatShoot(onKubernetes("1.37.1"), withExtensions(falco("0.42.1"))),
			"gardener-controller-manager", `spec.extensions[0].components[0].version: Invalid value: "0.42.1": `+falcoKubernetes137, nil),
		Entry("maintenance: a voluntary Kubernetes update by the maintenance identity (the old version is not expired) is rejected",
			compatShoot(onKubernetes("1.36.5"), withExtensions(falco("0.42.1"))),
			compatShoot(onKubernetes("1.37.1"), withExtensions(falco("0.42.1"))),
			maintenanceUser, `spec.extensions[0].components[0].version: Invalid value: "0.42.1": `+falcoKubernetes137, nil),
		Entry("maintenance: a forced machine image update counts as forced too",
			compatShoot(onKubernetes("1.36.5"), withPool("pool", "gardenlinux", "1877.5.0", 2), withExtensions(probe("1.3.0"))),
			compatShoot(onKubernetes("1.36.5"), withPool("pool", "gardenlinux", "1877.8.0", 2), withExtensions(probe("1.3.0"))),
			maintenanceUser, "", []string{"component probe of extension shoot-probe keeps version 1.3.0, which the update forced by shoot maintenance " +
				"(machine image of worker pool pool 1877.5.0 to 1877.8.0 (Machine image version expired - force update required (image update strategy: major))) makes incompatible: probe 1.3.0 does not run on gardenlinux 1877.8.0"}),
		Entry("maintenance: a failure the old Shoot already had gives no warning",
			compatShoot(onKubernetes("1.37.1"), withExtensions(falco("0.42.1"))),
			compatShoot(onKubernetes("1.37.1"), withPool("pool", "gardenlinux", "1877.8.0", 2), withExtensions(falco("0.42.1"))),
			maintenanceUser, "", nil),
		Entry("maintenance: a pin change to an incompatible version is rejected",
			compatShoot(onKubernetes("1.36.3"), withPool("pool", "gardenlinux", "1877.5.0", 2), withExtensions(falco("0.42.1"))),
			compatShoot(onKubernetes("1.36.3"), withPool("pool", "gardenlinux", "1877.5.0", 2), withExtensions(falco("0.44.1"))),
			maintenanceUser, `spec.extensions[0].components[0].version: Invalid value: "0.44.1": `+falcoGardenLinux, nil),
		Entry("maintenance: the warning for the forced change, and an error for a voluntary change in the same write",
			compatShoot(onKubernetes("1.36.3"), withExtensions(traefik("3.6.13"), falco("0.42.1"))),
			compatShoot(onKubernetes("1.37.1"), withPurpose(core.ShootPurposeProduction), withExtensions(traefik("3.6.13"), falco("0.42.1"))),
			maintenanceUser, `spec.extensions[0].components[0].version: Invalid value: "3.6.13": `+traefikPurpose,
			[]string{falcoMaintenanceWarning}),
		Entry("maintenance: the pin change and the forced change in one write",
			compatShoot(onKubernetes("1.36.3"), withPool("pool", "gardenlinux", "1877.5.0", 2), withExtensions(traefik("3.6.13"), falco("0.42.1"))),
			compatShoot(onKubernetes("1.36.3"), withPurpose(core.ShootPurposeProduction), withPool("pool", "gardenlinux", "1877.5.0", 2), withExtensions(traefik("3.6.13"), falco("0.44.1"))),
			maintenanceUser, `[spec.extensions[0].components[0].version: Invalid value: "3.6.13": `+traefikPurpose+
				`, spec.extensions[1].components[0].version: Invalid value: "0.44.1": `+falcoGardenLinux+`]`, nil),
	)

	It("shares one cost budget across all components of a Shoot", func() {
		// Each rule scans an 8 MiB annotation, at about 840,000 cost units: the eleven rules of
		// component a fit into celutils.DefaultCostBudget, the first rule of b exhausts it and the
		// second is not run. Separate budgets per component would accept the Shoot.
		rules := func(component string, n int) gardencorev1beta1.ExtensionProfileComponent {
			version := gardencorev1beta1.ExtensionComponentVersion{Version: "1.0.0", Compatibility: &gardencorev1beta1.ComponentCompatibility{}}
			for i := range n {
				version.Compatibility.Validations = append(version.Compatibility.Validations, gardencorev1beta1.CompatibilityValidation{
					Rule: fmt.Sprintf("!shoot.metadata.annotations['blob'].contains('%s%d')", component, i),
				})
			}
			return gardencorev1beta1.ExtensionProfileComponent{Name: component, Versions: []gardencorev1beta1.ExtensionComponentVersion{version}}
		}
		Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(&gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "shoot-heavy"},
			Spec:       gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{rules("a", 11), rules("b", 2)}},
		})).To(Succeed())
		shoot := compatShoot(withExtensions(core.Extension{Type: "shoot-heavy", Components: []core.ExtensionComponent{
			{Name: "a", Version: ptr.To("1.0.0")}, {Name: "b", Version: ptr.To("1.0.0")},
		}}))
		shoot.Annotations = map[string]string{"blob": strings.Repeat("x", 8<<20)}

		outOfBudget := func(rule string) string {
			return `spec.extensions[0].components[1].version: Invalid value: "1.0.0": compatibility rule evaluation failed: ` +
				`validation failed due to running out of cost budget, no further validation rules will be run (rule: ` + rule + `)`
		}
		expectOutcome(validate(shoot, nil, owner),
			"["+outOfBudget("!shoot.metadata.annotations['blob'].contains('b0')")+", "+outOfBudget("!shoot.metadata.annotations['blob'].contains('b1')")+"]", nil)
	})

	It("defaults the maintenance users to gardener-controller-manager's service account identity only", func() {
		Expect(admitter.MaintenanceUsers).To(Equal(sets.New(maintenanceUser)))
		Expect(DefaultMaintenanceUsers()).To(Equal(admitter.MaintenanceUsers))
	})

	It("grants the exception only to writes with the maintenance field manager", func() {
		oldShoot := compatShoot(onKubernetes("1.36.3"), withExtensions(falco("0.42.1")))
		shoot := compatShoot(onKubernetes("1.37.1"), withExtensions(falco("0.42.1")))
		fieldManager = "kubectl-edit"
		expectOutcome(validate(shoot, oldShoot, maintenanceUser), `spec.extensions[0].components[0].version: Invalid value: "0.42.1": `+falcoKubernetes137, nil)
	})

	It("takes its maintenance users from the MaintenanceUsers field", func() {
		admitter.MaintenanceUsers = sets.New("maintainer")
		oldShoot := compatShoot(onKubernetes("1.36.3"), withExtensions(falco("0.42.1")))
		shoot := compatShoot(onKubernetes("1.37.1"), withExtensions(falco("0.42.1")))

		expectOutcome(validate(shoot, oldShoot, maintenanceUser), `spec.extensions[0].components[0].version: Invalid value: "0.42.1": `+falcoKubernetes137, nil)
		expectOutcome(validate(shoot, oldShoot, "maintainer"), "", []string{falcoMaintenanceWarning})
	})

	It("takes its maintenance users from the admission configuration", func() {
		const configuredUser = "system:serviceaccount:gardener-system:gardener-controller-manager"
		plugins := admission.NewPlugins()
		Register(plugins)
		configured, err := plugins.InitPlugin(plugin.PluginNameShootExtensionProfile, strings.NewReader(
			"apiVersion: shootextensionprofile.admission.gardener.cloud/v1alpha1\nkind: Configuration\nmaintenanceUsers:\n- "+configuredUser+"\n"),
			testInitializer{informers: factory, client: fakeclientset.NewSimpleClientset(), clock: testclock.NewFakePassiveClock(reference)})
		Expect(err).NotTo(HaveOccurred())
		admitter = configured.(*ShootExtensionProfile)
		admitter.AssignReadyFunc(func() bool { return true })
		Expect(admitter.MaintenanceUsers).To(Equal(sets.New(configuredUser)))

		oldShoot := compatShoot(onKubernetes("1.36.3"), withExtensions(falco("0.42.1")))
		shoot := compatShoot(onKubernetes("1.37.1"), withExtensions(falco("0.42.1")))
		expectOutcome(validate(shoot, oldShoot, maintenanceUser), `spec.extensions[0].components[0].version: Invalid value: "0.42.1": `+falcoKubernetes137, nil)
		expectOutcome(validate(shoot, oldShoot, configuredUser), "", []string{falcoMaintenanceWarning})
	})

	It("refuses to start with an invalid admission configuration", func() {
		plugins := admission.NewPlugins()
		Register(plugins)
		_, err := plugins.InitPlugin(plugin.PluginNameShootExtensionProfile, strings.NewReader("kind: Configuration\nusers: []\n"),
			testInitializer{informers: factory})
		Expect(err).To(MatchError(ContainSubstring(`couldn't init admission plugin "ShootExtensionProfile"`)))
		Expect(err).To(MatchError(ContainSubstring(`unknown field "users"`)))
	})

	It("treats a request without user as no maintenance", func() {
		oldShoot := compatShoot(onKubernetes("1.36.3"), withExtensions(falco("0.42.1")))
		shoot := compatShoot(onKubernetes("1.37.1"), withExtensions(falco("0.42.1")))
		a := admission.NewAttributesRecord(shoot, oldShoot, core.Kind("Shoot").WithVersion("version"), shoot.Namespace, shoot.Name,
			core.Resource("shoots").WithVersion("version"), "", admission.Update, &metav1.UpdateOptions{}, false, nil)
		Expect(admitter.Validate(ctx, a, nil)).To(MatchError(forbidden("test", `spec.extensions[0].components[0].version: Invalid value: "0.42.1": `+falcoKubernetes137)))
	})

	Describe("fast path", func() {
		It("compiles and evaluates nothing when nothing is pinned", func() {
			// probe 1.0.0's rule would fail with an evaluation error on this Shoot (no purpose).
			shoot := compatShoot(withExtensions(core.Extension{Type: "shoot-probe", Components: []core.ExtensionComponent{{Name: "probe"}}}))
			expectOutcome(validate(shoot, nil, owner), "", nil)
			expectOutcome(validate(shoot, shoot.DeepCopy(), owner), "", nil)
			Expect(CompiledProfiles(admitter)).To(BeZero())
		})

		It("compiles a profile once a version of it is pinned", func() {
			expectOutcome(validate(compatShoot(withExtensions(probe("2.0.0"))), nil, owner), "", nil)
			Expect(CompiledProfiles(admitter)).To(Equal(1))
		})

		It("does nothing while the ExtensionComponentVersions feature gate is off", func() {
			featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
			expectOutcome(validate(compatShoot(onKubernetes("1.37.1"), withExtensions(falco("0.42.1"))), nil, owner), "", nil)
			Expect(CompiledProfiles(admitter)).To(BeZero())
		})
	})

	It("drops the compiled rules of a deleted profile", func() {
		client := fakeclientset.NewSimpleClientset(probeProfile())
		// The fake clientset drops events that happen before the informer's watch is registered
		// (it does not replay from a resourceVersion): delete only once the watch is there.
		watching, watchOnce := make(chan struct{}), sync.Once{}
		client.PrependWatchReactor("extensionprofiles", func(action k8stesting.Action) (bool, watch.Interface, error) {
			w, err := client.Tracker().Watch(action.GetResource(), action.GetNamespace())
			if err != nil {
				return false, nil, err
			}
			watchOnce.Do(func() { close(watching) })
			return true, w, nil
		})
		factory := gardencoreinformers.NewSharedInformerFactory(client, 0)
		var err error
		admitter, err = New()
		Expect(err).NotTo(HaveOccurred())
		admitter.SetCoreInformerFactory(factory)
		DeferCleanup(factory.Shutdown)
		cancelCtx, cancel := context.WithCancel(ctx)
		DeferCleanup(cancel)
		factory.Start(cancelCtx.Done())
		factory.WaitForCacheSync(cancelCtx.Done())

		expectOutcome(validate(compatShoot(withExtensions(probe("2.0.0"))), nil, owner), "", nil)
		Expect(CompiledProfiles(admitter)).To(Equal(1))

		Eventually(watching).WithTimeout(30 * time.Second).Should(BeClosed())
		Expect(client.CoreV1beta1().ExtensionProfiles().Delete(ctx, "shoot-probe", metav1.DeleteOptions{})).To(Succeed())
		Eventually(func() int { return CompiledProfiles(admitter) }).WithTimeout(30 * time.Second).Should(BeZero())
	})
})

const (
	falcoDeprecated         = "component falco of extension shoot-falco-service is pinned to deprecated version 0.42.1; it expires at 2027-02-01T00:00:00Z and is then force-upgraded in the next maintenance window (to 0.44.1 as the profile stands)"
	falcoMaintenanceWarning = "component falco of extension shoot-falco-service keeps version 0.42.1, which the update forced by shoot maintenance " +
		"(Kubernetes version 1.36.3 to 1.37.1 (Kubernetes version expired - force update required)) makes incompatible: " + falcoKubernetes137
)

// localCloudProfile is the CloudProfile "local" of compatShoot: Kubernetes 1.36.3 and gardenlinux
// 1877.5.0 are expired at reference, so maintenance forces them away; 1.36.5, 1.37.1 and 1877.8.0
// are supported.
func localCloudProfile() *gardencorev1beta1.CloudProfile {
	expiredAt := metav1.NewTime(reference.Add(-time.Hour))
	return &gardencorev1beta1.CloudProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "local"},
		Spec: gardencorev1beta1.CloudProfileSpec{
			Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{
				{Version: "1.37.1"}, {Version: "1.36.5"}, {Version: "1.36.3", ExpirationDate: &expiredAt},
			}},
			MachineImages: []gardencorev1beta1.MachineImage{{Name: "gardenlinux", Versions: []gardencorev1beta1.MachineImageVersion{
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1877.8.0"}, Architectures: []string{"amd64"}},
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1877.5.0", ExpirationDate: &expiredAt}, Architectures: []string{"amd64"}},
			}}},
		},
	}
}

// compatShoot returns a Shoot named test on CloudProfile local, provider local and Kubernetes 1.35.6, changed by changes.
func compatShoot(changes ...func(*core.Shoot)) *core.Shoot {
	shoot := shootWith()
	shoot.Spec.Provider = core.Provider{Type: "local"}
	shoot.Spec.Region = "local"
	shoot.Spec.CloudProfileName = ptr.To("local")
	for _, change := range changes {
		change(shoot)
	}
	return shoot
}

func withExtensions(extensions ...core.Extension) func(*core.Shoot) {
	return func(s *core.Shoot) { s.Spec.Extensions = extensions }
}

func onKubernetes(version string) func(*core.Shoot) {
	return func(s *core.Shoot) { s.Spec.Kubernetes.Version = version }
}

func withPurpose(purpose core.ShootPurpose) func(*core.Shoot) {
	return func(s *core.Shoot) { s.Spec.Purpose = &purpose }
}

func withPool(name, image, version string, maximum int32) func(*core.Shoot) {
	return func(s *core.Shoot) {
		s.Spec.Provider.Workers = append(s.Spec.Provider.Workers, core.Worker{
			Name:    name,
			Machine: core.Machine{Type: "local", Image: &core.ShootMachineImage{Name: image, Version: version}},
			Minimum: 1,
			Maximum: maximum,
		})
	}
}

func falco(version string) core.Extension {
	return core.Extension{Type: "shoot-falco-service", Components: []core.ExtensionComponent{{Name: "falco", Version: ptr.To(version)}}}
}

func probe(version string) core.Extension {
	return core.Extension{Type: "shoot-probe", Components: []core.ExtensionComponent{{Name: "probe", Version: ptr.To(version)}}}
}

func disabled(extension core.Extension) core.Extension {
	extension.Disabled = ptr.To(true)
	return extension
}

// probeProfile is an ExtensionProfile for the type shoot-probe whose versions carry rules the
// shared examples do not have: a rule reading purpose without has(), a rule without message, a rule
// that does not compile, and a version without rules. Its generation makes the cache keep it.
func probeProfile() *gardencorev1beta1.ExtensionProfile {
	version := func(v string, rules ...gardencorev1beta1.CompatibilityValidation) gardencorev1beta1.ExtensionComponentVersion {
		out := gardencorev1beta1.ExtensionComponentVersion{Version: v}
		if len(rules) > 0 {
			out.Compatibility = &gardencorev1beta1.ComponentCompatibility{Validations: rules}
		}
		return out
	}
	return &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "shoot-probe", UID: "probe-uid", Generation: 1},
		Spec: gardencorev1beta1.ExtensionProfileSpec{
			Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "probe",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{
					version("1.0.0", gardencorev1beta1.CompatibilityValidation{Rule: "shoot.spec.purpose == 'evaluation'", Message: "probe 1.0 needs an evaluation shoot"}),
					version("1.1.0", gardencorev1beta1.CompatibilityValidation{Rule: "shoot.spec.kubernetes.version.startsWith('1.35.')"}),
					version("1.2.0", gardencorev1beta1.CompatibilityValidation{Rule: "shoot.spec.kubernetes.version == 1", Message: "never compiles"}),
					version("1.3.0", gardencorev1beta1.CompatibilityValidation{
						Rule:    "shoot.spec.provider.workers.all(w, !has(w.machine.image) || w.machine.image.version != '1877.8.0')",
						Message: "probe 1.3.0 does not run on gardenlinux 1877.8.0",
					}),
					version("2.0.0"),
				},
			}},
		},
	}
}
