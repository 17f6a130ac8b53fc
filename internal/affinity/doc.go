// Package affinity binds threads to CPUs, for the tick and the goroutines
// that share the cores with it. A virtual machine's scheduler may place a
// woken thread on the CPU of the thread that woke it rather than on an
// idle one (docs/benchmarks.md, "Session 19: the tick's threads on their own CPUs"):
// a parallel loop's helper then waits behind the tick it was to help, and
// a generation worker woken by the tick takes the tick's CPU from it.
// Threads bound to CPUs of their own cannot be placed so.
package affinity
