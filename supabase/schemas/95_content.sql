-- The blog and the FAQ as data the staff edit. An article has texts per language (one language is
-- enough); a slug is unique per language, and every slug an article has had stays in article_slugs, so
-- an old link keeps reaching it after a rename. Everyone reads what is published and due; admins read
-- drafts too. Nothing is written through the API's tables: the editor writes through RPCs, with an op
-- id and the version it started from, like the desk's changes. The first articles and answers are rows
-- seeded by 20261202100000_content.

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

-- Every slug an article has had, per language: where an old link goes. Each is its article's for
-- good (its current one too): another article taking it is refused (23505, key slug_taken, the
-- language in detail), and an article may take back one of its own. The primary key decides, so two
-- saves at once cannot both win: the later waits for the earlier to end, then sees whose the slug is.
-- A deleted article's slugs stay taken (article_id null: retired), so its old links never reach
-- another article; nobody reads a retired slug (the policy finds no article for it).
create table public.article_slugs (
  lang text not null check (lang in ('es', 'en')),
  slug text not null,
  article_id uuid references public.articles (id) on delete set null,
  primary key (lang, slug)
);

create or replace function public.article_texts_keep_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Takes the slug, or keeps it when it is already this article's; a row of another article's (or a
  -- retired one) is left as it is, and nothing is written.
  insert into public.article_slugs as s (lang, slug, article_id) values (new.lang, new.slug, new.article_id)
  on conflict (lang, slug) do update set article_id = excluded.article_id
  where s.article_id = excluded.article_id;
  if not found then
    raise exception 'the slug % is, or was, another article''s in %', new.slug, new.lang
      using errcode = '23505', hint = 'slug_taken', detail = new.lang;
  end if;
  return new;
end
$$;

create trigger article_texts_keep_slug
  after insert or update of slug on public.article_texts
  for each row execute function public.article_texts_keep_slug();

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

-- The editor's ops already applied, one row per op id with what it returned, so a replay from the
-- outbox returns the same and changes nothing. No API role reads or writes it.
create table public.content_ops (
  op_id uuid primary key,
  subject_id uuid not null,
  actor uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('save-article', 'save-faq', 'move-faq')),
  args jsonb not null,
  -- What the op returned: a replay returns the same.
  result jsonb not null,
  recorded_at timestamptz not null default now()
);

-- The editor's writes (admins only): an article saved whole (its fields and its texts per language),
-- an FAQ answer saved, an answer moved. An article or answer saved takes the version it was edited
-- from, and one changed meanwhile by someone else is refused (PT409, hint 'content_changed'), never
-- overwritten.

-- The result an op already recorded, null when it is new; PT409 when its id was used for another change.
create or replace function public.replayed_content_op(p_op_id uuid, p_subject_id uuid, p_kind text, p_args jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_op public.content_ops;
begin
  if p_op_id is null or p_subject_id is null then
    raise exception 'an op id and an id are required' using errcode = '22004', hint = 'missing_id';
  end if;
  -- Two sends of one op wait for each other here rather than both applying.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(p_op_id::text, 0));
  select * into v_op from public.content_ops o where o.op_id = p_op_id;
  if not found then
    return null;
  end if;
  if v_op.subject_id is distinct from p_subject_id or v_op.actor is distinct from auth.uid() or v_op.kind is distinct from p_kind or v_op.args is distinct from p_args then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused';
  end if;
  return v_op.result;
end
$$;

create or replace function public.require_content_editor()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'only admins edit the site''s content' using errcode = '42501', hint = 'admins_only';
  end if;
end
$$;

-- An article as the editor and the pages read it: its fields, its texts by language and every slug it
-- has had (the editor checks a new slug against the other articles' old ones before it queues a save).
create or replace function public.article_json(p_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(a) || jsonb_build_object(
    'texts', coalesce((
      select jsonb_object_agg(t.lang, to_jsonb(t) - 'article_id' - 'lang') from public.article_texts t where t.article_id = a.id
    ), '{}'::jsonb),
    'slugs', coalesce((
      select jsonb_agg(jsonb_build_object('lang', s.lang, 'slug', s.slug) order by s.lang, s.slug) from public.article_slugs s where s.article_id = a.id
    ), '[]'::jsonb))
  from public.articles a where a.id = p_id
$$;

-- save_article: creates article p_id (p_base_version 0) or replaces it whole, from the version it was
-- edited from. p_article: {category, cover_path, author_name, status, published_at, read_time_minutes,
-- texts: {es?: {slug, title, excerpt, body_md, body_tree, cover_alt}, en?: …}}; a language left out is
-- removed. A published article has, in each of its languages, a title, a body and (with a cover) the
-- cover's alt text. Returns the article (article_json).
create or replace function public.save_article(p_op_id uuid, p_id uuid, p_base_version integer, p_article jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_replayed jsonb;
  v_current public.articles;
  v_texts jsonb := coalesce(p_article -> 'texts', '{}'::jsonb);
  v_status text := coalesce(p_article ->> 'status', 'draft');
  v_cover text := nullif(p_article ->> 'cover_path', '');
  v_lang text;
  v_text jsonb;
  v_result jsonb;
begin
  perform public.require_content_editor();
  v_replayed := public.replayed_content_op(p_op_id, p_id, 'save-article', jsonb_build_object('base', p_base_version, 'article', p_article));
  if v_replayed is not null then
    return v_replayed;
  end if;
  if jsonb_typeof(v_texts) <> 'object' or exists (select 1 from jsonb_object_keys(v_texts) k where k not in ('es', 'en')) then
    raise exception 'texts are given by language: es, en' using errcode = '22023', hint = 'bad_languages';
  end if;
  if not exists (select 1 from jsonb_object_keys(v_texts)) then
    raise exception 'an article needs a text in at least one language' using errcode = '22023', hint = 'no_language';
  end if;
  if coalesce(p_article ->> 'category', '') not in ('shopping', 'savings', 'regulations', 'events') then
    raise exception 'an article''s category is shopping, savings, regulations or events' using errcode = '22023', hint = 'bad_category';
  end if;
  if coalesce(public.trim_whitespace(p_article ->> 'author_name'), '') = '' then
    raise exception 'an article needs its author' using errcode = '22023', hint = 'author_needed';
  end if;
  if v_status not in ('draft', 'published') or (v_status = 'published' and p_article ->> 'published_at' is null) then
    raise exception 'an article is a draft, or published from a time' using errcode = '22023', hint = 'published_needs_time';
  end if;
  for v_lang, v_text in select * from jsonb_each(v_texts) loop
    if coalesce(v_text ->> 'slug', '') !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(v_text ->> 'slug') > 100 then
      raise exception 'a slug is lowercase letters and digits in words joined by hyphens' using errcode = '22023', hint = 'bad_slug', detail = v_lang;
    end if;
    if coalesce(public.trim_whitespace(v_text ->> 'title'), '') = '' then
      raise exception 'an article needs a title in %', v_lang using errcode = '22023', hint = 'title_needed', detail = v_lang;
    end if;
  end loop;
  if v_status = 'published' then
    for v_lang, v_text in select * from jsonb_each(v_texts) loop
      if coalesce(public.trim_whitespace(v_text ->> 'body_md'), '') = '' then
        raise exception 'a published article needs a body in %', v_lang using errcode = '22023', hint = 'body_needed', detail = v_lang;
      end if;
      if v_cover is not null and coalesce(public.trim_whitespace(v_text ->> 'cover_alt'), '') = '' then
        raise exception 'a published article''s cover needs its alt text in %', v_lang using errcode = '22023', hint = 'cover_needs_alt', detail = v_lang;
      end if;
    end loop;
  end if;

  select * into v_current from public.articles a where a.id = p_id for update;
  if found is distinct from (p_base_version > 0) or (found and v_current.version <> p_base_version) then
    raise exception 'this article was changed by someone else' using errcode = 'PT409', hint = 'content_changed',
      detail = coalesce(v_current.version, 0)::text;
  end if;

  insert into public.articles as a (id, category, cover_path, author_name, status, published_at, read_time_minutes, updated_by)
  values (p_id, p_article ->> 'category', v_cover, btrim(p_article ->> 'author_name'), v_status,
          (p_article ->> 'published_at')::timestamptz, coalesce((p_article ->> 'read_time_minutes')::integer, 1), auth.uid())
  on conflict (id) do update set
    category = excluded.category, cover_path = excluded.cover_path, author_name = excluded.author_name,
    status = excluded.status, published_at = excluded.published_at, read_time_minutes = excluded.read_time_minutes,
    updated_by = excluded.updated_by, updated_at = now(), version = a.version + 1;

  delete from public.article_texts t where t.article_id = p_id and not v_texts ? t.lang;
  for v_lang, v_text in select * from jsonb_each(v_texts) loop
    begin
      insert into public.article_texts as t (article_id, lang, slug, title, excerpt, body_md, body_tree, cover_alt)
      values (p_id, v_lang, v_text ->> 'slug', btrim(v_text ->> 'title'), coalesce(btrim(v_text ->> 'excerpt'), ''),
              coalesce(v_text ->> 'body_md', ''), coalesce(v_text -> 'body_tree', '{"type": "root", "children": []}'), coalesce(btrim(v_text ->> 'cover_alt'), ''))
      on conflict (article_id, lang) do update set
        slug = excluded.slug, title = excluded.title, excerpt = excluded.excerpt, body_md = excluded.body_md,
        body_tree = excluded.body_tree, cover_alt = excluded.cover_alt;
    exception when unique_violation then
      raise exception 'the slug % is taken in %', v_text ->> 'slug', v_lang using errcode = '23505', hint = 'slug_taken', detail = v_lang;
    end;
  end loop;

  v_result := public.article_json(p_id);
  insert into public.content_ops (op_id, subject_id, actor, kind, args, result)
  values (p_op_id, p_id, auth.uid(), 'save-article', jsonb_build_object('base', p_base_version, 'article', p_article), v_result);
  return v_result;
end
$$;

-- save_faq: creates answer p_id (p_base_version 0, placed last) or changes it, from the version it was
-- edited from. p_faq: {question_es, answer_es, question_en, answer_en, published}. Returns the answer.
create or replace function public.save_faq(p_op_id uuid, p_id uuid, p_base_version integer, p_faq jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_replayed jsonb;
  v_current public.faqs;
  v_result jsonb;
begin
  perform public.require_content_editor();
  v_replayed := public.replayed_content_op(p_op_id, p_id, 'save-faq', jsonb_build_object('base', p_base_version, 'faq', p_faq));
  if v_replayed is not null then
    return v_replayed;
  end if;
  select * into v_current from public.faqs f where f.id = p_id for update;
  if found is distinct from (p_base_version > 0) or (found and v_current.version <> p_base_version) then
    raise exception 'this answer was changed by someone else' using errcode = 'PT409', hint = 'content_changed',
      detail = coalesce(v_current.version, 0)::text;
  end if;
  begin
    insert into public.faqs as f (id, position, published, question_es, answer_es, question_en, answer_en, updated_by)
    values (p_id, (select coalesce(max(position), 0) + 1 from public.faqs), coalesce((p_faq ->> 'published')::boolean, true),
            nullif(btrim(p_faq ->> 'question_es'), ''), nullif(btrim(p_faq ->> 'answer_es'), ''),
            nullif(btrim(p_faq ->> 'question_en'), ''), nullif(btrim(p_faq ->> 'answer_en'), ''), auth.uid())
    on conflict (id) do update set
      published = excluded.published, question_es = excluded.question_es, answer_es = excluded.answer_es,
      question_en = excluded.question_en, answer_en = excluded.answer_en,
      updated_by = excluded.updated_by, updated_at = now(), version = f.version + 1
    returning to_jsonb(f) into v_result;
  exception when check_violation then
    raise exception 'an answer needs its question and its answer in at least one language' using errcode = '22023', hint = 'faq_needs_text';
  end;
  insert into public.content_ops (op_id, subject_id, actor, kind, args, result)
  values (p_op_id, p_id, auth.uid(), 'save-faq', jsonb_build_object('base', p_base_version, 'faq', p_faq), v_result);
  return v_result;
end
$$;

-- move_faq: puts answer p_id at p_position (1 is first; beyond the last, last), the others keeping
-- their order. Returns every answer's id in its new order.
create or replace function public.move_faq(p_op_id uuid, p_id uuid, p_position integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_replayed jsonb;
  v_order uuid[];
  v_result jsonb;
begin
  perform public.require_content_editor();
  v_replayed := public.replayed_content_op(p_op_id, p_id, 'move-faq', jsonb_build_object('position', p_position));
  if v_replayed is not null then
    return v_replayed;
  end if;
  -- One mover at a time: positions are renumbered whole.
  perform 1 from public.faqs for update;
  if not exists (select 1 from public.faqs f where f.id = p_id) then
    raise exception 'Answer not found' using errcode = 'PT404', hint = 'faq_not_found';
  end if;
  select array_agg(f.id order by f.position, f.id) into v_order from public.faqs f where f.id <> p_id;
  v_order := v_order[1:greatest(1, p_position) - 1] || p_id || v_order[greatest(1, p_position):];
  update public.faqs f set position = o.n, updated_at = now(), updated_by = auth.uid()
  from unnest(v_order) with ordinality as o (id, n)
  where f.id = o.id and f.position <> o.n;
  v_result := to_jsonb(v_order);
  insert into public.content_ops (op_id, subject_id, actor, kind, args, result)
  values (p_op_id, p_id, auth.uid(), 'move-faq', jsonb_build_object('position', p_position), v_result);
  return v_result;
end
$$;

revoke execute on function public.article_texts_keep_slug() from public, anon, authenticated;
revoke execute on function public.replayed_content_op(uuid, uuid, text, jsonb) from public, anon, authenticated;
revoke execute on function public.require_content_editor() from public, anon, authenticated;
revoke execute on function public.article_json(uuid) from public, anon, authenticated;
revoke execute on function public.save_article(uuid, uuid, integer, jsonb), public.save_faq(uuid, uuid, integer, jsonb),
  public.move_faq(uuid, uuid, integer) from public, anon;
grant execute on function public.save_article(uuid, uuid, integer, jsonb), public.save_faq(uuid, uuid, integer, jsonb),
  public.move_faq(uuid, uuid, integer) to authenticated;

revoke all on public.articles, public.article_texts, public.article_slugs, public.faqs from anon, authenticated;
grant select on public.articles, public.article_texts, public.article_slugs, public.faqs to anon, authenticated;
revoke all on public.content_ops from anon, authenticated;

alter table public.articles enable row level security;
alter table public.article_texts enable row level security;
alter table public.article_slugs enable row level security;
alter table public.faqs enable row level security;
alter table public.content_ops enable row level security;

-- Visitors and customers read what is published and due; admins everything. The texts and slugs follow
-- their article (the subquery reads articles under the caller's own policies).
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

create policy "content_ops: not for the API" on public.content_ops
  as restrictive for all to anon, authenticated using (false) with check (false);

-- Covers (the public `content` bucket, config.toml), <article id>/<cover id>.<ext>: read by URL; only
-- admins add, replace or remove them.
create policy "content: admins manage covers" on storage.objects
  for all to authenticated
  using (bucket_id = 'content' and (select public.is_admin()))
  with check (bucket_id = 'content' and (select public.is_admin()));
