// What an Edge Function reads from its environment: Deno.env.get on a hosted project, the
// stand-in's own values locally.

export type Env = (name: string) => string | undefined

export class ConfigError extends Error {}

export function required(env: Env, name: string): string {
  const value = env(name)
  if (!value) throw new ConfigError(`${name} is not set`)
  return value
}
