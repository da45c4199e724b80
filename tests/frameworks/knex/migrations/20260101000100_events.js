// Events keyed by uuidv7() (schema-qualified: on PostgreSQL 18 and later an unqualified uuidv7() is core's),
// a stored worker bucket and an index on it. Knex has no generated-column builder: specificType.
exports.up = async (knex) => {
  await knex.schema.createTable('events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('public.uuidv7()'));
    t.string('ref', 40).notNullable().unique();
    t.boolean('done').notNullable().defaultTo(false);
    t.specificType('bucket', 'int GENERATED ALWAYS AS (public.uuid_bucket(id, 4)) STORED');
    t.index(['bucket'], 'events_bucket4');
  });
};
exports.down = (knex) => knex.schema.dropTable('events');
