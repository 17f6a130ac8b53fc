//go:build !race

package transport_test

// raceEnabled reports that the race detector is on.
const raceEnabled = false
