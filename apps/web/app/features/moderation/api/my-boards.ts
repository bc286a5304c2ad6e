import { useQuery } from '@tanstack/react-query';
import { moderationMyBoards } from '@portal/contracts/moderation';
import type { Site } from '@portal/contracts/sites';
import { callQuery } from '~/lib/query/call-query';
import { useShell } from '~/lib/shell';

// Apart from the zone's lists: the post page asks it to decide whether to load the moderator's menu.

/** The boards the signed-in member moderates on the site (every board for admins). */
export const myBoardsQuery = (site: Site) => callQuery(moderationMyBoards, site, {});

/** My boards, asked only for a signed-in member; a visitor moderates nothing. */
export function useMyBoards() {
  const { site, user } = useShell();
  return useQuery({ ...myBoardsQuery(site), enabled: user !== null, staleTime: 60_000 });
}

/** Whether the signed-in member may moderate a post of `boardId` (null: only admins). */
export function useMayModerate(boardId: number | null): boolean {
  const { data } = useMyBoards();
  if (!data) return false;
  if (data.all_boards) return true;
  return boardId !== null && data.list.some((b) => b.board_id === boardId);
}
