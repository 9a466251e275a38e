// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package metrics

import (
	"context"
	"time"

	"github.com/go-logr/logr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// scrapeContext bounds the reads of one scrape by timeout, or defaultCollectTimeout when it is zero.
func scrapeContext(timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout <= 0 {
		timeout = defaultCollectTimeout
	}
	return context.WithTimeout(context.Background(), timeout)
}

// listProfilesAndShoots reads all ExtensionProfiles and Shoots for one scrape. On a failed read it
// logs, naming the gauge, and returns false: the scrape reports none of the gauge's series.
func listProfilesAndShoots(ctx context.Context, reader client.Reader, log logr.Logger, gauge string) ([]gardencorev1beta1.ExtensionProfile, []gardencorev1beta1.Shoot, bool) {
	profiles := &gardencorev1beta1.ExtensionProfileList{}
	if err := reader.List(ctx, profiles); err != nil {
		log.Error(err, "Failed listing ExtensionProfiles, reporting no series in this scrape", "gauge", gauge)
		return nil, nil, false
	}
	shoots := &gardencorev1beta1.ShootList{}
	if err := reader.List(ctx, shoots); err != nil {
		log.Error(err, "Failed listing Shoots, reporting no series in this scrape", "gauge", gauge)
		return nil, nil, false
	}
	return profiles.Items, shoots.Items, true
}
