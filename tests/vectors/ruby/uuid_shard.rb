# frozen_string_literal: true

# Shard keys, buckets, v7 times, text forms and keys from names of uuid_shard in plain Ruby
# (2.5+, standard library only). Bit-for-bit the same results as the PostgreSQL extension;
# specified in docs/algorithms.md and checked against tests/vectors/vectors.json by check.rb.
# Paste freely into application code. A UUID is given as text (8-4-4-4-12 hex digits, any
# case); results are lower-case text. Integers are arbitrary precision, so the 64-bit
# arithmetic is masked explicitly. Times are integer Unix microseconds (unix_us): from a Time t,
# t.to_i * 1_000_000 + t.usec (never t.to_f, whose float seconds round wrongly at ms edges).
require 'digest'

module UuidShard
  NO_RANDOM_TAIL = 'expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant)'
  BASE32HEX = '0123456789ABCDEFGHIJKLMNOPQRSTUV'
  CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
  MASK64 = (1 << 64) - 1
  MAX_UNIX_US = ((1 << 48) - 1) * 1000 + 999
  NAME_DOMAIN = "uuid_shard v7 from name\0".b

  module_function

  # The UUID as one 128-bit Integer.
  def to_i(uuid)
    raise ArgumentError, "not a UUID: #{uuid}" unless uuid =~ /\A\h{8}-\h{4}-\h{4}-\h{4}-\h{12}\z/

    uuid.delete('-').to_i(16)
  end

  def text(v)
    h = format('%032x', v)
    "#{h[0, 8]}-#{h[8, 4]}-#{h[12, 4]}-#{h[16, 4]}-#{h[20, 12]}"
  end

  def random_tail?(v)
    version = (v >> 76) & 0xF
    (v >> 62) & 3 == 2 && [3, 4, 5, 7].include?(version)
  end

  # Bytes 8..16 of the 128-bit Integer v, the two variant bits cleared.
  def bucket_key(v)
    v & 0x3FFF_FFFF_FFFF_FFFF
  end

  # True if shard_key and bucket accept uuid.
  def has_random_tail(uuid)
    random_tail?(to_i(uuid))
  end

  # The first length (1..15) hex digits of uuid read backwards, lower case.
  def shard_key(uuid, length)
    raise ArgumentError, "shard key length must be between 1 and 15, got #{length}" unless (1..15).cover?(length)
    raise ArgumentError, NO_RANDOM_TAIL unless has_random_tail(uuid)

    uuid.delete('-').downcase.reverse[0, length]
  end

  # The bucket of uuid among n (1..2147483647): jump consistent hash of bytes 8..16.
  def bucket(uuid, n)
    raise ArgumentError, "bucket count must be between 1 and 2147483647, got #{n}" unless (1..2_147_483_647).cover?(n)

    v = to_i(uuid)
    raise ArgumentError, NO_RANDOM_TAIL unless random_tail?(v)

    key = bucket_key(v)
    b = -1
    j = 0
    while j < n
      b = j
      key = (key * 2_862_933_555_777_941_757 + 1) & MASK64
      j = ((b + 1).to_f * (2_147_483_648.0 / ((key >> 33) + 1).to_f)).truncate # IEEE double, this order
    end
    b
  end

  # PostgreSQL's hash_combine64(0, h) adds this constant to a one-column partition key's hash.
  HASH_COMBINE64_CONSTANT = 0x49A0_F4DD_15E5_A8E3

  # The hash PostgreSQL's hash partitioning gets from the operator class uuid_tail_ops for uuid
  # (support function 2, seed ignored): the bucket key minus HASH_COMBINE64_CONSTANT, so the row
  # hash is the bucket key itself. Defined for every UUID; always a negative signed 64-bit
  # value, as the bucket key is below 2^62.
  def tail_hash_extended(uuid)
    bucket_key(to_i(uuid)) - HASH_COMBINE64_CONSTANT
  end

  # The remainder of the hash partition holding uuid in a table PARTITION BY HASH (id
  # uuid_tail_ops) with partitions of this modulus (1..2147483647): the bucket key mod modulus.
  # Defined for every UUID, of any version and variant, nil and max.
  def tail_remainder(uuid, modulus)
    raise ArgumentError, "modulus must be between 1 and 2147483647, got #{modulus}" unless (1..2_147_483_647).cover?(modulus)

    bucket_key(to_i(uuid)) % modulus
  end

  # The Unix millisecond timestamp of a version 7 UUID, nil for any other UUID.
  def unix_ms(uuid)
    v = to_i(uuid)
    return nil unless (v >> 62) & 3 == 2 && (v >> 76) & 0xF == 7

    v >> 80
  end

  # ---- 0.3.0: text forms, bounds, the time to the microsecond, keys from names ------------

  # The ULID text: 26 upper-case Crockford base32 digits (two zero bits, then 128).
  def to_ulid(uuid)
    v = to_i(uuid)
    (0...26).map { |i| CROCKFORD[(v >> (125 - 5 * i)) & 31] }.join
  end

  # RFC 4648 base32hex of the 16 bytes, upper case, '=' padded.
  def to_base32hex(uuid)
    v = to_i(uuid) << 2
    (0...26).map { |i| BASE32HEX[(v >> (125 - 5 * i)) & 31] }.join + '======'
  end

  def read_digits(s, alphabet, form)
    raise ArgumentError, "invalid #{form} text" unless s.is_a?(String) && s.length >= 26

    s[0, 26].each_char.map do |c|
      d = c.ascii_only? ? alphabet.index(c.upcase) : nil
      raise ArgumentError, "invalid #{form} text" if d.nil?

      d
    end
  end

  # The UUID text of a ULID text (either case).
  def from_ulid(s)
    d = read_digits(s, CROCKFORD, 'ULID')
    raise ArgumentError, 'invalid ULID text' unless s.length == 26 && d[0] <= 7

    text(d.reduce(0) { |v, x| (v << 5) | x })
  end

  # The UUID text of a base32hex text (either case, with its six '=' or without).
  def from_base32hex(s)
    d = read_digits(s, BASE32HEX, 'base32hex')
    unless (s.length == 26 || (s.length == 32 && s[26, 6] == '======')) && (d[25] & 3).zero?
      raise ArgumentError, 'invalid base32hex text'
    end

    text(d.reduce(0) { |v, x| (v << 5) | x } >> 2)
  end

  def head(unix_us, fraction)
    raise ArgumentError, 'timestamp out of range for UUID version 7' unless unix_us.between?(0, MAX_UNIX_US)

    ((unix_us / 1000) << 16) | 0x7000 | (fraction || (unix_us % 1000) * 4096 / 1000)
  end

  # The smallest v7 UUID of the millisecond holding unix_us.
  def boundary(unix_us)
    text((head(unix_us, 0) << 64) | 0x8000_0000_0000_0000)
  end

  # The largest v7 UUID of the millisecond holding unix_us: the inclusive upper bound.
  def boundary_last(unix_us)
    text((head(unix_us, 0xFFF) << 64) | 0xBFFF_FFFF_FFFF_FFFF)
  end

  # Bytes 0..7 of a v7 UUID for unix_us, as an Integer: milliseconds, version, 12-bit fraction.
  def v7_head(unix_us)
    head(unix_us, nil)
  end

  # The time of a version 7 UUID in integer Unix microseconds, nil for any other UUID.
  def unix_us(uuid)
    ms = unix_ms(uuid)
    return nil if ms.nil?

    frac = (to_i(uuid) >> 64) & 0xFFF
    ms * 1000 + [999, (frac * 1000 + 4095) / 4096].min
  end

  # The v7 UUID of a time and a name: the head of v7_head(unix_us), the tail from
  # SHA-256("uuid_shard v7 from name\0" + name in UTF-8), variant bits set.
  def from_name(unix_us, name)
    h = v7_head(unix_us)
    tail = Digest::SHA256.digest(NAME_DOMAIN + name.encode('UTF-8').b)[0, 8].unpack1('Q>')
    text((h << 64) | (tail & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000)
  end
end
