import type { Transaction } from '@electric-sql/pglite'

// Everything a database defines, read from its catalog: one entry per object, named as a
// maintainer would look for it ("function public.pull_profiles(p_since text, p_limit integer)"),
// with its definition as PostgreSQL prints it. Two databases define the same objects exactly when
// their catalogs are equal. System schemas, the migrations' bookkeeping and the objects of
// extensions (pg_trgm's functions…) are left out; the extensions themselves are listed.

export type Catalog = Map<string, string>

/** The schemas a database of ours defines things in: all but PostgreSQL's own and the migrations' bookkeeping. */
const ours = (nspname: string) => `${nspname} not in ('pg_catalog', 'information_schema', 'supabase_migrations')
  and ${nspname} !~ '^pg_(toast|temp)'`

/** Not created by an extension. */
const notExtensionMember = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend x where x.classid = '${catalog}'::regclass and x.objid = ${oid} and x.deptype = 'e')`

/**
 * An ACL as one grantee per line, privileges sorted, whatever order they were granted in; null is the
 * default for the object's kind (an SQL expression of type "char": 'r', 's', 'f'…).
 */
const privileges = (acl: string, kind: string, owner: string) => `coalesce((
    select string_agg(g.grantee || ': ' || g.privileges, E'\\n' order by g.grantee)
    from (
      select case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee) end as grantee,
        string_agg(a.privilege_type || case when a.is_grantable then ' with grant option' else '' end, ', ' order by a.privilege_type) as privileges
      from aclexplode(coalesce(${acl}, acldefault(${kind}, ${owner}))) a
      group by a.grantee
    ) g), 'none')`

/** PostgreSQL's FirstNormalObjectId: every object below it is the system's own. */
const firstUserOid = 16384

const qualified = (schema: string, name: string) => `quote_ident(${schema}) || '.' || quote_ident(${name})`

const queries: { kind: string; sql: string }[] = [
  {
    kind: 'schema',
    sql: `select 'schema ' || quote_ident(n.nspname) as key,
        'owner ' || pg_get_userbyid(n.nspowner) || E'\\n' || ${privileges('n.nspacl', "'n'", 'n.nspowner')} as definition
      from pg_namespace n where ${ours('n.nspname')}`,
  },
  {
    kind: 'extension',
    sql: `select 'extension ' || quote_ident(e.extname) as key, 'schema ' || n.nspname || ', version ' || e.extversion as definition
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql'`,
  },
  {
    kind: 'relation',
    sql: `select case c.relkind when 'r' then 'table ' when 'p' then 'table ' when 'v' then 'view ' when 'm' then 'materialized view '
          when 'S' then 'sequence ' when 'f' then 'foreign table ' else 'type ' end || ${qualified('n.nspname', 'c.relname')} as key,
        concat_ws(E'\\n',
          'owner ' || pg_get_userbyid(c.relowner),
          case when c.relkind in ('r', 'p') then 'row level security ' || case when c.relrowsecurity then 'enabled' else 'disabled' end
            || case when c.relforcerowsecurity then ', forced' else '' end end,
          case when c.relpersistence <> 'p' then 'persistence ' || c.relpersistence::text end,
          case when c.relreplident <> 'd' and c.relkind in ('r', 'p') then 'replica identity ' || c.relreplident::text end,
          'options ' || array_to_string(c.reloptions, ', '),
          case when c.relkind in ('v', 'm') then 'as' || E'\\n' || pg_get_viewdef(c.oid) end,
          case when c.relkind = 'S' then (
            select 'as ' || format_type(s.seqtypid, null) || ' start ' || s.seqstart || ' increment ' || s.seqincrement
              || ' minvalue ' || s.seqmin || ' maxvalue ' || s.seqmax || ' cache ' || s.seqcache || case when s.seqcycle then ' cycle' else ' no cycle' end
              || coalesce(' owned by ' || (select ${qualified('tn.nspname', 't.relname')} || '.' || quote_ident(a.attname)
                from pg_depend d join pg_class t on t.oid = d.refobjid join pg_namespace tn on tn.oid = t.relnamespace
                join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
                where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.refobjsubid > 0 and d.deptype in ('a', 'i')), '')
            from pg_sequence s where s.seqrelid = c.oid) end,
          case when c.relkind <> 'c' then 'grants' || E'\\n' || ${privileges('c.relacl', `(case c.relkind when 'S' then 's' else 'r' end)::"char"`, 'c.relowner')} end
        ) as definition
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where ${ours('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c') and ${notExtensionMember('pg_class', 'c.oid')}`,
  },
  {
    kind: 'column',
    sql: `select 'column ' || ${qualified('n.nspname', 'c.relname')} || '.' || quote_ident(a.attname) as key,
        concat_ws(E'\\n',
          'position ' || row_number() over (partition by c.oid order by a.attnum),
          format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end,
          case when a.attgenerated = 's' then 'generated always as (' || pg_get_expr(d.adbin, d.adrelid) || ') stored'
            when d.adbin is not null then 'default ' || pg_get_expr(d.adbin, d.adrelid) end,
          case a.attidentity when 'a' then 'generated always as identity' when 'd' then 'generated by default as identity' end,
          case when a.attcollation <> 0 and a.attcollation <> t.typcollation then 'collate ' || a.attcollation::regcollation::text end,
          'grants ' || coalesce((
            select string_agg(g.grantee || ': ' || g.privileges, ', ' order by g.grantee)
            from (
              select pg_get_userbyid(x.grantee) as grantee, string_agg(x.privilege_type, ' ' order by x.privilege_type) as privileges
              from aclexplode(a.attacl) x group by x.grantee
            ) g), 'none')
        ) as definition
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ${ours('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c') and a.attnum > 0 and not a.attisdropped
        and ${notExtensionMember('pg_class', 'c.oid')}`,
  },
  {
    kind: 'constraint',
    sql: `select 'constraint ' || coalesce(${qualified('rn.nspname', 'r.relname')}, ${qualified('tn.nspname', 't.typname')}) || '.' || quote_ident(k.conname) as key,
        pg_get_constraintdef(k.oid) as definition
      from pg_constraint k
      left join pg_class r on r.oid = k.conrelid left join pg_namespace rn on rn.oid = r.relnamespace
      left join pg_type t on t.oid = k.contypid left join pg_namespace tn on tn.oid = t.typnamespace
      where ${ours('coalesce(rn.nspname, tn.nspname)')} and k.contype <> 't'
        and ${notExtensionMember('pg_class', 'k.conrelid')}`,
  },
  {
    kind: 'index',
    sql: `select 'index ' || ${qualified('n.nspname', 'c.relname')} as key, pg_get_indexdef(c.oid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where ${ours('n.nspname')} and ${notExtensionMember('pg_class', 'i.indrelid')}`,
  },
  {
    kind: 'type',
    sql: `select 'type ' || ${qualified('n.nspname', 't.typname')} as key,
        case t.typtype
          when 'e' then 'enum (' || (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) || ')'
          when 'd' then 'domain ' || format_type(t.typbasetype, t.typtypmod) || case when t.typnotnull then ' not null' else '' end
            || coalesce(' default ' || t.typdefault, '')
          when 'r' then 'range of ' || (select format_type(r.rngsubtype, null) from pg_range r where r.rngtypid = t.oid)
          else 'type ' || t.typtype::text end
        || E'\\ngrants\\n' || ${privileges('t.typacl', "'T'", 't.typowner')} as definition
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where ${ours('n.nspname')} and t.typtype in ('e', 'd', 'r', 'm') and ${notExtensionMember('pg_type', 't.oid')}`,
  },
  {
    kind: 'function',
    sql: `select case p.prokind when 'p' then 'procedure ' else 'function ' end || ${qualified('n.nspname', 'p.proname')}
          || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
        case when p.prokind = 'a' then 'aggregate' else pg_get_functiondef(p.oid) end
          || E'\\nowner ' || pg_get_userbyid(p.proowner)
          || E'\\ngrants\\n' || ${privileges('p.proacl', "'f'", 'p.proowner')} as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where ${ours('n.nspname')} and ${notExtensionMember('pg_proc', 'p.oid')}`,
  },
  {
    kind: 'trigger',
    sql: `select 'trigger ' || ${qualified('n.nspname', 'c.relname')} || '.' || quote_ident(g.tgname) as key,
        pg_get_triggerdef(g.oid) || case g.tgenabled when 'O' then '' when 'D' then E'\\ndisabled' else E'\\nenabled ' || g.tgenabled::text end as definition
      from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where ${ours('n.nspname')} and not g.tgisinternal`,
  },
  {
    kind: 'policy',
    sql: `select 'policy ' || ${qualified('p.schemaname', 'p.tablename')} || '.' || quote_ident(p.policyname) as key,
        concat_ws(E'\\n', 'as ' || lower(p.permissive) || ' for ' || lower(p.cmd) || ' to ' || array_to_string(p.roles, ', '),
          'using (' || p.qual || ')', 'with check (' || p.with_check || ')') as definition
      from pg_policies p where ${ours('p.schemaname')}`,
  },
  {
    kind: 'rule',
    sql: `select 'rule ' || ${qualified('r.schemaname', 'r.tablename')} || '.' || quote_ident(r.rulename) as key, r.definition
      from pg_rules r where ${ours('r.schemaname')}`,
  },
  {
    kind: 'statistics',
    sql: `select 'statistics ' || ${qualified('n.nspname', 's.stxname')} as key, pg_get_statisticsobjdef(s.oid) as definition
      from pg_statistic_ext s join pg_namespace n on n.oid = s.stxnamespace where ${ours('n.nspname')}`,
  },
  {
    kind: 'default privileges',
    sql: `select 'default privileges of ' || pg_get_userbyid(d.defaclrole) || coalesce(' in schema ' || quote_ident(n.nspname), '')
          || ' on ' || case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions' when 'T' then 'types' else 'schemas' end as key,
        ${privileges('d.defaclacl', 'd.defaclobjtype', 'd.defaclrole')} as definition
      from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`,
  },
  {
    kind: 'publication',
    sql: `select 'publication ' || quote_ident(p.pubname) as key,
        'owner ' || pg_get_userbyid(p.pubowner) || case when p.puballtables then ', for all tables' else '' end
          || ', publishes ' || concat_ws(', ', case when p.pubinsert then 'insert' end, case when p.pubupdate then 'update' end,
            case when p.pubdelete then 'delete' end, case when p.pubtruncate then 'truncate' end) as definition
      from pg_publication p`,
  },
  {
    kind: 'publication table',
    sql: `select 'publication ' || quote_ident(t.pubname) || ' table ' || ${qualified('t.schemaname', 't.tablename')} as key,
        'columns ' || array_to_string(t.attnames, ', ') || coalesce(E'\\nwhere ' || t.rowfilter, '') as definition
      from pg_publication_tables t`,
  },
  {
    kind: 'event trigger',
    sql: `select 'event trigger ' || quote_ident(e.evtname) as key,
        'on ' || e.evtevent || ' execute function ' || e.evtfoid::regprocedure::text || coalesce(' when tag in ' || array_to_string(e.evttags, ', '), '')
          || case e.evtenabled when 'D' then ', disabled' else '' end as definition
      from pg_event_trigger e`,
  },
  {
    kind: 'role',
    sql: `select 'role ' || quote_ident(r.rolname) as key,
        concat_ws(', ', case when r.rolsuper then 'superuser' end, case when r.rolinherit then 'inherit' else 'noinherit' end,
          case when r.rolcreaterole then 'createrole' end, case when r.rolcreatedb then 'createdb' end,
          case when r.rolcanlogin then 'login' else 'nologin' end, case when r.rolbypassrls then 'bypassrls' end,
          'member of ' || (select string_agg(m.roleid::regrole::text, ' ' order by 1) from pg_auth_members m where m.member = r.oid),
          'settings ' || array_to_string(r.rolconfig, ' ')) as definition
      from pg_roles r where r.rolname !~ '^pg_'`,
  },
  {
    kind: 'comment',
    sql: `select 'comment on ' || o.type || ' ' || o.identity as key, d.description as definition
      from pg_description d, pg_identify_object(d.classoid, d.objoid, d.objsubid) o
      where d.objoid >= ${firstUserOid} and ${ours('o.schema')} and d.classoid <> 'pg_namespace'::regclass
        and not exists (select 1 from pg_depend x where x.classid = d.classoid and x.objid = d.objoid and x.deptype = 'e')
      union all
      select 'comment on schema ' || quote_ident(n.nspname), d.description
      from pg_description d join pg_namespace n on n.oid = d.objoid
      where d.classoid = 'pg_namespace'::regclass and ${ours('n.nspname')}`,
  },
  {
    // Objects no entry above describes (operators, collations, text search configurations…): named only,
    // so one made on either side alone still shows.
    kind: 'other',
    sql: `select o.type || ' ' || o.identity as key, 'exists' as definition
      from (
        select 'pg_operator'::regclass as classid, oid, oprnamespace as namespace from pg_operator
        union all select 'pg_opclass'::regclass, oid, opcnamespace from pg_opclass
        union all select 'pg_opfamily'::regclass, oid, opfnamespace from pg_opfamily
        union all select 'pg_collation'::regclass, oid, collnamespace from pg_collation
        union all select 'pg_conversion'::regclass, oid, connamespace from pg_conversion
        union all select 'pg_ts_config'::regclass, oid, cfgnamespace from pg_ts_config
        union all select 'pg_ts_dict'::regclass, oid, dictnamespace from pg_ts_dict
        union all select 'pg_foreign_data_wrapper'::regclass, oid, null from pg_foreign_data_wrapper
        union all select 'pg_foreign_server'::regclass, oid, null from pg_foreign_server
        union all select 'pg_cast'::regclass, oid, null from pg_cast
      ) x
      join pg_identify_object(x.classid, x.oid, 0) o on true
      left join pg_namespace n on n.oid = x.namespace
      where x.oid >= ${firstUserOid} and (x.namespace is null or ${ours('n.nspname')})
        and not exists (select 1 from pg_depend d where d.classid = x.classid and d.objid = x.oid and d.deptype in ('e', 'p'))`,
  },
]

/** Reads the catalog of a database, or of a transaction's view of it. */
export async function readCatalog(db: Pick<Transaction, 'query'>): Promise<Catalog> {
  const catalog: Catalog = new Map()
  for (const { kind, sql } of queries) {
    const { rows } = await db.query<{ key: string; definition: string | null }>(sql).catch((error: unknown) => {
      throw new Error(`reading the catalog's ${kind} entries failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
    })
    for (const row of rows) {
      if (catalog.has(row.key)) throw new Error(`two catalog entries are named ${row.key}`)
      catalog.set(row.key, row.definition ?? '')
    }
  }
  return catalog
}

/**
 * Each object defined differently by the migrations and by supabase/schemas, or by one of them only:
 * its name, then its definitions (the migrations' first), in the catalog's order.
 */
export function catalogDifferences(migrated: Catalog, declared: Catalog): string[] {
  const names = [...new Set([...migrated.keys(), ...declared.keys()])].sort()
  return names.flatMap((name) => {
    const fromMigrations = migrated.get(name)
    const fromSchemas = declared.get(name)
    if (fromMigrations === fromSchemas) return []
    if (fromSchemas === undefined) return [`${name}: the migrations define it; supabase/schemas does not.\n${indent(fromMigrations ?? '')}`]
    if (fromMigrations === undefined) return [`${name}: supabase/schemas declares it; the migrations do not.\n${indent(fromSchemas)}`]
    const line = firstDifferentLine(fromMigrations, fromSchemas)
    const report = [
      `${name}: differs from the migrations' (line ${line}).`,
      `  line ${line} after the migrations:      ${fromMigrations.split('\n')[line - 1] ?? '(none)'}`,
      `  line ${line} as supabase/schemas has it: ${fromSchemas.split('\n')[line - 1] ?? '(none)'}`,
      '  After the migrations:',
      indent(fromMigrations),
      '  As supabase/schemas declares it:',
      indent(fromSchemas),
    ]
    return [report.join('\n')]
  })
}

/** The number (from 1) of the first line that differs. */
function firstDifferentLine(a: string, b: string): number {
  const left = a.split('\n')
  const right = b.split('\n')
  const line = left.findIndex((text, n) => text !== right[n])
  return (line < 0 ? left.length : line) + 1
}

function indent(text: string): string {
  return text.replace(/^/gm, '    ')
}
