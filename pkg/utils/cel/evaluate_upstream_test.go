// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/test/upstream"
)

var _ = Describe("ShootValue of Gardener's own Shoots", func() {
	It("reads Gardener's own Shoots, every section of the whole type, exactly as their JSON form without nulls", func() {
		for _, name := range []string{upstream.Shoot, upstream.ProviderLocalShoot, upstream.ProviderLocalManagedSeedShootIPv6} {
			shoot := &gardencorev1beta1.Shoot{}
			Expect(yaml.UnmarshalStrict(upstream.MustRead(name), shoot)).To(Succeed(), name)
			api.Scheme.Default(shoot)
			Expect(materialize(ShootValue(shoot))).To(Equal(jsonForm(shoot)), name)
		}
	})
})
