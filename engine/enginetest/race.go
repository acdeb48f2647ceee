//go:build race

package enginetest

// RaceEnabled is set when the test binary is built with -race. The race
// detector allocates, so the allocation checks are skipped, and it slows
// play some ten times, so tests that time games or play many of them use
// it to check less.
const RaceEnabled = true
