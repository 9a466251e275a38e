// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package falco deploys the falco component of the example shoot-falco-service extension into a
// shoot's seed namespace: a ConfigMap falco-config with the resolved version and the
// per-version providerConfig, and a Deployment falco running falcosecurity/falco:<version>.
//
// The Deployment is scaled to zero. The local garden runs kube-apiserver and etcd only, with no
// kube-controller-manager, scheduler or kubelet, so no pod would run anyway; the deployed version
// is visible in the image, the app.kubernetes.io/version label and the ConfigMap. (The real
// Falco extension deploys a DaemonSet into the shoot.)
package falco

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/Masterminds/semver/v3"
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
	// Extension.spec.components[].
	ComponentName = "falco"
	// DeploymentName is the name of the falco Deployment.
	DeploymentName = "falco"
	// ConfigMapName is the name of the ConfigMap with the falco configuration.
	ConfigMapName = "falco-config"
	// ImageRepository is the repository of the falco image; the tag is the component version.
	ImageRepository = "falcosecurity/falco"

	// DataKeyVersion is the ConfigMap key of the deployed falco version.
	DataKeyVersion = "version"
	// DataKeyRulesVersion is the ConfigMap key of the rules version.
	DataKeyRulesVersion = "rulesVersion"
	// DataKeyContainerPlugin is the ConfigMap key of the container plugin switch ("true"/"false").
	DataKeyContainerPlugin = "containerPlugin"

	// LabelName is app.kubernetes.io/name; it is the only label of the Deployment's selector.
	LabelName = "app.kubernetes.io/name"
	// LabelVersion is app.kubernetes.io/version, the deployed falco version.
	LabelVersion = "app.kubernetes.io/version"
	// LabelManagedBy is app.kubernetes.io/managed-by.
	LabelManagedBy = "app.kubernetes.io/managed-by"
	// AnnotationConfigChecksum on the pod template holds the SHA-256 of the ConfigMap data, so a
	// change of the providerConfig rolls the pods.
	AnnotationConfigChecksum = "checksum/config"
)

// Values are the inputs of a falco deployment.
type Values struct {
	// Namespace is the shoot's seed namespace (the Extension's namespace).
	Namespace string
	// Version is the resolved falco version, e.g. "0.44.1".
	Version string
	// RulesVersion is the rules version; empty means Version.
	RulesVersion string
	// ContainerPlugin enables the container plugin.
	ContainerPlugin bool
	// Image is the image to run; empty means Image(Version).
	Image string
	// ManagedBy is the value of the app.kubernetes.io/managed-by label, the field manager of the
	// server-side apply and the name of the extension controller.
	ManagedBy string
}

// Image returns the falco image of version, e.g. falcosecurity/falco:0.44.1.
func Image(version string) string {
	return ImageRepository + ":" + version
}

// containerPluginSince is the first falco version with the container plugin.
var containerPluginSince = semver.MustParse("0.41.2")

// ContainerPluginByDefault reports whether falco version has the container plugin (0.41.2 and
// newer), which the falco extension turns on from the version alone. A version that is not
// semantic has none.
func ContainerPluginByDefault(version string) bool {
	v, err := semver.NewVersion(version)
	return err == nil && !v.LessThan(containerPluginSince)
}

func (values Values) image() string {
	if values.Image != "" {
		return values.Image
	}
	return Image(values.Version)
}

// ConfigMapData returns the data of the falco-config ConfigMap.
func ConfigMapData(values Values) map[string]string {
	rulesVersion := values.RulesVersion
	if rulesVersion == "" {
		rulesVersion = values.Version
	}
	return map[string]string{
		DataKeyVersion:         values.Version,
		DataKeyRulesVersion:    rulesVersion,
		DataKeyContainerPlugin: strconv.FormatBool(values.ContainerPlugin),
	}
}

// ConfigMap returns the apply configuration of the falco-config ConfigMap.
func ConfigMap(values Values) *corev1ac.ConfigMapApplyConfiguration {
	return corev1ac.ConfigMap(ConfigMapName, values.Namespace).
		WithLabels(labels(values)).
		WithData(ConfigMapData(values))
}

// Deployment returns the apply configuration of the falco Deployment: zero replicas, one
// container falco with values.Image (default falcosecurity/falco:<version>) and the ConfigMap mounted at
// /etc/falco/gardener.
func Deployment(values Values) *appsv1ac.DeploymentApplyConfiguration {
	return appsv1ac.Deployment(DeploymentName, values.Namespace).
		WithLabels(labels(values)).
		WithSpec(appsv1ac.DeploymentSpec().
			WithReplicas(0).
			WithSelector(metav1ac.LabelSelector().WithMatchLabels(map[string]string{LabelName: ComponentName})).
			WithTemplate(corev1ac.PodTemplateSpec().
				WithLabels(labels(values)).
				WithAnnotations(map[string]string{AnnotationConfigChecksum: checksum(ConfigMapData(values))}).
				WithSpec(corev1ac.PodSpec().
					WithContainers(corev1ac.Container().
						WithName(ComponentName).
						WithImage(values.image()).
						WithArgs("-c", "/etc/falco/falco.yaml").
						WithVolumeMounts(corev1ac.VolumeMount().WithName("gardener-config").WithMountPath("/etc/falco/gardener").WithReadOnly(true))).
					WithVolumes(corev1ac.Volume().
						WithName("gardener-config").
						WithConfigMap(corev1ac.ConfigMapVolumeSource().WithName(ConfigMapName))))))
}

// Deploy applies the ConfigMap and the Deployment with server-side apply (field manager
// values.ManagedBy, forcing ownership), so no object is read first and an unchanged deploy
// changes nothing.
func Deploy(ctx context.Context, c client.Client, values Values) error {
	opts := []client.ApplyOption{client.FieldOwner(values.ManagedBy), client.ForceOwnership}
	if err := c.Apply(ctx, ConfigMap(values), opts...); err != nil {
		return fmt.Errorf("failed applying ConfigMap %s/%s: %w", values.Namespace, ConfigMapName, err)
	}
	if err := c.Apply(ctx, Deployment(values), opts...); err != nil {
		return fmt.Errorf("failed applying Deployment %s/%s: %w", values.Namespace, DeploymentName, err)
	}
	return nil
}

// Destroy deletes the Deployment and the ConfigMap in namespace; objects that are already gone
// are no error.
func Destroy(ctx context.Context, c client.Client, namespace string) error {
	meta := metav1.ObjectMeta{Namespace: namespace}
	deployment := &appsv1.Deployment{ObjectMeta: meta}
	deployment.Name = DeploymentName
	if err := c.Delete(ctx, deployment); client.IgnoreNotFound(err) != nil {
		return fmt.Errorf("failed deleting Deployment %s/%s: %w", namespace, DeploymentName, err)
	}
	configMap := &corev1.ConfigMap{ObjectMeta: meta}
	configMap.Name = ConfigMapName
	if err := c.Delete(ctx, configMap); client.IgnoreNotFound(err) != nil {
		return fmt.Errorf("failed deleting ConfigMap %s/%s: %w", namespace, ConfigMapName, err)
	}
	return nil
}

func labels(values Values) map[string]string {
	return map[string]string{
		LabelName:      ComponentName,
		LabelVersion:   values.Version,
		LabelManagedBy: values.ManagedBy,
	}
}

// checksum returns the hex SHA-256 of data in key order.
func checksum(data map[string]string) string {
	h := sha256.New()
	for _, key := range []string{DataKeyVersion, DataKeyRulesVersion, DataKeyContainerPlugin} {
		fmt.Fprintf(h, "%s=%s\n", key, data[key])
	}
	return hex.EncodeToString(h.Sum(nil))
}
