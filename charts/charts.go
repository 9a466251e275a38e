// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package charts embeds the Helm charts of this repository (charts/gardener/*) and renders them
// with Helm's template engine, as `helm template` would, into objects. Tests use it to check the
// charts and to apply what they render to a test cluster; no binary imports it.
package charts

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"

	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/engine"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
)

// The chart names, i.e. the directories under charts/gardener.
const (
	APIServer         = "apiserver"
	ControllerManager = "controller-manager"
	Gardenlet         = "gardenlet"
	CRDs              = "crds"
	Operator          = "operator"
)

// Files holds charts/gardener, including the _*.tpl helpers.
//
//go:embed all:gardener
var Files embed.FS

// Render renders the named chart (a directory under charts/gardener) for a release of the given
// name installed into namespace, with values merged over the chart's values.yaml. Templates are
// rendered strictly: a reference to a value the chart does not define is an error. It returns the
// objects of all templates, ordered by template file name and then by position in the file;
// empty documents are dropped.
func Render(chartName, releaseName, namespace string, values map[string]any) ([]*unstructured.Unstructured, error) {
	rendered, err := RenderFiles(chartName, releaseName, namespace, values)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(rendered))
	for name := range rendered {
		names = append(names, name)
	}
	sort.Strings(names)

	var objects []*unstructured.Unstructured
	for _, name := range names {
		decoder := utilyaml.NewYAMLOrJSONDecoder(strings.NewReader(rendered[name]), 4096)
		for {
			obj := map[string]any{}
			if err := decoder.Decode(&obj); err != nil {
				if errors.Is(err, io.EOF) {
					break
				}
				return nil, fmt.Errorf("decoding %s: %w", name, err)
			}
			if len(obj) == 0 {
				continue
			}
			objects = append(objects, &unstructured.Unstructured{Object: obj})
		}
	}
	return objects, nil
}

// RenderFiles renders the named chart like Render and returns the text of every template that
// renders to something other than white space, keyed by its path in the chart (e.g.
// "templates/deployment.yaml"). Helpers (_*.tpl) and NOTES.txt are left out.
func RenderFiles(chartName, releaseName, namespace string, values map[string]any) (map[string]string, error) {
	root := path.Join("gardener", chartName)
	var files []*loader.BufferedFile
	if err := fs.WalkDir(Files, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := Files.ReadFile(p)
		if err != nil {
			return err
		}
		files = append(files, &loader.BufferedFile{Name: strings.TrimPrefix(p, root+"/"), Data: data})
		return nil
	}); err != nil {
		return nil, fmt.Errorf("reading chart %s: %w", chartName, err)
	}
	chrt, err := loader.LoadFiles(files)
	if err != nil {
		return nil, fmt.Errorf("loading chart %s: %w", chartName, err)
	}

	renderValues, err := chartutil.ToRenderValues(chrt, values, chartutil.ReleaseOptions{
		Name:      releaseName,
		Namespace: namespace,
		Revision:  1,
		IsInstall: true,
	}, chartutil.DefaultCapabilities)
	if err != nil {
		return nil, fmt.Errorf("computing the values of chart %s: %w", chartName, err)
	}
	rendered, err := engine.Engine{Strict: true}.Render(chrt, renderValues)
	if err != nil {
		return nil, fmt.Errorf("rendering chart %s: %w", chartName, err)
	}

	out := map[string]string{}
	prefix := chrt.Name() + "/"
	for name, text := range rendered {
		name = strings.TrimPrefix(name, prefix)
		base := path.Base(name)
		if strings.HasPrefix(base, "_") || base == "NOTES.txt" || len(bytes.TrimSpace([]byte(text))) == 0 {
			continue
		}
		out[name] = text
	}
	return out, nil
}
