//go:build linux

package cputime

import (
	"syscall"
	"time"
)

// rusageThread is RUSAGE_THREAD, which the syscall package does not name.
const rusageThread = 1

// Thread is the CPU time the calling thread used so far, user and
// system. It means something only for a goroutine locked to its thread
// (runtime.LockOSThread), such as a bound tick's: other goroutines run
// on any thread.
func Thread() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
