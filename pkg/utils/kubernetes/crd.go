// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package kubernetes holds helpers for Kubernetes objects that several components share.
package kubernetes

import (
	"context"
	"fmt"
	"time"

	"github.com/go-logr/logr"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"
)

// ApplyCRD applies the CustomResourceDefinition manifest (one YAML document) with server-side
// apply as fieldOwner, taking ownership of conflicting fields, and waits until the API server
// reports it Established, polling every interval until timeout. c's scheme needs
// apiextensions.k8s.io/v1.
func ApplyCRD(ctx context.Context, log logr.Logger, c client.Client, manifest []byte, fieldOwner string, interval, timeout time.Duration) error {
	obj := &unstructured.Unstructured{}
	if err := yaml.Unmarshal(manifest, &obj.Object); err != nil {
		return fmt.Errorf("failed decoding the CustomResourceDefinition: %w", err)
	}

	log.Info("Applying CustomResourceDefinition", "name", obj.GetName())
	if err := c.Apply(ctx, client.ApplyConfigurationFromUnstructured(obj), client.FieldOwner(fieldOwner), client.ForceOwnership); err != nil {
		return fmt.Errorf("failed applying CustomResourceDefinition %s: %w", obj.GetName(), err)
	}

	log.Info("Waiting until CustomResourceDefinition is established", "name", obj.GetName())
	var lastErr error
	if err := wait.PollUntilContextTimeout(ctx, interval, timeout, true, func(ctx context.Context) (bool, error) {
		crd := &apiextensionsv1.CustomResourceDefinition{}
		if err := c.Get(ctx, client.ObjectKey{Name: obj.GetName()}, crd); err != nil {
			lastErr = err
			return false, nil
		}
		lastErr = fmt.Errorf("condition %s is not True", apiextensionsv1.Established)
		for _, condition := range crd.Status.Conditions {
			if condition.Type == apiextensionsv1.Established && condition.Status == apiextensionsv1.ConditionTrue {
				return true, nil
			}
		}
		return false, nil
	}); err != nil {
		return fmt.Errorf("CustomResourceDefinition %s is not established: %w (last observation: %v)", obj.GetName(), err, lastErr)
	}
	return nil
}
