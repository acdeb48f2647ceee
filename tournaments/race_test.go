//go:build race

package tournaments

// raceEnabled is set when the race detector is on, so long tests play less.
const raceEnabled = true
