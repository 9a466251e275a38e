// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package bootstrappers holds what gardenlet does once on start, before its controllers run.
package bootstrappers

import (
	"context"
	"time"

	"github.com/go-logr/logr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/gep-78/gardener/pkg/apis/extensions/crds"
	kubernetesutils "github.com/gep-78/gardener/pkg/utils/kubernetes"
)

// FieldOwner is the server-side apply field manager of gardenlet.
const FieldOwner = "gardenlet"

// EnsureExtensionCRD applies the Extension and ContainerRuntime CustomResourceDefinitions to the
// seed with server-side apply and waits until they are Established.
func EnsureExtensionCRD(ctx context.Context, log logr.Logger, c client.Client, interval, timeout time.Duration) error {
	for _, crd := range [][]byte{crds.ExtensionCRD(), crds.ContainerRuntimeCRD()} {
		if err := kubernetesutils.ApplyCRD(ctx, log, c, crd, FieldOwner, interval, timeout); err != nil {
			return err
		}
	}
	return nil
}
