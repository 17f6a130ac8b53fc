//go:build unix

package wt_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
)

// cdp speaks the DevTools protocol over Chromium's --remote-debugging-pipe
// (fd 3 into the browser, fd 4 out of it, messages separated by NUL), so
// the test reads the page's state without a WebSocket library or
// virtual time.
type cdp struct {
	w io.WriteCloser

	mu      sync.Mutex
	nextID  int
	pending map[int]chan cdpReply
	err     error // set when the pipe broke
	done    chan struct{}
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// cdpPipes makes the two pipes; child is what the browser gets as fds 3
// and 4 (close it in the parent once the browser started).
func cdpPipes() (c *cdp, child []*os.File, err error) {
	inR, inW, err := os.Pipe() // browser reads commands from inR
	if err != nil {
		return nil, nil, err
	}
	outR, outW, err := os.Pipe() // browser writes replies to outW
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, nil, err
	}
	c = &cdp{w: inW, pending: map[int]chan cdpReply{}, done: make(chan struct{})}
	go c.read(outR)
	return c, []*os.File{inR, outW}, nil
}

// read dispatches replies by id until the browser closes its end.
func (c *cdp) read(r *os.File) {
	defer close(c.done)
	defer r.Close()
	br := bufio.NewReader(r)
	for {
		msg, err := br.ReadBytes(0)
		if err != nil {
			c.mu.Lock()
			c.err = fmt.Errorf("devtools pipe: %w", err)
			for id, ch := range c.pending {
				close(ch)
				delete(c.pending, id)
			}
			c.mu.Unlock()
			return
		}
		var m struct {
			ID int `json:"id"`
			cdpReply
		}
		if json.Unmarshal(bytes.TrimSuffix(msg, []byte{0}), &m) != nil || m.ID == 0 {
			continue // an event
		}
		c.mu.Lock()
		ch := c.pending[m.ID]
		delete(c.pending, m.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- m.cdpReply
		}
	}
}

// call sends one command (to the browser, or to an attached page when
// session is set) and decodes its result into out.
func (c *cdp) call(ctx context.Context, session, method string, params, out any) error {
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return c.err
	}
	c.nextID++
	id := c.nextID
	ch := make(chan cdpReply, 1)
	c.pending[id] = ch
	c.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	b, _ := json.Marshal(msg)
	if _, err := c.w.Write(append(b, 0)); err != nil {
		return err
	}
	select {
	case rep, ok := <-ch:
		if !ok {
			return c.err
		}
		if rep.Error != nil {
			return fmt.Errorf("%s: %s", method, rep.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(rep.Result, out)
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// attachPage attaches to the first page target and returns its session.
func (c *cdp) attachPage(ctx context.Context) (string, error) {
	var targets struct {
		TargetInfos []struct {
			TargetID string `json:"targetId"`
			Type     string `json:"type"`
		} `json:"targetInfos"`
	}
	if err := c.call(ctx, "", "Target.getTargets", nil, &targets); err != nil {
		return "", err
	}
	for _, ti := range targets.TargetInfos {
		if ti.Type == "page" {
			var att struct {
				SessionID string `json:"sessionId"`
			}
			err := c.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": ti.TargetID, "flatten": true}, &att)
			return att.SessionID, err
		}
	}
	return "", errors.New("devtools: no page target")
}

// eval evaluates a JavaScript expression returning a string in the page.
func (c *cdp) eval(ctx context.Context, session, expr string) (string, error) {
	var res struct {
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := c.call(ctx, session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &res); err != nil {
		return "", err
	}
	if res.ExceptionDetails != nil {
		return "", fmt.Errorf("page: %s", res.ExceptionDetails.Text)
	}
	s, _ := res.Result.Value.(string)
	return s, nil
}

// close ends our side; the reader ends when the browser is gone.
func (c *cdp) close() {
	_ = c.w.Close()
	<-c.done
}
