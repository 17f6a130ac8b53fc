package client

import (
	"bytes"
	"errors"
	"io"
	"sync/atomic"
	"testing"

	"github.com/klauspost/compress/flate"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
)

// deflated compresses frames into a raw DEFLATE stream with a sync flush
// after each batch, as the server writes the chunk stream; final ends it
// with a final block.
func deflated(tb testing.TB, final bool, batches ...[][]byte) []byte {
	var out bytes.Buffer
	w, err := flate.NewWriter(&out, 5)
	if err != nil {
		tb.Fatal(err)
	}
	for _, b := range batches {
		for _, f := range b {
			_, _ = w.Write(f)
		}
		_ = w.Flush()
	}
	if final {
		_ = w.Close()
	}
	return out.Bytes()
}

func chunkFrames(tb testing.TB) [][]byte {
	var out [][]byte
	for i, b := range []chunk.Block{chunk.Stone, chunk.Dirt, chunk.Air, chunk.Water} {
		s := chunk.Uniform(b)
		s.Set(i, i, i, chunk.Sand)
		f, err := frame.Marshal(protocol.NewChunk(chunk.Pos{X: int32(i), Y: 1}, uint64(i+1), chunk.Encode(&s)), frame.ChunkCap)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

// readChunkStream reads data as a chunk stream granted deflate-chunks,
// the way readChunks does, until it ends; it returns the decoded messages
// and the error that ended it.
func readChunkStream(data []byte) (msgs []*protocol.ChunkMessage, wire, decoded uint64, err error) {
	var w, d atomic.Uint64
	r := chunkSource(bytes.NewReader(data), true, &w, &d)
	for {
		var payload []byte
		payload, err = frame.ReadFrame(r, frame.ChunkCap)
		if err != nil {
			break
		}
		m, derr := frame.DecodeChunk(payload)
		if derr != nil {
			err = derr
			break
		}
		msgs = append(msgs, m)
	}
	return msgs, w.Load(), d.Load(), err
}

func TestChunkStreamDecodes(t *testing.T) {
	frames := chunkFrames(t)
	raw := 0
	for _, f := range frames {
		raw += len(f)
	}
	for _, final := range []bool{false, true} {
		data := deflated(t, final, frames[:1], frames[1:])
		msgs, wire, decoded, err := readChunkStream(data)
		if len(msgs) != len(frames) || wire != uint64(len(data)) || decoded != uint64(raw) {
			t.Fatalf("final %v: %d messages, %d bytes read of %d, %d decoded of %d", final, len(msgs), wire, len(data), decoded, raw)
		}
		for i, m := range msgs {
			if m.GetChunk().GetRevision() != uint64(i+1) {
				t.Errorf("message %d: %v", i, m)
			}
		}
		// Ended by a final block: a clean end, as a plain stream's FIN at a
		// frame boundary. Without one, the stream ended inside DEFLATE.
		if final && err != io.EOF || !final && streamCode(err) != protocol.ErrorCode_ERROR_CODE_MALFORMED {
			t.Errorf("final %v: ended with %v (code %v)", final, err, streamCode(err))
		}
	}
}

// FuzzChunkStream feeds any bytes to the client's decoder of a chunk
// stream granted deflate-chunks: it must never panic, read only what it
// was given, and end with a clean end of stream or an error that closes
// the connection with MALFORMED or FRAME_TOO_LARGE (a frame cut short by
// a final block is a truncated stream, as it is without compression).
func FuzzChunkStream(f *testing.F) {
	frames := chunkFrames(f)
	valid := deflated(f, false, frames[:2], frames[2:])
	f.Add(valid)
	f.Add(valid[:len(valid)/2])
	f.Add(deflated(f, true, frames))
	f.Add(deflated(f, true, [][]byte{frames[0][:len(frames[0])-3]}))                // final block inside a frame
	f.Add(deflated(f, false, [][]byte{{0x80, 0x80, 0x80, 0x01}}))                   // a 2 MiB frame
	f.Add(deflated(f, false, [][]byte{frame.AppendFrame(nil, []byte{0xff, 0xff})})) // a payload that is no ChunkMessage
	f.Add([]byte{0x06, 0xff})                                                       // reserved block type
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		_, wire, decoded, err := readChunkStream(data)
		if wire > uint64(len(data)) {
			t.Fatalf("read %d bytes of %d", wire, len(data))
		}
		if decoded > 1032*uint64(len(data))+1024 { // DEFLATE expands at most ~1032:1
			t.Fatalf("%d bytes decoded from %d", decoded, len(data))
		}
		switch code := streamCode(err); {
		case err == io.EOF, errors.Is(err, io.ErrUnexpectedEOF) && code == protocol.ErrorCode_ERROR_CODE_INTERNAL,
			code == protocol.ErrorCode_ERROR_CODE_MALFORMED, code == protocol.ErrorCode_ERROR_CODE_FRAME_TOO_LARGE:
		default:
			t.Fatalf("ended with %v (code %v)", err, code)
		}
	})
}
