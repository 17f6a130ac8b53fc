package memlat

import (
	"fmt"
	"math/rand"
	"testing"
)

// BenchmarkDependentLoad chases pointers around one random cycle over a
// working set: each load waits for the one before, so ns/op is the
// latency of a load from wherever a set that size lives (caches, memory,
// with TLB misses at the largest).
func BenchmarkDependentLoad(b *testing.B) {
	for _, mb := range []int{1, 8, 64, 512} {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			n := mb << 20 / 8
			next := make([]int, n)
			perm := rand.New(rand.NewSource(1)).Perm(n)
			for i := range n {
				next[perm[i]] = perm[(i+1)%n]
			}
			j := 0
			b.ResetTimer()
			for range b.N {
				j = next[j]
			}
			b.StopTimer()
			if j < 0 {
				b.Fatal(j)
			}
		})
	}
}
