# ActiveRecord 7.2 writes `enable_extension "uuid_shard"` into schema.rb without the extension's
# schema, and db:schema:load then creates the extension in the first schema of the search path
# (public), where `uuid_shard.uuidv7()` is not: the load stops at the first default. Name the
# schema, as Rails 8 does: `enable_extension "uuid_shard.uuid_shard"`, which 7.2 loads as
# CREATE EXTENSION ... SCHEMA uuid_shard, after the `create_schema "uuid_shard"` it dumps before it.
module SchemaQualifiedExtensions
  def extensions
    query_values(<<~SQL, "SCHEMA")
      SELECT CASE WHEN n.nspname IN ('public', 'pg_catalog') THEN e.extname ELSE n.nspname || '.' || e.extname END
        FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    SQL
  end
end

ActiveSupport.on_load(:active_record_postgresqladapter) { prepend SchemaQualifiedExtensions }
