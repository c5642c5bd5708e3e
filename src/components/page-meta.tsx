/** Per-page <title> and description; React 19 hoists both into <head>. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{`${title} · Casillero Miami`}</title>
      <meta name="description" content={description} />
    </>
  )
}
