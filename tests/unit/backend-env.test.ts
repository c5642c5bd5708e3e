import { describe, expect, it } from 'vitest'
import { backendEnvProblem, standInMode } from '../../scripts/backend-env'

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
