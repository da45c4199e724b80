//! Mints `Uuid::now_v7()` keys as an application does, for check.mjs.
//! Usage: mint-rust COUNT AFTER_MS. Waits until the clock is past millisecond AFTER_MS, then
//! mints keys in a tight loop and prints one line per key: `uuid t0_ns t1_ns` (system clock
//! read just before and just after minting). It goes on past COUNT until it has what the
//! checks need (see need_more), at most 20 times COUNT keys.
use std::time::{SystemTime, UNIX_EPOCH};
use uuid::Uuid;

fn now_ns() -> u128 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = args[1].parse().unwrap();
    let after_ms: u128 = args[2].parse().unwrap();
    while now_ns() / 1_000_000 <= after_ms {}
    let mut out = String::new();
    let (mut same_ms_pairs, mut late) = (0, false);
    let mut prev_t0 = 0u128;
    let mut i = 0;
    while i < count || (i < 20 * count && (same_ms_pairs < 1000 || !late)) {
        let t0 = now_ns();
        let id = Uuid::now_v7();
        let t1 = now_ns();
        // two consecutive keys minted within one millisecond of the clock
        if i > 0 && prev_t0 / 1_000_000 == t1 / 1_000_000 {
            same_ms_pairs += 1;
        }
        // a key minted wholly in the last quarter of a millisecond, within 30 us
        if t0 / 1_000_000 == t1 / 1_000_000 && t0 % 1_000_000 >= 750_000 && t1 - t0 < 30_000 {
            late = true;
        }
        prev_t0 = t0;
        out.push_str(&format!("{id} {t0} {t1}\n"));
        i += 1;
    }
    print!("{out}");
}
