// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package prometheus_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gbytes"
	"github.com/onsi/gomega/gexec"
	promapi "github.com/prometheus/client_golang/api"
	promv1 "github.com/prometheus/client_golang/api/prometheus/v1"
	"github.com/prometheus/common/model"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
)

const (
	dashboardFile = repoRoot + "/pkg/component/observability/plutono/dashboards/garden/extension-component-versions.json"
	rulesFile     = repoRoot + "/charts/gardener/controller-manager/alerts/extension-components.rules.yaml"
	// rateInterval stands in for Plutono's $__rate_interval: a window that spans the whole test,
	// so that increase() counts every increment the test causes.
	rateInterval = "10m"
)

// prometheusURL matches local-garden's line with the URL of its Prometheus.
var prometheusURL = regexp.MustCompile(`(?m)^prometheus: (http://\S+)$`)

// garden is a running local-garden --prometheus.
type garden struct {
	devDir     string
	client     client.Client
	prometheus promv1.API
	url        string
	output     string
}

// startGarden starts local-garden with Prometheus scraping and evaluating every second, loading
// the chart's alert rules with their `for` durations cut to 0s, so that an alert fires at the
// first evaluation that finds its condition.
func startGarden() *garden {
	devDir := GinkgoT().TempDir()
	rules := quickRules(devDir)
	cmd := exec.Command(filepath.Join(binDir, "local-garden"), "--bin-dir", binDir, "--dev-dir", devDir, // #nosec G204 -- the suite's own binary.
		"--prometheus", "--prometheus-interval=1s", "--prometheus-rules="+rules)
	session, err := gexec.Start(cmd, GinkgoWriter, GinkgoWriter)
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		session.Interrupt()
		Eventually(session, time.Minute).Should(gexec.Exit())
	})
	Eventually(session.Out, 3*time.Minute).Should(gbytes.Say("local garden ready"))

	g := &garden{devDir: devDir, output: string(session.Out.Contents())}
	m := prometheusURL.FindStringSubmatch(g.output)
	Expect(m).NotTo(BeNil(), "local-garden prints the URL of Prometheus")
	g.url = m[1]
	promClient, err := promapi.NewClient(promapi.Config{Address: g.url})
	Expect(err).NotTo(HaveOccurred())
	g.prometheus = promv1.NewAPI(promClient)
	config, err := clientcmd.BuildConfigFromFlags("", filepath.Join(devDir, "kubeconfig"))
	Expect(err).NotTo(HaveOccurred())
	g.client, err = client.New(config, client.Options{Scheme: kubernetes.GardenScheme})
	Expect(err).NotTo(HaveOccurred())
	return g
}

// quickRules writes the chart's rule file with every `for` set to 0s into dir and returns its path.
func quickRules(dir string) string {
	raw, err := os.ReadFile(rulesFile)
	Expect(err).NotTo(HaveOccurred())
	var file struct {
		Groups []struct {
			Name  string           `json:"name"`
			Rules []map[string]any `json:"rules"`
		} `json:"groups"`
	}
	Expect(yaml.UnmarshalStrict(raw, &file)).To(Succeed())
	Expect(file.Groups).NotTo(BeEmpty())
	for _, group := range file.Groups {
		for _, rule := range group.Rules {
			rule["for"] = "0s"
		}
	}
	out, err := yaml.Marshal(file)
	Expect(err).NotTo(HaveOccurred())
	path := filepath.Join(dir, "rules.yaml")
	Expect(os.WriteFile(path, out, 0o600)).To(Succeed())
	return path
}

// kubectl runs bin/kubectl against the garden.
func (g *garden) kubectl(args ...string) {
	cmd := exec.Command(filepath.Join(binDir, "kubectl"), append([]string{"--kubeconfig", filepath.Join(g.devDir, "kubeconfig")}, args...)...) // #nosec G204 -- the suite's own arguments.
	out, err := cmd.CombinedOutput()
	Expect(err).NotTo(HaveOccurred(), "kubectl %v:\n%s", args, out)
}

// renderExamples renders example/ with hack/render-examples.sh, ${SOON} an hour ahead, and returns
// the folder.
func (g *garden) renderExamples() string {
	dir := filepath.Join(g.devDir, "example")
	cmd := exec.Command(filepath.Join(repoRoot, "hack", "render-examples.sh"), dir)
	cmd.Env = append(os.Environ(), "SOON=1h")
	out, err := cmd.CombinedOutput()
	Expect(err).NotTo(HaveOccurred(), "%s", out)
	return dir
}

// cloneShoot creates a copy of the Shoot in file under name, with only the given extensions.
func (g *garden) cloneShoot(file, name string, extensions ...gardencorev1beta1.Extension) {
	raw, err := os.ReadFile(file) // #nosec G304 -- the test's own rendering.
	Expect(err).NotTo(HaveOccurred())
	shoot := &gardencorev1beta1.Shoot{}
	Expect(yaml.Unmarshal(raw, shoot)).To(Succeed())
	shoot.Name, shoot.Spec.Extensions = name, extensions
	Expect(g.client.Create(ctx, shoot)).To(Succeed())
}

// setStartTime moves the start of the stage with the given classification of a profile version
// to at, as an operator does to expire or release a version now.
func (g *garden) setStartTime(profileName, version string, classification gardencorev1beta1.VersionClassification, at time.Time) {
	// gardener-controller-manager writes the profile's finalizer and status meanwhile.
	Expect(retry.RetryOnConflict(retry.DefaultRetry, func() error {
		profile := &gardencorev1beta1.ExtensionProfile{}
		if err := g.client.Get(ctx, client.ObjectKey{Name: profileName}, profile); err != nil {
			return err
		}
		found := false
		for i := range profile.Spec.Components[0].Versions {
			v := &profile.Spec.Components[0].Versions[i]
			for j := range v.Lifecycle {
				if v.Version == version && v.Lifecycle[j].Classification == classification {
					v.Lifecycle[j].StartTime, found = &metav1.Time{Time: at}, true
				}
			}
		}
		Expect(found).To(BeTrue(), "%s %s has a %s stage", profileName, version, classification)
		return g.client.Update(ctx, profile)
	})).To(Succeed())
	g.waitClassified(profileName, version, classification)
}

// waitClassified waits until gardener-controller-manager classified the version so.
func (g *garden) waitClassified(profileName, version string, classification gardencorev1beta1.VersionClassification) {
	Eventually(func() (gardencorev1beta1.VersionClassification, error) {
		profile := &gardencorev1beta1.ExtensionProfile{}
		if err := g.client.Get(ctx, client.ObjectKey{Name: profileName}, profile); err != nil {
			return "", err
		}
		for _, component := range profile.Status.Components {
			for _, v := range component.Versions {
				if v.Version == version {
					return v.Classification, nil
				}
			}
		}
		return "", nil
	}).Should(Equal(classification), "%s %s", profileName, version)
}

// expiration returns the start of the expired stage of a profile version, in milliseconds.
func (g *garden) expiration(profileName, version string) float64 {
	profile := &gardencorev1beta1.ExtensionProfile{}
	Expect(g.client.Get(ctx, client.ObjectKey{Name: profileName}, profile)).To(Succeed())
	for _, v := range profile.Spec.Components[0].Versions {
		for _, stage := range v.Lifecycle {
			if v.Version == version && stage.Classification == gardencorev1beta1.ClassificationExpired {
				return float64(stage.StartTime.Unix() * 1000)
			}
		}
	}
	Fail(fmt.Sprintf("%s %s has no expiration", profileName, version))
	return 0
}

// query runs expr as an instant query and returns its samples by their label values, ordered by
// label name and joined by spaces. rounded rounds the values: increase() extrapolates its
// increments to the window's edges.
func (g *garden) query(expr string, rounded bool) (map[string]float64, error) {
	value, warnings, err := g.prometheus.Query(ctx, expr, time.Now())
	if err != nil {
		return nil, err
	}
	if len(warnings) > 0 {
		return nil, fmt.Errorf("warnings: %v", warnings)
	}
	vector, ok := value.(model.Vector)
	if !ok {
		return nil, fmt.Errorf("%s is a %s, not a vector", expr, value.Type())
	}
	out := map[string]float64{}
	for _, sample := range vector {
		names := make([]string, 0, len(sample.Metric))
		for name := range sample.Metric {
			names = append(names, string(name))
		}
		sort.Strings(names)
		values := make([]string, 0, len(names))
		for _, name := range names {
			values = append(values, string(sample.Metric[model.LabelName(name)]))
		}
		v := float64(sample.Value)
		if rounded {
			v = math.Round(v)
		}
		out[strings.Join(values, " ")] = v
	}
	return out, nil
}

// dashboardQueries reads the dashboard JSON and returns the query of every target by
// "<panel title>/<refId>", with the dashboard's variables replaced as Plutono does with "All"
// selected (allValue) and $__rate_interval by rateInterval.
func dashboardQueries() map[string]string {
	raw, err := os.ReadFile(dashboardFile)
	Expect(err).NotTo(HaveOccurred())
	var d struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				RefID string `json:"refId"`
				Expr  string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
		Templating struct {
			List []struct {
				Name     string `json:"name"`
				AllValue string `json:"allValue"`
			} `json:"list"`
		} `json:"templating"`
	}
	Expect(json.Unmarshal(raw, &d)).To(Succeed())
	replacements := []string{"$__rate_interval", rateInterval}
	for _, v := range d.Templating.List {
		Expect(v.AllValue).NotTo(BeEmpty(), "variable %s", v.Name)
		replacements = append(replacements, "$"+v.Name, v.AllValue)
	}
	replacer := strings.NewReplacer(replacements...)
	queries := map[string]string{}
	for _, p := range d.Panels {
		for _, t := range p.Targets {
			queries[p.Title+"/"+t.RefID] = replacer.Replace(t.Expr)
			Expect(queries[p.Title+"/"+t.RefID]).NotTo(ContainSubstring("$"), "every variable is replaced")
		}
	}
	return queries
}
