// Package twobytwo holds the 2 by 2 Napoleonic scenarios: the scenario
// and army file format of docs/scenarios.md (a loader whose problems name
// their line and a fix, and a writer), the built-in scenarios embedded
// from builtin/, and the sources that let a 2 by 2 game start from a
// scenario file or a generated battlefield ("gen:SEED"), registered with
// the rules when the package is linked in. The army lists are in
// scenarios/twobytwo/armies and the battlefield generator in
// scenarios/twobytwo/generate; what scenario names mean for every ruleset
// is in package scenarios.
package twobytwo
