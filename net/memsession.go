package transport

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
)

// PipeConfig shapes an in-memory session made by Pipe. The zero value is a
// session like a healthy native connection: datagrams on, roomy buffers.
type PipeConfig struct {
	// StreamBuffer is how many unread bytes each direction of a stream
	// holds before Write blocks: the stream's flow-control window. A small
	// one lets a test stall the server's writers (SLOW_CONSUMER) without
	// sending megabytes. [256 KiB]
	StreamBuffer int
	// DatagramQueue is how many datagrams each end holds until it receives
	// them; further ones are dropped, as a receiver that falls behind loses
	// datagrams on a real path. [32]
	DatagramQueue int
	// MaxDatagramSize is the largest datagram SendDatagram accepts; larger
	// ones fail as they would on a QUIC path. [frame.DatagramCap]
	MaxDatagramSize int
	// NoDatagrams makes SupportsDatagrams false on both ends, like a peer
	// that did not enable QUIC datagrams.
	NoDatagrams bool
}

func (c PipeConfig) withDefaults() PipeConfig {
	if c.StreamBuffer <= 0 {
		c.StreamBuffer = 256 << 10
	}
	if c.DatagramQueue <= 0 {
		c.DatagramQueue = 32
	}
	if c.MaxDatagramSize <= 0 {
		c.MaxDatagramSize = frame.DatagramCap
	}
	return c
}

// pipeBacklog bounds streams opened but not yet accepted by the peer; an
// opener waits beyond it, as it would at a QUIC stream limit.
const pipeBacklog = 8

var pipeSeq atomic.Uint64

// Pipe returns the two ends of a fresh in-memory session, so tests can run
// the whole transport (Server.ServeSession) and the Go client (client.Open)
// without sockets, TLS or QUIC timers. server is the end a Server serves:
// it accepts the control stream and opens the chunk stream. client is the
// other end. Either end's CloseWithError closes both.
//
// Streams are bounded byte pipes and errors are those Session documents, so
// framing, caps, deadlines and close codes behave as on a native
// connection. Nothing runs in the background: a pair left open holds no
// goroutine, and closing it wakes every blocked call.
func Pipe(cfg PipeConfig) (server, client *PipeEnd) {
	cfg = cfg.withDefaults()
	n := pipeSeq.Add(1)
	c := &memConn{cfg: cfg, done: make(chan struct{})}
	// A pipe has no TLS; 32 random bytes both ends share stand in for the
	// exporter, so a login signed on one pipe fails on any other, as on
	// QUIC.
	if _, err := rand.Read(c.binding[:]); err != nil {
		panic(fmt.Sprintf("transport: Pipe: no randomness: %v", err)) // crypto/rand never fails on supported platforms
	}
	addrs := [2]memAddr{memAddr(fmt.Sprintf("pipe%d-server", n)), memAddr(fmt.Sprintf("pipe%d-client", n))}
	for i := range c.ends {
		e := &PipeEnd{
			c:      c,
			side:   i,
			local:  addrs[i],
			remote: addrs[1-i],
			bidi:   make(chan *memStream, pipeBacklog),
			uni:    make(chan *memPipe, pipeBacklog),
			dgrams: make(chan []byte, cfg.DatagramQueue),
		}
		e.ctx, e.cancel = context.WithCancelCause(context.Background())
		c.ends[i] = e
	}
	return c.ends[0], c.ends[1]
}

// memConn is the state a pair shares.
type memConn struct {
	cfg     PipeConfig
	ends    [2]*PipeEnd
	binding [protocol.BindingValueSize]byte // see Pipe

	closeOnce sync.Once
	done      chan struct{} // closed once the session is closed
	cause     [2]error      // per end, written before done is closed
}

// err is the error operations of end side fail with once the session is
// closed, nil before.
func (c *memConn) err(side int) error {
	select {
	case <-c.done:
		return c.cause[side]
	default:
		return nil
	}
}

// PipeEnd is one end of an in-memory session (see Pipe). It has both
// ends' operations, so the server end is a Session and the client end
// satisfies client.Session; a hostile test may also use the calls its
// role never makes (a second control stream, a client-opened uni stream).
type PipeEnd struct {
	c             *memConn
	side          int // index in c.ends
	local, remote memAddr
	ctx           context.Context
	cancel        context.CancelCauseFunc

	bidi    chan *memStream // streams the peer opened, awaiting AcceptStream
	uni     chan *memPipe   // likewise for AcceptUniStream
	dgrams  chan []byte     // datagrams the peer sent, awaiting ReceiveDatagram
	dropped atomic.Uint64   // datagrams this end sent into a full queue
}

var _ Session = (*PipeEnd)(nil)

func (e *PipeEnd) peer() *PipeEnd { return e.c.ends[1-e.side] }

// OpenStream opens a bidirectional stream (the client's control stream).
// The peer's AcceptStream returns it at once, before any byte is written.
func (e *PipeEnd) OpenStream(ctx context.Context) (Stream, error) {
	out := newMemPipe(e.c, e.side)
	in := newMemPipe(e.c, 1-e.side)
	if err := pipeSend(e, ctx, e.peer().bidi, &memStream{in: out, out: in}); err != nil {
		return nil, err
	}
	return &memStream{in: in, out: out}, nil
}

// OpenUniStream opens a stream to the peer (the server's chunk stream).
func (e *PipeEnd) OpenUniStream(ctx context.Context) (SendStream, error) {
	p := newMemPipe(e.c, e.side)
	if err := pipeSend(e, ctx, e.peer().uni, p); err != nil {
		return nil, err
	}
	return memSendStream{p}, nil
}

// AcceptStream returns the next bidirectional stream the peer opened.
func (e *PipeEnd) AcceptStream(ctx context.Context) (Stream, error) {
	st, err := pipeRecv(e, ctx, e.bidi)
	if err != nil {
		return nil, err
	}
	return st, nil
}

// AcceptUniStream returns the next stream the peer opened with
// OpenUniStream (the client's view of the chunk stream).
func (e *PipeEnd) AcceptUniStream(ctx context.Context) (ReceiveStream, error) {
	p, err := pipeRecv(e, ctx, e.uni)
	if err != nil {
		return nil, err
	}
	return memRecvStream{p}, nil
}

// pipeSend hands v to the peer through ch, waiting while ch is full (the
// stream backlog or the datagram queue) unless ctx ends or the session
// closes. A closed session or ended ctx wins over room in ch.
func pipeSend[T any](e *PipeEnd, ctx context.Context, ch chan<- T, v T) error {
	if err := e.c.err(e.side); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case ch <- v:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-e.c.done:
		return e.c.err(e.side)
	}
}

// pipeRecv is pipeSend's counterpart.
func pipeRecv[T any](e *PipeEnd, ctx context.Context, ch <-chan T) (T, error) {
	var zero T
	if err := e.c.err(e.side); err != nil {
		return zero, err
	}
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	select {
	case v := <-ch:
		return v, nil
	case <-ctx.Done():
		return zero, ctx.Err()
	case <-e.c.done:
		return zero, e.c.err(e.side)
	}
}

var (
	errPipeNoDatagrams   = errors.New("transport: datagrams are disabled on this pipe")
	errPipeWriteAfterFIN = errors.New("transport: write on a stream already closed")
)

// SendDatagram queues a copy of b for the peer. A full queue drops it
// without an error, as a datagram lost on the path would be; only
// DroppedDatagrams tells.
func (e *PipeEnd) SendDatagram(b []byte) error {
	if err := e.c.err(e.side); err != nil {
		return err
	}
	if e.c.cfg.NoDatagrams {
		return errPipeNoDatagrams
	}
	if len(b) > e.c.cfg.MaxDatagramSize {
		return fmt.Errorf("transport: datagram of %d bytes exceeds the pipe's %d", len(b), e.c.cfg.MaxDatagramSize)
	}
	select {
	case e.peer().dgrams <- bytes.Clone(b):
	default:
		e.dropped.Add(1)
	}
	return nil
}

// ReceiveDatagram waits for the next datagram from the peer.
func (e *PipeEnd) ReceiveDatagram(ctx context.Context) ([]byte, error) {
	if e.c.cfg.NoDatagrams {
		return nil, errPipeNoDatagrams
	}
	return pipeRecv(e, ctx, e.dgrams)
}

// DroppedDatagrams counts datagrams this end sent that the peer's full
// queue discarded, so a test can tell loss from a bug.
func (e *PipeEnd) DroppedDatagrams() uint64 { return e.dropped.Load() }

// Binding reports BINDING_TLS_EXPORTER with the pair's own random value,
// the same at both ends: the stand-in for a QUIC connection's exporter.
func (e *PipeEnd) Binding() (protocol.Binding, []byte, error) {
	return protocol.Binding_BINDING_TLS_EXPORTER, bytes.Clone(e.c.binding[:]), nil
}

// SupportsDatagrams is false when the pipe was made with NoDatagrams.
func (e *PipeEnd) SupportsDatagrams() bool { return !e.c.cfg.NoDatagrams }

// CloseWithError closes the session for both ends. This end's operations
// then fail with a local *CloseError and the peer's with a remote one,
// both carrying code and reason, and both Contexts end with that error as
// cause. Only the first close counts.
func (e *PipeEnd) CloseWithError(code protocol.ErrorCode, reason string) error {
	c := e.c
	c.closeOnce.Do(func() {
		c.cause[e.side] = &CloseError{Code: code, Reason: reason}
		c.cause[1-e.side] = &CloseError{Code: code, Remote: true, Reason: reason}
		close(c.done)
		for i, end := range c.ends {
			end.cancel(c.cause[i])
		}
	})
	return nil
}

// Context ends when either end closes the session; its cause is the
// *CloseError this end's operations fail with.
func (e *PipeEnd) Context() context.Context { return e.ctx }

// RemoteAddr names the other end (network "memory"), so logs tell pairs
// apart.
func (e *PipeEnd) RemoteAddr() net.Addr { return e.remote }

// LocalAddr names this end; it is the peer's RemoteAddr.
func (e *PipeEnd) LocalAddr() net.Addr { return e.local }

// memAddr is the address of a pipe end.
type memAddr string

func (a memAddr) Network() string { return "memory" }
func (a memAddr) String() string  { return string(a) }

// memPipe is one direction of a stream: a bounded byte buffer between the
// end that writes (w) and the other, which reads.
type memPipe struct {
	c *memConn
	w int // side of the writing end

	mu     sync.Mutex
	wake   chan struct{} // closed and replaced on every change
	buf    bytes.Buffer
	limit  int
	fin    bool // the writer closed cleanly
	reset  bool // the writer cancelled (RESET_STREAM)
	stop   bool // the reader cancelled (STOP_SENDING)
	resetC protocol.ErrorCode
	stopC  protocol.ErrorCode
	rdl    time.Time // read deadline
	wdl    time.Time // write deadline
}

func newMemPipe(c *memConn, writer int) *memPipe {
	return &memPipe{c: c, w: writer, limit: c.cfg.StreamBuffer, wake: make(chan struct{})}
}

// changed wakes every waiter; p.mu is held.
func (p *memPipe) changed() {
	close(p.wake)
	p.wake = make(chan struct{})
}

// wait releases p.mu until something changes, the deadline passes or the
// session closes; the caller re-checks everything afterwards.
func (p *memPipe) wait(deadline time.Time) {
	wake := p.wake
	p.mu.Unlock()
	defer p.mu.Lock()
	var expired <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		expired = t.C
	}
	select {
	case <-wake:
	case <-expired:
	case <-p.c.done:
	}
}

func passed(deadline time.Time) bool { return !deadline.IsZero() && !time.Now().Before(deadline) }

func (p *memPipe) read(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		// As on a QUIC stream, a close or reset wins over unread data.
		if err := p.c.err(1 - p.w); err != nil {
			return 0, err
		}
		if p.stop {
			return 0, &CloseError{Code: p.stopC}
		}
		if p.reset {
			return 0, &CloseError{Code: p.resetC, Remote: true}
		}
		if passed(p.rdl) {
			return 0, os.ErrDeadlineExceeded
		}
		if p.buf.Len() > 0 {
			n, _ := p.buf.Read(b)
			p.changed()
			return n, nil
		}
		if p.fin {
			return 0, io.EOF
		}
		if len(b) == 0 {
			return 0, nil
		}
		p.wait(p.rdl)
	}
}

func (p *memPipe) write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for {
		if err := p.c.err(p.w); err != nil {
			return n, err
		}
		if p.reset {
			return n, &CloseError{Code: p.resetC}
		}
		if p.fin {
			return n, errPipeWriteAfterFIN
		}
		if p.stop {
			return n, &CloseError{Code: p.stopC, Remote: true}
		}
		if passed(p.wdl) {
			return n, os.ErrDeadlineExceeded
		}
		if n == len(b) {
			return n, nil
		}
		if room := p.limit - p.buf.Len(); room > 0 {
			k := min(room, len(b)-n)
			p.buf.Write(b[n : n+k])
			n += k
			p.changed()
			continue
		}
		p.wait(p.wdl)
	}
}

// closeWrite sends FIN: the reader gets io.EOF after the buffered data.
func (p *memPipe) closeWrite() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.fin && !p.reset {
		p.fin = true
		p.changed()
	}
	return nil
}

func (p *memPipe) cancelWrite(code protocol.ErrorCode) {
	p.mu.Lock()
	defer p.mu.Unlock()
	// Everything delivered, FIN included: nothing left to reset.
	if p.reset || (p.fin && p.buf.Len() == 0) {
		return
	}
	p.reset, p.resetC = true, code
	p.buf.Reset()
	p.changed()
}

func (p *memPipe) cancelRead(code protocol.ErrorCode) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stop {
		return
	}
	p.stop, p.stopC = true, code
	p.buf.Reset()
	p.changed()
}

func (p *memPipe) setReadDeadline(t time.Time) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.rdl = t
	p.changed()
	return nil
}

func (p *memPipe) setWriteDeadline(t time.Time) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.wdl = t
	p.changed()
	return nil
}

// memStream is a bidirectional stream as one end sees it.
type memStream struct{ in, out *memPipe }

func (s *memStream) Read(b []byte) (int, error)          { return s.in.read(b) }
func (s *memStream) Write(b []byte) (int, error)         { return s.out.write(b) }
func (s *memStream) Close() error                        { return s.out.closeWrite() }
func (s *memStream) SetReadDeadline(t time.Time) error   { return s.in.setReadDeadline(t) }
func (s *memStream) SetWriteDeadline(t time.Time) error  { return s.out.setWriteDeadline(t) }
func (s *memStream) CancelRead(code protocol.ErrorCode)  { s.in.cancelRead(code) }
func (s *memStream) CancelWrite(code protocol.ErrorCode) { s.out.cancelWrite(code) }

// memSendStream is the opener's half of a unidirectional stream.
type memSendStream struct{ p *memPipe }

func (s memSendStream) Write(b []byte) (int, error)         { return s.p.write(b) }
func (s memSendStream) Close() error                        { return s.p.closeWrite() }
func (s memSendStream) SetWriteDeadline(t time.Time) error  { return s.p.setWriteDeadline(t) }
func (s memSendStream) CancelWrite(code protocol.ErrorCode) { s.p.cancelWrite(code) }

// memRecvStream is the accepter's half of a unidirectional stream.
type memRecvStream struct{ p *memPipe }

func (s memRecvStream) Read(b []byte) (int, error)         { return s.p.read(b) }
func (s memRecvStream) SetReadDeadline(t time.Time) error  { return s.p.setReadDeadline(t) }
func (s memRecvStream) CancelRead(code protocol.ErrorCode) { s.p.cancelRead(code) }
