{{- define "gardener-controller-manager.labels" -}}
app: gardener
role: controller-manager
app.kubernetes.io/name: gardener-controller-manager
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end }}

{{- define "gardener-controller-manager.selectorLabels" -}}
app: gardener
role: controller-manager
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "gardener-controller-manager.featureGates" -}}
{{- $gates := list }}
{{- range $name, $enabled := .Values.featureGates }}
{{- $gates = append $gates (printf "%s=%t" $name $enabled) }}
{{- end }}
{{- join "," $gates }}
{{- end }}

{{/* The component configuration file of gardener-controller-manager (--config); the leader
election Lease defaults to the release namespace. */}}
{{- define "gardener-controller-manager.config" -}}
{{- $config := deepCopy .Values.config }}
{{- $leaderElection := default dict $config.leaderElection }}
{{- if not (get $leaderElection "resourceNamespace") }}
{{- $_ := set $leaderElection "resourceNamespace" .Release.Namespace }}
{{- end }}
{{- $_ := set $config "leaderElection" $leaderElection }}
apiVersion: controllermanager.config.gardener.cloud/v1alpha1
kind: ControllerManagerConfiguration
{{ toYaml $config }}
{{- end }}
