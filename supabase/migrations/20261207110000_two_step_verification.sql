-- Two-step verification for a manager's sensitive actions (issue 48 §2): require_aal2, the triggers
-- that call it on rates, roles and plans, refunds, credits and adjustments, and deleting a customer or a
-- package; reset_staff_factors. What and why: supabase/schemas/98_two_step.sql.

create or replace function public.require_aal2()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if auth.role() = 'authenticated' and coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    raise exception 'this action needs two-step verification: a session at aal2' using errcode = '42501', hint = 'aal2_required';
  end if;
end
$$;

-- The triggers' body: each trigger's WHEN says which rows are sensitive.
create or replace function public.require_aal2_for_row()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform public.require_aal2();
  return coalesce(new, old);
end
$$;

create trigger rates_require_aal2
  before insert or update or delete on public.rates
  for each row execute function public.require_aal2_for_row();

-- After guard_profile_update (triggers fire by name), so a customer changing their own role is told
-- admins_only. A customer's own deletion of their account is theirs, not a manager's.
create trigger profiles_role_plan_require_aal2
  before update on public.profiles
  for each row when (new.role is distinct from old.role or new.plan is distinct from old.plan)
  execute function public.require_aal2_for_row();

create trigger profiles_delete_require_aal2
  before delete on public.profiles
  for each row when (old.id is distinct from auth.uid())
  execute function public.require_aal2_for_row();

create trigger account_entries_require_aal2
  before insert on public.account_entries
  for each row when (new.kind in ('refund', 'credit', 'adjustment'))
  execute function public.require_aal2_for_row();

create trigger packages_delete_require_aal2
  before update on public.packages
  for each row when (old.deleted_at is null and new.deleted_at is not null)
  execute function public.require_aal2_for_row();

create trigger packages_hard_delete_require_aal2
  before delete on public.packages
  for each row execute function public.require_aal2_for_row();

-- A manager at aal2 removes a staff member's factors (a lost phone): they sign in with their password
-- alone and enrol again. Their sessions fall back to aal1 at the next refresh (the totp claims go, as
-- GoTrue's DowngradeSessionsToAAL1 does). Returns how many factors were removed.
-- TODO(issue 48 §3): write the reset to the audit log once public.audit_log exists.
create or replace function public.reset_staff_factors(p_user_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_removed integer;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins reset two-step verification' using errcode = '42501', hint = 'admins_only';
  end if;
  perform public.require_aal2();
  if not exists (select 1 from public.profiles p where p.id = p_user_id and p.role in ('clerk', 'admin')) then
    raise exception 'only a staff member''s two-step verification is reset here' using errcode = '22023', hint = 'not_staff_member';
  end if;
  delete from auth.mfa_amr_claims c using auth.sessions s
   where s.id = c.session_id and s.user_id = p_user_id and c.authentication_method = 'totp';
  delete from auth.mfa_factors f where f.user_id = p_user_id;
  get diagnostics v_removed = row_count;
  return v_removed;
end
$$;

revoke execute on function public.require_aal2() from public, anon;
grant execute on function public.require_aal2() to authenticated, service_role;
revoke execute on function public.require_aal2_for_row() from public, anon, authenticated;
revoke execute on function public.reset_staff_factors(uuid) from public, anon;
grant execute on function public.reset_staff_factors(uuid) to authenticated;
