//go:build !linux

package cluster

import (
	"net"
	"time"
)

// quietDialer dials plain TCP: the raw calls of the Linux one are not
// needed elsewhere (see quietconn_linux.go).
type quietDialer struct{ timeout time.Duration }

// Dial implements nats.CustomDialer.
func (d quietDialer) Dial(network, address string) (net.Conn, error) {
	return net.DialTimeout(network, address, d.timeout)
}
