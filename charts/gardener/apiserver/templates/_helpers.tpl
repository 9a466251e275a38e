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

{{- /* The data of the ConfigMap gardener-apiserver-admission-config: the AdmissionConfiguration
of --admission-control-config-file. */ -}}
{{- define "gardener-apiserver.admissionConfig" -}}
admission-config.yaml: |
  apiVersion: apiserver.config.k8s.io/v1
  kind: AdmissionConfiguration
  plugins:
  - name: ShootExtensionProfile
    configuration:
      apiVersion: shootextensionprofile.admission.gardener.cloud/v1alpha1
      kind: Configuration
      maintenanceUsers:
      - {{ printf "system:serviceaccount:%s:gardener-controller-manager" (.Values.controllerManager.namespace | default .Release.Namespace) | quote }}
      stableChannelSoakPeriod: {{ .Values.controllerManager.stableChannelSoakPeriod | default "336h" | quote }}
  - name: ExtensionProfileImpact
    configuration:
      apiVersion: extensionprofileimpact.admission.gardener.cloud/v1alpha1
      kind: Configuration
      stableChannelSoakPeriod: {{ .Values.controllerManager.stableChannelSoakPeriod | default "336h" | quote }}
{{- end }}
