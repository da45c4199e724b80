# What Bundler does in a Rails app: the pinned gems on the gem path. They are Debian trixie's
# ActiveRecord 7.2 and the gems it needs, which scripts/setup.sh unpacks into .pg/rails-gems (pinned
# in debian-gems), and Debian 12's ruby-pg.
vendor = File.expand_path("../../../../.pg/rails-gems", __dir__)
Gem.paths = { "GEM_HOME" => Gem.dir, "GEM_PATH" => [vendor, *Gem.path].join(File::PATH_SEPARATOR) }
gem "activerecord", "7.2.2.2"
gem "pg", "1.4.5"
