// Package memlat holds benchmarks of the machine, not of Strata: the
// latency of one dependent load from memory by working-set size, and how
// many independent ones overlap — the units of the bounds in
// docs/benchmarks.md.
package memlat
