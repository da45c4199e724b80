// drizzle-kit push --config=drizzle.push.config.ts: the tables without partitions only. Declared
// to push, a partitioned parent is a table push cannot see, so it would CREATE it again and
// offer to "rename" a partition into it.
import base from './drizzle.config.ts';

export default { ...base, schema: './src/schema.ts' };
