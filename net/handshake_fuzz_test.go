package transport_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"flag"
	"io"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/protobuf/proto"

	"github.com/stratavox/strata/internal/nettest"
	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/testkit"
)

// fuzzServer is a socketless server for the handshake fuzzers. Nothing
// drains its inbox: no input may ever get a client as far as Connected.
func fuzzServer(f *testing.F) *transport.Server {
	f.Helper()
	if fl := flag.Lookup("test.fuzz"); fl == nil || fl.Value.String() == "" {
		// Only on the seed run: when fuzzing, the engine's own goroutines
		// outlive the target.
		testkit.CheckNoLeaks(f)
	}
	srv, err := transport.NewSessionServer(transport.Config{
		Log: zerolog.Nop(),
		// Every iteration ends its stream, so no wait depends on these;
		// they only keep a broken iteration from hanging the fuzzer.
		Limits: transport.Limits{HelloTimeout: 10 * time.Second, RejectLinger: 10 * time.Second},
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { _ = srv.Close() })
	return srv
}

// handshakeOutcome is what a hand-driven client saw of one handshake.
type handshakeOutcome struct {
	answers []*protocol.ServerMessage // the server's frames, in order
	close   protocol.ErrorCode        // the session's close code
}

// runHandshake serves one pipe session on srv and plays a client that,
// for each of steps, writes it on the control stream and reads the
// server's answer, stopping when the server ends the stream; then it
// finishes the stream and reads whatever else the server sends until it
// closes. (Finishing earlier would let the server close before its answer
// is read, and a close discards what is unread, as on QUIC.)
func runHandshake(t *testing.T, srv *transport.Server, steps ...[]byte) handshakeOutcome {
	t.Helper()
	srvEnd, cliEnd := transport.Pipe(transport.PipeConfig{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv.ServeSession(srvEnd)
	}()
	defer func() {
		_ = cliEnd.CloseWithError(protocol.ErrorCode_ERROR_CODE_NONE, "")
		<-done
	}()
	st, err := cliEnd.OpenStream(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var out handshakeOutcome
	ended := false
	for _, step := range steps {
		if _, err := st.Write(step); err != nil {
			ended = true
			break
		}
		m, err := nettest.ReadMessage(st)
		if err != nil {
			if fe := (*frame.Error)(nil); errors.As(err, &fe) {
				t.Fatalf("the server wrote a frame that does not decode: %v", err)
			}
			ended = true
			break
		}
		out.answers = append(out.answers, m)
		if m.GetReject() != nil {
			ended = true
			break
		}
	}
	_ = st.Close()
	if !ended {
		data, _ := io.ReadAll(st) // ends with the server's FIN or its close
		r := bytes.NewReader(data)
		for r.Len() > 0 {
			m, err := nettest.ReadMessage(r)
			if err != nil {
				t.Fatalf("the server wrote a frame that does not decode: %v", err)
			}
			out.answers = append(out.answers, m)
		}
	}
	if n := len(out.answers); n > 0 && out.answers[n-1].GetReject() != nil {
		// The server closes with the Reject's code once the client hangs
		// up (or RejectLinger passes); the deferred close hangs up.
		out.close = out.answers[n-1].GetReject().GetCode()
	} else {
		// Without a Reject the stream ends with the server's close.
		<-cliEnd.Context().Done()
		var ce *transport.CloseError
		if errors.As(context.Cause(cliEnd.Context()), &ce) {
			out.close = ce.Code
		}
	}
	if n := srv.Inbox().Len(); n != 0 {
		t.Fatalf("%d events reached the inbox: a client got past the login", n)
	}
	return out
}

// validHello reports whether m is a Hello the server must challenge.
func validHello(m *protocol.ClientMessage) bool {
	h := m.GetHello()
	return h != nil && h.GetProtocolVersion() == protocol.Version && protocol.ValidName(h.GetName()) == nil &&
		len(h.GetPublicKey()) == ed25519.PublicKeySize && len(h.GetToken()) <= protocol.MaxTokenSize
}

// FuzzServerHello: any first frame is answered with a Challenge exactly
// when it is a valid Hello, with a Reject when it is another message, and
// with a close when it does not decode — never a panic, never a client.
func FuzzServerHello(f *testing.F) {
	key := bytes.Repeat([]byte{0xa5}, 32)
	for _, m := range []*protocol.ClientMessage{
		{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{ProtocolVersion: 2, Name: "steve", PublicKey: key, Token: []byte("tok")}}},
		{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{ProtocolVersion: 1, Name: "steve"}}},
		{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{ProtocolVersion: 2, Name: "steve", PublicKey: key[:31]}}},
		{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{ProtocolVersion: 2, Name: "st eve", PublicKey: key}}},
		{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{ProtocolVersion: 2, Name: "steve", PublicKey: key, Token: make([]byte, protocol.MaxTokenSize+1)}}},
		{Kind: &protocol.ClientMessage_Proof{Proof: &protocol.Proof{Signature: make([]byte, 64)}}},
		{},
	} {
		b, _ := proto.Marshal(m)
		f.Add(b)
	}
	f.Add([]byte{0xff, 0xff, 0xff})
	srv := fuzzServer(f)
	f.Fuzz(func(t *testing.T, payload []byte) {
		if len(payload) > frame.ControlCap {
			t.Skip("over the cap: the framing's own fuzzer covers the prefix")
		}
		out := runHandshake(t, srv, frame.AppendFrame(nil, payload))
		msg, decodeErr := frame.DecodeClient(payload)
		switch {
		case decodeErr != nil:
			if len(out.answers) != 0 || out.close != protocol.ErrorCode_ERROR_CODE_MALFORMED {
				t.Fatalf("undecodable Hello: answers %v, close %v; want a MALFORMED close", out.answers, out.close)
			}
		case validHello(msg):
			if len(out.answers) != 1 || out.answers[0].GetChallenge() == nil || len(out.answers[0].GetChallenge().GetNonce()) != protocol.NonceSize {
				t.Fatalf("valid Hello answered %v, want one Challenge", out.answers)
			}
		default:
			if len(out.answers) != 1 || out.answers[0].GetReject() == nil {
				t.Fatalf("refusable first message %v answered %v, want a Reject", msg, out.answers)
			}
		}
	})
}

// FuzzServerProof: after a valid Hello, any second frame fails the
// login: a Proof (which cannot sign this connection's fresh nonce) with
// AUTH_FAILED, another message with PROTOCOL_VIOLATION, undecodable
// bytes with a MALFORMED close.
func FuzzServerProof(f *testing.F) {
	key := nettest.NewKey(f)
	hello, err := frame.Marshal(&protocol.ClientMessage{Kind: &protocol.ClientMessage_Hello{Hello: &protocol.Hello{
		ProtocolVersion: protocol.Version, Name: "fuzzer", PublicKey: key.Public().(ed25519.PublicKey),
	}}}, frame.ControlCap)
	if err != nil {
		f.Fatal(err)
	}
	// A well-formed signature, by the right key, of the wrong nonce.
	stale := protocol.SignLogin(key, protocol.Binding_BINDING_TLS_EXPORTER, make([]byte, 32), make([]byte, 32), "fuzzer")
	for _, m := range []*protocol.ClientMessage{
		{Kind: &protocol.ClientMessage_Proof{Proof: &protocol.Proof{Signature: stale}}},
		{Kind: &protocol.ClientMessage_Proof{Proof: &protocol.Proof{Signature: stale[:32]}}},
		{Kind: &protocol.ClientMessage_Proof{Proof: &protocol.Proof{}}},
		{Kind: &protocol.ClientMessage_Chat{Chat: &protocol.Chat{Text: "hi"}}},
		{},
	} {
		b, _ := proto.Marshal(m)
		f.Add(b)
	}
	f.Add([]byte{0x52, 0x40, 0x0a})
	srv := fuzzServer(f)
	f.Fuzz(func(t *testing.T, payload []byte) {
		if len(payload) > frame.ControlCap {
			t.Skip("over the cap: the framing's own fuzzer covers the prefix")
		}
		out := runHandshake(t, srv, hello, frame.AppendFrame(nil, payload))
		if len(out.answers) == 0 || out.answers[0].GetChallenge() == nil {
			t.Fatalf("the Hello was answered %v, want a Challenge first", out.answers)
		}
		rest := out.answers[1:]
		msg, decodeErr := frame.DecodeClient(payload)
		want := protocol.ErrorCode_ERROR_CODE_PROTOCOL_VIOLATION
		switch {
		case decodeErr != nil:
			if len(rest) != 0 || out.close != protocol.ErrorCode_ERROR_CODE_MALFORMED {
				t.Fatalf("undecodable Proof: answers %v, close %v; want a MALFORMED close", rest, out.close)
			}
			return
		case msg.GetProof() != nil:
			want = protocol.ErrorCode_ERROR_CODE_AUTH_FAILED
		}
		if len(rest) != 1 || rest[0].GetReject().GetCode() != want || out.close != want {
			t.Fatalf("second message %v answered %v (close %v), want a %v Reject", msg, rest, out.close, want)
		}
	})
}
