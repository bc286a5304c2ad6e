import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@portal/contracts/permissions';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, TestMember } from '../../../test/accounts-harness';
import { makeStaff, msgOf, staffCall, staffTestApp } from '../../../test/roles-harness';
import { eventHeaders, GOOD_FORM, makeEvent } from '../../../test/events-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let organiser: TestMember;
let zhOrganiser: TestMember;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const db = () => t.database.db;
const iso = (ms: number) => new Date(ms).toISOString();
const admin = (path: string, body: unknown, as?: TestMember) =>
  staffCall(h, 'protal_en', `/admin/events${path}`, body, as);
const api = (path: string, body: unknown, as?: TestMember) =>
  t.call(`/api/activity${path}`, body, { headers: eventHeaders(2, as, h.freshIp()) });

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  organiser = await makeStaff(h, { permissions: [PERMISSIONS.eventManage], siteId: 2, nick: 'Q Organiser' });
  zhOrganiser = await makeStaff(h, { permissions: [PERMISSIONS.eventManage], siteId: 1, nick: 'Q Zh Staff' });
});
afterAll(async () => t?.close());

const QUESTIONS = [
  { kind: 'single', title: 'Which tier do you run?', required: true, options: ['Flash', 'Disk', 'Tape'] },
  { kind: 'multiple', title: 'Which protocols?', required: false, options: ['NFS', 'S3', 'iSCSI'] },
  { kind: 'text', title: 'What should we improve?', required: false, options: [] },
];

function questionnaire(ta_id: number, overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    ta_id,
    title: 'Summit feedback',
    description: 'Five minutes of your time',
    open_time: iso(now - HOUR),
    close_time: iso(now + DAY),
    questions: QUESTIONS,
    ...overrides,
  };
}

/** An event with a questionnaire; answers the ids. */
async function eventWithQuestionnaire(overrides: Record<string, unknown> = {}) {
  const ta_id = await makeEvent(db());
  const res = await admin('/questionnaireSave', questionnaire(ta_id, overrides), organiser);
  expect(res.statusCode, res.body).toBe(200);
  const q = res.json().data as { tq_id: number; questions: Array<{ question_id: number; options: string[] }> };
  return { ta_id, q };
}

async function signedUp(nick: string, ta_id: number) {
  const m = await h.readyMember(nick, 'protal_en');
  const res = await t.call(
    '/api/activity/signUp',
    { ta_id, form: GOOD_FORM },
    { headers: eventHeaders(2, m, h.freshIp()) },
  );
  expect(res.statusCode, res.body).toBe(200);
  return m;
}

function goodAnswers(q: { questions: Array<{ question_id: number }> }) {
  const [single, multiple, text] = q.questions;
  return {
    [single!.question_id]: { choices: ['Flash'] },
    [multiple!.question_id]: { choices: ['NFS', 'S3'] },
    [text!.question_id]: { text: 'More tape talks' },
  };
}

const points = async (userId: number) => {
  const rows = await db()
    .selectFrom('points_ledger')
    .select('amount')
    .where('user_id', '=', userId)
    .where('rule', '=', 'questionnaire_answered')
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.amount), 0);
};

const answerRows = async (tq_id: number) =>
  db().selectFrom('questionnaire_answers').selectAll().where('questionnaire_id', '=', tq_id).execute();

function expect400(res: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ status: 40001, data: { field } });
}

describe('questionnaires', () => {
  it('takes a signed-up member’s answer once, awards the points once, and shows it read-only after', async () => {
    const { ta_id, q } = await eventWithQuestionnaire();
    const m = await signedUp('Q Answerer', ta_id);
    const before = (await api('/questionnaire', { ta_id }, m)).json().data;
    expect(before).toMatchObject({ state: 'open', my_answer: null, questionnaire: { title: 'Summit feedback' } });
    expect(before.questionnaire.questions.map((x: { kind: string }) => x.kind)).toEqual(['single', 'multiple', 'text']);

    const res = await api('/questionnaireAnswer', { ta_id, answers: goodAnswers(q) }, m);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 200,
      msg: msgOf('protal_en', 'questionnaireApi.answered'),
      data: { points: 5 },
    });
    expect(await points(m.id)).toBe(5);

    const again = await api('/questionnaireAnswer', { ta_id, answers: goodAnswers(q) }, m);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ status: 201, msg: msgOf('protal_en', 'questionnaireApi.alreadyAnswered') });
    expect(await points(m.id)).toBe(5);
    expect(await answerRows(q.tq_id)).toHaveLength(1);

    const after = (await api('/questionnaire', { ta_id }, m)).json().data;
    expect(after.state).toBe('answered');
    expect(after.my_answer.answers).toEqual(goodAnswers(q));
    const info = (await t.call('/api/activity/info', { ta_id }, { headers: eventHeaders(2, m) })).json().data;
    expect(info.has_questionnaire).toBe(true);
  });

  it('lets exactly one of two concurrent answers of a member land', async () => {
    const { ta_id, q } = await eventWithQuestionnaire();
    const m = await signedUp('Q Racer', ta_id);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => api('/questionnaireAnswer', { ta_id, answers: goodAnswers(q) }, m)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409, 409, 409]);
    expect(await answerRows(q.tq_id)).toHaveLength(1);
    const items = await db()
      .selectFrom('questionnaire_answer_items')
      .selectAll()
      .where('questionnaire_id', '=', q.tq_id)
      .execute();
    expect(items).toHaveLength(4);
    expect(await points(m.id)).toBe(5);
    const row = await db()
      .selectFrom('questionnaires')
      .select('answer_count')
      .where('id', '=', q.tq_id)
      .executeTakeFirstOrThrow();
    expect(Number(row.answer_count)).toBe(1);
  });

  it('shows each of spec 8’s situations and refuses answers outside them', async () => {
    const now = Date.now();
    const notOpen = await eventWithQuestionnaire({ open_time: iso(now + DAY), close_time: iso(now + 2 * DAY) });
    const ended = await eventWithQuestionnaire({ open_time: iso(now - 2 * DAY), close_time: iso(now - DAY) });
    const open = await eventWithQuestionnaire();
    const bare = await makeEvent(db());

    // Visitor: please log in first; the answer call asks for a session.
    expect((await api('/questionnaire', { ta_id: open.ta_id })).json().data.state).toBe('login');
    const visitor = await api('/questionnaireAnswer', { ta_id: open.ta_id, answers: goodAnswers(open.q) });
    expect(visitor.statusCode).toBe(401);

    // Not signed up (and a waitlisted or cancelled sign-up counts as none).
    const stranger = await h.readyMember('Q Stranger', 'protal_en');
    expect((await api('/questionnaire', { ta_id: open.ta_id }, stranger)).json().data.state).toBe('notRegistered');
    const refused = await api('/questionnaireAnswer', { ta_id: open.ta_id, answers: goodAnswers(open.q) }, stranger);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 201, msg: msgOf('protal_en', 'questionnaireApi.notRegistered') });

    // Not yet open: the refusal names the date.
    const early = await signedUp('Q Early', notOpen.ta_id);
    expect((await api('/questionnaire', { ta_id: notOpen.ta_id }, early)).json().data.state).toBe('notOpen');
    const tooEarly = await api(
      '/questionnaireAnswer',
      { ta_id: notOpen.ta_id, answers: goodAnswers(notOpen.q) },
      early,
    );
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().msg).toMatch(/please answer on .*\d{4}/);

    const late = await signedUp('Q Late', ended.ta_id);
    expect((await api('/questionnaire', { ta_id: ended.ta_id }, late)).json().data.state).toBe('ended');
    const tooLate = await api('/questionnaireAnswer', { ta_id: ended.ta_id, answers: goodAnswers(ended.q) }, late);
    expect(tooLate.json()).toMatchObject({ status: 201, msg: msgOf('protal_en', 'questionnaireApi.ended') });

    // No questionnaire, or no such event: not set.
    expect((await api('/questionnaire', { ta_id: bare }, late)).json().data).toMatchObject({
      state: 'notSet',
      questionnaire: null,
    });
    expect((await api('/questionnaire', { ta_id: 999_999 })).json().data.state).toBe('notSet');
    const none = await api('/questionnaireAnswer', { ta_id: bare, answers: {} }, late);
    expect(none.statusCode).toBe(404);
    for (const id of [notOpen.q.tq_id, ended.q.tq_id, open.q.tq_id]) expect(await answerRows(id)).toHaveLength(0);
  });

  it('refuses wrong answers with 400 naming the question, writing nothing', async () => {
    const { ta_id, q } = await eventWithQuestionnaire();
    const m = await signedUp('Q Careless', ta_id);
    const [single, multiple, text] = q.questions.map((x) => x.question_id);
    const good = goodAnswers(q);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, [single!]: { choices: [] } }, `answers.${single}`],
      [{ ...good, [single!]: { choices: ['Floppy'] } }, `answers.${single}`],
      [{ ...good, [single!]: { choices: ['Flash', 'Disk'] } }, `answers.${single}`],
      [{ ...good, [multiple!]: { choices: ['NFS', 'SMB'] } }, `answers.${multiple}`],
      [{ ...good, 424242: { text: 'x' } }, 'answers.424242'],
    ];
    for (const [answers, field] of cases) expect400(await api('/questionnaireAnswer', { ta_id, answers }, m), field);
    const missing = { ...good } as Record<string, unknown>;
    delete missing[String(single)];
    const res = await api('/questionnaireAnswer', { ta_id, answers: missing }, m);
    expect400(res, `answers.${single}`);
    expect(res.json().msg).toContain('Which tier do you run?');
    const long = await api(
      '/questionnaireAnswer',
      { ta_id, answers: { ...good, [text!]: { text: 'x'.repeat(2001) } } },
      m,
    );
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().data.field).toMatch(new RegExp(`^answers\\.${text}`));
    expect(await answerRows(q.tq_id)).toHaveLength(0);
    expect(await points(m.id)).toBe(0);
  });

  it('keeps results and editing to organisers of the site, and audits each save', async () => {
    const { ta_id } = await eventWithQuestionnaire();
    const plain = await signedUp('Q Plain', ta_id);
    for (const [path, body] of [
      ['/questionnaire', { ta_id }],
      ['/questionnaireResults', { ta_id }],
      ['/questionnaireSave', questionnaire(ta_id)],
      ['/questionnaireExport', { ta_id }],
      ['/questionnaireDelete', { ta_id }],
    ] as const) {
      expect((await admin(path, body, plain)).statusCode).toBe(403);
      expect((await admin(path, body)).statusCode).toBe(401);
    }
    // Staff of the Chinese site do not manage the English site's events.
    expect((await admin('/questionnaireResults', { ta_id }, zhOrganiser)).statusCode).toBe(403);
    expect((await admin('/questionnaireDelete', { ta_id }, zhOrganiser)).statusCode).toBe(403);
    const audits = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'event.createQuestionnaire')
      .where('target_id', '=', String(ta_id))
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('deletes a questionnaire nobody has answered (audited), and refuses once answered, keeping it whole', async () => {
    const { ta_id, q } = await eventWithQuestionnaire();
    const del = await admin('/questionnaireDelete', { ta_id }, organiser);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ status: 200, msg: msgOf('protal_en', 'questionnaireAdmin.api.deleted') });
    expect((await admin('/questionnaire', { ta_id }, organiser)).json().data).toEqual({ questionnaire: null });
    expect(
      await db().selectFrom('questionnaire_questions').select('id').where('questionnaire_id', '=', q.tq_id).execute(),
    ).toEqual([]);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'event.deleteQuestionnaire')
      .where('target_id', '=', String(ta_id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toMatchObject({ title: 'Summit feedback', questions: { length: 3 } });
    expect((await api('/questionnaire', { ta_id })).json().data.state).toBe('notSet');
    const again = await admin('/questionnaireDelete', { ta_id }, organiser);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe(msgOf('protal_en', 'questionnaireAdmin.api.notFound'));
    expect((await admin('/questionnaireDelete', { ta_id: 999_999 }, organiser)).statusCode).toBe(404);
    expect((await admin('/questionnaireDelete', { ta_id: 'x' }, organiser)).json()).toMatchObject({
      status: 40001,
      data: { field: 'ta_id' },
    });

    const answered = await eventWithQuestionnaire();
    const m = await signedUp('Q Keeper', answered.ta_id);
    expect(
      (await api('/questionnaireAnswer', { ta_id: answered.ta_id, answers: goodAnswers(answered.q) }, m)).statusCode,
    ).toBe(200);
    const refused = await admin('/questionnaireDelete', { ta_id: answered.ta_id }, organiser);
    expect(refused.json()).toMatchObject({
      status: 201,
      msg: msgOf('protal_en', 'questionnaireAdmin.api.answeredCannotDelete'),
    });
    expect(await answerRows(answered.q.tq_id)).toHaveLength(1);
    expect(
      (await admin('/questionnaire', { ta_id: answered.ta_id }, organiser)).json().data.questionnaire,
    ).toMatchObject({
      answer_count: 1,
      questions: { length: 3 },
    });
  });

  it('once answered, refuses removing a question, changing its kind or its options, but takes additions', async () => {
    const { ta_id, q } = await eventWithQuestionnaire();
    const m = await signedUp('Q Early Bird', ta_id);
    expect((await api('/questionnaireAnswer', { ta_id, answers: goodAnswers(q) }, m)).statusCode).toBe(200);
    const current = (await admin('/questionnaire', { ta_id }, organiser)).json().data.questionnaire;
    expect(current.answer_count).toBe(1);
    const withIds = current.questions.map((x: { question_id: number }, i: number) => ({
      ...QUESTIONS[i],
      question_id: x.question_id,
    }));

    const removed = await admin('/questionnaireSave', questionnaire(ta_id, { questions: withIds.slice(1) }), organiser);
    expect(removed.json()).toMatchObject({ status: 201 });
    const kind = await admin(
      '/questionnaireSave',
      questionnaire(ta_id, { questions: [{ ...withIds[0], kind: 'multiple' }, ...withIds.slice(1)] }),
      organiser,
    );
    expect(kind.json()).toMatchObject({ status: 201 });
    const renamed = await admin(
      '/questionnaireSave',
      questionnaire(ta_id, { questions: [{ ...withIds[0], options: ['SSD', 'Disk', 'Tape'] }, ...withIds.slice(1)] }),
      organiser,
    );
    expect(renamed.json()).toMatchObject({ status: 201 });

    // Reordered, retitled, an option added at the end and a new question: accepted.
    const fine = await admin(
      '/questionnaireSave',
      questionnaire(ta_id, {
        title: 'Summit feedback (day 2)',
        questions: [
          withIds[2],
          { ...withIds[0], title: 'Your main tier?', options: ['Flash', 'Disk', 'Tape', 'Cloud'] },
          withIds[1],
          { kind: 'text', title: 'Anything else?', required: false, options: [] },
        ],
      }),
      organiser,
    );
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.questions.map((x: { title: string }) => x.title)).toEqual([
      'What should we improve?',
      'Your main tier?',
      'Which protocols?',
      'Anything else?',
    ]);
    const audits = await db()
      .selectFrom('audit_log')
      .select('before_json')
      .where('action', '=', 'event.updateQuestionnaire')
      .where('target_id', '=', String(ta_id))
      .execute();
    expect(audits).toHaveLength(1);

    expect400(await admin('/questionnaireSave', questionnaire(ta_id, { title: '' }), organiser), 'title');
    expect400(
      await admin('/questionnaireSave', questionnaire(ta_id, { close_time: iso(Date.now() - 2 * DAY) }), organiser),
      'close_time',
    );
    expect400(
      await admin(
        '/questionnaireSave',
        questionnaire(ta_id, {
          questions: [{ kind: 'single', title: 'One option', required: true, options: ['Only'] }],
        }),
        organiser,
      ),
      'questions.0.options',
    );
  });

  it('counts the results per option, lists text answers and exports every answer as .xlsx', async () => {
    const { ta_id, q } = await eventWithQuestionnaire();
    const [single, multiple, text] = q.questions.map((x) => x.question_id);
    const a = await signedUp('Q Alice', ta_id);
    const b = await signedUp('Q Bob', ta_id);
    expect((await api('/questionnaireAnswer', { ta_id, answers: goodAnswers(q) }, a)).statusCode).toBe(200);
    const bAnswers = { [single!]: { choices: ['Tape'] }, [multiple!]: { choices: ['S3'] } };
    expect((await api('/questionnaireAnswer', { ta_id, answers: bAnswers }, b)).statusCode).toBe(200);

    const results = (await admin('/questionnaireResults', { ta_id }, organiser)).json().data;
    expect(results.answer_count).toBe(2);
    const [r1, r2, r3] = results.questions;
    expect(r1).toMatchObject({
      respondents: 2,
      options: [
        { label: 'Flash', count: 1 },
        { label: 'Disk', count: 0 },
        { label: 'Tape', count: 1 },
      ],
    });
    expect(r2.options).toEqual([
      { label: 'NFS', count: 1 },
      { label: 'S3', count: 2 },
      { label: 'iSCSI', count: 0 },
    ]);
    expect(r3).toMatchObject({
      question_id: text,
      respondents: 1,
      texts: [{ text: 'More tape talks', user_nick_name: 'Q Alice' }],
    });

    const res = await admin('/questionnaireExport', { ta_id }, organiser);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(3);
    expect(rows[0]!.slice(1)).toEqual([
      'Member',
      'Email',
      'Submitted',
      'Which tier do you run?',
      'Which protocols?',
      'What should we improve?',
    ]);
    expect(rows[1]!.slice(1)).toEqual([
      'Q Alice',
      expect.any(String),
      expect.any(String),
      'Flash',
      'NFS; S3',
      'More tape talks',
    ]);
    expect(rows[2]![1]).toBe('Q Bob');
    expect(rows[2]!.slice(4, 6)).toEqual(['Tape', 'S3']);
    const audits = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'event.exportQuestionnaire')
      .where('target_id', '=', String(ta_id))
      .execute();
    expect(audits).toHaveLength(1);
  });
});
