//go:build race

package wire_test

// raceEnabled reports that the race detector is on: it changes what
// sync.Pool keeps, and allocation counts with it.
const raceEnabled = true
