import { redirect } from 'react-router';
import { ComingSoon } from '~/components/ComingSoon';
import { routeMeta } from '~/lib/route-meta';
import { CHALLENGE_TASK_KINDS } from '~/pages';
import type { Route } from './+types/challenge-task';

/** `/challenge/{kind}/…` exists only for the task kinds of spec 2; anything else is unmatched. */
export function loader({ params }: Route.LoaderArgs) {
  if (!(CHALLENGE_TASK_KINDS as readonly string[]).includes(params.kind)) throw redirect('/', 302);
  return null;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function ChallengeTask() {
  return <ComingSoon titleKey="challenge" />;
}
