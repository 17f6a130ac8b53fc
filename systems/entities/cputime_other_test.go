//go:build !unix

package entities

import "time"

// processCPU is not measured on this platform: the cpu figures read zero.
func processCPU() time.Duration { return 0 }
