//! The per-backend UUIDv7 generator: a monotonic clock guard and a fork-safe random tail.
//!
//! PostgreSQL forks every backend and parallel worker from the postmaster. A generator seeded
//! before the fork (the library loaded by `shared_preload_libraries`) would hand the same
//! stream to every child, so it remembers which process seeded it and reseeds when that
//! changes. The clock and the process id are passed in, so tests drive both.
use crate::error::Error;
use crate::v7::{self, V7Time};
use rand::{rngs::StdRng, RngCore, SeedableRng};

/// Strictly increasing v7 times within one process, as PostgreSQL 18 promises per backend:
/// when the clock has not moved past the last time issued (fast calls, or the clock stepped
/// back), the last time plus one fraction unit is issued instead.
#[derive(Debug, Default)]
pub struct MonotonicClock {
    last: Option<V7Time>,
}

impl MonotonicClock {
    pub fn next(&mut self, now: V7Time) -> Result<V7Time, Error> {
        let t = match self.last {
            Some(last) if now <= last => last.next().ok_or(Error::TimestampOutOfRange)?,
            _ => now,
        };
        self.last = Some(t);
        Ok(t)
    }
}

/// A CSPRNG (ChaCha12, seeded from the OS) that reseeds itself in a new process.
pub struct ForkSafeRng<R = StdRng> {
    state: Option<(i32, R)>,
    seed: fn() -> R,
}

impl ForkSafeRng<StdRng> {
    pub const fn from_os() -> Self {
        ForkSafeRng {
            state: None,
            seed: StdRng::from_os_rng,
        }
    }
}

impl<R: RngCore> ForkSafeRng<R> {
    /// `seed` makes a freshly seeded generator; called once per process.
    pub const fn with_seeder(seed: fn() -> R) -> Self {
        ForkSafeRng { state: None, seed }
    }

    /// The generator for process `pid`, reseeded if it was seeded by another process.
    #[inline]
    pub fn for_process(&mut self, pid: i32) -> &mut R {
        if !matches!(&self.state, Some((owner, _)) if *owner == pid) {
            self.state = Some((pid, (self.seed)()));
        }
        &mut self.state.as_mut().expect("seeded above").1
    }
}

/// Everything one backend needs to mint v7 UUIDs.
pub struct V7Generator<R = StdRng> {
    pub clock: MonotonicClock,
    pub rng: ForkSafeRng<R>,
}

impl V7Generator<StdRng> {
    pub const fn new() -> Self {
        V7Generator {
            clock: MonotonicClock { last: None },
            rng: ForkSafeRng::from_os(),
        }
    }
}

impl Default for V7Generator<StdRng> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: RngCore> V7Generator<R> {
    /// `uuidv7()`: the next monotonic time at or after `now`, with a random tail.
    pub fn generate(&mut self, now: V7Time, pid: i32) -> Result<[u8; 16], Error> {
        let t = self.clock.next(now)?;
        Ok(v7::build(t, self.rng.for_process(pid).next_u64()))
    }

    /// A v7 UUID for a given time (a shifted clock or a caller's timestamp): not tied to the
    /// monotonic state, random tail.
    pub fn at(&mut self, time: V7Time, pid: i32) -> [u8; 16] {
        v7::build(time, self.rng.for_process(pid).next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A predictable stand-in for the CSPRNG: value, value + step, ...
    struct StepRng {
        value: u64,
        step: u64,
    }
    impl StepRng {
        fn new(value: u64, step: u64) -> Self {
            StepRng { value, step }
        }
    }
    impl RngCore for StepRng {
        fn next_u32(&mut self) -> u32 {
            self.next_u64() as u32
        }
        fn next_u64(&mut self) -> u64 {
            let v = self.value;
            self.value = self.value.wrapping_add(self.step);
            v
        }
        fn fill_bytes(&mut self, dst: &mut [u8]) {
            for chunk in dst.chunks_mut(8) {
                let v = self.next_u64().to_le_bytes();
                chunk.copy_from_slice(&v[..chunk.len()]);
            }
        }
    }

    fn t(ms: u64, frac: u16) -> V7Time {
        V7Time::new(ms, frac).unwrap()
    }

    #[test]
    fn clock_passes_through_when_time_advances() {
        let mut c = MonotonicClock::default();
        assert_eq!(c.next(t(10, 5)).unwrap(), t(10, 5));
        assert_eq!(c.next(t(10, 6)).unwrap(), t(10, 6));
        assert_eq!(c.next(t(12, 0)).unwrap(), t(12, 0));
    }

    #[test]
    fn clock_going_backwards_still_increases() {
        let mut c = MonotonicClock::default();
        c.next(t(1_000, 100)).unwrap();
        assert_eq!(c.next(t(900, 0)).unwrap(), t(1_000, 101));
        assert_eq!(c.next(t(1_000, 101)).unwrap(), t(1_000, 102));
        // once the clock catches up, it is used again
        assert_eq!(c.next(t(1_001, 7)).unwrap(), t(1_001, 7));
    }

    #[test]
    fn ten_thousand_calls_in_one_millisecond_carry_into_later_ones() {
        let mut c = MonotonicClock::default();
        let mut prev = c.next(t(50, 0)).unwrap();
        for _ in 1..10_000 {
            let next = c.next(t(50, 0)).unwrap();
            assert!(next > prev);
            prev = next;
        }
        // 10,000 steps of 1/4096 ms from fraction 0: 9,999 = 2 * 4096 + 1807
        assert_eq!(prev, t(52, 1807));
    }

    #[test]
    fn clock_at_the_48_bit_limit_errors_instead_of_wrapping() {
        let mut c = MonotonicClock::default();
        assert_eq!(c.next(V7Time::MAX).unwrap(), V7Time::MAX);
        assert_eq!(c.next(V7Time::MAX), Err(Error::TimestampOutOfRange));
    }

    #[test]
    fn generated_uuids_strictly_increase_with_a_stuck_clock() {
        let mut g = V7Generator {
            clock: MonotonicClock::default(),
            rng: ForkSafeRng::with_seeder(|| StepRng::new(u64::MAX, 0)),
        };
        let a = g.generate(t(7, 4095), 1).unwrap();
        let b = g.generate(t(7, 4095), 1).unwrap();
        // The tail is all ones in both; only the carried time orders them.
        assert!(b > a);
        assert_eq!(v7::unix_ms(&b), Some(8));
    }

    #[test]
    fn rng_reseeds_when_the_process_changes() {
        use std::sync::atomic::{AtomicU64, Ordering};
        static SEEDS: AtomicU64 = AtomicU64::new(0);
        fn seeder() -> StepRng {
            StepRng::new(SEEDS.fetch_add(1, Ordering::SeqCst) << 32, 1)
        }
        let mut rng = ForkSafeRng::with_seeder(seeder);
        let a = rng.for_process(100).next_u64();
        let b = rng.for_process(100).next_u64();
        assert_eq!(b, a + 1, "same process keeps its stream");
        let c = rng.for_process(101).next_u64();
        assert_eq!(SEEDS.load(Ordering::SeqCst), 2, "a new process reseeds once");
        assert_ne!(c >> 32, a >> 32);
    }

    #[test]
    fn os_seeded_generators_do_not_share_a_stream() {
        let mut a = V7Generator::new();
        let mut b = V7Generator::new();
        let now = t(1, 0);
        assert_ne!(a.generate(now, 1).unwrap()[8..], b.generate(now, 1).unwrap()[8..]);
    }
}
