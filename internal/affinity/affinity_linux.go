//go:build linux

package affinity

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// Allowed returns the CPUs the process may run on, in increasing order
// (nil if they cannot be read).
func Allowed() []int {
	var s unix.CPUSet
	if err := unix.SchedGetaffinity(0, &s); err != nil {
		return nil
	}
	var cpus []int
	for c := 0; c < len(s)*64 && len(cpus) < s.Count(); c++ {
		if s.IsSet(c) {
			cpus = append(cpus, c)
		}
	}
	return cpus
}

// Thread returns the calling thread's id, for Set. The caller locks its
// goroutine to the thread (runtime.LockOSThread) first.
func Thread() int { return unix.Gettid() }

// Set lets thread tid (0: the calling one) run on cpus only.
func Set(tid int, cpus []int) error {
	var s unix.CPUSet
	for _, c := range cpus {
		s.Set(c)
	}
	if err := unix.SchedSetaffinity(tid, &s); err != nil {
		return fmt.Errorf("bind thread %d to CPUs %v: %w", tid, cpus, err)
	}
	return nil
}
