# frozen_string_literal: true

# The rules of uuid7 (docs/algorithms.md section 1, core/src/generator.rs) on the installed gem,
# with a scripted clock and scripted random bits, then on the real clock from many threads.
# One `ok`/`FAIL` line per check; exit 1 if any failed.
require 'uuid_shard'

$failed = 0
def check(name, ok, detail = nil)
  puts "#{ok ? 'ok' : 'FAIL'} uuid7: #{name}#{ok || detail.nil? ? '' : " (#{detail})"}"
  $failed += 1 unless ok
end

# A key's fields: unix_ms, fraction (rand_a), counter (top 12 bits of rand_b), the 50 bits below.
def fields(key)
  v = UuidShard.to_i(key)
  rand_b = v & 0x3FFF_FFFF_FFFF_FFFF
  { ms: v >> 80, frac: (v >> 64) & 0xFFF, counter: rand_b >> 50, low: rand_b & ((1 << 50) - 1),
    v7: (v >> 76) & 0xF == 7 && (v >> 62) & 3 == 2 }
end

# A generator reading a script of clock readings (ns; the last one repeated), random values
# counting up from `random`, and recording its waits.
class Scripted
  attr_reader :waits, :gen

  def initialize(times, random)
    @times = times
    @reads = 0
    @random = random
    @waits = []
    @gen = UuidShard::Generator.new(
      clock: lambda {
        t = @times[[@reads, @times.size - 1].min]
        @reads += 1
        t
      },
      random: lambda {
        r = @random
        @random = (@random + 0x9E37_79B9_7F4A_7C15) & ((1 << 64) - 1)
        r
      },
      wait: ->(now_ns, unix_ms) { @waits << [now_ns, unix_ms] }
    )
  end

  def push(*times)
    @times.concat(times)
  end
end

ms = 1_739_998_625_792
ns = ms * 1_000_000 + 123_456 # fraction floor(123456 * 4096 / 10^6) = 505
s = Scripted.new([ns], 0x0123_4567_89AB_CDEF)
a = fields(s.gen.uuid7)
check('a first key has the clock\'s millisecond and fraction (floor(ns_within_ms * 4096 / 10^6)) and the random bits',
      a[:v7] && a[:ms] == ms && a[:frac] == 505 && (a[:counter] << 50 | a[:low]) == 0x0123_4567_89AB_CDEF & 0x3FFF_FFFF_FFFF_FFFF, a)
b = fields(s.gen.uuid7)
check('the clock standing still: same time, counter + 1, the 50 bits below fresh',
      b[:ms] == ms && b[:frac] == 505 && b[:counter] == a[:counter] + 1 && b[:low] != a[:low], b)
s.push(ns + 1000) # 1 us later: fraction 509
c = fields(s.gen.uuid7)
check('the clock moving on: its time, a fresh random tail', c[:frac] == 509 && c[:counter] == ((0x0123_4567_89AB_CDEF + 2 * 0x9E37_79B9_7F4A_7C15) & 0x3FFF_FFFF_FFFF_FFFF) >> 50, c)

# the counter runs up to 4095, then the fraction steps one unit ahead of the clock
s = Scripted.new([ns], 0x3FF0_0000_0000_0000) # counter starts at 4092
keys = Array.new(6) { s.gen.uuid7 }
f = keys.map { |k| fields(k) }
check('counter 4092..4095, then fraction + 1 with a fresh tail (rule 3), keys increasing',
      f.map { |x| [x[:frac], x[:counter]] }.first(4) == [[505, 4092], [505, 4093], [505, 4094], [505, 4095]] &&
      f[4][:frac] == 506 && f[4][:ms] == ms && keys.each_cons(2).all? { |x, y| x < y } && s.waits.empty?, f.map { |x| [x[:frac], x[:counter]] })

# the count full in the last fraction unit of the millisecond: wait for the clock, never step into
# the next millisecond ahead of it
last_unit = ms * 1_000_000 + 999_900 # fraction 4095
s = Scripted.new([last_unit, last_unit, (ms + 1) * 1_000_000 + 5], 0x3FFF_FFFF_FFFF_FFFF) # counter 4095
k1 = fields(s.gen.uuid7)
k2 = fields(s.gen.uuid7)
check('count full at fraction 4095: waits for the next millisecond (rule 4), then takes the clock\'s time',
      k1[:frac] == 4095 && k1[:counter] == 4095 && s.waits.map(&:last) == [ms + 1] && k2[:ms] == ms + 1 && k2[:frac] == 0,
      [k1, k2, s.waits])

# a clock set back: keys carry on from the last one, into the next milliseconds, without waiting
s = Scripted.new([last_unit], 0x3FFF_FFFF_FFFF_FFFF)
first = s.gen.uuid7
s.push(last_unit - 5_000_000) # 5 ms back
after = Array.new(3) { s.gen.uuid7 }
g = after.map { |k| fields(k) }
check('a clock set back 5 ms: keys carry on from the last one into the next millisecond, no wait',
      s.waits.empty? && ([first] + after).each_cons(2).all? { |x, y| x < y } && g[0][:ms] == ms + 1 && g[0][:frac].zero? &&
      g[1][:counter] == g[0][:counter] + 1, g)

# the end of the range
max_ns = UuidShard::MAX_UNIX_MS * 1_000_000 + 999_999
s = Scripted.new([max_ns], 0x3FFF_FFFF_FFFF_FFFF)
s.gen.uuid7
refused = begin
  s.gen.uuid7
  false
rescue ArgumentError => e
  e.message == 'timestamp out of range for UUID version 7'
end
check('past 2^48 - 1 ms: ArgumentError "timestamp out of range for UUID version 7"', refused)
late = begin
  Scripted.new([(UuidShard::MAX_UNIX_MS + 1) * 1_000_000], 1).gen.uuid7
  false
rescue ArgumentError
  true
end
check('a clock past the range is refused', late)

# the real clock: never ahead of its millisecond, never behind the millisecond it read
clock_ms = -> { Process.clock_gettime(Process::CLOCK_REALTIME, :millisecond) }
bad = 0
20_000.times do
  before = clock_ms.call
  k = UuidShard.uuid7
  after = clock_ms.call
  t = UuidShard.unix_ms(k)
  bad += 1 unless before <= t && t <= after
end
check('real clock: each of 20,000 keys is in a millisecond between the clock\'s readings before and after it', bad.zero?, bad)

# threads: one generator, strictly increasing in the order each thread gets its keys, unique
threads = Array.new(8) { Thread.new { Array.new(20_000) { UuidShard.uuid7 } } }
per = threads.map(&:value)
flat = per.flatten
check('8 threads x 20,000 keys: all unique, v7, each thread\'s keys strictly increasing',
      flat.uniq.size == flat.size && per.all? { |ks| ks.each_cons(2).all? { |x, y| x < y } } && flat.all? { |k| fields(k)[:v7] })

# after fork, the child's keys are v7, increasing and none equal to the parent's
if Process.respond_to?(:fork)
  rd, wr = IO.pipe
  pid = fork do
    rd.close
    wr.puts(Array.new(1000) { UuidShard.uuid7 }.join(','))
    wr.close
    exit!(0)
  end
  wr.close
  parent = Array.new(1000) { UuidShard.uuid7 }
  child = rd.read.strip.split(',')
  Process.wait(pid)
  check('fork: the child\'s 1,000 keys are v7, increasing, and none is the parent\'s',
        child.size == 1000 && child.each_cons(2).all? { |x, y| x < y } && (child & parent).empty? && child.all? { |k| fields(k)[:v7] })
end

exit($failed.zero? ? 0 : 1)
