{{- define "operator.labels" -}}
app: gardener
role: operator
app.kubernetes.io/name: gardener-operator
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end }}

{{- define "operator.selectorLabels" -}}
app: gardener
role: operator
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}
