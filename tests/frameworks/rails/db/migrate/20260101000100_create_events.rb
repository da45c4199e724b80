class CreateEvents < ActiveRecord::Migration[7.2]
  def change
    # Schema-qualified: on PostgreSQL 18 and later an unqualified uuidv7() is core's pg_catalog.uuidv7().
    create_table :events, id: :uuid, default: -> { "uuid_shard.uuidv7()" } do |t|
      t.string :ref, limit: 40, null: false, index: { unique: true } # a natural key
      t.boolean :done, null: false, default: false
      # Worker bucket (0..3), stored and indexed: workers filter on it.
      t.virtual :bucket, type: :integer, as: "uuid_shard.uuid_bucket(id, 4)", stored: true, index: true
    end
  end
end
