{{- define "gardener-apiserver.labels" -}}
app: gardener
role: apiserver
app.kubernetes.io/name: gardener-apiserver
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end }}

{{- define "gardener-apiserver.selectorLabels" -}}
app: gardener
role: apiserver
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "gardener-apiserver.featureGates" -}}
{{- $gates := list }}
{{- range $name, $enabled := .Values.featureGates }}
{{- $gates = append $gates (printf "%s=%t" $name $enabled) }}
{{- end }}
{{- join "," $gates }}
{{- end }}
