// Package cputime reads the CPU time the process used, for benchmarks that
// report it beside wall time: the machine is shared, and wall time counts
// the time other processes held the core.
package cputime
