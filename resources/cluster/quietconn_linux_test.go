package cluster

import (
	"bytes"
	"errors"
	"io"
	"net"
	"os"
	"sync"
	"testing"
	"time"
)

// TestQuietConnIsATCPConn: the NATS connection's raw reads and writes
// behave as net's own: a large write waits for room and arrives whole,
// a read deadline ends a read with a timeout, and the peer's close is
// io.EOF.
func TestQuietConnIsATCPConn(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	echoed, hangUp := make(chan error, 1), make(chan struct{})
	var hungUp sync.Once
	hang := func() { hungUp.Do(func() { close(hangUp) }) }
	defer hang()
	go func() {
		peer, err := ln.Accept()
		if err != nil {
			echoed <- err
			return
		}
		defer peer.Close()
		time.Sleep(50 * time.Millisecond) // the writer fills the socket's buffers first
		_, err = io.CopyN(peer, peer, 4<<20)
		echoed <- err
		<-hangUp
	}()
	c, err := quietDialer{timeout: 5 * time.Second}.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, ok := c.(*quietConn); !ok {
		t.Fatalf("dialled a %T, want *quietConn", c)
	}
	want := make([]byte, 4<<20)
	for i := range want {
		want[i] = byte(i * 7)
	}
	got := make([]byte, len(want))
	read := make(chan error, 1)
	go func() {
		_, err := io.ReadFull(c, got)
		read <- err
	}()
	if n, err := c.Write(want); err != nil || n != len(want) {
		t.Fatalf("write: %d bytes, %v", n, err)
	}
	if err := <-read; err != nil {
		t.Fatalf("read back: %v", err)
	}
	if err := <-echoed; err != nil {
		t.Fatalf("echo: %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("the bytes read back differ from those written")
	}
	c.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	var buf [16]byte
	if _, err := c.Read(buf[:]); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read past its deadline: %v, want a deadline error", err)
	}
	c.SetReadDeadline(time.Time{})
	hang()
	if _, err := c.Read(buf[:]); err != io.EOF {
		t.Fatalf("read after the peer closed: %v, want io.EOF", err)
	}
}
