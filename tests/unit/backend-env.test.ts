import { describe, expect, it } from 'vitest'
import { backendEnvProblem, isLocalBackend, standInMode } from '../../scripts/backend-env'

const project = { VITE_SUPABASE_URL: 'https://abcd.supabase.co', VITE_SUPABASE_ANON_KEY: 'eyJ…' }

describe('a production build', () => {
  it('goes ahead with a Supabase project URL and anon key', () => {
    expect(backendEnvProblem(project, 'production')).toBeNull()
  })

  it.each([
    [{}, 'VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY'],
    [{ VITE_SUPABASE_URL: project.VITE_SUPABASE_URL }, 'VITE_SUPABASE_ANON_KEY'],
    [{ ...project, VITE_SUPABASE_URL: '  ' }, 'VITE_SUPABASE_URL'],
  ])('stops and names what is missing (%j)', (env, named) => {
    expect(backendEnvProblem(env, 'production')).toMatch(new RegExp(`^A production build needs ${named}:`))
    expect(backendEnvProblem(env, 'production')).toContain('--mode standin')
  })

  it('stops on a URL that is not one', () => {
    expect(backendEnvProblem({ ...project, VITE_SUPABASE_URL: 'abcd.supabase.co' }, 'production')).toBe('VITE_SUPABASE_URL is not a URL: "abcd.supabase.co".')
  })

  it('for the local backend may leave both out', () => {
    expect(backendEnvProblem({}, standInMode)).toBeNull()
  })
})

describe('the backend a build is for', () => {
  it.each(['http://127.0.0.1:54321', 'http://localhost:54336', 'http://127.1.2.3', 'http://[::1]:54321', 'http://app.localhost'])('is on this machine at %s', (url) => {
    expect(isLocalBackend(url)).toBe(true)
  })

  it.each(['https://abcd.supabase.co', 'http://192.168.1.5:54321', 'http://127.0.0.1.nip.io', 'https://localhost.example.com', 'http://[::2]'])('is hosted at %s', (url) => {
    expect(isLocalBackend(url)).toBe(false)
  })
})
