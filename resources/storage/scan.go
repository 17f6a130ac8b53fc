package storage

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/batchrepr"
	"github.com/cockroachdb/pebble/v2/record"
	"github.com/cockroachdb/pebble/v2/sstable"
	"github.com/cockroachdb/pebble/v2/sstable/block"
	"github.com/cockroachdb/pebble/v2/sstable/colblk"
	"github.com/cockroachdb/pebble/v2/sstable/rowblk"
	"github.com/cockroachdb/pebble/v2/vfs"
)

// This file reads a Pebble directory's tables and logs directly, block by
// block and record by record, without Pebble's MANIFEST: what check and
// repair need to find every damaged block, skip it, and read everything
// around it, and what open needs to notice a MANIFEST that lost records.

// Damage is a damaged part of a database file.
type Damage struct {
	// File is the file's name: 000008.sst, 000010.log, MANIFEST-000009.
	File string
	// Where locates the damage in the file: "data block at offset 897048
	// (3517 bytes)", "whole table", "bytes 40960 to 65536".
	Where string
	// Problem says what is wrong, in one line.
	Problem string
	// After and Before bound the keys the damaged part may hold, both
	// exclusive; nil when it reaches the file's first or last key, or the
	// bound is unknown.
	After, Before []byte
	// First and Last, when set, are the first and last keys it holds
	// (a whole table, from the MANIFEST or its intact blocks).
	First, Last []byte
	// Keys are keys still legible in the damaged part: its checksum is
	// wrong, so they say what it held, but nothing of it is trusted.
	Keys [][]byte
	// keySeqs are the sequence numbers read with Keys.
	keySeqs []uint64
}

// Range describes the keys the damage may cover.
func (d Damage) Range() string {
	switch {
	case d.First != nil:
		return "keys " + DescribeKey(d.First) + " to " + DescribeKey(d.Last)
	case d.After == nil && d.Before == nil:
		return "keys unknown"
	case d.After == nil:
		return "keys before " + DescribeKey(d.Before)
	case d.Before == nil:
		return "keys after " + DescribeKey(d.After)
	}
	return "keys after " + DescribeKey(d.After) + " and before " + DescribeKey(d.Before)
}

// entry is one internal key and value read from a table or a log.
type entry struct {
	key  []byte
	seq  uint64
	kind pebble.InternalKeyKind
	// value is nil when elsewhere is set: the value lives in a table's
	// value block, which holds only older versions of a key that the same
	// table holds a newer version of.
	value     []byte
	elsewhere bool
}

// fileRef is one table or log in the directory.
type fileRef struct {
	num  uint64
	name string
	path string
	size int64
}

// dbFiles lists a Pebble directory's tables and logs by number.
type dbFiles struct {
	tables, logs []fileRef
	manifests    []string
}

func listFiles(dir string) (dbFiles, error) {
	var fs dbFiles
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fs, err
	}
	for _, e := range ents {
		name := e.Name()
		if strings.HasPrefix(name, "MANIFEST-") {
			fs.manifests = append(fs.manifests, name)
			continue
		}
		ext := filepath.Ext(name)
		if ext != ".sst" && ext != ".log" {
			continue
		}
		num, err := strconv.ParseUint(strings.TrimSuffix(name, ext), 10, 64)
		if err != nil || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			return fs, err
		}
		ref := fileRef{num: num, name: name, path: filepath.Join(dir, name), size: info.Size()}
		if ext == ".sst" {
			fs.tables = append(fs.tables, ref)
		} else {
			fs.logs = append(fs.logs, ref)
		}
	}
	byNum := func(a, b fileRef) int { return cmp.Compare(a.num, b.num) }
	slices.SortFunc(fs.tables, byNum)
	slices.SortFunc(fs.logs, byNum)
	return fs, nil
}

// tableName is Pebble's name for table num.
func tableName(num uint64) string { return fmt.Sprintf("%06d.sst", num) }

// readerOptions are the options Pebble itself reads tables with: the
// default comparer, and the default key schema of columnar formats.
func readerOptions() sstable.ReaderOptions {
	ks := colblk.DefaultKeySchema(pebble.DefaultComparer, 16)
	return sstable.ReaderOptions{Comparer: pebble.DefaultComparer, KeySchemas: sstable.MakeKeySchemas(&ks)}
}

// tableScan is what reading one table found.
type tableScan struct {
	damage      []Damage
	first, last []byte
	entries     int
}

// scanTable reads every entry of a table it can, block by block, calling
// visit with each (the entry is visit's to keep). A block that fails its
// checksum or does not decode is a Damage, bounded by its neighbours'
// keys, and the blocks after it are read on. Only failing to open the
// file is an error.
func scanTable(ref fileRef, visit func(*entry)) (tableScan, error) {
	var ts tableScan
	f, err := vfs.Default.Open(ref.path)
	if err != nil {
		return ts, fmt.Errorf("open %s: %w", ref.path, err)
	}
	readable, err := sstable.NewSimpleReadable(f)
	if err != nil {
		f.Close()
		return ts, fmt.Errorf("open %s: %w", ref.path, err)
	}
	r, err := sstable.NewReader(context.Background(), readable, readerOptions())
	if err != nil {
		readable.Close()
		ts.damage = append(ts.damage, Damage{File: ref.name, Where: "whole table", Problem: "unreadable: " + firstLine(err.Error())})
		return ts, nil
	}
	defer r.Close()
	layout, err := r.Layout()
	if err != nil || layout.Format >= sstable.TableFormatPebblev5 {
		// Columnar blocks, or an index too damaged to list the blocks:
		// read through Pebble's iterator up to the first damage.
		return scanTableIter(ref, r, visit), nil
	}
	valuePrefix := layout.Format >= sstable.TableFormatPebblev3
	type blockState struct {
		first, last []byte
		damage      *Damage
	}
	blocks := make([]blockState, len(layout.Data))
	for i, bh := range layout.Data {
		data, problem := readBlock(f, bh.Handle, false)
		bs := &blocks[i]
		if problem == "" {
			err := parseRowBlock(data, valuePrefix, func(e *entry) bool {
				if bs.first == nil {
					bs.first = e.key
				}
				bs.last = e.key
				ts.entries++
				visit(e)
				return true
			})
			if err == nil {
				continue
			}
			// The checksum matched bytes that do not decode: the block
			// was written so, and what was visited of it stands.
			problem = "undecodable block: " + err.Error()
		}
		d := &Damage{File: ref.name, Where: fmt.Sprintf("data block at offset %d (%d bytes)", bh.Offset, bh.Length), Problem: problem}
		looseKeys(f, bh.Handle, valuePrefix, func(e *entry) {
			if wellFormed(e.key) {
				d.Keys = append(d.Keys, e.key)
				d.keySeqs = append(d.keySeqs, e.seq)
			}
		})
		bs.damage = d
	}
	for i := range blocks {
		if ts.first == nil {
			ts.first = blocks[i].first
		}
		if blocks[i].last != nil {
			ts.last = blocks[i].last
		}
		d := blocks[i].damage
		if d == nil {
			continue
		}
		for j := i - 1; j >= 0 && d.After == nil; j-- {
			d.After = blocks[j].last
		}
		for j := i + 1; j < len(blocks) && d.Before == nil; j++ {
			d.Before = blocks[j].first
		}
		ts.damage = append(ts.damage, *d)
	}
	if len(ts.damage) == 0 {
		// The index, filter and properties blocks: damage there fails
		// Pebble's reads of the table although every record was read.
		if err := r.ValidateBlockChecksums(); err != nil {
			ts.damage = append(ts.damage, Damage{File: ref.name, Where: "index, filter or properties block",
				Problem: firstLine(err.Error()) + " (every record of the table was read; reads through Pebble fail)",
				First:   ts.first, Last: ts.last})
		}
	}
	return ts, nil
}

// scanTableIter reads a table through Pebble's point iterator, for the
// formats parseRowBlock does not read; damage ends the table's scan.
func scanTableIter(ref fileRef, r *sstable.Reader, visit func(*entry)) tableScan {
	var ts tableScan
	it, err := r.NewPointIter(context.Background(), sstable.IterOptions{})
	if err != nil {
		ts.damage = append(ts.damage, Damage{File: ref.name, Where: "whole table", Problem: "unreadable: " + firstLine(err.Error())})
		return ts
	}
	for kv := it.First(); kv != nil; kv = it.Next() {
		e := &entry{key: slices.Clone(kv.K.UserKey), seq: uint64(kv.K.SeqNum()), kind: kv.K.Kind()}
		if kv.V.IsInPlaceValue() {
			e.value = slices.Clone(kv.V.InPlaceValue())
		} else {
			e.elsewhere = true
		}
		if ts.first == nil {
			ts.first = e.key
		}
		ts.last = e.key
		ts.entries++
		visit(e)
	}
	if err := errors.Join(it.Error(), it.Close()); err != nil {
		where := "the whole table"
		if ts.last != nil {
			where = "from the key after the last one read to the table's end"
		}
		ts.damage = append(ts.damage, Damage{File: ref.name, Where: where, Problem: firstLine(err.Error()), After: ts.last})
	}
	return ts
}

// readBlock reads a block and its trailer, checks the checksum (CRC-32C,
// or xxHash64, whichever the table uses) and decompresses it. A damaged
// block returns a problem, and no data unless loose is set, when it
// returns what it can anyway.
func readBlock(f io.ReaderAt, h block.Handle, loose bool) ([]byte, string) {
	if h.Length > 1<<30 {
		return nil, fmt.Sprintf("block length %d is impossible", h.Length)
	}
	raw := make([]byte, h.Length+block.TrailerLen)
	if _, err := f.ReadAt(raw, int64(h.Offset)); err != nil {
		return nil, "unreadable block: " + err.Error()
	}
	problem := ""
	if err := block.ValidateChecksum(block.ChecksumTypeCRC32c, raw, h); err != nil {
		if block.ValidateChecksum(block.ChecksumTypeXXHash64, raw, h) != nil {
			problem = firstLine(err.Error())
		}
	}
	if problem != "" && !loose {
		return nil, problem
	}
	data, err := decompress(raw[:h.Length], block.CompressionIndicator(raw[h.Length]))
	if err != nil {
		if problem == "" {
			problem = "undecompressable block: " + firstLine(err.Error())
		}
		return nil, problem
	}
	return data, problem
}

// decompress decompresses a block; a damaged one may make the
// decompressor fail in any way, which is an error here.
func decompress(b []byte, ci block.CompressionIndicator) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("decompressor failed: %v", r)
		}
	}()
	if ci == block.NoCompressionIndicator {
		return b, nil
	}
	n, err := block.DecompressedLen(ci, b)
	if err != nil {
		return nil, err
	}
	if n < 0 || n > 1<<30 {
		return nil, fmt.Errorf("decompressed length %d is impossible", n)
	}
	out = make([]byte, n)
	if err := block.DecompressInto(ci, b, out); err != nil {
		return nil, err
	}
	return out, nil
}

// looseKeys reads what it can of a damaged row block, to say which keys
// it held: the whole block when it still decompresses, else the entries
// before the damage, which a tolerant Snappy decoder recovers (the
// restart points at the block's end are lost with the rest).
func looseKeys(f io.ReaderAt, h block.Handle, valuePrefix bool, fn func(*entry)) {
	visit := func(e *entry) bool { fn(e); return true }
	if data, _ := readBlock(f, h, true); data != nil {
		_ = parseRowBlock(data, valuePrefix, visit)
		return
	}
	raw := make([]byte, h.Length+block.TrailerLen)
	if _, err := f.ReadAt(raw, int64(h.Offset)); err != nil {
		return
	}
	if block.CompressionIndicator(raw[h.Length]) != block.SnappyCompressionIndicator {
		return
	}
	_ = parseRowEntries(snappyPrefix(raw[:h.Length]), valuePrefix, visit)
}

// snappyPrefix decodes a Snappy block up to its first inconsistency and
// returns what it decoded (Snappy: a varint length, then literals and
// back-references tagged by their low two bits).
func snappyPrefix(src []byte) []byte {
	n, k := binary.Uvarint(src)
	if k <= 0 || n > 1<<30 {
		return nil
	}
	dst := make([]byte, 0, n)
	for p := k; p < len(src) && uint64(len(dst)) < n; {
		tag := src[p]
		p++
		var length, offset int
		switch tag & 3 {
		case 0: // literal
			length = int(tag>>2) + 1
			if extra := int(tag>>2) - 59; extra > 0 {
				if p+extra > len(src) {
					return dst
				}
				length = 0
				for i := extra - 1; i >= 0; i-- {
					length = length<<8 | int(src[p+i])
				}
				length++
				p += extra
			}
			if length > len(src)-p {
				return append(dst, src[p:]...)
			}
			dst = append(dst, src[p:p+length]...)
			p += length
			continue
		case 1:
			if p+1 > len(src) {
				return dst
			}
			length = 4 + int(tag>>2)&7
			offset = int(tag&0xe0)<<3 | int(src[p])
			p++
		case 2:
			if p+2 > len(src) {
				return dst
			}
			length = 1 + int(tag>>2)
			offset = int(binary.LittleEndian.Uint16(src[p:]))
			p += 2
		case 3:
			if p+4 > len(src) {
				return dst
			}
			length = 1 + int(tag>>2)
			offset = int(binary.LittleEndian.Uint32(src[p:]))
			p += 4
		}
		if offset <= 0 || offset > len(dst) || uint64(len(dst)+length) > n {
			return dst
		}
		for i := 0; i < length; i++ { // may overlap itself
			dst = append(dst, dst[len(dst)-offset])
		}
	}
	return dst
}

var errBadBlock = errors.New("malformed row block")

// parseRowBlock decodes a row-oriented data block, the format Pebble's
// tables up to v4 use (LevelDB's): entries of shared and unshared key
// lengths and value length (varints), the key's unshared bytes and the
// value; then the restart offsets and their count. Keys are internal keys
// (user key, then seqnum<<8|kind); from v3 a SET's value starts with a
// prefix byte saying whether it is in place. Every length is checked, so
// damaged bytes give an error and never a panic. fn keeps its entry and
// returns false to stop.
func parseRowBlock(b []byte, valuePrefix bool, fn func(*entry) bool) error {
	if len(b) < 4 {
		return fmt.Errorf("%w: %d bytes", errBadBlock, len(b))
	}
	n := uint64(binary.LittleEndian.Uint32(b[len(b)-4:]))
	if n == 0 || 4+4*n > uint64(len(b)) {
		return fmt.Errorf("%w: %d restart points in %d bytes", errBadBlock, n, len(b))
	}
	return parseRowEntries(b[:len(b)-4-4*int(n)], valuePrefix, fn)
}

// parseRowEntries decodes a row block's entries, without its restart
// points; it stops at the first that does not decode.
func parseRowEntries(b []byte, valuePrefix bool, fn func(*entry) bool) error {
	end := len(b)
	var key []byte
	uvarint := func(p *int) (int, bool) {
		v, k := binary.Uvarint(b[*p:end])
		if k <= 0 || v > uint64(end) {
			return 0, false
		}
		*p += k
		return int(v), true
	}
	for p := 0; p < end; {
		shared, ok1 := uvarint(&p)
		unshared, ok2 := uvarint(&p)
		vlen, ok3 := uvarint(&p)
		if !ok1 || !ok2 || !ok3 || shared > len(key) || unshared > end-p {
			return fmt.Errorf("%w: bad entry header at offset %d", errBadBlock, p)
		}
		key = append(key[:shared], b[p:p+unshared]...)
		p += unshared
		if vlen > end-p || len(key) < 8 {
			return fmt.Errorf("%w: bad entry at offset %d", errBadBlock, p)
		}
		v := b[p : p+vlen]
		p += vlen
		trailer := binary.LittleEndian.Uint64(key[len(key)-8:]) & uint64(rowblk.TrailerObsoleteMask)
		e := &entry{key: slices.Clone(key[:len(key)-8]), seq: trailer >> 8, kind: pebble.InternalKeyKind(trailer & 0xff)}
		switch {
		case valuePrefix && e.kind == pebble.InternalKeyKindSet:
			if len(v) == 0 {
				return fmt.Errorf("%w: value without its prefix at offset %d", errBadBlock, p)
			}
			if block.ValuePrefix(v[0]).IsInPlaceValue() {
				e.value = slices.Clone(v[1:])
			} else {
				e.elsewhere = true
			}
		default:
			e.value = slices.Clone(v)
		}
		if !fn(e) {
			return nil
		}
	}
	return nil
}

// walBlockSize is the size of the blocks a Pebble log is written in;
// every block starts with a record chunk's header.
const walBlockSize = 32 << 10

// newLogReader calls record.NewReader, whose log number type Pebble keeps
// internal: inference names it.
func newLogReader[N ~uint64](newReader func(io.Reader, N) *record.Reader, r io.Reader, num uint64) *record.Reader {
	return newReader(r, N(num))
}

// logScan is what reading one log found.
type logScan struct {
	damage  []Damage
	batches int
	entries int
	// tail is set when the log ends in bytes that are not a record, as
	// the last write before a crash leaves them: not damage.
	tail string
}

// scanLog reads every batch of a write-ahead log it can, calling visit
// with each entry. Pebble stops replaying the newest log at its first bad
// chunk, taking what follows for the torn end of the last write; scanLog
// looks past it, and when an intact chunk of the same log follows, the
// bad bytes are damage (Pebble would silently drop every record after
// them) and the records after them are read on.
func scanLog(ref fileRef, visit func(*entry)) (logScan, error) {
	var ls logScan
	data, err := os.ReadFile(ref.path)
	if err != nil {
		return ls, fmt.Errorf("read %s: %w", ref.path, err)
	}
	for off := 0; off < len(data); {
		stop, err := readLogFrom(data, ref, off, &ls, visit)
		if err == nil {
			return ls, nil
		}
		if !chunkAfterDamage(data, stop, ref.num) {
			ls.tail = fmt.Sprintf("the last %d bytes (from offset %d) are not a whole record: %s", len(data)-stop, stop, firstLine(err.Error()))
			return ls, nil
		}
		next := len(data)
		for b := (stop/walBlockSize + 1) * walBlockSize; b < len(data); b += walBlockSize {
			if logReadableAt(data, ref.num, b) {
				next = b
				break
			}
		}
		ls.damage = append(ls.damage, Damage{File: ref.name, Where: fmt.Sprintf("bytes %d to %d", stop, next),
			Problem: "damaged records, with intact ones of the same log after them (" + firstLine(err.Error()) + ")"})
		off = next
	}
	return ls, nil
}

// readLogFrom reads the records of a log from a block boundary on. It
// returns nil at the log's clean end, else the error that stopped it and
// the offset where the last whole record ended.
func readLogFrom(data []byte, ref fileRef, off int, ls *logScan, visit func(*entry)) (int, error) {
	rr := newLogReader(record.NewReader, bytes.NewReader(data[off:]), ref.num)
	at := off
	for {
		rec, err := rr.Next()
		if errors.Is(err, io.EOF) {
			return at, nil
		}
		if err == nil {
			var b []byte
			if b, err = io.ReadAll(rec); err == nil {
				if berr := readBatch(b, ls, visit); berr != nil {
					// The record's checksum held, so it was written so:
					// damage, but the records around it stand.
					ls.damage = append(ls.damage, Damage{File: ref.name, Where: fmt.Sprintf("record at offset %d", at), Problem: berr.Error()})
				}
				at = off + int(rr.Offset())
				continue
			}
		}
		return at, err
	}
}

// logReadableAt reports whether a whole record can be read from the log
// block at off.
func logReadableAt(data []byte, num uint64, off int) bool {
	rr := newLogReader(record.NewReader, bytes.NewReader(data[off:]), num)
	rec, err := rr.Next()
	if err != nil {
		return false
	}
	_, err = io.ReadAll(rec)
	return err == nil
}

// chunkAfterDamage reports whether an intact chunk of log num follows
// the first bad chunk after off: then the bad bytes are damage, not the
// torn end of the last write. It walks the chunks (a header's length
// leads to the next; a block too short for a header is padding), jumping
// to the next block where a header is unusable. Chunks of other logs, a
// recycled file's old contents, never count.
func chunkAfterDamage(data []byte, off int, num uint64) bool {
	bad := false
	for p := off; p < len(data); {
		blockEnd := min((p/walBlockSize+1)*walBlockSize, len(data))
		if blockEnd-p < 7 {
			p = blockEnd
			continue
		}
		size, ok := chunkAt(data[p:blockEnd], num)
		if ok && bad {
			return true
		}
		if !ok {
			bad = true
		}
		if size > 0 {
			p += size
		} else {
			p = blockEnd
		}
	}
	return false
}

// chunkAt checks the chunk at the start of b (which ends at its block's
// end): its size, when the header is plausible, and whether its checksum
// holds. Chunk headers: checksum (4), length (2), type (1), then for the
// recyclable and sync types the log number (4) and a synced offset (8);
// the masked CRC-32C covers the type byte through the payload.
func chunkAt(b []byte, num uint64) (size int, ok bool) {
	var hs int
	switch typ := b[6]; {
	case typ >= 1 && typ <= 4:
		hs = 7
	case typ >= 5 && typ <= 8:
		hs = 11
	case typ >= 9 && typ <= 12:
		hs = 19
	default:
		return 0, false
	}
	length := int(binary.LittleEndian.Uint16(b[4:]))
	if hs+length > len(b) {
		return 0, false
	}
	if hs > 7 && binary.LittleEndian.Uint32(b[7:]) != uint32(num) {
		return 0, false
	}
	c := crc32.Checksum(b[6:hs+length], castagnoli)
	return hs + length, (c>>15|c<<17)+0xa282ead8 == binary.LittleEndian.Uint32(b)
}

// readBatch decodes one log record: a batch's header (first sequence
// number and count), then its entries, one sequence number each.
func readBatch(data []byte, ls *logScan, visit func(*entry)) error {
	h, ok := batchrepr.ReadHeader(data)
	if !ok {
		return fmt.Errorf("record of %d bytes is not a batch", len(data))
	}
	ls.batches++
	rd := batchrepr.Read(data)
	seq := uint64(h.SeqNum)
	for {
		kind, key, value, ok, err := rd.Next()
		if err != nil {
			return fmt.Errorf("batch at seqnum %d: %s", seq, firstLine(err.Error()))
		}
		if !ok {
			return nil
		}
		if kind == pebble.InternalKeyKindLogData {
			continue // takes no sequence number
		}
		ls.entries++
		visit(&entry{key: slices.Clone(key), seq: seq, kind: kind, value: slices.Clone(value)})
		seq++
	}
}
