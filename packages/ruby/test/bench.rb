# frozen_string_literal: true

# How long the installed gem's functions take per UUID, against what Ruby itself does with a UUID
# text: parse it into its 16 bytes ([hex].pack('H*'): Ruby has no UUID type) and hash the bytes
# (String#hash). Measured in the same run, best of 5 rounds; printed, never asserted.
require 'securerandom'
require 'uuid_shard'

N = Integer(ENV.fetch('BENCH_N', '100000'))
ids = Array.new(N) { UuidShard.uuid7 }

def best(ids)
  Array.new(5) do
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    ids.each { |u| yield u }
    Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0
  end.min / ids.size
end

base = best(ids) { |u| [u.delete('-')].pack('H*').hash }
runs = {
  'bucket(u, 1000)' => best(ids) { |u| UuidShard.bucket(u, 1000) },
  'bucket(u, 2147483647)' => best(ids) { |u| UuidShard.bucket(u, 2_147_483_647) },
  'shard_key(u, 4)' => best(ids) { |u| UuidShard.shard_key(u, 4) },
  'tail_remainder(u, 8)' => best(ids) { |u| UuidShard.tail_remainder(u, 8) }
}
puts format('bench: Ruby %s, %d UUIDs; baseline [hex].pack("H*").hash %.0f ns', RUBY_VERSION, N, base * 1e9)
runs.each { |name, t| puts format('bench: %-22s %7.0f ns  %5.1fx the baseline', name, t * 1e9, t / base) }
gen = best(ids) { UuidShard.uuid7 }
uuid4 = best(ids) { SecureRandom.uuid }
puts format('bench: uuid7 %.0f ns, SecureRandom.uuid %.0f ns: %.1fx', gen * 1e9, uuid4 * 1e9, gen / uuid4)
