// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	k8stesting "k8s.io/client-go/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	"github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

var _ = Describe("kubectl extensionprofile rollout", func() {
	var (
		ctx     = context.Background()
		now     = time.Date(2026, time.December, 5, 0, 0, 0, 0, time.UTC)
		opened  = &metav1.Time{Time: now.Add(-24 * time.Hour)}
		next    = &metav1.Time{Time: now.Add(48 * time.Hour)}
		profile *gardencorev1beta1.ExtensionProfile
	)
	shoot := func(namespace, name, version string, purpose gardencorev1beta1.ShootPurpose) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name},
			Spec: gardencorev1beta1.ShootSpec{Purpose: ptr.To(purpose), Extensions: []gardencorev1beta1.Extension{{Type: "shoot-falco-service",
				Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To(version)}}}}}}
	}
	objects := func() []runtime.Object {
		return []runtime.Object{profile,
			shoot("garden-prod", "p1", "0.44.1", gardencorev1beta1.ShootPurposeProduction),
			shoot("garden-prod", "p2", "0.44.1", gardencorev1beta1.ShootPurposeInfrastructure),
			shoot("garden-dev", "d1", "0.44.1", gardencorev1beta1.ShootPurposeDevelopment),
			shoot("garden-dev", "d2", "0.44.2", gardencorev1beta1.ShootPurposeDevelopment),
		}
	}

	BeforeEach(func() {
		profile = &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{Name: "falco",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "0.44.1"}, {Version: "0.44.2"}}}}},
			Status: gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{{Name: "falco",
				Rollouts: []gardencorev1beta1.ComponentVersionRolloutStatus{
					{Version: "0.44.1", State: gardencorev1beta1.RolloutStateComplete, Moved: 4, Healthy: 4,
						Stages: []gardencorev1beta1.RolloutStageStatus{{Name: "early", OpenedAt: opened}, {Name: "production", OpenedAt: opened}}},
					{Version: "0.44.2", State: gardencorev1beta1.RolloutStateSoaking, Moved: 3, Healthy: 2, Failed: 1, NextStageTime: next,
						FailingShoots: []string{"garden-dev/d9"}, Message: "1 of 3 moved Shoots failed",
						Stages: []gardencorev1beta1.RolloutStageStatus{{Name: "early", OpenedAt: opened}, {Name: "production"}}},
				}}}},
		}
	})

	It("lists every rollout with the Shoots waiting for it", func() {
		rows, err := profileRollouts(ctx, fake.NewSimpleClientset(objects()...), "shoot-falco-service", now, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(rows).To(HaveLen(2))
		Expect(rows[0].State).To(Equal(gardencorev1beta1.RolloutStateComplete))
		Expect(rows[0].Waiting).To(Equal(0))
		Expect(rows[1].State).To(Equal(gardencorev1beta1.RolloutStateSoaking))
		Expect(rows[1].Waiting).To(Equal(2), "p1 and p2 wait for stage production; d1 moves in its window")

		out := &bytes.Buffer{}
		Expect(printRollouts(out, rows)).To(Succeed())
		Expect(out.String()).To(Equal(
			"COMPONENT   VERSION   STATE      STAGE              MOVED   HEALTHY   FAILED   WAITING   NEXT STAGE\n" +
				"falco       0.44.1    Complete   production (2/2)   4       4         0        0         <none>\n" +
				"falco       0.44.2    Soaking    early (1/2)        3       2         1        2         production at 2026-12-07\n" +
				"falco 0.44.2: 1 of 3 moved Shoots failed (failing: garden-dev/d9)\n"))
	})

	It("counts the waiting Shoots with the default policy the status publishes, as maintenance decides with it", func() {
		configured := &gardencorev1beta1.RolloutPolicy{Stages: []gardencorev1beta1.RolloutStage{
			{Name: "early", Purposes: []gardencorev1beta1.ShootPurpose{"evaluation"}},
			{Name: "production", Purposes: []gardencorev1beta1.ShootPurpose{"development", "production", "infrastructure"}}}}
		profile.Status.DefaultRolloutPolicy = configured
		rows, err := profileRollouts(ctx, fake.NewSimpleClientset(objects()...), "shoot-falco-service", now, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(rows[1].Waiting).To(Equal(3), "d1 is in stage production of the configured policy")

		maintenanceWaits := 0
		for _, obj := range objects()[1:] {
			s := obj.(*gardencorev1beta1.Shoot)
			bare := profile.DeepCopy()
			bare.Status.DefaultRolloutPolicy = nil
			if componentversion.Decide(ctx, bare, s, 0, 0, now, 0, configured, componentversion.NewCELCompatibilityChecker(celutils.NewCache())).Action == componentversion.ActionWait {
				maintenanceWaits++
			}
		}
		Expect(maintenanceWaits).To(Equal(rows[1].Waiting))
	})

	It("shows a pause in the spec before the controller reports it", func() {
		profile.Spec.Components[0].Versions[1].Rollout = &gardencorev1beta1.ComponentVersionRollout{Paused: true}
		rows, err := profileRollouts(ctx, fake.NewSimpleClientset(objects()...), "shoot-falco-service", now, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(rows[1].State).To(Equal(gardencorev1beta1.RolloutStatePaused))
		Expect(rows[1].Waiting).To(Equal(3), "every Shoot on 0.44.1 waits while the rollout is paused")
	})

	It("shows the waiting Shoots as unknown when Shoots cannot be listed", func() {
		c := fake.NewSimpleClientset(objects()...)
		c.PrependReactor("list", "shoots", func(k8stesting.Action) (bool, runtime.Object, error) {
			return true, nil, apierrors.NewForbidden(gardencorev1beta1.Resource("shoots"), "", errors.New("not allowed"))
		})
		rows, err := profileRollouts(ctx, c, "shoot-falco-service", now, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(rows[1].Waiting).To(Equal(-1))
		out := &bytes.Buffer{}
		Expect(printRollouts(out, rows)).To(Succeed())
		Expect(out.String()).To(ContainSubstring(" <unknown> "))
	})

	It("says when there is no rollout and runs as a subcommand", func() {
		profile.Status = gardencorev1beta1.ExtensionProfileStatus{}
		out := &bytes.Buffer{}
		o := &Options{Out: out, Clock: testclock.NewFakeClock(now), NewClient: func() (gardencoreclientset.Interface, error) {
			return fake.NewSimpleClientset(objects()...), nil
		}}
		cmd := NewCommandWithOptions(o)
		cmd.SetArgs([]string{"rollout", "shoot-falco-service"})
		Expect(cmd.ExecuteContext(ctx)).To(Succeed())
		Expect(out.String()).To(Equal("No rollouts.\n"))
	})

	It("shows a withdrawal in the spec and fails when Shoots cannot be read", func() {
		profile.Status.Components[0].Rollouts[1].State = gardencorev1beta1.RolloutStateHalted
		profile.Status.Components[0].Rollouts[1].LastTransitionTime = opened
		profile.Spec.Components[0].Versions[1].Rollout = &gardencorev1beta1.ComponentVersionRollout{HaltAcknowledgement: &gardencorev1beta1.RolloutHaltAcknowledgement{
			Action: gardencorev1beta1.RolloutHaltActionWithdraw, Time: metav1.Time{Time: now}}}
		rows, err := profileRollouts(ctx, fake.NewSimpleClientset(objects()...), "shoot-falco-service", now, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(rows[1].State).To(Equal(gardencorev1beta1.RolloutStateWithdrawn))

		c := fake.NewSimpleClientset(objects()...)
		c.PrependReactor("list", "shoots", func(k8stesting.Action) (bool, runtime.Object, error) {
			return true, nil, apierrors.NewServiceUnavailable("etcd is down")
		})
		_, err = profileRollouts(ctx, c, "shoot-falco-service", now, nil)
		Expect(apierrors.IsServiceUnavailable(err)).To(BeTrue())
	})

	DescribeTable("the line under the table",
		func(message string, failing, expected []string) {
			rows := []rolloutRow{{Component: "falco", Waiting: 0, State: gardencorev1beta1.RolloutStateHalted,
				ComponentVersionRolloutStatus: gardencorev1beta1.ComponentVersionRolloutStatus{Version: "0.44.2", Message: message, FailingShoots: failing}}}
			out := &bytes.Buffer{}
			Expect(printRollouts(out, rows)).To(Succeed())
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			Expect(lines[2:]).To(Equal(expected))
		},
		Entry("none without message and failing Shoots", "", nil, []string{}),
		Entry("the message alone", "halted by hand", nil, []string{"falco 0.44.2: halted by hand"}),
		Entry("failing Shoots without message", "", []string{"a/b", "c/d"}, []string{"falco 0.44.2: <none> (failing: a/b, c/d)"}),
	)

	DescribeTable("the stage columns",
		func(stages []gardencorev1beta1.RolloutStageStatus, nextTime *metav1.Time, stage, nextStageText string) {
			Expect(rolloutStage(stages)).To(Equal(stage))
			Expect(nextStage(gardencorev1beta1.ComponentVersionRolloutStatus{Stages: stages, NextStageTime: nextTime})).To(Equal(nextStageText))
		},
		Entry("no stages", nil, nil, "<none>", "<none>"),
		Entry("none open, none scheduled", []gardencorev1beta1.RolloutStageStatus{{Name: "early"}, {Name: "production"}}, nil,
			"<none> (0/2)", "early (not scheduled)"),
		Entry("the first of three open", []gardencorev1beta1.RolloutStageStatus{{Name: "evaluation", OpenedAt: opened}, {Name: "development"}, {Name: "production"}}, next,
			"evaluation (1/3)", "development at 2026-12-07"),
		Entry("all open", []gardencorev1beta1.RolloutStageStatus{{Name: "early", OpenedAt: opened}, {Name: "production", OpenedAt: opened}}, nil,
			"production (2/2)", "<none>"),
	)

	It("fails for an unknown profile", func() {
		_, err := profileRollouts(ctx, fake.NewSimpleClientset(), "unknown", now, nil)
		Expect(apierrors.IsNotFound(err)).To(BeTrue())
	})
})
