// Package storage keeps the world on disk in Pebble: metadata, edited
// sections and player records, written by one goroutine in synced batches,
// and access records (name bindings, operators, bans, the whitelist),
// written directly by their registry.
package storage

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/stratavox/strata/resources/chunk"
)

// Key prefixes. The first byte of every key names its kind; see
// docs/storage.md.
const (
	prefixMeta    byte = 0x01
	prefixSection byte = 0x02
	prefixPlayer  byte = 0x03
	prefixAccess  byte = 0x04
	prefixEntity  byte = 0x05
	// prefixMetaCopy holds the world metadata's second copy, at the far
	// end of the key space from the first: no table block holds both
	// once the world outgrows a block.
	prefixMetaCopy byte = 0xfe
)

// RegionShift groups sections into 32×32-column regions: every section of a
// region lies in one contiguous key range.
const RegionShift = 5

// sectionKeyLen is 1 prefix byte and five big-endian uint32s.
const sectionKeyLen = 1 + 5*4

// entityKeyLen is 1 prefix byte and four big-endian uint32s.
const entityKeyLen = 1 + 4*4

var (
	metaKey     = []byte{prefixMeta, 'm', 'e', 't', 'a'}
	metaCopyKey = []byte{prefixMetaCopy, 'm', 'e', 't', 'a'}
)

// isMetaKey reports whether k is one of the world metadata's two keys.
func isMetaKey(k []byte) bool { return bytes.Equal(k, metaKey) || bytes.Equal(k, metaCopyKey) }

// ordered maps a signed coordinate to an unsigned one with the same order.
func ordered(v int32) uint32 { return uint32(v) ^ 0x80000000 }

func unordered(u uint32) int32 { return int32(u ^ 0x80000000) }

// SectionKey returns the key of a section: prefix, region X, region Z,
// then X, Z, Y — so a region, a column within it, and a section within the
// column each form a contiguous range.
func SectionKey(p chunk.Pos) []byte {
	k := make([]byte, sectionKeyLen)
	k[0] = prefixSection
	binary.BigEndian.PutUint32(k[1:], ordered(p.X>>RegionShift))
	binary.BigEndian.PutUint32(k[5:], ordered(p.Z>>RegionShift))
	binary.BigEndian.PutUint32(k[9:], ordered(p.X))
	binary.BigEndian.PutUint32(k[13:], ordered(p.Z))
	binary.BigEndian.PutUint32(k[17:], ordered(p.Y))
	return k
}

// ParseSectionKey is the inverse of SectionKey.
func ParseSectionKey(k []byte) (chunk.Pos, error) {
	if len(k) != sectionKeyLen || k[0] != prefixSection {
		return chunk.Pos{}, fmt.Errorf("not a section key: %x", k)
	}
	p := chunk.Pos{
		X: unordered(binary.BigEndian.Uint32(k[9:])),
		Z: unordered(binary.BigEndian.Uint32(k[13:])),
		Y: unordered(binary.BigEndian.Uint32(k[17:])),
	}
	if !equalBytes(SectionKey(p), k) {
		return chunk.Pos{}, fmt.Errorf("section key %x: region does not match position", k)
	}
	return p, nil
}

// RegionBounds returns the key range [lo, hi) holding every section of the
// region with region coordinates (rx, rz).
func RegionBounds(rx, rz int32) (lo, hi []byte) { return regionBounds(prefixSection, rx, rz) }

// regionBounds returns the range of keys of one prefix whose region is
// (rx, rz): the prefix and region as a big-endian number, and that number
// plus one.
func regionBounds(prefix byte, rx, rz int32) (lo, hi []byte) {
	lo = make([]byte, 9)
	lo[0] = prefix
	binary.BigEndian.PutUint32(lo[1:], ordered(rx))
	binary.BigEndian.PutUint32(lo[5:], ordered(rz))
	hi = append([]byte(nil), lo...)
	for i := len(hi) - 1; i >= 0; i-- { // increment as a big-endian number
		hi[i]++
		if hi[i] != 0 {
			break
		}
	}
	return lo, hi
}

// EntityKey returns the key of a column's entity record (x, z in section
// coordinates): prefix, region X, region Z, then X, Z, ordered as in
// SectionKey, so that one region's entity records are one key range
// (EntityRegionBounds) and a region's entities are read with its
// sections' range scan pattern.
func EntityKey(x, z int32) []byte {
	k := make([]byte, entityKeyLen)
	k[0] = prefixEntity
	binary.BigEndian.PutUint32(k[1:], ordered(x>>RegionShift))
	binary.BigEndian.PutUint32(k[5:], ordered(z>>RegionShift))
	binary.BigEndian.PutUint32(k[9:], ordered(x))
	binary.BigEndian.PutUint32(k[13:], ordered(z))
	return k
}

// ParseEntityKey is the inverse of EntityKey. It refuses a key whose
// region does not match its column: that is no key Strata writes.
func ParseEntityKey(k []byte) (x, z int32, err error) {
	if len(k) != entityKeyLen || k[0] != prefixEntity {
		return 0, 0, fmt.Errorf("not an entity key: %x", k)
	}
	x = unordered(binary.BigEndian.Uint32(k[9:]))
	z = unordered(binary.BigEndian.Uint32(k[13:]))
	if !equalBytes(EntityKey(x, z), k) {
		return 0, 0, fmt.Errorf("entity key %x: region does not match column", k)
	}
	return x, z, nil
}

// EntityRegionBounds returns the key range [lo, hi) holding the entity
// record of every column of the region (rx, rz).
func EntityRegionBounds(rx, rz int32) (lo, hi []byte) { return regionBounds(prefixEntity, rx, rz) }

// PlayerKey returns the key of a player record.
func PlayerKey(name string) []byte { return append([]byte{prefixPlayer}, name...) }

func equalBytes(a, b []byte) bool { return string(a) == string(b) }

// DescribeKey names a key for people: "world metadata", "section
// (x,y,z)", "player \"name\"", an access record ("ban \"n/name\""),
// "entities of column (x,z)", a plugin record ("homes record of player
// \"ann\""), or its bytes in hex when it is none of those (a range
// bound, a damaged key). Each kind describes its own keys (RecordKind).
func DescribeKey(k []byte) string {
	if rk, ok := KindOf(k); ok {
		if what, ok := rk.Describe(k); ok {
			return what
		}
	}
	return fmt.Sprintf("key %x", k)
}
