package client

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/klauspost/compress/flate"

	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
)

// chunkReaderSize is the buffer the chunk stream's frames are read from.
const chunkReaderSize = 64 << 10

// chunkSource returns the reader the chunk stream's frames are read from:
// st itself, or, when the server granted deflate-chunks, the decompressed
// stream. wire counts the bytes st delivers, decoded those of the frames
// (the same without compression).
func chunkSource(st io.Reader, deflate bool, wire, decoded *atomic.Uint64) *bufio.Reader {
	var r io.Reader = &countingReader{r: st, n: wire}
	if deflate {
		r = &countingReader{r: &inflateReader{fr: flate.NewReader(r)}, n: decoded}
	} else {
		r = &countingReader{r: r, n: decoded}
	}
	return bufio.NewReaderSize(r, chunkReaderSize)
}

// countingReader adds the bytes read through it to n.
type countingReader struct {
	r io.Reader
	n *atomic.Uint64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(uint64(n))
	return n, err
}

// inflateReader decompresses a raw DEFLATE stream (RFC 1951). A failure of
// the DEFLATE data itself — it is corrupt, or the stream ends inside it —
// is an *inflateError; errors of the stream below (a close, a reset) pass
// through unchanged, so they still say why the connection ended.
type inflateReader struct {
	fr io.Reader
}

func (r *inflateReader) Read(p []byte) (int, error) {
	n, err := r.fr.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		var corrupt flate.CorruptInputError
		var internal flate.InternalError
		if errors.As(err, &corrupt) || errors.As(err, &internal) || errors.Is(err, io.ErrUnexpectedEOF) {
			err = &inflateError{err: err}
		}
	}
	return n, err
}

// inflateError is a chunk stream granted deflate-chunks that does not
// decompress: the connection is closed with MALFORMED.
type inflateError struct{ err error }

func (e *inflateError) Error() string {
	return fmt.Sprintf("%s: the chunk stream does not decompress: %v", protocol.FeatureDeflateChunks, e.err)
}

func (e *inflateError) Unwrap() error { return e.err }

// streamCode is the code a reader's terminal error closes the connection
// with: MALFORMED for a stream that does not decompress, otherwise the
// framing's code (frame.Code).
func streamCode(err error) protocol.ErrorCode {
	var ie *inflateError
	if errors.As(err, &ie) {
		return protocol.ErrorCode_ERROR_CODE_MALFORMED
	}
	return frame.Code(err)
}
