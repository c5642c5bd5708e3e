import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, type ComponentProps } from 'react'
import { Button } from '@/components/ui/button'
import { useLang } from '@/i18n/paths'
import { WithAccountStrings } from './with-account-strings'

const SignOutButton = lazy(async () => ({ default: (await import('@/features/auth/sign-out-button')).SignOutButton }))
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
