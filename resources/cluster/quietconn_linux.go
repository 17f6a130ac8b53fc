package cluster

import (
	"io"
	"net"
	"syscall"
	"time"
	"unsafe"
)

// quietDialer dials the NATS connection as a quietConn.
//
// Why: a shard's process is idle between ticks, and Go's monitor thread
// (sysmon) then sleeps deeply. The first system call that enters the
// scheduler's syscall path wakes it and resets it to polling every
// 20 µs, about fifty wake-ups before it backs off again: a NATS
// acknowledgement or watch message arriving between ticks cost that
// every tick, a third of what a shard spent beyond an independent server
// (docs/benchmarks.md "Cluster shards"). Reads and writes on a
// non-blocking socket never block, so they need not take that path: the
// runtime's poller still waits for the socket to be ready, and the call
// itself is made raw.
type quietDialer struct{ timeout time.Duration }

// Dial implements nats.CustomDialer.
func (d quietDialer) Dial(network, address string) (net.Conn, error) {
	c, err := net.DialTimeout(network, address, d.timeout)
	if err != nil {
		return nil, err
	}
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c, nil
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return c, nil
	}
	return &quietConn{TCPConn: tc, raw: raw}, nil
}

// quietConn is a TCP connection whose reads and writes are raw,
// non-blocking system calls, waited for on the runtime's poller
// (deadlines included).
type quietConn struct {
	*net.TCPConn
	raw syscall.RawConn
}

// Read implements net.Conn.
func (c *quietConn) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	var n int
	var errno syscall.Errno
	err := c.raw.Read(func(fd uintptr) (done bool) {
		n, errno, done = rawIO(syscall.SYS_READ, fd, b)
		return done
	})
	switch {
	case err != nil:
		return 0, c.opError("read", err)
	case errno != 0:
		return 0, c.opError("read", errno)
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

// Write implements net.Conn.
func (c *quietConn) Write(b []byte) (int, error) {
	written := 0
	for written < len(b) {
		var n int
		var errno syscall.Errno
		err := c.raw.Write(func(fd uintptr) (done bool) {
			n, errno, done = rawIO(syscall.SYS_WRITE, fd, b[written:])
			return done
		})
		switch {
		case err != nil:
			return written, c.opError("write", err)
		case errno != 0:
			return written, c.opError("write", errno)
		}
		written += n
	}
	return written, nil
}

// rawIO makes the read or write system call trap on fd with b (not
// empty), again when interrupted; done is false when the socket is not
// ready, for the poller to wait.
func rawIO(trap, fd uintptr, b []byte) (n int, errno syscall.Errno, done bool) {
	for {
		r, _, e := syscall.RawSyscall(trap, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
		switch e {
		case syscall.EINTR:
			continue
		case syscall.EAGAIN:
			return 0, 0, false
		}
		return int(r), e, true
	}
}

// opError wraps err as the net package would.
func (c *quietConn) opError(op string, err error) error {
	return &net.OpError{Op: op, Net: "tcp", Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: err}
}
