package uuidshard

// UUID7: v7 keys with the bits of uuid_shard.uuidv7() (core/src/generator.rs of the
// extension, docs/algorithms.md section 1), one ascending sequence per process.

import (
	"crypto/rand"
	"encoding/binary"
	"io"
	"sync"
	"time"
)

const (
	counterShift = 50                    // the counter: the 12 bits of rand_b below the variant
	counterMax   = 0xFFF                 // its largest value
	randBBits    = 0x3FFF_FFFF_FFFF_FFFF // the 62 bits of rand_b
	maxUnixMs    = (1 << 48) - 1
	maxV7Time    = v7Time(maxUnixMs<<12 | 0xFFF)
)

// v7Time is a key's time: unix_ms << 12 | the 12-bit fraction (rand_a), ordered as keys are.
type v7Time uint64

func (t v7Time) unixMs() uint64 { return uint64(t) >> 12 }

// v7TimeFromUnixNano is the time of a clock reading: the fraction is
// ns_within_ms * 4096 / 1000000, as PostgreSQL 18 computes it.
func v7TimeFromUnixNano(ns int64) (v7Time, error) {
	if ns < 0 || uint64(ns/1_000_000) > maxUnixMs {
		return 0, ErrTimeRange
	}
	return v7Time(uint64(ns/1_000_000)<<12 | uint64(ns%1_000_000)*4096/1_000_000), nil
}

// stamp is a key: its time and its 62 bits of rand_b, the counter in the top 12.
type stamp struct {
	time  v7Time
	randB uint64
}

func (s stamp) counter() uint64 { return s.randB >> counterShift }

func (s stamp) key() UUID {
	return fromHalves(s.time.unixMs()<<16|0x7000|uint64(s.time)&0xFFF, s.randB&randBBits|0x8000_0000_0000_0000)
}

// ascending decides each key from the clock and the last key, as core's AscendingClock does.
type ascending struct {
	last stamp
	has  bool
}

// next returns the key for a clock reading now and 64 random bits; or, when every key of the
// clock's millisecond is used, waitFor > 0: read the clock again once it may have reached that
// Unix millisecond.
func (a *ascending) next(now v7Time, random uint64) (s stamp, waitFor uint64, err error) {
	fresh := random & randBBits
	switch {
	case !a.has || now > a.last.time:
		// The clock has moved past the last key (or there is none): its time, a fresh tail.
		s = stamp{now, fresh}
	case a.last.counter() < counterMax:
		// The clock stands still (or stepped back): count within the last time.
		s = stamp{a.last.time, (a.last.counter()+1)<<counterShift | fresh&(1<<counterShift-1)}
	default:
		// The count is full: one fraction unit later, inside the same millisecond; into the
		// next one only behind a clock that was set back.
		if a.last.time == maxV7Time {
			return stamp{}, 0, ErrTimeRange
		}
		t := a.last.time + 1
		if t.unixMs() != a.last.time.unixMs() && now.unixMs() >= a.last.time.unixMs() {
			return stamp{}, t.unixMs(), nil
		}
		s = stamp{t, fresh}
	}
	a.last, a.has = s, true
	return s, 0, nil
}

// generator is the process's sequence: a mutex, the last key, buffered CSPRNG bytes, the clock.
type generator struct {
	mu    sync.Mutex
	clock ascending
	buf   [512]byte
	pos   int
	now   func() int64 // Unix nanoseconds
	sleep func(time.Duration)
}

func newGenerator(now func() int64, sleep func(time.Duration)) *generator {
	g := &generator{now: now, sleep: sleep}
	g.pos = len(g.buf)
	return g
}

var process = newGenerator(func() int64 { return time.Now().UnixNano() }, time.Sleep)

func (g *generator) random() (uint64, error) {
	if g.pos == len(g.buf) {
		if _, err := io.ReadFull(rand.Reader, g.buf[:]); err != nil {
			return 0, err
		}
		g.pos = 0
	}
	r := binary.LittleEndian.Uint64(g.buf[g.pos:])
	g.pos += 8
	return r, nil
}

func (g *generator) uuid7() (UUID, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for {
		ns := g.now()
		now, err := v7TimeFromUnixNano(ns)
		if err != nil {
			return UUID{}, err
		}
		r, err := g.random()
		if err != nil {
			return UUID{}, err
		}
		s, waitFor, err := g.clock.next(now, r)
		if err != nil {
			return UUID{}, err
		}
		if waitFor == 0 {
			return s.key(), nil
		}
		// less than 1 ms; the clock is read again after it
		g.sleep(time.Duration(int64(waitFor)*1_000_000 - ns))
	}
}

// UUID7 returns a new version 7 UUID with the bits of uuid_shard.uuidv7(): the 48-bit Unix
// millisecond of the system clock, the 12-bit fraction of the millisecond (ns_within_ms * 4096
// / 1000000), the RFC 9562 variant and 62 bits from crypto/rand. Safe for concurrent use.
//
// The keys of one process are strictly increasing, and a key is never in a later millisecond
// than the clock: when the clock has not moved since the last key (or stepped back), the next
// key keeps its time and counts up in the top 12 bits of rand_b, which the first key of a time
// starts at a random value; when a count is full, the fraction steps one unit, within the
// millisecond only; a process that has used every key of a millisecond (about 8.4 million)
// sleeps until the next one (less than 1 ms). A clock set back behind the last key is not
// waited for: the keys carry on from the last one. The error is ErrTimeRange for a clock
// before 1970 or past MaxUnixUs, or crypto/rand's.
func UUID7() (UUID, error) {
	return process.uuid7()
}

// MustUUID7 is UUID7 that panics on an error.
func MustUUID7() UUID {
	u, err := UUID7()
	if err != nil {
		panic("uuidshard: " + err.Error())
	}
	return u
}
