//! The per-backend UUIDv7 generator: an ascending stamp that tells the time, and a fork-safe
//! random tail.
//!
//! **Keys that tell the time.** Within one backend every key is greater than the one before,
//! and a key is never in a later millisecond than the clock: its time is the clock's, or up to
//! the end of the clock's millisecond ahead of it (less than 1 ms). Keys made faster than the
//! 12-bit fraction advances (one unit is 1/4096 ms, about 244 ns) are ordered by a counter in
//! the top 12 bits of `rand_b` (RFC 9562 section 6.2, method 1) instead of by a later time:
//! while the clock stands still the counter counts up from the random value the tick began
//! with; when the clock moves on, the next key takes the clock's time and a fresh random tail,
//! whose top 12 bits start the next count. Only when a count reaches 4095 does the fraction
//! step one unit ahead of the clock (with a fresh tail), and only inside the clock's
//! millisecond: the key that would begin the next millisecond waits for the clock instead
//! (less than 1 ms). So a backend makes on average 2048 keys per fraction unit before its time
//! moves ahead of the clock at all, and about 8.4 million (at least one per fraction unit) in
//! one millisecond before it waits; a key made after the clock moved on is as random as core's.
//! A clock set back behind the last key is not waited for: keys carry on from the last one,
//! counting and stepping into the next milliseconds as needed, until the clock passes them.
//!
//! PostgreSQL forks every backend and parallel worker from the postmaster. A generator seeded
//! before the fork (the library loaded by `shared_preload_libraries`) would hand the same
//! stream to every child, so it remembers which process seeded it and reseeds when that
//! changes. The clock and the process id are passed in, so tests drive both.
//!
//! [`AscendingClock`] (the rules above) is pure and available without `std`; the OS-seeded
//! parts, [`V7Generator`], [`SystemClock`] and [`uuid7`], need the `std` feature (the default).
use crate::error::Error;
use crate::v7::{self, V7Time};
#[cfg(feature = "std")]
use rand::{rngs::StdRng, RngCore, SeedableRng};

/// Where the counter sits in the 64-bit `rand_b` word that [`v7::build`] takes: the 12 bits
/// right below the two variant bits, the most significant bits of the key after its time.
pub const COUNTER_SHIFT: u32 = 50;
/// The largest counter value: 12 bits.
pub const COUNTER_MAX: u64 = 0xFFF;
const RAND_B_BITS: u64 = 0x3FFF_FFFF_FFFF_FFFF;

/// A time and the `rand_b` issued with it. Ordered as the keys they make: by time, then by
/// `rand_b`, whose top 12 bits are the counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stamp {
    /// The key's time: milliseconds and the 12-bit fraction.
    pub time: V7Time,
    /// 62 bits: the counter in bits 61..50, random bits below.
    pub rand_b: u64,
}

impl Stamp {
    /// The counter: the top 12 bits of `rand_b`.
    pub fn counter(self) -> u64 {
        self.rand_b >> COUNTER_SHIFT
    }

    /// The 16 bytes of the key.
    pub fn key(self) -> [u8; 16] {
        v7::build(self.time, self.rand_b)
    }
}

/// What [`AscendingClock::next`] decides for one clock reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The next key's stamp.
    Issue(Stamp),
    /// Every key left in the clock's current millisecond is used: read the clock again once it
    /// may have reached this Unix millisecond.
    WaitFor {
        /// The Unix millisecond to wait for: the one after the last key's.
        unix_ms: u64,
    },
}

/// Strictly increasing stamps within one process whose time never leaves the clock's
/// millisecond (module docs).
#[derive(Debug, Default)]
pub struct AscendingClock {
    last: Option<Stamp>,
}

impl AscendingClock {
    /// The stamp for a call at clock time `now`, with `random` the call's random bits.
    pub fn next(&mut self, now: V7Time, random: u64) -> Result<Step, Error> {
        let fresh = random & RAND_B_BITS;
        let stamp = match self.last {
            // The clock has moved past the last key (or there is none): its time, a fresh tail.
            None => Stamp {
                time: now,
                rand_b: fresh,
            },
            Some(last) if now > last.time => Stamp {
                time: now,
                rand_b: fresh,
            },
            // The clock stands still (or stepped back): count within the last time.
            Some(last) if last.counter() < COUNTER_MAX => Stamp {
                time: last.time,
                rand_b: ((last.counter() + 1) << COUNTER_SHIFT) | (fresh & ((1 << COUNTER_SHIFT) - 1)),
            },
            // The count is full: one fraction unit later, inside the same millisecond; into the
            // next one only behind a clock that was set back (waiting could take as long as it
            // went back: the keys carry on from the last one, as core's do).
            Some(last) => match last.time.next() {
                None => return Err(Error::TimestampOutOfRange),
                Some(time) if time.unix_ms() == last.time.unix_ms() || now.unix_ms() < last.time.unix_ms() => {
                    Stamp { time, rand_b: fresh }
                }
                Some(time) => {
                    return Ok(Step::WaitFor {
                        unix_ms: time.unix_ms(),
                    })
                }
            },
        };
        self.last = Some(stamp);
        Ok(Step::Issue(stamp))
    }
}

/// The clock a generator reads: the real-time clock in the server, a scripted one in tests.
pub trait Clock {
    /// The current time; an error when the clock is outside the v7 range (before 1970 or
    /// after 2^48 − 1 ms).
    fn now(&mut self) -> Result<V7Time, Error>;
    /// Called when the keys of the millisecond before `unix_ms` are used up; returns when the
    /// clock may have reached `unix_ms` (or earlier: the generator reads the clock again).
    fn wait_for(&mut self, now: V7Time, unix_ms: u64);
}

/// A CSPRNG (ChaCha12, seeded from the OS) that reseeds itself in a new process.
#[cfg(feature = "std")]
pub struct ForkSafeRng<R = StdRng> {
    state: Option<(i32, R)>,
    seed: fn() -> R,
}

#[cfg(feature = "std")]
impl ForkSafeRng<StdRng> {
    /// A generator seeded from the OS (`getrandom`) on first use in each process.
    pub const fn from_os() -> Self {
        ForkSafeRng {
            state: None,
            seed: StdRng::from_os_rng,
        }
    }
}

#[cfg(feature = "std")]
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
#[cfg(feature = "std")]
pub struct V7Generator<R = StdRng> {
    /// The ascending state: the last stamp issued.
    pub clock: AscendingClock,
    /// The random bits of the tails.
    pub rng: ForkSafeRng<R>,
}

#[cfg(feature = "std")]
impl V7Generator<StdRng> {
    /// A generator with no key issued yet, seeded from the OS on first use.
    pub const fn new() -> Self {
        V7Generator {
            clock: AscendingClock { last: None },
            rng: ForkSafeRng::from_os(),
        }
    }
}

#[cfg(feature = "std")]
impl Default for V7Generator<StdRng> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(feature = "std")]
impl<R: RngCore> V7Generator<R> {
    /// The next ascending stamp from `clock`, waiting for the clock when the current
    /// millisecond is used up.
    pub fn stamp(&mut self, clock: &mut impl Clock, pid: i32) -> Result<Stamp, Error> {
        loop {
            let now = clock.now()?;
            match self.clock.next(now, self.rng.for_process(pid).next_u64())? {
                Step::Issue(stamp) => return Ok(stamp),
                Step::WaitFor { unix_ms } => clock.wait_for(now, unix_ms),
            }
        }
    }

    /// `uuidv7()`: the key of the next ascending stamp.
    pub fn generate(&mut self, clock: &mut impl Clock, pid: i32) -> Result<[u8; 16], Error> {
        self.stamp(clock, pid).map(Stamp::key)
    }

    /// A v7 UUID for a given time (a caller's timestamp): not tied to the ascending state,
    /// random tail.
    pub fn at(&mut self, time: V7Time, pid: i32) -> [u8; 16] {
        v7::build(time, self.rng.for_process(pid).next_u64())
    }
}

/// The system's real-time clock ([`std::time::SystemTime`]) read to the nanosecond, as
/// PostgreSQL 18 reads `CLOCK_REALTIME`; a wait for the next millisecond sleeps when it is long
/// and spins when it is short.
#[cfg(feature = "std")]
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

#[cfg(feature = "std")]
impl Clock for SystemClock {
    fn now(&mut self) -> Result<V7Time, Error> {
        let d = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_err(|_| Error::TimestampOutOfRange)?;
        V7Time::from_unix_ns(d.as_nanos() as i128)
    }

    fn wait_for(&mut self, now: V7Time, unix_ms: u64) {
        let wait_ns = i128::from(unix_ms) * 1_000_000 - now.unix_ns();
        if wait_ns > 100_000 {
            std::thread::sleep(std::time::Duration::from_nanos(wait_ns.min(10_000_000) as u64));
        } else {
            std::hint::spin_loop();
        }
    }
}

/// The process's generator: one for all threads, so keys increase across them.
#[cfg(feature = "std")]
static PROCESS_GENERATOR: std::sync::Mutex<V7Generator> = std::sync::Mutex::new(V7Generator::new());

/// A version 7 UUID from the system clock, with the bits `uuid_shard.uuidv7()` gives: 48-bit
/// Unix milliseconds, the 12-bit fraction of the millisecond (`ns * 4096 / 1_000_000`), and 62
/// bits from a CSPRNG (ChaCha12 seeded from the OS, reseeded in a forked child), of which the
/// top 12 count up when the clock has not moved since the last key.
///
/// Strictly increasing within the process, across threads (one generator behind a mutex), and
/// never in a later millisecond than the clock: the rules of the module docs, the extension's
/// own.
///
/// # Panics
///
/// If the system clock is before 1970 or after the year 10889 (the extension raises
/// `timestamp out of range for UUID version 7` there).
///
/// ```
/// let a = uuid_shard_core::uuid7();
/// let b = uuid_shard_core::uuid7();
/// assert!(a < b);
/// assert_eq!(a[6] >> 4, 7);
/// ```
#[cfg(feature = "std")]
pub fn uuid7() -> [u8; 16] {
    let mut g = PROCESS_GENERATOR
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match g.generate(&mut SystemClock, std::process::id() as i32) {
        Ok(key) => key,
        Err(e) => panic!("uuid7: {e} (the system clock is outside 1970 .. 10889)"),
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::shard;
    use proptest::prelude::*;
    use rand::{rngs::StdRng, RngCore, SeedableRng};

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

    /// A clock that reads a script of times, one per reading (the last one repeated), and
    /// records every wait.
    struct Script {
        times: Vec<V7Time>,
        reads: usize,
        waits: Vec<u64>,
    }
    impl Script {
        fn new(times: &[V7Time]) -> Self {
            Script {
                times: times.to_vec(),
                reads: 0,
                waits: Vec::new(),
            }
        }
    }
    impl Clock for Script {
        fn now(&mut self) -> Result<V7Time, Error> {
            let t = self.times[self.reads.min(self.times.len() - 1)];
            self.reads += 1;
            Ok(t)
        }
        fn wait_for(&mut self, now: V7Time, unix_ms: u64) {
            assert!(now.unix_ms() < unix_ms, "waits only for a later millisecond");
            self.waits.push(unix_ms);
        }
    }

    fn t(ms: u64, frac: u16) -> V7Time {
        V7Time::new(ms, frac).unwrap()
    }

    fn issued(step: Step) -> Stamp {
        match step {
            Step::Issue(stamp) => stamp,
            other => panic!("expected a stamp, got {other:?}"),
        }
    }

    const LOW_BITS: u64 = (1 << COUNTER_SHIFT) - 1;

    #[test]
    fn a_moving_clock_gives_its_time_and_the_whole_random_tail() {
        let mut c = AscendingClock::default();
        let r = 0xDEAD_BEEF_0123_4567;
        for (now, random) in [(t(10, 5), r), (t(10, 6), !r), (t(12, 0), r >> 3)] {
            assert_eq!(
                issued(c.next(now, random).unwrap()),
                Stamp {
                    time: now,
                    rand_b: random & RAND_B_BITS
                }
            );
        }
    }

    #[test]
    fn a_standing_clock_counts_up_from_the_random_start_and_keeps_the_time() {
        let mut c = AscendingClock::default();
        let first = issued(c.next(t(50, 7), 0x0123_4567_89AB_CDEF).unwrap());
        let start = first.counter();
        assert_eq!(start, (0x0123_4567_89AB_CDEF & RAND_B_BITS) >> COUNTER_SHIFT);
        let mut prev = first;
        for i in 1..=20u64 {
            let random = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let s = issued(c.next(t(50, 7), random).unwrap());
            assert_eq!(s.time, t(50, 7), "the time stays the clock's");
            assert_eq!(s.counter(), start + i);
            assert_eq!(
                s.rand_b & LOW_BITS,
                random & LOW_BITS,
                "the bits below the counter are fresh"
            );
            assert!(s > prev && s.key() > prev.key());
            prev = s;
        }
        // the clock moves on: its time, and a fresh random tail with its own counter start
        let moved = issued(c.next(t(50, 8), 5).unwrap());
        assert_eq!(
            moved,
            Stamp {
                time: t(50, 8),
                rand_b: 5
            }
        );
        assert!(moved.key() > prev.key());
    }

    #[test]
    fn a_full_count_steps_the_fraction_inside_the_millisecond() {
        let mut c = AscendingClock::default();
        let full = issued(c.next(t(9, 100), COUNTER_MAX << COUNTER_SHIFT).unwrap());
        assert_eq!(full.counter(), COUNTER_MAX);
        let stepped = issued(c.next(t(9, 100), 42).unwrap());
        assert_eq!(
            stepped,
            Stamp {
                time: t(9, 101),
                rand_b: 42
            }
        );
        assert!(stepped.key() > full.key());
    }

    #[test]
    fn the_last_fraction_of_a_millisecond_waits_for_the_clock() {
        let mut c = AscendingClock::default();
        issued(c.next(t(9, 4095), COUNTER_MAX << COUNTER_SHIFT).unwrap());
        assert_eq!(c.next(t(9, 4095), 1).unwrap(), Step::WaitFor { unix_ms: 10 });
        // nothing was issued: the clock reaching the next millisecond gives its time
        assert_eq!(
            issued(c.next(t(10, 3), 1).unwrap()),
            Stamp {
                time: t(10, 3),
                rand_b: 1
            }
        );
    }

    #[test]
    fn the_generator_waits_then_issues_the_clocks_time() {
        let mut g = V7Generator {
            clock: AscendingClock::default(),
            rng: ForkSafeRng::with_seeder(|| StepRng::new(COUNTER_MAX << COUNTER_SHIFT, 0)),
        };
        // every random draw starts the count full: one key per fraction unit
        let mut clock = Script::new(&[t(7, 4094), t(7, 4094), t(7, 4094), t(7, 4094), t(7, 4095), t(8, 1)]);
        let keys: Vec<[u8; 16]> = (0..3).map(|_| g.generate(&mut clock, 1).unwrap()).collect();
        assert_eq!(
            keys.iter().map(|k| v7::unix_ms(k).unwrap()).collect::<Vec<_>>(),
            [7, 7, 8]
        );
        // the third key waits for millisecond 8 until the clock shows it
        assert_eq!(clock.waits, [8, 8, 8]);
        assert_eq!(clock.reads, 6);
        assert_eq!(keys[2][..8], v7::build(t(8, 1), 0)[..8]);
        assert!(keys[0] < keys[1] && keys[1] < keys[2]);
    }

    #[test]
    fn a_clock_set_back_still_increases_and_carries_on_from_the_last_key() {
        let mut c = AscendingClock::default();
        let mut prev = issued(c.next(t(1_000, 4000), 0).unwrap());
        for i in 0..1_000_000u64 {
            let s = issued(c.next(t(900, 0), i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).unwrap());
            assert!(s > prev && s.key() > prev.key());
            prev = s;
        }
        // 96 fraction units hold about 200,000 keys: the rest went on into the next
        // milliseconds without waiting for a clock 100 ms behind
        assert!((1_001..1_010).contains(&prev.time.unix_ms()), "{:?}", prev.time);
        // once the clock passes the last key, it is used again
        assert_eq!(issued(c.next(t(1_100, 7), 3).unwrap()).time, t(1_100, 7));
    }

    #[test]
    fn the_48_bit_limit_errors_instead_of_wrapping() {
        let mut c = AscendingClock::default();
        assert_eq!(issued(c.next(V7Time::MAX, u64::MAX).unwrap()).time, V7Time::MAX);
        assert_eq!(c.next(V7Time::MAX, 0), Err(Error::TimestampOutOfRange));
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
    fn uuid7_increases_across_threads_and_tells_the_time() {
        let now_ms = || {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis() as u64
        };
        let before = now_ms();
        let threads: Vec<_> = (0..4)
            .map(|_| std::thread::spawn(|| (0..20_000).map(|_| uuid7()).collect::<Vec<_>>()))
            .collect();
        let mut all = Vec::new();
        for t in threads {
            let keys = t.join().unwrap();
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "increasing within a thread");
            all.extend(keys);
        }
        let after = now_ms();
        for k in &all {
            let ms = v7::unix_ms(k).expect("a v7 key");
            assert!(before <= ms && ms <= after, "{ms} outside {before}..={after}");
        }
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n, "distinct across threads");
    }

    #[test]
    fn os_seeded_generators_do_not_share_a_stream() {
        let mut a = V7Generator::new();
        let mut b = V7Generator::new();
        let mut clock = Script::new(&[t(1, 0)]);
        assert_ne!(
            a.generate(&mut clock, 1).unwrap()[8..],
            b.generate(&mut clock, 1).unwrap()[8..]
        );
    }

    /// Keys of a burst: `calls_per_unit` calls per fraction unit of the clock (0: a clock that
    /// stands still for the whole burst), from a seeded CSPRNG.
    fn burst(keys: usize, calls_per_unit: usize, seeder: fn() -> StdRng) -> Vec<[u8; 16]> {
        let mut g = V7Generator {
            clock: AscendingClock::default(),
            rng: ForkSafeRng::with_seeder(seeder),
        };
        let start = t(1_764_000_000_000, 0);
        let mut out = Vec::with_capacity(keys);
        let mut units = 0u64;
        struct Fixed(V7Time);
        impl Clock for Fixed {
            fn now(&mut self) -> Result<V7Time, Error> {
                Ok(self.0)
            }
            fn wait_for(&mut self, _: V7Time, unix_ms: u64) {
                self.0 = V7Time::new(unix_ms, 0).unwrap();
            }
        }
        let mut clock = Fixed(start);
        for i in 0..keys {
            if calls_per_unit > 0 && i % calls_per_unit == 0 && i > 0 {
                units += 1;
                let moved = V7Time::new(start.unix_ms() + units / 4096, (units % 4096) as u16).unwrap();
                clock.0 = clock.0.max(moved);
            }
            out.push(g.generate(&mut clock, 1).unwrap());
        }
        out
    }

    /// Pearson's chi-square statistic of `values` (each below `cells`) against uniform.
    fn chi_square(values: impl Iterator<Item = usize>, cells: usize) -> f64 {
        let mut counts = vec![0u64; cells];
        let mut n = 0u64;
        for v in values {
            counts[v] += 1;
            n += 1;
        }
        let e = n as f64 / cells as f64;
        counts.iter().map(|&c| (c as f64 - e).powi(2) / e).sum()
    }

    #[test]
    fn what_the_tail_functions_read_stays_uniform_in_bursts() {
        // 0.999 quantiles of chi-square for 1, 4, 15, 255 and 999 degrees of freedom
        let crit = |cells: usize| match cells {
            2 => 10.828,
            5 => 18.467,
            16 => 37.697,
            256 => 330.5,
            1000 => 1143.0,
            _ => unreachable!(),
        };
        // a fast machine (4 calls per fraction unit), a coarse clock (4,096 calls per unit),
        // and a clock that never moves (the counter and the steps make every key)
        let seeders: [fn() -> StdRng; 3] = [
            || StdRng::seed_from_u64(1),
            || StdRng::seed_from_u64(2),
            || StdRng::seed_from_u64(3),
        ];
        for (calls_per_unit, seeder) in [4, 4096, 0].into_iter().zip(seeders) {
            let keys = burst(400_000, calls_per_unit, seeder);
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "strictly increasing");
            for n in [2, 5, 16, 1000] {
                let chi = chi_square(keys.iter().map(|k| shard::bucket(k, n as i32).unwrap() as usize), n);
                assert!(
                    chi < crit(n),
                    "uuid_bucket(id, {n}): chi-square {chi} ({calls_per_unit} calls per unit)"
                );
                let chi = chi_square(
                    keys.iter()
                        .map(|k| shard::tail_remainder(k, n as i32).unwrap() as usize),
                    n,
                );
                assert!(
                    chi < crit(n),
                    "uuid_tail_remainder(id, {n}): chi-square {chi} ({calls_per_unit} calls per unit)"
                );
            }
            // independent of the key before: its predecessor's cell about 1/n of the time
            for n in [2, 5, 16] {
                let same = |f: &dyn Fn(&[u8; 16]) -> i32| {
                    keys.windows(2).filter(|w| f(&w[0]) == f(&w[1])).count() as f64 / (keys.len() - 1) as f64
                };
                for (name, share) in [
                    ("uuid_bucket", same(&|k| shard::bucket(k, n).unwrap())),
                    ("uuid_tail_remainder", same(&|k| shard::tail_remainder(k, n).unwrap())),
                ] {
                    assert!(
                        (share * n as f64 - 1.0).abs() < 0.1,
                        "{name}(id, {n}): {share} share the predecessor's"
                    );
                }
            }
            for len in [1, 2] {
                let cells = 16usize.pow(len as u32);
                let chi = chi_square(
                    keys.iter()
                        .map(|k| usize::from_str_radix(&shard::shard_key(k, len).unwrap(), 16).unwrap()),
                    cells,
                );
                assert!(
                    chi < crit(cells),
                    "uuid_shard_key(id, {len}): chi-square {chi} ({calls_per_unit} calls per unit)"
                );
            }
        }
    }

    #[test]
    fn a_standing_clock_makes_millions_of_keys_in_its_millisecond_before_waiting() {
        let mut c = AscendingClock::default();
        let mut rng = StdRng::seed_from_u64(3);
        let now = t(77, 0);
        let mut keys = 0u64;
        while let Step::Issue(s) = c.next(now, rng.next_u64()).unwrap() {
            assert_eq!(s.time.unix_ms(), 77);
            keys += 1;
        }
        // 4096 fraction units of 2048 keys on average (each at least 1)
        assert!((8_000_000..8_800_000).contains(&keys), "{keys} keys");
    }

    /// One event of a clock's life: a reading `advance_ns` after the last one, or set back.
    #[derive(Clone, Debug)]
    enum Tick {
        Advance(u64),
        SetBack(u64),
    }

    fn ticks() -> impl Strategy<Value = Vec<(Tick, usize)>> {
        let tick = prop_oneof![
            8 => (0u64..300).prop_map(Tick::Advance),           // a burst: calls faster than the fraction
            2 => (0u64..5_000_000).prop_map(Tick::Advance),     // idle gaps up to 5 ms
            1 => (0u64..3_000_000).prop_map(Tick::SetBack),     // the clock set back up to 3 ms
        ];
        // each reading serves 1 to 3000 calls (a clock that stands still between readings)
        prop::collection::vec((tick, 1usize..3000), 1..60)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Over bursts, idle gaps and a clock set back: keys strictly increase; a key made
        /// while the clock is not behind the last key is at or after the clock's reading and
        /// in its millisecond (less than 1 ms ahead); a wait is only ever for the millisecond
        /// after the clock's, when the clock is in the last key's.
        #[test]
        fn keys_increase_and_never_run_past_the_clocks_millisecond(events in ticks(), seed: u64) {
            let mut c = AscendingClock::default();
            let mut rng = StdRng::seed_from_u64(seed);
            let mut ns: u64 = 1_764_000_000_000_000_000;
            let mut prev: Option<Stamp> = None;
            for (tick, calls) in events {
                match tick {
                    Tick::Advance(d) => ns += d,
                    Tick::SetBack(d) => ns -= d,
                }
                for _ in 0..calls {
                    let mut now = V7Time::from_unix_ns(i128::from(ns)).unwrap();
                    let behind = prev.is_some_and(|p| now.unix_ms() < p.time.unix_ms());
                    let s = match c.next(now, rng.next_u64()).unwrap() {
                        Step::Issue(s) => s,
                        Step::WaitFor { unix_ms } => {
                            let p = prev.expect("a wait follows a key");
                            prop_assert!(!behind && now.unix_ms() == p.time.unix_ms() && unix_ms == now.unix_ms() + 1);
                            // the wait ends when the clock reaches that millisecond
                            ns = unix_ms * 1_000_000;
                            now = V7Time::from_unix_ns(i128::from(ns)).unwrap();
                            match c.next(now, rng.next_u64()).unwrap() {
                                Step::Issue(s) => s,
                                w => return Err(TestCaseError::fail(format!("waited twice: {w:?}"))),
                            }
                        }
                    };
                    if let Some(p) = prev {
                        prop_assert!(s > p && s.key() > p.key(), "strictly increasing");
                    }
                    if !behind {
                        prop_assert!(s.time >= now);
                        prop_assert_eq!(s.time.unix_ms(), now.unix_ms(), "less than 1 ms ahead, in the clock's millisecond");
                    }
                    prev = Some(s);
                }
            }
        }
    }
}
