package wire

import (
	"errors"
	"fmt"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// MaxLODLevel is the coarsest LOD level a LODSection or LODUnload may
// carry: resources/lod.MaxLevel (cells of 128 blocks). The wire states it
// on its own because net/ imports no resources but the voxel vocabulary;
// a test in the LOD plugin checks that they agree.
const MaxLODLevel = 7

// EncodeLODSection frames a LODSection (for the LOD stream, IsLOD): LOD section pos (in
// level units) at level, at revision rev, whose cells data encodes in the
// section format (chunk.Encode). The server encodes each LOD section once
// per revision, off the tick, and shares the frame between clients.
func EncodeLODSection(pos chunk.Pos, level int, rev uint64, data []byte) (Encoded, error) {
	e, err := EncodeChunk(&protocol.ChunkMessage{Kind: &protocol.ChunkMessage_Lod{Lod: &protocol.LODSection{
		Pos: protocol.SectionPosOf(pos), Level: uint32(level), Revision: rev, Data: data,
	}}})
	if err != nil {
		return Encoded{}, fmt.Errorf("encode LOD section L%d%v: %w", level, pos, err)
	}
	e.ref = lodRef
	return e, nil
}

// AppendLODUnloads appends to dst the LOD-stream frames that make a
// client forget the LOD sections ps of one level (LODUnload, coordinates
// packed as Drops packs them), split over frames of at most
// MaxDropsPerFrame positions.
func AppendLODUnloads(dst []Encoded, level int, ps []chunk.Pos) ([]Encoded, error) {
	for len(ps) > 0 {
		n := min(len(ps), MaxDropsPerFrame)
		coords := make([]int32, 0, 3*n)
		for _, p := range ps[:n] {
			coords = append(coords, p.X, p.Y, p.Z)
		}
		e, err := EncodeChunk(&protocol.ChunkMessage{Kind: &protocol.ChunkMessage_LodUnload{LodUnload: &protocol.LODUnload{
			Level: uint32(level), Coords: coords,
		}}})
		if err != nil {
			return dst, fmt.Errorf("encode LOD unload of %d level-%d sections: %w", n, level, err)
		}
		e.ref = lodRef
		dst = append(dst, e)
		ps = ps[n:]
	}
	return dst, nil
}

// ErrBadLOD is wrapped by the LOD decoders' errors: a broken LODSection
// or LODUnload, which closes the connection with INVALID_MESSAGE
// (docs/protocol.md §5.6).
var ErrBadLOD = errors.New("invalid LOD message")

// DecodeLODSection checks and decodes a LODSection: its level within
// 1..MaxLODLevel, its position present, its data a valid section.
func DecodeLODSection(m *protocol.LODSection) (pos chunk.Pos, level int, rev uint64, s chunk.Section, err error) {
	if m.GetLevel() < 1 || m.GetLevel() > MaxLODLevel {
		return pos, 0, 0, s, fmt.Errorf("%w: level %d is outside 1..%d", ErrBadLOD, m.GetLevel(), MaxLODLevel)
	}
	if m.GetPos() == nil {
		return pos, 0, 0, s, fmt.Errorf("%w: LODSection without a position", ErrBadLOD)
	}
	pos = chunk.Pos{X: m.Pos.GetX(), Y: m.Pos.GetY(), Z: m.Pos.GetZ()}
	level = int(m.GetLevel())
	s, err = chunk.Decode(m.GetData())
	if err != nil {
		return pos, level, 0, s, fmt.Errorf("%w: LOD section L%d%v: %w", ErrBadLOD, level, pos, err)
	}
	return pos, level, m.GetRevision(), s, nil
}

// DecodeLODUnload checks and decodes a LODUnload into its level and
// positions, appended to dst: the level within 1..MaxLODLevel and the
// coordinates a whole number of triples.
func DecodeLODUnload(dst []chunk.Pos, m *protocol.LODUnload) (level int, ps []chunk.Pos, err error) {
	if m.GetLevel() < 1 || m.GetLevel() > MaxLODLevel {
		return 0, dst, fmt.Errorf("%w: unload level %d is outside 1..%d", ErrBadLOD, m.GetLevel(), MaxLODLevel)
	}
	c := m.GetCoords()
	if len(c)%3 != 0 {
		return 0, dst, fmt.Errorf("%w: unload of %d coordinates, not a multiple of 3", ErrBadLOD, len(c))
	}
	for i := 0; i < len(c); i += 3 {
		dst = append(dst, chunk.Pos{X: c[i], Y: c[i+1], Z: c[i+2]})
	}
	return int(m.GetLevel()), dst, nil
}
