// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package utils

import (
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apiserver/pkg/admission"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
)

// ShootsOf returns the Shoot of a Shoot request and, on update, the stored one; BadRequest when an
// object is not an internal Shoot.
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

// CloudProfileHandler is the ReadyHandler of a plugin that reads the profiles of Shoots.
type CloudProfileHandler struct {
	*ReadyHandler
	CloudProfileListers
}

// NewCloudProfileHandler returns a CloudProfileHandler for the given operations.
func NewCloudProfileHandler(ops ...admission.Operation) *CloudProfileHandler {
	return &CloudProfileHandler{ReadyHandler: NewReadyHandler(ops...)}
}

// SetCoreInformerFactory takes the profile listers; requests wait for them to sync.
func (h *CloudProfileHandler) SetCoreInformerFactory(f gardencoreinformers.SharedInformerFactory) {
	cloudProfiles := f.Core().V1beta1().CloudProfiles()
	h.CloudProfiles = cloudProfiles.Lister()
	h.AddReadyFunc(cloudProfiles.Informer().HasSynced)
	namespacedCloudProfiles := f.Core().V1beta1().NamespacedCloudProfiles()
	h.NamespacedCloudProfiles = namespacedCloudProfiles.Lister()
	h.AddReadyFunc(namespacedCloudProfiles.Informer().HasSynced)
}

// SetCoreClientSet sets the client of the live read behind the informer caches.
func (h *CloudProfileHandler) SetCoreClientSet(c gardencoreclientset.Interface) { h.Client = c }

// ValidateInitialization returns an error when a lister or the client is missing.
func (h *CloudProfileHandler) ValidateInitialization() error {
	if h.CloudProfiles == nil {
		return errors.New("missing CloudProfile lister")
	}
	if h.NamespacedCloudProfiles == nil {
		return errors.New("missing NamespacedCloudProfile lister")
	}
	if h.Client == nil {
		return errors.New("missing core.gardener.cloud client")
	}
	return nil
}
