import type { Executor } from '../../db/executor';

/**
 * A member's name and contact details as the information page and the account keep them, for forms
 * that start from the member's profile (the e-magazine submission). Contacts fall back to the
 * address or number the member registered with.
 */
export async function memberContact(
  executor: Executor,
  userId: number,
): Promise<{ name: string; nick: string; mobile: string; email: string } | undefined> {
  const row = await executor
    .selectFrom('users')
    .select(['real_name', 'nick_name', 'contact_mobile', 'contact_email', 'mobile', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    name: row.real_name,
    nick: row.nick_name,
    mobile: row.contact_mobile || (row.mobile ?? ''),
    email: row.contact_email || (row.email ?? ''),
  };
}
