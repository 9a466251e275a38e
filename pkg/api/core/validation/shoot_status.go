// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"net"
	"net/url"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// ValidateShootStatusUpdate validates a change of the Shoot status as Gardener does: uid,
// technicalID and clusterIdentity are immutable once set; the advertised addresses have unique
// names and https URLs; the networking CIDRs parse and are canonical.
func ValidateShootStatusUpdate(newStatus, oldStatus core.ShootStatus) field.ErrorList {
	fldPath := field.NewPath("status")
	allErrs := field.ErrorList{}
	if oldStatus.UID != "" {
		allErrs = append(allErrs, apivalidation.ValidateImmutableField(newStatus.UID, oldStatus.UID, fldPath.Child("uid"))...)
	}
	if oldStatus.TechnicalID != "" {
		allErrs = append(allErrs, apivalidation.ValidateImmutableField(newStatus.TechnicalID, oldStatus.TechnicalID, fldPath.Child("technicalID"))...)
	}
	if oldStatus.ClusterIdentity != nil && !apiequality.Semantic.DeepEqual(oldStatus.ClusterIdentity, newStatus.ClusterIdentity) {
		allErrs = append(allErrs, apivalidation.ValidateImmutableField(newStatus.ClusterIdentity, oldStatus.ClusterIdentity, fldPath.Child("clusterIdentity"))...)
	}
	allErrs = append(allErrs, validateAdvertiseAddresses(newStatus.AdvertisedAddresses, fldPath.Child("advertisedAddresses"))...)
	allErrs = append(allErrs, validateExtensionComponentMoves(newStatus.ExtensionComponentMoves, fldPath.Child("extensionComponentMoves"))...)
	return append(allErrs, validateNetworkingStatus(newStatus.Networking, fldPath.Child("networking"))...)
}

// validateAdvertiseAddresses: each address has a name, not used before, and a URL as
// validateAdvertisedURL describes.
func validateAdvertiseAddresses(addresses []core.ShootAdvertisedAddress, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	names := sets.New[string]()
	for i, address := range addresses {
		namePath := fldPath.Index(i).Child("name")
		switch {
		case address.Name == "":
			allErrs = append(allErrs, field.Required(namePath, "field must not be empty"))
		case names.Has(address.Name):
			allErrs = append(allErrs, field.Duplicate(namePath, address.Name))
		default:
			names.Insert(address.Name)
			allErrs = append(allErrs, validateAdvertisedURL(address.URL, fldPath.Index(i).Child("url"))...)
		}
	}
	return allErrs
}

// validateAdvertisedURL: an https URL with a host and nothing else (no user, query or fragment).
func validateAdvertisedURL(rawURL string, fldPath *field.Path) field.ErrorList {
	const form = "; desired format: https://host[:port]"
	u, err := url.Parse(rawURL)
	if err != nil {
		return field.ErrorList{field.Required(fldPath, "url must be a valid URL: "+err.Error()+form)}
	}
	allErrs := field.ErrorList{}
	if u.Scheme != "https" {
		allErrs = append(allErrs, field.Invalid(fldPath, u.Scheme, "'https' is the only allowed URL scheme"+form))
	}
	if u.Host == "" {
		allErrs = append(allErrs, field.Invalid(fldPath, u.Host, "host must be provided"+form))
	}
	if u.User != nil {
		allErrs = append(allErrs, field.Invalid(fldPath, u.User.String(), "user information is not permitted in the URL"+form))
	}
	if u.Fragment != "" {
		allErrs = append(allErrs, field.Invalid(fldPath, u.Fragment, "fragments are not permitted in the URL"+form))
	}
	if u.RawQuery != "" {
		allErrs = append(allErrs, field.Invalid(fldPath, u.RawQuery, "query parameters are not permitted in the URL"+form))
	}
	return allErrs
}

// validateNetworkingStatus: every CIDR of status.networking parses and is canonical (its address
// is the network's first).
func validateNetworkingStatus(networking *core.NetworkingStatus, fldPath *field.Path) field.ErrorList {
	if networking == nil {
		return nil
	}
	allErrs := field.ErrorList{}
	for _, list := range []struct {
		name  string
		cidrs []string
	}{{"nodes", networking.Nodes}, {"pods", networking.Pods}, {"services", networking.Services}, {"egressCIDRs", networking.EgressCIDRs}} {
		for i, cidr := range list.cidrs {
			allErrs = append(allErrs, validateCanonicalCIDR(cidr, fldPath.Child(list.name).Index(i))...)
		}
	}
	return allErrs
}

func validateCanonicalCIDR(cidr string, fldPath *field.Path) field.ErrorList {
	ip, ipNet, err := net.ParseCIDR(cidr)
	switch {
	case err != nil:
		return field.ErrorList{field.Invalid(fldPath, cidr, err.Error())}
	case !ipNet.IP.Equal(ip):
		return field.ErrorList{field.Invalid(fldPath, cidr, "must be valid canonical CIDR")}
	}
	return nil
}
