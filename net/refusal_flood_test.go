package transport_test

import (
	"bufio"
	"strings"
	"testing"
	"time"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/testkit"
)

// refusalFlood is one flood of messages the transport refuses.
type refusalFlood struct {
	name     string
	msg      *protocol.ClientMessage
	defaults bool          // default limits, paced like QA's flood
	pace     time.Duration // between batches of 10 messages
}

func floodPlugin(channel string, n int) *protocol.ClientMessage {
	return &protocol.ClientMessage{Kind: &protocol.ClientMessage_Plugin{Plugin: &protocol.PluginMessage{Channel: channel, Payload: make([]byte, n)}}}
}

func floodChat(text string) *protocol.ClientMessage {
	return &protocol.ClientMessage{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: text}}}
}

// TestRefusedMessageFlood is issue 52 item 5: a client flooding messages
// the transport refuses (chat or plugin messages over their rate, or
// malformed) gets few Error replies, not one per message (the rest are
// counted in Stats), and is closed with RATE_LIMITED once its messages
// have been refused without a pause for FloodGrace; a bystander notices
// nothing. The control rate is set out of the way (its own flood rule
// would close the client first); TestRefusedMessageFloodDefaults keeps
// the defaults.
func TestRefusedMessageFlood(t *testing.T) {
	for _, tt := range []refusalFlood{
		{"chat over its rate", floodChat("hello"), false, time.Millisecond},
		{"empty chat", floodChat(""), false, time.Millisecond},
		{"plugin messages over their rate", floodPlugin("game:ping", 8), false, time.Millisecond},
		{"plugin messages on a malformed channel", floodPlugin("no channel", 8), false, time.Millisecond},
		{"plugin payload over the cap", floodPlugin("game:big", 17<<10), false, time.Millisecond},
	} {
		t.Run(tt.name, func(t *testing.T) { runRefusalFlood(t, tt) })
	}
}

// TestRefusedMessageFloodDefaults paces the flood at 230 messages a
// second as QA did, with the default limits: it takes FloodGrace, 5 s.
func TestRefusedMessageFloodDefaults(t *testing.T) {
	testkit.Long(t)
	runRefusalFlood(t, refusalFlood{"defaults", floodPlugin("game:ping", 8), true, 43 * time.Millisecond}) // 10 per 43 ms
}

// runRefusalFlood floods one client with tt's message and checks the
// replies, the close and the counters.
func runRefusalFlood(t *testing.T, tt refusalFlood) {
	var limits transport.Limits
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		if !tt.defaults {
			cfg.Limits.ControlRate = 1e6
			cfg.Limits.ControlBurst = 1e6
			cfg.Limits.FloodGrace = time.Second
		}
		limits = cfg.Limits
	})
	good := h.mustDial("good")
	conn := h.rawDial(nil)
	st := rawHello(t, conn, "flooder")
	before := h.srv.Stats()

	// The flood: batches of 10 until the stream fails (the close).
	m := mustFrame(t, tt.msg)
	batch := []byte(strings.Repeat(string(m), 10))
	sent := make(chan int, 1)
	go func() {
		n := 0
		defer func() { sent <- n }()
		for {
			if _, err := st.Write(batch); err != nil {
				return
			}
			n += 10
			time.Sleep(tt.pace)
		}
	}()
	// What comes back: the Welcome, then the Errors, until the
	// close (or a bound, for a server that never closes it).
	start := time.Now()
	_ = st.SetReadDeadline(start.Add(20 * time.Second))
	errs := 0
	br := bufio.NewReader(st)
	for {
		payload, err := frame.ReadFrame(br, frame.ControlCap)
		if err != nil {
			break // the close
		}
		msg, err := frame.DecodeServer(payload)
		if err != nil {
			t.Fatalf("undecodable frame from the server: %v", err)
		}
		if msg.GetError() != nil {
			errs++
		}
	}
	if code := closeCode(t, conn, time.Second); code != protocol.ErrorCode_ERROR_CODE_RATE_LIMITED {
		t.Errorf("flooder closed with %v, want RATE_LIMITED", code)
	}
	took := time.Since(start)
	n := <-sent
	grace := limits.FloodGrace
	if grace == 0 {
		grace = 5 * time.Second
	}
	// The reply budget (burst 5, 1/s) over the flood's life, with
	// a second's slack for a loaded machine.
	if allowed := 5 + int(took.Seconds()+1); errs > allowed {
		t.Errorf("%d Error replies to %d refused messages in %v; the reply budget allows %d", errs, n, took.Round(time.Millisecond), allowed)
	}
	if took < grace {
		t.Errorf("closed after %v, before FloodGrace (%v)", took.Round(time.Millisecond), grace)
	}
	after := h.srv.Stats()
	unanswered := after.RefusedUnanswered - before.RefusedUnanswered
	if after.Refused-before.Refused < uint64(errs) || unanswered == 0 || after.RateLimited != before.RateLimited+1 {
		t.Errorf("stats: %d refused, %d unanswered, %d closed RATE_LIMITED; want at least %d, some, 1",
			after.Refused-before.Refused, unanswered, after.RateLimited-before.RateLimited, errs)
	}
	t.Logf("%d messages sent, %d refused (%d unanswered), %d Error replies; closed with RATE_LIMITED %v after the flood began",
		n, after.Refused-before.Refused, unanswered, errs, took.Round(time.Millisecond))
	stillServes(t, good)
}

// TestWarnSharesTheReplyBudget: the tick's replies to dropped messages
// (Client.Warn: UNKNOWN_CHANNEL, a kind no plugin serves) spend the same
// budget as the transport's own refusals, so a client sending such
// messages within every rate still gets few Errors back; the skipped ones
// are counted.
func TestWarnSharesTheReplyBudget(t *testing.T) {
	const burst, warns = 5, 50
	h := newHarness(t, func(h *harness, cfg *transport.Config) {
		cfg.Limits.RefusalReplyRate = 1
		cfg.Limits.RefusalReplyBurst = burst
	})
	c, errs := pluginErrors(h, "stranger")
	var tc *transport.Client
	for _, cl := range h.Clients() {
		if cl.Name() == "stranger" {
			tc = cl
		}
	}
	if tc == nil {
		t.Fatal("the harness has no client named stranger")
	}
	before := h.srv.Stats()
	start := time.Now()
	sent := 0
	for range warns {
		if tc.Warn(protocol.ErrorCode_ERROR_CODE_UNKNOWN_CHANNEL, "no plugin serves nobody:home") {
			sent++
		}
	}
	stillServes(t, c) // the Pong follows every Error queued before it
	got := len(errs)
	allowed := burst + int(time.Since(start).Seconds()) + 1
	skipped := h.srv.Stats().RefusedUnanswered - before.RefusedUnanswered
	if got != sent || got < burst || got > allowed || int(skipped) != warns-sent {
		t.Errorf("%d warnings: %d reported sent, %d received, %d counted unanswered; want %d..%d received and the rest counted",
			warns, sent, got, skipped, burst, allowed)
	}
}
