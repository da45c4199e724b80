# frozen_string_literal: true

# Public IDs of uuid_shard (uuid_v7_mask / uuid_v7_unmask) in plain Ruby (standard library:
# openssl). Bit for bit the extension's results; specified in docs/algorithms.md (section 7) and
# checked against tests/vectors/vectors.json by check.rb. A UUID is its text (any case); the
# secret a binary String of at least 16 bytes; results are lower-case text.
require 'openssl'

module UuidMask
  LABEL = 'uuid_shard mask v1'.b

  module_function

  def bytes(uuid)
    hex = uuid.delete('-')
    raise ArgumentError, 'a UUID has 32 hex digits' unless hex.match?(/\A\h{32}\z/)

    [hex].pack('H*')
  end

  def text(b)
    h = b.unpack1('H*')
    "#{h[0, 8]}-#{h[8, 4]}-#{h[12, 4]}-#{h[16, 4]}-#{h[20, 12]}"
  end

  # Checked before the UUID, as the extension does: a missing secret is always an error.
  def check_secret(secret)
    raise ArgumentError, 'mask secret must not be NULL' if secret.nil?
    raise ArgumentError, "mask secret must be at least 16 bytes, got #{secret.bytesize}" if secret.bytesize < 16
  end

  # T = HMAC-SHA-256(secret, label || bytes 8..15); bytes 0..7 ^= T[0..8]; set the version.
  def apply(b, secret, version)
    t = OpenSSL::HMAC.digest('SHA256', secret.b, LABEL + b.byteslice(8, 8))
    head = (0...8).map { |i| b.getbyte(i) ^ t.getbyte(i) }
    head[6] = (version << 4) | (head[6] & 0x0F)
    text(head.pack('C*') + b.byteslice(8, 8))
  end

  # The public ID (version 4) of a version 7 key.
  def mask(uuid, secret)
    check_secret(secret)
    b = bytes(uuid)
    raise ArgumentError, 'expected a UUID of version 7 (RFC 9562 variant) to mask' unless b.getbyte(8) >> 6 == 2 && b.getbyte(6) >> 4 == 7

    apply(b, secret, 4)
  end

  # The version 7 key of a public ID (version 4). A wrong secret, or a v4 UUID that was never
  # masked, gives a v7 key with a meaningless time: no error can tell them apart.
  def unmask(uuid, secret)
    check_secret(secret)
    b = bytes(uuid)
    unless b.getbyte(8) >> 6 == 2 && b.getbyte(6) >> 4 == 4
      raise ArgumentError, 'expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask'
    end

    apply(b, secret, 7)
  end
end
