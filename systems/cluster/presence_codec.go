package cluster

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/entities"
)

// presenceVersion starts every presence message: a compact binary form,
// since a shard decodes the players of every shard near its own every
// tick (JSON cost a shard of 500 players near another of 500 a quarter
// of its CPU). Version 2 added deltas, version 3 the interest cells of
// keyframes, version 4 sequence numbers and position-only moves, version
// 5 announcements (the interest moved there from keyframes, which go to
// one shard each), version 6 the sender's tick (receivers derive
// velocities from it); the shards of a cluster run one version.
const presenceVersion = 6

// The flags byte: a keyframe is 0; presenceDelta marks the players and
// entities that changed since the shard's last message to the receiver,
// and those gone since; presenceAnnounce a shard's interest cells, sent
// to every shard, with no players.
const (
	presenceDelta    = 1
	presenceAnnounce = 2
)

// Bounds of a presence message's strings and attribute lists.
const (
	maxPresenceString = 256
	maxPresenceAttrs  = 64
)

// Smallest encodings of a player and an entity: what a count is checked
// against before anything is allocated for it.
const (
	minPlayerBytes = 1 + 3*8 + 2*4
	minEntityBytes = 1 + 1 + 3*8 + 2*4 + 2*8 + 1
	minMoveBytes   = 1 + 1 + 3
)

// moveLook is the flag of a move that carries a new look.
const moveLook = 1

var errPresence = errors.New("bad presence message")

// appendPresence appends the encoding of pr to dst.
func appendPresence(dst []byte, pr *presence) []byte {
	dst = append(dst, presenceVersion)
	switch {
	case pr.Announce:
		dst = append(dst, presenceAnnounce)
	case pr.Delta:
		dst = append(dst, presenceDelta)
	default:
		dst = append(dst, 0)
	}
	dst = appendString(dst, pr.Shard)
	if pr.Announce {
		dst = binary.AppendUvarint(dst, uint64(len(pr.Interest)))
		for _, c := range pr.Interest {
			dst = binary.AppendVarint(dst, int64(c[0]))
			dst = binary.AppendVarint(dst, int64(c[1]))
		}
		return dst
	}
	dst = binary.AppendUvarint(dst, pr.Seq)
	dst = binary.AppendUvarint(dst, pr.Tick)
	dst = binary.AppendUvarint(dst, uint64(len(pr.Players)))
	for i := range pr.Players {
		p := &pr.Players[i]
		dst = appendString(dst, p.Name)
		dst = appendPosLook(dst, p.X, p.Y, p.Z, p.Yaw, p.Pitch)
	}
	dst = binary.AppendUvarint(dst, uint64(len(pr.Entities)))
	for i := range pr.Entities {
		e := &pr.Entities[i]
		dst = binary.AppendUvarint(dst, e.ID)
		dst = appendString(dst, e.Kind)
		dst = appendPosLook(dst, e.X, e.Y, e.Z, e.Yaw, e.Pitch)
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(e.Width))
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(e.Height))
		dst = binary.AppendUvarint(dst, uint64(len(e.Attrs)))
		for _, a := range e.Attrs {
			dst = appendString(dst, a.Key)
			dst = binary.AppendVarint(dst, a.Value)
		}
	}
	if pr.Delta {
		dst = binary.AppendUvarint(dst, uint64(len(pr.Moves)))
		for i := range pr.Moves {
			dst = appendString(dst, pr.Moves[i].Name)
			dst = appendMove(dst, &pr.Moves[i])
		}
		dst = binary.AppendUvarint(dst, uint64(len(pr.EntityMoves)))
		for i := range pr.EntityMoves {
			dst = binary.AppendUvarint(dst, pr.EntityMoves[i].ID)
			dst = appendMove(dst, &pr.EntityMoves[i])
		}
		dst = binary.AppendUvarint(dst, uint64(len(pr.Left)))
		for _, name := range pr.Left {
			dst = appendString(dst, name)
		}
		dst = binary.AppendUvarint(dst, uint64(len(pr.Gone)))
		for _, id := range pr.Gone {
			dst = binary.AppendUvarint(dst, id)
		}
	}
	return dst
}

// appendMove appends a move's flags, offsets and, if it has one, look.
func appendMove(dst []byte, m *presenceMove) []byte {
	if !m.Look {
		dst = append(dst, 0)
	} else {
		dst = append(dst, moveLook)
	}
	for _, d := range m.D {
		dst = binary.AppendVarint(dst, d)
	}
	if m.Look {
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(m.Yaw))
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(m.Pitch))
	}
	return dst
}

func appendString(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

func appendPosLook(dst []byte, x, y, z float64, yaw, pitch float32) []byte {
	for _, v := range [3]float64{x, y, z} {
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(v))
	}
	dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(yaw))
	return binary.LittleEndian.AppendUint32(dst, math.Float32bits(pitch))
}

// presenceReader decodes a presence message (or, with kind set, another
// binary message of the plugin), remembering its first error.
type presenceReader struct {
	b    []byte
	err  error
	kind error // what its errors wrap; errPresence when nil
}

func (r *presenceReader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s", cmp.Or(r.kind, errPresence), what)
	}
	r.b = nil
}

func (r *presenceReader) uvarint(what string) uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(what)
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *presenceReader) varint(what string) int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail(what)
		return 0
	}
	r.b = r.b[n:]
	return v
}

// cell reads an interest cell coordinate, which fits an int32.
func (r *presenceReader) cell(what string) int32 {
	v := r.varint(what)
	if v < math.MinInt32 || v > math.MaxInt32 {
		r.fail(what + " out of range")
		return 0
	}
	return int32(v)
}

// count reads a list's length, refused when the bytes left could not
// hold that many items of at least min bytes each.
func (r *presenceReader) count(what string, min int) int {
	n := r.uvarint(what)
	if r.err == nil && n > uint64(len(r.b)/min) {
		r.fail(what + " longer than the message")
		return 0
	}
	return int(n)
}

// next returns the message's next n bytes, or fails.
func (r *presenceReader) next(n uint64, what string) []byte {
	if r.err != nil || n > uint64(len(r.b)) {
		r.fail(what)
		return nil
	}
	b := r.b[:n]
	r.b = r.b[n:]
	return b
}

func (r *presenceReader) string(what string) string {
	n := r.uvarint(what)
	if n > maxPresenceString {
		r.fail(what)
	}
	return string(r.next(n, what))
}

// finite fails on a NaN or an infinity.
func (r *presenceReader) finite(v float64, what string) bool {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		r.fail(what + " not finite")
		return false
	}
	return true
}

func (r *presenceReader) f64(what string) float64 {
	b := r.next(8, what)
	if b == nil {
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(b))
	if !r.finite(v, what) {
		return 0
	}
	return v
}

func (r *presenceReader) f32(what string) float32 {
	b := r.next(4, what)
	if b == nil {
		return 0
	}
	v := math.Float32frombits(binary.LittleEndian.Uint32(b))
	if !r.finite(float64(v), what) {
		return 0
	}
	return v
}

// move reads a move's flags, offsets and look.
func (r *presenceReader) move(m *presenceMove) {
	flags := r.next(1, "move flags")
	switch {
	case flags == nil:
		return
	case flags[0]&^moveLook != 0:
		r.fail("unknown move flags")
		return
	}
	for i := range m.D {
		if m.D[i] = r.varint("move offset"); m.D[i] > maxMove || m.D[i] < -maxMove {
			r.fail("move offset out of range")
		}
	}
	if m.Look = flags[0]&moveLook != 0; m.Look {
		m.Yaw, m.Pitch = r.f32("yaw"), r.f32("pitch")
	}
}

// decodePresence decodes a presence message; a malformed one is an error
// and decodes to nothing.
func decodePresence(data []byte) (presence, error) {
	r := &presenceReader{b: data}
	var pr presence
	if len(data) == 0 || data[0] != presenceVersion {
		return pr, fmt.Errorf("%w: unknown version", errPresence)
	}
	r.b = r.b[1:]
	switch flags := r.next(1, "flags"); {
	case flags == nil:
	case flags[0] == presenceDelta:
		pr.Delta = true
	case flags[0] == presenceAnnounce:
		pr.Announce = true
	case flags[0] != 0:
		r.fail("unknown flags")
	}
	pr.Shard = r.string("shard")
	if pr.Announce {
		if n := r.count("interest", 2); n > 0 {
			pr.Interest = make([][2]int32, n)
			for i := range pr.Interest {
				pr.Interest[i] = [2]int32{r.cell("interest x"), r.cell("interest z")}
			}
		}
		return r.done(pr)
	}
	pr.Seq = r.uvarint("sequence")
	pr.Tick = r.uvarint("tick")
	if n := r.count("players", minPlayerBytes); n > 0 {
		pr.Players = make([]storage.PlayerRecord, n)
		for i := range pr.Players {
			p := &pr.Players[i]
			p.Name = r.string("player name")
			p.X, p.Y, p.Z = r.f64("x"), r.f64("y"), r.f64("z")
			p.Yaw, p.Pitch = r.f32("yaw"), r.f32("pitch")
		}
	}
	if n := r.count("entities", minEntityBytes); n > 0 {
		pr.Entities = make([]entityState, n)
		for i := range pr.Entities {
			e := &pr.Entities[i]
			e.ID = r.uvarint("entity id")
			e.Kind = r.string("kind")
			e.X, e.Y, e.Z = r.f64("x"), r.f64("y"), r.f64("z")
			e.Yaw, e.Pitch = r.f32("yaw"), r.f32("pitch")
			e.Width, e.Height = r.f64("width"), r.f64("height")
			na := r.count("attributes", 2)
			if na > maxPresenceAttrs {
				r.fail("too many attributes")
			}
			for range na {
				if r.err != nil {
					break
				}
				e.Attrs = append(e.Attrs, entities.Attribute{Key: r.string("attribute key"), Value: r.varint("attribute value")})
			}
		}
	}
	if pr.Delta {
		if n := r.count("moves", minMoveBytes); n > 0 {
			pr.Moves = make([]presenceMove, n)
			for i := range pr.Moves {
				pr.Moves[i].Name = r.string("moved name")
				r.move(&pr.Moves[i])
			}
		}
		if n := r.count("entity moves", minMoveBytes); n > 0 {
			pr.EntityMoves = make([]presenceMove, n)
			for i := range pr.EntityMoves {
				pr.EntityMoves[i].ID = r.uvarint("moved id")
				r.move(&pr.EntityMoves[i])
			}
		}
		if n := r.count("left", 1); n > 0 {
			pr.Left = make([]string, n)
			for i := range pr.Left {
				pr.Left[i] = r.string("left name")
			}
		}
		if n := r.count("gone", 1); n > 0 {
			pr.Gone = make([]uint64, n)
			for i := range pr.Gone {
				pr.Gone[i] = r.uvarint("gone id")
			}
		}
	}
	return r.done(pr)
}

// done returns pr once the whole message was read without an error.
func (r *presenceReader) done(pr presence) (presence, error) {
	if r.err == nil && len(r.b) != 0 {
		r.fail("trailing bytes")
	}
	if r.err != nil {
		return presence{}, r.err
	}
	return pr, nil
}
