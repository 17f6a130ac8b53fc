package replay

import (
	"bytes"
	"compress/gzip"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"google.golang.org/protobuf/proto"
)

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

func sample(t testing.TB) []byte {
	var buf bytes.Buffer
	w, err := NewWriter(nopCloser{&buf}, Header{Seed: -5, GeneratorVersion: 1, TPS: 20, MaxViewDistance: 16, SpawnRadius: 2, Hashes: true})
	if err != nil {
		t.Fatal(err)
	}
	w.Event(Event{Tick: 3, Kind: wire.Connected, Client: 7, Name: "ann", ViewDistance: 8, Features: []string{"batched-drops", "x"}, Key: bytes.Repeat([]byte{0xab}, 32)})
	w.Event(Event{Tick: 4, Kind: wire.Message, Client: 7, Msg: &protocol.ClientMessage{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: "hi"}}}})
	w.Hash(Hash{Tick: 4, Sections: 1, Entities: 2, Outbound: 3})
	w.Event(Event{Tick: 9, Kind: wire.Disconnected, Client: 7, Code: protocol.ErrorCode_ERROR_CODE_IDLE_TIMEOUT})
	if err := w.Close(12); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// gzipped returns data compressed with gzip, as a committed recording is.
func gzipped(t testing.TB, data []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"plain", sample(t)},
		{"gzip", gzipped(t, sample(t))},
	} {
		t.Run(tc.name, func(t *testing.T) { checkSample(t, tc.data) })
	}
}

// checkSample reads data, which holds sample's recording, and checks it.
func checkSample(t *testing.T, data []byte) {
	rec, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Header.Seed != -5 || !rec.Header.Hashes || rec.LastTick != 12 {
		t.Fatalf("header %+v last %d", rec.Header, rec.LastTick)
	}
	if len(rec.Events) != 3 || len(rec.Hashes) != 1 {
		t.Fatalf("%d events %d hashes", len(rec.Events), len(rec.Hashes))
	}
	c, m, d := rec.Events[0], rec.Events[1], rec.Events[2]
	if c.Kind != wire.Connected || c.Name != "ann" || c.ViewDistance != 8 || c.Tick != 3 || c.Client != 7 ||
		!slices.Equal(c.Features, []string{"batched-drops", "x"}) || !bytes.Equal(c.Key, bytes.Repeat([]byte{0xab}, 32)) {
		t.Errorf("connected %+v", c)
	}
	if m.Kind != wire.Message || m.Msg.GetChat().GetText() != "hi" {
		t.Errorf("message %+v", m)
	}
	if d.Kind != wire.Disconnected || d.Code != protocol.ErrorCode_ERROR_CODE_IDLE_TIMEOUT {
		t.Errorf("disconnected %+v", d)
	}
	if h := rec.Hashes[0]; h != (Hash{Tick: 4, Sections: 1, Entities: 2, Outbound: 3}) {
		t.Errorf("hash %+v", h)
	}
}

func TestReadRejects(t *testing.T) {
	good := sample(t)
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "header"},
		{"not a recording", []byte("PNG...................."), "not a Strata recording"},
		{"future version", append([]byte(Magic), 99, 0), "version 99"},
		{"truncated", good[:len(good)-3], ""},
		{"no end record", good[:len(good)-3-0], ""},
		{"unknown record type", append(append([]byte{}, good[:len(good)-3]...), 77, 1, 0), "unknown record type"},
		{"gzip header only", []byte("\x1f\x8b"), "compressed recording"},
		{"gzip truncated", gzipped(t, good)[:40], ""},
		{"gzip of no recording", gzipped(t, []byte("PNG....................")), "not a Strata recording"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
		})
	}
}

// FuzzReadRecording checks that no input makes the reader panic, and
// that what it accepts survives a rewrite.
func FuzzReadRecording(f *testing.F) {
	f.Add(sample(f))
	f.Add(gzipped(f, sample(f)))
	f.Add([]byte(Magic + "\x01\x02{}\x05\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		w, err := NewWriter(nopCloser{&buf}, rec.Header)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range rec.Events {
			w.Event(e)
		}
		if err := w.Close(rec.LastTick); err != nil {
			t.Fatal(err)
		}
		again, err := Read(&buf)
		if err != nil {
			t.Fatalf("rewritten recording unreadable: %v", err)
		}
		if len(again.Events) != len(rec.Events) {
			t.Fatalf("%d events became %d", len(rec.Events), len(again.Events))
		}
		for i := range rec.Events {
			a, b := rec.Events[i], again.Events[i]
			if a.Tick != b.Tick || a.Kind != b.Kind || a.Client != b.Client || !proto.Equal(a.Msg, b.Msg) {
				t.Fatalf("event %d changed: %+v -> %+v", i, a, b)
			}
		}
	})
}

// TestLegacyConnected: a connection recorded before features were (record
// type 1) replays as a client granted player-states only, as it was served.
func TestLegacyConnected(t *testing.T) {
	var buf bytes.Buffer
	w, err := NewWriter(nopCloser{&buf}, Header{Seed: 1, GeneratorVersion: 1, TPS: 20})
	if err != nil {
		t.Fatal(err)
	}
	w.record(recConnected, 2, append([]byte{5, 8}, "bob"...))
	if err := w.Close(3); err != nil {
		t.Fatal(err)
	}
	rec, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	c := rec.Events[0]
	if c.Name != "bob" || c.Client != 5 || c.ViewDistance != 8 || !slices.Equal(c.Features, LegacyFeatures()) {
		t.Fatalf("legacy connected %+v", c)
	}
}
