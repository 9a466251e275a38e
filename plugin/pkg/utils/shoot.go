// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package utils

import (
	"context"
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	gardencorev1beta1listers "github.com/gep-78/gardener/pkg/client/core/listers/core/v1beta1"
)

// ShootsOf returns the Shoot of a Shoot request and, on update, the stored Shoot (nil otherwise).
// The error is a BadRequest when an object is not an internal Shoot. Callers check the kind and
// subresource first.
func ShootsOf(a admission.Attributes) (shoot, oldShoot *core.Shoot, err error) {
	shoot, ok := a.GetObject().(*core.Shoot)
	if !ok {
		return nil, nil, apierrors.NewBadRequest("could not convert object to Shoot")
	}
	if a.GetOperation() != admission.Update {
		return shoot, nil, nil
	}
	if oldShoot, ok = a.GetOldObject().(*core.Shoot); !ok {
		return nil, nil, apierrors.NewBadRequest("could not convert old object to Shoot")
	}
	return shoot, oldShoot, nil
}

// CloudProfileHandler is the ReadyHandler of a plugin that reads the CloudProfiles of Shoots: it
// takes the CloudProfile lister from the core informer factory (and waits for it to sync) and the
// client of the live read behind it (GetCloudProfile), through the admission initializer. Plugins
// embed it in place of *ReadyHandler.
type CloudProfileHandler struct {
	*ReadyHandler

	cloudProfileLister gardencorev1beta1listers.CloudProfileLister
	coreClient         gardencoreclientset.Interface
}

// NewCloudProfileHandler returns a CloudProfileHandler for the given operations.
func NewCloudProfileHandler(ops ...admission.Operation) *CloudProfileHandler {
	return &CloudProfileHandler{ReadyHandler: NewReadyHandler(ops...)}
}

// SetCoreInformerFactory takes the CloudProfile lister and waits for its informer to sync before
// serving requests.
func (h *CloudProfileHandler) SetCoreInformerFactory(f gardencoreinformers.SharedInformerFactory) {
	informer := f.Core().V1beta1().CloudProfiles()
	h.cloudProfileLister = informer.Lister()
	h.AddReadyFunc(informer.Informer().HasSynced)
}

// SetCoreClientSet sets the client of the live read behind the informer cache.
func (h *CloudProfileHandler) SetCoreClientSet(c gardencoreclientset.Interface) { h.coreClient = c }

// ValidateInitialization returns an error when the lister or the client is missing.
func (h *CloudProfileHandler) ValidateInitialization() error {
	if h.cloudProfileLister == nil {
		return errors.New("missing CloudProfile lister")
	}
	if h.coreClient == nil {
		return errors.New("missing core.gardener.cloud client")
	}
	return nil
}

// ShootCloudProfile is GetShootCloudProfile with the handler's lister and client.
func (h *CloudProfileHandler) ShootCloudProfile(ctx context.Context, shoot, oldShoot *core.Shoot) (*gardencorev1beta1.CloudProfile, *field.Error, error) {
	return GetShootCloudProfile(ctx, h.cloudProfileLister, h.coreClient, shoot, oldShoot)
}
