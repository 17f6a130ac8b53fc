package transport_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/testkit"
)

// pipeStreams opens a control stream from the client end and accepts it
// on the server end.
func pipeStreams(t *testing.T, srv, cli *transport.PipeEnd) (server, client transport.Stream) {
	t.Helper()
	cs, err := cli.OpenStream(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	ss, err := srv.AcceptStream(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return ss, cs
}

// closeErr checks that err is a *CloseError with code and remote.
func closeErr(t *testing.T, what string, err error, code protocol.ErrorCode, remote bool) {
	t.Helper()
	var ce *transport.CloseError
	if !errors.As(err, &ce) {
		t.Fatalf("%s: got %v (%T), want a *CloseError", what, err, err)
	}
	if ce.Code != code || ce.Remote != remote {
		t.Fatalf("%s: got code %v remote %v, want %v remote %v", what, ce.Code, ce.Remote, code, remote)
	}
}

// async runs f on a goroutine; the returned channel yields its error.
func async(f func() error) <-chan error {
	ch := make(chan error, 1)
	go func() { ch <- f() }()
	return ch
}

// blocked fails the test if ch yields within a short while: the call is
// (still) waiting, as flow control or an empty stream should make it.
func blocked(t *testing.T, what string, ch <-chan error) {
	t.Helper()
	select {
	case err := <-ch:
		t.Fatalf("%s returned (%v); want it blocked", what, err)
	case <-time.After(50 * time.Millisecond):
	}
}

func result(t *testing.T, what string, ch <-chan error) error {
	t.Helper()
	select {
	case err := <-ch:
		return err
	case <-time.After(3 * time.Second):
		t.Fatalf("%s still blocked", what)
		return nil
	}
}

// TestPipeStreams: each stream behaviour the transport relies on, as a
// native QUIC stream shows it.
func TestPipeStreams(t *testing.T) {
	testkit.CheckNoLeaks(t)
	kicked := protocol.ErrorCode_ERROR_CODE_KICKED
	tests := []struct {
		name string
		cfg  transport.PipeConfig
		run  func(t *testing.T, ss, cs transport.Stream)
	}{
		{"data then FIN is io.EOF", transport.PipeConfig{}, func(t *testing.T, ss, cs transport.Stream) {
			if _, err := cs.Write([]byte("hello")); err != nil {
				t.Fatal(err)
			}
			_ = cs.Close()
			got, err := io.ReadAll(ss)
			if err != nil || string(got) != "hello" {
				t.Fatalf("ReadAll = %q, %v", got, err)
			}
			if _, err := ss.Read(make([]byte, 1)); err != io.EOF {
				t.Fatalf("Read after FIN = %v, want io.EOF itself", err)
			}
			// The other direction is independent.
			if _, err := ss.Write([]byte("back")); err != nil {
				t.Fatalf("reply after the peer's FIN: %v", err)
			}
		}},
		{"read deadline", transport.PipeConfig{}, func(t *testing.T, ss, cs transport.Stream) {
			_ = ss.SetReadDeadline(time.Now().Add(30 * time.Millisecond))
			start := time.Now()
			if _, err := ss.Read(make([]byte, 1)); err != os.ErrDeadlineExceeded {
				t.Fatalf("Read = %v, want os.ErrDeadlineExceeded itself", err)
			}
			if d := time.Since(start); d < 25*time.Millisecond {
				t.Fatalf("deadline hit after %v", d)
			}
			// Cleared, the stream works again.
			_ = ss.SetReadDeadline(time.Time{})
			_, _ = cs.Write([]byte("x"))
			if n, err := ss.Read(make([]byte, 1)); n != 1 || err != nil {
				t.Fatalf("Read after clearing = %d, %v", n, err)
			}
		}},
		{"deadline set while blocked interrupts", transport.PipeConfig{}, func(t *testing.T, ss, _ transport.Stream) {
			// How the server's handshake aborts a read at shutdown.
			rd := async(func() error { _, err := ss.Read(make([]byte, 1)); return err })
			blocked(t, "Read", rd)
			_ = ss.SetReadDeadline(time.Unix(1, 0))
			if err := result(t, "Read", rd); !errors.Is(err, os.ErrDeadlineExceeded) {
				t.Fatalf("Read = %v", err)
			}
		}},
		{"write blocks while the peer does not read", transport.PipeConfig{StreamBuffer: 16}, func(t *testing.T, ss, cs transport.Stream) {
			msg := bytes.Repeat([]byte("0123456789"), 4)
			wr := async(func() error {
				n, err := cs.Write(msg)
				if err == nil && n != len(msg) {
					err = io.ErrShortWrite
				}
				return err
			})
			blocked(t, "Write of 40 bytes into 16", wr)
			got := make([]byte, len(msg))
			if _, err := io.ReadFull(ss, got); err != nil || !bytes.Equal(got, msg) {
				t.Fatalf("read %q, %v", got, err)
			}
			if err := result(t, "Write", wr); err != nil {
				t.Fatal(err)
			}
		}},
		{"write deadline", transport.PipeConfig{StreamBuffer: 16}, func(t *testing.T, _, cs transport.Stream) {
			_ = cs.SetWriteDeadline(time.Now().Add(30 * time.Millisecond))
			n, err := cs.Write(make([]byte, 40))
			if n != 16 || err != os.ErrDeadlineExceeded {
				t.Fatalf("Write = %d, %v; want 16, os.ErrDeadlineExceeded", n, err)
			}
		}},
		{"CancelRead reaches the writer", transport.PipeConfig{StreamBuffer: 16}, func(t *testing.T, ss, cs transport.Stream) {
			wr := async(func() error { _, err := cs.Write(make([]byte, 40)); return err })
			blocked(t, "Write", wr)
			ss.CancelRead(kicked)
			closeErr(t, "blocked Write", result(t, "Write", wr), kicked, true)
			_, err := ss.Read(make([]byte, 1))
			closeErr(t, "own Read", err, kicked, false)
		}},
		{"CancelWrite reaches the reader", transport.PipeConfig{}, func(t *testing.T, ss, cs transport.Stream) {
			rd := async(func() error { _, err := io.ReadAll(ss); return err })
			_, _ = cs.Write([]byte("partial"))
			cs.CancelWrite(kicked)
			closeErr(t, "Read", result(t, "Read", rd), kicked, true)
			_, err := cs.Write([]byte("more"))
			closeErr(t, "own Write", err, kicked, false)
		}},
		{"CancelWrite after everything was read is a no-op", transport.PipeConfig{}, func(t *testing.T, ss, cs transport.Stream) {
			_, _ = cs.Write([]byte("all"))
			_ = cs.Close()
			if got, err := io.ReadAll(ss); err != nil || string(got) != "all" {
				t.Fatalf("ReadAll = %q, %v", got, err)
			}
			cs.CancelWrite(kicked)
			if _, err := ss.Read(make([]byte, 1)); err != io.EOF {
				t.Fatalf("Read = %v, want io.EOF", err)
			}
		}},
		{"write after Close fails", transport.PipeConfig{}, func(t *testing.T, _, cs transport.Stream) {
			_ = cs.Close()
			var ce *transport.CloseError
			if _, err := cs.Write([]byte("x")); err == nil || errors.As(err, &ce) {
				t.Fatalf("Write after Close = %v, want a local misuse error", err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, cli := transport.Pipe(tt.cfg)
			defer srv.CloseWithError(protocol.ErrorCode_ERROR_CODE_NONE, "")
			ss, cs := pipeStreams(t, srv, cli)
			tt.run(t, ss, cs)
		})
	}
}

// TestPipeUniStream: the chunk stream's direction, server to client.
func TestPipeUniStream(t *testing.T) {
	testkit.CheckNoLeaks(t)
	srv, cli := transport.Pipe(transport.PipeConfig{})
	defer cli.CloseWithError(protocol.ErrorCode_ERROR_CODE_NONE, "")
	acc := make(chan transport.ReceiveStream, 1)
	got := async(func() error {
		rs, err := cli.AcceptUniStream(context.Background())
		acc <- rs
		return err
	})
	blocked(t, "AcceptUniStream before any open", got)
	w, err := srv.OpenUniStream(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if err := result(t, "AcceptUniStream", got); err != nil {
		t.Fatal(err)
	}
	rs := <-acc
	_, _ = w.Write([]byte("section"))
	_ = w.Close()
	if b, err := io.ReadAll(rs); err != nil || string(b) != "section" {
		t.Fatalf("ReadAll = %q, %v", b, err)
	}
}

// TestPipeClose: CloseWithError wakes every blocked call on both ends with
// the code, as local on the closing end and remote on the other, ends both
// Contexts with the same, and later calls fail at once.
func TestPipeClose(t *testing.T) {
	testkit.CheckNoLeaks(t)
	for _, closer := range []string{"server", "client"} {
		t.Run(closer+" closes", func(t *testing.T) {
			srv, cli := transport.Pipe(transport.PipeConfig{StreamBuffer: 8})
			ss, _ := pipeStreams(t, srv, cli)
			_, cs := pipeStreams(t, srv, cli) // a second stream, which nobody reads
			pending := map[string]<-chan error{
				"server Read":            async(func() error { _, err := ss.Read(make([]byte, 1)); return err }),
				"server ReceiveDatagram": async(func() error { _, err := srv.ReceiveDatagram(context.Background()); return err }),
				"client Write":           async(func() error { _, err := cs.Write(make([]byte, 64)); return err }),
				"client AcceptUniStream": async(func() error { _, err := cli.AcceptUniStream(context.Background()); return err }),
			}
			for what, ch := range pending {
				blocked(t, what, ch)
			}
			code := protocol.ErrorCode_ERROR_CODE_SHUTDOWN
			closing, other := srv, cli
			if closer == "client" {
				closing, other = cli, srv
			}
			_ = closing.CloseWithError(code, "going away")
			_ = other.CloseWithError(protocol.ErrorCode_ERROR_CODE_INTERNAL, "too late") // the first close stands
			for what, ch := range pending {
				closeErr(t, what, result(t, what, ch), code, !strings.HasPrefix(what, closer))
			}
			for end, e := range map[string]*transport.PipeEnd{"server": srv, "client": cli} {
				remote := end != closer
				select {
				case <-e.Context().Done():
				default:
					t.Fatalf("%s Context not done", end)
				}
				cause := context.Cause(e.Context())
				closeErr(t, end+" Context cause", cause, code, remote)
				if ce := (*transport.CloseError)(nil); errors.As(cause, &ce) && ce.Reason != "going away" {
					t.Errorf("%s cause reason %q", end, ce.Reason)
				}
				_, err := e.OpenStream(context.Background())
				closeErr(t, end+" OpenStream after close", err, code, remote)
				closeErr(t, end+" SendDatagram after close", e.SendDatagram([]byte{1}), code, remote)
			}
			_, err := ss.Write([]byte("x"))
			closeErr(t, "server Write after close", err, code, closer != "server")
		})
	}
}

// TestPipeContextErrors: a caller's context errors come back unchanged,
// as Session requires (the handshake tells a timeout by them).
func TestPipeContextErrors(t *testing.T) {
	testkit.CheckNoLeaks(t)
	srv, cli := transport.Pipe(transport.PipeConfig{})
	defer srv.CloseWithError(protocol.ErrorCode_ERROR_CODE_NONE, "")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := srv.AcceptStream(ctx); err != context.DeadlineExceeded {
		t.Errorf("AcceptStream = %v, want context.DeadlineExceeded", err)
	}
	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := cli.ReceiveDatagram(done); err != context.Canceled {
		t.Errorf("ReceiveDatagram = %v, want context.Canceled", err)
	}
	// Opening waits at the peer's backlog like at a QUIC stream limit.
	opened := 0
	for ; opened < 100; opened++ {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		_, err := cli.OpenStream(ctx)
		cancel()
		if err != nil {
			if err != context.DeadlineExceeded {
				t.Fatalf("OpenStream = %v", err)
			}
			break
		}
	}
	if opened == 0 || opened == 100 {
		t.Fatalf("opened %d streams before waiting", opened)
	}
	if _, err := srv.AcceptStream(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, err := cli.OpenStream(t.Context()); err != nil {
		t.Fatalf("OpenStream after an accept made room: %v", err)
	}
}

// TestPipeDatagrams: datagrams are copied, bounded, dropped when the
// receiver falls behind, and refused when over the size or disabled.
func TestPipeDatagrams(t *testing.T) {
	testkit.CheckNoLeaks(t)
	srv, cli := transport.Pipe(transport.PipeConfig{DatagramQueue: 4, MaxDatagramSize: 100})
	defer srv.CloseWithError(protocol.ErrorCode_ERROR_CODE_NONE, "")
	if !srv.SupportsDatagrams() || !cli.SupportsDatagrams() {
		t.Fatal("datagrams off by default")
	}
	buf := []byte{0}
	for i := range 10 {
		buf[0] = byte(i)
		if err := srv.SendDatagram(buf); err != nil {
			t.Fatalf("SendDatagram %d: %v", i, err)
		}
	}
	if n := srv.DroppedDatagrams(); n != 6 {
		t.Errorf("DroppedDatagrams = %d, want 6", n)
	}
	for i := range 4 {
		b, err := cli.ReceiveDatagram(t.Context())
		if err != nil || len(b) != 1 || b[0] != byte(i) {
			t.Fatalf("datagram %d = %v, %v", i, b, err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if b, err := cli.ReceiveDatagram(ctx); err == nil {
		t.Fatalf("a fifth datagram %v arrived; the queue holds 4", b)
	}
	if err := cli.SendDatagram(make([]byte, 101)); err == nil {
		t.Error("a datagram over MaxDatagramSize was accepted")
	}

	srv2, cli2 := transport.Pipe(transport.PipeConfig{NoDatagrams: true})
	defer srv2.CloseWithError(protocol.ErrorCode_ERROR_CODE_NONE, "")
	if srv2.SupportsDatagrams() || cli2.SupportsDatagrams() {
		t.Error("NoDatagrams pipe supports datagrams")
	}
	if err := cli2.SendDatagram([]byte{1}); err == nil {
		t.Error("SendDatagram on a NoDatagrams pipe succeeded")
	}
	if _, err := srv2.ReceiveDatagram(t.Context()); err == nil {
		t.Error("ReceiveDatagram on a NoDatagrams pipe succeeded")
	}
}

// TestPipeAddrs: each end names the other, and pairs are told apart.
func TestPipeAddrs(t *testing.T) {
	a, b := transport.Pipe(transport.PipeConfig{})
	c, _ := transport.Pipe(transport.PipeConfig{})
	if a.RemoteAddr().Network() != "memory" || a.RemoteAddr().String() != b.LocalAddr().String() ||
		b.RemoteAddr().String() != a.LocalAddr().String() {
		t.Errorf("addresses: server %v→%v, client %v→%v", a.LocalAddr(), a.RemoteAddr(), b.LocalAddr(), b.RemoteAddr())
	}
	if a.RemoteAddr().String() == c.RemoteAddr().String() {
		t.Errorf("two pairs share the address %v", a.RemoteAddr())
	}
}
