// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package docs_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardenletconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/gardenlet/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	operatorv1alpha1 "github.com/gep-78/gardener/pkg/apis/operator/v1alpha1"
)

// yamlBlock is one ```yaml block of a doc.
type yamlBlock struct {
	file, fragmentOf string
	line             int
	content          string
}

func (b yamlBlock) String() string { return fmt.Sprintf("%s:%d", b.file, b.line) }

var fragmentMarker = regexp.MustCompile(`^<!--\s*fragment of:\s*(\w+)\s*-->\s*$`)

// newTyped returns an empty object of a kind the docs may show, for strict decoding.
func newTyped(kind string) any {
	switch kind {
	case "Shoot":
		return &gardencorev1beta1.Shoot{}
	case "ExtensionProfile":
		return &gardencorev1beta1.ExtensionProfile{}
	case "CloudProfile":
		return &gardencorev1beta1.CloudProfile{}
	case "Extension":
		return &extensionsv1alpha1.Extension{}
	case "Namespace":
		return &corev1.Namespace{}
	}
	return nil
}

// componentConfigs load and validate the component configuration files the docs may show, by kind.
var componentConfigs = map[string]func(path string) error{
	"GardenletConfiguration": func(path string) error {
		cfg, err := gardenletconfigv1alpha1.Load(path)
		if err != nil {
			return err
		}
		return gardenletconfigv1alpha1.Validate(cfg).ToAggregate()
	},
	"ControllerManagerConfiguration": func(path string) error {
		cfg, err := controllermanagerconfigv1alpha1.Load(path)
		if err != nil {
			return err
		}
		return controllermanagerconfigv1alpha1.Validate(cfg).ToAggregate()
	},
}

// docsBlocks reads every ```yaml block of docs/**/*.md and README.md, in path order.
func docsBlocks() []yamlBlock {
	_, self, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(self), "..", "..", "..")
	var files []string
	Expect(filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return err
	})).To(Succeed())
	files = append(files, filepath.Join(root, "README.md"))
	sort.Strings(files)

	var blocks []yamlBlock
	for _, file := range files {
		data, err := os.ReadFile(file)
		Expect(err).NotTo(HaveOccurred())
		rel, _ := filepath.Rel(root, file)
		scanner := bufio.NewScanner(bytes.NewReader(data))
		var (
			current    *yamlBlock
			fragmentOf string
			lineNo     int
		)
		for scanner.Scan() {
			lineNo++
			line := scanner.Text()
			switch {
			case current == nil && strings.TrimSpace(line) == "```yaml":
				current = &yamlBlock{file: rel, line: lineNo, fragmentOf: fragmentOf}
				fragmentOf = ""
			case current != nil && strings.TrimSpace(line) == "```":
				blocks = append(blocks, *current)
				current = nil
			case current != nil:
				current.content += line + "\n"
			default:
				if m := fragmentMarker.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
					fragmentOf = m[1]
				} else if strings.TrimSpace(line) != "" {
					fragmentOf = ""
				}
			}
		}
		Expect(scanner.Err()).NotTo(HaveOccurred())
	}
	return blocks
}

func documents(content string) []string {
	var docs []string
	for _, doc := range strings.Split(content, "\n---\n") {
		if strings.TrimSpace(doc) != "" {
			docs = append(docs, doc)
		}
	}
	return docs
}

// applyOrder sorts kinds other objects depend on first.
var applyOrder = map[string]int{"Namespace": 0, "CloudProfile": 1, "ExtensionProfile": 1}

var _ = Describe("YAML in the documentation", func() {
	blocks := docsBlocks()

	It("finds the documentation's YAML", func() {
		Expect(blocks).NotTo(BeEmpty())
	})

	It("decodes every block strictly into its type, and creates every complete object", func() {
		Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "garden-dev"}})).To(Succeed())

		type object struct {
			block yamlBlock
			obj   *unstructured.Unstructured
		}
		var objects []object
		for _, block := range blocks {
			for _, doc := range documents(block.content) {
				if block.fragmentOf != "" {
					typed := newTyped(block.fragmentOf)
					Expect(typed).NotTo(BeNil(), "%s: unknown kind in fragment marker %q", block, block.fragmentOf)
					Expect(yaml.UnmarshalStrict([]byte(doc), typed)).To(Succeed(), "%s: fragment of %s", block, block.fragmentOf)
					continue
				}
				u := &unstructured.Unstructured{}
				Expect(yaml.Unmarshal([]byte(doc), &u.Object)).To(Succeed(), block.String())
				Expect(u.GetKind()).NotTo(BeEmpty(), "%s: a YAML block without kind needs a <!-- fragment of: Kind --> marker", block)
				if load, ok := componentConfigs[u.GetKind()]; ok {
					// Component configurations are files, not objects: they are loaded as the
					// binary loads them.
					path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
					Expect(os.WriteFile(path, []byte(doc), 0o600)).To(Succeed())
					Expect(load(path)).To(Succeed(), block.String())
					continue
				}
				typed := newTyped(u.GetKind())
				if u.GetAPIVersion() == operatorv1alpha1.SchemeGroupVersion.String() && u.GetKind() == "Extension" {
					typed = &operatorv1alpha1.Extension{}
				}
				Expect(typed).NotTo(BeNil(), "%s: the docs test does not know kind %s", block, u.GetKind())
				Expect(yaml.UnmarshalStrict([]byte(doc), typed)).To(Succeed(), block.String())
				objects = append(objects, object{block, u})
			}
		}

		sort.SliceStable(objects, func(i, j int) bool {
			oi, ok := applyOrder[objects[i].obj.GetKind()]
			if !ok {
				oi = 2
			}
			oj, ok := applyOrder[objects[j].obj.GetKind()]
			if !ok {
				oj = 2
			}
			return oi < oj
		})
		for _, o := range objects {
			Expect(testClient.Create(ctx, o.obj, client.FieldValidation("Strict"))).To(Succeed(), "%s: %s %s", o.block, o.obj.GetKind(), o.obj.GetName())
		}
	})
})
