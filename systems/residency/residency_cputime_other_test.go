//go:build !linux

package residency

import "time"

// threadCPU is not measured on this platform: the cpu figures read zero.
func threadCPU() time.Duration { return 0 }
