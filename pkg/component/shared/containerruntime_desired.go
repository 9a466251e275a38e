// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared

import (
	"context"
	"fmt"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/component/extensions/containerruntime"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
)

// ContainerRuntimeName is the name of the seed ContainerRuntime of a runtime type in a pool, as
// Gardener names it.
func ContainerRuntimeName(runtimeType, pool string) string {
	return fmt.Sprintf("%s-%s", runtimeType, pool)
}

// DesiredContainerRuntimes returns the seed ContainerRuntimes of a Shoot, one per pool and runtime
// type, without spec.components (SetContainerRuntimeComponents sets them).
func DesiredContainerRuntimes(shoot *gardencorev1beta1.Shoot, namespace string) []*extensionsv1alpha1.ContainerRuntime {
	var result []*extensionsv1alpha1.ContainerRuntime
	for _, worker := range shoot.Spec.Provider.Workers {
		if worker.CRI == nil {
			continue
		}
		for _, runtime := range worker.CRI.ContainerRuntimes {
			result = append(result, &extensionsv1alpha1.ContainerRuntime{
				ObjectMeta: metav1.ObjectMeta{
					Name:      ContainerRuntimeName(runtime.Type, worker.Name),
					Namespace: namespace,
					Labels: map[string]string{
						extension.LabelManagedBy:      extension.ManagedByGardenlet,
						extension.LabelShootNamespace: shoot.Namespace,
						extension.LabelShootName:      shoot.Name,
					},
				},
				Spec: extensionsv1alpha1.ContainerRuntimeSpec{
					DefaultSpec: extensionsv1alpha1.DefaultSpec{
						Type:           runtime.Type,
						ProviderConfig: runtime.ProviderConfig.DeepCopy(),
					},
					BinaryPath: extensionsv1alpha1.ContainerDRuntimeContainersBinFolder,
					WorkerPool: extensionsv1alpha1.ContainerRuntimeWorkerPool{
						Name: worker.Name,
						Selector: metav1.LabelSelector{MatchLabels: map[string]string{
							v1beta1constants.LabelWorkerPool:           worker.Name,
							v1beta1constants.LabelWorkerPoolDeprecated: worker.Name,
						}},
					},
				},
			})
		}
	}
	return result
}

// NewContainerRuntimeWithComponents returns the deployer of a Shoot's seed ContainerRuntimes
// (DesiredContainerRuntimes) with their components (SetContainerRuntimeComponents), and the warnings.
func NewContainerRuntimeWithComponents(ctx context.Context, log logr.Logger, gardenClient client.Reader, seedClient client.Client, namespace string, shoot *gardencorev1beta1.Shoot, clock clock.Clock) (containerruntime.Interface, []ComponentWarning, error) {
	deployer := containerruntime.New(log, seedClient, &containerruntime.Values{Namespace: namespace, ContainerRuntimes: DesiredContainerRuntimes(shoot, namespace), Clock: clock}, extension.DefaultInterval, extension.DefaultSevereThreshold, extension.DefaultTimeout)
	warnings, err := SetContainerRuntimeComponents(ctx, gardenClient, shoot, deployer)
	if err != nil {
		return nil, nil, err
	}
	return deployer, warnings, nil
}
