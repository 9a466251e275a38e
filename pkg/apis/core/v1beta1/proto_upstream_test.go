// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1_test

import (
	"bytes"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/emicklei/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/gep-78/gardener/test/upstream"
)

// protoField is what a protobuf client depends on: number, name, type and repetition.
type protoField struct {
	number   int
	name     string
	typ      string
	repeated bool
}

func (f protoField) String() string {
	rep := ""
	if f.repeated {
		rep = "repeated "
	}
	return fmt.Sprintf("%s%s %s = %d", rep, f.typ, f.name, f.number)
}

// schemaMessage holds the fields of a message by number and the numbers it reserves.
type schemaMessage struct {
	fields   map[int]protoField
	reserved map[int]bool
}

// parseProto reads a go-to-protobuf generated.proto. Types of the file's own package are
// unqualified, so that the two files compare although their packages differ.
func parseProto(data []byte) map[string]schemaMessage {
	def, err := proto.NewParser(bytes.NewReader(data)).Parse()
	Expect(err).NotTo(HaveOccurred())
	var pkg string
	proto.Walk(def, proto.WithPackage(func(p *proto.Package) { pkg = p.Name }))
	Expect(pkg).NotTo(BeEmpty())
	short := func(t string) string { return strings.TrimPrefix(strings.TrimPrefix(t, "."), pkg+".") }

	messages := map[string]schemaMessage{}
	proto.Walk(def, proto.WithMessage(func(m *proto.Message) {
		msg := schemaMessage{fields: map[int]protoField{}, reserved: map[int]bool{}}
		for _, e := range m.Elements {
			switch e := e.(type) {
			case *proto.NormalField:
				msg.fields[e.Sequence] = protoField{number: e.Sequence, name: e.Name, typ: short(e.Type), repeated: e.Repeated}
			case *proto.MapField:
				msg.fields[e.Sequence] = protoField{number: e.Sequence, name: e.Name, typ: fmt.Sprintf("map<%s, %s>", e.KeyType, short(e.Type))}
			case *proto.Reserved:
				for _, r := range e.Ranges {
					for n := r.From; n <= r.To && !r.Max; n++ {
						msg.reserved[n] = true
					}
				}
			}
		}
		Expect(messages).NotTo(HaveKey(m.Name), "message %s is defined once", m.Name)
		messages[m.Name] = msg
	}))
	return messages
}

// reachable returns the messages of the file that roots refer to, directly or through fields.
func reachable(messages map[string]schemaMessage, roots ...string) []string {
	seen := map[string]bool{}
	var visit func(string)
	visit = func(name string) {
		msg, ok := messages[name]
		if !ok || seen[name] {
			return
		}
		seen[name] = true
		for _, f := range msg.fields {
			t := f.typ
			if strings.HasPrefix(t, "map<") {
				t = strings.TrimSuffix(t[strings.Index(t, ", ")+2:], ">")
			}
			visit(t)
		}
	}
	for _, r := range roots {
		visit(r)
	}
	out := make([]string, 0, len(seen))
	for name := range seen {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

var _ = Describe("the protobuf schema against Gardener's (test/upstream/core-v1beta1-generated.proto)", func() {
	var ours, theirs map[string]schemaMessage

	BeforeEach(func() {
		data, err := os.ReadFile("generated.proto")
		Expect(err).NotTo(HaveOccurred())
		ours = parseProto(data)
		theirs = parseProto(upstream.MustRead(upstream.CoreV1beta1Proto))
	})

	It("gives every field of every message both files define Gardener's number, name, type and repetition", func() {
		var shared, diffs []string
		for name, their := range theirs {
			our, ok := ours[name]
			if !ok {
				continue
			}
			shared = append(shared, name)
			for n, tf := range their.fields {
				of, ok := our.fields[n]
				switch {
				case !ok:
					diffs = append(diffs, fmt.Sprintf("%s: missing %s", name, tf))
				case of != tf:
					diffs = append(diffs, fmt.Sprintf("%s: %s, Gardener has %s", name, of, tf))
				}
			}
			// A field this project adds (GEP-78) must take a number Gardener neither uses nor reserves.
			for n, of := range our.fields {
				if _, used := their.fields[n]; !used && their.reserved[n] {
					diffs = append(diffs, fmt.Sprintf("%s: %s takes a number Gardener reserves", name, of))
				}
			}
		}
		sort.Strings(diffs)
		Expect(diffs).To(BeEmpty())
		Expect(shared).To(ContainElements("Shoot", "ShootSpec", "ShootStatus", "Worker", "CloudProfileSpec", "Extension"))
	})

	It("defines every message of Gardener's Shoot and CloudProfile", func() {
		var missing []string
		for _, name := range reachable(theirs, "Shoot", "ShootList", "CloudProfile", "CloudProfileList") {
			if _, ok := ours[name]; !ok {
				missing = append(missing, name)
			}
		}
		Expect(missing).To(BeEmpty())
	})
})
