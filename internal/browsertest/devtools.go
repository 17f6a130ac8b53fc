package browsertest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
)

// DevTools speaks the DevTools protocol over Chromium's
// --remote-debugging-pipe: fd 3 into the browser, fd 4 out of it,
// messages separated by NUL.
type DevTools struct {
	w io.WriteCloser

	mu       sync.Mutex
	nextID   int
	pending  map[int]chan devtoolsReply
	targets  map[string]string // session → target
	thrown   []string          // uncaught exceptions in attached pages
	err      error             // set once the pipe broke
	done     chan struct{}
	closeOne sync.Once
}

type devtoolsReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// newDevTools makes the two pipes; child is what the browser gets as fds
// 3 and 4 (the caller closes them once the browser started).
func newDevTools() (*DevTools, []*os.File, error) {
	inR, inW, err := os.Pipe() // the browser reads commands from inR
	if err != nil {
		return nil, nil, err
	}
	outR, outW, err := os.Pipe() // and writes replies and events to outW
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, nil, err
	}
	d := &DevTools{w: inW, pending: map[int]chan devtoolsReply{}, targets: map[string]string{}, done: make(chan struct{})}
	go d.read(outR)
	return d, []*os.File{inR, outW}, nil
}

// read dispatches replies by id, and keeps exceptions, until the browser
// closes its end.
func (d *DevTools) read(r *os.File) {
	defer close(d.done)
	defer r.Close()
	br := bufio.NewReader(r)
	for {
		msg, err := br.ReadBytes(0)
		if err != nil {
			d.mu.Lock()
			d.err = fmt.Errorf("devtools pipe: %w", err)
			for id, ch := range d.pending {
				close(ch)
				delete(d.pending, id)
			}
			d.mu.Unlock()
			return
		}
		var m struct {
			ID     int    `json:"id"`
			Method string `json:"method"`
			Params struct {
				ExceptionDetails struct {
					Text      string `json:"text"`
					Exception struct {
						Description string `json:"description"`
					} `json:"exception"`
				} `json:"exceptionDetails"`
			} `json:"params"`
			devtoolsReply
		}
		if json.Unmarshal(bytes.TrimSuffix(msg, []byte{0}), &m) != nil {
			continue
		}
		if m.ID == 0 {
			if m.Method == "Runtime.exceptionThrown" {
				e := m.Params.ExceptionDetails
				d.mu.Lock()
				d.thrown = append(d.thrown, strings.TrimSpace(e.Text+" "+e.Exception.Description))
				d.mu.Unlock()
			}
			continue
		}
		d.mu.Lock()
		ch := d.pending[m.ID]
		delete(d.pending, m.ID)
		d.mu.Unlock()
		if ch != nil {
			ch <- m.devtoolsReply
		}
	}
}

// Call sends one command (to the browser, or to an attached page when
// session is set) and decodes its result into out (unless nil).
func (d *DevTools) Call(ctx context.Context, session, method string, params, out any) error {
	d.mu.Lock()
	if d.err != nil {
		d.mu.Unlock()
		return d.err
	}
	d.nextID++
	id := d.nextID
	ch := make(chan devtoolsReply, 1)
	d.pending[id] = ch
	d.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	buf, _ := json.Marshal(msg)
	if _, err := d.w.Write(append(buf, 0)); err != nil {
		return err
	}
	select {
	case rep, ok := <-ch:
		if !ok {
			return d.err // set before the reader closed ch
		}
		if rep.Error != nil {
			return fmt.Errorf("%s: %s", method, rep.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(rep.Result, out)
		}
		return nil
	case <-ctx.Done():
		d.mu.Lock()
		delete(d.pending, id)
		d.mu.Unlock()
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// AttachPage attaches to the first page target (see Attach).
func (d *DevTools) AttachPage(ctx context.Context) (string, error) {
	var targets struct {
		TargetInfos []struct {
			TargetID string `json:"targetId"`
			Type     string `json:"type"`
		} `json:"targetInfos"`
	}
	if err := d.Call(ctx, "", "Target.getTargets", nil, &targets); err != nil {
		return "", err
	}
	for _, ti := range targets.TargetInfos {
		if ti.Type == "page" {
			return d.Attach(ctx, ti.TargetID)
		}
	}
	return "", errors.New("devtools: no page target")
}

// Attach attaches to a target, returns the session, and records the
// target's uncaught exceptions (see Exceptions).
func (d *DevTools) Attach(ctx context.Context, target string) (string, error) {
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := d.Call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target, "flatten": true}, &att); err != nil {
		return "", err
	}
	d.mu.Lock()
	d.targets[att.SessionID] = target
	d.mu.Unlock()
	return att.SessionID, d.Call(ctx, att.SessionID, "Runtime.enable", nil, nil)
}

// TargetOf is the target an attached session belongs to.
func (d *DevTools) TargetOf(session string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.targets[session]
}

// Exceptions returns the uncaught exceptions of the attached pages so far.
func (d *DevTools) Exceptions() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.thrown)
}

// Eval evaluates a JavaScript expression in the page, awaiting a promise,
// and returns its value as JSON decodes it (string, float64, bool, nil,
// map or slice). A thrown exception is an error.
func (d *DevTools) Eval(ctx context.Context, session, expr string) (any, error) {
	var res struct {
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := d.Call(ctx, session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &res); err != nil {
		return nil, err
	}
	if e := res.ExceptionDetails; e != nil {
		return nil, fmt.Errorf("page: %s %s", e.Text, e.Exception.Description)
	}
	return res.Result.Value, nil
}

// Screenshot captures the page's viewport as PNG.
func (d *DevTools) Screenshot(ctx context.Context, session string) ([]byte, error) {
	var res struct {
		Data string `json:"data"`
	}
	if err := d.Call(ctx, session, "Page.captureScreenshot", map[string]any{"format": "png"}, &res); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(res.Data)
}

// OpenTab opens url in a new tab, attaches to it and returns its session.
func (d *DevTools) OpenTab(ctx context.Context, url string) (string, error) {
	var tgt struct {
		TargetID string `json:"targetId"`
	}
	if err := d.Call(ctx, "", "Target.createTarget", map[string]any{"url": url}, &tgt); err != nil {
		return "", err
	}
	return d.Attach(ctx, tgt.TargetID)
}

// Close ends our side and waits for the reader, which ends once the
// browser is gone.
func (d *DevTools) Close() {
	d.closeOne.Do(func() {
		_ = d.w.Close()
		<-d.done
	})
}
