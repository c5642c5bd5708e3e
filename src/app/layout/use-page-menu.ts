import { useRef, useState, type KeyboardEvent } from 'react'
import { useLocation } from 'react-router'

/**
 * A header's small-screen menu. It belongs to the page it was opened on, so navigating closes it;
 * Escape closes it too and gives the focus back to its button (`menuButton`).
 */
export function usePageMenu() {
  const { pathname } = useLocation()
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname
  const buttonRef = useRef<HTMLButtonElement>(null)
  return {
    menuOpen: open,
    menuButton: buttonRef,
    toggleMenu: () => setOpenOn(open ? null : pathname),
    closeMenuOnEscape: (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return
      setOpenOn(null)
      buttonRef.current?.focus()
    },
  }
}
