// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package gvisor deploys the runsc component of the example gVisor container runtime extension:
// one DaemonSet per worker pool, in the shoot's seed namespace, that installs runsc at the version
// gardenlet resolved for that pool into the nodes' runtime binary folder.
//
// The real extension deploys its DaemonSet into the shoot. The local garden has no shoot and no
// nodes, so the DaemonSet stays in the seed and schedules no pod; the installed version is visible
// in its image and its app.kubernetes.io/version label.
package gvisor

import (
	"context"
	"fmt"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	// ComponentName is the name of the component in the ExtensionProfile and in
	// ContainerRuntime.spec.components[].
	ComponentName = "runsc"
	// ImageRepository is the repository of the installer image; the tag is the runsc version.
	ImageRepository = "gvisor.dev/runsc-installer"
	// DefaultPlatform is the runsc platform of a version whose providerConfig names none.
	DefaultPlatform = "systrap"

	// LabelName is app.kubernetes.io/name.
	LabelName = "app.kubernetes.io/name"
	// LabelInstance is app.kubernetes.io/instance, the name of the DaemonSet; with LabelName it
	// is the DaemonSet's selector.
	LabelInstance = "app.kubernetes.io/instance"
	// LabelVersion is app.kubernetes.io/version, the installed runsc version.
	LabelVersion = "app.kubernetes.io/version"
	// LabelManagedBy is app.kubernetes.io/managed-by.
	LabelManagedBy = "app.kubernetes.io/managed-by"
	// LabelWorkerPool is worker.gardener.cloud/pool, the pool the DaemonSet installs runsc in.
	LabelWorkerPool = "worker.gardener.cloud/pool"
)

// Values are the inputs of the runsc installation of one worker pool.
type Values struct {
	// Namespace is the shoot's seed namespace (the ContainerRuntime's namespace).
	Namespace string
	// Name is the name of the DaemonSet, the ContainerRuntime's name (<type>-<pool>).
	Name string
	// WorkerPool is the name of the pool.
	WorkerPool string
	// NodeSelector selects the pool's nodes.
	NodeSelector map[string]string
	// Version is the resolved runsc version, e.g. "20260101".
	Version string
	// Platform is the runsc platform; empty means DefaultPlatform.
	Platform string
	// BinaryPath is the node's folder runsc is installed into.
	BinaryPath string
	// ManagedBy is the app.kubernetes.io/managed-by label and the field manager of the apply.
	ManagedBy string
}

// Image returns the installer image of a runsc version.
func Image(version string) string {
	return ImageRepository + ":" + version
}

// DaemonSet returns the apply configuration of the pool's installer DaemonSet: one container
// runsc-installer with Image(version) and the platform as argument, on the pool's nodes only,
// with the node's binary folder mounted.
func DaemonSet(values Values) *appsv1ac.DaemonSetApplyConfiguration {
	platform := values.Platform
	if platform == "" {
		platform = DefaultPlatform
	}
	labels := map[string]string{
		LabelName:       ComponentName,
		LabelInstance:   values.Name,
		LabelVersion:    values.Version,
		LabelManagedBy:  values.ManagedBy,
		LabelWorkerPool: values.WorkerPool,
	}
	return appsv1ac.DaemonSet(values.Name, values.Namespace).
		WithLabels(labels).
		WithSpec(appsv1ac.DaemonSetSpec().
			WithSelector(metav1ac.LabelSelector().WithMatchLabels(map[string]string{LabelName: ComponentName, LabelInstance: values.Name})).
			WithTemplate(corev1ac.PodTemplateSpec().
				WithLabels(labels).
				WithSpec(corev1ac.PodSpec().
					WithNodeSelector(maps.Clone(values.NodeSelector)).
					WithContainers(corev1ac.Container().
						WithName("runsc-installer").
						WithImage(Image(values.Version)).
						WithArgs("--platform="+platform, "--target="+values.BinaryPath).
						WithVolumeMounts(corev1ac.VolumeMount().WithName("runtime-bin").WithMountPath(values.BinaryPath))).
					WithVolumes(corev1ac.Volume().
						WithName("runtime-bin").
						WithHostPath(corev1ac.HostPathVolumeSource().WithPath(values.BinaryPath).WithType(corev1.HostPathDirectoryOrCreate))))))
}

// Deploy applies the DaemonSet with server-side apply (field manager values.ManagedBy, forcing
// ownership), so an unchanged deploy changes nothing.
func Deploy(ctx context.Context, c client.Client, values Values) error {
	if err := c.Apply(ctx, DaemonSet(values), client.FieldOwner(values.ManagedBy), client.ForceOwnership); err != nil {
		return fmt.Errorf("failed applying DaemonSet %s/%s: %w", values.Namespace, values.Name, err)
	}
	return nil
}

// Destroy deletes the DaemonSet name in namespace; one that is already gone is no error.
func Destroy(ctx context.Context, c client.Client, namespace, name string) error {
	daemonSet := &appsv1.DaemonSet{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name}}
	if err := c.Delete(ctx, daemonSet); client.IgnoreNotFound(err) != nil {
		return fmt.Errorf("failed deleting DaemonSet %s/%s: %w", namespace, name, err)
	}
	return nil
}
