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

// BenchmarkIndependentLoads chases k cycles at once over 64 MB, a load
// of each in turn: the loads of one round do not wait for one another,
// so ns/op (per load) shows how many misses the machine keeps in flight —
// the floor for a batch of lookups that do not depend on each other.
func BenchmarkIndependentLoads(b *testing.B) {
	n := 64 << 20 / 8
	next := make([]int, n)
	perm := rand.New(rand.NewSource(1)).Perm(n)
	for i := range n {
		next[perm[i]] = perm[(i+1)%n]
	}
	for _, k := range []int{1, 4, 16} {
		b.Run(fmt.Sprintf("k%d", k), func(b *testing.B) {
			js := make([]int, k)
			for i := range js {
				js[i] = perm[i*n/k]
			}
			b.ResetTimer()
			for i := 0; i < b.N; i += k {
				for j := range js {
					js[j] = next[js[j]]
				}
			}
			b.StopTimer()
			if js[0] < 0 {
				b.Fatal(js)
			}
		})
	}
}
