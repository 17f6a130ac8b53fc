package scenario

// SystemLines returns the system chat lines c received (commands'
// replies, announcements), oldest first.
func (c *Client) SystemLines() []string {
	var out []string
	for _, m := range c.Control() {
		if b := m.GetChatBroadcast(); b != nil && b.GetSystem() {
			out = append(out, b.GetText())
		}
	}
	return out
}

// Command sends line as c's chat (a command: "/home") and steps until c
// receives a new system line, which it returns: the command's reply.
func (s *Scenario) Command(c *Client, line string) string {
	s.t.Helper()
	n := len(c.SystemLines())
	if err := c.Chat(line); err != nil {
		s.t.Fatalf("%s: chat %q: %v", c.Name(), line, err)
	}
	var reply string
	s.StepUntil(func() bool {
		if l := c.SystemLines(); len(l) > n {
			reply = l[n]
			return true
		}
		return false
	}, c.Name()+"'s reply to "+line)
	return reply
}
