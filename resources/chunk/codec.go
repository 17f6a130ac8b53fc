package chunk

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
)

// CodecVersion is the version byte Encode writes and the only one Decode
// accepts. Any change to the byte layout bumps it.
const CodecVersion = 1

// Encoding kinds, the byte after the version.
const (
	kindUniform = 0 // varint block
	kindRuns    = 1 // palette, then (varint index, varint length) runs
	kindPacked  = 2 // palette, then 4096 bit-packed indices
)

// Errors returned (wrapped) by Decode, for errors.Is.
var (
	// ErrCodecVersion reports an encoding whose version byte is unknown.
	ErrCodecVersion = errors.New("unknown section encoding version")
	// ErrCorrupt reports an encoding that is malformed: truncated,
	// trailing bytes, bad palette, bad runs or indices, invalid block IDs.
	ErrCorrupt = errors.New("corrupt section encoding")
)

// Encode returns the compact encoding of s. See AppendEncode.
func Encode(s *Section) []byte { return AppendEncode(nil, s) }

// AppendEncode appends the compact encoding of s to dst and returns it.
//
// Layout (every integer is an unsigned LEB128 varint in its shortest form):
//
//	version byte (CodecVersion)
//	kind byte: 0 uniform, 1 runs, 2 packed
//	uniform: block
//	runs:    palette, then runs (palette index, length ≥ 1) in cell index
//	         order until they cover all 4096 cells
//	packed:  palette, then 4096 indices of b = max(1, bits.Len(n-1)) bits
//	         each, LSB-first in a little-endian bit stream (512*b bytes)
//	palette: n (1..NumBlocks), then n distinct valid blocks
//
// The encoder lists the palette in order of first appearance and writes
// whichever of runs or packed is shorter (runs on a tie); a section whose
// cells are all equal is written uniform even if held dense. The output is
// deterministic: equal contents give equal bytes. Sections are expected to
// hold valid blocks; an invalid one is written as is and Decode rejects it.
func AppendEncode(dst []byte, s *Section) []byte {
	dst = append(dst, CodecVersion)
	cells := s.Cells()
	if cells == nil {
		return binary.AppendUvarint(append(dst, kindUniform), uint64(s.UniformBlock()))
	}
	var pal palette
	pal.init()
	// One pass over the runs builds the palette and sizes the runs body.
	runsSize := 0
	for i := 0; i < Volume; {
		v := cells[i]
		j := i + 1
		for j < Volume && cells[j] == v {
			j++
		}
		idx := pal.indexOf(v)
		runsSize += uvarintLen(uint64(idx)) + uvarintLen(uint64(j-i))
		i = j
	}
	n := len(pal.blocks)
	if n == 1 {
		return binary.AppendUvarint(append(dst, kindUniform), uint64(pal.blocks[0]))
	}
	width := indexBits(n)
	if runsSize <= Volume*width/8 {
		dst = pal.append(append(dst, kindRuns))
		for i := 0; i < Volume; {
			v := cells[i]
			j := i + 1
			for j < Volume && cells[j] == v {
				j++
			}
			dst = binary.AppendUvarint(dst, uint64(pal.indexOf(v)))
			dst = binary.AppendUvarint(dst, uint64(j-i))
			i = j
		}
		return dst
	}
	dst = pal.append(append(dst, kindPacked))
	var acc uint64 // pending bits, LSB first
	nacc := 0
	for _, v := range cells {
		acc |= uint64(pal.indexOf(v)) << nacc
		nacc += width
		for nacc >= 8 {
			dst = append(dst, byte(acc))
			acc >>= 8
			nacc -= 8
		}
	}
	return dst // 4096*width is a multiple of 8: nothing is left in acc
}

// palette maps block values to indices in order of first appearance. Small
// values (all registered blocks) use a table; others fall back to a map.
type palette struct {
	blocks []uint16
	small  [256]int16
	large  map[uint16]int
}

func (p *palette) init() {
	for i := range p.small {
		p.small[i] = -1
	}
}

func (p *palette) indexOf(v uint16) int {
	if v < uint16(len(p.small)) {
		if i := p.small[v]; i >= 0 {
			return int(i)
		}
		p.small[v] = int16(len(p.blocks))
	} else {
		if i, ok := p.large[v]; ok {
			return i
		}
		if p.large == nil {
			p.large = make(map[uint16]int)
		}
		p.large[v] = len(p.blocks)
	}
	p.blocks = append(p.blocks, v)
	return len(p.blocks) - 1
}

func (p *palette) append(dst []byte) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(p.blocks)))
	for _, b := range p.blocks {
		dst = binary.AppendUvarint(dst, uint64(b))
	}
	return dst
}

// indexBits is the width of a packed index into a palette of n entries.
func indexBits(n int) int { return max(1, bits.Len(uint(n-1))) }

func uvarintLen(v uint64) int { return (bits.Len64(v|1) + 6) / 7 }

// Decode parses an encoding written by Encode. It validates everything
// (version, kind, palette size and entries, run lengths and total, index
// range, shortest-form varints, trailing bytes) and returns an error
// wrapping ErrCodecVersion or ErrCorrupt instead of panicking on any input.
// A dense encoding whose cells are all equal decodes to a uniform section.
func Decode(data []byte) (Section, error) {
	r := reader{data: data}
	if len(data) == 0 {
		return Section{}, fmt.Errorf("chunk: decode section: empty input: %w", ErrCorrupt)
	}
	if v := r.byte(); v != CodecVersion {
		return Section{}, fmt.Errorf("chunk: decode section: version %d: %w", v, ErrCodecVersion)
	}
	if r.done() {
		return Section{}, r.fail("missing kind")
	}
	var s Section
	switch kind := r.byte(); kind {
	case kindUniform:
		b, err := r.block()
		if err != nil {
			return Section{}, err
		}
		s = Uniform(b)
	case kindRuns, kindPacked:
		pal, err := r.palette()
		if err != nil {
			return Section{}, err
		}
		cells := new([Volume]uint16)
		if kind == kindRuns {
			err = r.runs(cells, pal)
		} else {
			err = r.packed(cells, pal)
		}
		if err != nil {
			return Section{}, err
		}
		s = FromCells(cells)
	default:
		return Section{}, r.fail(fmt.Sprintf("unknown kind %d", kind))
	}
	if !r.done() {
		return Section{}, r.fail(fmt.Sprintf("%d trailing bytes", len(r.data)-r.off))
	}
	return s, nil
}

// reader walks an encoding; every method checks bounds and returns errors.
type reader struct {
	data []byte
	off  int
}

func (r *reader) done() bool { return r.off >= len(r.data) }

// byte reads one byte; callers check done first.
func (r *reader) byte() byte {
	b := r.data[r.off]
	r.off++
	return b
}

func (r *reader) fail(what string) error {
	return fmt.Errorf("chunk: decode section at byte %d: %s: %w", r.off, what, ErrCorrupt)
}

// uvarint reads a shortest-form varint no larger than limit.
func (r *reader) uvarint(what string, limit uint64) (uint64, error) {
	v, n := binary.Uvarint(r.data[r.off:])
	switch {
	case n == 0:
		return 0, r.fail(what + ": truncated")
	case n < 0:
		return 0, r.fail(what + ": varint overflows")
	case n != uvarintLen(v):
		return 0, r.fail(what + ": varint not in shortest form")
	case v > limit:
		r.off += n
		return 0, r.fail(fmt.Sprintf("%s: %d exceeds %d", what, v, limit))
	}
	r.off += n
	return v, nil
}

func (r *reader) block() (Block, error) {
	v, err := r.uvarint("block", uint64(NumBlocks-1))
	return Block(v), err
}

func (r *reader) palette() ([]uint16, error) {
	n, err := r.uvarint("palette size", uint64(NumBlocks))
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, r.fail("empty palette")
	}
	pal := make([]uint16, n)
	var seen [NumBlocks]bool
	for i := range pal {
		b, err := r.block()
		if err != nil {
			return nil, err
		}
		if seen[b] {
			return nil, r.fail(fmt.Sprintf("palette repeats block %d", b))
		}
		seen[b] = true
		pal[i] = uint16(b)
	}
	return pal, nil
}

func (r *reader) runs(cells *[Volume]uint16, pal []uint16) error {
	for i := 0; i < Volume; {
		idx, err := r.uvarint("run palette index", uint64(len(pal)-1))
		if err != nil {
			return err
		}
		n, err := r.uvarint("run length", uint64(Volume-i))
		if err != nil {
			return err
		}
		if n == 0 {
			return r.fail("zero-length run")
		}
		v := pal[idx]
		for end := i + int(n); i < end; i++ {
			cells[i] = v
		}
	}
	return nil
}

func (r *reader) packed(cells *[Volume]uint16, pal []uint16) error {
	width := indexBits(len(pal))
	size := Volume * width / 8
	if len(r.data)-r.off < size {
		return r.fail(fmt.Sprintf("packed indices: need %d bytes, have %d", size, len(r.data)-r.off))
	}
	body := r.data[r.off : r.off+size]
	mask := uint64(1)<<width - 1
	var acc uint64
	nacc, pos := 0, 0
	for i := range cells {
		for nacc < width {
			acc |= uint64(body[pos]) << nacc
			pos++
			nacc += 8
		}
		idx := acc & mask
		acc >>= width
		nacc -= width
		if idx >= uint64(len(pal)) {
			r.off += pos
			return r.fail(fmt.Sprintf("cell %d: palette index %d out of range %d", i, idx, len(pal)))
		}
		cells[i] = pal[idx]
	}
	r.off += size
	return nil
}
