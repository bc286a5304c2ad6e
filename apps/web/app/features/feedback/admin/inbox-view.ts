import { FEEDBACK_RULE, FEEDBACK_STATUS, type FeedbackStatus } from '@portal/contracts/feedback';

/** The inbox's status tabs, in order; `new` is where a busy inbox starts. */
export const INBOX_TABS = ['new', 'handled', 'all'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

/** Query parameters of the inbox's URL (beside the frame's `?site=`), so a view can be shared. */
export const STATUS_PARAM = 'status';
export const KEYWORD_PARAM = 'q';

export interface InboxView {
  tab: InboxTab;
  keyword: string;
}

/** The view a URL asks for; an unknown status is the default tab, a keyword is cut to the call's limit. */
export function viewFromSearch(params: URLSearchParams): InboxView {
  const status = params.get(STATUS_PARAM);
  const tab = (INBOX_TABS as readonly string[]).includes(status ?? '') ? (status as InboxTab) : 'new';
  const keyword = Array.from((params.get(KEYWORD_PARAM) ?? '').trim())
    .slice(0, FEEDBACK_RULE.keywordMax)
    .join('')
    .trim();
  return { tab, keyword };
}

/** `search` with the view set and every other parameter (the managed site) kept. */
export function searchWithView(search: URLSearchParams, view: InboxView): URLSearchParams {
  const next = new URLSearchParams(search);
  if (view.tab === 'new') next.delete(STATUS_PARAM);
  else next.set(STATUS_PARAM, view.tab);
  if (view.keyword) next.set(KEYWORD_PARAM, view.keyword);
  else next.delete(KEYWORD_PARAM);
  return next;
}

const TAB_STATUS: Record<InboxTab, FeedbackStatus | undefined> = {
  new: FEEDBACK_STATUS.new,
  handled: FEEDBACK_STATUS.handled,
  all: undefined,
};

/** The list call's filter for a view (without the cursor). */
export function listBody(view: InboxView, pageSize: number) {
  const status = TAB_STATUS[view.tab];
  return {
    ...(status === undefined ? {} : { tufb_status: status }),
    ...(view.keyword ? { keyword: view.keyword } : {}),
    page_size: pageSize,
  };
}

/** How much of a long feedback the table shows before "show all". */
export const CLIP = { chars: 160, lines: 4 } as const;

/**
 * The start of a feedback for the table: at most `lines` lines and `chars` characters (whole code
 * points, so an emoji is never cut in half), with an ellipsis when something was left out.
 */
export function clipText(text: string, limits: { chars: number; lines: number } = CLIP) {
  const byLines = text.split('\n').slice(0, limits.lines).join('\n');
  const points = Array.from(byLines);
  const short = points.length > limits.chars ? points.slice(0, limits.chars).join('') : byLines;
  if (short === text) return { text, clipped: false };
  return { text: `${short.trimEnd()}…`, clipped: true };
}
