//go:build !unix

package transport

import "time"

// processCPU is not measured on this platform: the cpu figures read zero.
func processCPU() time.Duration { return 0 }
