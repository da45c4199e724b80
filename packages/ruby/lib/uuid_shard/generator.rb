# frozen_string_literal: true

# uuid7: version 7 UUIDs with the bits of the extension's uuidv7() (core/src/generator.rs, the
# rules in docs/algorithms.md section 1): 48-bit Unix milliseconds, the 12-bit fraction of the
# millisecond (floor(ns_within_ms * 4096 / 1_000_000)), then 62 random bits whose top 12 count
# the keys made while the clock stands still. Strictly increasing within one process (a Mutex
# orders threads), and a key is never in a later millisecond than the clock, unless the clock
# was set back behind the last key: then keys carry on from the last one.
require 'securerandom'

module UuidShard
  class Generator
    COUNTER_SHIFT = 50
    COUNTER_MAX = 0xFFF
    RAND_B_BITS = 0x3FFF_FFFF_FFFF_FFFF
    LOW_BITS = (1 << COUNTER_SHIFT) - 1
    MAX_TIME = (MAX_UNIX_MS << 12) | 0xFFF # a time is (unix_ms << 12) | fraction

    REALTIME = -> { Process.clock_gettime(Process::CLOCK_REALTIME, :nanosecond) }
    RANDOM = -> { SecureRandom.random_bytes(8).unpack1('Q>') }
    # Called when the keys of the clock's millisecond are used up (about 8.4 million in one
    # millisecond): returns when the clock may have reached unix_ms.
    WAIT = lambda do |now_ns, unix_ms|
      wait_ns = unix_ms * 1_000_000 - now_ns
      wait_ns > 100_000 ? sleep([wait_ns, 10_000_000].min / 1e9) : Thread.pass
    end

    # clock: Integer Unix nanoseconds; random: a 64-bit Integer; wait: (now_ns, unix_ms).
    # Replace them only to test the rules with a scripted clock.
    def initialize(clock: REALTIME, random: RANDOM, wait: WAIT)
      @clock = clock
      @random = random
      @wait = wait
      @mutex = Mutex.new
      @last_time = nil
      @last_rand_b = nil
    end

    # The next key, lower-case text.
    def uuid7
      time, rand_b = stamp
      UuidShard.to_text((((time >> 12) << 80) | (0x7000 << 64) | ((time & 0xFFF) << 64)) |
                        (rand_b & RAND_B_BITS) | 0x8000_0000_0000_0000)
    end

    # The next [time, rand_b]: time is (unix_ms << 12) | fraction, rand_b 62 bits whose top 12
    # are the counter.
    def stamp
      @mutex.synchronize do
        loop do
          ns = @clock.call
          now = time_of(ns)
          issued = step(now, @random.call)
          return issued unless issued[0] == :wait

          @wait.call(ns, issued[1])
        end
      end
    end

    private

    def time_of(ns)
      ms = ns.div(1_000_000)
      raise ArgumentError, 'timestamp out of range for UUID version 7' unless ms.between?(0, MAX_UNIX_MS)

      (ms << 12) | (ns % 1_000_000 * 4096 / 1_000_000)
    end

    # core/src/generator.rs AscendingClock::next: [time, rand_b] issued, or [:wait, unix_ms].
    def step(now, random)
      fresh = random & RAND_B_BITS
      last = @last_time
      if last.nil? || now > last
        time = now
        rand_b = fresh
      elsif (@last_rand_b >> COUNTER_SHIFT) < COUNTER_MAX
        # The clock stands still (or stepped back): count within the last time.
        time = last
        rand_b = (((@last_rand_b >> COUNTER_SHIFT) + 1) << COUNTER_SHIFT) | (fresh & LOW_BITS)
      else
        # The count is full: one fraction unit later, inside the same millisecond; into the next
        # one only behind a clock that was set back.
        raise ArgumentError, 'timestamp out of range for UUID version 7' if last == MAX_TIME

        time = last + 1
        return [:wait, time >> 12] unless (time >> 12) == (last >> 12) || (now >> 12) < (last >> 12)

        rand_b = fresh
      end
      @last_time = time
      @last_rand_b = rand_b
      [time, rand_b]
    end
  end

  DEFAULT_GENERATOR = Generator.new

  module_function

  # A version 7 UUID from the current time with the bits of the extension's uuidv7(): strictly
  # increasing within this process, never in a later millisecond than the clock.
  def uuid7
    DEFAULT_GENERATOR.uuid7
  end
end
