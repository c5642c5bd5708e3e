import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Link, NavLink } from './links'

function Page() {
  const { pathname } = useLocation()
  return (
    <>
      <p data-testid="where">{pathname}</p>
      <nav>
        <NavLink to="/en" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </NavLink>
        <NavLink to="/en/blog" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Blog
        </NavLink>
      </nav>
      <Link to="/en/blog/article">Article</Link>
      <Link to="/en/contact" onClick={(event) => event.preventDefault()}>
        Handled here
      </Link>
    </>
  )
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return router
}

describe('Link', () => {
  it('is a real link to its path, followed in the app on a plain click', () => {
    renderAt('/en')
    const link = screen.getByRole('link', { name: 'Article' })
    expect(link.getAttribute('href')).toBe('/en/blog/article')
    fireEvent.click(link)
    expect(screen.getByTestId('where').textContent).toBe('/en/blog/article')
  })

  it('leaves a click with a modifier key (new tab or window) to the browser', () => {
    renderAt('/en')
    fireEvent.click(screen.getByRole('link', { name: 'Article' }), { ctrlKey: true })
    expect(screen.getByTestId('where').textContent).toBe('/en')
  })

  it('does not navigate when its own click handler prevents it', () => {
    renderAt('/en')
    fireEvent.click(screen.getByRole('link', { name: 'Handled here' }))
    expect(screen.getByTestId('where').textContent).toBe('/en')
  })
})

describe('NavLink', () => {
  it('marks the link to the page on screen, and a section on the pages below it unless it ends there', () => {
    renderAt('/en/blog/article')
    const home = screen.getByRole('link', { name: 'Home' })
    const blog = screen.getByRole('link', { name: 'Blog' })
    expect(blog.getAttribute('aria-current')).toBe('page')
    expect(blog.className).toBe('on')
    expect(home.getAttribute('aria-current')).toBeNull()
    expect(home.className).toBe('off')
  })

  it('is not active on a path that only starts with the same letters', () => {
    renderAt('/en/blogging')
    expect(screen.getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBeNull()
  })

  it('follows the location as the user navigates', () => {
    renderAt('/en/blog')
    fireEvent.click(screen.getByRole('link', { name: 'Home' }))
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBeNull()
  })
})
