-- The blog and the FAQ as data the staff edit (they were compiled into the app from its catalogs).
-- An article has texts per language (one language is enough); a slug is unique per language, and
-- every slug an article has had stays in article_slugs, so an old link keeps reaching it after a
-- rename. Everyone reads what is published and due; admins read drafts too. Nothing is written
-- through the API's tables: the editor writes through RPCs, with an op id and the version it
-- started from, like the desk's changes.

create table public.articles (
  id uuid primary key default gen_random_uuid(),
  category text not null check (category in ('shopping', 'savings', 'regulations', 'events')),
  -- A cover: an object path in the public `content` bucket, or (the first articles) a path of the site's own.
  cover_path text check (cover_path is null or cover_path ~ '^(/blog/)?[A-Za-z0-9][A-Za-z0-9._/-]*$'),
  author_name text not null check (length(author_name) between 1 and 120),
  status text not null default 'draft' check (status in ('draft', 'published')),
  -- When it shows: a future time schedules it.
  published_at timestamptz,
  read_time_minutes integer not null default 1 check (read_time_minutes between 1 and 240),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  check (status = 'draft' or published_at is not null)
);

create table public.article_texts (
  article_id uuid not null references public.articles (id) on delete cascade,
  lang text not null check (lang in ('es', 'en')),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 100),
  title text not null check (length(title) between 1 and 200),
  excerpt text not null default '' check (length(excerpt) <= 400),
  -- Markdown; rendered without raw HTML, links and images filtered (the app's renderer).
  body_md text not null default '' check (length(body_md) <= 100000),
  -- body_md parsed where it was written (components/markdown/parse-markdown.ts): what pages render.
  body_tree jsonb not null default '{"type": "root", "children": []}' check (jsonb_typeof(body_tree) = 'object'),
  cover_alt text not null default '' check (length(cover_alt) <= 300),
  primary key (article_id, lang),
  unique (lang, slug)
);

-- Every slug an article has had, per language: where an old link goes.
create table public.article_slugs (
  lang text not null check (lang in ('es', 'en')),
  slug text not null,
  article_id uuid not null references public.articles (id) on delete cascade,
  primary key (lang, slug)
);

create function public.article_texts_keep_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.article_slugs (lang, slug, article_id) values (new.lang, new.slug, new.article_id)
  on conflict (lang, slug) do update set article_id = excluded.article_id;
  return new;
end
$$;

create trigger article_texts_keep_slug
  after insert or update of slug on public.article_texts
  for each row execute function public.article_texts_keep_slug();

revoke execute on function public.article_texts_keep_slug() from public, anon, authenticated;

create table public.faqs (
  id uuid primary key default gen_random_uuid(),
  position integer not null,
  published boolean not null default true,
  question_es text check (length(question_es) between 1 and 300),
  answer_es text check (length(answer_es) between 1 and 4000),
  question_en text check (length(question_en) between 1 and 300),
  answer_en text check (length(answer_en) between 1 and 4000),
  version integer not null default 1,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  -- A language's entry is a question with its answer, or nothing.
  check ((question_es is null) = (answer_es is null)),
  check ((question_en is null) = (answer_en is null)),
  check (question_es is not null or question_en is not null)
);

create index faqs_position on public.faqs (position);

revoke all on public.articles, public.article_texts, public.article_slugs, public.faqs from anon, authenticated;
grant select on public.articles, public.article_texts, public.article_slugs, public.faqs to anon, authenticated;
alter table public.articles enable row level security;
alter table public.article_texts enable row level security;
alter table public.article_slugs enable row level security;
alter table public.faqs enable row level security;

-- Visitors and customers read what is published and due; admins everything. The texts and slugs
-- follow their article (the subquery reads articles under the caller's own policies).
create policy "articles: visitors read the published and due" on public.articles
  for select to anon using (status = 'published' and published_at <= now());

create policy "articles: users read the published and due, admins all" on public.articles
  for select to authenticated using ((status = 'published' and published_at <= now()) or (select public.is_admin()));

create policy "article texts: as their article" on public.article_texts
  for select to anon, authenticated using (exists (select 1 from public.articles a where a.id = article_id));

create policy "article slugs: as their article" on public.article_slugs
  for select to anon, authenticated using (exists (select 1 from public.articles a where a.id = article_id));

create policy "faqs: visitors read the published" on public.faqs
  for select to anon using (published);

create policy "faqs: users read the published, admins all" on public.faqs
  for select to authenticated using (published or (select public.is_admin()));

-- Covers (public bucket, config.toml): read by URL; only admins add, replace or remove them.
create policy "content: admins manage covers" on storage.objects
  for all to authenticated
  using (bucket_id = 'content' and (select public.is_admin()))
  with check (bucket_id = 'content' and (select public.is_admin()));

-- The four articles and ten answers the site had, as they read then; the articles' first slugs
-- (their ids) keep their old links working.
with seeded (old_slug, category, cover_path, author_name, published_at, read_time_minutes,
             es_slug, es_title, es_excerpt, es_body, es_alt, en_slug, en_title, en_excerpt, en_body, en_alt) as (
  values
  ('shop-us-stores', 'shopping', '/blog/shopping-guide.svg', 'Laura Méndez', '2025-08-12 12:00:00+00', 8,
   'como-comprar-en-tiendas-de-ee-uu', 'Cómo comprar en tiendas de EE. UU. con tu dirección de Miami', 'Una guía paso a paso para comprar en Amazon, eBay y Walmart y recibirlo todo en tu casillero.', 'Tu casillero te da una dirección real en Miami. Las tiendas en línea la tratan como cualquier otra dirección de EE. UU., así que obtienes los mismos precios, ofertas y entregas nacionales rápidas que un comprador local.

Al pagar, escribe tu nombre completo y luego nuestra dirección seguida de tu número de casillero, tal como aparece en tu panel. Con el número de casillero nuestra bodega sabe que el paquete es tuyo.

Paga con una tarjeta internacional o un servicio como PayPal. Algunas tiendas piden una dirección de facturación en tu país: no hay problema, solo la dirección de envío debe estar en Miami.

Cuando la tienda despache, guarda el número de tracking. En cuanto el paquete llega a nosotros aparece en tu panel con su peso y su estado, y puedes decidir si enviarlo de inmediato o esperar más compras.', 'Una bolsa de compras',
   'how-to-shop-in-us-stores', 'How to shop in US stores with your Miami address', 'A step-by-step guide to buying on Amazon, eBay and Walmart and having it all delivered to your locker.', 'Your locker gives you a real street address in Miami. Online stores treat it like any other US address, so you get the same prices, offers and fast domestic delivery as a local shopper.

At checkout, write your full name, then our street address followed by your locker number, exactly as your dashboard shows it. The locker number is how our warehouse knows the package is yours.

Pay with an international card or a service such as PayPal. Some stores ask for a billing address in your country: that is fine, only the shipping address has to be in Miami.

When the store ships, keep the tracking number. As soon as the package reaches us it appears in your dashboard with its weight and status, and you can decide whether to ship it right away or wait for more purchases.', 'A shopping bag'),
  ('consolidation-savings', 'savings', '/blog/consolidation.svg', 'Carlos Rivera', '2025-07-28 12:00:00+00', 6,
   'consolidacion-ahorra-en-envios', 'Consolidación: ahorra 60-70% en envíos', 'Por qué una caja grande cuesta mucho menos que cinco pequeñas, y cómo planificar tus compras para aprovecharlo al máximo.', 'Todo envío tiene una parte fija de su costo, pese lo que pese. Si cinco pedidos pequeños viajan por separado pagas esa parte cinco veces; consolidados en una caja la pagas una sola vez.

Nuestros clientes que consolidan con frecuencia ahorran 60-70% frente a enviar cada pedido por separado, porque además quitamos las cajas sobredimensionadas de las tiendas y empacamos todo bien ajustado para bajar el peso volumétrico.

Planifica tus compras dentro del almacenamiento gratis de tu plan: 30 días en Básico, 45 en Estándar y 60 en Premium. La consolidación es gratis en Estándar y Premium y cuesta $5 en Básico.', 'Varias cajas que se convierten en una',
   'consolidation-save-on-shipping', 'Consolidation: save 60-70% on shipping', 'Why one big box costs far less than five small ones, and how to plan your purchases to get the most out of it.', 'Every shipment has a fixed part of its cost, whatever it weighs. When five small orders travel separately you pay that part five times; consolidated into one box you pay it once.

Our customers who consolidate regularly save 60-70% compared with shipping each order on its own, because we also remove oversized store boxes and pack everything tightly to lower the volumetric weight.

Plan your purchases within your plan''s free storage period: 30 days on Basic, 45 on Standard and 60 on Premium. Consolidation is free on Standard and Premium and costs $5 on Basic.', 'Several boxes becoming one'),
  ('customs-rules', 'regulations', '/blog/customs.svg', 'Ana Torres', '2025-06-30 12:00:00+00', 5,
   'reglas-de-aduana-antes-de-enviar', 'Reglas de aduana que debes conocer antes de enviar', 'Artículos prohibidos, valores declarados y límites de tamaño: qué revisar para que tu paquete nunca quede retenido.', 'Algunos artículos no pueden viajar por avión: líquidos, aerosoles, baterías de litio, perecederos, armas y medicamentos sin receta. Las tiendas te los venderán sin problema, así que revisa antes de comprar.

Declara el valor real de tus compras. La aduana puede pedir la factura, y el seguro, que cuesta el 2% del valor declarado, paga según lo que declaraste.

Cada paquete puede pesar hasta 70 lbs (32 kg) y medir hasta 108 pulgadas lineales. Los aranceles e impuestos dependen de tu país y se pagan a la llegada; nunca están incluidos en nuestras tarifas.', 'Un formulario de aduana',
   'customs-rules-before-you-ship', 'Customs rules you should know before you ship', 'Prohibited items, declared values and size limits: what to check so your package is never held.', 'Some items cannot travel by air: liquids, aerosols, lithium batteries, perishables, weapons and medications without a prescription. Stores will happily sell them to you, so check before you buy.

Declare the real value of your purchases. Customs may ask for the invoice, and the insurance, which costs 2% of the declared value, pays out on what you declared.

Each package may weigh up to 70 lbs (32 kg) and measure up to 108 linear inches. Duties and taxes depend on your country and are paid on arrival; they are never included in our rates.', 'A customs form'),
  ('black-friday', 'events', '/blog/black-friday.svg', 'Laura Méndez', '2025-09-15 12:00:00+00', 10,
   'guia-black-friday-y-cyber-monday', 'Black Friday y Cyber Monday: tu guía de supervivencia', 'Se acercan las mayores ofertas del año. Así puedes planificar, comprar y enviar sin sorpresas.', 'Haz una lista y un presupuesto en octubre y compara precios con tiempo: muchas tiendas publican sus ofertas días antes del fin de semana.

Compra en varias tiendas los mismos días para que tus paquetes lleguen juntos y luego pídenos consolidarlos en un solo envío.

Los transportistas estarán saturados: las entregas a nuestra bodega pueden tardar unos días más a fines de noviembre. Tu panel muestra cada paquete en cuanto llega.

Si un regalo debe llegar para una fecha, elige el envío exprés (3 a 5 días) al despachar la caja.', 'Una etiqueta de oferta con un gran descuento',
   'black-friday-and-cyber-monday-guide', 'Black Friday and Cyber Monday: your survival guide', 'The biggest sales of the year are coming. Here is how to plan, buy and ship without surprises.', 'Make a list and a budget in October, and compare prices early: many stores publish their deals days before the weekend.

Buy from several stores on the same days so your packages arrive together, then ask us to consolidate them into a single shipment.

Expect busy carriers: US deliveries to our warehouse may take a few extra days in late November. Your dashboard shows each package as soon as it arrives.

If a gift must arrive by a date, choose express shipping (3 to 5 days) when you send the box.', 'A sale tag with a big discount')
), identified as materialized (
  select gen_random_uuid() as id, * from seeded
), articles as (
  insert into public.articles (id, category, cover_path, author_name, status, published_at, read_time_minutes, created_at, updated_at)
  select id, category, cover_path, author_name, 'published', published_at::timestamptz, read_time_minutes, published_at::timestamptz, published_at::timestamptz
  from identified
), texts as (
  insert into public.article_texts (article_id, lang, slug, title, excerpt, body_md, body_tree, cover_alt)
  -- The first bodies are plain paragraphs: their tree is one text per paragraph.
  select s.id, t.lang, t.slug, t.title, t.excerpt, t.body,
         jsonb_build_object('type', 'root', 'children', (
           select jsonb_agg(jsonb_build_object('type', 'paragraph', 'children', jsonb_build_array(jsonb_build_object('type', 'text', 'value', paragraph))) order by n)
           from unnest(string_to_array(t.body, E'\n\n')) with ordinality as p (paragraph, n))),
         t.alt
  from identified s
  cross join lateral (values ('es', s.es_slug, s.es_title, s.es_excerpt, s.es_body, s.es_alt),
                             ('en', s.en_slug, s.en_title, s.en_excerpt, s.en_body, s.en_alt)) as t (lang, slug, title, excerpt, body, alt)
  returning article_id
)
insert into public.article_slugs (lang, slug, article_id)
select l.lang, s.old_slug, s.id
from identified s
cross join (values ('es'), ('en')) as l (lang);

insert into public.faqs (position, question_es, answer_es, question_en, answer_en)
values
  (1, '¿Cómo obtengo mi dirección en Miami?', 'Crea una cuenta gratis: en menos de 2 minutos obtienes un número de casillero y una dirección completa en Miami para usar en cualquier tienda en línea.', 'How do I get my Miami address?', 'Create a free account: in under 2 minutes you get a locker number and a full US address in Miami to use in any online store.'),
  (2, '¿Cuánto tarda la entrega?', 'Los envíos suelen llegar de 7 a 15 días hábiles después de salir de nuestra bodega en Miami. El envío exprés (3 a 5 días) está disponible por $15.00 adicionales.', 'How long does delivery take?', 'Shipments usually arrive 7 to 15 business days after they leave our Miami warehouse. Express shipping (3 to 5 days) is available for $15.00 more.'),
  (3, '¿Cuál es el peso máximo por paquete?', 'Cada paquete puede pesar hasta 70 lbs (32 kg).', 'What is the maximum weight per package?', 'Each package may weigh up to 70 lbs (32 kg).'),
  (4, '¿Cuál es el tamaño máximo por paquete?', 'Un paquete puede medir hasta 108 pulgadas lineales, sumando su largo, ancho y alto.', 'What is the maximum size per package?', 'A package may measure up to 108 linear inches, adding up its length, width and height.'),
  (5, '¿Cómo se calcula el costo de envío?', 'Cobramos por libra según la tarifa de tu plan, usando el mayor entre el peso real y el peso volumétrico. No incluye aranceles ni impuestos de aduana.', 'How is the shipping cost calculated?', 'We charge per pound at your plan''s rate, using the greater of the actual weight and the volumetric weight. Customs duties and taxes are not included.'),
  (6, '¿Qué artículos no se pueden enviar?', 'No podemos enviar líquidos, aerosoles, baterías de litio, perecederos, armas ni medicamentos sin receta.', 'What items cannot be shipped?', 'We cannot ship liquids, aerosols, lithium batteries, perishables, weapons or medications without a prescription.'),
  (7, '¿Qué es la consolidación y cuánto cuesta?', 'Agrupamos varios de tus paquetes en una sola caja para que pagues un solo envío. Es gratis en los planes Estándar y Premium y cuesta $5 en el plan Básico.', 'What is consolidation and how much does it cost?', 'We group several of your packages into a single box so you pay for one shipment. It is free on the Standard and Premium plans and costs $5 on the Basic plan.'),
  (8, '¿Cómo puedo rastrear mi paquete?', 'Inicia sesión para ver cada paquete de tu casillero, o usa la página pública de rastreo con el código que te damos para cada paquete.', 'How can I track my package?', 'Sign in to see every package in your locker, or use the public tracking page with the tracking token we give you for each package.'),
  (9, '¿Mis paquetes están asegurados?', 'Puedes asegurar cualquier envío por el 2% de su valor declarado. Cada paquete se registra al llegar y se fotografía si lo pides.', 'Are my packages insured?', 'You can insure any shipment for 2% of its declared value. Every package is logged and photographed on request when it arrives.'),
  (10, '¿Cuándo puedo comunicarme con atención al cliente?', 'Escríbenos cuando quieras por correo o WhatsApp: respondemos cada correo en menos de 24 horas. Nuestro equipo atiende de lunes a viernes de 9:00 a 18:00 y los sábados de 10:00 a 14:00 (EST); los domingos cerramos.', 'When can I reach customer support?', 'Write to us any time by email or WhatsApp: we answer every email within 24 hours. Our team is available Monday to Friday from 9:00 to 18:00 and Saturday from 10:00 to 14:00 (EST); we are closed on Sunday.');
