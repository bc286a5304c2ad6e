import type { CallBody } from '@portal/contracts/call';
import { postInfo } from '@portal/contracts/discussions';
import { moderationPosts, moderationReports, type PostFlag, type ReportStatus } from '@portal/contracts/moderation';
import type { Site } from '@portal/contracts/sites';
import { useCallPages, useInvalidateCalls } from '~/lib/query/use-call';

export interface PostFilters {
  board: number | null;
  flag: PostFlag | null;
  reported: boolean;
}

export interface ReportFilters {
  board: number | null;
  status: ReportStatus;
}

const PAGE = 20;

function postsBody(f: PostFilters): CallBody<typeof moderationPosts> {
  return {
    ...(f.board !== null ? { board_id: f.board } : {}),
    ...(f.flag !== null ? { flag: f.flag } : {}),
    ...(f.reported ? { reported: true } : {}),
    page_size: PAGE,
  };
}

/** The zone's posts with "load more" (keyset). */
export function useZonePosts(site: Site, filters: PostFilters) {
  return useCallPages(moderationPosts, postsBody(filters), { site });
}

/** The zone's reports with "load more" (keyset). */
export function useZoneReports(site: Site, filters: ReportFilters) {
  const body: CallBody<typeof moderationReports> = {
    ...(filters.board !== null ? { board_id: filters.board } : {}),
    status: filters.status,
    page_size: PAGE,
  };
  return useCallPages(moderationReports, body, { site });
}

/** After a moderator action: the zone's lists and the post's own page show the new state. */
export function useRefreshAfterModeration() {
  const invalidate = useInvalidateCalls();
  return () => invalidate([moderationPosts, moderationReports, postInfo]);
}
