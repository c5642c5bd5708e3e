import type { AnchorHTMLAttributes, Ref } from 'react'
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router'

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To
  replace?: boolean
  state?: unknown
  ref?: Ref<HTMLAnchorElement>
}

/**
 * An in-app link: a real `<a href>` the router follows without reloading the page (a click with a
 * modifier key, or on a link with a target, is left to the browser). React Router's own `Link`
 * also carries its framework mode's route prefetching, script a first visit would load for nothing.
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to)
  const follow = useLinkClickHandler(to, { replace, state, target })
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) follow(event)
      }}
    />
  )
}

interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active on its own path only, not on the paths below it. */
  end?: boolean
  className?: (state: { isActive: boolean }) => string
}

/** A link that knows when it leads to the page on screen, and says so (`aria-current="page"`). */
export function NavLink({ end = false, className, ...props }: NavLinkProps) {
  const { pathname } = useLocation()
  const own = useResolvedPath(props.to).pathname
  const isActive = pathname === own || (!end && pathname.startsWith(own.endsWith('/') ? own : `${own}/`))
  return <Link {...props} aria-current={isActive ? 'page' : undefined} className={className?.({ isActive })} />
}
