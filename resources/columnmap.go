package resources

// ColumnMap maps columns (X, Z in section coordinates) to values of T,
// for a plugin that keeps something per resident column. It indexes them
// as the chunk store does (colIndex): work arrives column by column along
// view edges, so a look-up nearly always falls in the region looked up
// last and costs an array load, where a Go map of tens of thousands of
// columns costs a probe of several dependent cache misses — about a
// microsecond on the benchmark machine at the start of a paced tick, when
// nothing the last tick touched is in cache any more.
//
// The values live in pages of the map's own, so a pointer it returns stays
// valid until its column is deleted; a deleted column's value is zeroed
// and its place reused. The zero value is not ready: use NewColumnMap. Not
// safe for concurrent use.
type ColumnMap[T any] struct {
	index colIndex // column → its place in pages
	pages [][]T
}

// columnMapPage is the number of values in a page of a ColumnMap.
const columnMapPage = 256

// NewColumnMap returns an empty ColumnMap.
func NewColumnMap[T any]() *ColumnMap[T] { return &ColumnMap[T]{index: newColIndex()} }

func (m *ColumnMap[T]) at(i int32) *T { return &m.pages[i/columnMapPage][i%columnMapPage] }

// Get returns column (x, z)'s value, or nil when it has none.
func (m *ColumnMap[T]) Get(x, z int32) *T {
	if i := m.index.get(x, z); i >= 0 {
		return m.at(i)
	}
	return nil
}

// Add gives column (x, z) a zero value and returns it; the column must
// have none.
func (m *ColumnMap[T]) Add(x, z int32) *T {
	i, fresh := m.index.claim(x, z)
	if fresh && i%columnMapPage == 0 {
		m.pages = append(m.pages, make([]T, columnMapPage))
	}
	return m.at(i)
}

// Delete forgets column (x, z)'s value, if it has one.
func (m *ColumnMap[T]) Delete(x, z int32) {
	i := m.index.get(x, z)
	if i < 0 {
		return
	}
	var zero T
	*m.at(i) = zero // nothing it pointed to is kept alive
	m.index.release(x, z, i)
}

// Len returns the number of columns with a value.
func (m *ColumnMap[T]) Len() int { return m.index.len() }

// Each calls fn with every column and its value, in no particular order.
// fn must not add or delete columns.
func (m *ColumnMap[T]) Each(fn func(x, z int32, v *T)) {
	m.index.each(func(x, z, i int32) { fn(x, z, m.at(i)) })
}
