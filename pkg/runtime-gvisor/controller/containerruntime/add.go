// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package containerruntime holds the controller of the example gVisor container runtime
// extension: it reconciles the seed ContainerRuntimes of type gvisor, one per worker pool, and
// installs runsc at the version gardenlet resolved for that pool, read through
// extensioncomponents.ResolveContainerRuntime.
package containerruntime

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"github.com/gep-78/gardener/extensions/pkg/util/seedcontroller"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	gvisorv1alpha1 "github.com/gep-78/gardener/pkg/runtime-gvisor/apis/gvisor/v1alpha1"
)

// ControllerName is the name of this controller.
const ControllerName = "runtime-gvisor"

// AddToManager adds the controller to mgr, which runs against the seed cluster. Unset fields
// default to mgr's client, NewDecoder, the real clock and one concurrent reconcile. Only
// ContainerRuntimes are watched; the DaemonSets are applied and never read.
func (r *Reconciler) AddToManager(mgr manager.Manager) error {
	if r.Client == nil {
		r.Client = mgr.GetClient()
	}
	if r.Decoder == nil {
		r.Decoder = NewDecoder()
	}
	if r.Clock == nil {
		r.Clock = clock.RealClock{}
	}
	return builder.ControllerManagedBy(mgr).
		Named(ControllerName).
		WithOptions(controller.Options{MaxConcurrentReconciles: max(r.MaxConcurrentReconciles, 1)}).
		WatchesRawSource(source.Kind(mgr.GetCache(), &extensionsv1alpha1.ContainerRuntime{},
			&handler.TypedEnqueueRequestForObject[*extensionsv1alpha1.ContainerRuntime]{},
			Predicate(),
		)).
		Complete(r)
}

// NewDecoder returns a strict decoder for gvisor.extensions.gardener.cloud/v1alpha1: unknown
// kinds, unknown fields and duplicate fields are errors.
func NewDecoder() runtime.Decoder {
	scheme := runtime.NewScheme()
	utilruntime.Must(gvisorv1alpha1.AddToScheme(scheme))
	return serializer.NewCodecFactory(scheme, serializer.EnableStrict).UniversalDeserializer()
}

// Predicate lets through the ContainerRuntimes this controller is Responsible for that need work
// (seedcontroller.Reconcile).
func Predicate() predicate.TypedPredicate[*extensionsv1alpha1.ContainerRuntime] {
	return seedcontroller.Reconcile(Responsible, func(cr *extensionsv1alpha1.ContainerRuntime) *extensionsv1alpha1.DefaultStatus {
		return &cr.Status.DefaultStatus
	})
}
