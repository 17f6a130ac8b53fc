// Package wt serves Strata's protocol to browsers over WebTransport
// (HTTP/3, ALPN "h3") on the same UDP port as the native protocol.
//
// The transport (package transport, net/) demultiplexes QUIC connections
// by ALPN: "strata/1" is served natively, "h3" goes to Server.ServeConn,
// which runs an HTTP/3 server on that one connection. An extended CONNECT
// to Config.Path whose Origin is allowed becomes a WebTransport session;
// the session is wrapped as a transport.Session and handed to the
// transport's ServeSession, so a browser client goes through exactly the
// code path of a native one: the same control stream (client-opened,
// bidirectional), chunk stream (server-opened, unidirectional), datagrams,
// framing, limits and close codes. Only stream priorities are not applied
// (webtransport-go does not expose them).
//
// Wiring, in order (transport.Listen starts accepting before it returns,
// so the handler must exist first and learn its transport afterwards):
//
//	w, err := wt.New(wt.Config{SameHostPorts: []int{8080}, Log: log})
//	srv, err := transport.Listen(transport.Config{...,
//		ALPNHandlers: map[string]transport.ConnHandler{wt.ALPN: w.ServeConn}})
//	w.Attach(srv)
//
// Shutting the transport down (Server.Close) also ends every WebTransport
// session (with SHUTDOWN) and HTTP/3 connection; this package has no Close
// of its own. docs/protocol.md §12 is the specification.
package wt
