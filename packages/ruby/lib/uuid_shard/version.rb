# frozen_string_literal: true

module UuidShard
  # The version of the extension whose functions this gem computes.
  VERSION = '0.5.0'
end
