// Members made the way people make them: through the portal's real calls, with the code the server
// keeps in its outbox (MAIL_OUTBOX=true).
/* global fetch */
import { API_HEADERS } from './measure.mjs';

const ZH = '/api/protal/api';

/** POSTs an API call as the browser does; throws unless the envelope says 200. */
export async function apiCall(base, apiPath, body, cookie) {
  const res = await fetch(base + apiPath, {
    method: 'POST',
    headers: { ...API_HEADERS, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.status !== 200) throw new Error(`${apiPath} answered ${res.status} ${JSON.stringify(json)}`);
  return { json, setCookie: res.headers.get('set-cookie') };
}

/**
 * Registers a member (sendCode, the outbox's code, register) and, given `profile`
 * (saveInformation's body), completes the profile that publishing asks for. Answers the member's
 * id and session cookie.
 */
export async function registerMember(base, { email, nickName, password, profile }) {
  await apiCall(base, `${ZH}/user/sendCode`, { channel: 'email', target: email, purpose: 'register' });
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const code = outbox.data?.list?.[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${email}`);
  const registered = await apiCall(base, `${ZH}/user/register`, {
    channel: 'email',
    target: email,
    user_nick_name: nickName,
    password,
    code,
    agree: true,
  });
  const cookie = /^([^=;\s]+=[^;]*)/.exec(registered.setCookie ?? '')?.[1];
  if (!cookie) throw new Error('register set no session cookie');
  if (profile) await apiCall(base, `${ZH}/user/saveInformation`, profile, cookie);
  return { id: registered.json.data.user_id, email, cookie };
}

/** `--as=member` (a signed-in member's session cookie on every page request) or the default visitor. */
export function viewerArg(args) {
  const as = args.as ?? 'visitor';
  if (as !== 'visitor' && as !== 'member') throw new Error(`--as must be visitor or member, not ${as}`);
  return as;
}

/**
 * The page requests' headers of a viewer: none for a visitor; for a member, the session cookie of a
 * member with a completed profile (pages send one without it to the information form), in the
 * industry `industryId` of the demo dictionaries.
 */
export async function viewerHeaders(as, base, industryId) {
  if (as !== 'member') return {};
  const email = 'bench-reader@bench.example.com';
  const member = await registerMember(base, {
    email,
    nickName: 'BenchReader',
    password: 'bench password 123',
    profile: {
      user_name: 'Bench Reader',
      user_company: 'Bench Storage',
      user_job_title: 'Engineer',
      user_industry: industryId,
      user_contact_mobile: '13800138000',
      user_contact_email: email,
    },
  });
  return { cookie: member.cookie };
}
