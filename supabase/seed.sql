-- Local demo data only (applied by `supabase db reset` and by the embedded
-- stand-in on a fresh database). Never run against production.
--
--   admin@example.com   / admin-demo-password    (role admin: the manager)
--   clerk@example.com   / clerk-demo-password    (role clerk: the desk)
--   cliente@example.com / cliente-demo-password  (customer with seven packages, a prealert, a paid
--                                               shipment with its receipt and storage fees owed)
--
-- Passwords are bcrypt hashes (cost 10, computed with bcryptjs) so GoTrue and
-- the stand-in can verify them without pgcrypto. The on_auth_user_created
-- trigger creates each profile and locker.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at
) values
  (
    '00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000001',
    'authenticated', 'authenticated', 'admin@example.com',
    '$2b$10$eXGGmxkGKM304JjOLzfpXeabiBT2p948.TtAKLRCynEq5YfMWRmZ.', now(),
    '', '', '', '',
    '{"provider": "email", "providers": ["email"]}',
    '{"full_name": "Admin Demo"}',
    false, now(), now()
  ),
  (
    '00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000002',
    'authenticated', 'authenticated', 'clerk@example.com',
    '$2b$10$qkqEc7Y38Rcgtr/KRG1TFugmUOrst.q26ltuZ/0cwMTKh6D70YGCK', now(),
    '', '', '', '',
    '{"provider": "email", "providers": ["email"]}',
    '{"full_name": "Clerk Demo"}',
    false, now(), now()
  ),
  (
    '00000000-0000-0000-0000-000000000000', 'c0000000-0000-4000-8000-000000000001',
    'authenticated', 'authenticated', 'cliente@example.com',
    '$2b$10$egIO9tkk1c6AqPCkAyFMlOYhW4hRdaqVWAWH5Wy4B8AB3ZFTuc50m', now(),
    '', '', '', '',
    '{"provider": "email", "providers": ["email"]}',
    '{"full_name": "Cliente Demo", "phone": "+58 412 555 0142"}',
    false, now(), now()
  )
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now(), now()
from auth.users u
where u.id in ('a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001')
on conflict (provider_id, provider) do nothing;

update public.profiles set role = 'admin' where id = 'a0000000-0000-4000-8000-000000000001';
update public.profiles set role = 'clerk' where id = 'a0000000-0000-4000-8000-000000000002';

update public.profiles
set country = 'Venezuela', delivery_address = 'Av. Francisco de Miranda, Torre Europa, piso 4',
  city = 'Caracas', postal_code = '1060', id_number = 'V-18.456.789'
where id = 'c0000000-0000-4000-8000-000000000001';

-- One package in each status, public tokens ...0001 (recibido) to ...0006 (entregado).
-- locker_code is filled in from the customer's locker by the packages_stamp trigger.
insert into public.packages (user_id, tracking_code, status, weight_kg, volume_m3, meta, public_token)
select 'c0000000-0000-4000-8000-000000000001'::uuid, p.tracking_code, p.status, p.weight_kg, p.volume_m3, p.meta::jsonb, p.public_token::uuid
from (values
  ('1Z999AA10123456784', 'recibido', 2.35, 0.0120, '{"store": "Amazon", "description": "Running shoes"}', '00000000-0000-4000-8000-000000000001'),
  ('9400111899223197428490', 'consolidacion', 0.80, 0.0035, '{"store": "Target", "description": "Phone cases"}', '00000000-0000-4000-8000-000000000002'),
  ('794612345678', 'transito', 5.10, 0.0480, '{"store": "Best Buy", "description": "Monitor 24 in"}', '00000000-0000-4000-8000-000000000003'),
  ('TBA302817465000', 'aduana', 1.25, 0.0080, '{"store": "Amazon", "description": "Vitamins"}', '00000000-0000-4000-8000-000000000004'),
  ('1Z999AA10123456791', 'disponible', 12.40, 0.0960, '{"store": "Walmart", "description": "Air fryer"}', '00000000-0000-4000-8000-000000000005'),
  (null, 'entregado', 0.45, 0.0018, '{"store": "eBay", "description": "Watch strap"}', '00000000-0000-4000-8000-000000000006')
) as p (tracking_code, status, weight_kg, volume_m3, meta, public_token)
on conflict (public_token) do nothing;

-- A second package waiting at the warehouse (public token ...0007), so the demo customer can ask
-- for two packages to be shipped together.
insert into public.packages (user_id, tracking_code, status, weight_kg, volume_m3, meta, public_token)
values ('c0000000-0000-4000-8000-000000000001', '1Z999AA10123456817', 'recibido', 1.10, 0.0080,
  '{"store": "Best Buy", "description": "USB-C charger"}', '00000000-0000-4000-8000-000000000007')
on conflict (public_token) do nothing;

-- A purchase the demo customer announced: register tracking code 1Z999AA10123456808 in the
-- package tool to see it matched.
insert into public.prealerts (id, user_id, tracking_code, store, description, declared_value_usd, expected_on)
values ('c0000000-0000-4000-8000-0000000000a1', 'c0000000-0000-4000-8000-000000000001', '1Z999AA10123456808', 'Amazon',
  'Wireless earbuds', 79.99, current_date + 3)
on conflict (id) do nothing;

-- A past customer, historia@example.com (password cliente-demo-password): three packages delivered
-- about a year ago and nothing since. An admin's device does not hold them (its working set is
-- what is open and what changed in the last 30 days); the admin's Packages page finds them in the
-- whole history on the server. The dates are set with the stamping triggers off, as a restore of
-- old data would set them.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at
) values (
  '00000000-0000-0000-0000-000000000000', 'c0000000-0000-4000-8000-000000000002',
  'authenticated', 'authenticated', 'historia@example.com',
  '$2b$10$egIO9tkk1c6AqPCkAyFMlOYhW4hRdaqVWAWH5Wy4B8AB3ZFTuc50m', now() - interval '420 days',
  '', '', '', '',
  '{"provider": "email", "providers": ["email"]}',
  '{"full_name": "Historia Demo"}',
  false, now() - interval '420 days', now() - interval '420 days'
)
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', u.created_at, u.created_at, u.created_at
from auth.users u
where u.id = 'c0000000-0000-4000-8000-000000000002'
on conflict (provider_id, provider) do nothing;

insert into public.packages (user_id, tracking_code, status, weight_kg, volume_m3, meta, public_token)
select 'c0000000-0000-4000-8000-000000000002'::uuid, p.tracking_code, 'recibido', p.weight_kg, 0.01, p.meta::jsonb, p.public_token::uuid
from (values
  ('HIST2025000001', 3.20, '{"store": "Amazon", "description": "Coffee maker"}', '00000000-0000-4000-8000-000000000008'),
  ('HIST2025000002', 0.90, '{"store": "Nike", "description": "Sneakers"}', '00000000-0000-4000-8000-000000000009'),
  ('HIST2025000003', 1.75, '{"store": "Target", "description": "Bedding"}', '00000000-0000-4000-8000-00000000000a')
) as p (tracking_code, weight_kg, meta, public_token)
on conflict (public_token) do nothing;
update public.packages set status = 'transito'
where user_id = 'c0000000-0000-4000-8000-000000000002' and status = 'recibido';
update public.packages set status = 'entregado'
where user_id = 'c0000000-0000-4000-8000-000000000002' and status = 'transito';

-- Received 400 days ago (a day apart), shipped 5 days later, delivered 12 days after arriving.
alter table public.packages disable trigger packages_stamp;
alter table public.profiles disable trigger guard_profile_update;
with aged as (
  select p.id, now() - interval '400 days' + (right(p.tracking_code, 1)::int * interval '1 day') as arrived
  from public.packages p
  where p.user_id = 'c0000000-0000-4000-8000-000000000002'
)
update public.packages p set created_at = a.arrived, updated_at = a.arrived + interval '12 days'
from aged a where p.id = a.id;
update public.package_events e
set changed_at = p.created_at + case e.status when 'recibido' then interval '0' when 'transito' then interval '5 days' else interval '12 days' end,
  recorded_at = p.created_at + case e.status when 'recibido' then interval '0' when 'transito' then interval '5 days' else interval '12 days' end
from public.packages p
where e.package_id = p.id and p.user_id = 'c0000000-0000-4000-8000-000000000002';
update public.profiles set created_at = now() - interval '420 days', updated_at = now() - interval '420 days'
where id = 'c0000000-0000-4000-8000-000000000002';
alter table public.profiles enable trigger guard_profile_update;
alter table public.packages enable trigger packages_stamp;

-- Money: the demo customer's monitor (…0003) travels in a shipment they approved and paid by card, so
-- the statement has a charge and a payment with its receipt; their running shoes (…0001) arrived 32
-- days ago, so Basic's 30 free days are over and the storage fees (one a day, $1 by default) are owed.
-- Made through the same functions the app calls, as each user would (their JWT claims, as the API
-- sets them); the package is put back at the warehouse first, so the shipment takes it from there.
update public.packages set status = 'recibido' where public_token = '00000000-0000-4000-8000-000000000003' and shipment_id is null;
select set_config('request.jwt.claim.sub', 'c0000000-0000-4000-8000-000000000001', false),
  set_config('request.jwt.claim.role', 'authenticated', false);
select public.request_shipment('d0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-0000000000e1',
  array[(select id from public.packages where public_token = '00000000-0000-4000-8000-000000000003')], 'standard',
  '{"insurance": true}', '[{"description": "Monitor 24 in", "quantity": 1, "unit_value_usd": 149.99}]',
  jsonb_build_object('name', 'Cliente Demo', 'address', 'Av. Francisco de Miranda, Torre Europa, piso 4', 'city', 'Caracas',
    'postal_code', '1060', 'country', 'Venezuela', 'phone', '+58 412 555 0142', 'id_number', 'V-18.456.789'))
where not exists (select 1 from public.shipments where id = 'd0000000-0000-4000-8000-0000000000e1');
select set_config('request.jwt.claim.sub', 'a0000000-0000-4000-8000-000000000001', false);
select public.advance_shipment('d0000000-0000-4000-8000-000000000002', s.id, 'processing', s.version, null, '{}')
from public.shipments s where s.id = 'd0000000-0000-4000-8000-0000000000e1' and s.status = 'requested';
select public.advance_shipment('d0000000-0000-4000-8000-000000000003', s.id, 'awaiting_approval', s.version, null,
  '{"weight_kg": 5.4, "length_cm": 60, "width_cm": 45, "height_cm": 25}')
from public.shipments s where s.id = 'd0000000-0000-4000-8000-0000000000e1' and s.status = 'processing';
select set_config('request.jwt.claim.sub', 'c0000000-0000-4000-8000-000000000001', false);
select public.approve_shipment('d0000000-0000-4000-8000-000000000004', s.id, s.final_cents)
from public.shipments s where s.id = 'd0000000-0000-4000-8000-0000000000e1' and s.status = 'awaiting_approval';
-- Paid as Stripe Checkout's webhook posts it (the service role; the receipt number comes with it).
select set_config('request.jwt.claim.sub', '', false), set_config('request.jwt.claim.role', 'service_role', false);
select public.post_card_payment('checkout:cs_test_demo_0001', e.user_id, e.amount_cents, 'pi_test_demo_0001')
from public.account_entries e where e.idempotency_key = 'shipment-charge:d0000000-0000-4000-8000-0000000000e1';
select set_config('request.jwt.claim.sub', 'a0000000-0000-4000-8000-000000000001', false),
  set_config('request.jwt.claim.role', 'authenticated', false);
select public.advance_shipment('d0000000-0000-4000-8000-000000000005', s.id, 'shipped', s.version, null,
  '{"carrier": "DHL Express", "tracking": "JD0146000012345"}')
from public.shipments s where s.id = 'd0000000-0000-4000-8000-0000000000e1' and s.status = 'approved';
select set_config('request.jwt.claim.sub', '', false), set_config('request.jwt.claim.role', '', false);

-- The running shoes arrived 32 days ago, and in this demo the fee was in place then (its introduction,
-- the rate's first change from 0, moved back 60 days): storage fees are posted for the days since the
-- last free one, and one more each day the local backend runs (its daily jobs).
alter table public.packages disable trigger packages_stamp;
update public.packages set created_at = now() - interval '32 days'
where public_token = '00000000-0000-4000-8000-000000000001';
update public.package_events e set changed_at = now() - interval '32 days', recorded_at = now() - interval '32 days'
from public.packages p where e.package_id = p.id and p.public_token = '00000000-0000-4000-8000-000000000001';
alter table public.packages enable trigger packages_stamp;
update public.rate_changes set changed_at = now() - interval '60 days'
where key = 'storage_fee_cents_per_day' and old_value = 0 and changed_at > now() - interval '60 days';
select public.post_storage_fees();
