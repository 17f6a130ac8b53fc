//go:build linux

package futex

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// Supported reports whether Wait and Wake work here.
const Supported = true

const (
	opWait = 0 | 128 // FUTEX_WAIT | FUTEX_PRIVATE_FLAG
	opWake = 1 | 128 // FUTEX_WAKE | FUTEX_PRIVATE_FLAG
)

// Wait sleeps while *addr holds val, or until woken; it may return
// early (a signal), so callers check the word again.
func Wait(addr *uint32, val uint32) {
	_, _, _ = unix.Syscall6(unix.SYS_FUTEX, uintptr(unsafe.Pointer(addr)), opWait, uintptr(val), 0, 0, 0)
}

// Wake wakes up to n threads sleeping on addr.
func Wake(addr *uint32, n int) {
	_, _, _ = unix.Syscall6(unix.SYS_FUTEX, uintptr(unsafe.Pointer(addr)), opWake, uintptr(n), 0, 0, 0)
}
