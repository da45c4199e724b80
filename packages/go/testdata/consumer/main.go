// A module that uses uuidshard as an application does (through go.mod's require and replace),
// for packages/go/test.sh:
//
//	consumer live    keys from uuidshard.UUID7() and from uuid_shard.uuidv7() in one table of a
//	                 live server (psql at $PSQL; PGHOST, PGPORT, PGUSER; database pkg_go, made
//	                 afresh): every function of the package against its SQL function
//	consumer bench   the package's Bucket and ShardKey against parsing a UUID and hashing its bytes
//
// One line per check, "ok ..." or "FAIL ..."; the exit status is 1 if any failed.
package main

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"hash/maphash"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"uuidshard"
)

var failed bool

func check(ok bool, format string, args ...any) {
	if ok {
		fmt.Printf("ok   "+format+"\n", args...)
	} else {
		failed = true
		fmt.Printf("FAIL "+format+"\n", args...)
	}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: consumer live|bench")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "live":
		live()
	case "bench":
		bench()
	default:
		fmt.Fprintln(os.Stderr, "usage: consumer live|bench")
		os.Exit(2)
	}
	if failed {
		os.Exit(1)
	}
}

// ---- the live server -------------------------------------------------------------------------

// psql runs sql (several statements allowed) in database db and returns the rows of its output,
// fields split at tabs.
func psql(db, sql string) [][]string {
	cmd := exec.Command(os.Getenv("PSQL"), "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-d", db)
	cmd.Stdin = strings.NewReader(sql)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		fmt.Printf("FAIL psql: %v: %s\n", err, errb.String())
		os.Exit(1)
	}
	var rows [][]string
	for _, line := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		if line != "" {
			rows = append(rows, strings.Split(line, "\t"))
		}
	}
	return rows
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func values(ids []uuidshard.UUID, src string, from int) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "('%s', '%s', %d)", uuidshard.Format(id), src, from+i)
	}
	return b.String()
}

func mintGo(n int) []uuidshard.UUID {
	ids := make([]uuidshard.UUID, n)
	for i := range ids {
		var err error
		if ids[i], err = uuidshard.UUID7(); err != nil {
			fmt.Printf("FAIL UUID7: %v\n", err)
			os.Exit(1)
		}
	}
	return ids
}

func atoi(s string) int64 {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		fmt.Printf("FAIL not an integer: %q\n", s)
		os.Exit(1)
	}
	return v
}

func parse(s string) uuidshard.UUID {
	u, err := uuidshard.Parse(s)
	if err != nil {
		fmt.Printf("FAIL %v\n", err)
		os.Exit(1)
	}
	return u
}

// mismatches counts the rows where got != want and keeps the first for the report.
type mismatches struct {
	n     int
	first string
}

func (m *mismatches) compare(id, what, got, want string) {
	if got != want {
		if m.n == 0 {
			m.first = fmt.Sprintf(" (first: %s %s: package %q, database %q)", id, what, strings.TrimSpace(got), strings.TrimSpace(want))
		}
		m.n++
	}
}

func live() {
	const db = "pkg_go"
	const each = 1000
	multi := strings.Repeat("ä", 31) // 62 bytes: partition names cut it by whole characters
	psql("postgres", "DROP DATABASE IF EXISTS "+db+";\nCREATE DATABASE "+db+";\n")
	ver := psql(db, "CREATE SCHEMA uuid_shard;\nCREATE EXTENSION uuid_shard SCHEMA uuid_shard;\n"+
		"SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard';\n")
	extversion := fmt.Sprint(ver)
	if len(ver) == 1 && len(ver[0]) == 1 {
		extversion = ver[0][0]
	}
	check(extversion == uuidshard.Version, "extension version %s is the package's %s (PostgreSQL %s)",
		extversion, uuidshard.Version, os.Getenv("UUID_SHARD_MAJOR"))

	// keys: 8 tail partitions, keys_h8_3 split into keys_h16_3 and keys_h16_11; the multi-byte
	// table: 100 partitions whose names cut its 31 characters to 28 or 27
	psql(db, `CREATE TABLE keys (id uuid PRIMARY KEY, src text NOT NULL, n int NOT NULL)
  PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
SELECT * FROM uuid_shard.uuid_tail_partition_ddl('keys'::regclass, 8) \gexec
SELECT * FROM uuid_shard.uuid_tail_split_ddl('keys_h8_3'::regclass) \gexec
CREATE TABLE `+quoteIdent(multi)+` (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
SELECT * FROM uuid_shard.uuid_tail_partition_ddl(`+"'"+quoteIdent(multi)+"'"+`::regclass, 100) \gexec
`)

	// side by side: the package's keys, the database's, the package's again
	start := time.Now()
	a := mintGo(each)
	psql(db, "INSERT INTO keys VALUES "+values(a, "go", 0)+";\n"+
		fmt.Sprintf("INSERT INTO keys SELECT uuid_shard.uuidv7(), 'db', %d + g FROM generate_series(0, %d) g;\n", each, each-1))
	b := mintGo(each)
	psql(db, "INSERT INTO keys VALUES "+values(b, "go", 2*each)+";\n"+
		"INSERT INTO "+quoteIdent(multi)+" SELECT id FROM keys;\n")
	end := time.Now()

	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		check(false, "a random secret: %v", err)
		return
	}
	sec := `'\x` + hex.EncodeToString(secret) + `'::bytea`
	us := func(t string) string { // a timestamptz as exact Unix microseconds, on 13 as on 18
		return fmt.Sprintf("(extract(epoch FROM date_trunc('second', %[1]s))::bigint * 1000000 + extract(microseconds FROM %[1]s)::bigint %% 1000000)", t)
	}
	rows := psql(db, `SELECT k.id, k.src, k.n, c.relname, m.relname,
  uuid_shard.uuid_bucket(k.id, 1), uuid_shard.uuid_bucket(k.id, 3), uuid_shard.uuid_bucket(k.id, 16),
  uuid_shard.uuid_bucket(k.id, 1000), uuid_shard.uuid_bucket(k.id, 2147483647),
  uuid_shard.uuid_shard_key(k.id, 1), uuid_shard.uuid_shard_key(k.id, 4), uuid_shard.uuid_shard_key(k.id, 15),
  uuid_shard.uuid_tail_remainder(k.id, 8), uuid_shard.uuid_tail_remainder(k.id, 1000),
  uuid_shard.uuid_tail_remainder(k.id, 2147483647),
  `+us("uuid_shard.uuid_v7_time(k.id)")+`, `+us("uuid_shard.uuid_v7_time_us(k.id)")+`,
  uuid_shard.uuid_v7_boundary(uuid_shard.uuid_v7_time_us(k.id)),
  uuid_shard.uuid_v7_boundary_last(uuid_shard.uuid_v7_time_us(k.id)),
  uuid_shard.uuid_v7_mask(k.id, `+sec+`),
  uuid_shard.uuid_v7_unmask(uuid_shard.uuid_v7_mask(k.id, `+sec+`), `+sec+`),
  uuid_shard.uuid_to_ulid(k.id), uuid_shard.uuid_to_base32hex(k.id),
  uuid_shard.uuid_v7_from_name(uuid_shard.uuid_v7_time_us(k.id), 'key:' || k.n)
FROM keys k
JOIN pg_class c ON c.oid = k.tableoid
JOIN `+quoteIdent(multi)+` x ON x.id = k.id
JOIN pg_class m ON m.oid = x.tableoid
ORDER BY k.n;
`)
	check(len(rows) == 3*each, "%d rows: %d keys from uuidshard.UUID7(), %d from uuid_shard.uuidv7() in one table", len(rows), 2*each, each)

	var bucket, shardKey, remainder, partition, timeMs, timeUs, bound, mask, text, name mismatches
	var goMin, goMax [2]int64
	var dbMin, dbMax int64 = 1 << 62, 0
	goMin = [2]int64{1 << 62, 1 << 62}
	startMs, endMs := start.UnixMilli(), end.UnixMilli()
	inTime := 0
	var publics []uuidshard.UUID
	for _, r := range rows {
		if len(r) != 25 {
			check(false, "a row of 25 columns: %q", r)
			return
		}
		idText, src, n := r[0], r[1], atoi(r[2])
		id := parse(idText)
		if src == "go" {
			want := a
			if n >= 2*each {
				want = b
			}
			if id != want[n%each] {
				check(false, "row %d is the key the package minted", n)
			}
		}
		for i, cnt := range []int{1, 3, 16, 1000, 2147483647} {
			got, err := uuidshard.Bucket(id, cnt)
			bucket.compare(idText, fmt.Sprintf("bucket %d", cnt), str(got, err), str(r[5+i], nil))
		}
		for i, l := range []int{1, 4, 15} {
			got, err := uuidshard.ShardKey(id, l)
			shardKey.compare(idText, fmt.Sprintf("shard key %d", l), str(got, err), str(r[10+i], nil))
		}
		for i, m := range []int{8, 1000, 2147483647} {
			got, err := uuidshard.TailRemainder(id, m)
			remainder.compare(idText, fmt.Sprintf("tail remainder %d", m), str(got, err), str(r[13+i], nil))
		}
		// keys: the remainder 3 of 8 was split into 16; the multi-byte table has modulus 100
		m := 8
		if r3, _ := uuidshard.TailRemainder(id, 8); r3 == 3 {
			m = 16
		}
		p1, err1 := uuidshard.TailPartitionName("keys", id, m)
		p2, err2 := uuidshard.TailPartitionName(multi, id, 100)
		partition.compare(idText, "partition", str(p1, err1, p2, err2), str(r[3], nil, r[4], nil))
		ms, ok := uuidshard.UnixMs(id)
		timeMs.compare(idText, "unix ms (as us)", str(ms*1000, ok), str(r[16], true))
		usv, ok := uuidshard.UnixUs(id)
		t, ok2 := uuidshard.Time(id)
		timeUs.compare(idText, "unix us", str(usv, ok, t.UnixMicro(), ok2), str(r[17], true, r[17], true))
		lo, err1 := uuidshard.Boundary(usv)
		hi, err2 := uuidshard.BoundaryLast(usv)
		lo2, err3 := uuidshard.BoundaryTime(t)
		hi2, err4 := uuidshard.BoundaryLastTime(t)
		bound.compare(idText, "boundaries", str(uuidshard.Format(lo), err1, uuidshard.Format(hi), err2,
			uuidshard.Format(lo2), err3, uuidshard.Format(hi2), err4),
			str(r[18], nil, r[19], nil, r[18], nil, r[19], nil))
		pub, err1 := uuidshard.Mask(id, secret)
		back, err2 := uuidshard.Unmask(parse(r[20]), secret)
		mask.compare(idText, "mask", str(uuidshard.Format(pub), err1, uuidshard.Format(back), err2),
			str(r[20], nil, r[21], nil))
		publics = append(publics, pub)
		fromName, err1 := uuidshard.FromName(usv, fmt.Sprintf("key:%d", n))
		text.compare(idText, "ulid, base32hex", uuidshard.ToUlid(id)+" "+uuidshard.ToBase32hex(id), r[22]+" "+r[23])
		name.compare(idText, "from name", str(uuidshard.Format(fromName), err1), str(r[24], nil))
		// the keys tell the time they were made, in minting order
		msi := int64(ms)
		if msi >= startMs && msi <= endMs {
			inTime++
		}
		switch {
		case src == "db":
			dbMin, dbMax = min64(dbMin, msi), max64(dbMax, msi)
		case n < each:
			goMin[0], goMax[0] = min64(goMin[0], msi), max64(goMax[0], msi)
		default:
			goMin[1], goMax[1] = min64(goMin[1], msi), max64(goMax[1], msi)
		}
	}
	report := func(m mismatches, what string) {
		check(m.n == 0, "%s: the package and the database agree on all %d keys%s", what, len(rows), m.first)
	}
	report(bucket, "Bucket (n = 1, 3, 16, 1000, 2147483647) = uuid_bucket")
	report(shardKey, "ShardKey (1, 4, 15) = uuid_shard_key")
	report(remainder, "TailRemainder (8, 1000, 2147483647) = uuid_tail_remainder")
	report(partition, "TailPartitionName = the partition holding the row (keys: moduli 8 and 16 after a split; a 62-byte name: modulus 100)")
	report(timeMs, "UnixMs = uuid_v7_time")
	report(timeUs, "UnixUs and Time = uuid_v7_time_us")
	report(bound, "Boundary/BoundaryLast of UnixUs and BoundaryTime/BoundaryLastTime of Time = uuid_v7_boundary/_last of uuid_v7_time_us")
	report(mask, "Mask = uuid_v7_mask, Unmask of it = uuid_v7_unmask")
	report(text, "ToUlid, ToBase32hex = uuid_to_ulid, uuid_to_base32hex")
	report(name, "FromName = uuid_v7_from_name")
	check(inTime == len(rows), "%d of %d keys' milliseconds within the run [%d, %d]", inTime, len(rows), startMs, endMs)
	check(goMax[0] <= dbMin && dbMax <= goMin[1], "the keys' milliseconds follow the minting order: package %d..%d, database %d..%d, package %d..%d",
		goMin[0], goMax[0], dbMin, dbMax, goMin[1], goMax[1])

	// the database unmasks the package's public IDs; the database's text forms decode
	var vals strings.Builder
	for i, p := range publics {
		if i > 0 {
			vals.WriteString(",")
		}
		fmt.Fprintf(&vals, "(%d, '%s'::uuid)", i, uuidshard.Format(p))
	}
	back := psql(db, "SELECT uuid_shard.uuid_v7_unmask(v.p, "+sec+"), uuid_shard.uuid_from_ulid(uuid_shard.uuid_to_ulid(v.p)) = v.p FROM (VALUES "+
		vals.String()+") v(i, p) ORDER BY v.i;\n")
	bad := 0
	for i, r := range back {
		if len(r) != 2 || r[0] != rows[i][0] || r[1] != "t" {
			bad++
		}
		if u, err := uuidshard.FromUlid(uuidshard.ToUlid(publics[i])); err != nil || u != publics[i] {
			bad++
		}
	}
	check(len(back) == len(publics) && bad == 0, "uuid_v7_unmask of the package's %d public IDs gives the keys back (%d wrong)", len(back), bad)
	psql("postgres", "DROP DATABASE "+db+";\n")
}

// str is the operands' text, always space-separated (fmt.Sprint is not, next to strings).
func str(args ...any) string { return fmt.Sprintln(args...) }

func min64(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}

func max64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// ---- speed -----------------------------------------------------------------------------------

// stdParse is what a Go program does without a UUID package (and what github.com/google/uuid's
// Parse does): the 32 hex digits of the text into 16 bytes.
func stdParse(s string) (u [16]byte, ok bool) {
	if len(s) != 36 {
		return u, false
	}
	var h [32]byte
	copy(h[0:8], s[0:8])
	copy(h[8:12], s[9:13])
	copy(h[12:16], s[14:18])
	copy(h[16:20], s[19:23])
	copy(h[20:32], s[24:36])
	_, err := hex.Decode(u[:], h[:])
	return u, err == nil
}

func bench() {
	texts := make([]string, 1024)
	ids := make([]uuidshard.UUID, len(texts))
	for i := range texts {
		ids[i] = uuidshard.MustUUID7()
		texts[i] = uuidshard.Format(ids[i])
	}
	seed := maphash.MakeSeed()
	var sink uint64
	ns := func(f func(i int)) float64 {
		r := testing.Benchmark(func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				f(i & 1023)
			}
		})
		return float64(r.T.Nanoseconds()) / float64(r.N)
	}
	base := ns(func(i int) {
		u, _ := stdParse(texts[i])
		sink += maphash.Bytes(seed, u[:])
	})
	bucket := ns(func(i int) {
		b, _ := uuidshard.Bucket(ids[i], 1000)
		sink += uint64(b)
	})
	bucketText := ns(func(i int) {
		u, _ := uuidshard.Parse(texts[i])
		b, _ := uuidshard.Bucket(u, 1000)
		sink += uint64(b)
	})
	key := ns(func(i int) {
		k, _ := uuidshard.ShardKey(ids[i], 4)
		sink += uint64(len(k))
	})
	keyText := ns(func(i int) {
		u, _ := uuidshard.Parse(texts[i])
		k, _ := uuidshard.ShardKey(u, 4)
		sink += uint64(len(k))
	})
	mint := ns(func(i int) {
		u := uuidshard.MustUUID7()
		sink += uint64(u[15])
	})
	fmt.Printf("bench: baseline, hex.Decode of the text + maphash.Bytes: %.1f ns\n", base)
	fmt.Printf("bench: Bucket(u, 1000) %.1f ns, ratio %.2f; Parse(text) + Bucket %.1f ns, ratio %.2f\n", bucket, bucket/base, bucketText, bucketText/base)
	fmt.Printf("bench: ShardKey(u, 4) %.1f ns, ratio %.2f; Parse(text) + ShardKey %.1f ns, ratio %.2f\n", key, key/base, keyText, keyText/base)
	fmt.Printf("bench: UUID7() %.1f ns (%.1f million a second, one goroutine)\n", mint, 1000/mint)
	if sink == 42 {
		fmt.Println()
	}
}
