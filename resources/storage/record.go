package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/stratavox/strata/resources/chunk"
)

// recordVersion is the version byte of a stored section record.
const recordVersion = 1

// ErrCorrupt marks a stored record that fails its checksum or decoding.
var ErrCorrupt = errors.New("corrupt record")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// appendSectionRecord encodes a section record: version byte, uvarint
// revision, the section's chunk encoding, and a CRC-32C of all before it.
func appendSectionRecord(dst []byte, s *chunk.Section, rev uint64) []byte {
	start := len(dst)
	dst = append(dst, recordVersion)
	dst = binary.AppendUvarint(dst, rev)
	dst = chunk.AppendEncode(dst, s)
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], castagnoli))
}

// decodeSectionRecord validates and decodes a section record.
func decodeSectionRecord(v []byte) (chunk.Section, uint64, error) {
	if len(v) < 1+1+4 {
		return chunk.Section{}, 0, fmt.Errorf("%w: %d bytes is too short", ErrCorrupt, len(v))
	}
	body, sum := v[:len(v)-4], binary.LittleEndian.Uint32(v[len(v)-4:])
	if got := crc32.Checksum(body, castagnoli); got != sum {
		return chunk.Section{}, 0, fmt.Errorf("%w: checksum %08x, stored %08x", ErrCorrupt, got, sum)
	}
	if body[0] != recordVersion {
		return chunk.Section{}, 0, fmt.Errorf("%w: unknown record version %d", ErrCorrupt, body[0])
	}
	rev, n := binary.Uvarint(body[1:])
	if n <= 0 {
		return chunk.Section{}, 0, fmt.Errorf("%w: bad revision", ErrCorrupt)
	}
	s, err := chunk.Decode(body[1+n:])
	if err != nil {
		return chunk.Section{}, 0, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return s, rev, nil
}
