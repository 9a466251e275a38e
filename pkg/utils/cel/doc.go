// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package cel is the engine for the compatibility rules of GEP-78: the CEL expressions in an
// ExtensionProfile's spec.components[].versions[].compatibility.validations[] (GEP-78 "Design
// Details → Admission"). gardener-apiserver uses it to check rules when a profile is written
// and to evaluate them when a Shoot is admitted. The shoot maintenance controller uses the
// same engine to filter upgrade candidates, against the working copy as already changed by the
// machine image and Kubernetes steps (GEP-78 "Order of evaluation within a maintenance window").
// Both therefore accept and reject the same Shoots. Import it as celutils.
//
// # Environment
//
// The environment is the one Kubernetes uses for ValidatingAdmissionPolicy:
// environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion()). That base includes the
// Kubernetes libraries, among them semver(), regex, lists, quantity and ip/cidr. It is extended
// with one variable, `shoot`. Its type comes from the OpenAPI schema of the
// core.gardener.cloud/v1beta1 Shoot in pkg/apis/openapi, so a misspelled field or a type
// error fails compilation. A rule must evaluate to bool. DefaultEnvironment builds the
// environment once per process. There are two modes, as in Kubernetes:
//   - NewExpressions is for new or changed rules on write. It offers only the libraries of the
//     compatibility version and enforces MaxRuleCost.
//   - StoredExpressions is for rules that are already stored: rules being evaluated, and rules
//     left unchanged by an update. It offers every library and does not enforce the estimate.
//
// spec.extensions[].providerConfig is opaque (a runtime.RawExtension). It has the type dyn, so a
// rule can read an extension's own configuration, e.g. e.providerConfig.spec.ingressProvider.
// Reading a field that is not set fails with "no such key" when the rule is evaluated. Guard
// optional fields with has().
//
// # Schema bounds
//
// A cost estimate is only finite when the lists and strings a rule reads are bounded. The
// estimate uses the following bounds, which are put on a copy of the generated schema. They are
// not enforced on Shoots:
//   - spec.provider.workers: MaxWorkers = 100. Shoots have far fewer worker pools. The falco
//     example's regex check on every pool is estimated at 62,708 with this bound. With 1000
//     pools it would be about 630,000, which leaves no room for a second check per pool.
//   - spec.extensions and spec.extensions[].components: MaxExtensions and
//     MaxExtensionComponents = 100. A landscape offers a few dozen extension types.
//   - spec.provider.workers[].zones: MaxWorkerZones = 10. A region has a handful of zones.
//   - metadata.labels and metadata.annotations: MaxMetadataEntries = 100 entries each.
//   - every string without a maxLength of its own: MaxStringLength = 256. This is above the
//     longest Kubernetes name (a DNS subdomain, 253 characters). Versions, types, regions and
//     image names are much shorter. The estimate counts up to 4 bytes per character.
//   - anything read below a providerConfig: MaxProviderConfigSize = 1024.
//
// Lists and maps that are not named here, such as metadata.finalizers, are bounded by the estimate
// for the largest request, which is 3 MiB. Because these bounds come from the schema, a Shoot
// that exceeds them is still protected by the runtime limits below.
//
// # Limits
//
// All costs are in CEL cost units, about 0.1 µs each.
//   - MaxRuleCost = celconfig.PerCallLimit (1,000,000). This is the highest estimated cost of
//     one rule. It is checked on write, in NewExpressions mode. It equals the runtime limit of
//     a single evaluation, so a rule that was accepted should not reach that limit on a Shoot
//     within the bounds. Nested comprehensions multiply. A rule in the tests nests two
//     comprehensions over the worker pools and compares names and sizes. It is estimated at
//     about 1.1 million and rejected. The four nested comprehensions of the pathological rule
//     in the tests are estimated at about 2×10^10. The
//     library cost functions cannot size the elements of a list built inside the rule. So
//     list functions such as isSorted() or indexOf() on the result of map() are estimated as
//     unbounded and rejected. Apply them to a field of the Shoot instead.
//   - MaxProfileCost = celconfig.RuntimeCELCostBudget (10,000,000). This is the highest sum of
//     the estimated costs of all rules of one ExtensionProfile. It is checked on write, but
//     only when the write adds or changes a rule. With this limit, evaluating every rule of a
//     profile against one Shoot fits into one runtime budget. Maintenance needs that when it
//     filters all the candidate versions of a component.
//   - DefaultCostBudget = celconfig.RuntimeCELCostBudget. This is the runtime budget of an
//     Evaluator. The budget is shared by all rules evaluated against one Shoot, for example by
//     one admission request for all pinned components. Once the budget is spent, every further
//     rule is reported as an error without being run. A single evaluation is in addition
//     stopped at celconfig.PerCallLimit. It also checks for context cancellation every
//     celconfig.CheckFrequency (100) comprehension iterations.
//
// # Evaluation
//
// An Evaluator binds `shoot` to ShootValue: a view of the typed v1beta1 Shoot that reads like its
// JSON form (the form runtime.DefaultUnstructuredConverter produces, with null values dropped) but
// converts nothing up front. A field is read in place by reflection when a rule first reads it
// (structured-merge-diff's reflect cache, as k8s.io/apiserver's lazy typed value
// celcommon.SchemalessTypedToVal, but without copying the structs it descends into) and kept for
// every further rule of the Evaluator, so one admission request or one maintenance decision
// converts each field it reads once. It is not celcommon.UnstructuredToVal, because that would hide the unknown fields
// of providerConfig. As in the JSON form, fields with a string format such as date-time are plain
// strings, in the value and in the declared type. The Shoot must not change while its Evaluator is in use. Each rule gives a Result:
//   - passed;
//   - failed, with the rule's message, or "failed rule: <rule>" when the rule has none;
//   - a compile error (StatusCompileError) or an evaluation error (StatusEvaluationError), with
//     the cause as Message, e.g. "no such key: ingressProvider" or an exhausted budget.
//
// Callers treat an error like a failed rule. Evaluation never panics on bad rules or bad Shoots.
//
// # Cache
//
// Cache maps an ExtensionProfile (name, UID, generation) to its CompiledProfile. A
// CompiledProfile holds the rules of every component version, compiled with StoredExpressions.
// Admission and maintenance thus compile a profile once per generation. There is one entry per
// profile name. It is replaced when the generation changes, and Delete drops it when the
// profile is deleted. There are few profiles, one per extension type, so the cache needs no
// further bound.
package cel
