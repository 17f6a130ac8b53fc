package components

import "math/bits"

// Pending is the set of sections of a client's View not sent yet: a bit
// per rank of the view's shape, its sections nearest first (the network
// package's view shape maps ranks to offsets from the View's centre).
// Five thousand views joining at once each want their whole view; as a
// list of positions that was 42 KB a client, as bits it is 440 bytes.
//
// The zero value is empty.
type Pending struct {
	bits []uint64
	n    int
	lo   int // every word before lo is zero
}

// Len returns the number of sections pending.
func (p *Pending) Len() int { return p.n }

// Reset empties the set and sizes it for ranks below n, returning its
// words for the caller to fill (then Recount).
func (p *Pending) Reset(n int) []uint64 {
	words := (n + 63) / 64
	if cap(p.bits) < words {
		p.bits = make([]uint64, words)
	}
	p.bits = p.bits[:words]
	clear(p.bits)
	p.n, p.lo = 0, 0
	return p.bits
}

// Recount counts the set after its words were filled.
func (p *Pending) Recount() {
	p.n = 0
	for _, w := range p.bits {
		p.n += bits.OnesCount64(w)
	}
}

// Remove takes rank r out of the set.
func (p *Pending) Remove(r int) {
	if w, b := r>>6, uint64(1)<<(r&63); w < len(p.bits) && p.bits[w]&b != 0 {
		p.bits[w] &^= b
		p.n--
	}
}

// Has reports whether rank r is in the set.
func (p *Pending) Has(r int) bool {
	w := r >> 6
	return w < len(p.bits) && p.bits[w]&(1<<(r&63)) != 0
}

// Add puts rank r, which must be below the size given to Reset, back in
// the set.
func (p *Pending) Add(r int) {
	if w, b := r>>6, uint64(1)<<(r&63); p.bits[w]&b == 0 {
		p.bits[w] |= b
		p.n++
		p.lo = min(p.lo, w)
	}
}

// Next returns the lowest rank in the set at or above from, or -1.
func (p *Pending) Next(from int) int {
	w := from >> 6
	mask := ^uint64(0) << (from & 63)
	if w < p.lo {
		w, mask = p.lo, ^uint64(0)
	}
	for ; w < len(p.bits); w++ {
		if word := p.bits[w] & mask; word != 0 {
			return w<<6 + bits.TrailingZeros64(word)
		}
		if w == p.lo && p.bits[w] == 0 {
			p.lo++
		}
		mask = ^uint64(0)
	}
	return -1
}
