// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/rest"

	"github.com/gep-78/gardener/test/upstream"
)

// gardenerUpdateRules are the messages of Gardener's update rules for the resources this project
// serves (ValidateShootUpdate, ValidateCloudProfileUpdate, ValidateNamespacedCloudProfileUpdate
// and their helpers), as gardener-apiserver words them.
var gardenerUpdateRules = []string{
	"field is immutable",
	"the field cannot be unset",
	"unsupported IP family update",
	"networking cannot be set to nil if it's already set",
	"cannot switch from a Shoot with workers to a workerless Shoot",
	"cannot switch from a workerless Shoot to a Shoot with workers",
	"cannot switch a Shoot between self-hosted and hosted mode",
	"cannot change control plane worker pool",
	"kubernetes version downgrade is not supported",
	"kubernetes version upgrade cannot skip a minor version",
	"update strategy cannot be changed from",
	"cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate",
	"machine image version downgrade is not supported",
	"removing a primary provider is not allowed",
	"removing the primary provider type is not allowed",
	"changing primary provider type is not allowed",
	"existing zones cannot be removed when expanding for zone failure tolerance upgrade",
	"maxNodesTotal cannot be decreased",
	"a version cannot be turned unavailable if it was already moved into a later lifecycle stage",
}

// causeType finds the type of each cause of an Invalid error in kubectl's message.
var causeType = regexp.MustCompile(`: (Forbidden|Invalid value|Required value|Unsupported value|Duplicate value|Too long|Too many|Not found|Internal error): `)

// servedObject is a manifest of a resource gardener-apiserver serves.
type servedObject struct {
	file, resource, namespace, name string
}

// sameNamePairs returns, for every two of Gardener's manifests (test/upstream) that describe the
// same object of core.gardener.cloud, both orders of the pair.
func sameNamePairs() [][2]servedObject {
	byKey := map[string][]servedObject{}
	var keys []string
	for _, file := range upstream.Manifests() {
		object := toJSONMap(firstDocument(upstream.MustRead(file)))
		if !strings.HasPrefix(fmt.Sprint(object["apiVersion"]), "core.gardener.cloud/") {
			continue
		}
		metadata := object["metadata"].(map[string]interface{})
		o := servedObject{file: file, resource: strings.ToLower(object["kind"].(string)) + "s", name: metadata["name"].(string)}
		if namespace, ok := metadata["namespace"].(string); ok {
			o.namespace = namespace
		}
		key := o.resource + "/" + o.namespace + "/" + o.name
		if _, ok := byKey[key]; !ok {
			keys = append(keys, key)
		}
		byKey[key] = append(byKey[key], o)
	}
	var pairs [][2]servedObject
	for _, key := range keys {
		for _, first := range byKey[key] {
			for _, second := range byKey[key] {
				if first.file != second.file {
					pairs = append(pairs, [2]servedObject{first, second})
				}
			}
		}
	}
	return pairs
}

func (o servedObject) request(verb func() *rest.Request) *rest.Request {
	r := verb()
	if o.namespace != "" {
		r = r.Namespace(o.namespace)
	}
	return r.Resource(o.resource).Name(o.name)
}

func (o servedObject) readBack() map[string]interface{} {
	raw, err := o.request(gardenClient.CoreV1beta1().RESTClient().Get).DoRaw(ctx)
	Expect(err).NotTo(HaveOccurred())
	var out map[string]interface{}
	Expect(json.Unmarshal(raw, &out)).To(Succeed())
	return out
}

func (o servedObject) delete() {
	err := o.request(gardenClient.CoreV1beta1().RESTClient().Delete).Do(ctx).Error()
	if !apierrors.IsNotFound(err) {
		Expect(err).NotTo(HaveOccurred())
	}
	Eventually(func() bool {
		return apierrors.IsNotFound(o.request(gardenClient.CoreV1beta1().RESTClient().Get).Do(ctx).Error())
	}).Should(BeTrue())
}

// Gardener's manifests of one name stand for one object in two states (provider-local's managed
// seed Shoot over IPv4 and over IPv6). Applying one over the other, as an operator re-applies a
// changed manifest, stores every field the second sets, or is refused, and then only by Gardener's
// update rules, which leave the stored object as it was.
var _ = Describe("Re-applying a Gardener manifest over another of the same name", Ordered, func() {
	pairs := sameNamePairs()

	BeforeAll(func() {
		// The Shoots of Gardener's local setup reference provider-local's CloudProfile.
		deleteCloudProfile("local")
		_, stderr, err := kubectl(firstDocument(upstream.MustRead(upstream.ProviderLocalCloudProfile)), "create", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		for _, pair := range pairs {
			if pair[0].namespace != "" {
				ensureNamespace(pair[0].namespace)
			}
		}
		DeferCleanup(func() { deleteCloudProfile("local") })
	})

	It("finds such manifests", func() {
		Expect(pairs).NotTo(BeEmpty())
	})

	var entries []TableEntry
	for _, pair := range pairs {
		for _, apply := range [][]string{{"apply", "-f", "-"}, {"apply", "--server-side", "-f", "-"}} {
			entries = append(entries, Entry(fmt.Sprintf("%s over %s (kubectl %s)", pair[1].file, pair[0].file, strings.Join(apply, " ")), pair[0], pair[1], apply))
		}
	}
	DescribeTable("stores every field of the second manifest or is refused by Gardener's update rules",
		func(first, second servedObject, apply []string) {
			first.delete()
			DeferCleanup(first.delete)
			_, stderr, err := kubectl(firstDocument(upstream.MustRead(first.file)), apply...)
			Expect(err).NotTo(HaveOccurred(), stderr)
			before := first.readBack()

			_, stderr, err = kubectl(firstDocument(upstream.MustRead(second.file)), apply...)
			if err == nil {
				Expect(lostFields(toJSONMap(firstDocument(upstream.MustRead(second.file))), second.readBack())).To(BeEmpty())
				return
			}
			Expect(stderr).To(ContainSubstring(" is invalid: "))
			By("refused: " + stderr)
			causes, byRules := len(causeType.FindAllString(stderr, -1)), 0
			for _, rule := range gardenerUpdateRules {
				byRules += strings.Count(stderr, rule)
			}
			Expect(causes).To(BeNumerically(">", 0), stderr)
			Expect(byRules).To(Equal(causes), "every cause is one of Gardener's update rules: %s", stderr)
			Expect(first.readBack()).To(HaveKeyWithValue("metadata", HaveKeyWithValue("resourceVersion", before["metadata"].(map[string]interface{})["resourceVersion"])),
				"a refused write changes nothing")
		},
		entries,
	)
})
