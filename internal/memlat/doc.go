// Package memlat holds a benchmark of the machine, not of Strata: the
// latency of one dependent load from memory by working-set size, the
// unit of the bounds in docs/benchmarks.md.
package memlat
