//! Prints the cross-language test vectors of the shard key, the bucket and the v7 timestamp as
//! JSON on stdout. The output is committed as `tests/vectors/vectors.json` and frozen:
//! `tests/vectors/run.sh` regenerates it and fails on any difference, then checks the
//! reference implementations in other languages against it. Everything here is deterministic
//! (fixed lists and a fixed-seed splitmix64), so the output never changes unless the
//! algorithms do.
//!
//!     cargo run -q --manifest-path core/Cargo.toml --example vectors > tests/vectors/vectors.json
//!
//! The format is documented in `docs/algorithms.md`.
use std::fmt::Write as _;

use uuid_shard_core::mask;
use uuid_shard_core::shard::{
    bucket, bucket_key, check_random_tail, shard_key, tail_hash_extended, tail_remainder, TAIL_HASH_COMBINE_CONSTANT,
};
use uuid_shard_core::text;
use uuid_shard_core::v7::{self, V7Time};

/// Bucket counts every accepted UUID is checked with.
const NS: [i32; 10] = [1, 2, 3, 5, 8, 16, 100, 1000, 65536, i32::MAX];
/// Shard key lengths every pseudo-random UUID is checked with (hand-picked ones get 1..=15).
const LENS: [i32; 5] = [1, 2, 4, 8, 15];
const ALL_LENS: [i32; 15] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const SEED: u64 = 0x7575_6964_5f73_6864; // "uuid_shd"
const RANDOM_PER_VERSION: usize = 100;
/// Arguments out of range; checked against the first accepted UUID. 2147483648 does not fit
/// PostgreSQL's `integer`, so implementations must reject it rather than compute a bucket the
/// extension can never return.
const INVALID_LENS: [i64; 5] = [i32::MIN as i64, -1, 0, 16, 17];
const INVALID_NS: [i64; 4] = [i32::MIN as i64, -1, 0, 1 << 31];

/// Bucket keys (bytes 8..16, variant bits cleared) whose bucket at n = 2147483647 changes when
/// the jump step is computed in exact integer arithmetic, floor((b + 1) * 2^31 / d), or as the
/// double expression ((b + 1) * 2^31) / d: the vectors catch both mistakes. Found by scanning
/// 10^8 splitmix64 outputs (seed 1); about 2 keys in 10^7 are sensitive. `main` re-checks it.
const FLOAT_SENSITIVE_KEYS: [u64; 8] = [
    0x177c_0e4c_cd18_ddc4, // exact integer differs
    0x3ad7_947e_610b_4e1b, // exact integer differs
    0x2fc2_5750_db1b_fb57, // exact integer differs
    0x1fee_e3f4_ef79_c178, // other operation order differs
    0x3583_4dfb_5843_d190, // other operation order differs
    0x2a6a_9ad6_b2be_0cf4, // both differ
    0x329d_f50b_c450_5ac1, // both differ
    0x111f_242e_a08d_fc23, // both differ
];

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// 0..n (the tiny modulo bias does not matter here).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn bytes(&mut self) -> [u8; 16] {
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&self.next().to_be_bytes());
        b[8..].copy_from_slice(&self.next().to_be_bytes());
        b
    }
}

struct Accepted {
    bytes: [u8; 16],
    upper: bool,
    lens: Vec<i32>,
    ns: Vec<i32>,
    note: Option<String>,
}

struct Rejected {
    bytes: [u8; 16],
    upper: bool,
    note: Option<String>,
}

fn parse(s: &str) -> [u8; 16] {
    let h: Vec<u8> = s.bytes().filter(|c| *c != b'-').collect();
    assert_eq!(h.len(), 32, "{s}");
    let mut b = [0u8; 16];
    for (i, x) in b.iter_mut().enumerate() {
        *x = u8::from_str_radix(std::str::from_utf8(&h[2 * i..2 * i + 2]).unwrap(), 16).unwrap();
    }
    b
}

fn text(b: &[u8; 16], upper: bool) -> String {
    let mut s = String::with_capacity(36);
    for (i, x) in b.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            s.push('-');
        }
        if upper {
            write!(s, "{x:02X}").unwrap();
        } else {
            write!(s, "{x:02x}").unwrap();
        }
    }
    s
}

/// `b` with version nibble `v` and the RFC 9562 variant.
fn with_version(mut b: [u8; 16], v: u8) -> [u8; 16] {
    b[6] = (v << 4) | (b[6] & 0x0F);
    b[8] = 0x80 | (b[8] & 0x3F);
    b
}

fn with_tail(mut b: [u8; 16], tail: u64) -> [u8; 16] {
    b[8..].copy_from_slice(&tail.to_be_bytes());
    b
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || !c.is_ascii() => panic!("keep the vectors plain ASCII: {s:?}"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The jump step in two wrong ways, to prove the float-sensitive keys are sensitive.
fn jump_variant(mut key: u64, n: i32, exact_integer: bool) -> i32 {
    let (mut b, mut j): (i64, i64) = (-1, 0);
    while j < i64::from(n) {
        b = j;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        let d = (key >> 33) + 1;
        j = if exact_integer {
            ((((b + 1) as u128) << 31) / u128::from(d)) as i64
        } else {
            (((b + 1) as f64 * 2_147_483_648.0) / d as f64) as i64
        };
    }
    b as i32
}

fn hand_picked(s: &str, note: &str) -> Accepted {
    Accepted {
        bytes: parse(s),
        upper: false,
        lens: ALL_LENS.to_vec(),
        ns: NS.to_vec(),
        note: Some(note.into()),
    }
}

fn accepted_vectors(rng: &mut SplitMix64) -> Vec<Accepted> {
    let mut out = vec![
        hand_picked(
            "0195e3a1-7c2e-7b3d-8a4f-0123456789ab",
            "the example of docs/algorithms.md",
        ),
        hand_picked(
            "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
            "RFC 9562 appendix A.6, version 7",
        ),
        hand_picked(
            "01952000-0000-7000-8000-000000000000",
            "first v7 UUID of 2025-02-19 20:57:05.792 UTC",
        ),
        hand_picked("6fa459ea-ee8a-3ca4-894e-db77e160355e", "version 3"),
        hand_picked("919108f7-52d1-4320-9bac-f847db4148a8", "version 4"),
        hand_picked("886313e1-3b8a-5372-9b90-0c9aee199e5d", "version 5"),
    ];

    // Extreme tails (bucket keys 0, 1, 2^62 - 2, 2^62 - 1, ...) under extreme heads.
    let tails: [(u64, &str); 6] = [
        (0x8000_0000_0000_0000, "tail all zeros"),
        (0xBFFF_FFFF_FFFF_FFFF, "tail all ones"),
        (0x8000_0000_0000_0001, "bucket key 1"),
        (0xBFFF_FFFF_FFFF_FFFE, "bucket key 2^62 - 2"),
        (0x80FF_FFFF_FFFF_FFFF, "byte 8 = 0x80, rest ones"),
        (0xBF00_0000_0000_0000, "byte 8 = 0xbf, rest zeros"),
    ];
    for v in [3u8, 4, 5, 7] {
        for (head, head_note) in [([0u8; 16], "head all zeros"), ([0xFF; 16], "head all ones")] {
            for (tail, tail_note) in tails {
                out.push(Accepted {
                    bytes: with_version(with_tail(head, tail), v),
                    upper: false,
                    lens: ALL_LENS.to_vec(),
                    ns: NS.to_vec(),
                    note: Some(format!("version {v}, {head_note}, {tail_note}")),
                });
            }
        }
    }

    for (i, key) in FLOAT_SENSITIVE_KEYS.into_iter().enumerate() {
        assert!(key >> 62 == 0);
        let exact = jump_variant(key, i32::MAX, true);
        let order = jump_variant(key, i32::MAX, false);
        let b = with_version(with_tail(rng.bytes(), key), [3, 4, 5, 7][i % 4]);
        let right = bucket(&b, i32::MAX).unwrap();
        assert!(exact != right || order != right, "{key:#x} is not float-sensitive");
        let mut how = Vec::new();
        if exact != right {
            how.push(format!("exact integer division gives {exact}"));
        }
        if order != right {
            how.push(format!("((b + 1) * 2^31) / d gives {order}"));
        }
        out.push(Accepted {
            bytes: b,
            upper: false,
            lens: LENS.to_vec(),
            ns: NS.to_vec(),
            note: Some(format!("float-sensitive at n = 2147483647: {}", how.join(", "))),
        });
    }

    for v in [3u8, 4, 5, 7] {
        out.push(Accepted {
            bytes: with_version(rng.bytes(), v),
            upper: true,
            lens: ALL_LENS.to_vec(),
            ns: NS.to_vec(),
            note: Some("upper-case text in, lower-case shard key out".into()),
        });
    }

    // Pseudo-random UUIDs: realistic v7 timestamps (2020..2051), one extra shard key length
    // and two extra bucket counts each, one of them anywhere in 1..=2147483647.
    for i in 0..4 * RANDOM_PER_VERSION {
        let bytes = match [3u8, 4, 5, 7][i % 4] {
            7 => {
                let ms = 1_600_000_000_000 + rng.below(1_000_000_000_000);
                let time = V7Time::new(ms, rng.below(4096) as u16).unwrap();
                v7::build(time, rng.next())
            }
            v => with_version(rng.bytes(), v),
        };
        let mut lens = LENS.to_vec();
        lens.push([3, 5, 6, 7, 9, 10, 11, 12, 13, 14][rng.below(10) as usize]);
        let mut ns = NS.to_vec();
        for range in [1000u64, i32::MAX as u64] {
            let n = loop {
                let n = 1 + rng.below(range) as i32;
                if !ns.contains(&n) {
                    break n;
                }
            };
            ns.push(n);
        }
        out.push(Accepted {
            bytes,
            upper: false,
            lens,
            ns,
            note: None,
        });
    }
    out
}

fn rejected_vectors(rng: &mut SplitMix64) -> Vec<Rejected> {
    let fixed = |s: &str| Rejected {
        bytes: parse(s),
        upper: false,
        note: None,
    };
    let mut out = vec![
        fixed("00000000-0000-0000-0000-000000000000"),
        fixed("ffffffff-ffff-ffff-ffff-ffffffffffff"),
        fixed("c232ab00-9414-11ec-b3c8-9f6bdeced846"),
        fixed("1ec9414c-232a-6b00-b3c8-9f6bdeced846"),
        fixed("320c3d4d-cc00-875b-8ec9-32d5f69181c0"),
        fixed("0195e3a1-7c2e-7b3d-0a4f-0123456789ab"),
        fixed("0195e3a1-7c2e-7b3d-ca4f-0123456789ab"),
        fixed("0195e3a1-7c2e-7b3d-ea4f-0123456789ab"),
        fixed("00000000-0000-4000-0000-000000000000"),
        fixed("ffffffff-ffff-7fff-ffff-ffffffffffff"),
    ];
    // Every other version nibble with the RFC 9562 variant.
    for v in [0u8, 1, 2, 6, 8, 9, 10, 11, 12, 13, 14, 15] {
        out.push(Rejected {
            bytes: with_version(rng.bytes(), v),
            upper: false,
            note: None,
        });
    }
    // Versions 3, 4, 5 and 7 with byte 8 just outside 0x80..=0xBF and in each other variant.
    for (i, byte8) in [0x00u8, 0x3F, 0x40, 0x7F, 0xC0, 0xDF, 0xE0, 0xFF]
        .into_iter()
        .enumerate()
    {
        let mut b = with_version(rng.bytes(), [3, 4, 5, 7][i % 4]);
        b[8] = byte8;
        out.push(Rejected {
            bytes: b,
            upper: false,
            note: Some(format!("byte 8 = 0x{byte8:02x}")),
        });
    }
    let mut b = with_version(rng.bytes(), 8);
    b[8] = 0xA5;
    out.push(Rejected {
        bytes: b,
        upper: true,
        note: Some("upper-case text".into()),
    });
    out
}

fn main() {
    let mut rng = SplitMix64(SEED);
    let accepted = accepted_vectors(&mut rng);
    let rejected = rejected_vectors(&mut rng);

    let mut checks = INVALID_LENS.len() + INVALID_NS.len() + rejected.len();
    let mut acc_lines = Vec::new();
    for a in &accepted {
        check_random_tail(&a.bytes).expect("accepted vector must be accepted");
        let mut line = format!(
            "{{\"uuid\": {}, \"version\": {}",
            json_str(&text(&a.bytes, a.upper)),
            a.bytes[6] >> 4
        );
        match v7::unix_ms(&a.bytes) {
            Some(ms) => write!(line, ", \"unix_ms\": {ms}").unwrap(),
            None => line.push_str(", \"unix_ms\": null"),
        }
        let keys: Vec<String> = a
            .lens
            .iter()
            .map(|&len| format!("[{len}, {}]", json_str(&shard_key(&a.bytes, len).unwrap())))
            .collect();
        let buckets: Vec<String> =
            a.ns.iter()
                .map(|&n| format!("[{n}, {}]", bucket(&a.bytes, n).unwrap()))
                .collect();
        write!(
            line,
            ", \"shard_key\": [{}], \"bucket\": [{}]",
            keys.join(", "),
            buckets.join(", ")
        )
        .unwrap();
        if let Some(note) = &a.note {
            write!(line, ", \"note\": {}", json_str(note)).unwrap();
        }
        line.push('}');
        acc_lines.push(line);
        checks += 1 + a.lens.len() + a.ns.len();
    }

    let first = &accepted[0].bytes;
    for len in INVALID_LENS {
        assert!(shard_key(first, len as i32).is_err(), "length {len}");
    }
    for n in INVALID_NS {
        assert!(n > i64::from(i32::MAX) || bucket(first, n as i32).is_err(), "n {n}");
    }

    let mut rej_lines = Vec::new();
    for r in &rejected {
        let err = check_random_tail(&r.bytes).expect_err("rejected vector must be rejected");
        assert!(v7::unix_ms(&r.bytes).is_none());
        let msg = err.to_string();
        let (_, found) = msg.split_once(", got ").unwrap();
        let mut line = format!(
            "{{\"uuid\": {}, \"reason\": {}",
            json_str(&text(&r.bytes, r.upper)),
            json_str(found)
        );
        if let Some(note) = &r.note {
            write!(line, ", \"note\": {}", json_str(note)).unwrap();
        }
        line.push('}');
        rej_lines.push(line);
    }

    // ---- 0.3.0: text forms, bounds, the time to the microsecond, keys from names ----------
    // Text forms of every UUID above (any 16 bytes have them) and the extremes.
    let mut all: Vec<[u8; 16]> = accepted.iter().map(|a| a.bytes).collect();
    all.extend(rejected.iter().map(|r| r.bytes));
    let mut text_lines = Vec::new();
    for b in &all {
        let (ulid, b32) = (text::to_ulid(b), text::to_base32hex(b));
        assert_eq!(text::from_ulid(&ulid.to_lowercase()), Ok(*b));
        assert_eq!(text::from_base32hex(&b32[..26]), Ok(*b));
        text_lines.push(format!(
            "{{\"uuid\": {}, \"ulid\": {}, \"base32hex\": {}}}",
            json_str(&text(b, false)),
            json_str(&ulid),
            json_str(&b32)
        ));
    }
    checks += text_lines.len();
    // Texts every decoder must refuse.
    let bad_texts: [(&str, &str); 16] = [
        ("ulid", "01ARZ3NDEKTSV4RRFFQ69G5FAU"),
        ("ulid", "01ARZ3NDEKTSV4RRFFQ69G5FAI"),
        ("ulid", "01ARZ3NDEKTSV4RRFFQ69G5FAL"),
        ("ulid", "01ARZ3NDEKTSV4RRFFQ69G5FAO"),
        ("ulid", "01ARZ3NDEK"),
        ("ulid", ""),
        ("ulid", "01ARZ3NDEKTSV4RRFFQ69G5FAV0"),
        ("ulid", "81ARZ3NDEKTSV4RRFFQ69G5FAV"),
        ("ulid", "01ARZ3NDEK-SV4RRFFQ69G5FAV"),
        ("base32hex", "05B3SELLQFB7CJ31TUSP60LTBW"),
        ("base32hex", "05B3SELLQFB7CJ31TUSP60LTBD"),
        ("base32hex", "05B3SELLQFB7CJ31TUSP60LTBC==="),
        ("base32hex", "05B3SELLQFB7CJ31TUSP60LTBC=====x"),
        ("base32hex", "05B3SELLQFB7CJ31TUSP60LTB======="),
        ("base32hex", "AVY+OrXT1nZMYe+5kwK9Ww=="),
        ("base32hex", "01563e3a-b5d3-d676-4c61-efb99302bd5b"),
    ];
    let mut bad_text_lines = Vec::new();
    for (form, t) in bad_texts {
        // The extension's messages (they quote characters) are pinned by its bad-input matrix.
        let refused = if form == "ulid" {
            text::from_ulid(t)
        } else {
            text::from_base32hex(t)
        };
        assert!(refused.is_err(), "{t} must be refused");
        bad_text_lines.push(format!("{{\"form\": {}, \"text\": {}}}", json_str(form), json_str(t)));
    }
    checks += bad_text_lines.len();
    // Times as (unix_ms, us 0..999): every microsecond of one millisecond, the range's edges,
    // pseudo-random ones; with the boundary, the inclusive upper bound and the head (bytes
    // 0..7) a key for that time carries.
    let mut times: Vec<(u64, u32)> = (0..1000).map(|us| (1_739_998_625_792, us)).collect();
    times.extend([
        (0, 0),
        (0, 999),
        (1, 0),
        (v7::MAX_UNIX_MS, 0),
        (v7::MAX_UNIX_MS, 999),
        (1 << 47, 0),
    ]);
    for _ in 0..200 {
        times.push((rng.below(v7::MAX_UNIX_MS + 1), rng.below(1000) as u32));
    }
    let pg = |ms: u64, us: u32| v7::pg_timestamp_from_unix_ms(ms) + i64::from(us);
    let mut time_lines = Vec::new();
    for &(ms, us) in &times {
        let t = V7Time::from_pg_timestamp(pg(ms, us)).unwrap();
        let key = v7::build(t, rng.next());
        assert_eq!(v7::pg_timestamp_us(&key), Some(pg(ms, us)));
        time_lines.push(format!(
            "{{\"unix_ms\": {ms}, \"us\": {us}, \"boundary\": {}, \"boundary_last\": {}, \"head\": {}}}",
            json_str(&text(&v7::boundary(t), false)),
            json_str(&text(&v7::boundary_last(t), false)),
            json_str(&text(&key, false)[..18])
        ));
    }
    checks += time_lines.len();
    // The time to the microsecond of every UUID above: (unix_ms, us) or null.
    let mut time_us_lines = Vec::new();
    for b in &all {
        let line = match v7::pg_timestamp_us(b) {
            Some(ts) => {
                let unix_us = ts + v7::PG_EPOCH_OFFSET_US;
                format!(
                    "{{\"uuid\": {}, \"unix_ms\": {}, \"us\": {}}}",
                    json_str(&text(b, false)),
                    unix_us / 1000,
                    unix_us % 1000
                )
            }
            None => format!(
                "{{\"uuid\": {}, \"unix_ms\": null, \"us\": null}}",
                json_str(&text(b, false))
            ),
        };
        time_us_lines.push(line);
    }
    checks += time_us_lines.len();
    // Keys from a time and a name (ASCII names here; a name is hashed as its UTF-8 bytes).
    let mut name_lines = Vec::new();
    let mut names: Vec<(u64, u32, String)> = vec![
        (1_739_998_625_792, 123, "orders:42".into()),
        (1_739_998_625_792, 123, "orders:43".into()),
        (1_739_998_625_792, 123, String::new()),
        (0, 0, "x".into()),
        (v7::MAX_UNIX_MS, 999, "the last microsecond".into()),
        (
            1_600_000_000_000,
            500,
            "a name: with spaces, commas and 'quotes'".into(),
        ),
    ];
    for i in 0..100 {
        let ms = 1_600_000_000_000 + rng.below(1_000_000_000_000);
        names.push((ms, rng.below(1000) as u32, format!("table_{}:{}", i % 7, rng.next())));
    }
    for (ms, us, name) in &names {
        let t = V7Time::from_pg_timestamp(pg(*ms, *us)).unwrap();
        name_lines.push(format!(
            "{{\"unix_ms\": {ms}, \"us\": {us}, \"name\": {}, \"uuid\": {}}}",
            json_str(name),
            json_str(&text(&v7::from_name(t, name.as_bytes()), false))
        ));
    }
    checks += name_lines.len();
    // Times outside 1970-01-01 .. 2^48 - 1 ms, as (unix_ms, us): bounds and keys refuse them.
    let invalid_times: [(i64, i64); 3] = [(-1, 999), (-1000, 0), (v7::MAX_UNIX_MS as i64 + 1, 0)];
    checks += invalid_times.len();

    let list = |v: &[i64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
    let mut out = String::new();
    out.push_str("{\n");
    out.push_str("  \"about\": \"uuid_shard test vectors, frozen: written by core/examples/vectors.rs, specified in docs/algorithms.md\",\n");
    out.push_str("  \"format\": 1,\n");
    writeln!(out, "  \"checks\": {checks},").unwrap();
    writeln!(out, "  \"invalid_len\": [{}],", list(&INVALID_LENS)).unwrap();
    writeln!(out, "  \"invalid_n\": [{}],", list(&INVALID_NS)).unwrap();
    writeln!(out, "  \"accepted\": [\n    {}\n  ],", acc_lines.join(",\n    ")).unwrap();
    writeln!(out, "  \"rejected\": [\n    {}\n  ],", rej_lines.join(",\n    ")).unwrap();
    writeln!(out, "  \"text_forms\": [\n    {}\n  ],", text_lines.join(",\n    ")).unwrap();
    writeln!(out, "  \"bad_text\": [\n    {}\n  ],", bad_text_lines.join(",\n    ")).unwrap();
    writeln!(out, "  \"times\": [\n    {}\n  ],", time_lines.join(",\n    ")).unwrap();
    writeln!(out, "  \"time_us\": [\n    {}\n  ],", time_us_lines.join(",\n    ")).unwrap();
    writeln!(out, "  \"from_name\": [\n    {}\n  ],", name_lines.join(",\n    ")).unwrap();
    let inv: Vec<String> = invalid_times.iter().map(|(ms, us)| format!("[{ms}, {us}]")).collect();
    writeln!(out, "  \"invalid_times\": [{}],", inv.join(", ")).unwrap();
    out.push_str(&tail_remainder_section(&mut SplitMix64(TAIL_REMAINDER_SEED)));
    out.push_str(&mask_section(&mut SplitMix64(MASK_SEED)));
    out.push_str("}\n");
    print!("{out}");
}

// ---- tail-hash partitions (docs/algorithms.md section 11), a section with its own count ---------

const TAIL_REMAINDER_SEED: u64 = 0x7461_696c_5f72_656d; // "tail_rem"
/// Moduli every vector is checked with: powers of two (the low bits of the bucket key), others,
/// and the largest PostgreSQL's `integer` holds.
const MODULI: [i32; 11] = [1, 2, 3, 4, 8, 16, 64, 256, 1000, 65536, i32::MAX];
/// Out of range; checked against the first vector. 2147483648 does not fit PostgreSQL's
/// `integer`, so implementations must reject it rather than compute a remainder the extension
/// can never return.
const INVALID_MODULI: [i64; 4] = [i32::MIN as i64, -1, 0, 1 << 31];

struct TailVector {
    bytes: [u8; 16],
    upper: bool,
    moduli: Vec<i32>,
    note: String,
}

impl TailVector {
    fn hand_picked(bytes: [u8; 16], note: &str) -> Self {
        TailVector {
            bytes,
            upper: false,
            moduli: MODULI.to_vec(),
            note: note.into(),
        }
    }
}

/// `"tail_remainder": {...}`: every vector is one check for its bucket key and support-function
/// value, plus one per `[modulus, remainder]` pair; every invalid modulus one. Any UUID routes,
/// so the vectors span every version and variant, nil and max.
fn tail_remainder_section(rng: &mut SplitMix64) -> String {
    let low62 = 0x0a4f_0123_4567_89ab; // the example's bucket key, under each pair of top bits
    let mut vectors: Vec<TailVector> = [
        (
            "0195e3a1-7c2e-7b3d-8a4f-0123456789ab",
            "the example of docs/algorithms.md, version 7",
        ),
        (
            "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
            "RFC 9562 appendix A.6, version 7",
        ),
        ("c232ab00-9414-11ec-b3c8-9f6bdeced846", "version 1"),
        ("6fa459ea-ee8a-3ca4-894e-db77e160355e", "version 3"),
        ("919108f7-52d1-4320-9bac-f847db4148a8", "version 4"),
        ("886313e1-3b8a-5372-9b90-0c9aee199e5d", "version 5"),
        ("1ec9414c-232a-6b00-b3c8-9f6bdeced846", "version 6"),
        ("320c3d4d-cc00-875b-8ec9-32d5f69181c0", "version 8"),
        ("00000000-0000-0000-0000-000000000000", "the nil UUID: bucket key 0"),
        (
            "ffffffff-ffff-ffff-ffff-ffffffffffff",
            "the max UUID: bucket key 2^62 - 1",
        ),
        (
            "0195e3a1-7c2e-7b3d-ea4f-0123456789ab",
            "reserved variant (byte 8 = 0xea)",
        ),
    ]
    .into_iter()
    .map(|(s, note)| TailVector::hand_picked(parse(s), note))
    .collect();
    vectors.push(TailVector {
        upper: true,
        ..TailVector::hand_picked(
            parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
            "version 1, upper-case text",
        )
    });
    for (top, what) in [
        (0b00u64, "NCS variant (byte 8 = 0x0a)"),
        (0b01, "NCS variant (byte 8 = 0x4a)"),
        (0b11, "Microsoft variant (byte 8 = 0xca)"),
    ] {
        let b = with_tail(parse("0195e3a1-7c2e-7b3d-0000-000000000000"), top << 62 | low62);
        vectors.push(TailVector::hand_picked(
            b,
            &format!("{what}: the example's bucket key, the top two bits ignored"),
        ));
    }
    let tails: [(u64, &str); 12] = [
        (0x8000_0000_0000_0000, "version 4, bucket key 0"),
        (0x4000_0000_0000_0000, "NCS variant, bucket key 0"),
        (0xC000_0000_0000_0000, "Microsoft variant, bucket key 0"),
        (0x8000_0000_0000_0001, "version 4, bucket key 1"),
        (0x8000_0000_7FFF_FFFE, "version 4, bucket key 2^31 - 2"),
        (0x8000_0000_7FFF_FFFF, "version 4, bucket key 2^31 - 1"),
        (0x8000_0000_8000_0000, "version 4, bucket key 2^31"),
        (0x8000_0001_0000_0000, "version 4, bucket key 2^32"),
        (0xBFFF_FFFF_FFFF_FFFE, "version 4, bucket key 2^62 - 2"),
        (0xBFFF_FFFF_FFFF_FFFF, "version 4, bucket key 2^62 - 1"),
        (0x3FFF_FFFF_FFFF_FFFF, "NCS variant, bucket key 2^62 - 1"),
        (0xFFFF_FFFF_FFFF_FFFE, "reserved variant, bucket key 2^62 - 2"),
    ];
    for (tail, note) in tails {
        let head = with_version(rng.bytes(), 4);
        vectors.push(TailVector::hand_picked(with_tail(head, tail), note));
    }
    // Pseudo-random: RFC 9562 UUIDs of versions 1, 3-8 (v7 with realistic times) and 16 random
    // bytes of any version and variant; two of them in upper-case text. Each gets two more
    // moduli, one in 1..=1000 and one anywhere in 1..=2147483647.
    for i in 0..120 {
        let version = [Some(1u8), Some(3), Some(4), Some(5), Some(6), Some(7), Some(8), None][i % 8];
        let (b, what) = match version {
            Some(7) => {
                let ms = 1_600_000_000_000 + rng.below(1_000_000_000_000);
                let time = V7Time::new(ms, rng.below(4096) as u16).unwrap();
                (v7::build(time, rng.next()), "version 7".to_string())
            }
            Some(v) => (with_version(rng.bytes(), v), format!("version {v}")),
            None => (rng.bytes(), "random bytes".to_string()),
        };
        let upper = i == 2 || i == 5;
        let mut moduli = MODULI.to_vec();
        for range in [1000u64, i32::MAX as u64] {
            let m = loop {
                let m = 1 + rng.below(range) as i32;
                if !moduli.contains(&m) {
                    break m;
                }
            };
            moduli.push(m);
        }
        vectors.push(TailVector {
            bytes: b,
            upper,
            moduli,
            note: if upper {
                format!("{what}, upper-case text")
            } else {
                what
            },
        });
    }

    let mut lines = Vec::new();
    let mut checks = 0;
    for v in &vectors {
        let b = &v.bytes;
        let key = bucket_key(b);
        let hash = tail_hash_extended(b);
        // PostgreSQL's row hash of a one-column key, hash_combine64(0, hash), is the bucket key.
        assert_eq!(hash.wrapping_add(TAIL_HASH_COMBINE_CONSTANT), key);
        let pairs: Vec<String> = v
            .moduli
            .iter()
            .map(|&m| {
                let r = tail_remainder(b, m).unwrap();
                assert_eq!(u64::try_from(r).unwrap(), key % m as u64);
                format!("[{m}, {r}]")
            })
            .collect();
        checks += 1 + pairs.len();
        lines.push(format!(
            "{{\"uuid\": {}, \"bucket_key\": \"{key:#018x}\", \"tail_hash_extended\": \"{}\", \"remainder\": [{}], \"note\": {}}}",
            json_str(&text(b, v.upper)),
            hash as i64,
            pairs.join(", "),
            json_str(&v.note)
        ));
    }
    for m in INVALID_MODULI {
        assert!(
            m > i64::from(i32::MAX) || tail_remainder(&vectors[0].bytes, m as i32).is_err(),
            "modulus {m}"
        );
    }
    checks += INVALID_MODULI.len();

    let list: Vec<String> = INVALID_MODULI.iter().map(|m| m.to_string()).collect();
    let mut out = String::new();
    out.push_str("  \"tail_remainder\": {\n");
    out.push_str("    \"about\": \"uuid_tail_remainder and the support function of uuid_tail_ops, docs/algorithms.md section 11; bucket_key (hex) and tail_hash_extended (signed decimal) are strings, as JSON numbers lose precision above 2^53; its own count\",\n");
    writeln!(out, "    \"checks\": {checks},").unwrap();
    writeln!(out, "    \"invalid_modulus\": [{}],", list.join(", ")).unwrap();
    writeln!(out, "    \"vectors\": [\n      {}\n    ]", lines.join(",\n      ")).unwrap();
    out.push_str("  },\n");
    out
}

// ---- the mask (docs/algorithms.md section 7), a section of its own with its own count ----------

const MASK_SEED: u64 = 0x6d61_736b_5f76_3100; // "mask_v1\0"

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// `"mask": {...}`: every vector is one check (mask(key) = public and unmask(public) = key),
/// every invalid secret one (mask and unmask refuse it), every not_v7 / not_v4 UUID one.
fn mask_section(rng: &mut SplitMix64) -> String {
    let mut secrets: Vec<(Vec<u8>, &str)> = vec![
        ((0u8..16).collect(), "16 bytes, the shortest accepted"),
        (
            b"uuid_shard example secret 32 by"
                .iter()
                .copied()
                .chain([b'!'])
                .collect(),
            "32 bytes",
        ),
        (
            (0u8..64).map(|i| i.wrapping_mul(37)).collect(),
            "64 bytes, one SHA-256 block",
        ),
        (
            (0u8..65).map(|i| 255 - i).collect(),
            "65 bytes: HMAC hashes keys longer than a block",
        ),
    ];
    let long: Vec<u8> = (0..100).map(|_| rng.next() as u8).collect();
    secrets.push((long, "100 random bytes"));

    let mut keys: Vec<([u8; 16], Option<String>)> = vec![
        (
            parse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"),
            Some("RFC 9562 appendix A.6".into()),
        ),
        (
            parse("0195e3a1-7c2e-7b3d-8a4f-0123456789ab"),
            Some("the example of docs/algorithms.md".into()),
        ),
        (
            parse("00000000-0000-7000-8000-000000000000"),
            Some("time 0, tail all zeros".into()),
        ),
        (
            parse("ffffffff-ffff-7fff-bfff-ffffffffffff"),
            Some("the largest v7 key".into()),
        ),
        (
            parse("01952000-0000-7000-8000-000000000001"),
            Some("same time as the next, tail differs in the last bit".into()),
        ),
        (
            parse("01952000-0000-7000-8000-000000000000"),
            Some("same time as the previous".into()),
        ),
    ];
    for _ in 0..20 {
        let ms = 1_600_000_000_000 + rng.below(1_000_000_000_000);
        let time = V7Time::new(ms, rng.below(4096) as u16).unwrap();
        keys.push((v7::build(time, rng.next()), None));
    }

    let mut lines = Vec::new();
    for (secret, secret_note) in &secrets {
        for (key, note) in &keys {
            let public = mask::mask(key, Some(secret)).unwrap();
            assert_eq!(mask::unmask(&public, Some(secret)).unwrap(), *key);
            let mut line = format!(
                "{{\"secret\": \"{}\", \"key\": {}, \"public\": {}",
                hex(secret),
                json_str(&text(key, false)),
                json_str(&text(&public, false))
            );
            let note = match note {
                Some(n) => format!("{n}; secret {secret_note}"),
                None => format!("secret {secret_note}"),
            };
            write!(line, ", \"note\": {}}}", json_str(&note)).unwrap();
            lines.push(line);
        }
        // v4 UUIDs that were never masked: unmask gives a v7 key all the same (no error), one
        // with upper-case text.
        for upper in [false, true] {
            let public = with_version(rng.bytes(), 4);
            let key = mask::unmask(&public, Some(secret)).unwrap();
            assert_eq!(mask::mask(&key, Some(secret)).unwrap(), public);
            lines.push(format!(
                "{{\"secret\": \"{}\", \"key\": {}, \"public\": {}, \"note\": {}}}",
                hex(secret),
                json_str(&text(&key, false)),
                json_str(&text(&public, upper)),
                json_str(&format!(
                    "a v4 never masked: unmask gives a v7 key, no error{}; secret {secret_note}",
                    if upper { ", upper-case text" } else { "" }
                ))
            ));
        }
    }

    let invalid_secrets: Vec<Vec<u8>> = vec![vec![], vec![0xAB], (0u8..15).collect()];
    let first = keys[0].0;
    for s in &invalid_secrets {
        assert!(mask::mask(&first, Some(s)).is_err());
    }
    // Other versions, nil and max, and the right version nibble in another variant.
    let mut odd_ones = |good: u8| {
        let mut v: Vec<[u8; 16]> = Vec::new();
        for ver in [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 15] {
            if ver != good {
                v.push(with_version(rng.bytes(), ver));
            }
        }
        v.push(parse("00000000-0000-0000-0000-000000000000"));
        v.push(parse("ffffffff-ffff-ffff-ffff-ffffffffffff"));
        for b8 in [0x00u8, 0x7F, 0xC0, 0xFF] {
            let mut b = with_version(rng.bytes(), good);
            b[8] = b8;
            v.push(b);
        }
        v
    };
    let not_v7 = odd_ones(7);
    let not_v4 = odd_ones(4);
    let secret0 = &secrets[0].0;
    for b in &not_v7 {
        assert!(mask::mask(b, Some(secret0)).is_err());
    }
    for b in &not_v4 {
        assert!(mask::unmask(b, Some(secret0)).is_err());
    }

    let checks = lines.len() + invalid_secrets.len() + not_v7.len() + not_v4.len();
    let uuids = |v: &[[u8; 16]]| {
        v.iter()
            .map(|b| json_str(&text(b, false)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = String::new();
    out.push_str("  \"mask\": {\n");
    out.push_str("    \"about\": \"uuid_v7_mask / uuid_v7_unmask, docs/algorithms.md section 7; secrets in hex; its own count\",\n");
    writeln!(
        out,
        "    \"label\": {},",
        json_str(std::str::from_utf8(mask::LABEL).unwrap())
    )
    .unwrap();
    writeln!(out, "    \"checks\": {checks},").unwrap();
    writeln!(
        out,
        "    \"invalid_secret\": [{}],",
        invalid_secrets
            .iter()
            .map(|s| format!("\"{}\"", hex(s)))
            .collect::<Vec<_>>()
            .join(", ")
    )
    .unwrap();
    writeln!(out, "    \"not_v7\": [{}],", uuids(&not_v7)).unwrap();
    writeln!(out, "    \"not_v4\": [{}],", uuids(&not_v4)).unwrap();
    writeln!(out, "    \"vectors\": [\n      {}\n    ]", lines.join(",\n      ")).unwrap();
    out.push_str("  }\n");
    out
}
