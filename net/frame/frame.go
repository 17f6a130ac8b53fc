// Package frame is Strata's stream framing: every message on a QUIC stream
// is a frame made of a length prefix (unsigned LEB128 varint, the same
// "varint-delimited" form as protobuf's writeDelimitedTo/parseDelimitedFrom)
// followed by that many bytes of one protobuf envelope.
//
// A varint rather than a fixed u32: control messages are tens of bytes, so a
// one- or two-byte prefix is most of the saving; and delimited protobuf
// readers exist in every protobuf runtime, so clients in other languages
// need no framing code of their own.
//
// Every stream has a cap on the payload length (ControlCap, ChunkCap). The
// cap is checked on the prefix, before any allocation, so a hostile length
// costs nothing.
package frame

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/stratavox/strata/net/protocol"
)

// Per-stream payload caps, in bytes.
const (
	// ControlCap bounds a control-stream frame (either direction).
	ControlCap = 64 << 10
	// ChunkCap bounds a chunk-stream frame: one encoded section (at most
	// 8 KiB raw, more with a verbose encoding) plus its envelope, with room.
	ChunkCap = 1 << 20
	// DatagramCap bounds a datagram payload: the smallest datagram every
	// QUIC path must carry (1200-byte packets) minus packet overhead.
	DatagramCap = 1100
	// MaxPrefixLen is the longest accepted length prefix. Ten bytes is the
	// longest uvarint; writers always emit the shortest form, but readers
	// accept padded prefixes as other protobuf runtimes may write them.
	MaxPrefixLen = binary.MaxVarintLen64
)

// ReadFrame reads one frame from r and returns its payload, a fresh slice.
// limit is the stream's cap. At a clean frame boundary with no more data it
// returns io.EOF; a stream ending inside a frame gives io.ErrUnexpectedEOF.
// An over-long length gives an *Error with FRAME_TOO_LARGE and a bad prefix
// one with MALFORMED. r should be buffered (bufio.Reader): the prefix is
// read a byte at a time.
func ReadFrame(r io.Reader, limit int) ([]byte, error) {
	n, err := readPrefix(r)
	if err != nil {
		return nil, err
	}
	if n > uint64(limit) {
		return nil, tooLarge(n, limit)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(r, buf); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("read %d-byte frame payload: %w", n, err)
	}
	return buf, nil
}

// readPrefix reads the uvarint length, distinguishing a clean EOF (nothing
// read) from a truncated prefix.
func readPrefix(r io.Reader) (uint64, error) {
	br, ok := r.(io.ByteReader)
	if !ok {
		br = byteReader{r}
	}
	var x uint64
	var shift uint
	for i := 0; i < MaxPrefixLen; i++ {
		b, err := br.ReadByte()
		if err != nil {
			if i == 0 && errors.Is(err, io.EOF) {
				return 0, io.EOF
			}
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return 0, fmt.Errorf("read frame length: %w", err)
		}
		if i == MaxPrefixLen-1 && b > 1 {
			return 0, malformed("frame length overflows 64 bits", nil)
		}
		x |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return x, nil
		}
		shift += 7
	}
	return 0, malformed("frame length prefix longer than 10 bytes", nil)
}

// byteReader adapts an unbuffered reader; slow, used only when the caller
// did not buffer.
type byteReader struct{ r io.Reader }

func (b byteReader) ReadByte() (byte, error) {
	var one [1]byte
	_, err := io.ReadFull(b.r, one[:])
	return one[0], err
}

// AppendFrame appends payload as a frame to dst. It does not check a cap;
// WriteFrame and the Marshal helpers do.
func AppendFrame(dst, payload []byte) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(payload)))
	return append(dst, payload...)
}

// WriteFrame writes payload as one frame with a single Write, so the prefix
// and payload never straddle a stream-frame boundary needlessly. A payload
// above limit is refused with FRAME_TOO_LARGE before anything is written.
func WriteFrame(w io.Writer, payload []byte, limit int) error {
	if len(payload) > limit {
		return tooLarge(uint64(len(payload)), limit)
	}
	if _, err := w.Write(AppendFrame(make([]byte, 0, len(payload)+MaxPrefixLen), payload)); err != nil {
		return fmt.Errorf("write %d-byte frame: %w", len(payload), err)
	}
	return nil
}

// Code returns the protocol error code err carries: the *Error's code,
// INTERNAL for any other non-nil error, NONE for nil.
func Code(err error) protocol.ErrorCode {
	if err == nil {
		return protocol.ErrorCode_ERROR_CODE_NONE
	}
	var fe *Error
	if errors.As(err, &fe) {
		return fe.Code
	}
	return protocol.ErrorCode_ERROR_CODE_INTERNAL
}
