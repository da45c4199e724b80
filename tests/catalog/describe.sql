-- Every function, aggregate and type in the schema named by psql variable "schema", as a
-- catalog sees it, one block per object in a fixed order ("== kind identity", then its
-- definition): for functions the full pg_get_functiondef plus every marking, owner, privileges
-- and comment; for aggregates their parts; for types (the SQL edition's argument domains) their
-- base type and constraints. OIDs are left out, so two installations compare as text.
SET search_path = pg_catalog;
SELECT concat_ws(E'\n',
         '== ' || CASE p.prokind WHEN 'a' THEN 'aggregate ' ELSE 'function ' END || p.oid::regprocedure::text,
         format('kind=%s volatility=%s strict=%s parallel=%s security_definer=%s leakproof=%s cost=%s rows=%s '
                'language=%s config=%s owner-is-superuser=%s acl=%s support=%s',
                p.prokind, p.provolatile, p.proisstrict, p.proparallel, p.prosecdef, p.proleakproof, p.procost,
                p.prorows, l.lanname, p.proconfig, (SELECT r.rolsuper FROM pg_roles r WHERE r.oid = p.proowner),
                p.proacl, p.prosupport),
         'comment: ' || obj_description(p.oid, 'pg_proc'),
         CASE WHEN p.prokind IN ('f', 'p', 'w') THEN pg_get_functiondef(p.oid) END,
         (SELECT format('aggregate transfn=%s finalfn=%s combinefn=%s stype=%s initval=%s sortop=%s',
                        a.aggtransfn::regprocedure, a.aggfinalfn, a.aggcombinefn::regprocedure,
                        a.aggtranstype::regtype, a.agginitval, a.aggsortop::regoperator)
            FROM pg_aggregate a WHERE a.aggfnoid = p.oid))
  FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
 WHERE p.pronamespace = to_regnamespace(:'schema')
UNION ALL
SELECT concat_ws(E'\n',
         '== type ' || t.oid::regtype::text,
         format('type=%s base=%s notnull=%s owner-is-superuser=%s acl=%s', t.typtype, t.typbasetype::regtype,
                t.typnotnull, (SELECT r.rolsuper FROM pg_roles r WHERE r.oid = t.typowner), t.typacl),
         (SELECT string_agg(format('constraint %s: %s', c.conname, pg_get_constraintdef(c.oid)), E'\n' ORDER BY c.conname)
            FROM pg_constraint c WHERE c.contypid = t.oid))
  FROM pg_type t
 WHERE t.typnamespace = to_regnamespace(:'schema') AND t.typtype <> 'c' AND t.typelem = 0
ORDER BY 1;
