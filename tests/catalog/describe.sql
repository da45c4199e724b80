-- Every function, aggregate and type in the schema named by psql variable "schema", as a
-- catalog sees it, one block per object in a fixed order ("== kind identity", then its
-- definition): for functions the full pg_get_functiondef plus every marking, owner, privileges
-- and comment; for aggregates their parts; for types (the SQL edition's argument domains) their
-- base type and constraints; for operator classes their family, default flag, operators and
-- support functions. OIDs are left out, so two installations compare as text.
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
UNION ALL
SELECT concat_ws(E'\n',
         '== operator class ' || c.opcname || ' using ' || am.amname,
         format('type=%s default=%s family=%s owner-is-superuser=%s', c.opcintype::regtype, c.opcdefault, f.opfname,
                (SELECT r.rolsuper FROM pg_roles r WHERE r.oid = c.opcowner)),
         'comment: ' || obj_description(c.oid, 'pg_opclass'),
         (SELECT string_agg(format('operator %s %s', o.amopstrategy, o.amopopr::regoperator), E'\n' ORDER BY o.amopstrategy)
            FROM pg_amop o WHERE o.amopfamily = c.opcfamily),
         (SELECT string_agg(format('function %s %s', pr.amprocnum, pr.amproc::regprocedure), E'\n' ORDER BY pr.amprocnum)
            FROM pg_amproc pr WHERE pr.amprocfamily = c.opcfamily))
  FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod JOIN pg_opfamily f ON f.oid = c.opcfamily
 WHERE c.opcnamespace = to_regnamespace(:'schema')
ORDER BY 1;
