# frozen_string_literal: true

# Checks the gem uuid_shard (packages/ruby) against the test vectors:
#   ruby -I packages/ruby/lib tests/vectors/ruby/check.rb [path/to/vectors.json]   (the source)
#   ruby tests/vectors/ruby/check.rb [path/to/vectors.json]   (the installed gem)
require 'json'
require 'uuid_shard'

data = JSON.parse(File.read(ARGV[0] || File.join(__dir__, '..', 'vectors.json'), encoding: 'UTF-8'))
checks = 0
failures = []
expect = lambda do |ok, what|
  checks += 1
  failures << what unless ok
end
raises = lambda do |&f|
  f.call
  false
rescue ArgumentError
  true
end
us = ->(v) { v['unix_ms'] * 1000 + v['us'] }

data['accepted'].each do |v|
  u = v['uuid']
  expect.call(UuidShard.has_random_tail(u) && UuidShard.unix_ms(u) == v['unix_ms'], "#{u}: accepted, unix_ms #{v['unix_ms']}")
  v['shard_key'].each { |len, key| expect.call(UuidShard.shard_key(u, len) == key, "#{u}: shard_key(#{len})") }
  v['bucket'].each { |n, b| expect.call(UuidShard.bucket(u, n) == b, "#{u}: bucket(#{n})") }
end
data['rejected'].each do |v|
  u = v['uuid']
  expect.call(!UuidShard.has_random_tail(u) && UuidShard.unix_ms(u).nil? &&
              raises.call { UuidShard.shard_key(u, 1) } && raises.call { UuidShard.bucket(u, 1) },
              "#{u}: must be rejected (#{v['reason']})")
end
first = data['accepted'][0]['uuid']
data['invalid_len'].each { |l| expect.call(raises.call { UuidShard.shard_key(first, l) }, "length #{l} must be rejected") }
data['invalid_n'].each { |n| expect.call(raises.call { UuidShard.bucket(first, n) }, "bucket count #{n} must be rejected") }
data['text_forms'].each do |v|
  u = v['uuid']
  expect.call(UuidShard.to_ulid(u) == v['ulid'] && UuidShard.to_base32hex(u) == v['base32hex'] &&
              UuidShard.from_ulid(v['ulid'].downcase) == u && UuidShard.from_base32hex(v['base32hex']) == u &&
              UuidShard.from_base32hex(v['base32hex'][0, 26].downcase) == u, "#{u}: ulid, base32hex")
end
data['bad_text'].each do |v|
  f = v['form'] == 'ulid' ? :from_ulid : :from_base32hex
  expect.call(raises.call { UuidShard.send(f, v['text']) }, "#{v['form']} #{v['text']} must be refused")
end
data['times'].each do |v|
  t = us.call(v)
  key = UuidShard.to_text((UuidShard.v7_head(t) << 64) | 0x8000_0000_0000_0000)
  expect.call(UuidShard.boundary(t) == v['boundary'] && UuidShard.boundary_last(t) == v['boundary_last'] &&
              key[0, 18] == v['head'] && UuidShard.unix_us(key) == t, "time #{t}: boundary, boundary_last, head")
end
data['time_us'].each do |v|
  want = v['unix_ms'].nil? ? nil : us.call(v)
  expect.call(UuidShard.unix_us(v['uuid']) == want, "#{v['uuid']}: unix_us")
end
data['from_name'].each do |v|
  got = UuidShard.from_name(us.call(v), v['name'])
  expect.call(got == v['uuid'], "from_name(#{v['name']}) = #{got}, expected #{v['uuid']}")
end
data['invalid_times'].each do |ms, u|
  t = ms * 1000 + u
  expect.call(raises.call { UuidShard.boundary(t) } && raises.call { UuidShard.boundary_last(t) } &&
              raises.call { UuidShard.from_name(t, 'x') }, "time #{t} must be refused")
end

failures << "ran #{checks} checks, the file has #{data['checks']}" if checks != data['checks']

# Tail-hash partitions, a section with its own count. PostgreSQL routes a row of a one-column key
# by hash_combine64(0, h) = h + HASH_COMBINE64_CONSTANT (mod 2^64): the bucket key.
tail = data['tail_remainder']
tail_checks = 0
tail_expect = lambda do |ok, what|
  tail_checks += 1
  failures << "tail remainder: #{what}" unless ok
end
tail['vectors'].each do |v|
  u = v['uuid']
  h = UuidShard.tail_hash_extended(u)
  row_hash = format('0x%016x', (h + UuidShard::HASH_COMBINE64_CONSTANT) & UuidShard::MASK64)
  tail_expect.call(h.to_s == v['tail_hash_extended'] && row_hash == v['bucket_key'],
                   "#{u}: tail_hash_extended #{h}, row hash #{row_hash}, expected #{v['tail_hash_extended']}, #{v['bucket_key']}")
  v['remainder'].each { |m, r| tail_expect.call(UuidShard.tail_remainder(u, m) == r, "#{u}: tail_remainder(#{m})") }
end
first = tail['vectors'][0]['uuid']
tail['invalid_modulus'].each { |m| tail_expect.call(raises.call { UuidShard.tail_remainder(first, m) }, "modulus #{m} must be rejected") }
failures << "tail remainder: ran #{tail_checks} checks, the file has #{tail['checks']}" if tail_checks != tail['checks']

# The mask's section, with its own count (lib/uuid_shard/mask.rb).
m = data['mask']
mask_checks = 0
mask_expect = lambda do |ok, what|
  mask_checks += 1
  failures << "mask: #{what}" unless ok
end
failures << "mask: label #{UuidShard::MASK_LABEL}, the file has #{m['label']}" if UuidShard::MASK_LABEL != m['label']
m['vectors'].each do |v|
  s = [v['secret']].pack('H*')
  pub = UuidShard.mask(v['key'], s)
  key = UuidShard.unmask(v['public'], s)
  mask_expect.call(pub == v['public'].downcase && key == v['key'], "#{v['key']}: mask #{pub} (expected #{v['public']}), unmask #{key}")
end
first = m['vectors'][0]
m['invalid_secret'].each do |h|
  s = [h].pack('H*')
  mask_expect.call(raises.call { UuidShard.mask(first['key'], s) } && raises.call { UuidShard.unmask(first['public'], s) },
                   "secret #{h} must be rejected")
end
s = [first['secret']].pack('H*')
m['not_v7'].each { |u| mask_expect.call(raises.call { UuidShard.mask(u, s) }, "mask(#{u}) must be rejected") }
m['not_v4'].each { |u| mask_expect.call(raises.call { UuidShard.unmask(u, s) }, "unmask(#{u}) must be rejected") }
failures << "mask: ran #{mask_checks} checks, the file has #{m['checks']}" if mask_checks != m['checks']

unless failures.empty?
  failures.first(20).each { |f| warn "ruby: FAIL #{f}" }
  warn "ruby: #{failures.size} of #{checks + tail_checks + mask_checks} vectors FAILED"
  exit 1
end
puts "ruby: #{checks} vectors ok"
puts "ruby tail remainder: #{tail_checks} vectors ok"
puts "ruby mask: #{mask_checks} vectors ok"
