package frame

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/net/protocol"
)

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		size int
	}{
		{"empty", 0},
		{"one", 1},
		{"one-byte-prefix-max", 127},
		{"two-byte-prefix", 128},
		{"control-cap", ControlCap},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			payload := bytes.Repeat([]byte{0xab}, tt.size)
			var buf bytes.Buffer
			if err := WriteFrame(&buf, payload, ControlCap); err != nil {
				t.Fatal(err)
			}
			if err := WriteFrame(&buf, []byte("next"), ControlCap); err != nil {
				t.Fatal(err)
			}
			r := bufio.NewReader(&buf)
			got, err := ReadFrame(r, ControlCap)
			if err != nil || !bytes.Equal(got, payload) {
				t.Fatalf("ReadFrame = %d bytes, %v", len(got), err)
			}
			got, err = ReadFrame(r, ControlCap)
			if err != nil || string(got) != "next" {
				t.Fatalf("second ReadFrame = %q, %v", got, err)
			}
			if _, err := ReadFrame(r, ControlCap); err != io.EOF {
				t.Fatalf("at end: %v, want io.EOF", err)
			}
		})
	}
}

func TestReadFrameErrors(t *testing.T) {
	tests := []struct {
		name  string
		input []byte
		limit int
		want  error              // errors.Is target
		code  protocol.ErrorCode // frame.Code of the error
	}{
		{"over cap", []byte{0x81, 0x80, 0x04}, ControlCap, ErrTooLarge, protocol.ErrorCode_ERROR_CODE_FRAME_TOO_LARGE},
		{"one over cap", AppendFrame(nil, make([]byte, 11)), 10, ErrTooLarge, protocol.ErrorCode_ERROR_CODE_FRAME_TOO_LARGE},
		{"huge", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, ChunkCap, ErrTooLarge, protocol.ErrorCode_ERROR_CODE_FRAME_TOO_LARGE},
		{"overflow", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, ChunkCap, ErrMalformed, protocol.ErrorCode_ERROR_CODE_MALFORMED},
		{"prefix too long", bytes.Repeat([]byte{0x80}, 11), ChunkCap, ErrMalformed, protocol.ErrorCode_ERROR_CODE_MALFORMED},
		{"truncated prefix", []byte{0x80}, ChunkCap, io.ErrUnexpectedEOF, protocol.ErrorCode_ERROR_CODE_INTERNAL},
		{"truncated payload", []byte{0x05, 1, 2}, ChunkCap, io.ErrUnexpectedEOF, protocol.ErrorCode_ERROR_CODE_INTERNAL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadFrame(bytes.NewReader(tt.input), tt.limit)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if got := Code(err); got != tt.code {
				t.Errorf("Code = %v, want %v", got, tt.code)
			}
		})
	}
}

func TestPaddedPrefixAccepted(t *testing.T) {
	// 3 encoded as a 5-byte varint, as a writer that reserves space might emit.
	in := []byte{0x83, 0x80, 0x80, 0x80, 0x00, 'a', 'b', 'c'}
	got, err := ReadFrame(bytes.NewReader(in), ControlCap)
	if err != nil || string(got) != "abc" {
		t.Fatalf("got %q, %v", got, err)
	}
}

func TestUnbufferedReader(t *testing.T) {
	// io.MultiReader is not an io.ByteReader: exercises the fallback.
	r := io.MultiReader(strings.NewReader("\x02h"), strings.NewReader("i"))
	got, err := ReadFrame(r, ControlCap)
	if err != nil || string(got) != "hi" {
		t.Fatalf("got %q, %v", got, err)
	}
}

func TestWriteFrameRefusesOversize(t *testing.T) {
	var buf bytes.Buffer
	err := WriteFrame(&buf, make([]byte, ControlCap+1), ControlCap)
	if !errors.Is(err, ErrTooLarge) || buf.Len() != 0 {
		t.Fatalf("err = %v, wrote %d bytes", err, buf.Len())
	}
}

func TestMarshal(t *testing.T) {
	m := &protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{
		ProtocolVersion: 1, Name: "steve", Features: []string{"x"}, ViewDistance: 8,
	}}}
	b, err := Marshal(m, ControlCap)
	if err != nil {
		t.Fatal(err)
	}
	payload, err := ReadFrame(bytes.NewReader(b), ControlCap)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeClient(payload)
	if err != nil || !proto.Equal(got, m) {
		t.Fatalf("decoded %v, %v", got, err)
	}
	big := protocol.NewChunk(protocolPos(), 1, make([]byte, ChunkCap))
	if _, err := Marshal(big, ChunkCap); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("oversized Marshal err = %v", err)
	}
}

func TestDecodeErrors(t *testing.T) {
	garbage := []byte{0xff, 0xff, 0xff}
	decoders := map[string]func([]byte) error{
		"client":   func(b []byte) error { _, err := DecodeClient(b); return err },
		"server":   func(b []byte) error { _, err := DecodeServer(b); return err },
		"chunk":    func(b []byte) error { _, err := DecodeChunk(b); return err },
		"datagram": func(b []byte) error { _, err := DecodeDatagram(b); return err },
	}
	for name, dec := range decoders {
		err := dec(garbage)
		if !errors.Is(err, ErrMalformed) || Code(err) != protocol.ErrorCode_ERROR_CODE_MALFORMED {
			t.Errorf("%s: err = %v", name, err)
		}
		if err := dec(nil); err != nil {
			t.Errorf("%s: empty payload: %v (an empty envelope is valid and ignored)", name, err)
		}
	}
	if _, err := DecodeDatagram(make([]byte, DatagramCap+1)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("oversized datagram: %v", err)
	}
}

func TestInvalidUTF8IsMalformed(t *testing.T) {
	// Chat{text: "\xff"} inside ClientMessage field 5.
	payload := []byte{0x2a, 0x03, 0x0a, 0x01, 0xff}
	if _, err := DecodeClient(payload); !errors.Is(err, ErrMalformed) {
		t.Fatalf("err = %v", err)
	}
}
