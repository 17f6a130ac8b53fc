// Package futex puts a thread to sleep on a word and wakes it, with no
// other thread in between: a goroutine locked to a bound thread that
// sleeps in a Go channel is woken through a second, unbound thread of the
// runtime's, which a virtual machine may place behind a busy CPU for
// milliseconds (docs/benchmarks.md, "Session 22"). Where the system has
// no futex, Supported is false and callers keep their channels.
package futex
