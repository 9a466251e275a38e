// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package apiserver

import (
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle"
	mutatingwebhook "k8s.io/apiserver/pkg/admission/plugin/webhook/mutating"
	validatingwebhook "k8s.io/apiserver/pkg/admission/plugin/webhook/validating"

	"github.com/gep-78/gardener/plugin/pkg/global/extensionlabels"
	"github.com/gep-78/gardener/plugin/pkg/global/extensionprofileimpact"
	"github.com/gep-78/gardener/plugin/pkg/global/extensionprofileinuse"
	"github.com/gep-78/gardener/plugin/pkg/global/resourceversion"
	namespacedcloudprofilevalidator "github.com/gep-78/gardener/plugin/pkg/namespacedcloudprofile/validator"
	"github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
	"github.com/gep-78/gardener/plugin/pkg/shoot/legacycomponentversion"
	"github.com/gep-78/gardener/plugin/pkg/shoot/mutator"
	"github.com/gep-78/gardener/plugin/pkg/shoot/validator"
)

// RegisterAllAdmissionPlugins registers every admission plugin gardener-apiserver knows: the
// generic NamespaceLifecycle and webhook plugins, and the gardener plugins. Their order and
// defaults are fixed in plugin/pkg (AllOrderedPluginNames, DefaultOnPlugins); both lists must
// name exactly the plugins registered here.
func RegisterAllAdmissionPlugins(plugins *admission.Plugins) {
	lifecycle.Register(plugins)
	mutatingwebhook.Register(plugins)
	validatingwebhook.Register(plugins)
	extensionlabels.Register(plugins)
	mutator.Register(plugins)
	validator.Register(plugins)
	namespacedcloudprofilevalidator.Register(plugins)
	extensionprofile.Register(plugins)
	legacycomponentversion.Register(plugins)
	extensionprofileinuse.Register(plugins)
	extensionprofileimpact.Register(plugins)
	resourceversion.Register(plugins)
}
