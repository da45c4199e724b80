package uuidshard

// The rules of UUID7 (core/src/generator.rs) on a scripted clock, then the process generator on
// the real clock from many goroutines.

import (
	"bytes"
	"sort"
	"sync"
	"testing"
	"time"
)

func tm(ms uint64, frac uint64) v7Time { return v7Time(ms<<12 | frac) }

const lowBits = 1<<counterShift - 1

func TestAscendingRules(t *testing.T) {
	var a ascending
	r := uint64(0xDEAD_BEEF_0123_4567)
	// 1. a moving clock: its time, the whole random tail
	for _, c := range []struct {
		now    v7Time
		random uint64
	}{{tm(10, 5), r}, {tm(10, 6), ^r}, {tm(12, 0), r >> 3}} {
		s, w, err := a.next(c.now, c.random)
		if err != nil || w != 0 || s.time != c.now || s.randB != c.random&randBBits {
			t.Fatalf("moving clock: %+v %d %v", s, w, err)
		}
	}
	// 2. a clock standing still, or set back: the same time, counter + 1, fresh low bits
	last, _, _ := a.next(tm(20, 7), 0x0123_4567_89AB_CDEF)
	for i, now := range []v7Time{tm(20, 7), tm(20, 6), tm(3, 0)} {
		rnd := uint64(0xFFFF_0000_FFFF_0000) + uint64(i)
		s, w, err := a.next(now, rnd)
		if err != nil || w != 0 || s.time != last.time || s.counter() != last.counter()+1 || s.randB&lowBits != rnd&lowBits {
			t.Fatalf("standing clock %d: %+v after %+v, %d %v", i, s, last, w, err)
		}
		last = s
	}
	// 3. a full count: one fraction unit later, fresh tail, within the millisecond
	a = ascending{last: stamp{tm(30, 100), counterMax<<counterShift | 5}, has: true}
	s, w, err := a.next(tm(30, 100), r)
	if err != nil || w != 0 || s.time != tm(30, 101) || s.randB != r&randBBits {
		t.Fatalf("full count: %+v %d %v", s, w, err)
	}
	// 4. a full count at the millisecond's last fraction: wait for the next millisecond ...
	a = ascending{last: stamp{tm(30, 0xFFF), counterMax << counterShift}, has: true}
	if s, w, err := a.next(tm(30, 0xFFF), r); err != nil || w != 31 {
		t.Fatalf("end of the millisecond: %+v %d %v", s, w, err)
	}
	if a.last.time != tm(30, 0xFFF) {
		t.Fatalf("a wait must not change the last key: %+v", a.last)
	}
	// ... unless the clock was set back to an earlier millisecond: carry on into the next one
	if s, w, err := a.next(tm(29, 5), r); err != nil || w != 0 || s.time != tm(31, 0) {
		t.Fatalf("clock set back: %+v %d %v", s, w, err)
	}
	// 5. the last time of the v7 range, counted full: an error
	a = ascending{last: stamp{maxV7Time, counterMax << counterShift}, has: true}
	if _, _, err := a.next(maxV7Time, r); err != ErrTimeRange {
		t.Fatalf("end of the range: %v", err)
	}
}

func TestFromUnixNano(t *testing.T) {
	for _, c := range []struct {
		ns   int64
		want v7Time
	}{{0, tm(0, 0)}, {244, tm(0, 0)}, {245, tm(0, 1)}, {500_000, tm(0, 2048)}, {999_999, tm(0, 4095)},
		{1_645_557_742_000_000_000 + 798_000, tm(1_645_557_742_000, 3268)}} {
		if got, err := v7TimeFromUnixNano(c.ns); err != nil || got != c.want {
			t.Errorf("v7TimeFromUnixNano(%d) = %x %v, expected %x", c.ns, got, err, c.want)
		}
	}
	if _, err := v7TimeFromUnixNano(-1); err != ErrTimeRange {
		t.Errorf("before 1970: %v", err)
	}
}

// A clock stopped at the last fraction of a millisecond: 4096 - start keys in it, then the
// generator sleeps until the clock reaches the next one, and starts there.
func TestGeneratorWaitsForTheClock(t *testing.T) {
	clock := int64(1_700_000_000_000_999_900) // .9999 of a millisecond: fraction 4095
	var slept []time.Duration
	g := newGenerator(func() int64 { return clock }, func(d time.Duration) {
		slept = append(slept, d)
		clock += int64(d)
	})
	var prev UUID
	for i := 0; i < 5000; i++ {
		u, err := g.uuid7()
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && bytes.Compare(u[:], prev[:]) <= 0 {
			t.Fatalf("key %d %s not after %s", i, Format(u), Format(prev))
		}
		ms, ok := UnixMs(u)
		if !ok || ms > uint64(clock/1_000_000) {
			t.Fatalf("key %d %s ahead of the clock's millisecond %d", i, Format(u), clock/1_000_000)
		}
		prev = u
	}
	if len(slept) != 1 || slept[0] != 100*time.Nanosecond {
		t.Fatalf("slept %v, expected once, 100ns", slept)
	}
}

func TestUUID7(t *testing.T) {
	const goroutines, each = 8, 20000
	start := time.Now().UnixMilli()
	keys := make([][]UUID, goroutines)
	var wg sync.WaitGroup
	for i := range keys {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for j := 0; j < each; j++ {
				keys[i] = append(keys[i], MustUUID7())
			}
		}(i)
	}
	wg.Wait()
	end := time.Now().UnixMilli()
	var all []UUID
	for i, ks := range keys {
		for j, u := range ks {
			ms, ok := UnixMs(u)
			if !ok || !HasRandomTail(u) || u[6]>>4 != 7 || int64(ms) < start || int64(ms) > end {
				t.Fatalf("goroutine %d key %d %s: not a v7 key of [%d, %d] ms", i, j, Format(u), start, end)
			}
			if j > 0 && bytes.Compare(u[:], ks[j-1][:]) <= 0 {
				t.Fatalf("goroutine %d: key %d %s not after %s", i, j, Format(u), Format(ks[j-1]))
			}
		}
		all = append(all, ks...)
	}
	sort.Slice(all, func(i, j int) bool { return bytes.Compare(all[i][:], all[j][:]) < 0 })
	for i := 1; i < len(all); i++ {
		if all[i] == all[i-1] {
			t.Fatalf("duplicate key %s", Format(all[i]))
		}
	}
	// a key never tells a later millisecond than the clock read right after it
	for i := 0; i < 100000; i++ {
		u := MustUUID7()
		after := time.Now().UnixMilli()
		if ms, _ := UnixMs(u); int64(ms) > after {
			t.Fatalf("%s: %d ms, the clock after it %d", Format(u), ms, after)
		}
	}
}
