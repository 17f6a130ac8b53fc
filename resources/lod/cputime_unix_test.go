//go:build unix

package lod

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used:
// the benchmarks' "of one core" figures, which a loaded machine does not
// inflate the way it does wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
