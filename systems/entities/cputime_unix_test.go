//go:build unix

package entities

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process used so far, user and system
// (the collector's included): BenchmarkReplicate reports it beside wall
// time, because the machine is shared and wall time includes the time
// other processes held the core.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
