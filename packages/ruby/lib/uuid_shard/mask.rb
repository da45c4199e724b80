# frozen_string_literal: true

# Public IDs of uuid_shard (uuid_v7_mask / uuid_v7_unmask) in plain Ruby (standard library:
# openssl). Bit for bit the extension's results; specified in docs/algorithms.md (section 7) and
# checked against tests/vectors/vectors.json by tests/vectors/ruby/check.rb. A UUID is its text
# (either case) or its 16 bytes; the secret a String of at least 16 bytes (its bytes are the
# key); results are lower-case text. The secret belongs on a server.
require 'openssl'

module UuidShard
  MASK_LABEL = 'uuid_shard mask v1'.b

  module_function

  # Checked before the UUID, as the extension does: a missing secret is always an error.
  def check_secret(secret)
    raise ArgumentError, 'mask secret must not be NULL' if secret.nil?
    raise TypeError, "mask secret must be a String, got #{secret.class}" unless secret.is_a?(String)
    raise ArgumentError, "mask secret must be at least 16 bytes, got #{secret.bytesize}" if secret.bytesize < 16
  end

  # T = HMAC-SHA-256(secret, label || bytes 8..15); bytes 0..7 ^= T[0..7]; set the version.
  def mask_apply(b, secret, version)
    t = OpenSSL::HMAC.digest('SHA256', secret.b, MASK_LABEL + b.byteslice(8, 8))
    head = (0...8).map { |i| b.getbyte(i) ^ t.getbyte(i) }
    head[6] = (version << 4) | (head[6] & 0x0F)
    to_text(head.pack('C*') + b.byteslice(8, 8))
  end

  # The public ID (version 4) of a version 7 key (uuid_v7_mask).
  def mask(uuid, secret)
    check_secret(secret)
    b = to_bytes(uuid)
    unless b.getbyte(8) >> 6 == 2 && b.getbyte(6) >> 4 == 7
      raise ArgumentError, "expected a UUID of version 7 (RFC 9562 variant) to mask, got #{found(to_i(b))}"
    end

    mask_apply(b, secret, 4)
  end

  # The version 7 key of a public ID (version 4) (uuid_v7_unmask). A wrong secret, or a v4 UUID
  # that was never masked, gives a v7 key with a meaningless time: no error can tell them apart.
  def unmask(uuid, secret)
    check_secret(secret)
    b = to_bytes(uuid)
    unless b.getbyte(8) >> 6 == 2 && b.getbyte(6) >> 4 == 4
      raise ArgumentError, "expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask, got #{found(to_i(b))}"
    end

    mask_apply(b, secret, 7)
  end

  private_class_method :check_secret, :mask_apply
end
