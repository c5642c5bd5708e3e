-- Local demo data only (applied by `supabase db reset` and by the embedded
-- stand-in on a fresh database). Never run against production.
--
--   admin@example.com   / admin-demo-password    (role admin)
--   cliente@example.com / cliente-demo-password  (customer with seven packages and a prealert)
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
where u.id in ('a0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001')
on conflict (provider_id, provider) do nothing;

update public.profiles set role = 'admin' where id = 'a0000000-0000-4000-8000-000000000001';

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
