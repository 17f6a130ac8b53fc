package wt

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"testing"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
	"github.com/quic-go/webtransport-go"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
)

func TestTranslate(t *testing.T) {
	type want struct {
		code   protocol.ErrorCode
		remote bool
	}
	for _, tt := range []struct {
		err  error
		want *want // nil: passed through unchanged
	}{
		{io.EOF, nil},
		{os.ErrDeadlineExceeded, nil},
		{&quic.IdleTimeoutError{}, nil},
		{&webtransport.SessionError{Remote: true, ErrorCode: 5, Message: "full"}, &want{protocol.ErrorCode_ERROR_CODE_SERVER_FULL, true}},
		{&webtransport.SessionError{ErrorCode: 1 << 30}, &want{protocol.ErrorCode_ERROR_CODE_INTERNAL, false}},
		{fmt.Errorf("read: %w", &webtransport.StreamError{Remote: true, ErrorCode: 9}), &want{protocol.ErrorCode_ERROR_CODE_MALFORMED, true}},
		{&quic.ApplicationError{Remote: true, ErrorCode: quic.ApplicationErrorCode(http3.ErrCodeNoError)}, &want{protocol.ErrorCode_ERROR_CODE_NONE, true}},
		// HTTP/3's code 0x10c must not be read as a protocol ErrorCode.
		{&quic.ApplicationError{Remote: true, ErrorCode: quic.ApplicationErrorCode(http3.ErrCodeRequestCanceled)}, &want{protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, true}},
		{&http3.Error{ErrorCode: http3.ErrCodeDatagramError, ErrorMessage: "EOF"}, &want{protocol.ErrorCode_ERROR_CODE_NONE, true}},
		// The peer closed the HTTP/3 connection cleanly before the CONNECT
		// stream's end was read (seen racing a page's own clean close).
		{&http3.Error{ErrorCode: http3.ErrCodeDatagramError, ErrorMessage: "H3_NO_ERROR"}, &want{protocol.ErrorCode_ERROR_CODE_NONE, true}},
		{&http3.Error{ErrorCode: http3.ErrCode(webtransport.WTFlowControlErrorCode), ErrorMessage: "too many streams"}, &want{protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION, false}},
	} {
		got := translate(tt.err)
		if tt.want == nil {
			if got != tt.err {
				t.Errorf("translate(%v) = %v, want it unchanged", tt.err, got)
			}
			continue
		}
		var ce *transport.CloseError
		if !errors.As(got, &ce) || ce.Code != tt.want.code || ce.Remote != tt.want.remote {
			t.Errorf("translate(%v) = %#v, want code %v remote %v", tt.err, got, tt.want.code, tt.want.remote)
		}
		if !errors.Is(got, tt.err) {
			t.Errorf("translate(%v) does not wrap it", tt.err)
		}
	}
}

func TestOriginPolicy(t *testing.T) {
	p, err := newOriginPolicy(Config{AllowedOrigins: []string{"http://LOCALHOST:8080", "https://example.com", "http://[::1]:8080"}, SameHostPorts: []int{9000}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		origin, host string
		ok           bool
	}{
		{"http://localhost:8080", "127.0.0.1:4433", true},
		{"https://example.com:443", "game.example.com:4433", true},
		{"https://EXAMPLE.com", "x:1", true},
		{"http://[::1]:8080", "x:1", true},
		{"http://example.com", "x:1", false},
		{"http://192.168.1.5:9000", "192.168.1.5:4433", true},
		{"http://192.168.1.5:9000", "192.168.1.6:4433", false},
		{"http://mybox.lan:9000", "MYBOX.lan:4433", true},
		{"http://127.0.0.2:9000", "[::1]:4433", true},
		{"http://localhost:9001", "127.0.0.1:4433", false},
		{"http://localhost:8080/path", "127.0.0.1:4433", false},
		{"file://", "127.0.0.1:4433", false},
		{"null", "127.0.0.1:4433", false},
		{"", "127.0.0.1:4433", true},
	} {
		r := &http.Request{Host: tt.host, Header: http.Header{}}
		if tt.origin != "" {
			r.Header.Set("Origin", tt.origin)
		}
		if ok, why := p.allow(r); ok != tt.ok {
			t.Errorf("origin %q to %s: allowed %v (%s), want %v", tt.origin, tt.host, ok, why, tt.ok)
		}
	}
	for _, bad := range []string{"localhost:8080", "ftp://x", "http://", "http://x/y"} {
		if _, err := newOriginPolicy(Config{AllowedOrigins: []string{bad}}); err == nil {
			t.Errorf("AllowedOrigins %q accepted", bad)
		}
	}
	if _, err := newOriginPolicy(Config{SameHostPorts: []int{0}}); err == nil {
		t.Error("port 0 accepted")
	}
	any, _ := newOriginPolicy(Config{AllowedOrigins: []string{"*"}})
	r := &http.Request{Host: "x:1", Header: http.Header{"Origin": {"https://anything.example"}}}
	if ok, _ := any.allow(r); !ok {
		t.Error(`"*" refused an origin`)
	}
	custom, _ := newOriginPolicy(Config{AllowedOrigins: []string{"*"}, CheckOrigin: func(*http.Request) bool { return false }})
	if ok, _ := custom.allow(r); ok {
		t.Error("CheckOrigin did not take precedence")
	}
}

func TestURL(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	for host, want := range map[string]string{
		"127.0.0.1:8080":   "https://127.0.0.1:4433/wt",
		"localhost:8080":   "https://127.0.0.1:4433/wt",
		"LocalHost":        "https://127.0.0.1:4433/wt",
		"[::1]:8080":       "https://[::1]:4433/wt",
		"game.example.com": "https://game.example.com:4433/wt",
		"192.168.1.5:80":   "https://192.168.1.5:4433/wt",
	} {
		if got := s.URL(&http.Request{Host: host}, 4433); got != want {
			t.Errorf("URL for Host %q = %s, want %s", host, got, want)
		}
	}
}
