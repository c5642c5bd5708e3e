// PostgREST's "schema cache": the tables and functions of the exposed schema, read once from
// pg_catalog. Every identifier in a request is checked here before it reaches SQL.
import type { Queryable } from './sql'

export interface Column {
  name: string
  type: string
}

export interface Relation {
  schema: string
  name: string
  columns: Map<string, Column>
  primaryKey: string[]
}

export interface FunctionArgument {
  name: string
  type: string
  hasDefault: boolean
}

export interface DbFunction {
  schema: string
  name: string
  args: FunctionArgument[]
  returnsSet: boolean
  /** 'rows' = a composite type or RETURNS TABLE (objects); 'scalar' = one value per row. */
  returns: 'rows' | 'scalar' | 'void'
  /** Output columns when `returns` is 'rows'. */
  columns: Map<string, Column>
}

interface RelationRow {
  oid: number
  column: string
  type: string
}

interface FunctionRow {
  name: string
  returnsSet: boolean
  returnType: string
  returnTypeKind: string
  returnRelation: number
  argNames: string[] | null
  argModes: string[] | null
  argTypes: string[]
  defaults: number
}

export class Catalog {
  private readonly relations = new Map<string, Promise<Relation | undefined>>()
  private readonly functions = new Map<string, Promise<DbFunction[]>>()

  constructor(
    private readonly db: Queryable,
    readonly schema = 'public',
  ) {}

  relation(name: string): Promise<Relation | undefined> {
    let cached = this.relations.get(name)
    if (!cached) {
      cached = this.loadRelation(name)
      this.relations.set(name, cached)
      cached.catch(() => this.relations.delete(name))
    }
    return cached
  }

  functionsNamed(name: string): Promise<DbFunction[]> {
    let cached = this.functions.get(name)
    if (!cached) {
      cached = this.loadFunctions(name)
      this.functions.set(name, cached)
      cached.catch(() => this.functions.delete(name))
    }
    return cached
  }

  private async loadRelation(name: string): Promise<Relation | undefined> {
    const { rows } = await this.db.query<RelationRow>(
      `select c.oid::int as oid, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'v', 'm', 'f', 'p')
        order by a.attnum`,
      [this.schema, name],
    )
    const first = rows[0]
    if (!first) return undefined
    const { rows: keys } = await this.db.query<{ column: string }>(
      `select a.attname as column
         from pg_index i
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = $1::int::oid and i.indisprimary`,
      [first.oid],
    )
    return {
      schema: this.schema,
      name,
      columns: new Map(rows.map((row) => [row.column, { name: row.column, type: row.type }])),
      primaryKey: keys.map((key) => key.column),
    }
  }

  private async loadFunctions(name: string): Promise<DbFunction[]> {
    const { rows } = await this.db.query<FunctionRow>(
      `select p.proname as name,
              p.proretset as "returnsSet",
              format_type(p.prorettype, null) as "returnType",
              t.typtype::text as "returnTypeKind",
              t.typrelid::int as "returnRelation",
              p.proargnames as "argNames",
              p.proargmodes::text[] as "argModes",
              array(select format_type(u.oid, null)
                      from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(oid, i)
                     order by u.i) as "argTypes",
              p.pronargdefaults::int as defaults
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         join pg_type t on t.oid = p.prorettype
        where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`,
      [this.schema, name],
    )
    return Promise.all(rows.map((row) => this.toFunction(row)))
  }

  private async toFunction(row: FunctionRow): Promise<DbFunction> {
    const inputs: { name: string; type: string }[] = []
    const outputs: Column[] = []
    row.argTypes.forEach((type, i) => {
      const mode = row.argModes?.[i] ?? 'i'
      const argName = row.argNames?.[i] ?? ''
      if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name: argName, type })
      if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name: argName, type })
    })
    // The last `defaults` input arguments have defaults.
    const args = inputs.map((arg, i) => ({ ...arg, hasDefault: i >= inputs.length - row.defaults }))
    let returns: DbFunction['returns'] = 'scalar'
    let columns = new Map<string, Column>()
    if (row.returnType === 'void') returns = 'void'
    else if (outputs.length > 0) {
      returns = 'rows'
      columns = new Map(outputs.map((column) => [column.name, column]))
    } else if (row.returnTypeKind === 'c' && row.returnRelation !== 0) {
      returns = 'rows'
      columns = await this.compositeColumns(row.returnRelation)
    }
    return { schema: this.schema, name: row.name, args, returnsSet: row.returnsSet, returns, columns }
  }

  private async compositeColumns(relationOid: number): Promise<Map<string, Column>> {
    const { rows } = await this.db.query<{ name: string; type: string }>(
      `select attname as name, format_type(atttypid, atttypmod) as type
         from pg_attribute where attrelid = $1::int::oid and attnum > 0 and not attisdropped order by attnum`,
      [relationOid],
    )
    return new Map(rows.map((column) => [column.name, column]))
  }
}
