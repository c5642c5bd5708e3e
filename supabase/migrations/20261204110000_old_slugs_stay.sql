-- An old slug stays with its article. article_texts_keep_slug gave a slug to whichever article took
-- it last, so renaming article A from x to y and then creating B with slug x sent A's old links to B.
-- Now every slug an article has had in a language (its current one too) is its own for good: another
-- article taking it is refused (23505, key slug_taken, the language in detail, as a slug in use is),
-- and an article may take back one of its own. article_slugs decides under its primary key, so two
-- saves at once cannot both win: the later waits for the earlier to end, then sees whose the slug is.
--
-- A deleted article's slugs stay taken too (article_id null: retired), so its old links never reach
-- another article; nobody reads a retired slug (the policy finds no article for it). The editor has
-- no way to delete an article: this is for one deleted in SQL.

alter table public.article_slugs alter column article_id drop not null;
alter table public.article_slugs
  drop constraint article_slugs_article_id_fkey,
  add constraint article_slugs_article_id_fkey foreign key (article_id) references public.articles (id) on delete set null;

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

-- As in 20261202110000_content_editor, with every slug the article has had: the editor's device
-- checks a new article's slugs against the others' old ones before it queues a save.
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
