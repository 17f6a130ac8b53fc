//go:build !race

package wire_test

// raceEnabled reports that the race detector is on.
const raceEnabled = false
