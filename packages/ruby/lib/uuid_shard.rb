# frozen_string_literal: true

# uuid_shard for Ruby: the shard keys, buckets, tail-hash partitions, v7 times, text forms, keys
# from names and public IDs of the PostgreSQL extension uuid_shard, bit for bit, in plain Ruby
# (2.5+, standard library only: digest, openssl, securerandom). Specified in docs/algorithms.md
# and checked against tests/vectors/vectors.json by tests/vectors/ruby/check.rb.
#
# A UUID is given as its text (8-4-4-4-12 hex digits, either case) or as its 16 bytes (a binary
# String, Encoding::BINARY, in the order of the text); UUIDs returned are lower-case text.
# Integers are arbitrary precision, so the 64-bit arithmetic is masked explicitly. Times are
# integer Unix microseconds, or a Time where a time is given (t.to_i * 1_000_000 + t.usec:
# never t.to_f, whose float seconds round wrongly at millisecond edges).
#
# Bad arguments raise ArgumentError with the extension's message (TypeError for the wrong type).
require 'digest'
require_relative 'uuid_shard/version'

module UuidShard
  NO_RANDOM_TAIL = 'expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant)'
  BASE32HEX = '0123456789ABCDEFGHIJKLMNOPQRSTUV'
  CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
  MASK64 = (1 << 64) - 1
  MAX_INT4 = 2_147_483_647
  MAX_UNIX_MS = (1 << 48) - 1
  MAX_UNIX_US = MAX_UNIX_MS * 1000 + 999
  NAME_DOMAIN = "uuid_shard v7 from name\0".b
  UUID_TEXT = /\A\h{8}-\h{4}-\h{4}-\h{4}-\h{12}\z/.freeze
  # PostgreSQL's hash_combine64(0, h) adds this constant to a one-column partition key's hash.
  HASH_COMBINE64_CONSTANT = 0x49A0_F4DD_15E5_A8E3
  # PostgreSQL's default max_identifier_length (NAMEDATALEN - 1), in bytes.
  MAX_IDENTIFIER_LENGTH = 63

  module_function

  # ---- UUIDs in and out ------------------------------------------------------------------

  # The UUID as one 128-bit Integer: from its text (either case) or its 16 bytes.
  def to_i(uuid)
    raise TypeError, "expected a UUID as text or 16 bytes, got #{uuid.class}" unless uuid.is_a?(String)

    if uuid.bytesize == 16 && uuid.encoding == Encoding::BINARY
      hi, lo = uuid.unpack('Q>Q>')
      return (hi << 64) | lo
    end
    raise ArgumentError, "invalid input syntax for type uuid: #{uuid.inspect}" unless UUID_TEXT.match?(uuid)

    uuid.delete('-').to_i(16)
  end

  # The lower-case text of a UUID given as text, 16 bytes or a 128-bit Integer.
  def to_text(uuid)
    v = uuid.is_a?(Integer) ? uuid : to_i(uuid)
    raise ArgumentError, "not a 128-bit value: #{v}" unless v.between?(0, (1 << 128) - 1)

    h = format('%032x', v)
    "#{h[0, 8]}-#{h[8, 4]}-#{h[12, 4]}-#{h[16, 4]}-#{h[20, 12]}"
  end

  # The 16 bytes (a binary String) of a UUID given as text, 16 bytes or a 128-bit Integer.
  def to_bytes(uuid)
    v = uuid.is_a?(Integer) ? uuid : to_i(uuid)
    raise ArgumentError, "not a 128-bit value: #{v}" unless v.between?(0, (1 << 128) - 1)

    [v >> 64, v & MASK64].pack('Q>Q>')
  end

  # What kind of UUID the 128-bit Integer v is, as the extension's messages name it.
  def found(v)
    return "version #{(v >> 76) & 0xF}" if (v >> 62) & 3 == 2
    return 'the nil UUID' if v.zero?
    return 'the max UUID' if v == (1 << 128) - 1
    return 'a UUID of the NCS variant' if (v >> 63) & 1 == 0

    (v >> 61) & 7 == 0b110 ? 'a UUID of the Microsoft variant' : 'a UUID of the reserved variant'
  end

  def random_tail_int?(v)
    (v >> 62) & 3 == 2 && [3, 4, 5, 7].include?((v >> 76) & 0xF)
  end

  # Bytes 8..15 of the 128-bit Integer v, the two variant bits cleared.
  def bucket_key(v)
    v & 0x3FFF_FFFF_FFFF_FFFF
  end

  def check_int(value, what, range, message)
    raise TypeError, "#{what} must be an Integer, got #{value.class}" unless value.is_a?(Integer)
    raise ArgumentError, format(message, value) unless range.cover?(value)
  end

  # ---- shard keys, buckets, tail-hash partitions (sections 2-4, 11) ------------------------

  # True if shard_key and bucket accept uuid: an RFC 9562 UUID of version 3, 4, 5 or 7.
  def has_random_tail(uuid)
    random_tail_int?(to_i(uuid))
  end

  # has_random_tail, as Ruby names a predicate.
  def random_tail?(uuid)
    random_tail_int?(to_i(uuid))
  end

  # The first length (1..15) hex digits of uuid read backwards, lower case.
  def shard_key(uuid, length)
    check_int(length, 'shard key length', 1..15, 'shard key length must be between 1 and 15, got %d')
    v = to_i(uuid)
    raise ArgumentError, "#{NO_RANDOM_TAIL}, got #{found(v)}" unless random_tail_int?(v)

    format('%032x', v).reverse[0, length]
  end

  # The bucket of uuid among n (1..2147483647): jump consistent hash of bytes 8..15.
  def bucket(uuid, n)
    check_int(n, 'bucket count', 1..MAX_INT4, 'bucket count must be between 1 and 2147483647, got %d')
    v = to_i(uuid)
    raise ArgumentError, "#{NO_RANDOM_TAIL}, got #{found(v)}" unless random_tail_int?(v)

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
    check_int(modulus, 'modulus', 1..MAX_INT4, 'modulus must be between 1 and 2147483647, got %d')
    bucket_key(to_i(uuid)) % modulus
  end

  # The name uuid_tail_partition_ddl (and uuid_tail_split_ddl) gives the partition of parent
  # holding uuid, for partitions of this modulus: <parent>_h<modulus>_<remainder>, parent cut
  # (whole characters) to fit max_identifier_length bytes. parent is the table's name as stored,
  # unquoted and without its schema (for a time x tail table: the time partition's name).
  def tail_partition_name(parent, uuid, modulus, max_identifier_length: MAX_IDENTIFIER_LENGTH)
    raise TypeError, "parent must be a String, got #{parent.class}" unless parent.is_a?(String)
    raise ArgumentError, 'parent must not be empty' if parent.empty?

    suffix = "_h#{modulus}_#{tail_remainder(uuid, modulus)}"
    room = max_identifier_length - suffix.bytesize
    base = parent.encode('UTF-8')
    base = base[0...-1] while base.bytesize > room
    base + suffix
  end

  # ---- v7 times (sections 1, 9) -----------------------------------------------------------

  # The Unix millisecond timestamp of a version 7 UUID, nil for any other UUID.
  def unix_ms(uuid)
    v = to_i(uuid)
    return nil unless (v >> 62) & 3 == 2 && (v >> 76) & 0xF == 7

    v >> 80
  end

  # The time of a version 7 UUID in integer Unix microseconds, nil for any other UUID.
  def unix_us(uuid)
    v = to_i(uuid)
    return nil unless (v >> 62) & 3 == 2 && (v >> 76) & 0xF == 7

    frac = (v >> 64) & 0xFFF
    (v >> 80) * 1000 + [999, (frac * 1000 + 4095) / 4096].min
  end

  # The time of a version 7 UUID as a Time (UTC, to the microsecond), nil for any other UUID.
  def time(uuid)
    us = unix_us(uuid)
    us && Time.at(us / 1_000_000, us % 1_000_000, :usec).utc
  end

  # Integer Unix microseconds of a time given as Integer microseconds or a Time (anything with
  # to_time: Date, DateTime, ActiveSupport::TimeWithZone).
  def to_unix_us(t)
    return t if t.is_a?(Integer)

    unless t.is_a?(Time)
      raise TypeError, "expected integer Unix microseconds or a Time, got #{t.class}" unless t.respond_to?(:to_time)

      t = t.to_time
    end
    t.to_i * 1_000_000 + t.usec
  end

  def head(t, fraction)
    us = to_unix_us(t)
    raise ArgumentError, 'timestamp out of range for UUID version 7' unless us.between?(0, MAX_UNIX_US)

    ((us / 1000) << 16) | 0x7000 | (fraction || (us % 1000) * 4096 / 1000)
  end

  # The smallest v7 UUID of the millisecond holding t (uuid_v7_boundary).
  def boundary(t)
    to_text((head(t, 0) << 64) | 0x8000_0000_0000_0000)
  end

  # The largest v7 UUID of the millisecond holding t (uuid_v7_boundary_last): the inclusive
  # upper bound.
  def boundary_last(t)
    to_text((head(t, 0xFFF) << 64) | 0xBFFF_FFFF_FFFF_FFFF)
  end

  # Bytes 0..7 of a v7 UUID for t, as an Integer: milliseconds, version, 12-bit fraction.
  def v7_head(t)
    head(t, nil)
  end

  # ---- text forms (section 8) -------------------------------------------------------------

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

  def shown(c)
    c.ord.between?(0x21, 0x7E) ? "\"#{c}\"" : format('U+%04X', c.ord)
  end

  def bad_text(form, problem)
    ArgumentError.new("invalid #{form} text: #{problem}")
  end

  # The values of the first 26 characters: the first bad character wins, then the length.
  def read_digits(s, alphabet, form)
    raise TypeError, "expected #{form} text, got #{s.class}" unless s.is_a?(String)

    s.each_char.first(26).each_with_index.map do |c, i|
      d = c.ascii_only? ? alphabet.index(c.upcase) : nil
      raise bad_text(form, "#{shown(c)} at position #{i + 1} is not a #{form == 'ULID' ? 'Crockford base32' : 'base32hex'} digit") if d.nil?

      d
    end
  end

  # The UUID text of a ULID text (either case).
  def from_ulid(s)
    d = read_digits(s, CROCKFORD, 'ULID')
    raise bad_text('ULID', "#{s.length} characters, expected 26") unless s.length == 26
    raise bad_text('ULID', "#{shown(s[0])} at position 1 is above \"7\" (a ULID holds 128 bits)") if d[0] > 7

    to_text(d.reduce(0) { |v, x| (v << 5) | x })
  end

  # The UUID text of a base32hex text (either case, with its six '=' or without).
  def from_base32hex(s)
    d = read_digits(s, BASE32HEX, 'base32hex')
    n = s.length
    raise bad_text('base32hex', "#{n} characters, expected 26, or 32 with \"=\" padding") unless n == 26 || n == 32

    (26...n).each { |i| raise bad_text('base32hex', "#{shown(s[i])} at position #{i + 1} is not \"=\" padding") if s[i] != '=' }
    raise bad_text('base32hex', "#{shown(s[25])} at position 26 sets bits past the 16 bytes of a UUID") unless (d[25] & 3).zero?

    to_text(d.reduce(0) { |v, x| (v << 5) | x } >> 2)
  end

  # ---- keys from names (section 10) -------------------------------------------------------

  # The v7 UUID of a time and a name (uuid_v7_from_name): the head of v7_head(t), the tail from
  # SHA-256("uuid_shard v7 from name\0" + name in UTF-8), variant bits set.
  def from_name(t, name)
    raise TypeError, "name must be a String, got #{name.class}" unless name.is_a?(String)

    h = v7_head(t)
    tail = Digest::SHA256.digest(NAME_DOMAIN + name.encode('UTF-8').b)[0, 8].unpack1('Q>')
    to_text((h << 64) | (tail & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000)
  end

  # The helpers above that are not part of the API.
  private_class_method :found, :random_tail_int?, :bucket_key, :check_int, :head, :shown, :bad_text,
                       :read_digits, :to_unix_us
end

require_relative 'uuid_shard/mask'
require_relative 'uuid_shard/generator'
