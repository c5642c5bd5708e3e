import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Button } from './button'

// Browsers drop the focus of a button that becomes disabled; jsdom keeps it (and will not blur a
// disabled element), so the focus is dropped the way jsdom allows: from an element that goes away.
function dropFocusToBody() {
  const elsewhere = document.body.appendChild(document.createElement('input'))
  act(() => elsewhere.focus())
  act(() => elsewhere.remove())
  expect(document.activeElement).toBe(document.body)
}

function renderSave() {
  const view = render(
    <>
      <Button>Save</Button>
      <input aria-label="Name" />
    </>,
  )
  const rerender = (busy: boolean) =>
    view.rerender(
      <>
        <Button busy={busy}>Save</Button>
        <input aria-label="Name" />
      </>,
    )
  return { save: screen.getByRole('button', { name: 'Save' }), name: screen.getByRole('textbox', { name: 'Name' }), rerender }
}

describe('Button while busy', () => {
  it('is disabled and says it is busy', () => {
    const { save, rerender } = renderSave()
    rerender(true)
    expect((save as HTMLButtonElement).disabled).toBe(true)
    expect(save.getAttribute('aria-busy')).toBe('true')
  })

  it('takes back the focus it lost to the page when it is done', () => {
    const { save, rerender } = renderSave()
    act(() => save.focus())
    rerender(true)
    dropFocusToBody()
    rerender(false)
    expect(document.activeElement).toBe(save)
  })

  it('leaves the focus where it went meanwhile', () => {
    const { save, name, rerender } = renderSave()
    act(() => save.focus())
    rerender(true)
    act(() => name.focus())
    rerender(false)
    expect(document.activeElement).toBe(name)
  })

  it('does not take a focus it did not have', () => {
    const { save, rerender } = renderSave()
    rerender(true)
    rerender(false)
    expect(document.activeElement).not.toBe(save)
  })
})
