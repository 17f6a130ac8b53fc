//go:build linux

package residency

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time consumed by the calling OS thread. The
// benchmarks lock their goroutine to a thread and report this beside wall
// time, because the 2-core machine is shared and wall time includes the
// time other processes held the core.
func threadCPU() time.Duration {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
