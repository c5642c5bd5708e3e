import { afterEach, describe, expect, it } from 'vitest'
import { hydrationDataBlock, readHydrationData } from './hydration-data'

// Text an article could carry that would end or reopen the element if written as it is.
const hostile = { loaderData: { article: { title: '</script><script>alert(1)</script> <!-- <script> & \u2028 ünïcode' } } }

describe('the hydration data block', () => {
  afterEach(() => document.body.replaceChildren())

  it('is one element that never runs, whatever its text, and reads back as the data written', () => {
    const parsed = new DOMParser().parseFromString(`<!doctype html><body><div id="root"></div>${hydrationDataBlock(hostile)}<p>after</p></body>`, 'text/html')
    const scripts = parsed.querySelectorAll('script')
    expect(scripts).toHaveLength(1)
    expect(scripts[0]!.type).toBe('application/json')
    expect(parsed.querySelector('p')?.textContent).toBe('after')
    document.body.replaceChildren(...parsed.body.childNodes)
    expect(readHydrationData()).toEqual(hostile)
  })

  it('is not there in the shell', () => {
    document.body.innerHTML = '<div id="root"></div>'
    expect(readHydrationData()).toBeUndefined()
  })
})
