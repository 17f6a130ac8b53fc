package transport_test

import (
	"crypto/tls"
	"encoding/binary"
	"sync/atomic"
	"testing"
	"time"

	"github.com/quic-go/quic-go"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

func insecureTLS(alpn string) *tls.Config {
	return &tls.Config{InsecureSkipVerify: true, NextProtos: []string{alpn}}
}

// TestHostileStreams: each bad stream gets its connection closed with the
// right code, and a well-behaved client connected throughout notices nothing.
func TestHostileStreams(t *testing.T) {
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		cfg.Limits.HelloTimeout = 400 * time.Millisecond
	})
	good := h.mustDial("good")

	oversize := binary.AppendUvarint(nil, frame.ControlCap+1)
	garbage := []byte{0x05, 0xff, 0xff, 0xff, 0xff, 0xff}
	tests := []struct {
		name      string
		hello     bool   // send a valid Hello (and get admitted) first
		send      []byte // then these bytes on the control stream
		code      protocol.ErrorCode
		announced bool // the tick saw the client
	}{
		{"oversized first frame", false, oversize, protocol.ErrorCode_ERROR_CODE_FRAME_TOO_LARGE, false},
		{"garbage instead of Hello", false, garbage, protocol.ErrorCode_ERROR_CODE_MALFORMED, false},
		{"message before Hello", false, mustFrame(t, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: "hi"}}}), protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, false},
		{"silence", false, nil, protocol.ErrorCode_ERROR_CODE_HANDSHAKE_TIMEOUT, false},
		{"oversized frame after admission", true, oversize, protocol.ErrorCode_ERROR_CODE_FRAME_TOO_LARGE, true},
		{"garbage after admission", true, garbage, protocol.ErrorCode_ERROR_CODE_MALFORMED, true},
		{"second Hello", true, mustFrame(t, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{ProtocolVersion: 1, Name: "x"}}}), protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, true},
		{"second Proof", true, mustFrame(t, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Proof{Proof: &protocol.Proof{Signature: make([]byte, 64)}}}), protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, true},
		{"NaN position", true, mustFrame(t, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Input{Input: &protocol.Input{Position: protocol.V3(nan(), 0, 0)}}}), protocol.ErrorCode_ERROR_CODE_INVALID_MESSAGE, true},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn := h.rawDial(nil)
			name := "hostile" + string(rune('a'+i))
			var st *quic.Stream
			if tt.hello {
				st = rawHello(t, conn, name)
				h.Wait("admission", 2*time.Second, func(ev transport.Event) bool {
					return ev.Kind == wire.Connected && ev.Client.Name() == name
				})
			} else {
				var err error
				if st, err = conn.OpenStreamSync(t.Context()); err != nil {
					t.Fatal(err)
				}
				if tt.send == nil {
					st.Write([]byte{}) // open the stream without a byte of Hello
				}
			}
			if tt.send != nil {
				if _, err := st.Write(tt.send); err != nil {
					t.Fatal(err)
				}
			}
			if code := closeCode(t, conn, 3*time.Second); code != tt.code {
				t.Errorf("closed with %v, want %v", code, tt.code)
			}
			if tt.announced {
				ev := h.Wait("Disconnected", 2*time.Second, disconnectOf(name))
				if ev.Code != tt.code || ev.Remote {
					t.Errorf("Disconnected code %v remote %v", ev.Code, ev.Remote)
				}
			}
			stillServes(t, good)
		})
	}
}

func nan() float64 { var z float64; return z / z }

func mustFrame(t *testing.T, m *protocol.ClientMessage) []byte {
	t.Helper()
	b, err := frame.Marshal(m, frame.ControlCap)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestControlFlood: a client writing pings as fast as it can is throttled,
// then closed with RATE_LIMITED; the bystander keeps its round trips.
func TestControlFlood(t *testing.T) {
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		cfg.Limits.ControlRate = 100
		cfg.Limits.ControlBurst = 100
		cfg.Limits.FloodGrace = 500 * time.Millisecond
	})
	good := h.mustDial("good")
	conn := h.rawDial(nil)
	st := rawHello(t, conn, "flooder")
	ping := mustFrame(t, &protocol.ClientMessage{Kind: &protocol.ClientMessage_Ping{Ping: &protocol.Ping{Nonce: 1}}})
	batch := make([]byte, 0, len(ping)*1000)
	for range 1000 {
		batch = append(batch, ping...)
	}
	go func() {
		for {
			if _, err := st.Write(batch); err != nil {
				return
			}
		}
	}()
	if code := closeCode(t, conn, 5*time.Second); code != protocol.ErrorCode_ERROR_CODE_RATE_LIMITED {
		t.Fatalf("flooder closed with %v", code)
	}
	stillServes(t, good)
}

// TestSubscribeFlood: 1,000 subscription changes in a second are throttled
// (coalesced), not fatal; the tick sees a handful, the last one being the
// client's final value, as the client sent it (the network plugin clamps
// it, the one place the rule is applied).
func TestSubscribeFlood(t *testing.T) {
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		cfg.Limits.ControlRate = 10000
		cfg.Limits.ControlBurst = 10000
		cfg.Limits.SubscribeRate = 4
		cfg.Limits.SubscribeBurst = 8
	})
	c := h.mustDial("spinner")
	start := time.Now()
	for i := range 1000 {
		v := uint32(i % 12)
		if i == 999 {
			v = 10000 // the final, hostile radius
		}
		if err := c.Subscribe(v); err != nil {
			t.Fatal(err)
		}
	}
	isSub := func(ev transport.Event) bool { return ev.Kind == wire.Message && ev.Msg.GetSubscribe() != nil }
	waitFor(t, "final subscription", func() bool {
		events := h.Events()
		for i := len(events) - 1; i >= 0; i-- {
			if isSub(events[i]) {
				return events[i].Msg.GetSubscribe().GetViewDistance() == 10000
			}
		}
		return false
	})
	elapsed := time.Since(start).Seconds()
	if n := h.Count(isSub); float64(n) > 8+4*elapsed+1 {
		t.Errorf("tick saw %d subscription changes in %.1fs; the throttle allows %v", n, elapsed, 8+4*elapsed)
	}
	stillServes(t, c)
}

// TestNeverReads: a client that stops reading fills only its own queue and
// is closed with SLOW_CONSUMER; the bystander receives every section.
func TestNeverReads(t *testing.T) {
	const sectionsPerTick = 4
	payload := make([]byte, 16<<10) // incompressible enough, opaque to net/
	for i := range payload {
		payload[i] = byte(i * 7)
	}
	sent := map[transport.ClientID]int{}
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		cfg.Limits.ChunkQueueBytes = 512 << 10
		cfg.Limits.WriteStallTimeout = time.Second
		h.everyTick = func(h *harness) {
			for _, c := range h.Clients() {
				for range sectionsPerTick {
					if sent[c.ID()] >= 400 {
						break
					}
					// Backpressure as the deliver system will do it: skip a
					// client whose queue is above a threshold.
					if c.Queued().ChunkBytes > 256<<10 {
						break
					}
					if c.SendChunk(protocol.NewChunk(chunk.Pos{X: int32(sent[c.ID()])}, 1, payload)) {
						sent[c.ID()]++
					}
				}
			}
		}
	})
	good := h.mustDial("reader", func(o *client.Options) { o.RawSections = true })
	// The sloth advertises small windows and never reads a byte.
	sloth := h.rawDial(&quic.Config{InitialStreamReceiveWindow: 32 << 10, MaxStreamReceiveWindow: 32 << 10,
		InitialConnectionReceiveWindow: 64 << 10, MaxConnectionReceiveWindow: 64 << 10, MaxIncomingUniStreams: 1})
	rawHello(t, sloth, "sloth")
	if code := closeCode(t, sloth, 10*time.Second); code != protocol.ErrorCode_ERROR_CODE_SLOW_CONSUMER {
		t.Fatalf("sloth closed with %v", code)
	}
	ev := h.Wait("sloth Disconnected", 2*time.Second, disconnectOf("sloth"))
	if ev.Code != protocol.ErrorCode_ERROR_CODE_SLOW_CONSUMER {
		t.Errorf("Disconnected code %v", ev.Code)
	}
	deadline := time.Now().Add(20 * time.Second)
	for good.Stats().Chunks != 400 {
		if time.Now().After(deadline) {
			t.Fatalf("reader has %+v, want 400 sections", good.Stats())
		}
		time.Sleep(10 * time.Millisecond)
	}
	stillServes(t, good)
}

// TestControlQueueOverflow: a tick that keeps sending control messages to a
// client that does not read closes it as soon as its control queue is
// full, without blocking.
func TestControlQueueOverflow(t *testing.T) {
	var full atomic.Bool
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		cfg.Limits.ControlQueueMessages = 64
		h.everyTick = func(h *harness) {
			for _, c := range h.Clients() {
				if c.Name() != "deaf" {
					continue
				}
				for range 100 {
					if !c.Send(&protocol.ServerMessage{Kind: &protocol.ServerMessage_ChatBroadcast{ChatBroadcast: &protocol.ChatBroadcast{Text: string(make([]byte, 4000))}}}) {
						full.Store(true)
						return
					}
				}
			}
		}
	})
	good := h.mustDial("good")
	deaf := h.rawDial(&quic.Config{InitialStreamReceiveWindow: 16 << 10, MaxStreamReceiveWindow: 16 << 10})
	rawHello(t, deaf, "deaf")
	if code := closeCode(t, deaf, 5*time.Second); code != protocol.ErrorCode_ERROR_CODE_SLOW_CONSUMER {
		t.Fatalf("closed with %v", code)
	}
	// The refusing Send and the close race: the client may see the close
	// before the tick's loop records the refusal.
	for deadline := time.Now().Add(2 * time.Second); !full.Load() && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	if !full.Load() {
		t.Error("Send never reported a full queue")
	}
	stillServes(t, good)
}
