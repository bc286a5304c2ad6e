/**
 * The window event that opens a member's profile card (spec 2's user profile dialog). Avatars and
 * nicknames anywhere dispatch it; the accounts feature's host, mounted once by the root, listens and
 * loads the dialog only then, so pages carry no dialog code until somebody asks for a card.
 */
export const PROFILE_CARD_EVENT = 'portal:profile-card';

export interface ProfileCardDetail {
  userId: number;
}

export function openProfileCard(userId: number): void {
  window.dispatchEvent(new CustomEvent<ProfileCardDetail>(PROFILE_CARD_EVENT, { detail: { userId } }));
}

/** The member to show, read defensively (anyone can dispatch on `window`); null for junk. */
export function readProfileCardDetail(event: Event): ProfileCardDetail | null {
  const userId = ((event as CustomEvent<unknown>).detail as Partial<ProfileCardDetail> | null | undefined)?.userId;
  return typeof userId === 'number' && Number.isInteger(userId) && userId > 0 ? { userId } : null;
}
