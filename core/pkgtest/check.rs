//! The installed-package test of uuid_shard_core (core/test.sh builds it in a scratch crate that
//! depends on the packaged .crate, unpacked): every vector of tests/vectors/vectors.json, the
//! generator, the live server (through psql) and a benchmark. Standard library only.
//!
//!     check vectors <vectors.json>   check live   check bench
//!
//! Prints one `ok`/`FAIL` line per check; exits 1 if any failed.
use std::collections::HashMap;
use std::process::{Command, Stdio};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use uuid_shard_core as us;

// --- a JSON reader for the subset vectors.json uses (objects, arrays, strings, integers, null)

#[allow(dead_code)]
#[derive(Debug, Clone)]
enum Json {
    Null,
    Bool(bool),
    Int(i128),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

static NULL: Json = Json::Null;

impl Json {
    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v).unwrap_or(&NULL),
            _ => &NULL,
        }
    }
    fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(a) => a,
            _ => panic!("not an array: {self:?}"),
        }
    }
    fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            _ => panic!("not a string: {self:?}"),
        }
    }
    fn int(&self) -> i128 {
        match self {
            Json::Int(i) => *i,
            _ => panic!("not an integer: {self:?}"),
        }
    }
    fn opt_int(&self) -> Option<i128> {
        match self {
            Json::Null => None,
            j => Some(j.int()),
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) {
        self.ws();
        assert_eq!(self.s[self.i], c, "JSON: expected {:?} at {}", c as char, self.i);
        self.i += 1;
    }
    fn value(&mut self) -> Json {
        self.ws();
        match self.s[self.i] {
            b'{' => {
                self.i += 1;
                let mut kv = Vec::new();
                self.ws();
                if self.s[self.i] == b'}' {
                    self.i += 1;
                    return Json::Obj(kv);
                }
                loop {
                    self.ws();
                    let k = match self.value() {
                        Json::Str(k) => k,
                        other => panic!("JSON: key {other:?}"),
                    };
                    self.eat(b':');
                    kv.push((k, self.value()));
                    self.ws();
                    self.i += 1;
                    if self.s[self.i - 1] == b'}' {
                        return Json::Obj(kv);
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut a = Vec::new();
                self.ws();
                if self.s[self.i] == b']' {
                    self.i += 1;
                    return Json::Arr(a);
                }
                loop {
                    a.push(self.value());
                    self.ws();
                    self.i += 1;
                    if self.s[self.i - 1] == b']' {
                        return Json::Arr(a);
                    }
                }
            }
            b'"' => {
                self.i += 1;
                let mut out = Vec::new();
                while self.s[self.i] != b'"' {
                    if self.s[self.i] == b'\\' {
                        self.i += 1;
                        match self.s[self.i] {
                            b'n' => out.push(b'\n'),
                            b't' => out.push(b'\t'),
                            b'u' => {
                                let h = std::str::from_utf8(&self.s[self.i + 1..self.i + 5]).unwrap();
                                let c = char::from_u32(u32::from_str_radix(h, 16).unwrap()).expect("JSON: \\u escape");
                                out.extend_from_slice(c.to_string().as_bytes());
                                self.i += 4;
                            }
                            c => out.push(c),
                        }
                    } else {
                        out.push(self.s[self.i]);
                    }
                    self.i += 1;
                }
                self.i += 1;
                Json::Str(String::from_utf8(out).expect("JSON: UTF-8"))
            }
            b'n' => {
                self.i += 4;
                Json::Null
            }
            b't' => {
                self.i += 4;
                Json::Bool(true)
            }
            b'f' => {
                self.i += 5;
                Json::Bool(false)
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len() && (self.s[self.i] == b'-' || self.s[self.i].is_ascii_digit()) {
                    self.i += 1;
                }
                let t = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                Json::Int(t.parse().unwrap_or_else(|_| panic!("JSON: number {t:?} at {start}")))
            }
        }
    }
}

// --- UUID text --------------------------------------------------------------------------------

fn parse(s: &str) -> [u8; 16] {
    let hex: String = s.chars().filter(|c| *c != '-').collect();
    assert_eq!(hex.len(), 32, "UUID text {s:?}");
    u128::from_str_radix(&hex, 16).unwrap_or_else(|_| panic!("UUID text {s:?}")).to_be_bytes()
}

fn fmt(b: &[u8; 16]) -> String {
    let h = format!("{:032x}", u128::from_be_bytes(*b));
    format!("{}-{}-{}-{}-{}", &h[..8], &h[8..12], &h[12..16], &h[16..20], &h[20..])
}

fn hex_bytes(s: &str) -> Vec<u8> {
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
}

// --- reporting --------------------------------------------------------------------------------

#[derive(Default)]
struct Report {
    failed: usize,
}

impl Report {
    /// One line for one check: `failures` empty means ok.
    fn line(&mut self, what: &str, failures: &[String]) {
        if failures.is_empty() {
            println!("ok   {what}");
        } else {
            self.failed += 1;
            println!("FAIL {what}: {} failures", failures.len());
            for f in failures.iter().take(10) {
                println!("       {f}");
            }
        }
    }
}

/// Counts checks and collects failures of one section.
#[derive(Default)]
struct Section {
    checks: i128,
    failures: Vec<String>,
}

impl Section {
    fn expect(&mut self, ok: bool, what: impl FnOnce() -> String) {
        self.checks += 1;
        if !ok {
            self.failures.push(what());
        }
    }
    fn done(mut self, r: &mut Report, what: &str, want: i128) {
        if self.checks != want {
            self.failures.push(format!("ran {} checks, the file has {want}", self.checks));
        }
        r.line(&format!("{what}: {} vectors", self.checks), &self.failures);
    }
}

/// An argument wider than `i32` cannot reach the function: the type refuses it.
fn i32_refused(v: i128, f: impl Fn(i32) -> bool) -> bool {
    i32::try_from(v).map_or(true, f)
}

fn vectors(path: &str, r: &mut Report) {
    let text = std::fs::read_to_string(path).expect("read vectors.json");
    let data = Parser { s: text.as_bytes(), i: 0 }.value();

    // sections 1-4 and 8-10
    let mut s = Section::default();
    for v in data.get("accepted").arr() {
        let u = parse(v.get("uuid").str());
        let ms = v.get("unix_ms").opt_int();
        s.expect(us::has_random_tail(&u) && us::unix_ms(&u).map(i128::from) == ms, || {
            format!("{}: accepted, unix_ms {ms:?}", v.get("uuid").str())
        });
        for p in v.get("shard_key").arr() {
            let (len, key) = (p.arr()[0].int() as i32, p.arr()[1].str());
            let got = us::shard_key(&u, len);
            s.expect(got.as_deref() == Ok(key), || format!("{}: shard_key({len}) = {got:?}, expected {key}", fmt(&u)));
        }
        for p in v.get("bucket").arr() {
            let (n, b) = (p.arr()[0].int() as i32, p.arr()[1].int() as i32);
            let got = us::bucket(&u, n);
            s.expect(got == Ok(b), || format!("{}: bucket({n}) = {got:?}, expected {b}", fmt(&u)));
        }
    }
    for v in data.get("rejected").arr() {
        let u = parse(v.get("uuid").str());
        s.expect(
            !us::has_random_tail(&u) && us::unix_ms(&u).is_none() && us::shard_key(&u, 1).is_err() && us::bucket(&u, 1).is_err(),
            || format!("{}: must be rejected ({})", fmt(&u), v.get("reason").str()),
        );
    }
    let first = parse(data.get("accepted").arr()[0].get("uuid").str());
    for l in data.get("invalid_len").arr() {
        let l = l.int();
        s.expect(i32_refused(l, |l| us::shard_key(&first, l).is_err()), || format!("shard_key length {l} must be rejected"));
    }
    for n in data.get("invalid_n").arr() {
        let n = n.int();
        s.expect(i32_refused(n, |n| us::bucket(&first, n).is_err()), || format!("bucket count {n} must be rejected"));
    }
    for v in data.get("text_forms").arr() {
        let u = parse(v.get("uuid").str());
        let (ulid, b32) = (v.get("ulid").str(), v.get("base32hex").str());
        s.expect(
            us::to_ulid(&u) == ulid
                && us::to_base32hex(&u) == b32
                && us::from_ulid(&ulid.to_lowercase()) == Ok(u)
                && us::from_base32hex(b32) == Ok(u)
                && us::from_base32hex(&b32[..26].to_lowercase()) == Ok(u),
            || format!("{}: ulid {ulid}, base32hex {b32}", fmt(&u)),
        );
    }
    for v in data.get("bad_text").arr() {
        let t = v.get("text").str();
        let refused = if v.get("form").str() == "ulid" { us::from_ulid(t).is_err() } else { us::from_base32hex(t).is_err() };
        s.expect(refused, || format!("{} {t:?} must be refused", v.get("form").str()));
    }
    for v in data.get("times").arr() {
        let t = (v.get("unix_ms").int() * 1000 + v.get("us").int()) as i64;
        let ok = (|| {
            let head = us::v7_head(t).ok()?;
            let mut key = [0u8; 16];
            key[..8].copy_from_slice(&head);
            key[8] = 0x80;
            Some(
                fmt(&us::boundary(t).ok()?) == v.get("boundary").str()
                    && fmt(&us::boundary_last(t).ok()?) == v.get("boundary_last").str()
                    && fmt(&key)[..18] == *v.get("head").str()
                    && us::unix_us(&key) == Some(t),
            )
        })();
        s.expect(ok == Some(true), || format!("time {t}: boundary, boundary_last, head"));
    }
    for v in data.get("time_us").arr() {
        let u = parse(v.get("uuid").str());
        let want = v.get("unix_ms").opt_int().map(|ms| ms * 1000 + v.get("us").int());
        let got = us::unix_us(&u).map(i128::from);
        s.expect(got == want, || format!("{}: unix_us {got:?}, expected {want:?}", fmt(&u)));
    }
    for v in data.get("from_name").arr() {
        let t = (v.get("unix_ms").int() * 1000 + v.get("us").int()) as i64;
        let got = us::from_name(t, v.get("name").str()).map(|k| fmt(&k));
        s.expect(got.as_deref() == Ok(v.get("uuid").str()), || {
            format!("from_name({t}, {:?}) = {got:?}, expected {}", v.get("name").str(), v.get("uuid").str())
        });
    }
    for p in data.get("invalid_times").arr() {
        let t = p.arr()[0].int() * 1000 + p.arr()[1].int();
        let refused = i64::try_from(t).map_or(true, |t| {
            us::boundary(t).is_err() && us::boundary_last(t).is_err() && us::from_name(t, "x").is_err() && us::v7_head(t).is_err()
        });
        s.expect(refused, || format!("time {t} must be refused"));
    }
    s.done(r, "vectors (sections 1-4, 8-10)", data.get("checks").int());

    // section 11
    let tail = data.get("tail_remainder");
    let mut s = Section::default();
    for v in tail.get("vectors").arr() {
        let u = parse(v.get("uuid").str());
        let h = us::tail_hash_extended(&u) as i64;
        let row_hash = (h as u64).wrapping_add(us::TAIL_HASH_COMBINE_CONSTANT);
        s.expect(
            h.to_string() == v.get("tail_hash_extended").str() && format!("0x{row_hash:016x}") == v.get("bucket_key").str(),
            || format!("{}: tail_hash_extended {h}, row hash 0x{row_hash:016x}", fmt(&u)),
        );
        for p in v.get("remainder").arr() {
            let (m, rem) = (p.arr()[0].int() as i32, p.arr()[1].int() as i32);
            let got = us::tail_remainder(&u, m);
            s.expect(got == Ok(rem), || format!("{}: tail_remainder({m}) = {got:?}, expected {rem}", fmt(&u)));
        }
    }
    let first = parse(tail.get("vectors").arr()[0].get("uuid").str());
    for m in tail.get("invalid_modulus").arr() {
        let m = m.int();
        s.expect(
            i32_refused(m, |m| us::tail_remainder(&first, m).is_err() && us::tail_partition_name("t", &first, m).is_err()),
            || format!("modulus {m} must be rejected"),
        );
    }
    s.done(r, "vectors tail remainder (section 11)", tail.get("checks").int());

    // section 7
    let m = data.get("mask");
    let mut s = Section::default();
    if us::mask::LABEL.as_slice() != m.get("label").str().as_bytes() {
        s.failures.push(format!("label {:?}, the file has {:?}", us::mask::LABEL, m.get("label").str()));
    }
    for v in m.get("vectors").arr() {
        let secret = hex_bytes(v.get("secret").str());
        let (key, public) = (parse(v.get("key").str()), parse(v.get("public").str()));
        s.expect(us::mask(&key, &secret) == Ok(public) && us::unmask(&public, &secret) == Ok(key), || {
            format!("{}: mask/unmask, expected {}", fmt(&key), fmt(&public))
        });
    }
    let v0 = &m.get("vectors").arr()[0];
    let (key0, public0) = (parse(v0.get("key").str()), parse(v0.get("public").str()));
    for h in m.get("invalid_secret").arr() {
        let secret = hex_bytes(h.str());
        s.expect(us::mask(&key0, &secret).is_err() && us::unmask(&public0, &secret).is_err(), || {
            format!("secret {:?} must be rejected", h.str())
        });
    }
    let secret0 = hex_bytes(v0.get("secret").str());
    for u in m.get("not_v7").arr() {
        s.expect(us::mask(&parse(u.str()), &secret0).is_err(), || format!("mask({}) must be rejected", u.str()));
    }
    for u in m.get("not_v4").arr() {
        s.expect(us::unmask(&parse(u.str()), &secret0).is_err(), || format!("unmask({}) must be rejected", u.str()));
    }
    s.done(r, "vectors mask (section 7)", m.get("checks").int());
}

fn now_ns() -> i128 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos() as i128
}

/// The 12-bit-fraction time of a key, as the generator orders it.
fn key_time(k: &[u8; 16]) -> (u64, u16) {
    let ms = us::unix_ms(k).expect("v7") as u64;
    (ms, (u16::from(k[6] & 0x0F) << 8) | u16::from(k[7]))
}

fn generator(r: &mut Report) {
    // keys from 8 threads: each thread's increase, all distinct, all between the clock readings
    let before = us::v7::V7Time::from_unix_ns(now_ns()).unwrap();
    let threads: Vec<_> = (0..8)
        .map(|_| std::thread::spawn(|| (0..50_000).map(|_| us::uuid7()).collect::<Vec<_>>()))
        .collect();
    let per_thread: Vec<Vec<[u8; 16]>> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let after = us::v7::V7Time::from_unix_ns(now_ns()).unwrap();
    let mut failures = Vec::new();
    for (i, keys) in per_thread.iter().enumerate() {
        if let Some(w) = keys.windows(2).find(|w| w[0] >= w[1]) {
            failures.push(format!("thread {i}: {} then {}", fmt(&w[0]), fmt(&w[1])));
        }
    }
    let mut all: Vec<[u8; 16]> = per_thread.concat();
    for k in &all {
        let ok = k[6] >> 4 == 7 && k[8] >> 6 == 0b10 && {
            let (ms, frac) = key_time(k);
            let t = us::v7::V7Time::new(ms, frac).unwrap();
            // at or after the clock before, and never in a later millisecond than the clock after
            t >= before && ms <= after.unix_ms()
        };
        if !ok {
            failures.push(format!("{}: not a v7 key between the clock readings", fmt(k)));
            break;
        }
    }
    let n = all.len();
    all.sort_unstable();
    all.dedup();
    if all.len() != n {
        failures.push(format!("{} duplicates", n - all.len()));
    }
    r.line(&format!("uuid7: {n} keys from 8 threads: v7, distinct, increasing per thread, within the clock's readings"), &failures);

    // a tight loop: the counter in the top 12 tail bits counts up while the fraction stands
    let keys: Vec<[u8; 16]> = (0..100_000).map(|_| us::uuid7()).collect();
    let mut failures = Vec::new();
    let (mut counted, mut fresh) = (0, 0);
    for w in keys.windows(2) {
        if w[0] >= w[1] {
            failures.push(format!("{} then {}", fmt(&w[0]), fmt(&w[1])));
        }
        let counter = |k: &[u8; 16]| (u64::from_be_bytes(k[8..].try_into().unwrap()) >> 50) & 0xFFF;
        if key_time(&w[0]) == key_time(&w[1]) {
            counted += 1;
            if counter(&w[1]) != counter(&w[0]) + 1 {
                failures.push(format!("same time, counter not +1: {} then {}", fmt(&w[0]), fmt(&w[1])));
            }
        } else {
            fresh += 1;
        }
    }
    r.line(
        &format!("uuid7: 100000 keys in a loop increase; {counted} of the same time count +1 in the tail's top 12 bits ({fresh} new times)"),
        &failures,
    );

    // a name of the package: the partition names as uuid_tail_partition_ddl cuts them
    let u = parse("0195e3a1-7c2e-7b3d-8a4f-0123456789ab");
    let mut failures = Vec::new();
    for (parent, m, want) in [
        ("accounts".to_string(), 8, "accounts_h8_3".to_string()),
        ("accounts".to_string(), 16, "accounts_h16_11".to_string()),
        ("x".repeat(63), 2147483647, format!("{}_h2147483647_1510312945", "x".repeat(40))),
        ("é".repeat(31), 1000, format!("{}_h1000_675", "é".repeat(26))),
    ] {
        let got = us::tail_partition_name(&parent, &u, m);
        if got.as_ref() != Ok(&want) {
            failures.push(format!("tail_partition_name({parent:?}, {m}) = {got:?}, expected {want}"));
        }
    }
    r.line("tail_partition_name: section 11's example, 63 bytes, cut by characters", &failures);
}

// --- the live server --------------------------------------------------------------------------

struct Db {
    psql: String,
    db: String,
}

impl Db {
    /// Runs a psql script (stdin, ON_ERROR_STOP) and returns its rows, fields split at `|`.
    fn run(&self, script: &str) -> Result<Vec<Vec<String>>, String> {
        let mut child = Command::new(&self.psql)
            .args(["-X", "-q", "-At", "-F", "|", "-v", "ON_ERROR_STOP=1", "-d", &self.db])
            .env("PGCLIENTENCODING", "UTF8")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{}: {e}", self.psql))?;
        let mut stdin = child.stdin.take().unwrap();
        let script = format!("SET client_min_messages = warning;\nSET timezone = 'UTC';\n{script}");
        let writer = std::thread::spawn(move || {
            use std::io::Write;
            stdin.write_all(script.as_bytes())
        });
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        writer.join().unwrap().map_err(|e| e.to_string())?;
        if !out.status.success() {
            return Err(format!("psql failed: {}", String::from_utf8_lossy(&out.stderr).trim()));
        }
        Ok(String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| !l.is_empty())
            .map(|l| l.split('|').map(str::to_string).collect())
            .collect())
    }
}

/// Exact Unix microseconds and milliseconds of a timestamptz in SQL, on every major (13's
/// extract is a double: whole seconds and the seconds field separately stay exact).
fn sql_us(x: &str) -> String {
    format!("(extract(epoch from date_trunc('second', {x}))::bigint * 1000000 + extract(microseconds from {x})::bigint % 1000000)")
}

fn sql_ms(x: &str) -> String {
    format!("(extract(epoch from date_trunc('second', {x}))::bigint * 1000 + extract(milliseconds from {x})::bigint % 1000)")
}

fn live(r: &mut Report) {
    let psql = std::env::var("PSQL").unwrap_or_else(|_| "psql".into());
    let admin = Db { psql: psql.clone(), db: "postgres".into() };
    let db = Db { psql, db: "pkg_rust".into() };
    let setup = admin
        .run("DROP DATABASE IF EXISTS pkg_rust;\nCREATE DATABASE pkg_rust TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C';")
        .and_then(|_| {
            db.run(
                "CREATE SCHEMA uuid_shard;\nCREATE EXTENSION uuid_shard SCHEMA uuid_shard;\n\
                 CREATE TABLE keys (id uuid PRIMARY KEY, src text NOT NULL);\n\
                 SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard';",
            )
        });
    let version = match setup {
        Ok(rows) => rows[0][0].clone(),
        Err(e) => return r.line("live: database pkg_rust with the extension", &[e]),
    };
    r.line(&format!("live: database pkg_rust, uuid_shard {version}"), &[]);

    // keys of both routes side by side: the package's uuid7() and the database's uuidv7()
    let mine: Vec<[u8; 16]> = (0..500).map(|_| us::uuid7()).collect();
    let values: Vec<String> = mine.iter().map(|k| format!("('{}', 'rust')", fmt(k))).collect();
    let secret: Vec<u8> = (0..2).flat_map(|_| us::uuid7()[8..].to_vec()).chain(us::uuid7()[8..].to_vec()).collect();
    let secret_hex: String = secret.iter().map(|b| format!("{b:02x}")).collect();
    let s = format!("decode('{secret_hex}', 'hex')");
    let (tu, tm) = (sql_us("uuid_shard.uuid_v7_time_us(id)"), sql_ms("uuid_shard.uuid_v7_time(id)"));
    let query = format!(
        "INSERT INTO keys VALUES {};\n\
         INSERT INTO keys SELECT uuid_shard.uuidv7(), 'db' FROM generate_series(1, 500);\n\
         SELECT id, src, uuid_shard.uuid_bucket(id, 7), uuid_shard.uuid_bucket(id, 2147483647),\n\
                uuid_shard.uuid_shard_key(id, 4), uuid_shard.uuid_shard_key(id, 15),\n\
                uuid_shard.uuid_tail_remainder(id, 8), uuid_shard.uuid_tail_remainder(id, 1000),\n\
                {tm}, {tu},\n\
                uuid_shard.uuid_v7_boundary(uuid_shard.uuid_v7_time_us(id)), uuid_shard.uuid_v7_boundary_last(uuid_shard.uuid_v7_time_us(id)),\n\
                uuid_shard.uuid_to_ulid(id), uuid_shard.uuid_to_base32hex(id),\n\
                uuid_shard.uuid_v7_mask(id, {s}), uuid_shard.uuid_v7_unmask(uuid_shard.uuid_v7_mask(id, {s}), {s})\n\
           FROM keys ORDER BY id;",
        values.join(", ")
    );
    let rows = match db.run(&query) {
        Ok(rows) => rows,
        Err(e) => return r.line("live: keys of uuid7() and uuidv7() in one table", &[e]),
    };
    let by_src = |src: &str| rows.iter().filter(|row| row[1] == src).count();
    let mut f = Vec::new();
    if by_src("rust") != 500 || by_src("db") != 500 {
        f.push(format!("{} rust and {} db rows", by_src("rust"), by_src("db")));
    }
    let db_keys: Vec<[u8; 16]> = rows.iter().filter(|row| row[1] == "db").map(|row| parse(&row[0])).collect();
    if db_keys.iter().any(|k| key_time(k).0 == 0 || k[6] >> 4 != 7) {
        f.push("a uuidv7() key is not v7".into());
    }
    r.line("live: 500 keys of the package's uuid7() and 500 of uuid_shard.uuidv7() in one table", &f);

    let mut checks: HashMap<&str, Vec<String>> = HashMap::new();
    let names = [
        "bucket (n = 7, 2147483647)",
        "shard key (4, 15)",
        "tail remainder (8, 1000)",
        "time ms (uuid_v7_time)",
        "time us (uuid_v7_time_us)",
        "boundary, boundary_last",
        "text forms",
        "mask, unmask",
    ];
    for row in &rows {
        let u = parse(&row[0]);
        let mut expect = |name: &'static str, ok: bool| {
            if !ok {
                checks.entry(name).or_default().push(format!("{} ({}): {}", row[0], row[1], row[2..].join("|")));
            }
        };
        expect(names[0], us::bucket(&u, 7).map(|b| b.to_string()) == Ok(row[2].clone())
            && us::bucket(&u, 2147483647).map(|b| b.to_string()) == Ok(row[3].clone()));
        expect(names[1], us::shard_key(&u, 4) == Ok(row[4].clone()) && us::shard_key(&u, 15) == Ok(row[5].clone()));
        expect(names[2], us::tail_remainder(&u, 8).map(|x| x.to_string()) == Ok(row[6].clone())
            && us::tail_remainder(&u, 1000).map(|x| x.to_string()) == Ok(row[7].clone()));
        expect(names[3], us::unix_ms(&u).map(|x| x.to_string()) == Some(row[8].clone()));
        expect(names[4], us::unix_us(&u).map(|x| x.to_string()) == Some(row[9].clone()));
        let t = us::unix_us(&u).unwrap_or(-1);
        expect(names[5], us::boundary(t).map(|b| fmt(&b)) == Ok(row[10].clone())
            && us::boundary_last(t).map(|b| fmt(&b)) == Ok(row[11].clone())
            && us::boundary(t).is_ok_and(|b| b <= u) && us::boundary_last(t).is_ok_and(|b| u <= b));
        expect(names[6], us::to_ulid(&u) == row[12] && us::to_base32hex(&u) == row[13]
            && us::from_ulid(&row[12]) == Ok(u) && us::from_base32hex(&row[13]) == Ok(u));
        expect(names[7], us::mask(&u, &secret).map(|p| fmt(&p)) == Ok(row[14].clone())
            && us::unmask(&parse(&row[14]), &secret) == Ok(u) && parse(&row[15]) == u);
    }
    for name in names {
        r.line(&format!("live: {name}: {} keys, package = database", rows.len()), checks.get(name).map_or(&[][..], |v| v.as_slice()));
    }

    // keys from names: the same times and names by both routes
    let items: Vec<(i64, String)> = (0..50)
        .map(|i: i64| (1_700_000_000_000_000 + i * 987_654_321_123 % 1_000_000_000_000, format!("orders:{i}:é✓")))
        .collect();
    let vals: Vec<String> = items.iter().map(|(t, n)| format!("({t}::bigint, '{n}')")).collect();
    let q = format!(
        "SELECT t, uuid_shard.uuid_v7_from_name('epoch'::timestamptz + make_interval(secs => t / 1000000) + (t % 1000000) * interval '1 microsecond', n), \
         uuid_shard.uuid_v7_at('epoch'::timestamptz + make_interval(secs => t / 1000000) + (t % 1000000) * interval '1 microsecond') \
         FROM (VALUES {}) v(t, n) ORDER BY t;",
        vals.join(", ")
    );
    let mut f = Vec::new();
    match db.run(&q) {
        Ok(rows) if rows.len() == items.len() => {
            let mut sorted = items.clone();
            sorted.sort();
            for ((t, n), row) in sorted.iter().zip(&rows) {
                let mine = us::from_name(*t, n).map(|k| fmt(&k));
                let at = parse(&row[2]);
                if row[0] != t.to_string() || mine.as_ref() != Ok(&row[1]) || at[..8] != us::v7_head(*t).unwrap() || us::unix_us(&at) != Some(*t) {
                    f.push(format!("t = {t}, {n:?}: database {} {}, package {mine:?}", row[1], row[2]));
                }
            }
        }
        Ok(rows) => f.push(format!("{} rows", rows.len())),
        Err(e) => f.push(e),
    }
    r.line("live: from_name and v7_head = uuid_v7_from_name and uuid_v7_at's head, 50 times and names", &f);

    // time by both routes as the keys are made: database, package, database, ...
    let mut f = Vec::new();
    let mut last: Option<[u8; 16]> = None;
    for _ in 0..10 {
        let k = match db.run("SELECT uuid_shard.uuidv7();") {
            Ok(rows) => parse(&rows[0][0]),
            Err(e) => {
                f.push(e);
                break;
            }
        };
        let mine = us::uuid7();
        for (a, b) in [(last, k), (Some(k), mine)] {
            if let Some(a) = a {
                if us::unix_ms(&a) > us::unix_ms(&b) {
                    f.push(format!("{} made before {}", fmt(&a), fmt(&b)));
                }
            }
        }
        last = Some(mine);
    }
    r.line("live: keys made in turn by uuidv7() and uuid7() are in the order of their milliseconds", &f);

    // tail-hash partitions: every row in the partition tail_partition_name names
    let long = format!("rust_tail_{}", "é".repeat(25)); // 60 bytes: the partition names are cut
    let script = format!(
        "CREATE TABLE rust_tail (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);\n\
         SELECT * FROM uuid_shard.uuid_tail_partition_ddl('rust_tail'::regclass, 8) \\gexec\n\
         INSERT INTO rust_tail SELECT id FROM keys;\n\
         SELECT * FROM uuid_shard.uuid_tail_split_ddl('rust_tail_h8_3'::regclass) \\gexec\n\
         CREATE TABLE \"{long}\" (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);\n\
         SELECT * FROM uuid_shard.uuid_tail_partition_ddl('\"{long}\"'::regclass, 12) \\gexec\n\
         INSERT INTO \"{long}\" SELECT id FROM keys;\n\
         SELECT 'rust_tail', t.id, c.relname FROM rust_tail t JOIN pg_class c ON c.oid = t.tableoid\n\
         UNION ALL SELECT 'long', t.id, c.relname FROM \"{long}\" t JOIN pg_class c ON c.oid = t.tableoid;"
    );
    let rows = db.run(&script);
    for (table, what) in [
        ("rust_tail", "rust_tail: modulus 8, then (8, 3) split into (16, 3) and (16, 11)"),
        ("long", "a 60-byte parent name, modulus 12: names cut by characters"),
    ] {
        let mut f = Vec::new();
        match &rows {
            Err(e) => f.push(e.clone()),
            Ok(rows) => {
                let mine: Vec<&Vec<String>> = rows.iter().filter(|row| row[0] == table).collect();
                if mine.len() != 1000 {
                    f.push(format!("{} rows", mine.len()));
                }
                let (mut split, mut parts) = (0, std::collections::BTreeSet::new());
                for row in mine {
                    let u = parse(&row[1]);
                    let want = if table == "rust_tail" {
                        let m = if us::tail_remainder(&u, 8) == Ok(3) { 16 } else { 8 };
                        split += usize::from(m == 16);
                        us::tail_partition_name("rust_tail", &u, m)
                    } else {
                        us::tail_partition_name(&long, &u, 12)
                    };
                    parts.insert(row[2].clone());
                    if want.as_ref() != Ok(&row[2]) {
                        f.push(format!("{}: in {}, the package names {want:?}", row[1], row[2]));
                    }
                }
                if table == "rust_tail" && split == 0 {
                    f.push("no key in the split partition".into());
                }
                if f.is_empty() {
                    let sample = parts.iter().next().cloned().unwrap_or_default();
                    println!("       ({} partitions, e.g. {sample:?})", parts.len());
                }
            }
        }
        r.line(&format!("live: tail partitions, {what}"), &f);
    }
}

// --- benchmark --------------------------------------------------------------------------------

fn bench() {
    use std::hash::{Hash, Hasher};
    use std::hint::black_box;
    let n = 2_000_000;
    let keys: Vec<[u8; 16]> = (0..n).map(|_| us::uuid7()).collect();
    let texts: Vec<String> = keys.iter().map(fmt).collect();
    let time = |f: &dyn Fn(usize) -> u64| {
        let mut best = f64::MAX;
        for _ in 0..5 {
            let start = Instant::now();
            let mut acc = 0u64;
            for i in 0..n {
                acc = acc.wrapping_add(f(i));
            }
            black_box(acc);
            best = best.min(start.elapsed().as_secs_f64() / n as f64 * 1e9);
        }
        best
    };
    // the language's own: std has no UUID type; parse the text as a u128 (what the uuid crate's
    // parser amounts to) and hash the 16 bytes with std's hasher
    let baseline = time(&|i| {
        let t = black_box(&texts[i]);
        let mut hex = [0u8; 32];
        let mut j = 0;
        for &c in t.as_bytes() {
            if c != b'-' {
                hex[j] = c;
                j += 1;
            }
        }
        let v = u128::from_str_radix(std::str::from_utf8(&hex).unwrap(), 16).unwrap();
        let mut h = std::hash::DefaultHasher::new();
        v.to_be_bytes().hash(&mut h);
        h.finish()
    });
    let bucket = time(&|i| us::bucket(black_box(&keys[i]), 1000).unwrap() as u64);
    let shard_key = time(&|i| us::shard_key(black_box(&keys[i]), 4).unwrap().len() as u64);
    let uuid7 = time(&|_| us::uuid7()[15] as u64);
    println!("bench: parse a UUID text + std hash of its bytes {baseline:.1} ns; bucket(u, 1000) {bucket:.1} ns; shard_key(u, 4) {shard_key:.1} ns; uuid7() {uuid7:.1} ns");
    println!(
        "bench: ratio to parse + hash: bucket {:.2}, shard_key {:.2} (best of 5 runs of {n} keys, printed, not asserted)",
        bucket / baseline,
        shard_key / baseline
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut r = Report::default();
    match args.get(1).map(String::as_str) {
        Some("vectors") => {
            vectors(&args[2], &mut r);
            generator(&mut r);
        }
        Some("live") => live(&mut r),
        Some("bench") => bench(),
        _ => {
            eprintln!("usage: check vectors <vectors.json> | live | bench");
            std::process::exit(2);
        }
    }
    if r.failed > 0 {
        std::process::exit(1);
    }
}
