import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { attachmentAddress } from '@portal/contracts/uploads';
import {
  APPLICATION_STATUS,
  expertApplicationPath,
  type ApplicationFields,
  type ExpertApplication,
  type MyApplication,
} from '@portal/contracts/expert-applications';
import { siteById, type Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { invalidField } from '../../http/invalid-field';
import type { SignedInMember } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { isDictionaryEntry } from '../../platform/dictionaries/dictionaries.repository';
import { linkAttachments } from '../../platform/uploads/attachment-links';
import { reviewStates, submitForReview, withdrawFromReview } from '../../platform/reviews/review-queue';
import {
  expertApplicationsRepository,
  type ExpertApplicationRow,
  type StoredFields,
} from './expert-applications.repository';

type RequestInfo = Pick<FastifyRequest, 'ip' | 'id'>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A JSON list column read back; a damaged value reads as empty rather than failing the page. */
export function parseList<T>(raw: string): T[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export type LinkItem = { title: string; url: string };

/** The queue's title of an application, in the site's language. */
export function applicationTitle(site: Site, realName: string): string {
  return translate(site.lang, 'expertApplyApi.queueTitle', { name: realName });
}

/** An application as the member (and the back office) reads it. */
export async function applicationView(
  row: ExpertApplicationRow,
  review: { reason: string; decided_at: number | null } | undefined,
  isExpert: boolean,
): Promise<ExpertApplication> {
  const status = row.status;
  return {
    application_id: row.id,
    status,
    reason: status === APPLICATION_STATUS.rejected ? (review?.reason ?? '') : '',
    real_name: row.real_name,
    company: row.company,
    job_title: row.job_title,
    industry_id: row.industry_id,
    field_ids: parseList<number>(row.field_ids),
    biography: row.biography,
    photo:
      row.photo_att_id !== null && row.photo_key
        ? { att_id: row.photo_att_id, address: attachmentAddress(row.photo_att_id, row.photo_key) }
        : null,
    contributions: parseList<LinkItem>(row.contributions),
    recommendations: parseList<LinkItem>(row.recommendations),
    tws_id: row.site_id,
    create_time: iso(row.created_at)!,
    submit_time: iso(row.submitted_at),
    decide_time: status === APPLICATION_STATUS.draft ? null : iso(review?.decided_at ?? null),
    editable: status !== APPLICATION_STATUS.pending && !isExpert,
  };
}

function stored(body: ApplicationFields): StoredFields {
  return {
    real_name: body.real_name,
    company: body.company,
    job_title: body.job_title,
    industry_id: body.industry_id,
    field_ids: JSON.stringify([...new Set(body.field_ids)]),
    biography: body.biography,
    photo_att_id: body.photo_att_id,
    contributions: JSON.stringify(body.contributions),
    recommendations: JSON.stringify(body.recommendations),
  };
}

/**
 * The member's side of the expert application (issue 21 item 3, decision 036): read, save as a
 * draft, submit to the site's review queue, withdraw while pending, and the list of the member's
 * applications for the personal centre. A save and its queue row commit together; the
 * application is refused while it is pending (one pending application at a time) and while the
 * member is an expert already.
 */
export function expertApplicationsService(db: Kysely<DB>, clock: { now(): number } = { now: Date.now }) {
  async function read(executor: Kysely<DB>, userId: number) {
    const repo = expertApplicationsRepository(executor);
    const [row, isExpert] = await Promise.all([repo.byUser(userId), repo.isExpert(userId)]);
    if (!row) return { application: null, is_expert: isExpert };
    const review = (await reviewStates(executor, 'expert', [row.id])).get(row.id);
    return { application: await applicationView(row, review, isExpert), is_expert: isExpert };
  }

  /** Checks the dictionary entries and the photo against the site and the member; 40001 naming the field. */
  async function checkReferences(executor: Kysely<DB>, site: Site, userId: number, body: ApplicationFields) {
    if (body.industry_id !== null && !(await isDictionaryEntry(executor, site.tws_id, 'industry', body.industry_id))) {
      throw invalidField(site.lang, 'industry_id', 'expertApply.industryRule');
    }
    for (const field of body.field_ids) {
      if (!(await isDictionaryEntry(executor, site.tws_id, 'scene', field))) {
        throw invalidField(site.lang, 'field_ids', 'expertApply.fieldsRule');
      }
    }
    if (body.photo_att_id !== null) {
      const photo = await expertApplicationsRepository(executor).photoOf(userId, body.photo_att_id);
      if (!photo) throw invalidField(site.lang, 'photo_att_id', 'expertApplyApi.photoInvalid');
    }
  }

  async function write(site: Site, user: SignedInMember, body: ApplicationFields, submit: boolean) {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const repo = expertApplicationsRepository(trx);
      if (await repo.isExpert(user.id)) throw ApiError.refused('expertApplyApi.alreadyExpert');
      // Said first, whatever the form holds; the conditional update below is what holds under races.
      if ((await repo.byUser(user.id))?.status === APPLICATION_STATUS.pending) {
        throw ApiError.refused('expertApplyApi.pending');
      }
      await checkReferences(trx, site, user.id, body);
      await repo.ensure(user.id, site.tws_id, now);
      const id = await repo.writeUnlessPending(user.id, site.tws_id, stored(body), {
        status: submit ? APPLICATION_STATUS.pending : APPLICATION_STATUS.draft,
        now,
        submitted: submit,
      });
      if (id === null) throw ApiError.refused('expertApplyApi.pending');
      if (body.photo_att_id !== null) await linkAttachments(trx, { ids: [body.photo_att_id] }, now);
      if (submit) {
        await submitForReview(trx, {
          kind: 'expert',
          itemId: id,
          siteId: site.tws_id,
          authorId: user.id,
          title: applicationTitle(site, body.real_name),
          now,
        });
      }
    });
    const { application } = await read(db, user.id);
    return application!;
  }

  return {
    mine: (user: SignedInMember) => read(db, user.id),

    save: (site: Site, user: SignedInMember, body: ApplicationFields) => write(site, user, body, false),

    submit: (site: Site, user: SignedInMember, body: ApplicationFields) => write(site, user, body, true),

    async withdraw(user: SignedInMember): Promise<ExpertApplication> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const repo = expertApplicationsRepository(trx);
        const row = await repo.byUser(user.id);
        const withdrawn =
          row !== undefined &&
          (await withdrawFromReview(trx, { kind: 'expert', itemId: row.id, authorId: user.id, now }));
        if (!row || !withdrawn) throw ApiError.refused('expertApplyApi.notPending');
        await repo.setStatus(row.id, APPLICATION_STATUS.withdrawn, now);
      });
      const { application } = await read(db, user.id);
      return application!;
    },

    /** The member's applications for the personal centre: the expert application when there is one. */
    async myApplications(site: Site, user: SignedInMember): Promise<{ list: MyApplication[] }> {
      const { application } = await read(db, user.id);
      if (!application) return { list: [] };
      const name = application.real_name || user.nickName;
      return {
        list: [
          {
            kind: 'expert',
            application_id: application.application_id,
            status: application.status,
            reason: application.reason,
            title: applicationTitle(site, name),
            create_time: application.create_time,
            submit_time: application.submit_time,
            decide_time: application.decide_time,
            editable: application.editable,
            edit_path: expertApplicationPath((siteById(site.tws_id) ?? site).prefix),
          },
        ],
      };
    },
  };
}

export type ExpertApplicationsService = ReturnType<typeof expertApplicationsService>;
export type { RequestInfo };
