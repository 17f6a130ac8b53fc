package wt

import (
	"context"
	"sync"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
)

// connKey keys the request context's *h3Conn.
type connKey struct{}

// h3Conn is one HTTP/3 connection and the sessions it carries.
type h3Conn struct {
	conn *quic.Conn

	mu      sync.Mutex
	active  int           // sessions being served
	served  bool          // has carried a session
	changed chan struct{} // signalled when active drops
}

func (c *h3Conn) begin() {
	c.mu.Lock()
	c.active++
	c.served = true
	c.mu.Unlock()
}

func (c *h3Conn) end() {
	c.mu.Lock()
	c.active--
	c.mu.Unlock()
	select {
	case c.changed <- struct{}{}:
	default:
	}
}

func (c *h3Conn) state() (active int, served bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.active, c.served
}

func (s *Server) conn(c *quic.Conn) *h3Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns[c]
}

// ServeConn serves HTTP/3 on a QUIC connection that negotiated ALPN "h3"
// until the connection closes; it is a transport.ConnHandler. When ctx
// ends (the transport is closing) it waits for the connection's sessions
// to be closed by the transport, then closes the connection.
func (s *Server) ServeConn(ctx context.Context, conn *quic.Conn) {
	hc := &h3Conn{conn: conn, changed: make(chan struct{}, 1)}
	s.mu.Lock()
	s.conns[conn] = hc
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.conns, conn)
		s.mu.Unlock()
	}()
	log := s.log.With().Str("remote", conn.RemoteAddr().String()).Logger()
	log.Debug().Msg("HTTP/3 connection")

	watched := make(chan struct{})
	go func() {
		defer close(watched)
		s.closeOnShutdown(ctx, hc)
	}()
	// Returns once the connection is closed and every request handler,
	// and so every session, has returned.
	if err := s.wt.ServeQUICConn(conn); err != nil {
		log.Warn().Err(err).Msg("cannot serve HTTP/3 on this connection")
	}
	_ = conn.CloseWithError(quic.ApplicationErrorCode(http3.ErrCodeNoError), "")
	<-watched
	log.Debug().AnErr("cause", context.Cause(conn.Context())).Msg("HTTP/3 connection closed")
}

// closeOnShutdown closes hc's connection once ctx has ended and the
// transport has closed the connection's sessions (with SHUTDOWN), so that
// the connection's close does not cut theirs off. It returns early if the
// connection closes by itself.
func (s *Server) closeOnShutdown(ctx context.Context, hc *h3Conn) {
	connDone := hc.conn.Context().Done()
	select {
	case <-connDone:
		return
	case <-ctx.Done():
	}
	grace := time.NewTimer(shutdownGrace)
	defer grace.Stop()
	active, served := hc.state()
	for active > 0 {
		select {
		case <-hc.changed:
		case <-connDone:
			return
		case <-grace.C:
			s.log.Warn().Int("sessions", active).Msg("sessions still open at shutdown; closing their connection")
			_ = hc.conn.CloseWithError(quic.ApplicationErrorCode(http3.ErrCodeNoError), "server shutting down")
			return
		}
		active, served = hc.state()
	}
	if served {
		linger := time.NewTimer(closeLinger)
		select {
		case <-linger.C:
		case <-connDone:
		}
		linger.Stop()
	}
	_ = hc.conn.CloseWithError(quic.ApplicationErrorCode(http3.ErrCodeNoError), "server shutting down")
}
