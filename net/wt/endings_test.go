package wt_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
	"github.com/quic-go/webtransport-go"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/net/wt"
)

// TestSessionEndings: however a browser leaves, the tick gets one
// Disconnected with the code a native connection would give.
func TestSessionEndings(t *testing.T) {
	h := newHarness(t)
	for i, tt := range []struct {
		name  string
		leave func(sess *webtransport.Session, c *wtClient, conn *quic.Conn)
		code  protocol.ErrorCode
	}{
		{"close code 0", func(s *webtransport.Session, _ *wtClient, _ *quic.Conn) { _ = s.CloseWithError(0, "bye") },
			protocol.ErrorCode_ERROR_CODE_NONE},
		{"close with a code", func(s *webtransport.Session, _ *wtClient, _ *quic.Conn) { _ = s.CloseWithError(13, "too slow") },
			protocol.ErrorCode_ERROR_CODE_SLOW_CONSUMER},
		{"control stream finished", func(_ *webtransport.Session, c *wtClient, _ *quic.Conn) { _ = c.ctl.Close() },
			protocol.ErrorCode_ERROR_CODE_NONE},
		{"connection closed", func(_ *webtransport.Session, _ *wtClient, conn *quic.Conn) {
			_ = conn.CloseWithError(quic.ApplicationErrorCode(http3.ErrCodeNoError), "")
		}, protocol.ErrorCode_ERROR_CODE_NONE},
		{"connection closed with an HTTP/3 error", func(_ *webtransport.Session, _ *wtClient, conn *quic.Conn) {
			_ = conn.CloseWithError(quic.ApplicationErrorCode(http3.ErrCodeGeneralProtocolError), "")
		}, protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// A connection of our own, so that it outlives the session
			// (webtransport.Transport.Dial closes it right after a session
			// close, racing the close capsule).
			ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
			defer cancel()
			conn, err := quic.DialAddr(ctx, h.addr, h.tlsPinned(), &quic.Config{EnableDatagrams: true, EnableStreamResetPartialDelivery: true})
			if err != nil {
				t.Fatal(err)
			}
			d := &webtransport.Transport{}
			defer d.Close()
			cc, err := d.NewClientConn(conn)
			if err != nil {
				t.Fatal(err)
			}
			_, sess, err := cc.Dial(ctx, "https://"+h.addr+wt.DefaultPath, http.Header{"Origin": {pageOrigin}})
			if err != nil {
				t.Fatal(err)
			}
			defer conn.CloseWithError(0, "")
			name := "leaver" + string(rune('a'+i))
			c := hello(t, sess, name)
			if c.mustRead().GetWelcome() == nil {
				t.Fatal("no Welcome")
			}
			tt.leave(sess, c, conn)
			ev := h.Wait("Disconnected", 3*time.Second, eventOf(wire.Disconnected, name))
			if ev.Code != tt.code || !ev.Remote {
				t.Errorf("Disconnected code %v remote %v err %v; want %v by the client", ev.Code, ev.Remote, ev.Err, tt.code)
			}
		})
	}
}
