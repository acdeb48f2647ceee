//go:build !race

package enginetest

// raceEnabled is set when the race detector is on: it allocates, so the
// allocation checks are skipped.
const raceEnabled = false
