package resources

import (
	"errors"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

type recSaver struct {
	err   error
	saved map[chunk.Pos]uint64
}

func (s *recSaver) SaveEvicted(p chunk.Pos, _ chunk.Section, rev uint64) error {
	if s.err != nil {
		return s.err
	}
	if s.saved == nil {
		s.saved = map[chunk.Pos]uint64{}
	}
	s.saved[p] = rev
	return nil
}

func TestChunkStoreInsert(t *testing.T) {
	s := NewChunkStore()
	p := chunk.Pos{X: -1, Y: 2, Z: 3}
	if err := s.Insert(p, chunk.Uniform(chunk.Stone), 4); err != nil {
		t.Fatal(err)
	}
	if err := s.Insert(p, chunk.Uniform(chunk.Dirt), 0); err == nil {
		t.Fatal("second insert at the same position succeeded")
	}
	if err := s.Insert(chunk.Pos{Y: chunk.MaxSectionY + 1}, chunk.Section{}, 0); err == nil {
		t.Fatal("insert above the world succeeded")
	}
	if rev, ok := s.Revision(p); !ok || rev != 4 {
		t.Fatalf("Revision = %d, %v", rev, ok)
	}
	if s.Len() != 1 || s.Dense() != 0 || s.Uniform() != 1 || s.Bytes() != 0 || s.IsDirty(p) {
		t.Fatalf("counts after insert: len %d dense %d uniform %d bytes %d", s.Len(), s.Dense(), s.Uniform(), s.Bytes())
	}
}

func TestChunkStoreBlocks(t *testing.T) {
	s := NewChunkStore()
	p := chunk.Pos{X: -1, Y: -1, Z: 0} // blocks x -16..-1, y -16..-1, z 0..15
	if err := s.Insert(p, chunk.Uniform(chunk.Stone), 0); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		x, y, z  int
		b        chunk.Block
		resident bool
	}{
		{-1, -1, 0, chunk.Stone, true},
		{-16, -16, 15, chunk.Stone, true},
		{0, -1, 0, chunk.Air, false},
		{-17, -1, 0, chunk.Air, false},
		{-1, 0, 0, chunk.Air, false},
		{-1, -1, 16, chunk.Air, false},
		{-1, -1, -1, chunk.Air, false},
	}
	for _, tc := range tests {
		b, ok := s.Block(tc.x, tc.y, tc.z)
		if b != tc.b || ok != tc.resident {
			t.Errorf("Block(%d,%d,%d) = %v, %v; want %v, %v", tc.x, tc.y, tc.z, b, ok, tc.b, tc.resident)
		}
	}
	// Reads and failed writes around the section create nothing: no
	// phantom ring.
	for dx := -20; dx <= 20; dx++ {
		s.Block(dx, -5, 3)
		s.SetBlock(dx, 5, 3, chunk.Dirt)
	}
	if s.Len() != 1 {
		t.Fatalf("probing created sections: %d resident", s.Len())
	}
}

func TestChunkStoreSetBlock(t *testing.T) {
	s := NewChunkStore()
	p := chunk.Pos{}
	if err := s.Insert(p, chunk.Uniform(chunk.Air), 0); err != nil {
		t.Fatal(err)
	}
	if changed, ok := s.SetBlock(1, 2, 3, chunk.Air); changed || !ok {
		t.Fatalf("writing the same block: changed %v ok %v", changed, ok)
	}
	if rev, _ := s.Revision(p); rev != 0 || s.IsDirty(p) {
		t.Fatal("a no-op write bumped the revision or dirtied the section")
	}
	if changed, ok := s.SetBlock(1, 2, 3, chunk.Stone); !changed || !ok {
		t.Fatal("write not applied")
	}
	if b, _ := s.Block(1, 2, 3); b != chunk.Stone {
		t.Fatalf("read back %v", b)
	}
	if rev, _ := s.Revision(p); rev != 1 || !s.IsDirty(p) || s.DirtyCount() != 1 {
		t.Fatal("edit did not bump the revision and mark dirty")
	}
	if s.Dense() != 1 || s.Bytes() != chunk.Volume*2 {
		t.Fatalf("dense %d bytes %d after the first edit", s.Dense(), s.Bytes())
	}
	// Writing air back collapses the section to uniform again.
	s.SetBlock(1, 2, 3, chunk.Air)
	if s.Dense() != 0 || s.Bytes() != 0 {
		t.Fatalf("dense %d bytes %d after undoing the edit", s.Dense(), s.Bytes())
	}
	if rev, _ := s.Revision(p); rev != 2 {
		t.Fatalf("revision %d, want 2", rev)
	}
	if s.MarkSaved(p, 1) {
		t.Fatal("MarkSaved with a stale revision cleared the flag")
	}
	if !s.MarkSaved(p, 2) || s.IsDirty(p) || s.DirtyCount() != 0 {
		t.Fatal("MarkSaved with the current revision did not clear the flag")
	}
}

func TestChunkStoreEvict(t *testing.T) {
	dirty := chunk.Pos{X: 1}
	clean := chunk.Pos{X: 2}
	boom := errors.New("disk full")
	tests := []struct {
		name      string
		saver     *recSaver
		wantErr   error
		wantSaved bool
	}{
		{"no saver keeps the edit", nil, ErrNoSaver, false},
		{"failing saver keeps the edit", &recSaver{err: boom}, boom, false},
		{"saver takes the edit", &recSaver{}, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewChunkStore()
			if tc.saver != nil {
				s.Saver = tc.saver
			}
			s.Insert(dirty, chunk.Uniform(chunk.Air), 7)
			s.Insert(clean, chunk.Uniform(chunk.Air), 0)
			s.SetBlock(16, 0, 0, chunk.Stone)
			if ok, err := s.Evict(clean); !ok || err != nil {
				t.Fatalf("evict clean: %v %v", ok, err)
			}
			ok, err := s.Evict(dirty)
			if !errors.Is(err, tc.wantErr) || ok != (tc.wantErr == nil) {
				t.Fatalf("evict dirty: %v, %v; want error %v", ok, err, tc.wantErr)
			}
			if tc.wantErr != nil {
				if !s.Has(dirty) || !s.IsDirty(dirty) || s.Dense() != 1 {
					t.Fatal("a section that could not be saved was not kept resident and dirty")
				}
				return
			}
			if s.Has(dirty) || s.DirtyCount() != 0 || s.Dense() != 0 || s.Bytes() != 0 || s.Len() != 0 {
				t.Fatal("evicted section still counted")
			}
			if rev, ok := tc.saver.saved[dirty]; !ok || rev != 8 {
				t.Fatalf("saver got rev %d, %v; want 8", rev, ok)
			}
			if _, ok := tc.saver.saved[clean]; ok {
				t.Fatal("a clean section was saved")
			}
		})
	}
	if ok, err := NewChunkStore().Evict(chunk.Pos{}); ok || err != nil {
		t.Fatal("evicting a missing section")
	}
}

func TestChunkStoreHashAndOrder(t *testing.T) {
	ps := []chunk.Pos{{X: 3, Y: 1}, {X: -2, Z: 5}, {X: -2, Y: -3, Z: 5}, {Z: -9}}
	a, b := NewChunkStore(), NewChunkStore()
	for i := range ps {
		a.Insert(ps[i], chunk.Uniform(chunk.Block(i)), 0)
		j := len(ps) - 1 - i
		b.Insert(ps[j], chunk.Uniform(chunk.Block(j)), 0)
	}
	if a.Hash() != b.Hash() {
		t.Fatal("hash depends on insertion order")
	}
	b.SetBlock(48, 16, 0, chunk.Stone)
	if a.Hash() == b.Hash() {
		t.Fatal("hash ignores content")
	}
	got := a.AppendPositions(nil)
	want := []chunk.Pos{{X: -2, Y: -3, Z: 5}, {X: -2, Z: 5}, {Z: -9}, {X: 3, Y: 1}}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %v, want %v", got, want)
		}
	}
}

func TestChunkStoreDeriveAll(t *testing.T) {
	s := NewChunkStore()
	p := chunk.Pos{X: -2, Y: 1, Z: 3}
	calls := 0
	mk := func(q chunk.Pos, rev uint64, sec *chunk.Section) []byte {
		calls++
		if q != p {
			t.Fatalf("derived for %v, want %v", q, p)
		}
		return []byte{byte(rev), byte(sec.Get(0, 0, 0))}
	}
	derive := func(p chunk.Pos) ([]byte, uint64, bool) {
		d := s.DeriveAll([]chunk.Pos{p}, mk, nil)[0]
		return d.Bytes, d.Revision, d.Resident
	}
	if _, _, ok := derive(p); ok || calls != 0 {
		t.Fatalf("derived for a section that is not resident (%d calls)", calls)
	}
	if err := s.Insert(p, chunk.Uniform(chunk.Stone), 4); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		edit  func()
		want  []byte
		calls int
	}{
		{"first use derives", func() {}, []byte{4, byte(chunk.Stone)}, 1},
		{"second use is kept", func() {}, []byte{4, byte(chunk.Stone)}, 1},
		{"an edit derives again", func() { s.SetBlock(-32, 16, 48, chunk.Air) }, []byte{5, byte(chunk.Air)}, 2},
	} {
		c.edit()
		b, _, ok := derive(p)
		if !ok || string(b) != string(c.want) || calls != c.calls {
			t.Fatalf("%s: got %v (resident %v) after %d calls; want %v after %d", c.name, b, ok, calls, c.want, c.calls)
		}
	}
	// A batch answers in order, resident or not, and keeps what it made.
	q := chunk.Pos{X: 9, Y: 0, Z: 9}
	if err := s.InsertDerived(q, chunk.Uniform(chunk.Dirt), 0, []byte("made by a worker")); err != nil {
		t.Fatal(err)
	}
	got := s.DeriveAll([]chunk.Pos{q, {X: 100}, p}, mk, nil)
	if len(got) != 3 || string(got[0].Bytes) != "made by a worker" || got[1].Resident || !got[2].Resident || calls != 2 {
		t.Fatalf("batch: %+v after %d calls", got, calls)
	}
}

// TestChunkStoreEachColumn follows a column's section and dense counts
// through inserts, edits that make a section dense and uniform again, and
// evictions, and checks TopBlock against the same edits.
func TestChunkStoreEachColumn(t *testing.T) {
	s := NewChunkStore()
	s.Saver = saverFunc(func(chunk.Pos, chunk.Section, uint64) error { return nil })
	dense := chunk.Uniform(chunk.Stone)
	dense.Set(1, 2, 3, chunk.Dirt)
	for _, in := range []struct {
		p   chunk.Pos
		sec chunk.Section
	}{
		{chunk.Pos{X: -1, Y: 0, Z: 5}, chunk.Uniform(chunk.Stone)},
		{chunk.Pos{X: -1, Y: 1, Z: 5}, dense},
		{chunk.Pos{X: -1, Y: 2, Z: 5}, chunk.Uniform(chunk.Air)},
		{chunk.Pos{X: 7, Y: -3, Z: 7}, chunk.Uniform(chunk.Air)},
	} {
		if err := s.Insert(in.p, in.sec, 0); err != nil {
			t.Fatal(err)
		}
	}
	type counts struct{ sections, dense int }
	columns := func() map[[2]int32]counts {
		got := map[[2]int32]counts{}
		s.EachColumn(func(x, z, _ int32, n, d int) { got[[2]int32{x, z}] = counts{n, d} })
		return got
	}
	col := [2]int32{-1, 5}
	for _, c := range []struct {
		name string
		edit func()
		want counts
		top  chunk.Block // at block column (-8, 88), the column's centre
	}{
		{"as inserted", func() {}, counts{3, 1}, chunk.Stone},
		{"air section made dense", func() { s.SetBlock(-8, 40, 88, chunk.Sand) }, counts{3, 2}, chunk.Sand},
		{"made uniform again", func() { s.SetBlock(-8, 40, 88, chunk.Air) }, counts{3, 1}, chunk.Stone},
		{"dense section evicted", func() {
			if ok, err := s.Evict(chunk.Pos{X: -1, Y: 1, Z: 5}); !ok || err != nil {
				t.Fatalf("evict: %v %v", ok, err)
			}
		}, counts{2, 0}, chunk.Stone},
		{"stone replaced by air", func() { s.Replace(chunk.Pos{X: -1, Y: 0, Z: 5}, chunk.Uniform(chunk.Air), 9) }, counts{2, 0}, chunk.Air},
		{"air replaced by sand", func() { s.Replace(chunk.Pos{X: -1, Y: 2, Z: 5}, chunk.Uniform(chunk.Sand), 10) }, counts{2, 0}, chunk.Sand},
		{"sand replaced by air at revision 0", func() { s.Replace(chunk.Pos{X: -1, Y: 2, Z: 5}, chunk.Uniform(chunk.Air), 0) }, counts{2, 0}, chunk.Air},
	} {
		c.edit()
		got := columns()
		if got[col] != c.want || got[[2]int32{7, 7}] != (counts{1, 0}) || len(got) != 2 {
			t.Fatalf("%s: columns %v, want %v for %v", c.name, got, c.want, col)
		}
		if b, _, ok := s.TopBlock(-8, 88); ok != (c.top != chunk.Air) || b != c.top {
			t.Fatalf("%s: top block %v (%v), want %v", c.name, b, ok, c.top)
		}
		sectionsAgree(t, c.name, s, col[0], col[1])
		sectionsAgree(t, c.name, s, 7, 7)
	}
}

// sectionsAgree checks every way of reading column (x, z)'s sections —
// some answered from the column's masks (uniform air), not its entries —
// against the entries themselves.
func sectionsAgree(t *testing.T, name string, s *ChunkStore, x, z int32) {
	t.Helper()
	r := s.Reader()
	var ps []chunk.Pos
	for y := int32(chunk.MinSectionY - 1); y <= chunk.MaxSectionY+1; y++ {
		ps = append(ps, chunk.Pos{X: x, Y: y, Z: z})
	}
	secs, oks := make([]chunk.Section, len(ps)), make([]bool, len(ps))
	r.Sections(ps, secs, oks)
	mk := func(p chunk.Pos, rev uint64, _ *chunk.Section) []byte { return []byte{byte(p.Y), byte(rev)} }
	derived := r.DeriveOrBlank(ps, mk, nil)
	for i, p := range ps {
		// DeriveOrBlank: a blank section (uniform air at revision 0)
		// without bytes, any other as DeriveAll answers it.
		want := s.DeriveAll(ps[i:i+1], mk, nil)[0]
		if e := s.lookup(p, false); e != nil && e.sec == chunk.Uniform(chunk.Air) && e.rev() == 0 {
			want = Derivation{Resident: true, Blank: true}
		}
		if d := derived[i]; d.Resident != want.Resident || d.Blank != want.Blank || d.Revision != want.Revision || string(d.Bytes) != string(want.Bytes) {
			t.Fatalf("%s: DeriveOrBlank %v = %+v, want %+v", name, p, d, want)
		}
	}
	for i, p := range ps {
		var want chunk.Section
		e := s.lookup(p, false)
		if e != nil {
			want = e.sec
		}
		got, ok := s.Section(p)
		rgot, rok := r.Section(p)
		if ok != (e != nil) || got != want || rok != ok || rgot != want || oks[i] != ok || secs[i] != want {
			t.Fatalf("%s: section %v: store %v %v, reader %v %v, batch %v %v; entry %v", name, p, got, ok, rgot, rok, secs[i], oks[i], e)
		}
		bx, by, bz := int(x)*chunk.Size+3, int(p.Y)*chunk.Size+5, int(z)*chunk.Size+7
		if b, ok := s.Block(bx, by, bz); ok != (e != nil) || b != want.Get(3, 5, 7) {
			t.Fatalf("%s: block in %v: %v %v, want %v", name, p, b, ok, want.Get(3, 5, 7))
		}
	}
}

type saverFunc func(chunk.Pos, chunk.Section, uint64) error

func (f saverFunc) SaveEvicted(p chunk.Pos, s chunk.Section, rev uint64) error { return f(p, s, rev) }
