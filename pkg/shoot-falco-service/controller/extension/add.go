// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extension holds the controller of the example shoot-falco-service extension: it
// reconciles the seed Extensions of type shoot-falco-service and deploys falco at the version
// gardenlet resolved into spec.components[] (GEP-78), reading it through the extension-developer
// contract in extensions/pkg/util/extensioncomponents.
package extension

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
	falcov1alpha1 "github.com/gep-78/gardener/pkg/shoot-falco-service/apis/falco/v1alpha1"
)

// ControllerName is the name of this controller.
const ControllerName = "shoot-falco-service"

// AddToManager adds the controller to mgr, which runs against the seed cluster. Unset fields of
// the Reconciler default to: Client from mgr, Decoder from NewDecoder, the real Clock, the event
// Recorder from mgr, and one
// concurrent reconcile. The controller watches Extensions only (through mgr's cache); the falco
// objects are written with server-side apply and never read, so no informer is started for them.
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
	if r.Recorder == nil {
		r.Recorder = mgr.GetEventRecorder(ControllerName)
	}

	return builder.ControllerManagedBy(mgr).
		Named(ControllerName).
		WithOptions(controller.Options{MaxConcurrentReconciles: max(r.Config.MaxConcurrentReconciles, 1)}).
		WatchesRawSource(source.Kind(mgr.GetCache(), &extensionsv1alpha1.Extension{},
			&handler.TypedEnqueueRequestForObject[*extensionsv1alpha1.Extension]{},
			Predicate(),
		)).
		Complete(r)
}

// NewDecoder returns a strict decoder for the extension's config API
// (falco.extensions.gardener.cloud/v1alpha1): unknown kinds, unknown fields and duplicate fields
// are errors. It neither converts nor defaults.
func NewDecoder() runtime.Decoder {
	scheme := runtime.NewScheme()
	utilruntime.Must(falcov1alpha1.AddToScheme(scheme))
	return serializer.NewCodecFactory(scheme, serializer.EnableStrict).UniversalDeserializer()
}

// Predicate lets through the Extensions this controller is Responsible for that need work
// (seedcontroller.Reconcile); retries of failed reconciles come from the work queue's backoff.
func Predicate() predicate.TypedPredicate[*extensionsv1alpha1.Extension] {
	return seedcontroller.Reconcile(Responsible, func(ext *extensionsv1alpha1.Extension) *extensionsv1alpha1.DefaultStatus {
		return &ext.Status.DefaultStatus
	})
}
