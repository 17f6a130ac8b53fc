//go:build race

package server

// raceEnabled reports that the race detector is on: measurements of real
// time (speeds, frame rates) mean nothing under its slowdown.
const raceEnabled = true
