// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"k8s.io/apiserver/pkg/admission"
	genericapiserver "k8s.io/apiserver/pkg/server"
)

// CoreAdmissionInitializers exposes the options' ExtraAdmissionInitializers to the tests.
func (o *Options) CoreAdmissionInitializers(c *genericapiserver.RecommendedConfig) ([]admission.PluginInitializer, error) {
	return o.coreAdmissionInitializers(c)
}
