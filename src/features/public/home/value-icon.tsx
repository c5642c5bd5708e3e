/** Outline icons (24×24, stroke) for the home page's value propositions; inline so they need no font. */
const paths = {
  bag: 'M6 7h12l1 13H5L6 7zm3 0a3 3 0 016 0',
  boxes: 'M3 8l9-5 9 5-9 5-9-5zm0 0v8l9 5 9-5V8M12 13v8',
  savings: 'M12 3v18m4-14H10a3 3 0 000 6h4a3 3 0 010 6H7',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3zm-3 9l2 2 4-4',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  chat: 'M4 5h16v11H8l-4 4V5zm4 5h8',
} as const

export type ValueIconName = keyof typeof paths

export function ValueIcon({ name }: { name: ValueIconName }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 rounded-xl bg-brand-50 p-2 text-brand-700 dark:bg-slate-800 dark:text-brand-100" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      <path d={paths[name]} />
    </svg>
  )
}
