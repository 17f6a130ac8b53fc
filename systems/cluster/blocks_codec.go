package cluster

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/stratavox/strata/resources/chunk"
)

// blocksVersion starts every block-edit message.
const blocksVersion = 1

// minBlockEditBytes is the smallest encoding of one edit.
const minBlockEditBytes = 5

var errBlocks = errors.New("bad block-edit message")

// blockEdit is one block a region's owner changed, at the owner's
// revision of its section after the change (the revision the section's
// stored record carries once it holds the change).
type blockEdit struct {
	X, Y, Z  int32
	Block    chunk.Block
	Revision uint64
}

// section returns the section the edit is in.
func (e blockEdit) section() chunk.Pos { return chunk.PosOfBlock(int(e.X), int(e.Y), int(e.Z)) }

// blocksMsg is a tick's edits of one region, from its owner.
type blocksMsg struct {
	Shard string
	Edits []blockEdit
}

// appendBlocks appends the encoding of m to dst.
func appendBlocks(dst []byte, m *blocksMsg) []byte {
	dst = append(dst, blocksVersion)
	dst = appendString(dst, m.Shard)
	dst = binary.AppendUvarint(dst, uint64(len(m.Edits)))
	for _, e := range m.Edits {
		dst = binary.AppendVarint(dst, int64(e.X))
		dst = binary.AppendVarint(dst, int64(e.Y))
		dst = binary.AppendVarint(dst, int64(e.Z))
		dst = binary.AppendUvarint(dst, uint64(e.Block))
		dst = binary.AppendUvarint(dst, e.Revision)
	}
	return dst
}

// decodeBlocks decodes a block-edit message; a malformed one is an error
// and decodes to nothing.
func decodeBlocks(data []byte) (blocksMsg, error) {
	var m blocksMsg
	if len(data) == 0 || data[0] != blocksVersion {
		return m, fmt.Errorf("%w: unknown version", errBlocks)
	}
	r := &presenceReader{b: data[1:], kind: errBlocks}
	m.Shard = r.string("shard")
	n := r.count("edits", minBlockEditBytes)
	if n > 0 {
		m.Edits = make([]blockEdit, 0, n)
	}
	for range n {
		e := blockEdit{X: r.cell("x"), Y: r.cell("y"), Z: r.cell("z")}
		b := r.uvarint("block")
		if b > math.MaxUint16 {
			r.fail("block out of range")
		}
		e.Block, e.Revision = chunk.Block(b), r.uvarint("revision")
		if r.err != nil {
			break
		}
		m.Edits = append(m.Edits, e)
	}
	if r.err == nil && len(r.b) > 0 {
		r.fail("trailing bytes")
	}
	if r.err != nil {
		return blocksMsg{}, r.err
	}
	return m, nil
}
