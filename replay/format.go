// Package replay records a server's inbound events tick by tick, with
// optional per-tick state hashes, in a compact versioned file, and reads
// them back. docs/replay.md describes the format.
package replay

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"google.golang.org/protobuf/proto"
)

// Magic starts every recording; Version follows it.
const (
	Magic   = "STRATAREC"
	Version = 1
)

// Record types.
const (
	recConnected    = 1
	recMessage      = 2
	recDisconnected = 3
	recHash         = 4
	recEnd          = 5
	// recJoined is a Connected event with the features its handshake
	// granted; recordings made before features were recorded have
	// recConnected, whose clients replay with LegacyFeatures.
	recJoined = 6
	// recLogin is a Connected event with the key its login proved, for
	// the replay to bind the name as the handshake did (trust on first
	// use happens before the tick sees the client).
	recLogin = 7
)

// Header describes the world and the settings a recording was made with;
// a replay rebuilds the server from it.
type Header struct {
	Seed             int64   `json:"seed"`
	GeneratorVersion int     `json:"generator_version"`
	TPS              int     `json:"tps"`
	MaxViewDistance  int     `json:"max_view_distance"`
	SpawnRadius      int     `json:"spawn_radius"`
	SpawnX           float64 `json:"spawn_x"`
	SpawnY           float64 `json:"spawn_y"`
	SpawnZ           float64 `json:"spawn_z"`
	// Hashes is set when the recording holds a state hash per tick.
	Hashes bool `json:"hashes"`
	// World, when set, names the checkpoint of the world database taken
	// when recording started (a directory beside the recording); empty
	// means the world was fresh: nothing but its generator's output.
	World string `json:"world,omitempty"`
	// Settings holds any further server settings, for the record.
	Settings map[string]string `json:"settings,omitempty"`
}

// Event is one recorded inbound event, applied at Tick.
type Event struct {
	Tick         uint64
	Kind         wire.EventKind
	Client       uint64
	Name         string // Connected
	ViewDistance int    // Connected
	// Features are the features the handshake granted (Connected).
	Features []string
	// Key is the Ed25519 public key the login proved (Connected; nil for
	// synthetic clients and recordings made before keys were recorded).
	Key  []byte
	Msg  *protocol.ClientMessage
	Code protocol.ErrorCode // Disconnected
}

// Hash is the state at the end of one tick, in parts, so a divergence can
// say what differs.
type Hash struct {
	Tick     uint64
	Sections uint64 // every resident section's position, revision and content
	Entities uint64 // the simulation's components of every entity
	Outbound uint64 // everything sent to every client so far
}

// Equal reports whether two hashes agree in every part.
func (h Hash) Equal(o Hash) bool {
	return h.Sections == o.Sections && h.Entities == o.Entities && h.Outbound == o.Outbound
}

// Diff names the parts in which h and o differ.
func (h Hash) Diff(o Hash) []string {
	var d []string
	if h.Sections != o.Sections {
		d = append(d, "sections")
	}
	if h.Entities != o.Entities {
		d = append(d, "entities")
	}
	if h.Outbound != o.Outbound {
		d = append(d, "outbound")
	}
	return d
}

// Writer writes a recording. It is not safe for concurrent use: the tick
// goroutine writes it.
type Writer struct {
	w   *bufio.Writer
	c   io.Closer
	buf []byte
	err error
}

// NewWriter writes the magic, version and header to w.
func NewWriter(w io.WriteCloser, h Header) (*Writer, error) {
	rw := &Writer{w: bufio.NewWriterSize(w, 64<<10), c: w}
	hdr, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	rw.w.WriteString(Magic)
	rw.w.WriteByte(Version)
	rw.buf = binary.AppendUvarint(rw.buf[:0], uint64(len(hdr)))
	rw.w.Write(rw.buf)
	rw.w.Write(hdr)
	return rw, nil
}

func (w *Writer) record(typ byte, tick uint64, body []byte) {
	if w.err != nil {
		return
	}
	w.buf = append(w.buf[:0], typ)
	w.buf = binary.AppendUvarint(w.buf, tick)
	w.buf = binary.AppendUvarint(w.buf, uint64(len(body)))
	w.buf = append(w.buf, body...)
	_, w.err = w.w.Write(w.buf)
}

// Event appends an inbound event.
func (w *Writer) Event(e Event) {
	var body []byte
	body = binary.AppendUvarint(body, e.Client)
	switch e.Kind {
	case wire.Connected:
		body = binary.AppendUvarint(body, uint64(e.ViewDistance))
		body = binary.AppendUvarint(body, uint64(len(e.Features)))
		for _, f := range e.Features {
			body = binary.AppendUvarint(body, uint64(len(f)))
			body = append(body, f...)
		}
		typ := byte(recJoined)
		if len(e.Key) > 0 {
			typ = recLogin
			body = binary.AppendUvarint(body, uint64(len(e.Key)))
			body = append(body, e.Key...)
		}
		body = append(body, e.Name...)
		w.record(typ, e.Tick, body)
	case wire.Message:
		m, err := proto.MarshalOptions{Deterministic: true}.Marshal(e.Msg)
		if err != nil {
			w.err = fmt.Errorf("record message: %w", err)
			return
		}
		w.record(recMessage, e.Tick, append(body, m...))
	case wire.Disconnected:
		body = binary.AppendUvarint(body, uint64(e.Code))
		w.record(recDisconnected, e.Tick, body)
	}
}

// Hash appends a state hash.
func (w *Writer) Hash(h Hash) {
	var body [24]byte
	binary.LittleEndian.PutUint64(body[0:], h.Sections)
	binary.LittleEndian.PutUint64(body[8:], h.Entities)
	binary.LittleEndian.PutUint64(body[16:], h.Outbound)
	w.record(recHash, h.Tick, body[:])
}

// Close writes the end record (the last tick) and closes the file.
func (w *Writer) Close(lastTick uint64) error {
	w.record(recEnd, lastTick, nil)
	if err := w.w.Flush(); err != nil && w.err == nil {
		w.err = err
	}
	if err := w.c.Close(); err != nil && w.err == nil {
		w.err = err
	}
	return w.err
}

// Recording is a whole recording in memory.
type Recording struct {
	Header Header
	Events []Event
	Hashes []Hash
	// LastTick is the last tick the recording covers.
	LastTick uint64
}

// maxRecord bounds one record's body, well above any control frame.
const maxRecord = 1 << 20

// gzipMagic starts a gzip stream (RFC 1952).
const gzipMagic = "\x1f\x8b"

// Read parses a recording, validating every record. A recording
// compressed with gzip (a committed one: inputs and hashes compress about
// three to one) is read through it.
func Read(r io.Reader) (*Recording, error) {
	br := bufio.NewReader(r)
	if head, _ := br.Peek(len(gzipMagic)); string(head) == gzipMagic {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("compressed recording: %w", err)
		}
		defer zr.Close()
		br = bufio.NewReader(zr)
	}
	magic := make([]byte, len(Magic)+1)
	if _, err := io.ReadFull(br, magic); err != nil {
		return nil, fmt.Errorf("read recording header: %w", err)
	}
	if string(magic[:len(Magic)]) != Magic {
		return nil, errors.New("not a Strata recording")
	}
	if magic[len(Magic)] != Version {
		return nil, fmt.Errorf("recording version %d; this build reads version %d", magic[len(Magic)], Version)
	}
	n, err := binary.ReadUvarint(br)
	if err != nil || n > maxRecord {
		return nil, fmt.Errorf("recording header length: %v", err)
	}
	hdr := make([]byte, n)
	if _, err := io.ReadFull(br, hdr); err != nil {
		return nil, fmt.Errorf("recording header: %w", err)
	}
	rec := &Recording{}
	if err := json.Unmarshal(hdr, &rec.Header); err != nil {
		return nil, fmt.Errorf("recording header: %w", err)
	}
	for i := 0; ; i++ {
		typ, err := br.ReadByte()
		if err == io.EOF {
			return nil, errors.New("recording truncated: no end record")
		}
		if err != nil {
			return nil, err
		}
		tick, err1 := binary.ReadUvarint(br)
		size, err2 := binary.ReadUvarint(br)
		if err := errors.Join(err1, err2); err != nil || size > maxRecord {
			return nil, fmt.Errorf("record %d: bad framing", i)
		}
		body := make([]byte, size)
		if _, err := io.ReadFull(br, body); err != nil {
			return nil, fmt.Errorf("record %d: %w", i, err)
		}
		if typ == recEnd {
			rec.LastTick = tick
			return rec, nil
		}
		if err := rec.add(typ, tick, body); err != nil {
			return nil, fmt.Errorf("record %d (tick %d): %w", i, tick, err)
		}
	}
}

func (rec *Recording) add(typ byte, tick uint64, body []byte) error {
	if typ == recHash {
		if len(body) != 24 {
			return errors.New("hash record of wrong size")
		}
		rec.Hashes = append(rec.Hashes, Hash{Tick: tick,
			Sections: binary.LittleEndian.Uint64(body[0:]),
			Entities: binary.LittleEndian.Uint64(body[8:]),
			Outbound: binary.LittleEndian.Uint64(body[16:])})
		return nil
	}
	if typ != recConnected && typ != recJoined && typ != recLogin && typ != recMessage && typ != recDisconnected {
		return fmt.Errorf("unknown record type %d", typ)
	}
	if k := len(rec.Events); k > 0 && tick < rec.Events[k-1].Tick {
		return fmt.Errorf("tick %d after tick %d", tick, rec.Events[k-1].Tick)
	}
	client, n := binary.Uvarint(body)
	if n <= 0 {
		return errors.New("bad client id")
	}
	body = body[n:]
	e := Event{Tick: tick, Client: client}
	switch typ {
	case recConnected:
		v, n := binary.Uvarint(body)
		if n <= 0 || v > 1<<16 {
			return errors.New("bad view distance")
		}
		e.Kind, e.ViewDistance, e.Name, e.Features = wire.Connected, int(v), string(body[n:]), LegacyFeatures()
	case recJoined, recLogin:
		v, n := binary.Uvarint(body)
		if n <= 0 || v > 1<<16 {
			return errors.New("bad view distance")
		}
		body = body[n:]
		count, n := binary.Uvarint(body)
		if n <= 0 || count > 64 {
			return errors.New("bad feature count")
		}
		body = body[n:]
		e.Features = []string{}
		for range count {
			l, n := binary.Uvarint(body)
			if n <= 0 || l > uint64(len(body)-n) {
				return errors.New("bad feature")
			}
			e.Features = append(e.Features, string(body[n:n+int(l)]))
			body = body[n+int(l):]
		}
		if typ == recLogin {
			l, n := binary.Uvarint(body)
			if n <= 0 || l == 0 || l > 64 || l > uint64(len(body)-n) {
				return errors.New("bad key")
			}
			e.Key = append([]byte(nil), body[n:n+int(l)]...)
			body = body[n+int(l):]
		}
		e.Kind, e.ViewDistance, e.Name = wire.Connected, int(v), string(body)
	case recMessage:
		e.Kind, e.Msg = wire.Message, &protocol.ClientMessage{}
		if err := proto.Unmarshal(body, e.Msg); err != nil {
			return fmt.Errorf("message: %w", err)
		}
	case recDisconnected:
		c, n := binary.Uvarint(body)
		if n <= 0 {
			return errors.New("bad close code")
		}
		e.Kind, e.Code = wire.Disconnected, protocol.ErrorCode(c)
	}
	rec.Events = append(rec.Events, e)
	return nil
}

// LegacyFeatures are the features a client of a recording made before
// features were recorded behaves as having: it was sent PlayerStates and
// per-section Drops, so it replays with just that.
func LegacyFeatures() []string { return []string{protocol.FeaturePlayerStates} }
