# What the ActiveRecord railtie sets up in a Rails app (this project has ActiveRecord without the
# rails gem): the database configurations, ActiveRecord's settings, the initializers, the models.
require_relative "boot"
require "active_record"
require "erb"
require "fileutils"
require "yaml"

module Shop
  ROOT = File.expand_path("..", __dir__)
end

ActiveRecord::Tasks::DatabaseTasks.root = Shop::ROOT
ActiveRecord::Tasks::DatabaseTasks.db_dir = File.join(Shop::ROOT, "db")
ENV["RAILS_ENV"] ||= "native"
ActiveRecord::Tasks::DatabaseTasks.env = ENV["RAILS_ENV"]
ActiveRecord::Tasks::DatabaseTasks.database_configuration =
  YAML.safe_load(ERB.new(File.read(File.join(Shop::ROOT, "config/database.yml"))).result, aliases: true)
ActiveRecord::Base.configurations = ActiveRecord::Tasks::DatabaseTasks.database_configuration

# config.active_record.schema_format = :sql: db/structure.sql, written by pg_dump, keeps partitioned
# tables, their partitions and the operator class; schema.rb writes partitions as plain tables and
# the parent as a plain table. (SCHEMA_FORMAT=ruby: how the check shows what schema.rb does.)
ActiveRecord.schema_format = ENV.fetch("SCHEMA_FORMAT", "sql").to_sym
# The check writes its dumps where SCHEMA says (tmp/), not into db/.
ActiveRecord.dump_schema_after_migration = false

skip = ENV.fetch("RECIPE_SKIP_INITIALIZER", "") # the check's way to show a dump without an initializer
Dir[File.join(Shop::ROOT, "config/initializers/*.rb")].sort.each do |f|
  require f unless File.basename(f, ".rb") == skip
end
require File.join(Shop::ROOT, "app/models/application_record")
Dir[File.join(Shop::ROOT, "app/models/*.rb")].sort.each { |f| require f }

ActiveRecord::Base.establish_connection
