//go:build !linux

package futex

// Supported reports whether Wait and Wake work here.
const Supported = false

// Wait returns at once: use a channel where Supported is false.
func Wait(addr *uint32, val uint32) {}

// Wake does nothing where Supported is false.
func Wake(addr *uint32, n int) {}
