// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package cel compiles and evaluates the compatibility rules of ExtensionProfile versions
// (spec.components[].versions[].compatibility.validations[]) against a Shoot. gardener-apiserver
// checks rules when a profile is written and evaluates them when a Shoot is admitted; shoot
// maintenance evaluates them against its working copy, so both accept the same Shoots. Import it
// as celutils.
//
// The environment is Kubernetes' ValidatingAdmissionPolicy base with the variable `shoot`, typed
// from the OpenAPI schema of the v1beta1 Shoot with bounded lists and strings (environment.go), and
// `worker`, one of its pools, so that a misspelled field fails compilation and cost estimates are
// finite; a rule that reads `worker` is evaluated once per pool. As in Kubernetes, NewExpressions
// compiles new or changed rules with the libraries of the compatibility version and the cost limits
// (compile.go); StoredExpressions compiles stored rules with every library.
//
// An Evaluator binds `shoot` to a lazily converted view of the typed Shoot (ForWorker also binds
// `worker`) and shares one cost budget between the rules it evaluates; a compile or evaluation
// error counts as a failed rule, and evaluation never panics. Cache keeps the compiled rules of a
// profile per generation.
//
// docs/usage/compatibility-rules.md describes the rules, libraries and limits for users.
package cel
