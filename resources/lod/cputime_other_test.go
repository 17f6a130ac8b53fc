//go:build !unix

package lod

import "time"

// cpuTime is unavailable here: the CPU figures read 0.
func cpuTime() time.Duration { return 0 }
