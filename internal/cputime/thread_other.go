//go:build !linux

package cputime

import "time"

// Thread is not measured on this platform: it reads zero.
func Thread() time.Duration { return 0 }
