package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// errTooManyResults is a multi-get whose subjects match more messages
// than the server answers at once.
var errTooManyResults = errors.New("multi-get matches too many messages")

// errStaleReplica is a read answered by a replica that has not applied
// what the reader must see.
var errStaleReplica = errors.New("replica behind this shard's acknowledged writes")

// freshGet reads key's latest value in the world bucket from a replica
// that has applied at least world-stream sequence floor. A KV Get is a
// direct get, which any replica answers from what it has applied: a
// follower a little behind, or one catching up after a leader died,
// returns an older value than one this shard wrote. JetStream
// (2.12–2.15) offers no read-after-write, so the read asks for the last
// message of key, and of the meta key and this shard's key (so that the
// answer is never empty), in one multi-get, whose end-of-batch reply says
// how far the answering replica has applied; one behind floor is asked
// again. A deleted or expired key is ok == false, like one never written.
func (l *link) freshGet(ctx context.Context, family, key string, floor uint64) (val []byte, rev uint64, ok bool, err error) {
	var got kvLast
	err = l.freshGetMany(ctx, family, []string{key}, floor, func(_ int, v kvLast) { got = v })
	return got.val, got.rev, got.ok, err
}

// kvLast is a key's last message in a multi-get: its value, revision,
// and whether it holds one (not deleted, expired or never written).
type kvLast struct {
	val []byte
	rev uint64
	ok  bool
}

// maxMultiGet is how many keys one multi-get asks for: the server answers
// at most 1,024 messages, and the meta and shard keys come with them.
const maxMultiGet = 512

// freshGetMany is freshGet for many keys, in one multi-get per
// maxMultiGet of them: fn is called with the index of each key and what
// it holds, once per key, from one replica's answer.
func (l *link) freshGetMany(ctx context.Context, family string, keys []string, floor uint64, fn func(i int, v kvLast)) error {
	for off := 0; off < len(keys); off += maxMultiGet {
		end := min(off+maxMultiGet, len(keys))
		if err := l.freshGetBatch(ctx, family, keys[off:end], floor, func(i int, v kvLast) { fn(off+i, v) }); err != nil {
			return err
		}
	}
	return nil
}

// freshGetBatch is one multi-get of freshGetMany, asked again until a
// replica that has applied floor answers.
func (l *link) freshGetBatch(ctx context.Context, family string, keys []string, floor uint64, fn func(i int, v kvLast)) error {
	start := time.Now()
	defer l.roundTrip(start)
	subjs := make([]string, 0, len(keys)+2)
	at := make(map[string]int, len(keys)) // a subject's first key
	first := make([]int, len(keys))
	for i, k := range keys {
		subj := l.worldPre + k
		j, seen := at[subj]
		if !seen {
			j, at[subj] = i, i
			subjs = append(subjs, subj)
		}
		first[i] = j
	}
	subjs = append(subjs, l.worldPre+"meta", l.worldPre+shardKey(l.o.Shard))
	req, _ := json.Marshal(struct {
		MultiLast []string `json:"multi_last"`
	}{subjs})
	got := make([]kvLast, len(keys))
	wait := time.Millisecond
	for {
		clear(got)
		upTo, err := l.multiGet(ctx, req, func(subj string, v kvLast) {
			if i, ok := at[subj]; ok {
				got[i] = v
			}
		})
		switch {
		case err != nil && !errors.Is(err, errStaleReplica):
			return fmt.Errorf("get %s: %w", describeKeys(keys), err)
		case err == nil && upTo >= floor:
			n := 0
			for i, j := range first {
				if got[j].ok {
					n++
				}
				fn(i, got[j])
			}
			if n > 0 {
				l.count(family, true, n)
			}
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("get %s: %w (applied %d, wanted %d): %w", describeKeys(keys), errStaleReplica, upTo, floor, ctx.Err())
		case <-time.After(wait):
		}
		wait = min(2*wait, 50*time.Millisecond)
	}
}

// describeKeys names keys in an error: the key, or the first and how many.
func describeKeys(keys []string) string {
	if len(keys) == 1 {
		return keys[0]
	}
	return fmt.Sprintf("%s and %d more keys", keys[0], len(keys)-1)
}

// multiGet sends one multi-last direct get and collects its replies: fn
// is called with each stored subject's last message, and upTo is the
// sequence the answering replica had applied (Nats-UpTo-Sequence of the
// end-of-batch reply).
func (l *link) multiGet(ctx context.Context, req []byte, fn func(subj string, v kvLast)) (upTo uint64, err error) {
	inbox := l.nc.NewRespInbox()
	sub, err := l.nc.SubscribeSync(inbox)
	if err != nil {
		return 0, err
	}
	defer func() { _ = sub.Unsubscribe() }()
	if err := l.nc.PublishRequest("$JS.API.DIRECT.GET.KV_"+l.o.Bucket+"_world", inbox, req); err != nil {
		return 0, err
	}
	for {
		m, err := sub.NextMsgWithContext(ctx)
		if err != nil {
			return 0, err
		}
		status := m.Header.Get("Status")
		switch {
		case status == "204": // end of batch
			upTo, err = strconv.ParseUint(m.Header.Get("Nats-UpTo-Sequence"), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("direct get: end of batch without Nats-UpTo-Sequence")
			}
			return upTo, nil
		case status == "413":
			return 0, errTooManyResults
		case status == "404", status == "503":
			// No results (a replica without even this shard's key) or
			// no replica answering yet: behind, for the caller to ask again.
			return 0, errStaleReplica
		case status != "":
			return 0, fmt.Errorf("direct get: status %s %s", status, m.Header.Get("Description"))
		}
		subj := m.Header.Get("Nats-Subject")
		rev, err := strconv.ParseUint(m.Header.Get("Nats-Sequence"), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("direct get: %s without Nats-Sequence", subj)
		}
		fn(subj, kvLast{val: m.Data, rev: rev, ok: !deletedEntry(m.Header)})
	}
}

// deletedEntry reports whether a KV message is a delete, a purge or a
// TTL marker rather than a value (as the KV client reads them).
func deletedEntry(h nats.Header) bool {
	return h.Get("KV-Operation") != "" || h.Get(jetstream.MarkerReasonHeader) != ""
}

// wrongLastSeq returns the sequence a compare-and-set refused with
// "wrong last sequence: N" found the subject at, or 0.
func wrongLastSeq(err error) uint64 {
	var ae *jetstream.APIError
	if !errors.As(err, &ae) || ae.ErrorCode != jetstream.JSErrCodeStreamWrongLastSequence {
		return 0
	}
	i := strings.LastIndexByte(ae.Description, ' ')
	n, _ := strconv.ParseUint(ae.Description[i+1:], 10, 64)
	return n
}

// leaderGet reads subj's last message in stream from the stream's leader
// (the message-get API, not a direct get), for a record another shard
// wrote in a stream whose sequences this one cannot compare (a player's
// record, read after the session of his last shard ended): a follower
// behind would give an older position. Only while a new leader is being
// elected can the answer still be old. A deleted key is ok == false.
func (l *link) leaderGet(stream, subj, family string) ([]byte, bool, error) {
	ctx, cancel := context.WithTimeout(l.ctx, opTimeout)
	defer cancel()
	hdr, data, found, err := l.leaderLast(ctx, stream, subj)
	if err != nil || !found {
		return nil, false, err
	}
	if len(hdr) > 0 {
		h, err := nats.DecodeHeadersMsg(hdr)
		if err != nil {
			return nil, false, fmt.Errorf("get %s: headers: %w", subj, err)
		}
		if deletedEntry(h) {
			return nil, false, nil
		}
	}
	l.count(family, true, 1)
	return data, true, nil
}

// leaderLast asks stream's leader for subj's last message: its headers
// and data, found false when the subject has none (a deletion is a
// message, with its headers saying so).
func (l *link) leaderLast(ctx context.Context, stream, subj string) (hdr, data []byte, found bool, err error) {
	start := time.Now()
	defer l.roundTrip(start)
	req, _ := json.Marshal(struct {
		LastFor string `json:"last_by_subj"`
	}{subj})
	m, err := l.nc.RequestWithContext(ctx, "$JS.API.STREAM.MSG.GET."+stream, req)
	if err != nil {
		return nil, nil, false, fmt.Errorf("get %s: %w", subj, err)
	}
	var resp struct {
		Error *struct {
			Code        int    `json:"err_code"`
			Description string `json:"description"`
		} `json:"error"`
		Message *struct {
			Header []byte `json:"hdrs"`
			Data   []byte `json:"data"`
		} `json:"message"`
	}
	if err := json.Unmarshal(m.Data, &resp); err != nil {
		return nil, nil, false, fmt.Errorf("get %s: %w", subj, err)
	}
	switch {
	case resp.Error != nil && resp.Error.Code == int(jetstream.JSErrCodeMessageNotFound):
		return nil, nil, false, nil
	case resp.Error != nil:
		return nil, nil, false, fmt.Errorf("get %s: %s (%d)", subj, resp.Error.Description, resp.Error.Code)
	case resp.Message == nil:
		return nil, nil, false, fmt.Errorf("get %s: empty answer", subj)
	}
	return resp.Message.Header, resp.Message.Data, true, nil
}
