package uuidshard

// What the vectors do not cover: partition names, the time.Time bounds of the v7 range, errors.

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestTailPartitionName(t *testing.T) {
	u, _ := Parse("0195e3a1-7c2e-7b3d-8a4f-0123456789ab") // docs/algorithms.md section 11
	ae := strings.Repeat("ä", 40)                         // 80 bytes
	for _, c := range []struct {
		parent  string
		modulus int
		want    string
	}{
		{"accounts", 8, "accounts_h8_3"},
		{"accounts", 16, "accounts_h16_11"},
		{"accounts", 1, "accounts_h1_0"},
		{"accounts", 65536, "accounts_h65536_35243"},
		{"accounts", 2147483647, "accounts_h2147483647_1510312945"},
		{"Orders 2025", 4, "Orders 2025_h4_3"}, // as stored: no quotes
		{strings.Repeat("a", 70), 8, strings.Repeat("a", 58) + "_h8_3"},
		{strings.Repeat("a", 58), 8, strings.Repeat("a", 58) + "_h8_3"},
		{strings.Repeat("a", 59), 8, strings.Repeat("a", 58) + "_h8_3"},
		{ae, 8, strings.Repeat("ä", 29) + "_h8_3"},         // 58 bytes left: 29 characters
		{ae, 1000, strings.Repeat("ä", 26) + "_h1000_675"}, // 53 bytes left: 26 characters, never half of one
	} {
		got, err := TailPartitionName(c.parent, u, c.modulus)
		if err != nil || got != c.want || len(got) > MaxIdentifierLength {
			t.Errorf("TailPartitionName(%q, %d) = %q, %v, expected %q", c.parent, c.modulus, got, err, c.want)
		}
	}
	for _, c := range []struct {
		parent  string
		modulus int
	}{{"t", 0}, {"t", -1}, {"t", 2147483648}, {"", 8}, {"a\xffb", 8}, {"a\x00b", 8}} {
		if got, err := TailPartitionName(c.parent, u, c.modulus); err == nil {
			t.Errorf("TailPartitionName(%q, %d) = %q, expected an error", c.parent, c.modulus, got)
		}
	}
}

func TestTimeRange(t *testing.T) {
	last := time.UnixMicro(MaxUnixUs)
	for _, c := range []struct {
		t  time.Time
		ok bool
	}{
		{time.Unix(0, 0), true},
		{time.Unix(0, 0).Add(-time.Nanosecond), false},
		{time.Date(1969, 12, 31, 23, 59, 59, 999999999, time.UTC), false},
		{last, true},
		{last.Add(999 * time.Nanosecond), true},
		{last.Add(time.Microsecond), false},
		{time.Date(10889, 8, 2, 5, 31, 50, 655999000, time.UTC), true},
		{time.Date(10889, 8, 2, 5, 31, 50, 656000000, time.UTC), false},
		{time.Date(300000, 1, 1, 0, 0, 0, 0, time.UTC), false}, // UnixMicro would overflow
		{time.Date(-300000, 1, 1, 0, 0, 0, 0, time.UTC), false},
	} {
		lo, err1 := BoundaryTime(c.t)
		hi, err2 := BoundaryLastTime(c.t)
		k, err3 := FromNameTime(c.t, "x")
		if !c.ok {
			if err1 != ErrTimeRange || err2 != ErrTimeRange || err3 != ErrTimeRange {
				t.Errorf("%v: expected ErrTimeRange, got %v, %v, %v", c.t, err1, err2, err3)
			}
			continue
		}
		ms := uint64(c.t.UnixMilli())
		lms, _ := UnixMs(lo)
		hms, _ := UnixMs(hi)
		kt, _ := Time(k)
		if err1 != nil || err2 != nil || err3 != nil || lms != ms || hms != ms || !kt.Equal(c.t.Truncate(time.Microsecond)) {
			t.Errorf("%v: %s %v, %s %v, %s %v", c.t, Format(lo), err1, Format(hi), err2, Format(k), err3)
		}
	}
}

func TestErrors(t *testing.T) {
	v7, _ := Parse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	v1, _ := Parse("c232ab00-9414-11ec-b3c8-9f6bdeced846")
	// the argument first, then the UUID, as the extension checks them
	if _, err := Bucket(v1, 0); err == nil || err == ErrNoRandomTail || err.Error() != "bucket count must be between 1 and 2147483647, got 0" {
		t.Errorf("Bucket(v1, 0): %v", err)
	}
	if _, err := ShardKey(v1, 16); err == nil || err.Error() != "shard key length must be between 1 and 15, got 16" {
		t.Errorf("ShardKey(v1, 16): %v", err)
	}
	if _, err := TailRemainder(v1, 2147483648); err == nil || err.Error() != "modulus must be between 1 and 2147483647, got 2147483648" {
		t.Errorf("TailRemainder(v1, 2^31): %v", err)
	}
	if _, err := Bucket(v1, 1); err != ErrNoRandomTail {
		t.Errorf("Bucket(v1, 1): %v", err)
	}
	if _, err := Mask(v7, nil); err == nil || err.Error() != "mask secret must not be NULL" {
		t.Errorf("Mask(nil secret): %v", err)
	}
	if _, err := Mask(v1, make([]byte, 15)); err == nil || err.Error() != "mask secret must be at least 16 bytes, got 15" {
		t.Errorf("Mask(short secret): %v", err)
	}
	if _, err := FromUlid("8ZZZZZZZZZZZZZZZZZZZZZZZZZ"); !errors.Is(err, ErrText) {
		t.Errorf("FromUlid: %v", err)
	}
	if _, err := FromBase32hex("VVVVVVVVVVVVVVVVVVVVVVVVVV"); !errors.Is(err, ErrText) {
		t.Errorf("FromBase32hex: %v", err)
	}
	for _, s := range []string{"", "017f22e2-79b0-7cc3-98c4-dc0c0c07398", "017f22e2x79b0-7cc3-98c4-dc0c0c07398f", "017f22e2-79b0-7cc3-98c4-dc0c0c07398g"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) must fail", s)
		}
	}
}
