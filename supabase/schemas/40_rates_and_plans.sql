-- What anything costs and what a plan gives, as data: the rates (prices per pound per plan, the
-- add-ons, the volumetric divisors and the limits), which admins change at /admin/rates through
-- set_rates, each change kept in rate_changes; and the plans' terms. The rows are seeded by the
-- migrations that made the tables (20261124140000_shipments, 20261201110000_storage_days_and_notices)
-- with the numbers of src/business-rules (rates.ts, plans.ts): rows are data, not schema.
--
-- A price is written once here: shipment_price, for both the estimate of a request and the final
-- charge of the box (55_shipment_steps.sql). src/business-rules/shipment-price.ts is the device's copy,
-- held equal to the cent by tests/db/price-parity.test.ts.

-- Why p_value is not a valid value for rate p_key, or null when it is. The table's check and
-- set_rates' messages both come from here.
create or replace function public.rate_problem(p_key text, p_value numeric)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_key in ('basic_cents_per_lb', 'standard_cents_per_lb', 'premium_cents_per_lb', 'express_cents',
                   'consolidation_basic_cents', 'photos_cents', 'storage_fee_cents_per_day') then
      case when p_value is null or p_value <> trunc(p_value) or p_value not between 0 and 100000
        then p_key || ' must be a whole number of cents from 0 to 100000' end
    when p_key = 'insurance_percent' then
      case when p_value is null or p_value <> round(p_value, 2) or p_value not between 0 and 100
        then 'insurance_percent must be a percentage from 0 to 100, with at most 2 decimals' end
    when p_key in ('volumetric_in3_per_lb', 'volumetric_cm3_per_kg') then
      case when p_value is null or p_value <> trunc(p_value) or p_value not between 1 and 100000
        then p_key || ' must be a whole number from 1 to 100000' end
    when p_key in ('max_weight_kg', 'max_linear_in') then
      -- NaN sorts above every number in PostgreSQL, so it is named (as is Infinity).
      case when p_value is null or not p_value > 0 or p_value in ('NaN'::numeric, 'Infinity'::numeric)
        then p_key || ' must be greater than 0' end
    else coalesce(p_key, 'null') || ' is not a rate'
  end
$$;

create table public.rates (
  key text primary key
    constraint rates_key_known check (key in (
      'basic_cents_per_lb', 'standard_cents_per_lb', 'premium_cents_per_lb', 'express_cents', 'insurance_percent',
      'consolidation_basic_cents', 'photos_cents', 'volumetric_in3_per_lb', 'volumetric_cm3_per_kg',
      'max_weight_kg', 'max_linear_in', 'storage_fee_cents_per_day')),
  value numeric not null,
  updated_by uuid references public.profiles (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint rates_value_valid check (public.rate_problem(key, value) is null)
);

create table public.rate_changes (
  id bigint generated always as identity primary key,
  key text not null references public.rates (key),
  old_value numeric not null,
  new_value numeric not null,
  changed_by uuid references public.profiles (id) on delete set null,
  changed_at timestamptz not null default now()
);

create index rate_changes_key_idx on public.rate_changes (key, changed_at);
create index rate_changes_changed_by_idx on public.rate_changes (changed_by) where changed_by is not null;

-- One rate's value (internal).
create or replace function public.rate_value(p_key text)
returns numeric
language sql
stable
set search_path = ''
as $$
  select r.value from public.rates r where r.key = p_key
$$;

-- Every rate, {key: value}: the pricing page's numbers, for anyone.
create or replace function public.rates_json()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(r.key, r.value), '{}'::jsonb) from public.rates r
$$;

-- set_rates: an admin changes some rates, {key: value} (JSON numbers). Every key is checked first
-- (22023, the message names the key); each rate whose value actually changes gets a rate_changes row
-- and is stamped with who and when. Rows are locked in key order, so two admins saving at once wait
-- for each other and record the right old values. Returns rates_json().
create or replace function public.set_rates(p_changes jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text;
  v_value jsonb;
  v_new numeric;
  v_old numeric;
  v_problem text;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can change the rates' using errcode = '42501', hint = 'admins_only';
  end if;
  if jsonb_typeof(p_changes) is distinct from 'object' then
    raise exception 'p_changes must be a JSON object of rates and their values' using errcode = '22023', hint = 'bad_request';
  end if;

  for v_key, v_value in select c.key, c.value from jsonb_each(p_changes) c order by c.key loop
    v_problem := public.rate_problem(v_key,
      case when jsonb_typeof(v_value) = 'number' then (v_value #>> '{}')::numeric end);
    if v_problem is not null then
      raise exception '%', v_problem using errcode = '22023', hint = 'bad_rate',
      detail = jsonb_build_object('rate', v_key)::text;
    end if;
  end loop;

  for v_key, v_value in select c.key, c.value from jsonb_each(p_changes) c order by c.key loop
    v_new := trim_scale((v_value #>> '{}')::numeric);
    select r.value into v_old from public.rates r where r.key = v_key for update;
    if v_old <> v_new then
      update public.rates set value = v_new, updated_by = auth.uid(), updated_at = now() where key = v_key;
      insert into public.rate_changes (key, old_value, new_value, changed_by) values (v_key, v_old, v_new, auth.uid());
    end if;
  end loop;
  return public.rates_json();
end
$$;

-- The plans' terms. src/business-rules/plans.ts is the device's copy, held equal by
-- tests/db/storage-days.test.ts. Read by everyone, written only by migrations.
create table public.plans (
  id text primary key,
  free_storage_days integer not null check (free_storage_days > 0),
  free_consolidation boolean not null
);

-- The last free storage day of a package that arrived at p_arrived_at, for a customer on p_plan: the
-- Miami calendar day of its arrival plus the plan's free days (storageDaysLeft in
-- src/business-rules/storage.ts on the device). For the reminders and the report, which run as the
-- database owner.
create or replace function public.storage_last_free_day(p_arrived_at timestamptz, p_plan text)
returns date
language sql
stable
set search_path = ''
as $$
  select (p_arrived_at at time zone 'America/New_York')::date + pl.free_storage_days
  from public.plans pl
  where pl.id = p_plan
$$;

-- The price of a shipment, from the current rates, as priceShipment computes it: billable pounds are
-- the greater of the actual and the volumetric weight, rounded up (a hair above a whole pound is not a
-- pound more), at least 1; freight at the owner's plan's price per pound; express and insurance (its
-- percentage of the declared value, half a cent rounding up) when chosen; the consolidation fee when
-- two or more packages travel together, unless the owner's plan consolidates for free
-- (plans.free_consolidation). Money in whole cents. Internal:
-- request_shipment and set_shipment_packages price the estimate, advance_shipment the box.
create or replace function public.shipment_price(p_plan text, p_actual_lb numeric, p_volumetric_lb numeric, p_service text, p_insurance boolean, p_declared_total_cents bigint, p_package_count integer)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_billable_lb bigint := greatest(1, ceil(greatest(coalesce(p_actual_lb, 0), coalesce(p_volumetric_lb, 0)) - 0.000000001));
  v_cents_per_lb bigint := public.rate_value(p_plan || '_cents_per_lb');
  v_freight bigint;
  v_express bigint := case when p_service = 'express' then public.rate_value('express_cents') else 0 end;
  v_insurance bigint := case when p_insurance
    then round(coalesce(p_declared_total_cents, 0) * public.rate_value('insurance_percent') / 100) else 0 end;
  v_consolidation bigint := case when p_package_count >= 2
      and exists (select 1 from public.plans pl where pl.id = p_plan and not pl.free_consolidation)
    then public.rate_value('consolidation_basic_cents') else 0 end;
begin
  if v_cents_per_lb is null then
    raise exception 'no price per pound for plan %', p_plan using errcode = '22023', hint = 'unknown_plan',
      detail = jsonb_build_object('plan', p_plan)::text;
  end if;
  v_freight := v_billable_lb * v_cents_per_lb;
  return jsonb_build_object(
    'billable_lb', v_billable_lb,
    'cents_per_lb', v_cents_per_lb,
    'freight_cents', v_freight,
    'express_cents', v_express,
    'insurance_cents', v_insurance,
    'consolidation_cents', v_consolidation,
    'total_cents', v_freight + v_express + v_insurance + v_consolidation
  );
end
$$;

-- Weights in pounds from kilograms and cubic centimetres: kg × 2.20462, and cm³ / the volumetric
-- divisor × 2.20462, in this order (numeric rounds the quotient, and the billable pound can depend
-- on its last digit). Every price's weights come from here (the device's metricWeights).
create or replace function public.metric_weights(p_weight_kg numeric, p_volume_cm3 numeric, out actual_lb numeric, out volumetric_lb numeric)
language sql
stable
set search_path = ''
as $$
  select p_weight_kg * 2.20462, p_volume_cm3 / public.rate_value('volumetric_cm3_per_kg') * 2.20462
$$;

-- The packages as the warehouse recorded them, summed (one without a measure counts 0): what an
-- estimate prices (packageWeights).
create or replace function public.package_weights(p_package_ids uuid[], out actual_lb numeric, out volumetric_lb numeric)
language sql
stable
set search_path = ''
as $$
  select w.actual_lb, w.volumetric_lb
  from (
    select coalesce(sum(p.weight_kg), 0) as weight_kg, coalesce(sum(p.volume_m3), 0) * 1000000 as volume_cm3
    from public.packages p
    where p.id = any(p_package_ids)
  ) s
  cross join lateral public.metric_weights(s.weight_kg, s.volume_cm3) w
$$;

-- The box as weighed and measured: what the final charge prices (boxWeights).
create or replace function public.box_weights(p_weight_kg numeric, p_length_cm numeric, p_width_cm numeric, p_height_cm numeric,
  out actual_lb numeric, out volumetric_lb numeric)
language sql
stable
set search_path = ''
as $$
  select w.actual_lb, w.volumetric_lb from public.metric_weights(p_weight_kg, p_length_cm * p_width_cm * p_height_cm) w
$$;

revoke execute on function public.metric_weights(numeric, numeric) from public, anon, authenticated;
revoke execute on function public.package_weights(uuid[]) from public, anon, authenticated;
revoke execute on function public.box_weights(numeric, numeric, numeric, numeric) from public, anon, authenticated;

revoke execute on function public.rate_problem(text, numeric) from public, anon, authenticated;
revoke execute on function public.rate_value(text) from public, anon, authenticated;
revoke execute on function public.rates_json() from public;
grant execute on function public.rates_json() to anon, authenticated;
revoke execute on function public.set_rates(jsonb) from public, anon;
grant execute on function public.set_rates(jsonb) to authenticated;
revoke execute on function public.storage_last_free_day(timestamptz, text) from public, anon, authenticated;
revoke execute on function public.shipment_price(text, numeric, numeric, text, boolean, bigint, integer) from public, anon, authenticated;

-- Public (the pricing page shows them); the history for admins.
revoke all on public.rates from anon, authenticated;
grant select on public.rates to anon, authenticated;
revoke all on public.rate_changes from anon, authenticated;
grant select on public.rate_changes to authenticated;
revoke all on public.plans from anon, authenticated;
grant select on public.plans to anon, authenticated;

alter table public.rates enable row level security;
alter table public.rate_changes enable row level security;
alter table public.plans enable row level security;

create policy "rates: everyone reads them" on public.rates
  for select to anon, authenticated using (true);
create policy "rate_changes: admins read them" on public.rate_changes
  for select to authenticated using ((select public.is_admin()));
create policy "plans: everyone reads" on public.plans for select to anon, authenticated using (true);
