import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Events, back office and attendance (issue 18, items 5, 6, 9; decision 028): each sign-up gets an
// unguessable check-in code (shown to the member as a QR code, typed or scanned by organisers), and
// keeps when and by whom it was checked in. Sign-ups made before this get their code here.

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function code(): string {
  const bytes = crypto.randomBytes(20);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 32];
  return out;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_signups').addColumn('checkin_code', 'varchar(32)').execute();
  await db.schema.alterTable('activity_signups').addColumn('checked_in_at', 'bigint').execute();
  await db.schema.alterTable('activity_signups').addColumn('checked_in_by', 'integer').execute();
  const rows = await db.selectFrom('activity_signups').select('id').execute();
  for (const row of rows) {
    await db.updateTable('activity_signups').set({ checkin_code: code() }).where('id', '=', row.id).execute();
  }
  await db.schema
    .createIndex('activity_signups_checkin_code')
    .on('activity_signups')
    .column('checkin_code')
    .unique()
    .execute();
  // When the back office last changed the event (null for events written before it).
  await db.schema.alterTable('activities').addColumn('updated_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activities').dropColumn('updated_at').execute();
  await db.schema.dropIndex('activity_signups_checkin_code').ifExists().execute();
  for (const column of ['checked_in_by', 'checked_in_at', 'checkin_code']) {
    await db.schema.alterTable('activity_signups').dropColumn(column).execute();
  }
}
