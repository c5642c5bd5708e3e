import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { burstPauseMs, useKeyboardWedge } from './use-keyboard-wedge'

function Tracking({ onScan }: { onScan: (code: string) => void }) {
  return <input aria-label="Tracking code" onKeyDown={useKeyboardWedge(onScan)} />
}

function renderField() {
  const onScan = vi.fn()
  render(<Tracking onScan={onScan} />)
  const field = screen.getByRole('textbox', { name: 'Tracking code' })
  /**
   * Presses the keys `gapMs` apart (jsdom stamps events with the faked clock); true when the last
   * one's default action (an Enter's: submitting the form) was prevented.
   */
  const press = (keys: string[], gapMs: number, init: KeyboardEventInit = {}) => {
    let prevented = false
    for (const key of keys) {
      vi.advanceTimersByTime(gapMs)
      prevented = !fireEvent.keyDown(field, { key, ...init })
    }
    return prevented
  }
  return { onScan, press }
}

const withSuffix = (text: string, suffix = 'Enter') => [...text, suffix]

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('useKeyboardWedge', () => {
  it('takes a burst ending in Enter as a scan, and keeps the Enter from submitting', () => {
    const { onScan, press } = renderField()
    expect(press(withSuffix('1Z999AA10123456784'), 5)).toBe(true)
    expect(onScan).toHaveBeenCalledExactlyOnceWith('1Z999AA10123456784', '')
  })

  it('takes a burst ending in Tab as a scan and lets the Tab move on', () => {
    const { onScan, press } = renderField()
    expect(press(withSuffix('JD014600006', 'Tab'), 5)).toBe(false)
    expect(onScan).toHaveBeenCalledExactlyOnceWith('JD014600006', '')
  })

  it('takes a burst whose keys stall once (a busy page, Bluetooth) as one scan', () => {
    const { onScan, press } = renderField()
    press([...'1Z999'], 10)
    press(['A'], 150)
    expect(press(withSuffix('A10123456784'), 10)).toBe(true)
    expect(onScan).toHaveBeenCalledExactlyOnceWith('1Z999AA10123456784', '')
  })

  it('leaves a person typing and pressing Enter alone', () => {
    const { onScan, press } = renderField()
    expect(press(withSuffix('1Z999AA1'), 120)).toBe(false)
    expect(onScan).not.toHaveBeenCalled()
  })

  it('leaves an Enter pressed after a pause alone', () => {
    const { onScan, press } = renderField()
    press([...'1Z999AA1'], 5)
    expect(press(['Enter'], burstPauseMs)).toBe(false)
    expect(onScan).not.toHaveBeenCalled()
  })

  it('takes only the burst, not what was typed before a pause', () => {
    const { onScan, press } = renderField()
    press([...'old'], 150)
    press(['9'], burstPauseMs)
    press(withSuffix('400111202555'), 5)
    expect(onScan).toHaveBeenCalledExactlyOnceWith('9400111202555', '')
  })

  it('leaves a held key, a quick pair of keys and shortcuts alone, and skips Shift within a burst', () => {
    const { onScan, press } = renderField()
    press(['0'], 5)
    press([...'00000'], 33, { repeat: true })
    expect(press(['Enter'], 50)).toBe(false)
    expect(press(withSuffix('ok'), 5)).toBe(false)
    press(['c'], 5, { ctrlKey: true })
    press(['v'], 5, { ctrlKey: true })
    expect(press(['Enter'], 5)).toBe(false)
    expect(onScan).not.toHaveBeenCalled()
    press(withSuffix('AB', 'Shift'), 5)
    press(withSuffix('CD'), 5)
    expect(onScan).toHaveBeenCalledExactlyOnceWith('ABCD', '')
  })
})
