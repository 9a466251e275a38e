// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package protobuf_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/emicklei/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"google.golang.org/protobuf/encoding/protowire"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/gep-78/gardener/test/upstream"
)

// wireField is a field of Gardener's .proto: its name (the JSON name), type and repetition.
type wireField struct {
	name     string
	typ      string
	repeated bool
	mapValue string // the value type of a map<string, X> field
}

// upstreamSchema reads test/upstream/core-v1beta1-generated.proto: message name -> number -> field.
func upstreamSchema() map[string]map[int]wireField {
	GinkgoHelper()
	def, err := proto.NewParser(bytes.NewReader(upstream.MustRead(upstream.CoreV1beta1Proto))).Parse()
	Expect(err).NotTo(HaveOccurred())
	const pkg = "github.com.gardener.gardener.pkg.apis.core.v1beta1."
	messages := map[string]map[int]wireField{}
	proto.Walk(def, proto.WithMessage(func(m *proto.Message) {
		fields := map[int]wireField{}
		for _, e := range m.Elements {
			switch e := e.(type) {
			case *proto.NormalField:
				fields[e.Sequence] = wireField{name: e.Name, typ: strings.TrimPrefix(strings.TrimPrefix(e.Type, "."), pkg), repeated: e.Repeated}
			case *proto.MapField:
				fields[e.Sequence] = wireField{name: e.Name, typ: "map", mapValue: strings.TrimPrefix(strings.TrimPrefix(e.Type, "."), pkg)}
			}
		}
		messages[m.Name] = fields
	}))
	return messages
}

// kubeMessages are the fields of the Kubernetes messages the Shoot uses, by their .proto names
// (k8s.io/api and k8s.io/apimachinery generated.proto).
var kubeMessages = map[string]map[int]wireField{
	"k8s.io.api.core.v1.Taint": {1: {name: "key", typ: "string"}, 2: {name: "value", typ: "string"},
		3: {name: "effect", typ: "string"}, 4: {name: "timeAdded", typ: "k8s.io.apimachinery.pkg.apis.meta.v1.Time"}},
	"k8s.io.api.core.v1.ObjectReference": {1: {name: "kind", typ: "string"}, 2: {name: "namespace", typ: "string"},
		3: {name: "name", typ: "string"}, 4: {name: "uid", typ: "string"}, 5: {name: "apiVersion", typ: "string"},
		6: {name: "resourceVersion", typ: "string"}, 7: {name: "fieldPath", typ: "string"}},
	"k8s.io.api.core.v1.LocalObjectReference": {1: {name: "name", typ: "string"}},
	"k8s.io.api.autoscaling.v1.CrossVersionObjectReference": {1: {name: "kind", typ: "string"}, 2: {name: "name", typ: "string"},
		3: {name: "apiVersion", typ: "string"}},
}

// inlineFields are the messages that the Go types embed inline: their fields are the parent's in
// JSON (NginxIngress embeds Addon, KubeletConfig embeds KubernetesConfig, ...).
var inlineFields = map[string]bool{"addon": true, "kubernetesConfig": true, "accessRestriction": true}

// wireDecoder decodes protobuf bytes of a message of Gardener's .proto into the JSON form of the
// object (field names are the JSON names in go-to-protobuf), using only Gardener's numbers.
type wireDecoder struct {
	messages map[string]map[int]wireField
}

func (d wireDecoder) message(name string, data []byte) any {
	GinkgoHelper()
	switch name {
	case "k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta":
		return nil // Kubernetes' own message, not Gardener's contract
	case "k8s.io.apimachinery.pkg.apis.meta.v1.Time":
		m := d.fields(map[int]wireField{1: {name: "seconds", typ: "int64"}, 2: {name: "nanos", typ: "int32"}}, data)
		seconds, _ := m["seconds"].(int64)
		return metav1.NewTime(time.Unix(seconds, 0)).UTC().Format(time.RFC3339)
	case "k8s.io.apimachinery.pkg.apis.meta.v1.Duration":
		m := d.fields(map[int]wireField{1: {name: "duration", typ: "int64"}}, data)
		nanos, _ := m["duration"].(int64)
		return time.Duration(nanos).String()
	case "k8s.io.apimachinery.pkg.api.resource.Quantity":
		m := d.fields(map[int]wireField{1: {name: "v", typ: "string"}}, data)
		return m["v"]
	case "k8s.io.apimachinery.pkg.util.intstr.IntOrString":
		m := d.fields(map[int]wireField{1: {name: "type", typ: "int64"}, 2: {name: "intVal", typ: "int32"}, 3: {name: "strVal", typ: "string"}}, data)
		if t, _ := m["type"].(int64); t == 1 {
			return m["strVal"]
		}
		return m["intVal"]
	case "k8s.io.apimachinery.pkg.runtime.RawExtension":
		m := d.fields(map[int]wireField{1: {name: "raw", typ: "bytes"}}, data)
		var v any
		Expect(json.Unmarshal(m["raw"].([]byte), &v)).To(Succeed())
		return v
	}
	fields, ok := d.messages[name]
	if !ok {
		fields, ok = kubeMessages[name]
	}
	Expect(ok).To(BeTrue(), "message %s is not in Gardener's .proto", name)
	return d.fields(fields, data)
}

func (d wireDecoder) fields(fields map[int]wireField, data []byte) map[string]any {
	GinkgoHelper()
	out := map[string]any{}
	for len(data) > 0 {
		num, wtype, n := protowire.ConsumeTag(data)
		Expect(n).To(BeNumerically(">", 0), "a valid tag")
		data = data[n:]
		f, known := fields[int(num)]
		if !known {
			// A field Gardener's .proto does not have (the GEP-78 additions): a Gardener client
			// skips it, as protobuf does with unknown fields.
			n := protowire.ConsumeFieldValue(num, wtype, data)
			Expect(n).To(BeNumerically(">", 0))
			data = data[n:]
			continue
		}
		var value any
		switch wtype {
		case protowire.VarintType:
			v, n := protowire.ConsumeVarint(data)
			data = data[n:]
			switch f.typ {
			case "bool":
				value = v != 0
			case "int32":
				value = int64(int32(v))
			default:
				value = int64(v)
			}
		case protowire.Fixed64Type:
			v, n := protowire.ConsumeFixed64(data)
			data = data[n:]
			Expect(f.typ).To(Equal("double"), "field %s", f.name)
			value = math.Float64frombits(v)
		case protowire.BytesType:
			b, n := protowire.ConsumeBytes(data)
			Expect(n).To(BeNumerically(">", 0))
			data = data[n:]
			switch f.typ {
			case "string":
				value = string(b)
			case "bytes":
				value = b
			case "map":
				entry := d.fields(map[int]wireField{1: {name: "key", typ: "string"}, 2: {name: "value", typ: f.mapValue}}, b)
				m, _ := out[f.name].(map[string]any)
				if m == nil {
					m = map[string]any{}
				}
				m[entry["key"].(string)] = entry["value"]
				out[f.name] = m
				continue
			default:
				value = d.message(f.typ, b)
			}
		default:
			Fail(fmt.Sprintf("unexpected wire type %d of field %s", wtype, f.name))
		}
		if embedded, ok := value.(map[string]any); ok && inlineFields[f.name] {
			for k, v := range embedded {
				out[k] = v
			}
			continue
		}
		if f.repeated {
			list, _ := out[f.name].([]any)
			out[f.name] = append(list, value)
		} else {
			out[f.name] = value
		}
	}
	return out
}

// wireLeaves returns every value of a JSON form by path; empty objects and lists set nothing.
func wireLeaves(value any, path string, out map[string]string) map[string]string {
	switch v := value.(type) {
	case map[string]any:
		for key, child := range v {
			wireLeaves(child, strings.TrimPrefix(path+"."+key, "."), out)
		}
	case []any:
		for i, child := range v {
			wireLeaves(child, fmt.Sprintf("%s[%d]", path, i), out)
		}
	case nil:
	default:
		data, err := json.Marshal(v)
		Expect(err).NotTo(HaveOccurred())
		out[path] = string(data)
	}
	return out
}

// fullShoot is a merge patch that fills the sections of a Shoot beyond the example's, with
// values the Shoot validation accepts.
const fullShoot = `{"spec":{
  "addons":{"nginxIngress":{"enabled":false,"loadBalancerSourceRanges":["10.0.0.0/8"],"config":{"a":"b"}}},
  "dns":{"domain":"dev.example.com"},
  "hibernation":{"enabled":false,"schedules":[{"start":"00 20 * * 1,2,3,4,5","end":"00 08 * * 1,2,3,4,5","location":"Europe/Berlin"}]},
  "monitoring":{"alerting":{"emailReceivers":["ops@example.com"]}},
  "controlPlane":{"highAvailability":{"failureTolerance":{"type":"node"}}},
  "networking":{"ipFamilies":["IPv4"],"providerConfig":{"apiVersion":"calico.networking.extensions.gardener.cloud/v1alpha1","kind":"NetworkConfig"}},
  "kubernetes":{"kubelet":{"maxPods":120,"evictionHard":{"memoryAvailable":"100Mi"},"kubeReserved":{"cpu":"100m"},"featureGates":{"A":true}},
    "kubeAPIServer":{"enableAnonymousAuthentication":false,"runtimeConfig":{"apps/v1":true},"auditConfig":{"auditPolicy":{"configMapRef":{"name":"audit"}}}},
    "kubeProxy":{"mode":"IPVS"},
    "clusterAutoscaler":{"scaleDownUtilizationThreshold":0.4,"expander":"least-waste"},
    "verticalPodAutoscaler":{"enabled":true,"evictionTolerance":0.4}},
  "tolerations":[{"key":"a","value":"b"}],
  "resources":[{"name":"r","resourceRef":{"kind":"Secret","name":"s","apiVersion":"v1"}}],
  "maintenance":{"autoRotation":{"credentials":{"sshKeypair":{"rotationPeriod":"48h0m0s"}}},"confineSpecUpdateRollout":true}
}}`

// upstreamWireSpecs run inside the ordered "protobuf through kube-apiserver" container, after it
// created the example Shoot they fill.
func upstreamWireSpecs() {
	Describe("a Shoot with every section filled, decoded with Gardener's protobuf numbers", func() {
		It("carries every field of its JSON form under Gardener's field numbers", func() {
			shoots := protobufClientset().CoreV1beta1().Shoots(namespace)
			_, err := shoots.Patch(ctx, "falco-traefik-eval", types.MergePatchType, []byte(fullShoot), metav1.PatchOptions{})
			Expect(err).NotTo(HaveOccurred())
			path := "/apis/core.gardener.cloud/v1beta1/namespaces/" + namespace + "/shoots/falco-traefik-eval"

			status, _, jsonBody := get(path, "application/json")
			Expect(status).To(Equal(200))
			var jsonForm map[string]any
			Expect(json.Unmarshal(jsonBody, &jsonForm)).To(Succeed())

			status, contentType, body := get(path, protobuf)
			Expect(status).To(Equal(200))
			Expect(contentType).To(HavePrefix(protobuf))
			Expect(bytes.HasPrefix(body, []byte("k8s\x00"))).To(BeTrue())
			// The envelope is runtime.Unknown: typeMeta = 1, raw = 2 (the Shoot message).
			envelope := wireDecoder{messages: map[string]map[int]wireField{}}.fields(map[int]wireField{
				1: {name: "typeMeta", typ: "bytes"}, 2: {name: "raw", typ: "bytes"}, 3: {name: "contentEncoding", typ: "string"}, 4: {name: "contentType", typ: "string"},
			}, body[4:])
			decoded := wireDecoder{messages: upstreamSchema()}.message("Shoot", envelope["raw"].([]byte)).(map[string]any)

			want := wireLeaves(map[string]any{"spec": jsonForm["spec"], "status": jsonForm["status"]}, "", map[string]string{})
			got := wireLeaves(map[string]any{"spec": decoded["spec"], "status": decoded["status"]}, "", map[string]string{})
			for _, section := range []string{"spec.addons.", "spec.dns.", "spec.hibernation.", "spec.monitoring.", "spec.controlPlane.",
				"spec.networking.ipFamilies", "spec.kubernetes.kubelet.", "spec.kubernetes.kubeAPIServer.", "spec.kubernetes.kubeProxy.",
				"spec.kubernetes.clusterAutoscaler.", "spec.kubernetes.verticalPodAutoscaler.", "spec.tolerations", "spec.resources",
				"spec.maintenance.autoRotation.", "spec.provider.workers[0].", "spec.systemComponents."} {
				Expect(want).To(HaveKey(HavePrefix(section)), "the Shoot fills %s", section)
			}
			var diffs []string
			for p, v := range want {
				if strings.HasPrefix(p, "spec.extensions[") && (strings.Contains(p, "].autoUpdate.") || strings.Contains(p, "].components[")) {
					continue // GEP-78 additions, which Gardener's .proto does not have
				}
				if got[p] != v {
					diffs = append(diffs, fmt.Sprintf("%s: JSON %s, protobuf %s", p, v, got[p]))
				}
			}
			for p, v := range got {
				if _, ok := want[p]; !ok && !reflect.DeepEqual(v, `""`) && v != "false" && v != "0" {
					diffs = append(diffs, fmt.Sprintf("%s: only in protobuf (%s)", p, v))
				}
			}
			sort.Strings(diffs)
			Expect(diffs).To(BeEmpty())
		})
	})
}
