// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	gomegatypes "github.com/onsi/gomega/types"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

func reportedStatus() core.ShootStatus {
	return core.ShootStatus{
		UID: "4d2b", TechnicalID: "shoot--dev--eval", ClusterIdentity: ptr.To("garden-dev-eval"),
		AdvertisedAddresses: []core.ShootAdvertisedAddress{{Name: "external", URL: "https://api.eval.dev.example.com"}},
		Networking:          &core.NetworkingStatus{Nodes: []string{"10.250.0.0/16"}, Pods: []string{"100.96.0.0/11"}, Services: []string{"100.64.0.0/13", "fd00::/108"}},
	}
}

const urlForm = "; desired format: https://host[:port]"

var _ = Describe("ValidateShootStatusUpdate", func() {
	DescribeTable("a status update",
		func(mutateOld, mutateNew func(*core.ShootStatus), matchers ...gomegatypes.GomegaMatcher) {
			oldStatus := reportedStatus()
			mutateOld(&oldStatus)
			newStatus := *oldStatus.DeepCopy()
			mutateNew(&newStatus)
			errs := ValidateShootStatusUpdate(newStatus, oldStatus)
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("unchanged", func(*core.ShootStatus) {}, func(*core.ShootStatus) {}),
		Entry("an empty status", func(s *core.ShootStatus) { *s = core.ShootStatus{} }, func(*core.ShootStatus) {}),
		Entry("uid set", func(s *core.ShootStatus) { s.UID = "" }, func(s *core.ShootStatus) { s.UID = "77ab" }),
		Entry("uid changed", func(*core.ShootStatus) {}, func(s *core.ShootStatus) { s.UID = "77ab" },
			fieldErrExact(field.ErrorTypeInvalid, "status.uid", immutable)),
		Entry("technicalID set", func(s *core.ShootStatus) { s.TechnicalID = "" }, func(s *core.ShootStatus) { s.TechnicalID = "shoot--dev--x" }),
		Entry("technicalID changed", func(*core.ShootStatus) {}, func(s *core.ShootStatus) { s.TechnicalID = "shoot--dev--x" },
			fieldErrExact(field.ErrorTypeInvalid, "status.technicalID", immutable)),
		Entry("clusterIdentity set", func(s *core.ShootStatus) { s.ClusterIdentity = nil }, func(s *core.ShootStatus) { s.ClusterIdentity = ptr.To("x") }),
		Entry("clusterIdentity removed", func(*core.ShootStatus) {}, func(s *core.ShootStatus) { s.ClusterIdentity = nil },
			fieldErrExact(field.ErrorTypeInvalid, "status.clusterIdentity", immutable)),
		Entry("an advertised address without name", func(*core.ShootStatus) {}, func(s *core.ShootStatus) { s.AdvertisedAddresses[0].Name = "" },
			fieldErrExact(field.ErrorTypeRequired, "status.advertisedAddresses[0].name", "field must not be empty")),
		Entry("two advertised addresses of one name", func(*core.ShootStatus) {}, func(s *core.ShootStatus) {
			s.AdvertisedAddresses = append(s.AdvertisedAddresses, s.AdvertisedAddresses[0])
		}, fieldErrExact(field.ErrorTypeDuplicate, "status.advertisedAddresses[1].name", "")),
		Entry("an http URL", func(*core.ShootStatus) {}, func(s *core.ShootStatus) { s.AdvertisedAddresses[0].URL = "http://api.example.com" },
			fieldErrExact(field.ErrorTypeInvalid, "status.advertisedAddresses[0].url", "'https' is the only allowed URL scheme"+urlForm)),
		Entry("a URL without host", func(*core.ShootStatus) {}, func(s *core.ShootStatus) { s.AdvertisedAddresses[0].URL = "https:///api" },
			fieldErrExact(field.ErrorTypeInvalid, "status.advertisedAddresses[0].url", "host must be provided"+urlForm)),
		Entry("a URL with user information", func(*core.ShootStatus) {}, func(s *core.ShootStatus) { s.AdvertisedAddresses[0].URL = "https://admin@api.example.com" },
			fieldErrExact(field.ErrorTypeInvalid, "status.advertisedAddresses[0].url", "user information is not permitted in the URL"+urlForm)),
		Entry("a URL with a fragment", func(*core.ShootStatus) {}, func(s *core.ShootStatus) { s.AdvertisedAddresses[0].URL = "https://api.example.com#x" },
			fieldErrExact(field.ErrorTypeInvalid, "status.advertisedAddresses[0].url", "fragments are not permitted in the URL"+urlForm)),
		Entry("a URL with a query", func(*core.ShootStatus) {}, func(s *core.ShootStatus) { s.AdvertisedAddresses[0].URL = "https://api.example.com?x=1" },
			fieldErrExact(field.ErrorTypeInvalid, "status.advertisedAddresses[0].url", "query parameters are not permitted in the URL"+urlForm)),
		Entry("a URL that does not parse", func(*core.ShootStatus) {}, func(s *core.ShootStatus) { s.AdvertisedAddresses[0].URL = "https://[::1" },
			fieldErrExact(field.ErrorTypeRequired, "status.advertisedAddresses[0].url", `url must be a valid URL: parse "https://[::1": missing ']' in host`+urlForm)),
		Entry("a networking CIDR that does not parse", func(*core.ShootStatus) {}, func(s *core.ShootStatus) { s.Networking.Pods[0] = "100.96.0.0" },
			fieldErrExact(field.ErrorTypeInvalid, "status.networking.pods[0]", "invalid CIDR address: 100.96.0.0")),
		Entry("a networking CIDR that is not canonical", func(*core.ShootStatus) {}, func(s *core.ShootStatus) {
			s.Networking.Services[1] = "fd00::1/108"
			s.Networking.EgressCIDRs = []string{"203.0.113.7/24"}
		},
			fieldErrExact(field.ErrorTypeInvalid, "status.networking.services[1]", "must be valid canonical CIDR"),
			fieldErrExact(field.ErrorTypeInvalid, "status.networking.egressCIDRs[0]", "must be valid canonical CIDR")),
		Entry("component moves", func(*core.ShootStatus) {}, func(s *core.ShootStatus) {
			s.ExtensionComponentMoves = []core.ExtensionComponentMove{
				{Type: "shoot-falco-service", Component: "falco", From: "0.44.1", To: "0.44.2", Time: metav1.Now()},
				{Type: "shoot-falco-service", Component: "falco", WorkerPool: ptr.To("gpu"), From: "0.44.1", To: "0.44.2", Time: metav1.Now(), Forced: true},
			}
		}),
		Entry("a component move without names, versions or time", func(*core.ShootStatus) {}, func(s *core.ShootStatus) {
			s.ExtensionComponentMoves = []core.ExtensionComponentMove{{WorkerPool: ptr.To("")}}
		},
			fieldErrExact(field.ErrorTypeRequired, "status.extensionComponentMoves[0].type", "must not be empty"),
			fieldErrExact(field.ErrorTypeRequired, "status.extensionComponentMoves[0].component", "must not be empty"),
			fieldErrExact(field.ErrorTypeRequired, "status.extensionComponentMoves[0].from", "must not be empty"),
			fieldErrExact(field.ErrorTypeRequired, "status.extensionComponentMoves[0].to", "must not be empty"),
			fieldErrExact(field.ErrorTypeRequired, "status.extensionComponentMoves[0].time", "must be set"),
			fieldErrExact(field.ErrorTypeRequired, "status.extensionComponentMoves[0].workerPool", "must not be empty when set")),
		Entry("two moves of one component and pool", func(*core.ShootStatus) {}, func(s *core.ShootStatus) {
			move := core.ExtensionComponentMove{Type: "shoot-falco-service", Component: "falco", From: "0.44.1", To: "0.44.2", Time: metav1.Now()}
			s.ExtensionComponentMoves = []core.ExtensionComponentMove{move, move}
		}, fieldErrExact(field.ErrorTypeDuplicate, "status.extensionComponentMoves[1]", "")),
	)

	It("is checked on the status subresource (ValidateShootObjectStatusUpdate)", func() {
		oldShoot := validShoot()
		oldShoot.Status = reportedStatus()
		newShoot := oldShoot.DeepCopy()
		newShoot.Status.TechnicalID = "shoot--dev--x"
		Expect(ValidateShootObjectStatusUpdate(newShoot, oldShoot)).To(ConsistOf(fieldErrExact(field.ErrorTypeInvalid, "status.technicalID", immutable)))
	})
})
