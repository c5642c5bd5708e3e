import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, use, type ComponentProps, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import type { Lang } from '@/i18n/locales'
import { useLang } from '@/i18n/paths'
import { loadRouteCatalog } from '@/i18n/route-catalogs'

const SignOutButton = lazy(async () => ({ default: (await import('@/features/auth/sign-out-button')).SignOutButton }))
const accountCatalogs = new Map<Lang, Promise<void>>()

/** Renders its children once the account catalog of `lang` is loaded (the button's warning lives there). */
function WithAccountStrings({ lang, children }: { lang: Lang; children: ReactNode }) {
  if (!accountCatalogs.has(lang)) accountCatalogs.set(lang, loadRouteCatalog('account', lang))
  use(accountCatalogs.get(lang)!)
  return children
}

/** Log out, loaded on demand with its strings: signed-out visitors never download it. */
export function SignOut(props: ComponentProps<typeof SignOutButton>) {
  const lang = useLang()
  return (
    <Suspense
      fallback={
        <Button variant={props.variant ?? 'ghost'} className={props.className} disabled>
          <Trans>Log out</Trans>
        </Button>
      }
    >
      <WithAccountStrings lang={lang}>
        <SignOutButton {...props} />
      </WithAccountStrings>
    </Suspense>
  )
}
