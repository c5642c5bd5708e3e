import type { LocalProfile } from '@/local-db/db'
import { StoredImage } from './photo-gallery'

interface AvatarProps {
  profile: Pick<LocalProfile, 'full_name' | 'email' | 'avatar_path'>
  /** A new photo still waiting to upload from this device: shown instead, so a change shows at once. */
  waitingPath?: string
  className?: string
  /** The name is written next to it: the photo adds nothing for a screen reader. */
  decorative?: boolean
}

/** A profile's photo, or its initial. */
export function Avatar({ profile, waitingPath, className = 'size-14 text-xl', decorative = false }: AvatarProps) {
  const name = profile.full_name || profile.email || '?'
  const path = waitingPath ?? profile.avatar_path
  if (path) return <StoredImage bucket="avatars" path={path} alt={decorative ? '' : name} className={`${className} shrink-0 rounded-full object-cover`} />
  return (
    <span aria-hidden="true" className={`${className} grid shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-900`}>
      {name.charAt(0).toUpperCase()}
    </span>
  )
}
