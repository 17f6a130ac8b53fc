// Package wire is what Strata's plugins and its transport share of the
// wire, independent of any session: frames encoded once and queued on any
// number of clients (Encoded, EncodeControl, EncodeChunk, EncodeDatagram),
// a FramePool for the frames built for one connection, the hand-written
// encoders of the hot paths (EncodeDrops and the Append* lists of
// positions and columns, SectionEncoder, DatagramArena with
// AppendPlayerState and AppendCompactState), pooled datagram inputs
// (InputPool, DecodeInputDatagram), the kinds of inbound events
// (EventKind), and the values a connection and the tick exchange
// (Admission, Queued, ChatLimits, ValidChannel).
//
// The schema is net/protocol and the framing net/frame; the QUIC transport
// (package transport, at net) imports this package, and only the server's
// composition imports the transport, so a plugin never needs it.
package wire
