// The database's verdict on many inputs in one query: each call made for real (a function, a table's
// constraint, a cast), as the caller, and undone whatever it did, so every input meets the same rows.
import { afterAll, beforeAll } from 'vitest'
import type { Caller, Engine } from './engines.ts'

/** 'accepted', else the refusal's key (HINT), else the constraint it names, else the message. */
export type Verdict = string

/** Creates the session's pg_temp.verdict(call, value): runs `call` with `value` as $1 and rolls it back. */
export async function prepareVerdicts(db: Engine): Promise<void> {
  await db.owner(`
    create function pg_temp.verdict(p_call text, p_value jsonb) returns text language plpgsql as $$
    declare
      v_hint text;
      v_constraint text;
      v_message text;
    begin
      execute p_call using p_value;
      -- Undoes the call's changes along with the block, as a refusal would.
      raise exception 'accepted' using hint = 'accepted';
    exception when others then
      get stacked diagnostics v_hint = pg_exception_hint, v_constraint = constraint_name, v_message = message_text;
      return coalesce(nullif(v_hint, ''), nullif(v_constraint, ''), v_message);
    end $$`)
}

/** Opens the engine before the suite's tests (handing it to `use`), ready for verdicts, and closes it after them. */
export function openForVerdicts(open: () => Promise<Engine>, use: (db: Engine) => void): void {
  let db: Engine | undefined
  beforeAll(async () => {
    db = await open()
    await prepareVerdicts(db)
    use(db)
  }, 60_000)
  afterAll(async () => {
    await db?.close()
  })
}

/** The verdict on `call` for each value ($1, as JSON), made by `caller` in one rolled-back transaction. */
export async function verdicts(db: Engine, caller: Caller, call: string, values: readonly unknown[]): Promise<Verdict[]> {
  const outcome = await db.attempt(caller, (query) =>
    query<{ verdict: string }>(`select pg_temp.verdict($1, v.value) as verdict from jsonb_array_elements($2::jsonb) with ordinality v order by v.ordinality`, [call, JSON.stringify(values)]),
  )
  if (!outcome.ok) throw new Error(outcome.message)
  return outcome.value.map((row) => row.verdict)
}
