{{- define "gardenlet.labels" -}}
app: gardener
role: gardenlet
app.kubernetes.io/name: gardenlet
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end }}

{{- define "gardenlet.selectorLabels" -}}
app: gardener
role: gardenlet
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "gardenlet.featureGates" -}}
{{- $gates := list }}
{{- range $name, $enabled := .Values.featureGates }}
{{- $gates = append $gates (printf "%s=%t" $name $enabled) }}
{{- end }}
{{- join "," $gates }}
{{- end }}

{{- define "gardenlet.validateTarget" -}}
{{- if not (has .Values.target (list "seed" "garden")) }}
{{- fail (printf "target must be seed or garden, got %q" .Values.target) }}
{{- end }}
{{- end }}

{{/* The component configuration file of gardenlet (--config); the leader election Lease defaults
to the release namespace. */}}
{{- define "gardenlet.config" -}}
{{- $config := deepCopy .Values.config }}
{{- $leaderElection := default dict $config.leaderElection }}
{{- if not (get $leaderElection "resourceNamespace") }}
{{- $_ := set $leaderElection "resourceNamespace" .Release.Namespace }}
{{- end }}
{{- $_ := set $config "leaderElection" $leaderElection }}
apiVersion: gardenlet.config.gardener.cloud/v1alpha1
kind: GardenletConfiguration
{{ toYaml $config }}
{{- end }}
