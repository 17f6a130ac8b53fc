//go:build !linux

package affinity

import (
	"errors"
	"fmt"
)

// Allowed returns nil: threads are not bound on this platform.
func Allowed() []int { return nil }

// Thread returns 0.
func Thread() int { return 0 }

// Set fails: threads are not bound on this platform.
func Set(tid int, cpus []int) error {
	return fmt.Errorf("bind thread %d to CPUs %v: %w", tid, cpus, errors.ErrUnsupported)
}
